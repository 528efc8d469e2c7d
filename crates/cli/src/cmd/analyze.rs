//! `grundy analyze "nim(3,4,5) + kayles(10)"`: any sum, normal or misère.

use anyhow::Result;
use grundy::expr::parse_position;

use super::{AnalysisFlags, ExprSource};
use crate::render;

/// Analyse a sum written in the expression language, e.g.
/// "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17) + stairs(1,5,9)".
#[derive(clap::Args, Debug)]
#[command(after_long_help = grammar(), after_help = "Examples and the grammar: grundy analyze --help")]
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

/// The expression language, for `analyze --help`: the grammar of a sum,
/// the heap rules' syntax, and every family of the registry
/// ([`grundy::games::FAMILIES`]) with an example and what it is.
pub fn grammar() -> String {
    let mut s = String::from(
        "\
The expression language:
  position := term ( '+' term )*
  term     := name '(' arguments ')'      each family reads its own arguments
Heap rules:
  term     := rule '(' number ( ',' number )* ')'   one heap per number
  rule     := 'nim' | 'kayles' | 'dawson' | 'grundys'
            | code                         0.77  0.137  4.7  0.F  .07
            | 'sub' '{' items '}'
  items    := 'fib' | 'pow2' | item ( ',' item )*
  item     := number | number '..' number    1..5 is 1,2,3,4,5
  number   := 0 … 18446744073709551615
kayles is 0.77 and dawson 0.07; a code d0.d1d2… says for each k what removing
k tokens may leave: nothing (1), one heap (2), two heaps (4), three heaps (8).
Spaces are allowed between tokens; names are case-insensitive.

Every family (as written, and what it is):
",
    );
    for family in grundy::games::FAMILIES {
        s += &format!("  {}\n", family.example);
        s += &wrap(family.about, 6, 78);
    }
    s += "
Examples:
  grundy analyze \"nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17)\"
  grundy analyze --misere \"nim(1,1,2)\"
  grundy analyze --every \"euclid(3,2) + nim(5)\"
  grundy analyze --json \"stairs(1,5,9)\"
  grundy analyze - < position.txt          (or --file position.txt)";
    s
}

/// `text` in lines of at most `width` characters, each indented by `indent`.
fn wrap(text: &str, indent: usize, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent + line.chars().count() + 1 + word.chars().count() > width {
            out += &format!("{:indent$}{line}\n", "");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out += &format!("{:indent$}{line}\n", "");
    }
    out
}

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
