//! How text is shown, decided once for every command: colour and Unicode
//! when stdout is a terminal, plain ASCII otherwise (`--plain`, `NO_COLOR`,
//! `TERM=dumb`, or output that is not a terminal); and lists of numbers as
//! the answers write them.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use anstyle::{AnsiColor, Style};

/// Whether `--plain` was given (set once, by `main`).
static PLAIN: AtomicBool = AtomicBool::new(false);

/// Records `--plain` for every [`Ui::detect`] of this run.
pub fn choose_plain(plain: bool) {
    PLAIN.store(plain, Ordering::Relaxed);
}

/// How to draw: with colour (ANSI escapes) and with Unicode symbols, or not.
#[derive(Clone, Copy, Debug)]
pub struct Ui {
    pub colour: bool,
    pub unicode: bool,
    /// The terminal's width in columns, when printing to a terminal: long
    /// lines are wrapped at spaces to fit it ([`Ui::text`]).
    pub width: Option<usize>,
}

impl Ui {
    /// The one choice every command makes: colour and Unicode when stdout
    /// is a terminal, unless `--plain` was given, `NO_COLOR` is set (and
    /// not empty) or `TERM` is `dumb`; plain ASCII otherwise.
    pub fn detect() -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
        let terminal = std::io::stdout().is_terminal();
        Ui {
            width: terminal
                .then(|| console::Term::stdout().size_checked())
                .flatten()
                .map(|(_, cols)| usize::from(cols)),
            ..Ui::choose(PLAIN.load(Ordering::Relaxed) || no_color || dumb, terminal)
        }
    }

    /// The choice behind [`Ui::detect`], from its inputs.
    pub fn choose(plain: bool, terminal: bool) -> Ui {
        let fancy = !plain && terminal;
        Ui {
            colour: fancy,
            unicode: fancy,
            width: None,
        }
    }

    /// `text` as it should be printed: Unicode symbols spelt in ASCII when
    /// Unicode is off, and on a terminal each line wrapped to its width.
    pub fn text(&self, text: &str) -> String {
        let text = if self.unicode {
            Cow::Borrowed(text)
        } else {
            ascii(text)
        };
        match self.width {
            Some(width) => wrap(&text, width),
            None => text.into_owned(),
        }
    }

    /// `out` as it should be written to: ASCII only when Unicode is off
    /// (for answers streamed rather than built as one string).
    pub fn writer<'a>(&self, out: impl Write + 'a) -> Box<dyn Write + 'a> {
        if self.unicode {
            Box::new(out)
        } else {
            Box::new(Ascii {
                inner: out,
                pending: Vec::new(),
            })
        }
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

/// `text` in ASCII: each symbol the answers use spelt out (`→` as `->`,
/// `⊕` as `xor`, `≤` as `<=`, …), any other non-ASCII character as `?`.
pub fn ascii(text: &str) -> Cow<'_, str> {
    if text.is_ascii() {
        return Cow::Borrowed(text);
    }
    // The empty set of finite followers reads as empty parentheses.
    let text = text.replace("∞(∅)", "inf()");
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            c if c.is_ascii() => out.push(c),
            '→' | '↦' => out.push_str("->"),
            '⊕' => out.push_str("xor"),
            '⊗' => out.push_str("(x)"),
            '⊘' => out.push_str("(/)"),
            '×' => out.push('x'),
            '—' => out.push_str("--"),
            '–' | '−' => out.push('-'),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            '≠' => out.push_str("!="),
            '≈' => out.push('~'),
            '∈' => out.push_str(" in "),
            'è' | 'é' => out.push('e'),
            '·' => out.push('.'),
            '●' => out.push('o'),
            '…' => out.push_str("..."),
            'Φ' => out.push_str("Phi"),
            '∞' => out.push_str("inf"),
            '∅' => out.push_str("{}"),
            'φ' => out.push_str("phi"),
            'ψ' => out.push_str("psi"),
            '√' => out.push_str("sqrt"),
            '⌊' | '⌈' => out.push('['),
            '⌋' | '⌉' => out.push(']'),
            '²' => out.push_str("^2"),
            '‘' | '’' => out.push('\''),
            '“' | '”' => out.push('"'),
            '\u{a0}' => out.push(' '),
            _ => out.push('?'),
        }
    }
    Cow::Owned(out)
}

