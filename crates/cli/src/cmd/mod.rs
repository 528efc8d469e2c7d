//! One module per subcommand, plus the argument parsers they share.

pub mod analyze;
pub mod explain;
pub mod judge;
pub mod nim;
pub mod nimber;
pub mod play;
pub mod seq;
pub mod value;

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

/// Options shared by the analysing subcommands.
#[derive(clap::Args, Debug, Clone)]
pub struct AnalysisFlags {
    /// Print one JSON object instead of the explanation.
    #[arg(long)]
    pub json: bool,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    pub misere: bool,
    /// List at most this many winning moves.
    #[arg(long, default_value_t = 10_000, value_name = "N")]
    pub max_moves: usize,
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
