//! The command-line arguments the commands share, and the number parser the
//! command line and the server share: heap sizes and counts, the position
//! to read (`EXPR`, `-` or `--file`), how the game is played (`--misere`,
//! `--every`), and the options of an analysis.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{bail, Context};
use grundy::budget::Budget;
use grundy::expr::{most_components, parse_position_within};
use grundy::mode::Mode;
use grundy::sum::{AnalyzeOptions, Position, ANALYSIS_BYTES_PER_COMPONENT};

/// Parses a heap size or count: a non-negative integer below 2^64, with a
/// clear word for negative, fractional or overflowing input.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim();
    if t.starts_with('-') {
        return Err(format!("{s:?} is negative; sizes are 0 or more"));
    }
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{s:?} is not a whole number"));
    }
    t.parse::<u64>().map_err(|_| {
        format!(
            "{s:?} is too large: the largest allowed is 2^64 - 1 = {}",
            u64::MAX
        )
    })
}

/// Where an expression comes from: the command line, `-` for stdin, or
/// `--file F` (a position of 10^5 terms does not fit on a command line).
#[derive(clap::Args, Debug, Clone)]
pub struct ExprSource {
    /// The position, e.g. "nim(3,4,5) + kayles(10)"; `-` reads it from stdin.
    #[arg(value_name = "EXPR", required_unless_present = "file")]
    pub expr: Option<String>,
    /// Read the position from FILE (`-` for stdin) instead.
    #[arg(long, value_name = "FILE", conflicts_with = "expr")]
    pub file: Option<PathBuf>,
}

/// The most bytes an expression read from a file or stdin may have.
const MAX_EXPR_BYTES: u64 = 64 << 20;

impl ExprSource {
    /// Where the position comes from, for messages: "analysing the
    /// position in FILE", or the expression (cut when long).
    pub fn describe(&self) -> String {
        match (&self.expr, &self.file) {
            (Some(e), _) if e == "-" => "analysing the position read from stdin".into(),
            (Some(e), _) if e.chars().count() > 160 => {
                let cut: String = e.chars().take(160).collect();
                format!("analysing {cut}…")
            }
            (Some(e), _) => format!("analysing {e}"),
            (None, Some(p)) if p.as_os_str() == "-" => {
                "analysing the position read from stdin".into()
            }
            (None, Some(p)) => format!("analysing the position in {}", p.display()),
            (None, None) => "analysing the position".into(),
        }
    }

    /// The position, read within `budget`: a text whose position, with its
    /// analysis and the words of the answer (about as much again), could
    /// not fit the memory allowance is refused before it is parsed.
    pub fn position(&self, budget: &Budget) -> anyhow::Result<Position> {
        let text = self.text()?;
        let most = most_components(&text);
        budget
            .fits(most.saturating_mul(2 * ANALYSIS_BYTES_PER_COMPONENT))
            .map_err(|e| {
                e.during(|| format!("setting out to read a position of up to {most} components"))
                    .in_context(|| self.describe())
            })?;
        Ok(parse_position_within(&text, budget)?)
    }

    /// The expression text, read from stdin or the file when asked.
    pub fn text(&self) -> anyhow::Result<String> {
        let from_stdin = |what: &str| -> anyhow::Result<String> {
            let mut text = String::new();
            std::io::stdin()
                .lock()
                .take(MAX_EXPR_BYTES + 1)
                .read_to_string(&mut text)
                .with_context(|| format!("cannot read the position from {what}"))?;
            Ok(text)
        };
        let text = match (&self.expr, &self.file) {
            (Some(e), _) if e == "-" => from_stdin("stdin")?,
            (Some(e), _) => return Ok(e.clone()),
            (None, Some(path)) if path.as_os_str() == "-" => from_stdin("stdin")?,
            (None, Some(path)) => {
                let file = std::fs::File::open(path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                let mut text = String::new();
                file.take(MAX_EXPR_BYTES + 1)
                    .read_to_string(&mut text)
                    .with_context(|| format!("cannot read {} as UTF-8 text", path.display()))?;
                text
            }
            (None, None) => bail!("give a position, `-` for stdin, or --file FILE"),
        };
        if text.len() as u64 > MAX_EXPR_BYTES {
            bail!("the position is longer than {} MiB", MAX_EXPR_BYTES >> 20);
        }
        // A byte-order mark and the final newline are not part of it.
        Ok(text.trim_start_matches('\u{feff}').trim_end().to_string())
    }
}

/// `--misere`, alone: for a command of one move a turn (`nim`).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct MisereFlag {
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
}

impl MisereFlag {
    /// Normal or misère play.
    pub fn mode(&self) -> Mode {
        Mode::from(grundy::nim::Play::from_misere(self.misere))
    }
}

/// `--misere` or `--every` (not both): how the game is played, for every
/// command that plays or judges a position. A command may word `--every`
/// for what it does with it ([`every_help`]).
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct ModeFlags {
    #[command(flatten)]
    misere: MisereFlag,
    /// Every-game play: on each turn the player moves in every component
    /// that can move; the last to move wins (decided by Smith's steps).
    #[arg(long, conflicts_with = "misere")]
    every: bool,
}

impl ModeFlags {
    /// Normal, misère or every-game play.
    pub fn mode(&self) -> Mode {
        Mode::from_flags(self.misere.misere, self.every)
            .expect("clap refuses --misere with --every")
    }
}

/// Gives `--every` the help `text` in one command (for
/// `#[command(mut_args(every_help(…)))]`), leaving every argument in its
/// place.
pub fn every_help(text: &'static str) -> impl FnMut(clap::Arg) -> clap::Arg {
    move |arg| {
        if arg.get_id() == "every" {
            arg.help(text)
        } else {
            arg
        }
    }
}

/// Options shared by the analysing subcommands: the output (`--json`),
/// how many winning moves to list, and how the game is played
/// (`M`: [`MisereFlag`] for `nim`, [`ModeFlags`] for `analyze`).
#[derive(clap::Args, Debug, Clone)]
pub struct AnalysisFlags<M: clap::Args + clap::FromArgMatches> {
    /// Print one JSON object instead of the explanation.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub mode: M,
    /// List at most this many winning moves (0: none, only who wins).
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub max_moves: usize,
    #[command(flatten)]
    pub limits: crate::limits::LimitFlags,
}

impl<M: clap::Args + clap::FromArgMatches> AnalysisFlags<M> {
    /// The engine's options: `--max-moves`, and the limits of `--time`,
    /// `--memory` and `--work` (the budget's clock starts now).
    pub fn options(&self) -> AnalyzeOptions {
        self.limits.options(self.max_moves)
    }
}

/// 90% of the memory available now, in bytes (from /proc/meminfo; where
/// it cannot be read, the engine's default limit of 2^30 heaps of 2 bytes).
pub fn available_memory() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("MemAvailable:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        });
    match available {
        Some(kib) => kib.saturating_mul(1024) / 10 * 9,
        None => grundy::limits::Limits::default()
            .max_heaps
            .saturating_mul(2),
    }
}
