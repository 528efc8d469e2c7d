//! `grundy value RULE N`: one Grundy value, for any N below 2^64 once the
//! rule's period is proved.
//!
//! A heap too large to compute directly is answered only through a proof,
//! searched for up to the memory limit and about a minute of work
//! ([`Limits::patient`]), with a progress bar on a terminal.

use std::io::Write;
use std::time::Instant;

use anyhow::{bail, Result};
use grundy::limits::Limits;
use grundy::sequence::{NimSequence, Plan};
use grundy::Rule;

use crate::answer;
use crate::args::parse_count;
use crate::progress::Progress;

/// The Grundy value of one heap.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  grundy value kayles 1000000000000000000\n  grundy value \"sub{1,3,4}\" 17\n  grundy value 0.137 100 --json"
)]
pub struct Args {
    /// The rule: nim, kayles, dawson, grundys, a code such as 0.137, or sub{…}.
    rule: String,
    /// The heap size.
    #[arg(value_parser = parse_count)]
    n: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// No progress bar.
    #[arg(long, short)]
    quiet: bool,
    #[command(flatten)]
    limits: crate::limits::RunFlags,
}

pub fn run(args: Args) -> Result<()> {
    let rule = Rule::parse(&args.rule)?;
    let mut progress: Option<Progress> = None;
    // The plan of a search-only run, and the heaps it reached.
    let mut searched: Option<(Plan, u64)> = None;
    let started = Instant::now();
    let limits = Limits::patient();
    let budget = args.limits.budget();
    let seq = NimSequence::with_progress(&rule, args.n, limits, &budget, &mut |run, plan| {
        if plan.needs_proof {
            searched = Some((*plan, run.computed() as u64));
        }
        progress
            .get_or_insert_with(|| {
                if plan.needs_proof {
                    // Only a proof can answer: the run usually ends at the
                    // work budget, long before the memory limit.
                    Progress::search(args.quiet, plan.work)
                } else {
                    Progress::new(args.quiet, plan.goal, 0)
                }
            })
            .update(run);
    });
    if let Some(p) = progress.as_mut() {
        p.finish();
    }
    let seq = match (seq, searched) {
        (Err(grundy::Error::TooLarge(why)), Some((plan, reached))) => {
            // Say what ended the search, after how long, and how to go on.
            let secs = started.elapsed().as_secs_f64();
            if reached >= plan.goal {
                bail!("{why}; the search for a period reached the memory limit after {secs:.1} s")
            }
            bail!(
                "{why}; the search for a period stopped at its work budget after {secs:.1} s \
                 (about {:.0e} steps); `grundy seq {} --prove` searches on to the memory limit",
                plan.work as f64,
                shell_word(&rule.to_string()),
            )
        }
        (seq, _) => seq?,
    };
    let value = seq.value(args.n)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", answer::value::json(&rule, args.n, value))?;
    } else {
        let text = answer::value::text(&rule, args.n, value, seq.period());
        write!(out, "{}", crate::ui::Ui::detect().text(&text))?;
    }
    Ok(())
}

/// `word`, quoted for a shell when it holds anything but letters, digits
/// and `.`.
fn shell_word(word: &str) -> String {
    if word.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
        word.to_string()
    } else {
        format!("\"{word}\"")
    }
}
