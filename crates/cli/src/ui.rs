//! Terminal presentation shared by `play` and `explain`: colour and Unicode
//! when stdout is a terminal, plain ASCII otherwise; heap and monk labels;
//! moves in words and in the notation typed at the `play` prompt.

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};
use grundy::heap::{Move, Rule};
use grundy::sum::{Component, Position, SumMove};

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

/// What a flat index of a position (see [`SumMove::heap`]) stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A heap: its number as the player sees it (1-based, heaps only, in the
    /// order written), its term and size.
    Heap {
        number: usize,
        term: usize,
        size: u64,
    },
    /// A monk of a staircase term, on `step`.
    Monk { term: usize, step: u64 },
}

/// Every flat index of `position`, labelled.
pub fn items(position: &Position) -> Vec<Item> {
    let mut out = Vec::new();
    let mut number = 0;
    for (t, term) in position.terms.iter().enumerate() {
        match &term.component {
            Component::Heaps { heaps, .. } => {
                for &size in heaps {
                    number += 1;
                    out.push(Item::Heap {
                        number,
                        term: t,
                        size,
                    });
                }
            }
            Component::Staircase(s) => {
                out.extend(s.steps().iter().map(|&step| Item::Monk { term: t, step }));
            }
        }
    }
    out
}

/// Whether the position has any heap (as opposed to only staircases).
pub fn has_heaps(position: &Position) -> bool {
    position
        .terms
        .iter()
        .any(|t| matches!(t.component, Component::Heaps { .. }))
}

/// The rule of the heap at flat index `flat`, if it is a heap.
pub fn rule_of(position: &Position, flat: usize) -> Option<&Rule> {
    match items(position).get(flat)? {
        Item::Heap { term, .. } => match &position.terms[*term].component {
            Component::Heaps { rule, .. } => Some(rule),
            Component::Staircase(_) => None,
        },
        Item::Monk { .. } => None,
    }
}

/// The move as it is typed at the `play` prompt: `H K` (take K from heap H),
/// `H = A B` (heap H leaves heaps A and B), `A B` or `s A B` (the monk on
/// step A walks up to step B).
pub fn notation(position: &Position, mv: &SumMove) -> String {
    match items(position).get(mv.heap) {
        Some(Item::Heap { number, size, .. }) => {
            let left: u64 = mv.to.iter().sum();
            let takes_only = mv.to.len() <= 1 && rule_of(position, mv.heap) != Some(&Rule::Grundys);
            if takes_only {
                format!("{number} {}", size - left)
            } else if mv.to.is_empty() {
                format!("{number} = 0")
            } else {
                let list: Vec<String> = mv.to.iter().map(u64::to_string).collect();
                format!("{number} = {}", list.join(" "))
            }
        }
        Some(Item::Monk { step, .. }) => {
            let to = mv.to.first().copied().unwrap_or(*step);
            if has_heaps(position) {
                format!("s {step} {to}")
            } else {
                format!("{step} {to}")
            }
        }
        None => "?".into(),
    }
}

/// The move in words, with the heap numbers the player sees.
pub fn words(position: &Position, mv: &SumMove) -> String {
    match items(position).get(mv.heap) {
        Some(Item::Heap { number, size, .. }) => {
            let left: u64 = mv.to.iter().sum();
            Move::new(size - left, mv.to.clone()).describe(*number, *size)
        }
        Some(Item::Monk { step, .. }) => format!(
            "move the monk on step {step} up to step {}",
            mv.to.first().copied().unwrap_or(*step)
        ),
        None => mv.words.clone(),
    }
}

/// The largest heap drawn as a row of tokens; larger ones are shown as numbers.
const DRAW_MAX: u64 = 30;
/// The highest staircase drawn step by step.
const STAIRS_MAX: u64 = 40;

/// The position drawn: one line per heap (tokens when small), one picture per
/// staircase.
pub fn draw(ui: &Ui, position: &Position) -> String {
    let mut s = String::new();
    let mut number = 0;
    let width = position
        .flat_heaps()
        .into_iter()
        .zip(items(position))
        .filter(|(_, item)| matches!(item, Item::Heap { .. }))
        .map(|((_, h), _)| if h <= DRAW_MAX { h as usize } else { 0 })
        .max()
        .unwrap_or(0);
    for term in &position.terms {
        match &term.component {
            Component::Heaps { heaps, .. } => {
                for &h in heaps {
                    number += 1;
                    let label = format!("heap {number:<2} {:<10}", term.name);
                    let row = if h == 0 {
                        format!("{}  0", " ".repeat(width))
                    } else if h <= DRAW_MAX {
                        let tokens = "●".repeat(h as usize);
                        let pad = " ".repeat(width - h as usize);
                        format!("{}{pad}  {h}", ui.tokens(&tokens))
                    } else {
                        format!("{h} tokens")
                    };
                    s += &format!("  {}  {row}\n", ui.bold(&label));
                }
            }
            Component::Staircase(st) => {
                let steps = st.steps();
                let list: Vec<String> = steps.iter().map(u64::to_string).collect();
                s += &format!(
                    "  {}  monks on steps {}\n",
                    ui.bold(&format!("{:<18}", "staircase")),
                    list.join(", ")
                );
                let top = *steps.last().expect("a staircase has monks");
                if top <= STAIRS_MAX {
                    let picture: String = (1..=top)
                        .map(|k| if steps.contains(&k) { "M" } else { "·" })
                        .collect::<Vec<_>>()
                        .join(" ");
                    s += &format!("  {:<18}  step 1 → {top}: {}\n", "", ui.tokens(&picture));
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
