//! Presentation shared by `play`, `explain` and the server: colour and
//! Unicode when stdout is a terminal, plain ASCII otherwise; heap and monk
//! labels; moves in words, and in the notation typed at the `play` prompt
//! (written and read back).

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};
use grundy::games::heap::number;
use grundy::sum::{Position, SumMove};

/// How to draw: with colour (ANSI escapes) and with Unicode symbols, or not.
#[derive(Clone, Copy, Debug)]
pub struct Ui {
    pub colour: bool,
    pub unicode: bool,
}

impl Ui {
    /// Colour and Unicode when stdout is a terminal and `plain` was not
    /// asked for. `NO_COLOR` (set and not empty) is taken as `plain`: no
    /// colour and no Unicode symbols; `TERM=dumb` turns colour off.
    pub fn detect(plain: bool) -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        Ui::choose(plain || no_color, dumb, std::io::stdout().is_terminal())
    }

    /// For output without colour (`nim`, `analyze`): Unicode symbols unless
    /// `plain` was asked for or `NO_COLOR` is set, terminal or not (their
    /// text output has always used them; scripts should read `--json`).
    pub fn uncoloured(plain: bool) -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        Ui {
            colour: false,
            unicode: !(plain || no_color),
        }
    }

    /// The choice behind [`Ui::detect`], from its inputs.
    pub fn choose(plain: bool, dumb_terminal: bool, terminal: bool) -> Ui {
        let fancy = !plain && terminal;
        Ui {
            colour: fancy && !dumb_terminal,
            unicode: fancy,
        }
    }

    /// `text` as it should be printed: Unicode symbols spelt in ASCII when
    /// Unicode is off.
    pub fn text(&self, text: &str) -> String {
        if self.unicode {
            return text.to_string();
        }
        text.replace('→', "->")
            .replace('⊕', "xor")
            .replace('—', "--")
            .replace('–', "-")
            .replace('≤', "<=")
            .replace('≥', ">=")
            .replace('≠', "!=")
            .replace('è', "e")
            .replace('·', ".")
            .replace('●', "o")
            .replace('…', "...")
            .replace('−', "-")
            .replace('Φ', "Phi")
            .replace("∞(∅)", "inf()")
            .replace('∞', "inf")
            .replace('∅', "{}")
    }

    fn paint(&self, style: Style, text: &str) -> String {
        let text = self.text(text);
        if self.colour {
            format!("{style}{text}{style:#}")
        } else {
            text
        }
    }

    pub fn bold(&self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }

    /// The human's side, good news.
    pub fn good(&self, text: &str) -> String {
        self.paint(AnsiColor::Green.on_default().bold(), text)
    }

    /// Errors and bad news.
    pub fn bad(&self, text: &str) -> String {
        self.paint(AnsiColor::Red.on_default().bold(), text)
    }

    /// The computer's moves.
    pub fn computer(&self, text: &str) -> String {
        self.paint(AnsiColor::Cyan.on_default(), text)
    }

    /// Tokens of a heap.
    pub fn tokens(&self, text: &str) -> String {
        self.paint(AnsiColor::Yellow.on_default(), text)
    }

    pub fn dim(&self, text: &str) -> String {
        self.paint(Style::new().dimmed(), text)
    }
}

/// The numbers the player sees for the components of a position, in the
/// order written (see [`Numbers::fresh`] for how they stay stable in play).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numbers {
    /// One number per component, in order.
    pub of: Vec<usize>,
    /// The next number never used.
    next: usize,
}

impl Numbers {
    /// 1, 2, … in the order written.
    pub fn fresh(position: &Position) -> Numbers {
        let n = position.components().count();
        Numbers {
            of: (1..=n).collect(),
            next: n + 1,
        }
    }

    /// The numbers after `mv`: the component moved keeps its number (a heap
    /// taken to nothing stays as 0); when it splits, the first piece keeps
    /// the number and the others get the next numbers never used, so no
    /// other component is ever renumbered.
    pub fn after(&self, position: &Position, mv: &SumMove) -> Numbers {
        let k = index_of(position, mv);
        let mut next = self.clone();
        let c = position.components().nth(k).expect("the move's component");
        match mv.mv.after.len() {
            0 if c.emptied().is_some() => {}
            0 => {
                next.of.remove(k);
            }
            n => {
                let mut new = vec![self.of[k]];
                for _ in 1..n {
                    new.push(next.next);
                    next.next += 1;
                }
                next.of.splice(k..=k, new);
            }
        }
        next
    }

