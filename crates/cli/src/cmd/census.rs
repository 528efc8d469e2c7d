//! `grundy census PATTERN…`: the table of many octal codes — each code's
//! class, whether its period is proved, and what its sequence looks like.
//!
//! The engine does the work (`grundy::census`); this parses, runs it with a
//! progress bar over the codes, saves each record as it comes (`--save`,
//! `--resume`), and prints the table or the JSON records
//! ([`crate::answer::census`] builds them).

use std::io::{BufWriter, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use grundy::budget::{Budget, LimitKind};
use grundy::census::{self, expand, Options, Record};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::seq::parse_seconds;
use crate::answer;
use crate::args::parse_count;
use crate::census_save::Save;

/// Survey many octal codes: class, period (proved), largest value, sparse split.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  grundy census '0.??' --to 10000\n  grundy census '0.???' --save census.jsonl   (then, after a stop: the same with --resume)\n  grundy census 0.16 0.56 4.3 --json\n  grundy census @codes.txt"
)]
pub struct Args {
    /// Codes to survey: octal codes in which ? stands for any digit (0.???
    /// is the 512 codes 0.000 to 0.777), separated by spaces or commas;
    /// @FILE reads them from FILE.
    #[arg(required = true, value_name = "PATTERN")]
    patterns: Vec<String>,
    /// The last heap computed for each code (the run stops earlier at a
    /// proved period).
    #[arg(long, value_parser = parse_count, value_name = "N", default_value_t = census::DEFAULT_TO)]
    to: u64,
    /// Print the records as one JSON array.
    #[arg(long)]
    json: bool,
    /// Append each record to FILE as a JSON line as soon as its code is
    /// finished (an existing FILE is only ever continued, with --resume).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Continue the census saved in the --save FILE: codes found there are
    /// not computed again, and the table is the one a run without a stop
    /// prints.
    #[arg(long, requires = "save")]
    resume: bool,
    /// Codes computed at once, one thread each (default: all cores).
    #[arg(long, value_name = "N")]
    threads: Option<usize>,
    /// The time each code may take, in seconds; a code stopped by it is
    /// open, computed to the heap it reached.
    #[arg(long, value_name = "S", default_value_t = 600.0, value_parser = parse_seconds)]
    time_per_game: f64,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

/// Exit status of a run stopped by Ctrl-C (128 + SIGINT).
const INTERRUPTED: i32 = 130;

pub fn run(args: Args) -> Result<()> {
    let mut patterns = Vec::new();
    for p in &args.patterns {
        match p.strip_prefix('@') {
            Some(path) => patterns.push(read_codes(path)?),
            None => patterns.push(p.clone()),
        }
    }
    let codes = expand(&patterns)?;
    if args.threads == Some(0) {
        bail!("--threads must be at least 1");
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let options = Options {
        to: args.to,
        time_per_game: Some(Duration::from_secs_f64(args.time_per_game)),
        threads,
    };
    let (save, known) = match &args.save {
        Some(path) => {
            let (save, known) = Save::open(path, args.to, args.resume)?;
            (Some(save), known)
        }
        None => (None, Vec::new()),
    };
    let budget = Budget::unlimited().with_memory(crate::args::available_memory());
    let cancel = budget.cancel_handle();
    ctrlc::set_handler(move || {
        if cancel.is_cancelled() {
            std::process::exit(INTERRUPTED);
        }
        cancel.cancel();
    })
    .context("cannot install the Ctrl-C handler")?;

    let done_before = codes
        .iter()
        .filter(|c| known.iter().any(|r| r.code == c.text()))
        .count();
    let bar = progress(args.quiet, codes.len(), done_before);
    let failed: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let done = |record: &Record| {
        bar.inc(1);
        bar.set_message(record.code.clone());
        if let Some(save) = &save {
            if let Err(e) = save.append(record) {
                failed
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get_or_insert(e);
                budget.cancel_handle().cancel();
            }
        }
    };
    let result = census::run(&codes, &known, &options, &budget, &done);
    bar.finish_and_clear();
    if let Some(e) = failed.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let records = match result {
        Ok(records) => records,
        Err(e) if e.limit_kind() == Some(LimitKind::Cancelled) => {
            match &args.save {
                Some(path) => eprintln!(
                    "grundy: interrupted; the codes finished are saved in {0}; continue with the same command and --resume",
                    path.display()
                ),
                None => eprintln!("grundy: interrupted (nothing saved: use --save FILE to keep the work)"),
            }
            std::process::exit(INTERRUPTED);
        }
        Err(e) => return Err(e.into()),
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        answer::census::write_json(&mut out, &records)?;
    } else {
        answer::census::write_table(&mut out, &records, args.to)?;
    }
    out.flush()?;
    Ok(())
}

/// The text of the file of codes `path` (`-` for stdin).
fn read_codes(path: &str) -> Result<String> {
    const MAX: u64 = 64 << 20;
    let mut text = String::new();
    let read = match path {
        "-" => std::io::stdin().lock().take(MAX).read_to_string(&mut text),
        _ => std::fs::File::open(path).and_then(|f| f.take(MAX).read_to_string(&mut text)),
    };
    read.with_context(|| format!("cannot read the codes in {path}"))?;
    Ok(text)
}

/// The bar over the codes, on stderr when it is a terminal.
fn progress(quiet: bool, codes: usize, done: usize) -> ProgressBar {
    let target = match !quiet && std::io::stderr().is_terminal() {
        true => ProgressDrawTarget::stderr(),
        false => ProgressDrawTarget::hidden(),
    };
    let bar = ProgressBar::with_draw_target(Some(codes as u64), target);
    let style = ProgressStyle::with_template(
        "{elapsed_precise} [{bar:20}] {human_pos}/{human_len} codes, ETA {eta}, last {msg}",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("=> ");
    bar.set_style(style);
    bar.set_position(done as u64);
    bar.reset_eta();
    bar.enable_steady_tick(Duration::from_secs(1));
    bar
}
