//! Misère quotients (`grundy quotient`): the quotient's presentation,
//! P-portion, pretending function and period, as text or one JSON object.

use std::fmt::Write;

use anyhow::Result;
use grundy::period::Proof;
use grundy::quotient::{generator_name, write_word, Quotient};
use serde_json::json;

/// The relations of the quotient's presentation, as `lhs = rhs`.
fn relations(q: &Quotient) -> Vec<String> {
    q.relations()
        .iter()
        .map(|r| format!("{} = {}", write_word(&r.lhs), write_word(&r.rhs)))
        .collect()
}

/// The JSON object of `quotient --json`.
pub fn json(q: &Quotient) -> serde_json::Value {
    let period = q.period();
    json!({
        "rule": q.rule().to_string(),
        "heaps": q.heaps(),
        "order": q.order(),
        "identity": q.identity(),
        "p_portion": q.p_portion(),
        "pretending": q.pretending(),
        "tame": q.is_tame(),
        "genus": q.genus(),
        "period": period.map(|p| p.period),
        "preperiod": period.map(|p| p.preperiod),
        "proof": period.map(|p| p.proof),
        "table": q.table(),
        "elements": (0..q.order() as u32).map(|x| q.word(x)).collect::<Vec<_>>(),
        "generators": q.generator_heaps().iter().enumerate()
            .map(|(i, h)| json!({ "name": generator_name(i), "heap": h }))
            .collect::<Vec<_>>(),
        "relations": relations(q),
    })
}

/// The text of `quotient`: the order, generators and relations, the
/// P-portion, the pretending function, the genus sequence when tame, the
/// period and its proof.
pub fn text(q: &Quotient) -> Result<String> {
    let mut text = String::new();
    let out = &mut text;
    let p = q.p_portion();
    writeln!(
        out,
        "misère quotient of {} on heaps 0..{}",
        q.rule(),
        q.heaps()
    )?;
    writeln!(out)?;
    writeln!(
        out,
        "order |Q| = {}, P-portion: {} elements",
        q.order(),
        p.len()
    )?;
    let gens: Vec<String> = q
        .generator_heaps()
        .iter()
        .enumerate()
        .map(|(i, h)| format!("{} = heap {h}", generator_name(i)))
        .collect();
    writeln!(
        out,
        "generators: {}",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    )?;
    let rels = relations(q);
    writeln!(
        out,
        "relations: {}",
        if rels.is_empty() {
            "none".into()
        } else {
            rels.join(", ")
        }
    )?;
    writeln!(
        out,
        "P = {{{}}}",
        p.iter().map(|&x| q.word(x)).collect::<Vec<_>>().join(", ")
    )?;
    writeln!(out)?;
    writeln!(out, "pretending function (heap: element):")?;
    let cells: Vec<String> = q
        .pretending()
        .iter()
        .enumerate()
        .map(|(h, &x)| format!("{h}: {}", q.word(x)))
        .collect();
    for row in cells.chunks(8) {
        writeln!(out, "  {}", row.join("  "))?;
    }
    writeln!(out)?;
    match q.genus() {
        Some(genus) => {
            writeln!(out, "tame on these heaps; genus sequence:")?;
            let cells: Vec<String> = genus
                .iter()
                .enumerate()
                .map(|(h, g)| format!("{h}: {g}"))
                .collect();
            for row in cells.chunks(8) {
                writeln!(out, "  {}", row.join("  "))?;
            }
        }
        None => writeln!(
            out,
            "wild on these heaps (not the quotient of misère Nim heaps)"
        )?,
    }
    match q.period() {
        Some(period) => {
            let (start, end) = match period.proof {
                Proof::GuySmith {
                    window_start,
                    window_end,
                } => (window_start, window_end),
                Proof::ClosedForm => (period.preperiod, period.preperiod),
            };
            writeln!(
                out,
                "period: Φ(n + {}) = Φ(n) for every n ≥ {} — proved: it holds in Q_{} for {start} ≤ n < {end} \
                 (the periodicity theorem's window), so this is the whole quotient Q({})",
                period.period,
                period.preperiod,
                q.heaps(),
                q.rule()
            )?;
        }
        None => writeln!(out, "period: not proved on these heaps")?,
    }
    writeln!(
        out,
        "proof: outcomes checked for every sum of these heaps ({} states examined)",
        q.proof_states()
    )?;
    Ok(text)
}