    /// The position and the numbers after a whole every-game turn (`moves`
    /// in distinct components, checked as [`grundy::every::apply_turn`]
    /// checks them): each move played, and numbered as [`Numbers::after`],
    /// in the engine's [`grundy::every::turn_order`].
    pub fn after_turn(
        &self,
        position: &Position,
        moves: &[SumMove],
    ) -> grundy::Result<(Position, Numbers)> {
        let mut numbers = self.clone();
        let mut next = position.clone();
        for mv in grundy::every::turn_order(position, moves)? {
            numbers = numbers.after(&next, mv);
            next = next.apply(mv)?;
        }
        Ok((next, numbers))
    }

    /// Numbers carried between requests (`grundy serve`): `of` for the
    /// components of `position` and `next`, the next number never used.
    /// `None` when they do not fit: one number per component, distinct, from
    /// 1, all below `next`.
    pub fn resume(position: &Position, of: Vec<usize>, next: usize) -> Option<Numbers> {
        let mut sorted = of.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let fits = of.len() == position.components().count()
            && sorted.len() == of.len()
            && sorted.first().map_or(true, |&n| n >= 1)
            && sorted.last().map_or(true, |&n| n < next);
        fits.then_some(Numbers { of, next })
    }

    /// The next number never used.
    pub fn next(&self) -> usize {
        self.next
    }

    /// The index of the component numbered `number`.
    pub fn find(&self, number: usize) -> Option<usize> {
        self.of.iter().position(|&n| n == number)
    }
}

/// The index (0-based, over all components) of the component `mv` moves in.
pub fn index_of(position: &Position, mv: &SumMove) -> usize {
    position.terms[..mv.term]
        .iter()
        .map(|t| t.parts.len())
        .sum::<usize>()
        + mv.part
}

/// "heap 3" (the noun of the component and its number).
pub fn label(position: &Position, numbers: &Numbers, index: usize) -> String {
    let c = position.components().nth(index).expect("a component");
    format!("{} {}", c.noun(), numbers.of[index])
}

/// Whether every component is a heap.
pub fn all_heaps(position: &Position) -> bool {
    position.components().all(|c| c.noun() == "heap")
}

/// The move as it is typed at the `play` prompt: the component's number,
/// then its family's own notation (`3 2` takes 2 from heap 3, `3 = 1 4`
/// leaves heaps 1 and 4, `4 1 3` walks the monk on step 1 of staircase 4
/// to step 3).
pub fn notation(position: &Position, numbers: &Numbers, mv: &SumMove) -> String {
    let k = index_of(position, mv);
    let c = position.components().nth(k).expect("the move's component");
    format!("{} {}", numbers.of[k], c.notation(&mv.mv))
}

/// The move in words, with the numbers the player sees.
pub fn words(position: &Position, numbers: &Numbers, mv: &SumMove) -> String {
    let k = index_of(position, mv);
    let c = position.components().nth(k).expect("the move's component");
    c.describe(&mv.mv, &label(position, numbers, k))
}

/// Parses an every-game turn: one move (as [`parse_move`] reads it) in
/// every part that can move, separated by `;`.
pub fn parse_turn(
    position: &Position,
    numbers: &Numbers,
    line: &str,
) -> Result<Vec<SumMove>, String> {
    let mut moves = Vec::new();
    for piece in line.split(';').map(str::trim).filter(|p| !p.is_empty()) {
        let mv = parse_move(position, numbers, piece)?;
        if moves
            .iter()
            .any(|m: &SumMove| (m.term, m.part) == (mv.term, mv.part))
        {
            let k = index_of(position, &mv);
            return Err(format!(
                "illegal move: a turn moves in {} once, not twice",
                label(position, numbers, k)
            ));
        }
        moves.push(mv);
    }
    for (k, (place, c)) in position.places().into_iter().enumerate() {
        let moved = moves
            .iter()
            .any(|m| (m.term, m.part) == (place.term, place.part));
        if c.has_moves() && !moved {
            return Err(format!(
                "illegal move: a turn moves in every part that can move, and {} is missing \
                 (separate the moves by `;`)",
                label(position, numbers, k)
            ));
        }
    }
    Ok(moves)
}

