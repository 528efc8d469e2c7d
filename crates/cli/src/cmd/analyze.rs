//! `grundy analyze "nim(3,4,5) + kayles(10)"`: any sum, normal or misère.

use std::io::Write;

use anyhow::Result;
use grundy::sum::{Analysis, AnalyzeOptions, Position};

use crate::answer;
use crate::args::{AnalysisFlags, ExprSource, ModeFlags};
use crate::progress::{LoopyBar, SearchBar};
use crate::ui::Ui;

/// Analyse a sum written in the expression language, e.g.
/// "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17) + stairs(1,5,9)".
#[derive(clap::Args, Debug)]
#[command(
    after_long_help = grammar(),
    after_help = "Examples and the grammar: grundy analyze --help",
    // --every is listed last, after the output options.
    mut_arg("every", |a| a.display_order(7))
)]
pub struct Args {
    #[command(flatten)]
    source: ExprSource,
    #[command(flatten)]
    flags: AnalysisFlags<ModeFlags>,
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
    let flags = &args.flags;
    let options = flags.options();
    let position = args.source.position(&options.budget)?;
    let Some(play) = flags.mode.mode().play() else {
        // The search of every-game play shows no progress: the smaller
        // default budget.
        let options = AnalyzeOptions {
            search_budget: flags.limits.work(),
            ..options
        };
        let analysis = grundy::every::analyze(&position, &options)?;
        let mut out = std::io::stdout().lock();
        if flags.json {
            writeln!(out, "{}", answer::every::json(&position, &analysis)?)?;
        } else {
            let ui = Ui::detect();
            write!(
                out,
                "{}",
                ui.text(&answer::every::text(&position, &analysis))
            )?;
        }
        return Ok(());
    };
    let bar = LoopyBar::new();
    let searching = SearchBar::new(options.search_budget);
    let options = AnalyzeOptions {
        loopy_progress: bar.hook(),
        search_progress: searching.observer(),
        ..options
    };
    let analysis = position.analyze(play, &options)?;
    drop(bar);
    drop(searching);
    // The words of the answer take about as much again as the analysis.
    let _words = position.hold_analysis(&options.budget)?;
    print(&position, &analysis, flags.json)
}

/// Prints an analysis (`nim`, `analyze`): as JSON, or as an explanation
/// (plain ASCII unless Unicode is on, see [`Ui::detect`]).
pub fn print(position: &Position, a: &Analysis, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        writeln!(out, "{}", answer::analysis::json(position, a)?)?;
        return Ok(());
    }
    write!(
        out,
        "{}",
        answer::analysis::printed(&Ui::detect(), position, a)
    )?;
    Ok(())
}