/// Each line of `text` longer than `width` columns broken at spaces (never
/// inside a word), the lines it is broken into indented as it was. Colour
/// escapes take no width.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    for (k, line) in text.split('\n').enumerate() {
        if k > 0 {
            out.push('\n');
        }
        if console::measure_text_width(line) <= width {
            out.push_str(line);
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        // Continuation lines go two columns further in than the first.
        let hang = " ".repeat((indent + 2).min(width / 2));
        out.push_str(&line[..indent]);
        let mut used = indent;
        let mut has_word = false;
        for word in line[indent..].split(' ') {
            let w = console::measure_text_width(word);
            if has_word && used + 1 + w > width {
                out.push('\n');
                out.push_str(&hang);
                used = hang.len();
                has_word = false;
            }
            if has_word {
                out.push(' ');
                used += 1;
            }
            out.push_str(word);
            used += w;
            has_word = true;
        }
    }
    out
}

/// A writer passing text on in ASCII ([`ascii`]); a character split
/// between two writes waits for its end.
struct Ascii<W: Write> {
    inner: W,
    pending: Vec<u8>,
}

impl<W: Write> Write for Ascii<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        let valid = match std::str::from_utf8(&self.pending) {
            Ok(text) => text.len(),
            Err(e) => e.valid_up_to(),
        };
        let text = std::str::from_utf8(&self.pending[..valid]).unwrap_or_default();
        self.inner.write_all(ascii(text).as_bytes())?;
        self.pending.drain(..valid);
        if self.pending.len() >= 4 {
            // Not UTF-8 at all: passed on as it is.
            self.inner.write_all(&self.pending)?;
            self.pending.clear();
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_or_not_a_terminal_is_ascii() {
        let fancy = Ui::choose(false, true);
        assert!(fancy.colour && fancy.unicode);
        // --plain, NO_COLOR or TERM=dumb: neither colour nor Unicode.
        let plain = Ui::choose(true, true);
        assert!(!plain.colour && !plain.unicode);
        assert_eq!(plain.text("3 → 1, h ⊕ 2 ●"), "3 -> 1, h xor 2 o");
        assert_eq!(
            plain.text("3 ⊗ 5 = 15, 2 × 3, 1 ≤ n – 2, ∂"),
            "3 (x) 5 = 15, 2 x 3, 1 <= n - 2, ?"
        );
        // Not a terminal: plain.
        let piped = Ui::choose(false, false);
        assert!(!piped.colour && !piped.unicode);
    }

    #[test]
    fn long_lines_wrap_at_spaces_to_the_width() {
        let line = "  Hint: take 3 from heap 2, leaving 1: the nim-sum becomes 0, and every reply can be answered";
        let wrapped = wrap(line, 30);
        for l in wrapped.lines() {
            assert!(l.len() <= 30, "{l:?} in\n{wrapped}");
        }
        // Only breaks: the words are those of the line, in order.
        let words = |t: &str| t.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(line));
        assert!(
            wrapped.lines().skip(1).all(|l| l.starts_with("    ")),
            "{wrapped}"
        );
        assert_eq!(wrap("short\n\nlines", 30), "short\n\nlines");
        // A word longer than the width stands alone, unbroken.
        assert_eq!(wrap("a verylongword b", 6), "a\n  verylongword\n  b");
    }

    #[test]
    fn a_plain_writer_waits_for_a_split_character() {
        let mut out = Vec::new();
        {
            let mut w = Ui::choose(true, false).writer(&mut out);
            let bytes = "a ≤ b".as_bytes();
            w.write_all(&bytes[..3]).unwrap();
            w.write_all(&bytes[3..]).unwrap();
        }
        assert_eq!(String::from_utf8(out).unwrap(), "a <= b");
    }
}
