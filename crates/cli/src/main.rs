//! `grundy`: the command line over the grundy engine.
//!
//! Every subcommand lives in its own module under `cmd/` (the server under
//! `serve/`); each parses its arguments, calls the engine, and prints the
//! answer `answer/` builds. Usage errors are clap's own full
//! message (what is missing or wrong, tips, possible values; coloured on a
//! terminal) with exit status 2; other errors end as one line on stderr and
//! exit status 1.

mod answer;
mod args;
mod census_save;
mod cmd;
mod limits;
mod progress;
mod serve;
mod ui;

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// Impartial combinatorial games, exactly: Nim, subtraction and octal games,
/// Grundy's game, staircase Nim, and sums of them.
#[derive(Parser)]
#[command(
    name = "grundy",
    version,
    about,
    long_about = None,
    arg_required_else_help = true,
    disable_help_subcommand = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Plain ASCII without colour, even on a terminal. Also chosen by
    /// NO_COLOR (set and not empty), TERM=dumb, and output that is not a
    /// terminal.
    #[arg(long, global = true)]
    plain: bool,
}

#[derive(Subcommand)]
enum Command {
    Nim(cmd::nim::Args),
    Analyze(cmd::analyze::Args),
    Seq(cmd::seq::Args),
    Census(cmd::census::Args),
    Quotient(cmd::quotient::Args),
    Value(cmd::value::Args),
    Play(cmd::play::Args),
    Explain(cmd::explain::Args),
    Judge(cmd::judge::Args),
    Serve(serve::Args),
    Nimber(cmd::nimber::Args),
    Completions(Completions),
    Man(Man),
    Help(Help),
}

/// Print a shell completion script for grundy.
///
/// Example: `grundy completions bash > /etc/bash_completion.d/grundy`, or
/// `grundy completions zsh > ~/.zfunc/_grundy`.
#[derive(clap::Args, Debug)]
struct Completions {
    /// The shell to complete in.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// Print grundy's manual page (roff), e.g. `grundy man > grundy.1; man ./grundy.1`.
#[derive(clap::Args, Debug)]
struct Man {}

/// Print the help of grundy or of one command, e.g. `grundy help analyze`.
#[derive(clap::Args, Debug)]
struct Help {
    /// The command whose help to print.
    command: Option<String>,
}

fn main() -> ExitCode {
    // Help and version go to stdout, usage errors to stderr (exit 2), in
    // clap's own words and colours.
    let cli = Cli::parse();
    ui::choose_plain(cli.plain);
    let result = match cli.command {
        Command::Nim(args) => cmd::nim::run(args),
        Command::Analyze(args) => cmd::analyze::run(args),
        Command::Seq(args) => cmd::seq::run(args),
        Command::Census(args) => cmd::census::run(args),
        Command::Value(args) => cmd::value::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Explain(args) => cmd::explain::run(args),
        Command::Judge(args) => cmd::judge::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Nimber(args) => cmd::nimber::run(args),
        Command::Completions(args) => {
            let mut cli = Cli::command();
            clap_complete::generate(args.shell, &mut cli, "grundy", &mut std::io::stdout());
            Ok(())
        }
        Command::Man(_) => clap_mangen::Man::new(Cli::command())
            .render(&mut std::io::stdout())
            .map_err(Into::into),
        Command::Help(args) => help(args.command.as_deref()),
        Command::Quotient(args) => cmd::quotient::run(args),
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
            match limits::hint(&err) {
                Some(hint) => eprintln!("grundy: error: {err:#}; {hint}"),
                None => eprintln!("grundy: error: {err:#}"),
            }
            if limits::interrupted(&err) {
                return ExitCode::from(limits::INTERRUPTED as u8);
            }
            ExitCode::FAILURE
        }
    }
}

/// `grundy help [COMMAND]`: the long help of grundy or of one command.
fn help(command: Option<&str>) -> anyhow::Result<()> {
    let mut cli = Cli::command();
    // Gives each command its full name ("grundy value") in its usage line.
    cli.build();
    match command {
        None => cli.print_long_help()?,
        Some(name) => match cli.find_subcommand_mut(name) {
            Some(sub) => sub.print_long_help()?,
            None => anyhow::bail!("there is no command {name:?} (see grundy --help)"),
        },
    }
    Ok(())
}
