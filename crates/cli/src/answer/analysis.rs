//! The analysis of a sum (`nim`, `analyze`, `/api/analyze`): for people,
//! the binary column table, the reason for the outcome and every winning
//! move; for programs, one JSON object ([`grundy::report::AnalysisReport`]).

use anyhow::Result;
use grundy::nim::{Outcome, Play};
use grundy::nimber::high_bit;
use grundy::report::AnalysisReport;
use grundy::sum::{Analysis, Position};

use crate::ui::Ui;

/// The JSON object of `nim` and `analyze`, on one line without its newline:
/// what `--json` prints and what `grundy serve` answers at `/api/analyze`.
pub fn json(position: &Position, a: &Analysis) -> Result<String> {
    Ok(serde_json::to_string(&AnalysisReport::new(position, a)?)?)
}

/// The explanation as printed: [`text`] in `ui`'s symbols.
pub fn printed(ui: &Ui, position: &Position, a: &Analysis) -> String {
    ui.text(&text(position, a))
}

/// The human explanation: the binary column table, the reason for the
/// outcome, and every winning move in words (Unicode); for a position with
/// a loopy part, its values and the moves that win or keep the draw.
pub fn text(position: &Position, a: &Analysis) -> String {
    if super::loopy::is_loopy(a) {
        return super::loopy::analysis_text(position, a);
    }
    let mut s = String::new();
    let known = a.term_values.iter().all(Option::is_some);
    let total = a.term_values.iter().flatten().fold(0, |x, v| x ^ v);
    // Rows: (label, size shown, value); a value beyond 64 bits (only ever
    // that of the one component with a move) is shown as theory gives it.
    let wide = a.wide_grundy.map(grundy::error::wide_text);
    let mut rows: Vec<(String, String, Option<u64>)> = Vec::new();
    for ((place, c), value) in position.places().into_iter().zip(&a.part_values) {
        let label = format!(
            "{} {} ({})",
            c.noun(),
            place.number,
            position.terms[place.term].name
        );
        let size = match (c.noun(), &c.heaps()[..]) {
            ("heap", [h]) => h.to_string(),
            _ => c.args(),
        };
        rows.push((label, size, *value));
    }
    if a.play == Play::Misere && !position.is_nim() {
        s += "Normal-play values (under misère play they do not decide the game):\n";
    }
    let bits = rows
        .iter()
        .map(|r| r.2.unwrap_or(0))
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
        .map(|r| r.2.map_or(1, |v| v.to_string().len()))
        .max()
        .unwrap_or(1)
        .max(5);
    s += &format!(
        "{:<label_w$}  {:>size_w$}  {:>val_w$}  {:>bits$}\n",
        "", "size", "value", "binary"
    );
    for (label, size, v) in &rows {
        match v {
            Some(v) => {
                s += &format!("{label:<label_w$}  {size:>size_w$}  {v:>val_w$}  {v:>0bits$b}\n")
            }
            None => {
                let shown = wide.as_deref().unwrap_or("?");
                s += &format!("{label:<label_w$}  {size:>size_w$}  {shown:>val_w$}\n")
            }
        }
    }
    if !known {
        s += "\n";
        s += &reason(position, a, total);
        return s + &winning_list(a);
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
    s + &winning_list(a)
}

/// "Winning moves (N):" and one line each.
fn winning_list(a: &Analysis) -> String {
    let mut s = String::new();
    if a.winning_moves.is_empty() && a.truncated {
        s += "\nWinning moves: not listed (--max-moves 0).\n";
    }
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
    if a.incomplete {
        s += INCOMPLETE;
    }
    s
}

/// The note under a list of winning moves that may miss some.
pub const INCOMPLETE: &str = "  (This list may be incomplete: the search for winning moves on a \
                              board this large is bounded, so other winning moves may exist.)\n";

fn reason(position: &Position, a: &Analysis, total: u64) -> String {
    let known = a.term_values.iter().all(Option::is_some);
    let verdict = match a.outcome {
        Outcome::N => "the player to move wins (an N-position)",
        Outcome::P => "the player to move loses (a P-position)",
        Outcome::D => "neither player can force a win: a draw (a D-position)",
    };
    match a.play {
        Play::Normal if a.wide_grundy.is_some() => format!(
            "The Grundy value of this game is {}, beyond 64 bits: its theory gives it\n\
             (no search is needed), and it is not 0, so {verdict}.\n",
            grundy::error::wide_text(a.wide_grundy.unwrap_or_default())
        ),
        Play::Normal if !known => format!(
            "The Grundy value of this game is not known from theory (only its outcome is),\n\
             so {verdict}.\n"
        ),
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
