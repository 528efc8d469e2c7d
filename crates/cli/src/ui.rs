//! How text is shown: colour and Unicode when stdout is a terminal, plain
//! ASCII otherwise (or when asked); and lists of numbers as the answers
//! write them.

use std::io::IsTerminal;

use anstyle::{AnsiColor, Style};

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

/// Numbers separated by commas, as the explanations list values.
pub fn list(values: impl IntoIterator<Item = u64>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
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
