//! `grundy analyze "nim(3,4,5) + kayles(10)"`: any sum, normal or misère.

use anyhow::Result;
use grundy::expr::parse_position;

use super::{AnalysisFlags, ExprSource};
use crate::render;

/// Analyse a sum written in the expression language, e.g.
/// "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17) + stairs(1,5,9)".
#[derive(clap::Args, Debug)]
#[command(after_long_help = GRAMMAR, after_help = "Examples and the grammar: grundy analyze --help")]
pub struct Args {
    #[command(flatten)]
    source: ExprSource,
    #[command(flatten)]
    flags: AnalysisFlags,
    /// Every-game play: on each turn the player moves in every component
    /// that can move; the last to move wins (decided by Smith's steps).
    #[arg(long, conflicts_with = "misere")]
    every: bool,
}

/// The expression language, for `analyze --help`.
pub const GRAMMAR: &str = "\
The expression language:
  position := term ( '+' term )*
  term     := rule '(' number ( ',' number )* ')'
  rule     := 'nim' | 'kayles' | 'dawson' | 'grundys' | 'stairs'
            | code                         0.77  0.137  4.7  0.F  .07
            | 'sub' '{' items '}'
  items    := 'fib' | 'pow2' | item ( ',' item )*
  item     := number | number '..' number    1..5 is 1,2,3,4,5
  number   := 0 … 18446744073709551615
kayles is 0.77 and dawson 0.07; a code d0.d1d2… says for each k what removing
k tokens may leave: nothing (1), one heap (2), two heaps (4), three heaps (8).
stairs(1,5,9) is staircase Nim with monks on steps 1, 5 and 9. Spaces are
allowed between tokens; names are case-insensitive.

Examples:
  grundy analyze \"nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17)\"
  grundy analyze --misere \"nim(1,1,2)\"
  grundy analyze --every \"euclid(3,2) + nim(5)\"
  grundy analyze --json \"stairs(1,5,9)\"
  grundy analyze - < position.txt          (or --file position.txt)";

pub fn run(args: Args) -> Result<()> {
    let text = args.source.text()?;
    let position = parse_position(&text)?;
    if args.every {
        let analysis = grundy::every::analyze(&position, &args.flags.options())?;
        return crate::every::print(&position, &analysis, args.flags.json, args.flags.plain);
    }
    let analysis = position.analyze(args.flags.play(), &args.flags.options())?;
    render::analysis(&position, &analysis, &args.flags)
}
