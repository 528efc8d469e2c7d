//! Printing analyses: the explanation for people, one JSON object for programs.

use std::io::Write;

use anyhow::Result;
use grundy::nim::{Outcome, Play};
use grundy::nimber::high_bit;
use grundy::sum::{Analysis, Component, Position};
use serde::Serialize;

/// The JSON object of `nim` and `analyze`. `outcome`, `grundy` and
/// `winning_moves` are a contract; the other fields may grow.
#[derive(Serialize)]
struct AnalysisJson<'a> {
    outcome: Outcome,
    grundy: Option<u64>,
    winning_moves: Vec<MoveJson<'a>>,
    winning_moves_truncated: bool,
    play: Play,
    terms: Vec<TermJson<'a>>,
    heaps: &'a [grundy::sum::HeapEntry],
}

#[derive(Serialize)]
struct MoveJson<'a> {
    heap: usize,
    from: u64,
    to: &'a [u64],
}

#[derive(Serialize)]
struct TermJson<'a> {
    name: &'a str,
    value: Option<u64>,
}

/// Prints an analysis, as JSON or as an explanation.
pub fn analysis(position: &Position, a: &Analysis, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        let obj = AnalysisJson {
            outcome: a.outcome,
            grundy: a.grundy,
            winning_moves: a
                .winning_moves
                .iter()
                .map(|m| MoveJson {
                    heap: m.heap,
                    from: m.from,
                    to: &m.to,
                })
                .collect(),
            winning_moves_truncated: a.truncated,
            play: a.play,
            terms: position
                .terms
                .iter()
                .zip(&a.term_values)
                .map(|(t, &value)| TermJson {
                    name: &t.name,
                    value,
                })
                .collect(),
            heaps: &a.heaps,
        };
        writeln!(out, "{}", serde_json::to_string(&obj)?)?;
        return Ok(());
    }
    write!(out, "{}", explain(position, a))?;
    Ok(())
}

/// The human explanation: the binary column table, the reason for the
/// outcome, and every winning move in words.
pub fn explain(position: &Position, a: &Analysis) -> String {
    let mut s = String::new();
    let total = a.term_values.iter().flatten().fold(0, |x, v| x ^ v);
    // Rows: (label, size shown, value).
    let mut rows: Vec<(String, String, u64)> = Vec::new();
    for (t, term) in position.terms.iter().enumerate() {
        match &term.component {
            Component::Heaps { .. } => {
                for (i, h) in a.heaps.iter().enumerate().filter(|(_, h)| h.term == t) {
                    rows.push((
                        format!("heap {} ({})", i + 1, term.name),
                        h.size.to_string(),
                        h.value.unwrap_or(0),
                    ));
                }
            }
            Component::Staircase(st) => {
                let gaps: Vec<String> = st.gaps().iter().map(u64::to_string).collect();
                rows.push((
                    "stairs (gaps ".to_string() + &gaps.join(",") + ")",
                    format!("{:?}", st.steps()),
                    a.term_values[t].unwrap_or(0),
                ));
            }
        }
    }
    let bits = rows
        .iter()
        .map(|r| r.2)
        .chain([total])
        .map(|v| high_bit(v).map_or(1, |b| b as usize + 1))
        .max()
        .unwrap_or(1);
    let label_w = rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(4)
        .max(7);
    let size_w = rows.iter().map(|r| r.1.len()).max().unwrap_or(4).max(4);
    let val_w = rows
        .iter()
        .map(|r| r.2.to_string().len())
        .max()
        .unwrap_or(1)
        .max(5);
    s += &format!(
        "{:<label_w$}  {:>size_w$}  {:>val_w$}  {:>bits$}\n",
        "", "size", "value", "binary"
    );
    for (label, size, v) in &rows {
        s += &format!("{label:<label_w$}  {size:>size_w$}  {v:>val_w$}  {v:>0bits$b}\n");
    }
    s += &format!(
        "{:<label_w$}  {:>size_w$}  {:>val_w$}  {}\n",
        "",
        "",
        "",
        "-".repeat(bits)
    );
    s += &format!(
        "{:<label_w$}  {:>size_w$}  {total:>val_w$}  {total:>0bits$b}\n\n",
        "nim-sum", ""
    );
    s += &reason(position, a, total);
    if !a.winning_moves.is_empty() {
        s += &format!(
            "\nWinning moves ({}{}):\n",
            a.winning_moves.len(),
            if a.truncated {
                ", list cut short; see --max-moves"
            } else {
                ""
            }
        );
        for m in &a.winning_moves {
            s += &format!("  {}\n", m.words);
        }
    }
    s
}

fn reason(position: &Position, a: &Analysis, total: u64) -> String {
    let verdict = match a.outcome {
        Outcome::N => "the player to move wins (an N-position)",
        Outcome::P => "the player to move loses (a P-position)",
    };
    match a.play {
        Play::Normal if total == 0 => format!(
            "The nim-sum is 0, so {verdict}: every move changes exactly one\n\
             component's value and so makes the nim-sum non-zero, and the opponent\n\
             can always answer with a move back to 0.\n"
        ),
        Play::Normal => {
            let bit = high_bit(total).unwrap_or(0);
            let how = if position.is_nim() {
                format!(
                    "a heap h with bit {bit} set (value {}) is lowered to h ⊕ {total}",
                    1u64 << bit
                )
            } else {
                format!(
                    "a component of value g is moved to one of value g ⊕ {total}\n\
                     (a component whose value has bit {bit} set always can; others may too)"
                )
            };
            format!(
                "The nim-sum is {total}, not 0, so {verdict}.\n\
                 A winning move makes the nim-sum 0: {how}.\n"
            )
        }
        Play::Misere if position.is_nim() => {
            let sizes: Vec<u64> = a.heaps.iter().map(|h| h.size).collect();
            let ones = sizes.iter().filter(|&&h| h == 1).count();
            if sizes.iter().any(|&h| h >= 2) {
                format!(
                    "Misère Nim with a heap of 2 or more: play as in normal Nim (nim-sum {total}),\n\
                     except that the move which would leave only heaps of 0 and 1 must leave an\n\
                     odd number of 1-heaps. So {verdict}.\n"
                )
            } else {
                format!(
                    "Misère Nim with only heaps of 0 and 1: the player to move wins exactly when\n\
                     the number of 1-heaps is even; here it is {ones}, so {verdict}.\n"
                )
            }
        }
        Play::Misere => format!(
            "Misère play has no nim-sum rule for this sum; the misère quotient of its heap\n\
             rule (or, for other sums, exhaustive search) shows that {verdict}.\n"
        ),
    }
}
