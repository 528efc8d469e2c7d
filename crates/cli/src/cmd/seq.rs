//! `grundy seq RULE --to N`: the nim-sequence G(0..=N) and its proved period.
//!
//! Long runs: `--save FILE` checkpoints every `--checkpoint-every` seconds and
//! on Ctrl-C; `--resume FILE` continues exactly where a run stopped (and keeps
//! saving to FILE). `--stats` and `--histogram` report instead of listing
//! values. A progress bar goes to stderr when it is a terminal.

use std::fs;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy::games::heap::parse_rule;
use grundy::games::heap::Rule;
use grundy::period::{Period, Proof};
use grundy::sequence::checkpoint;
use grundy::sequence::stats::{Histogram, Split};
use grundy::sequence::{human_bytes, Computation, Limits, NimSequence, Step};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::parse_count;

/// The nim-sequence of a rule, and its period when proved.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The rule: nim, kayles, dawson, grundys, a code such as 0.137, or sub{…}.
    /// May be left out with --resume (the checkpoint names it).
    #[arg(required_unless_present = "resume")]
    rule: Option<String>,
    /// The last heap size (default 100, or the one a resumed run asked for).
    /// The computation stops early once a period is proved; the values past
    /// it follow from the period.
    #[arg(long, value_parser = parse_count, value_name = "N")]
    to: Option<u64>,
    /// Print one JSON object.
    #[arg(long, conflicts_with = "histogram")]
    json: bool,
    /// Keep computing past N until a period is proved (or memory runs out).
    #[arg(long)]
    prove: bool,
    /// Compute every heap up to N even after a period is proved.
    #[arg(long)]
    past_proof: bool,
    /// Stop at N even without a proof (no search for a period past N).
    #[arg(long, conflicts_with = "prove")]
    no_search: bool,
    /// The engine: `auto` (sparse space where it applies) or `naive` (the
    /// reference, for comparison).
    #[arg(long, value_enum, default_value_t = EngineChoice::Auto)]
    engine: EngineChoice,
    /// Checkpoint the run to FILE (periodically, on Ctrl-C and at the end).
    /// An existing FILE is never overwritten unless it is the one resumed.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Continue the run checkpointed in FILE (and keep checkpointing to it
    /// unless --save names another file).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Seconds between periodic checkpoints.
    #[arg(long, default_value_t = 60.0, value_name = "SECS")]
    checkpoint_every: f64,
    /// Print statistics (period, rare/common split, largest value, histogram)
    /// instead of the values.
    #[arg(long)]
    stats: bool,
    /// Print only `value frequency` lines over heaps 1..=N.
    #[arg(long)]
    histogram: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Threads for long scans (default: all cores).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Testing aid: stop as if interrupted after this many new heaps.
    #[arg(long, hide = true, value_name = "N")]
    stop_after: Option<u64>,
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum EngineChoice {
    Auto,
    Naive,
}

/// Exit status of a run stopped by Ctrl-C (128 + SIGINT).
const INTERRUPTED: i32 = 130;

