//! `grundy analyze "nim(3,4,5) + kayles(10)"`: any sum, normal or misère.

use anyhow::Result;
use grundy::expr::parse_position;

use super::AnalysisFlags;
use crate::render;

/// Analyse a sum written in the expression language, e.g.
/// "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17) + stairs(1,5,9)".
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The position (see the README for the grammar).
    #[arg(value_name = "EXPR")]
    expr: String,
    #[command(flatten)]
    flags: AnalysisFlags,
}

pub fn run(args: Args) -> Result<()> {
    let position = parse_position(&args.expr)?;
    let analysis = position.analyze(args.flags.play(), &args.flags.options())?;
    render::analysis(&position, &analysis, args.flags.json)
}
