//! What a command may spend: `--time`, `--memory` and `--work`, with
//! generous defaults, and Ctrl-C, which cancels the work in progress.
//!
//! The engine stops a search at whichever limit comes first and says which
//! (a structured [`LimitKind`]); [`hint`] adds the flag that raises it.

use std::sync::OnceLock;
use std::time::Duration;

use grundy::budget::{Budget, CancelHandle, LimitKind};

/// The time a command may take by default: ten minutes.
pub const DEFAULT_SECONDS: f64 = 600.0;

/// The positions and moves one search may visit by default.
pub const DEFAULT_WORK: usize = grundy::solver::DEFAULT_BUDGET;

/// The memory allowance when the machine's memory cannot be read: 4 GiB.
const FALLBACK_MEMORY: u64 = 4 << 30;

/// `--time`, `--memory`, `--work`: flattened into every command that
/// searches.
#[derive(clap::Args, Debug, Clone)]
pub struct LimitFlags {
    /// Stop after this many seconds, saying how far the work got.
    #[arg(long, value_name = "SECONDS", default_value_t = DEFAULT_SECONDS,
          value_parser = parse_seconds)]
    pub time: f64,
    /// The most memory the work may hold: bytes or a size such as 500M,
    /// 4G, 64MiB [default: half of the machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
    /// The most positions and moves one search may visit.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_WORK)]
    pub work: usize,
}

impl LimitFlags {
    /// The budget these flags allow, from now, cancelled by the first
    /// Ctrl-C.
    pub fn budget(&self) -> Budget {
        Budget::unlimited()
            .with_time(Duration::try_from_secs_f64(self.time).unwrap_or(Duration::MAX))
            .with_memory(self.memory.unwrap_or_else(default_memory))
            .with_cancel(ctrl_c())
    }

    /// The engine's options for an analysis within these limits, listing at
    /// most `max_moves` winning moves.
    pub fn options(&self, max_moves: usize) -> grundy::sum::AnalyzeOptions {
        grundy::sum::AnalyzeOptions {
            max_moves,
            misere_budget: self.work,
            search_budget: self.work,
            ..grundy::sum::AnalyzeOptions::default()
        }
        .with_budget(self.budget())
    }
}

/// The memory allowance by default: half of the machine's memory.
pub fn default_memory() -> u64 {
    std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
            let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kib.saturating_mul(1024) / 2)
        })
        .unwrap_or(FALLBACK_MEMORY)
}

/// Reads `--time`: a number of seconds, more than 0.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() => Ok(t),
        _ => Err(format!(
            "{s:?} is not a number of seconds (more than 0, such as 10 or 0.5)"
        )),
    }
}

/// Reads `--memory`: bytes, or a number with a unit K, M, G or T (powers of
/// 1024; `KiB`, `MB`, … are read alike), such as `500M` or `1.5G`.
///
/// ```text
/// 4G → 4294967296, 500M → 524288000, 64MiB → 67108864, 1000 → 1000
/// ```
pub fn parse_size(s: &str) -> Result<u64, String> {
    let bad = || format!("{s:?} is not a size: give bytes, or a size such as 500M or 4G");
    let t = s.trim().to_ascii_uppercase();
    let t = t
        .strip_suffix("IB")
        .or_else(|| t.strip_suffix('B'))
        .unwrap_or(&t);
    let (number, unit) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], c),
        _ => (t, ' '),
    };
    let scale: u64 = match unit {
        ' ' => 1,
        'K' => 1 << 10,
        'M' => 1 << 20,
        'G' => 1 << 30,
        'T' => 1 << 40,
        _ => return Err(bad()),
    };
    let number = number.trim();
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit() || b == b'.') {
        return Err(bad());
    }
    let value: f64 = number.parse().map_err(|_| bad())?;
    let bytes = value * scale as f64;
    if !(1.0..1.8e19).contains(&bytes) {
        return Err(format!("{s:?}: a memory allowance is 1 byte to 16 EiB"));
    }
    Ok(bytes as u64)
}

/// The process's cancellation: cancelled by the first Ctrl-C. Every budget
/// a command makes shares it.
fn ctrl_c() -> &'static CancelHandle {
    static HANDLE: OnceLock<CancelHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let handle = CancelHandle::new();
        let cancel = handle.clone();
        // The first Ctrl-C stops the work, which then says so; a second one
        // (the work did not stop, or output is being written) ends the
        // process at once. A command that installed its own handler keeps it.
        let _ = ctrlc::set_handler(move || {
            if cancel.is_cancelled() {
                std::process::exit(INTERRUPTED);
            }
            cancel.cancel();
        });
        handle
    })
}

/// The exit status of a command stopped by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED: i32 = 130;

/// How to raise the limit an error reached, for the line after it:
/// `None` for other errors.
pub fn hint(err: &anyhow::Error) -> Option<&'static str> {
    let e = err.downcast_ref::<grundy::Error>()?;
    Some(match e.limit_kind()? {
        LimitKind::Time => "allow more time with --time SECONDS",
        LimitKind::Memory => "allow more memory with --memory SIZE (such as 8G)",
        LimitKind::Work => "allow a longer search with --work N",
        LimitKind::Cancelled => "interrupted by Ctrl-C",
    })
}