pub fn run(args: Args) -> Result<()> {
    let resumed = match &args.resume {
        Some(path) => Some(read_checkpoint(path)?),
        None => None,
    };
    let rule = match (&args.rule, &resumed) {
        (Some(text), Some(cp)) => {
            let rule = parse_rule(text)?;
            if rule.to_string() != cp.rule {
                bail!(
                    "{} is a checkpoint of {}, not of {rule}",
                    args.resume.as_deref().unwrap_or(Path::new("")).display(),
                    cp.rule
                );
            }
            rule
        }
        (Some(text), None) => parse_rule(text)?,
        (None, Some(cp)) => parse_rule(&cp.rule).with_context(|| {
            format!(
                "the checkpoint names a rule this grundy cannot read: {:?}",
                cp.rule
            )
        })?,
        (None, None) => bail!("give a rule, or --resume FILE"),
    };
    let to = args
        .to
        .or(resumed.as_ref().and_then(|cp| cp.target))
        .unwrap_or(100);
    let save = args.save.clone().or(args.resume.clone());
    if let Some(path) = &args.save {
        let same = args.resume.as_ref().is_some_and(|r| same_file(r, path));
        if path.exists() && !same {
            bail!(
                "{} already exists; refusing to overwrite it (resume it with --resume {0}, or choose another file)",
                path.display()
            );
        }
    }
    if let Some(threads) = args.threads {
        if threads == 0 {
            bail!("--threads must be at least 1");
        }
        // Fails only if the pool was built already, which nothing else does.
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build_global();
    }
    let threads = args.threads.unwrap_or_else(rayon::current_num_threads);

    if rule.closed_form(0).is_some() {
        if save.is_some() {
            bail!("{rule} has a closed form: there is nothing to checkpoint");
        }
        let limits = Limits::default();
        let seq = NimSequence::new(&rule, to.min(limits.max_heaps - 1), limits)?;
        let value = |n: u64| -> Result<u16> {
            let v = seq.value(n)?;
            u16::try_from(v).with_context(|| format!("G({n}) = {v} does not fit the histogram"))
        };
        return print(&args, &rule, to, seq.period(), &value, None, None);
    }

    let started = Instant::now();
    let mut comp = match (resumed, args.engine) {
        (Some(cp), EngineChoice::Auto) => Computation::resume(&rule, cp.values, threads)?,
        (None, EngineChoice::Auto) => Computation::new(&rule, threads)?,
        (None, EngineChoice::Naive) => {
            Computation::with_engine(&rule, Box::new(grundy::sequence::naive::Naive::new(&rule)))?
        }
        (Some(_), EngineChoice::Naive) => bail!("--engine naive cannot resume a checkpoint"),
    };
    let limits = Limits::default();
    let max_heaps = memory_heaps().min(u32::MAX as u64 - 1);
    let wanted = to.saturating_add(1);
    let provable = rule.proof_shape().is_some();
    if wanted > max_heaps && !provable {
        bail!(
            "--to {to} needs {} for the values of {rule}, more than the {} of memory available \
             (no period can be proved for it, so every heap must be stored)",
            human_bytes(wanted.saturating_mul(2)),
            human_bytes(max_heaps.saturating_mul(2))
        );
    }
    // How far to go: the heaps asked for, then (for provable rules) on in
    // search of a proof, as `grundy value` does, or to the memory limit with
    // --prove.
    if args.prove && !provable {
        bail!("--prove: no period can be proved for {rule} (its moves reach arbitrarily far)");
    }
    let search = if args.prove {
        max_heaps
    } else if provable && !args.no_search {
        limits.search_heaps.min(max_heaps)
    } else {
        0
    };
    let goal = wanted.min(max_heaps).max(search);
    if wanted <= max_heaps {
        comp.reserve(wanted)?;
    }

    let interrupted = Arc::new(AtomicBool::new(false));
    let computing = Arc::new(AtomicBool::new(true));
    {
        let (flag, computing) = (interrupted.clone(), computing.clone());
        // The first Ctrl-C while computing asks for a checkpoint; a second
        // one, or one while printing, ends the process at once.
        ctrlc::set_handler(move || {
            if !computing.load(Ordering::SeqCst) || flag.swap(true, Ordering::SeqCst) {
                std::process::exit(INTERRUPTED);
            }
        })
        .context("cannot install the Ctrl-C handler")?;
    }
    let mut progress = Progress::new(args.quiet, goal, comp.values().len() as u64);
    let mut last_save = Instant::now();
    let every = Duration::from_secs_f64(args.checkpoint_every.max(0.01));
    let start_len = comp.values().len() as u64;
    let stop_at_proof = !args.past_proof;
    loop {
        let len = comp.values().len() as u64;
        if args.stop_after.is_some_and(|s| len - start_len >= s) {
            interrupted.store(true, Ordering::SeqCst);
        }
        if interrupted.load(Ordering::SeqCst) {
            progress.finish();
            let at = comp.values().len();
            match &save {
                Some(path) => {
                    write_checkpoint(path, &comp, to)?;
                    eprintln!(
                        "grundy: interrupted after {at} heaps; checkpoint saved to {0}; continue with: grundy seq --resume {0}",
                        path.display()
                    );
                }
                None => eprintln!(
                    "grundy: interrupted after {at} heaps (nothing saved: use --save FILE to keep the work)"
                ),
            }
            std::process::exit(INTERRUPTED);
        }
        // Past the heaps asked for, the search for a proof has a work budget.
        let searching = len >= wanted && !args.prove;
        if searching && comp.work() >= grundy::sequence::SEARCH_WORK {
            break;
        }
        let chunk = if len < 1 << 16 { 1024 } else { 8192 };
        let step = match comp.advance(goal, chunk, stop_at_proof || len >= wanted) {
            Ok(step) => step,
            Err(err) => {
                // Keep the work done so far (for example up to a value that
                // does not fit in 16 bits).
                progress.finish();
                if let Some(path) = &save {
                    write_checkpoint(path, &comp, to)?;
                }
                return Err(err.into());
            }
        };
        progress.update(&comp);
        if save.is_some() && last_save.elapsed() >= every {
            write_checkpoint(save.as_deref().unwrap(), &comp, to)?;
            last_save = Instant::now();
        }
        match step {
            Step::Working => {}
            Step::Reached | Step::Proved(_) => break,
        }
    }
    progress.finish();
    if let Some(path) = &save {
        write_checkpoint(path, &comp, to)?;
    }
    computing.store(false, Ordering::SeqCst);
    let values = comp.values();
    let period = comp.period();
    if period.is_none() && (values.len() as u64) < wanted {
        bail!(
            "no period of {rule} was proved in its first {} heaps, and computing every heap up to {to} \
             would need {} of memory ({} available)",
            values.len(),
            human_bytes(wanted.saturating_mul(2)),
            human_bytes(max_heaps.saturating_mul(2))
        );
    }
    let value = |n: u64| -> Result<u16> {
        let m = period.map_or(n, |p| p.reduce(n));
        Ok(values[m as usize])
    };
    let split = comp.split();
    print(
        &args,
        &rule,
        to,
        period,
        &value,
        split.as_ref(),
        Some((values.len() as u64, started.elapsed(), comp.work())),
    )
}

