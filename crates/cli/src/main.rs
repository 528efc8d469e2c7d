//! `grundy`: the command line over the grundy engine.
//!
//! Every subcommand lives in its own module under `cmd/`; each parses its
//! arguments, calls the engine, and prints. Errors end as one line on stderr
//! and a non-zero exit status.

mod cmd;
mod render;
mod ui;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Impartial combinatorial games, exactly: Nim, subtraction and octal games,
/// Grundy's game, staircase Nim, and sums of them.
#[derive(Parser)]
#[command(name = "grundy", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Nim(cmd::nim::Args),
    Analyze(cmd::analyze::Args),
    Seq(cmd::seq::Args),
    Value(cmd::value::Args),
    Play(cmd::play::Args),
    Explain(cmd::explain::Args),
    Judge(cmd::judge::Args),
    Nimber(cmd::nimber::Args),
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Help and version go to stdout as usual; a usage error is one line.
        Err(err) if !err.use_stderr() => err.exit(),
        Err(err) => {
            let text = err.render().to_string();
            let first = text.lines().next().unwrap_or("invalid arguments");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            eprintln!("grundy: error: {first} (see grundy --help)");
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Nim(args) => cmd::nim::run(args),
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Seq(args) => cmd::seq::run(args),
        Command::Value(args) => cmd::value::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Judge(args) => cmd::judge::run(args),
        Command::Nimber(args) => cmd::nimber::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            // A closed pipe (`grundy seq … | head`) is not an error worth a word.
            if let Some(io) = err.downcast_ref::<std::io::Error>() {
                if io.kind() == std::io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
            }
            eprintln!("grundy: error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