/// Parses a move in the notation typed at the `play` prompt (and given to
/// the server), as [`notation`] writes it: a part's number, then the move as
/// its family writes it; with a single part the number may be left out.
pub fn parse_move(position: &Position, numbers: &Numbers, line: &str) -> Result<SumMove, String> {
    let line = line.trim();
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let (first, rest) = match first.split_once('=') {
        Some((a, _)) if !a.is_empty() => (a, line[a.len()..].trim_start()),
        _ => (first, rest),
    };
    if first.is_empty() {
        return Err("the line is empty".into());
    }
    let single = numbers.of.len() == 1;
    let numbered = number(first).and_then(|n| {
        let found = usize::try_from(n).ok().and_then(|n| numbers.find(n));
        let k = found.ok_or_else(|| {
            let noun = if all_heaps(position) { "heap" } else { "part" };
            let mut sorted = numbers.of.clone();
            sorted.sort_unstable();
            let list: Vec<String> = sorted.iter().map(usize::to_string).collect();
            let range = if sorted.last() == Some(&sorted.len()) {
                format!("1 to {}", sorted.len())
            } else {
                list.join(", ")
            };
            format!("there is no {noun} {n}: the {noun}s are numbered {range}")
        })?;
        position.read_move_as(k, rest, &label(position, numbers, k))
    });
    match numbered {
        // With one part, a line not starting with a number is that part's
        // move (`= 3 5`, `2-3`): its own error says best what is wrong.
        Err(_) if single => match position.read_move_as(0, line, &label(position, numbers, 0)) {
            Err(why) if number(first).is_err() => Err(why),
            whole => whole.or(numbered),
        },
        other => other,
    }
}

/// Numbers separated by commas, as the explanations list values.
pub fn list(values: impl IntoIterator<Item = u64>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The largest heap drawn as a row of tokens; when a heap is larger, every
/// heap is shown by its size alone.
const DRAW_MAX: u64 = 30;

/// The position drawn: one line per heap (a row of tokens when every heap
/// is small, and always a size column), the family's own picture for
/// everything else.
pub fn draw(ui: &Ui, position: &Position, numbers: &Numbers) -> String {
    let mut s = String::new();
    let heap_sizes: Vec<u64> = position
        .components()
        .filter(|c| c.noun() == "heap")
        .flat_map(|c| c.heaps())
        .collect();
    let tokens = heap_sizes.iter().all(|&h| h <= DRAW_MAX);
    let width = if tokens {
        heap_sizes.iter().copied().max().unwrap_or(0) as usize
    } else {
        0
    };
    let size_w = heap_sizes
        .iter()
        .map(|h| h.to_string().len())
        .max()
        .unwrap_or(1);
    for (k, (term, c)) in position
        .terms
        .iter()
        .flat_map(|t| t.parts.iter().map(move |c| (t, c)))
        .enumerate()
    {
        let number = numbers.of[k];
        match (c.noun(), &c.heaps()[..]) {
            ("heap", &[h]) => {
                let label = format!("heap {number:<2} {:<10}", term.name);
                let picture = if tokens {
                    let pad = " ".repeat(width - h as usize);
                    format!("{}{pad}  ", ui.tokens(&"●".repeat(h as usize)))
                } else {
                    String::new()
                };
                s += &format!("  {}  {picture}{h:>size_w$}\n", ui.bold(&label));
            }
            (noun, _) => {
                let label = format!("{noun} {number:<2} {}", term.name);
                for (i, line) in c.draw().iter().enumerate() {
                    let l = if i == 0 { label.as_str() } else { "" };
                    s += &format!("  {}  {}\n", ui.bold(&format!("{l:<18}")), line);
                }
            }
        }
    }
    ui.text(&s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_no_color_and_dumb_terminals() {
        let fancy = Ui::choose(false, false, true);
        assert!(fancy.colour && fancy.unicode);
        // --plain or NO_COLOR: neither colour nor Unicode.
        let plain = Ui::choose(true, false, true);
        assert!(!plain.colour && !plain.unicode);
        assert_eq!(plain.text("3 → 1, h ⊕ 2 ●"), "3 -> 1, h xor 2 o");
        // TERM=dumb: no colour.
        assert!(!Ui::choose(false, true, true).colour);
        // Not a terminal: plain.
        let piped = Ui::choose(false, false, false);
        assert!(!piped.colour && !piped.unicode);
    }
}
