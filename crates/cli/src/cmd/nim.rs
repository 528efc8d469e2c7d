//! `grundy nim 3 4 5`: a Nim position, normal or misère.

use anyhow::Result;

use crate::args::{parse_count, AnalysisFlags, MisereFlag};

/// Analyse a Nim position: who wins, the nim-sum in binary, every winning move.
#[derive(clap::Args, Debug)]
#[command(
    allow_negative_numbers = true,
    after_help = "Examples:\n  grundy nim 3 4 5\n  grundy nim --misere 1 1 2\n  grundy nim --json 7 9"
)]
pub struct Args {
    /// The heap sizes.
    #[arg(required = true, value_parser = parse_count, value_name = "HEAP")]
    heaps: Vec<u64>,
    #[command(flatten)]
    flags: AnalysisFlags<MisereFlag>,
}

pub fn run(args: Args) -> Result<()> {
    let position = grundy::games::heap::nim(args.heaps)?;
    let play = args.flags.mode.mode().ending();
    let analysis = position.analyze(play, &args.flags.options())?;
    super::analyze::print(&position, &analysis, args.flags.json)
}
