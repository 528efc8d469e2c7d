//! One module per subcommand, plus the argument parsers they share.

pub mod analyze;
pub mod census;
pub mod explain;
pub mod judge;
pub mod nim;
pub mod nimber;
pub mod play;
pub mod quotient;
pub mod seq;
pub mod serve;
pub mod value;

use std::io::Read;
use std::path::PathBuf;

use anyhow::{bail, Context};
use grundy::sum::AnalyzeOptions;

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

/// Options shared by the analysing subcommands.
#[derive(clap::Args, Debug, Clone)]
pub struct AnalysisFlags {
    /// Print one JSON object instead of the explanation.
    #[arg(long)]
    pub json: bool,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// List at most this many winning moves (0: none, only who wins).
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub max_moves: usize,
    /// Plain ASCII (no Unicode symbols such as → and ⊕), even on a
    /// terminal; also when NO_COLOR is set.
    #[arg(long)]
    pub plain: bool,
}

impl AnalysisFlags {
    pub fn options(&self) -> AnalyzeOptions {
        AnalyzeOptions {
            max_moves: self.max_moves,
            ..AnalyzeOptions::default()
        }
    }

    pub fn play(&self) -> grundy::nim::Play {
        grundy::nim::Play::from_misere(self.misere)
    }
}
