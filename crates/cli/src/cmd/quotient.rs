//! `grundy quotient CODE [--to N]`: the misère quotient of a heap game on
//! the heaps `0..=N`, proved, with its pretending function and, where the
//! periodicity theorem applies, the period of the pretending function.

use std::io::{IsTerminal, Write};

use anyhow::Result;
use grundy::games::heap::parse_rule;
use grundy::period::Proof;
use grundy::quotient::{generator_name, write_word, Quotient, QuotientLimits};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use super::parse_count;

/// The misère quotient of a take-and-break code or subtraction set.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule: a code such as 0.75 or 0.07 (kayles, dawson), or sub{…}.
    rule: String,
    /// The largest heap: the quotient Q_N of the heaps 0..=N.
    #[arg(long, value_parser = parse_count, value_name = "N", default_value_t = 30)]
    to: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// The most elements the quotient may have before the run stops.
    #[arg(long, value_name = "K", default_value_t = QuotientLimits::default().max_order)]
    max_order: usize,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rule = parse_rule(&args.rule)?;
    let limits = QuotientLimits {
        max_order: args.max_order,
        ..QuotientLimits::default()
    };
    let bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(args.to);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} heap {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    });
    let result = Quotient::compute_with(&rule, args.to, false, limits, |p| {
        if let Some(bar) = &bar {
            bar.set_position(p.heap);
            bar.set_message(format!("order {}", p.order));
        }
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let q = result?;
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&to_json(&q))?)?;
    } else {
        write_text(&mut out, &q)?;
    }
    Ok(())
}

fn relations(q: &Quotient) -> Vec<String> {
    q.relations()
        .iter()
        .map(|r| format!("{} = {}", write_word(&r.lhs), write_word(&r.rhs)))
        .collect()
}

fn to_json(q: &Quotient) -> serde_json::Value {
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

fn write_text(out: &mut impl Write, q: &Quotient) -> Result<()> {
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
    Ok(())
}