/// Prints the requested report of `G(0..=to)`.
fn print(
    args: &Args,
    rule: &Rule,
    to: u64,
    period: Option<Period>,
    value: &dyn Fn(u64) -> Result<u16>,
    split: Option<&Split>,
    timing: Option<(u64, Duration, u64)>,
) -> Result<()> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.histogram {
        let hist = Histogram::over_heaps(to, period, value)?;
        for (v, c) in hist.counts().iter().enumerate() {
            writeln!(out, "{v} {c}")?;
        }
        out.flush()?;
        return Ok(());
    }
    let printing = !args.stats || args.json;
    if printing && to >= Limits::default().max_heaps {
        bail!(
            "--to {to} is too large to print: at most {} values are printed (use --stats or --histogram for a summary)",
            Limits::default().max_heaps - 1
        );
    }
    if args.json {
        write!(
            out,
            "{{\"rule\":{},\"values\":[",
            serde_json::to_string(&rule.to_string())?
        )?;
        for n in 0..=to {
            if n > 0 {
                out.write_all(b",")?;
            }
            write!(out, "{}", value(n)?)?;
        }
        let (p, pre, proof) = match period {
            Some(p) => (
                p.period.to_string(),
                p.preperiod.to_string(),
                serde_json::to_string(&p.proof)?,
            ),
            None => ("null".into(), "null".into(), "null".into()),
        };
        write!(
            out,
            "],\"period\":{p},\"preperiod\":{pre},\"proof\":{proof}"
        )?;
        if args.stats {
            let hist = Histogram::over_heaps(to, period, value)?;
            let stats = serde_json::json!({
                "computed": timing.map(|t| t.0),
                "largest": hist.largest(),
                "histogram": hist.counts(),
                "split": split,
            });
            write!(out, ",\"stats\":{stats}")?;
        }
        writeln!(out, "}}")?;
        out.flush()?;
        return Ok(());
    }
    if !args.stats {
        writeln!(out, "Nim-sequence of {rule}, G(0..={to}):")?;
        let width = to.to_string().len();
        for start in (0..=to).step_by(10) {
            write!(out, "{start:>width$}:")?;
            for n in start..=(start + 9).min(to) {
                write!(out, " {}", value(n)?)?;
            }
            writeln!(out)?;
        }
    }
    match period {
        Some(p) => {
            let how = match p.proof {
                Proof::ClosedForm => "by its closed form".to_string(),
                Proof::GuySmith {
                    window_start,
                    window_end,
                } => format!(
                    "by the Guy–Smith theorem: G(n + {}) = G(n) was checked for {window_start} ≤ n < {window_end}",
                    p.period
                ),
            };
            writeln!(
                out,
                "Period {} from heap {} (preperiod {}), proved {how}.",
                p.period, p.preperiod, p.preperiod
            )?;
        }
        None => writeln!(
            out,
            "No period proved ({} heaps computed).",
            timing.map_or(0, |t| t.0)
        )?,
    }
    if args.stats {
        if let Some((computed, elapsed, work)) = timing {
            let secs = elapsed.as_secs_f64();
            writeln!(
                out,
                "Computed: {computed} heaps in {secs:.3} s ({:.0} heaps/s, {work} pairs examined, {:.1} per heap).",
                computed as f64 / secs.max(1e-9),
                work as f64 / computed.max(1) as f64
            )?;
        }
        let hist = Histogram::over_heaps(to, period, value)?;
        if let Some(s) = split {
            let rare: Vec<String> = s.rare_values.iter().map(u16::to_string).collect();
            let heaps = timing.map_or(0, |t| t.0).saturating_sub(1);
            writeln!(
                out,
                "Sparse split (mask {:#x}: v is rare when popcount(v & mask) is even), \
                 heaps 1..={heaps} computed: {} rare, {} common, last rare at heap {}; rare values: {}.",
                s.mask,
                s.rare_heaps,
                heaps.saturating_sub(s.rare_heaps),
                s.last_rare.map_or("none".into(), |h| h.to_string()),
                rare.join(" ")
            )?;
        }
        writeln!(
            out,
            "Largest value: {} (heaps 1..={to}).",
            hist.largest().map_or("none".into(), |v| v.to_string())
        )?;
        writeln!(out, "Histogram over heaps 1..={to} (value frequency):")?;
        for (v, c) in hist.counts().iter().enumerate() {
            writeln!(out, "{v} {c}")?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The number of u16 values that fit in 90% of the available memory.
fn memory_heaps() -> u64 {
    let available = fs::read_to_string("/proc/meminfo").ok().and_then(|info| {
        info.lines()
            .find(|l| l.starts_with("MemAvailable:"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
    });
    match available {
        Some(kib) => kib.saturating_mul(1024) / 10 * 9 / 2,
        None => Limits::default().max_heaps,
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (fs::canonicalize(a), fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

fn read_checkpoint(path: &Path) -> Result<checkpoint::Checkpoint> {
    let bytes =
        fs::read(path).with_context(|| format!("cannot read checkpoint {}", path.display()))?;
    checkpoint::decode(&bytes).with_context(|| format!("cannot resume from {}", path.display()))
}

/// Writes the checkpoint beside `path` and renames it into place, so a crash
/// mid-write leaves the previous checkpoint intact.
fn write_checkpoint(path: &Path, comp: &Computation, to: u64) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    let write = || -> std::io::Result<()> {
        let file = fs::File::create(&tmp)?;
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut result = Ok(());
        checkpoint::encode(&comp.rule().to_string(), Some(to), comp.values(), |b| {
            if result.is_ok() {
                result = out.write_all(b);
            }
        });
        result?;
        let file = out.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().with_context(|| format!("cannot write checkpoint {}", path.display()))
}

/// The progress bar: drawn on stderr, when it is a terminal, once the run
/// has lasted a second.
struct Progress {
    enabled: bool,
    started: Instant,
    bar: ProgressBar,
    shown: bool,
    first: u64,
}

impl Progress {
    fn new(quiet: bool, goal: u64, first: u64) -> Progress {
        // Hidden at first, so that its rate and ETA count from the start.
        let bar = ProgressBar::with_draw_target(Some(goal), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:20}] {human_pos}/{human_len} heaps, ETA {eta}, {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_position(first);
        bar.reset_eta();
        Progress {
            enabled: !quiet && std::io::stderr().is_terminal(),
            started: Instant::now(),
            bar,
            shown: false,
            first,
        }
    }

    fn update(&mut self, comp: &Computation) {
        if !self.enabled {
            return;
        }
        let elapsed = self.started.elapsed();
        let len = comp.values().len() as u64;
        self.bar.set_position(len);
        if !self.shown {
            if elapsed < Duration::from_secs(1) {
                return;
            }
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        let rate = (len - self.first) as f64 / elapsed.as_secs_f64().max(1e-9);
        let rare = comp
            .rare()
            .map_or(String::new(), |(_, r)| format!(", rare {r}"));
        self.bar.set_message(format!(
            "{:.0} heaps/s{rare}, largest {}",
            rate,
            comp.largest()
        ));
    }

    fn finish(&mut self) {
        if self.shown {
            self.bar.finish_and_clear();
            self.shown = false;
        }
    }
}
