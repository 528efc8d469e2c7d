//! `grundy judge PROBLEM`: a reference solution for classic online-judge
//! game problems — judge input on stdin, the judge's expected output on
//! stdout — plus `--list` and a test generator (`--generate`).

use std::io::IsTerminal;
use std::io::{self, BufWriter, Write};

use anyhow::Result;
use grundy_judge::{Bounds, JudgeError, Scale};

/// Answer a classic game problem exactly as its judge expects, or generate a
/// test input for it.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  grundy judge poj-2975 < input.txt > expected.txt\n  grundy judge --list\n  grundy judge hdu-1536 --generate --seed 7 > input.txt\n  grundy judge poj-2975 --no-bounds < huge-heaps.txt"
)]
pub struct Args {
    /// The problem id, e.g. poj-2975 (see --list).
    #[arg(required_unless_present = "list", value_name = "PROBLEM")]
    problem: Option<String>,
    /// Print the supported problem ids, each with a one-line description.
    #[arg(long, conflicts_with_all = ["problem", "generate"])]
    list: bool,
    /// Print a random valid input for PROBLEM instead of solving one.
    #[arg(long)]
    generate: bool,
    /// Seed of the generator (default: from the clock, reported on stderr).
    #[arg(long, requires = "generate", value_name = "S")]
    seed: Option<u64>,
    /// Generate the largest input the problem's bounds allow.
    #[arg(long, requires = "generate")]
    large: bool,
    /// Answer any input the game is defined on, beyond the problem's stated
    /// bounds (heap sizes up to 2^64-1, more cases or piles); by default
    /// numbers out of the stated bounds are refused, as a validator would.
    #[arg(long, conflicts_with = "generate")]
    no_bounds: bool,
}

pub fn run(args: Args) -> Result<()> {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    if args.list {
        let width = grundy_judge::problems()
            .iter()
            .map(|p| p.id.len())
            .max()
            .unwrap_or(0);
        for p in grundy_judge::problems() {
            let summary = crate::ui::Ui::detect().text(p.summary);
            writeln!(out, "{:width$}  {summary}", p.id)?;
        }
        out.flush()?;
        return Ok(());
    }
    let id = args
        .problem
        .as_deref()
        .expect("clap requires PROBLEM without --list");
    let problem = grundy_judge::find(id)?;
    if args.generate {
        let seed = args.seed.unwrap_or_else(clock_seed);
        if args.seed.is_none() {
            eprintln!("grundy: generating with --seed {seed}");
        }
        let scale = if args.large {
            Scale::Large
        } else {
            Scale::Normal
        };
        problem.generate(seed, scale, &mut out)?;
        out.flush()?;
        return Ok(());
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        eprintln!(
            "grundy: reading the input of {id} from the terminal; end it with Ctrl-D \
             (or redirect a file: grundy judge {id} < input.txt)"
        );
    }
    let mut input = stdin.lock();
    let bounds = if args.no_bounds {
        Bounds::Defined
    } else {
        Bounds::Stated
    };
    let result = problem.solve_with(&mut input, &mut out, bounds);
    // The answers to the cases before a bad one are still worth having.
    let flushed = out.flush();
    match result {
        // Hand I/O errors over as they are, so a closed pipe stays quiet.
        Err(JudgeError::Io(e)) => Err(e.into()),
        Err(e) => Err(e.into()),
        Ok(()) => Ok(flushed?),
    }
}

/// A seed that differs from run to run.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
