//! `grundy seq RULE --to N`: the nim-sequence G(0..=N) and its proved period.
//!
//! Long runs: `--save FILE` checkpoints every `--checkpoint-every` seconds and
//! on Ctrl-C; `--resume FILE` continues exactly where a run stopped (and keeps
//! saving to FILE). `--stats` and `--histogram` report instead of listing
//! values. A progress bar goes to stderr when it is a terminal.

mod checkpoint_file;

use std::fs;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy::budget::{CancelHandle, LimitKind};
use grundy::limits::{Limits, SEARCH_WORK};
use grundy::period::Period;
use grundy::rule::Rule;
use grundy::sequence::stats::{Histogram, Split};
use grundy::sequence::{Computation, NimSequence, Plan, Step, Values};

pub use self::checkpoint_file::{check_regular, same_file};
use self::checkpoint_file::{read_checkpoint, write_checkpoint};
use crate::answer::{self, sequence, sequence::Timing};
use crate::args::parse_count;
use crate::progress::Progress;

/// The nim-sequence of a rule, and its period when proved.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  grundy seq kayles --to 100\n  grundy seq 0.16 --stats\n  grundy seq 0.161 --to 1048576 --histogram\n  grundy seq 0.6 --to 100000000 --save run.gsq   (then: grundy seq --resume run.gsq)"
)]
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
    #[arg(long, default_value_t = 60.0, value_name = "SECS", value_parser = parse_seconds)]
    checkpoint_every: f64,
    /// Print statistics (period, rare/common split, largest value, histogram)
    /// instead of the values.
    #[arg(long)]
    stats: bool,
    /// Print only `value frequency` lines over heaps 1..=N.
    #[arg(long)]
    histogram: bool,
    /// Write the scatter plot of G(0..=N), with the proved preperiod and
    /// period marked, to FILE.svg instead of listing the values (the plot
    /// `grundy serve` draws).
    #[arg(long, value_name = "FILE.svg", conflicts_with_all = ["json", "histogram", "stats"])]
    plot: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    /// Threads (default: all cores); with more than one, heaps are computed
    /// in parallel, with the same values (heaps too cheap to hand between
    /// threads are computed by one, once timing both ways shows it faster).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// Window mode, for long runs: keep only the first HEAPS and the last
    /// HEAPS values in memory (at least 131072), with the rare heaps, so
    /// that memory is bounded by the window instead of by N. Reports only
    /// (--stats, --histogram): the values are not all kept to be listed.
    /// Checkpoints (--save) hold the values kept and the rare heaps, and a
    /// run resumed from one goes on in window mode. Periods are searched for while every
    /// value is kept (the first 2·HEAPS heaps), and not past N. A heap whose value needs a
    /// value no longer kept stops the run with an error naming it.
    #[arg(long, value_parser = parse_count, value_name = "HEAPS")]
    window: Option<u64>,
    /// Testing aid: archive the values between the first and the last
    /// HEAPS from the start, whatever N (runs of 8388608 heaps or more
    /// archive on their own, keeping 2097152 at each end).
    #[arg(long, hide = true, value_parser = parse_count, value_name = "HEAPS")]
    archive_keep: Option<u64>,
    #[command(flatten)]
    limits: crate::limits::RunFlags,
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
    if let Some(path) = &args.plot {
        let svg = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
        if !svg {
            bail!(
                "--plot {}: plots are written as SVG; name the file FILE.svg",
                path.display()
            );
        }
    }
    let resumed = match &args.resume {
        Some(path) => Some(read_checkpoint(path)?),
        None => None,
    };
    let rule = match (&args.rule, &resumed) {
        (Some(text), Some(cp)) => {
            let rule = Rule::parse(text)?;
            if rule.to_string() != cp.rule {
                bail!(
                    "{} is a checkpoint of {}, not of {rule}",
                    args.resume.as_deref().unwrap_or(Path::new("")).display(),
                    cp.rule
                );
            }
            rule
        }
        (Some(text), None) => Rule::parse(text)?,
        (None, Some(cp)) => Rule::parse(&cp.rule).with_context(|| {
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
    if args.threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    // A checkpoint of window mode goes on in window mode, keeping as many.
    let saved_window = resumed
        .as_ref()
        .and_then(|cp| cp.state.as_ref()?.window.as_ref())
        .map(|w| w.keep);
    let window = match (args.window, saved_window) {
        (Some(asked), Some(kept)) if asked != kept => bail!(
            "{} is a checkpoint of a window run keeping {kept} heaps at each end, not {asked}: \
             resume it with --window {kept}, or without --window",
            args.resume.as_deref().unwrap_or(Path::new("")).display()
        ),
        (asked, kept) => asked.or(kept),
    };
    if window.is_some() {
        // (Named as the user gave it: the flag, or the checkpoint.)
        let source = match args.window {
            Some(_) => "--window".to_string(),
            None => format!(
                "{} (a checkpoint of window mode)",
                args.resume.as_deref().unwrap_or(Path::new("")).display()
            ),
        };
        check_window(&args, &source)?;
    }
    if let Some(keep) = window {
        // The two ends are kept in memory (the mapping promises none): a
        // window that does not fit is refused now, not by the system later.
        let kept = keep.saturating_mul(2).min(to.saturating_add(1));
        let fit = memory_heaps();
        if kept > fit {
            bail!(
                "window mode keeps up to {kept} heaps in memory (both ends of a window of {keep}, \
                 {}): more than the {fit} that fit (90 % of the memory available); choose a \
                 smaller window",
                grundy::sequence::human_bytes(kept.saturating_mul(2))
            );
        }
    }
    if let Some((cp, st)) = resumed
        .as_ref()
        .and_then(|cp| Some((cp, cp.state.as_ref()?)))
    {
        // A window checkpoint past its first releases reports on every heap
        // it computed, or more; heaps before its last ones are gone.
        let gone = st
            .window
            .as_ref()
            .is_some_and(|w| w.dropped.start < w.dropped.end);
        if gone && st.period.is_none() && to.saturating_add(1) < cp.computed() {
            bail!(
                "{} is a checkpoint of window mode at heap {}: the values of the heaps between \
                 its ends are gone, so it reports on heaps up to {} or further, not --to {to}",
                args.resume.as_deref().unwrap_or(Path::new("")).display(),
                cp.computed(),
                cp.computed() - 1
            );
        }
    }

    if rule.closed_form(0).is_some() {
        if save.is_some() {
            bail!("{rule} has a closed form: there is nothing to checkpoint");
        }
        check_printable(&args, to)?;
        let limits = Limits::default();
        let seq = NimSequence::new(&rule, to.min(limits.max_heaps - 1), limits)?;
        if args.stats || args.histogram {
            // The histogram reads the preperiod and one period, or every heap.
            let reads = seq
                .period()
                .and_then(|p| p.preperiod.checked_add(p.period))
                .filter(|&end| end <= to)
                .unwrap_or(to);
            if reads >= MAX_PRINTED {
                bail!(
                    "a histogram of {rule} up to heap {to} would read {reads} values; \
                     at most {MAX_PRINTED} are read"
                );
            }
        }
        let value = |n: u64| -> Result<u16> {
            let v = seq.value(n)?;
            u16::try_from(v).with_context(|| {
                format!("G({n}) = {v}: histograms count values up to {}", u16::MAX)
            })
        };
        return print(&args, &rule, to, seq.period(), &value, None, None, None);
    }

    let started = Instant::now();
    if args.prove && rule.proof_shape().is_none() {
        bail!("--prove: no period can be proved for {rule} (its moves reach arbitrarily far)");
    }
    check_printable(&args, to)?;
    // Window mode keeps a window of the values, whatever N: its bound is
    // the most values a mapping holds, reserved as address space only (see
    // `Computation::reserve`); the system's refusal of that address space
    // is reported before any work.
    let max_heaps = match window {
        Some(_) => Values::MAX_CAPACITY as u64,
        None => memory_heaps(),
    };
    let quick = Limits::default();
    // How far to go: the heaps asked for, then (for provable rules) on in
    // search of a proof, as `grundy value` does, or to the memory limit with
    // --prove. Heaps beyond memory can only be answered by a proof, searched
    // for within the usual budget (to memory with --prove) before refusing.
    let limits = Limits {
        max_heaps,
        search_heaps: if args.prove {
            max_heaps
        } else if args.no_search || window.is_some() {
            0
        } else {
            quick.search_heaps
        },
        proof_heaps: if args.prove {
            max_heaps
        } else {
            quick.proof_heaps
        },
        search_work: if args.prove { u64::MAX } else { SEARCH_WORK },
    };
    let plan = Plan::new(&rule, to, limits)?;
    let wanted = plan.wanted;
    let goal = plan.goal;
    let room = if plan.needs_proof { 0 } else { wanted };
    let mut comp = match (resumed, args.engine) {
        (Some(cp), EngineChoice::Auto) => {
            Computation::from_checkpoint(&rule, cp.values, cp.state.as_ref(), threads, room)?
        }
        (None, EngineChoice::Auto) => Computation::new(&rule, threads)?,
        (None, EngineChoice::Naive) => {
            Computation::with_engine(&rule, Box::new(grundy::sequence::naive::Naive::new(&rule)))?
        }
        (Some(_), EngineChoice::Naive) => bail!("--engine naive cannot resume a checkpoint"),
    };
    // The first Ctrl-C stops the heap in progress too (see below).
    let cancel = CancelHandle::new();
    comp.set_budget(&args.limits.budget_cancelled_by(&cancel))?;
    // Window mode first: the room reserved is then a mapping of address
    // space, not a vector of memory. (A checkpoint of window mode is in it
    // already.)
    if let Some(keep) = window.filter(|_| comp.window_kept().is_none()) {
        if plan.needs_proof {
            bail!(
                "--window: --to {to} is too far: at most {} (heaps 0 to it, {max_heaps} in all: \
                 the most values a mapping holds)",
                max_heaps - 1
            );
        }
        comp.window(usize::try_from(keep).unwrap_or(usize::MAX))?;
    }
    comp.reserve(room)?;
    if let Some(keep) = args.archive_keep {
        comp.archive_at(0, usize::try_from(keep).unwrap_or(usize::MAX))?;
    }

    let interrupted = Arc::new(AtomicBool::new(false));
    let computing = Arc::new(AtomicBool::new(true));
    {
        let (flag, computing) = (interrupted.clone(), computing.clone());
        let cancel = cancel.clone();
        // The first Ctrl-C while computing asks for a checkpoint (and stops
        // the heap in progress, which is computed again on resuming); a
        // second one, or one while printing, ends the process at once.
        ctrlc::set_handler(move || {
            if !computing.load(Ordering::SeqCst) || flag.swap(true, Ordering::SeqCst) {
                std::process::exit(INTERRUPTED);
            }
            cancel.cancel();
        })
        .context("cannot install the Ctrl-C handler")?;
    }
    let mut progress = Progress::new(args.quiet, goal, comp.computed() as u64);
    let mut last_save = Instant::now();
    let every = Duration::from_secs_f64(args.checkpoint_every.max(0.01));
    let start_len = comp.computed() as u64;
    let stop_at_proof = !args.past_proof;
    loop {
        let len = comp.computed() as u64;
        if args.stop_after.is_some_and(|s| len - start_len >= s) {
            interrupted.store(true, Ordering::SeqCst);
        }
        if interrupted.load(Ordering::SeqCst) {
            progress.finish();
            let at = comp.computed();
            match &save {
                Some(path) => {
                    write_checkpoint(path, &mut comp, to)?;
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
        if plan.out_of_budget(len, comp.work()) {
            break;
        }
        let chunk = if len < 1 << 16 { 1024 } else { 8192 };
        let step = match comp.advance(goal, chunk, stop_at_proof || len >= wanted) {
            Ok(step) => step,
            // Ctrl-C: checkpointed above, on the next turn.
            Err(err) if err.limit_kind() == Some(LimitKind::Cancelled) => continue,
            Err(err) => {
                // Keep the work done so far (for example up to a value that
                // does not fit in 16 bits).
                progress.finish();
                if let Some(path) = &save {
                    write_checkpoint(path, &mut comp, to)?;
                }
                return Err(err.into());
            }
        };
        progress.update(&comp);
        if save.is_some() && last_save.elapsed() >= every {
            write_checkpoint(save.as_deref().unwrap(), &mut comp, to)?;
            last_save = Instant::now();
        }
        match step {
            Step::Working => {}
            Step::Reached | Step::Proved(_) => break,
        }
    }
    progress.finish();
    if let Some(path) = &save {
        write_checkpoint(path, &mut comp, to)?;
    }
    computing.store(false, Ordering::SeqCst);
    let computed = comp.computed() as u64;
    let period = comp.period();
    if period.is_none() && computed < wanted {
        return Err(plan.refusal(&rule, computed, limits).into());
    }
    let value = |n: u64| -> Result<u16> {
        let m = period.map_or(n, |p| p.reduce(n));
        comp.value(m as usize)
            .with_context(|| format!("G({m}) is no longer kept (window mode)"))
    };
    // Without a period, window and archive modes counted the values as
    // they came: heaps 1..=to when computed no further.
    let hist = comp
        .histogram()
        .filter(|_| period.is_none() && computed == to.saturating_add(1));
    let split = comp.split();
    print(
        &args,
        &rule,
        to,
        period,
        &value,
        hist,
        split.as_ref(),
        Some(Timing {
            computed,
            resumed_at: start_len,
            elapsed: started.elapsed(),
            examined: comp.examined(),
            largest: comp.largest(),
        }),
    )
}

/// Refuses, before any work, what window mode (asked for by `source`)
/// cannot do.
fn check_window(args: &Args, source: &str) -> Result<()> {
    let listing = args.plot.is_some() || args.json || (!args.stats && !args.histogram);
    if listing {
        bail!(
            "{source}: window mode keeps only a window of the values, so it cannot list them \
             all (--json, --plot or the default listing): use --stats or --histogram"
        );
    }
    if args.engine == EngineChoice::Naive {
        bail!(
            "{source}: window mode needs the sparse engine (--engine auto): the naive one reads \
             every value"
        );
    }
    if args.prove {
        bail!(
            "{source}: window mode cannot --prove: periods are searched for only while every \
             value is kept"
        );
    }
    if args.archive_keep.is_some() {
        bail!("{source}: window mode and --archive-keep: choose one");
    }
    Ok(())
}

/// Prints the requested report of `G(0..=to)`, with the histogram of heaps
/// `1..=to` when already counted (window mode).
#[allow(clippy::too_many_arguments)]
fn print(
    args: &Args,
    rule: &Rule,
    to: u64,
    period: Option<Period>,
    value: &dyn Fn(u64) -> Result<u16>,
    hist: Option<&Histogram>,
    split: Option<&Split>,
    timing: Option<Timing>,
) -> Result<()> {
    let histogram = || -> Result<Histogram> {
        match hist {
            Some(h) => Ok(h.clone()),
            None => Histogram::over_heaps(to, period, value),
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.histogram {
        sequence::write_histogram(&mut out, &histogram()?)?;
        out.flush()?;
        return Ok(());
    }
    if let Some(path) = &args.plot {
        let svg = answer::plot::scatter(rule, 0, to, period, value)?;
        fs::write(path, svg).with_context(|| format!("cannot write {}", path.display()))?;
        writeln!(
            out,
            "Wrote the plot of G(0..={to}) of {rule} to {}.",
            path.display()
        )?;
        out.flush()?;
        return Ok(());
    }
    if args.json {
        let stats = if args.stats {
            Some(sequence::stats_json(timing, &histogram()?, split))
        } else {
            None
        };
        sequence::write_json(&mut out, rule, to, period, value, stats.as_ref())?;
        writeln!(out)?;
        out.flush()?;
        return Ok(());
    }
    let mut text = crate::ui::Ui::detect().writer(&mut out);
    sequence::write_text(
        &mut text, rule, to, period, value, args.stats, &histogram, split, timing,
    )?;
    drop(text);
    out.flush()?;
    Ok(())
}

/// A positive, finite number of seconds (at most a year).
pub(crate) fn parse_seconds(s: &str) -> Result<f64, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !secs.is_finite() || secs <= 0.0 || secs > 366.0 * 86400.0 {
        return Err(format!(
            "{s:?} is not a positive number of seconds (at most a year)"
        ));
    }
    Ok(secs)
}

/// The most values listed (as text or JSON): 2^30.
const MAX_PRINTED: u64 = 1 << 30;

/// Refuses, before any work, a listing too long to print.
fn check_printable(args: &Args, to: u64) -> Result<()> {
    let printing = !args.histogram && (!args.stats || args.json);
    if printing && to >= MAX_PRINTED {
        bail!(
            "--to {to} is too large to print: at most {MAX_PRINTED} values are listed \
             (use --stats or --histogram for a summary)"
        );
    }
    Ok(())
}

/// The number of u16 values that fit in 90% of the available memory.
fn memory_heaps() -> u64 {
    crate::args::available_memory() / 2
}
