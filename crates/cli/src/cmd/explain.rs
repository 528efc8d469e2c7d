//! `grundy explain EXPR`: the step-by-step account of a position — each
//! part's Grundy value (with the mex over its options for small heaps), the
//! binary column table of the nim-sum, who wins and why, and how the winning
//! move is derived from the highest set bit of the nim-sum. The engine's
//! [`grundy::explain`] computes it all; this module puts it into words.

use std::io::Write;

use anyhow::Result;
use grundy::explain::{explain, Explanation, MisereCase, RowKind};
use grundy::expr::parse_position;
use grundy::heap::Rule;
use grundy::nim::{Outcome, Play};
use grundy::nimber::high_bit;
use grundy::sum::Position;

use crate::ui::{self, Item, Ui};

/// Explain a position step by step: Grundy values by mex, the nim-sum in
/// binary columns, and how the winning move is found.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  grundy explain \"nim(3,4,5)\"\n  grundy explain \"kayles(4) + nim(2)\"\n  grundy explain --misere \"nim(1,1,2)\""
)]
pub struct Args {
    #[command(flatten)]
    source: super::ExprSource,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Plain ASCII without colour, even on a terminal.
    #[arg(long)]
    plain: bool,
    /// Print the account as one JSON object (see `explain_json`).
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let position = parse_position(&args.source.text()?)?;
    let play = Play::from_misere(args.misere);
    let e = explain(&position, play)?;
    if args.json {
        let json = crate::explain_json::explanation_json(&position, &e);
        writeln!(std::io::stdout().lock(), "{json}")?;
        return Ok(());
    }
    let ui = Ui::detect(args.plain);
    let text = account(&ui, &position, &e);
    let mut out = std::io::stdout().lock();
    write!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

/// The label of a row: "heap 2 (kayles)" or "staircase".
fn label(position: &Position, kind: &RowKind, name: &str) -> String {
    match kind {
        RowKind::Heap { flat, .. } => match ui::items(position).get(*flat) {
            Some(Item::Heap { number, .. }) => format!("heap {number} ({name})"),
            _ => format!("heap ? ({name})"),
        },
        RowKind::Staircase { .. } => "staircase".to_string(),
    }
}

fn list(values: impl IntoIterator<Item = u64>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The whole account as text (Unicode; [`Ui::text`] makes it ASCII).
pub fn account(ui: &Ui, position: &Position, e: &Explanation) -> String {
    let mut s = String::new();
    let rule = match e.play {
        Play::Normal => "normal play: whoever makes the last move wins",
        Play::Misere => "misère play: whoever makes the last move loses",
    };
    s += &format!(
        "{} ({rule})\n\n",
        ui.bold(&format!("Position: {}", written(position)))
    );

    // Step 1: every part's value.
    s += &format!(
        "{}\n",
        ui.bold("Step 1. The Grundy value of each part: the mex (least value not among them) of the values of its options.")
    );
    for row in &e.rows {
        let name = label(position, &row.kind, &row.name);
        match &row.kind {
            RowKind::Heap {
                size, rule, mex, ..
            } => {
                let how = match (rule, mex) {
                    (Rule::Nim, Some(step)) => format!(
                        "it can be left as {}, so G = mex{{{}}} = {}",
                        if *size == 0 {
                            "nothing else".to_string()
                        } else {
                            list(0..*size)
                        },
                        list(step.values.iter().copied()),
                        row.value
                    ),
                    (Rule::Nim, None) => {
                        format!("a Nim heap's value is its size: G = {}", row.value)
                    }
                    (_, Some(step)) if step.options.is_empty() => {
                        format!("no move at all, so G = mex{{}} = {}", row.value)
                    }
                    (_, Some(step)) => {
                        let options: Vec<String> = step
                            .options
                            .iter()
                            .map(|(m, v)| {
                                let left = if m.leaves.is_empty() {
                                    "nothing".to_string()
                                } else {
                                    m.leaves
                                        .iter()
                                        .map(u64::to_string)
                                        .collect::<Vec<_>>()
                                        .join("+")
                                };
                                format!("{left} ({v})")
                            })
                            .collect();
                        format!(
                            "its moves leave {} — values {{{}}}, so G = mex = {}",
                            options.join(", "),
                            list(step.values.iter().copied()),
                            row.value
                        )
                    }
                    (_, None) => format!(
                        "G({size}) = {} (from the nim-sequence of {rule})",
                        row.value
                    ),
                };
                s += &format!("  {name}, size {size}: {how}.\n");
            }
            RowKind::Staircase { steps, gaps, .. } => {
                let even: Vec<u64> = gaps.iter().copied().step_by(2).collect();
                s += &format!(
                    "  {name}, monks on steps {}: the empty steps above each monk are {}; \
                     the even-indexed gaps ({}) behave as Nim heaps, so G = {}{}.\n",
                    list(steps.iter().copied()),
                    if gaps.is_empty() {
                        "none".to_string()
                    } else {
                        list(gaps.iter().copied())
                    },
                    if even.is_empty() {
                        "none".to_string()
                    } else {
                        list(even.iter().copied())
                    },
                    if even.len() <= 1 {
                        String::new()
                    } else {
                        even.iter()
                            .map(u64::to_string)
                            .collect::<Vec<_>>()
                            .join(" ⊕ ")
                            + " = "
                    },
                    row.value
                );
            }
        }
    }

    // Step 2: the binary column table.
    s += &format!(
        "\n{}\n",
        ui.bold("Step 2. The nim-sum: write the values in binary and xor each column (a column gives 1 when it holds an odd number of 1s).")
    );
    let bits = e
        .rows
        .iter()
        .map(|r| r.value)
        .chain([e.nim_sum])
        .map(|v| high_bit(v).map_or(1, |b| b as usize + 1))
        .max()
        .unwrap_or(1);
    let labels: Vec<String> = e
        .rows
        .iter()
        .map(|r| label(position, &r.kind, &r.name))
        .collect();
    let lw = labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .max(7);
    let vw = e
        .rows
        .iter()
        .map(|r| r.value.to_string().len())
        .chain([e.nim_sum.to_string().len()])
        .max()
        .unwrap_or(1)
        .max(5);
    let bw = bits.max(6);
    s += &format!("  {:<lw$}  {:>vw$}  {:>bw$}\n", "", "value", "binary");
    for (row, l) in e.rows.iter().zip(&labels) {
        let v = row.value;
        s += &format!("  {l:<lw$}  {v:>vw$}  {:>bw$}\n", format!("{v:0bits$b}"));
    }
    s += &format!("  {:<lw$}  {:>vw$}  {:>bw$}\n", "", "", "-".repeat(bits));
    let total = e.nim_sum;
    s += &format!(
        "  {:<lw$}  {total:>vw$}  {:>bw$}\n",
        "nim-sum",
        format!("{total:0bits$b}")
    );

    // Step 3: the verdict.
    s += &format!("\n{}\n", ui.bold("Step 3. Who wins."));
    let verdict = match e.outcome {
        Outcome::N => ui.good("the player to move wins (an N-position)"),
        Outcome::P => ui.bad("the player to move loses (a P-position)"),
    };
    match (e.play, &e.misere) {
        (Play::Normal, _) if total == 0 => {
            s += &format!(
                "  The nim-sum is 0, so {verdict}.\n  Why: a move changes exactly one value v into some v' ≠ v, so the nim-sum becomes\n  v ⊕ v' ≠ 0; and from a non-zero nim-sum the opponent can always move back to 0.\n  The player facing 0 is the one who finally has no move.\n"
            );
        }
        (Play::Normal, _) => {
            s += &format!(
                "  The nim-sum is {total} ≠ 0, so {verdict}: there is a move that makes it 0 (step 4),\n  and from 0 every move makes it non-zero again.\n"
            );
        }
        (Play::Misere, Some(MisereCase::Nim { big, ones })) => {
            if *big == 0 {
                s += &format!(
                    "  Misère Nim with only heaps of 0 and 1: the players simply take them one by one, and\n  whoever takes the last loses. With {ones} heap(s) of 1 ({}), {verdict}.\n",
                    if ones % 2 == 0 { "even" } else { "odd" }
                );
            } else {
                s += &format!(
                    "  Misère Nim with {big} heap(s) of 2 or more: play exactly as in normal Nim (nim-sum {total}),\n  except for the move that would leave only heaps of 0 and 1: that move must leave an ODD\n  number of 1-heaps, so that the opponent takes the last token. So {verdict}.\n"
                );
            }
        }
        (Play::Misere, _) => {
            s += &format!(
                "  Misère play has no nim-sum rule for this sum (the values above are for normal play);\n  an exhaustive search of the game tree shows that {verdict}.\n"
            );
        }
    }

    // Step 4: the winning move.
    s += &format!("\n{}\n", ui.bold("Step 4. The winning move."));
    if let Some(d) = &e.derivation {
        let bit_value = 1u64 << d.bit;
        let row = &e.rows[d.row];
        let name = label(position, &row.kind, &row.name);
        s += &format!(
            "  The highest 1 of the nim-sum {total} = {total:0bits$b} is bit {} (worth {bit_value}).\n",
            d.bit
        );
        let others: Vec<String> = d
            .holders
            .iter()
            .skip(1)
            .map(|&i| label(position, &e.rows[i].kind, &e.rows[i].name))
            .collect();
        s += &format!(
            "  {name} has that bit set in its value {} = {:0bits$b}{}.\n",
            d.from_value,
            d.from_value,
            if others.is_empty() {
                String::new()
            } else {
                format!(" (so do {})", others.join(", "))
            }
        );
        s += &format!(
            "  So {g} ⊕ {total} = {t} < {g}: moving it to value {t} changes that bit and every lower one\n  exactly where the nim-sum has a 1, and the nim-sum becomes 0.\n",
            g = d.from_value,
            t = d.to_value
        );
        if let RowKind::Heap {
            size,
            rule: Rule::Nim,
            ..
        } = &row.kind
        {
            s += &format!(
                "  For a Nim heap that means: take {size} − {t} = {} tokens, leaving {t}.\n",
                size - d.to_value,
                t = d.to_value
            );
        }
        for mv in &d.moves {
            s += &format!(
                "    `{}`  {}\n",
                ui::notation(position, mv),
                ui::words(position, mv)
            );
        }
    } else if e.outcome == Outcome::P {
        s += "  There is none: every move leaves the opponent a winning position.\n";
    }
    if let Some(MisereCase::Nim { big, ones }) = e.misere {
        s += &match big {
            0 if ones % 2 == 0 && ones > 0 => {
                "  Only heaps of 1 are left and their number is even: take one, leaving an odd number.\n"
                    .to_string()
            }
            0 => "  Only heaps of 1 are left and their number is odd: every move leaves an even number, a loss.\n"
                .to_string(),
            1 => format!(
                "  Exactly one heap has 2 or more, so this is the endgame move: shrink it to {} so that an\n  odd number of 1-heaps is left ({} other heap(s) of 1 now).\n",
                if ones % 2 == 1 { 0 } else { 1 },
                ones
            ),
            _ => "  Two or more heaps have 2 or more, so no single move can leave only small heaps: the winning\n  moves are those of normal Nim, which make the nim-sum 0.\n"
                .to_string(),
        };
    }
    if e.play == Play::Misere || e.winning_moves.len() > 1 {
        if e.winning_moves.is_empty() {
            if e.play == Play::Misere && e.outcome == Outcome::N {
                s += "  The player to move has no move at all, and under misère play that is a win.\n";
            }
        } else {
            s += &format!(
                "  All winning moves ({}{}):\n",
                e.winning_moves.len(),
                if e.truncated { ", list cut short" } else { "" }
            );
            for mv in &e.winning_moves {
                s += &format!(
                    "    `{}`  {}\n",
                    ui::notation(position, mv),
                    ui::words(position, mv)
                );
            }
        }
    }
    s += &format!(
        "\n{}\n",
        ui.dim("Moves are written in the notation of `grundy play` (`H K` takes K from heap H; `H = A B` leaves heaps A and B; `A B` walks the monk on step A to step B).")
    );
    ui.text(&s)
}

/// The position as written, normalised.
fn written(position: &Position) -> String {
    position
        .terms
        .iter()
        .map(|t| {
            let sizes: Vec<u64> = match &t.component {
                grundy::sum::Component::Heaps { heaps, .. } => heaps.clone(),
                grundy::sum::Component::Staircase(st) => st.steps().to_vec(),
            };
            format!("{}({})", t.name, list(sizes))
        })
        .collect::<Vec<_>>()
        .join(" + ")
}
