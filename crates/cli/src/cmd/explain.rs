//! `grundy explain EXPR`: the step-by-step account of a position, computed
//! by the engine's [`grundy::explain`] (or [`grundy::every::explain`]) and
//! put into words by [`crate::answer::explanation`] (or
//! [`crate::answer::every`]).

use std::io::Write;

use anyhow::Result;
use grundy::mode::Mode;

use crate::answer;
use crate::args::{every_help, ExprSource, ModeFlags};
use crate::progress::{LoopyBar, SearchBar};
use crate::ui::Ui;

/// Explain a position step by step: Grundy values by mex, the nim-sum in
/// binary columns, and how the winning move is found.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  grundy explain \"nim(3,4,5)\"\n  grundy explain \"kayles(4) + nim(2)\"\n  grundy explain --misere \"nim(1,1,2)\"\n  grundy explain --every \"euclid(3,2) + nim(5)\"",
    mut_args(every_help("Every-game play (each turn a move in every component that can move, the last to move wins): each component's steps and the best turn"))
)]
pub struct Args {
    #[command(flatten)]
    source: ExprSource,
    #[command(flatten)]
    mode: ModeFlags,
    /// Print the account as one JSON object (what the web page's
    /// /api/explain answers): play, outcome, nim_sum, rows (each part's
    /// value and how it comes about), derivation (how the winning move is
    /// found), misere and winning_moves.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    limits: crate::limits::LimitFlags,
}

pub fn run(args: Args) -> Result<()> {
    let options = args.limits.options(10_000);
    let position = args.source.position(&options.budget)?;
    let mut out = std::io::stdout().lock();
    let play = match args.mode.mode() {
        Mode::Every => {
            // The search of every-game play shows no progress: the smaller
            // default budget.
            let options = grundy::sum::AnalyzeOptions {
                search_budget: args.limits.work(),
                ..options
            };
            let e = grundy::every::explain(&position, &options)?;
            if args.json {
                writeln!(out, "{}", answer::every::explanation_json(&position, &e)?)?;
            } else {
                let ui = Ui::detect();
                write!(out, "{}", ui.text(&answer::every::account(&position, &e)))?;
            }
            return Ok(());
        }
        mode => mode.ending(),
    };
    let bar = LoopyBar::new();
    let searching = SearchBar::new(options.search_budget);
    let options = grundy::sum::AnalyzeOptions {
        loopy_progress: bar.hook(),
        search_progress: searching.observer(),
        ..options
    };
    let e = grundy::explain::explain_with(&position, play, &options)?;
    drop(searching);
    drop(bar);
    if args.json {
        writeln!(out, "{}", answer::explanation::json(&position, &e))?;
        return Ok(());
    }
    let ui = Ui::detect();
    write!(out, "{}", answer::explanation::account(&ui, &position, &e))?;
    out.flush()?;
    Ok(())
}
