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

/// The positions and moves one search may visit by default, for the
/// searches that show no progress: misère play of a sum by exhaustive
/// search, every-game play (`--every`), and the game tree the opponent of
/// `play` searches before it falls back on Grundy values.
pub const DEFAULT_WORK: usize = grundy::solver::DEFAULT_BUDGET;

/// The positions and moves a search for a Grundy value (a board, a graph,
/// a component without theory) may visit by default: a progress bar shows
/// it on a terminal, and Ctrl-C or `--time` stop it (see
/// [`grundy::search::DEFAULT_SEARCH_WORK`]).
pub const DEFAULT_SEARCH_WORK: usize = grundy::search::DEFAULT_SEARCH_WORK;

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
    /// The most positions and moves one search may visit [default:
    /// 200000000 for a Grundy value found by search, which shows its
    /// progress; 2000000 for misère play searched exhaustively, for
    /// `--every` and for the game tree `play`'s opponent searches before
    /// it falls back on Grundy values].
    #[arg(long, value_name = "N")]
    pub work: Option<usize>,
}

impl Default for LimitFlags {
    /// The defaults of the flags.
    fn default() -> LimitFlags {
        LimitFlags {
            time: DEFAULT_SECONDS,
            memory: None,
            work: None,
        }
    }
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

    /// `--work`, or the default of the searches that show no progress.
    pub fn work(&self) -> usize {
        self.work.unwrap_or(DEFAULT_WORK)
    }

    /// The engine's options for an analysis within these limits, listing at
    /// most `max_moves` winning moves.
    pub fn options(&self, max_moves: usize) -> grundy::sum::AnalyzeOptions {
        grundy::sum::AnalyzeOptions {
            max_moves,
            misere_budget: self.work(),
            search_budget: self.work.unwrap_or(DEFAULT_SEARCH_WORK),
            ..grundy::sum::AnalyzeOptions::default()
        }
        .with_budget(self.budget())
    }
}

/// `--time` and `--memory` for the long computations that show progress,
/// save checkpoints and can be interrupted (`seq`, `quotient`, `value`):
/// no time limit unless asked, the memory allowance by default half of the
/// machine's memory.
#[derive(clap::Args, Debug, Clone)]
pub struct RunFlags {
    /// Stop after this many seconds, saying how far the run got [default:
    /// no limit; Ctrl-C stops it].
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub time: Option<f64>,
    /// The most memory the run may hold: bytes or a size such as 500M,
    /// 4G, 64MiB [default: half of the machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
}

impl RunFlags {
    /// The budget these flags allow, from now, cancelled by the first
    /// Ctrl-C unless the command installed a handler of its own first.
    pub fn budget(&self) -> Budget {
        self.budget_cancelled_by(ctrl_c())
    }

    /// The budget these flags allow, from now, cancelled by `cancel` (a
    /// command with a Ctrl-C handler of its own, which saves its work
    /// first).
    pub fn budget_cancelled_by(&self, cancel: &CancelHandle) -> Budget {
        let budget = Budget::unlimited()
            .with_memory(self.memory.unwrap_or_else(default_memory))
            .with_cancel(cancel);
        match self.time {
            Some(t) => budget.with_time(Duration::try_from_secs_f64(t).unwrap_or(Duration::MAX)),
            None => budget,
        }
    }
}

/// The memory allowance by default: half of the machine's memory, and no
/// more than three quarters of what is available now, of the process's
/// control group's limit, or half of its address-space limit (`ulimit -v`),
/// so that a search is refused by the budget before the system's
/// out-of-memory killer or allocator ends it.
pub fn default_memory() -> u64 {
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let field = |name: &str| -> Option<u64> {
        let line = meminfo.lines().find(|l| l.starts_with(name))?;
        let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kib.saturating_mul(1024))
    };
    let bounds = [
        field("MemTotal:").map(|b| b / 2),
        field("MemAvailable:").map(|b| b / 4 * 3),
        cgroup_limit().map(|b| b / 4 * 3),
        address_space_limit().map(|b| b / 2),
    ];
    bounds
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(FALLBACK_MEMORY)
        .max(MIN_DEFAULT_MEMORY)
}

/// The least memory allowance by default, whatever the machine says.
const MIN_DEFAULT_MEMORY: u64 = 64 << 20;

/// The memory limit of the process's control group (v2 `memory.max` or v1
/// `memory.limit_in_bytes`), when it has one.
fn cgroup_limit() -> Option<u64> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut files = vec![
        "/sys/fs/cgroup/memory.max".to_string(),
        "/sys/fs/cgroup/memory/memory.limit_in_bytes".to_string(),
    ];
    for line in groups.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next(), parts.next()?, parts.next()?);
        if controllers.is_empty() {
            files.push(format!("/sys/fs/cgroup{path}/memory.max"));
        } else if controllers.split(',').any(|c| c == "memory") {
            files.push(format!("/sys/fs/cgroup/memory{path}/memory.limit_in_bytes"));
        }
    }
    files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok()?.trim().parse::<u64>().ok())
        // (No limit reads as "max", or as a number near 2^63.)
        .filter(|&b| b < 1 << 60)
        .min()
}

/// The soft limit of the process's address space (`ulimit -v`), if any.
fn address_space_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line.split_whitespace().nth(3)?.parse().ok()
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

/// Whether `err` is work stopped by Ctrl-C (the command then exits with
/// [`INTERRUPTED`]).
pub fn interrupted(err: &anyhow::Error) -> bool {
    err.downcast_ref::<grundy::Error>()
        .and_then(grundy::Error::limit_kind)
        == Some(LimitKind::Cancelled)
}

/// How to raise the limit an error reached, for the line after it:
/// `None` for other errors.
pub fn hint(err: &anyhow::Error) -> Option<&'static str> {
    let e = err.downcast_ref::<grundy::Error>()?;
    Some(match e.limit_kind()? {
        LimitKind::Time => "allow more time with --time SECONDS",
        LimitKind::Memory => "allow more memory with --memory SIZE (such as 500M or 16G)",
        LimitKind::Work => "allow a longer search with --work N",
        LimitKind::Cancelled => "interrupted by Ctrl-C",
    })
}
