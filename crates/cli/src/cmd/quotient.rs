//! `grundy quotient CODE [--to N]`: the misère quotient of a heap game on
//! the heaps `0..=N`, proved, with its pretending function and, where the
//! periodicity theorem applies, the period of the pretending function.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy::quotient::{Checkpoint, Quotient, QuotientLimits, CHECKPOINT_FORMAT};
use grundy::Rule;
use indicatif::{ProgressBar, ProgressStyle};

use crate::answer;
use crate::args::parse_count;
use crate::cmd::seq::{check_regular, same_file};

/// The misère quotient of a take-and-break code or subtraction set.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule: a code such as 0.75 or 0.07 (kayles, dawson), or sub{…}.
    rule: String,
    /// The largest heap: the quotient Q_N of the heaps 0..=N.
    #[arg(long, value_parser = parse_count, value_name = "N", default_value_t = 30)]
    to: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// The most elements the quotient may have before the run stops.
    #[arg(long, value_name = "K", default_value_t = QuotientLimits::default().max_order)]
    max_order: usize,
    /// Stop after this many seconds (checked between heaps, and inside the
    /// long steps of a heap), saying how far the run got [default: no
    /// limit; Ctrl-C stops it, saving to --save FILE].
    #[arg(long = "time", visible_alias = "max-seconds", value_name = "SECONDS",
          value_parser = crate::limits::parse_seconds)]
    max_seconds: Option<f64>,
    /// The most memory the run may hold: bytes or a size such as 500M,
    /// 4G, 64MiB [default: half of the machine's memory].
    #[arg(long, value_name = "SIZE", value_parser = crate::limits::parse_size)]
    memory: Option<u64>,
    /// Save the computation to FILE when it ends — finished or stopped by a
    /// limit — so that `--resume FILE` can carry it on.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Carry on a computation saved by `--save` (same rule; the saved
    /// quotient is proved again before use).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rule = Rule::parse(&args.rule)?;
    let limits = QuotientLimits {
        max_order: args.max_order,
        max_seconds: args.max_seconds,
        ..QuotientLimits::default()
    };
    if let Some(path) = &args.save {
        // Only the checkpoint being carried on is written over.
        let same = args.resume.as_ref().is_some_and(|r| same_file(r, path));
        if path.exists() && !same {
            bail!(
                "--save {}: the file already exists; refusing to overwrite it (carry it on with \
                 --resume {0}, or choose another file)",
                path.display()
            );
        }
    }
    let from = args.resume.as_deref().map(load).transpose()?;
    let bar = (!args.quiet && std::io::stderr().is_terminal()).then(|| {
        let bar = ProgressBar::new(args.to);
        bar.set_style(
            ProgressStyle::with_template("{elapsed_precise} heap {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        if let Some(c) = &from {
            bar.set_position(c.heaps);
        }
        bar
    });
    // The time limit is the quotient's own (its refusal says how far the
    // run got); the budget brings the memory allowance and Ctrl-C.
    let budget = crate::limits::RunFlags {
        time: None,
        memory: args.memory,
    }
    .budget();
    let (result, checkpoint) =
        Quotient::compute_within(&rule, args.to, from.as_ref(), false, limits, &budget, |p| {
            if let Some(bar) = &bar {
                bar.set_position(p.heap);
                bar.set_message(format!("order {}", p.order));
            }
        });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let saved = match (&args.save, &checkpoint) {
        (Some(path), Some(c)) => {
            save(path, c)?;
            Some((path, c))
        }
        _ => None,
    };
    let q = match (result, saved) {
        (Ok(q), _) => q,
        (Err(e), Some((path, c))) => {
            return Err(noted(
                e,
                format!(
                    "\n(heaps 0..{} of order {} are saved in {}: carry on with --resume {} and a larger limit)",
                    c.heaps,
                    c.order(),
                    path.display(),
                    path.display()
                ),
            ))
        }
        (Err(e), None) => {
            let hint = checkpoint
                .map(|c| {
                    format!(
                        "\n(heaps 0..{} of order {} were done; --save FILE keeps them for --resume)",
                        c.heaps,
                        c.order()
                    )
                })
                .unwrap_or_default();
            return Err(noted(e, hint));
        }
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string(&answer::quotient::json(&q))?
        )?;
    } else {
        write!(
            out,
            "{}",
            crate::ui::Ui::detect().text(&answer::quotient::text(&q)?)
        )?;
    }
    Ok(())
}

/// `e` with `note` after its message, keeping its kind (so that a limit
/// reached is still named, and Ctrl-C still exits with its status).
fn noted(e: grundy::Error, note: String) -> anyhow::Error {
    match e.limit_kind() {
        Some(kind) => grundy::Error::limit(kind, format!("{e}{note}")).into(),
        None => anyhow::anyhow!("{e}{note}"),
    }
}

/// The largest quotient checkpoint read: far more than a quotient within
/// the size limits takes.
const MAX_CHECKPOINT_BYTES: u64 = 256 << 20;

/// Reads a checkpoint written by `--save`.
fn load(path: &Path) -> Result<Checkpoint> {
    check_regular(path)?;
    let size = std::fs::metadata(path).map_or(0, |m| m.len());
    if size > MAX_CHECKPOINT_BYTES {
        bail!(
            "--resume {}: {size} bytes is more than a quotient checkpoint holds (at most {} MiB)",
            path.display(),
            MAX_CHECKPOINT_BYTES >> 20
        );
    }
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("--resume {}: cannot read the file", path.display()))?;
    let not_ours = || {
        format!(
            "--resume {}: not a quotient saved by `grundy quotient --save`",
            path.display()
        )
    };
    let value: serde_json::Value = serde_json::from_str(&text).with_context(not_ours)?;
    match value.get("format").and_then(serde_json::Value::as_u64) {
        Some(f) if f == u64::from(CHECKPOINT_FORMAT) => {}
        Some(f) => bail!(
            "--resume {}: the quotient was saved in format {f}; this version of grundy reads format {CHECKPOINT_FORMAT}",
            path.display()
        ),
        None => bail!(not_ours()),
    }
    serde_json::from_value(value).with_context(|| {
        format!(
            "--resume {}: not a quotient saved by `grundy quotient --save`",
            path.display()
        )
    })
}

/// Writes a checkpoint (to a temporary file first, so that an interrupted
/// write never leaves a damaged one behind).
fn save(path: &Path, c: &Checkpoint) -> Result<()> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = PathBuf::from(tmp);
    std::fs::write(&tmp, serde_json::to_string(c)?)
        .with_context(|| format!("--save {}: cannot write {}", path.display(), tmp.display()))?;
    std::fs::rename(&tmp, path)
        .with_context(|| format!("--save {}: cannot write the file", path.display()))?;
    Ok(())
}
