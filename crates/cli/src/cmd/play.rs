//! `grundy play EXPR`: play against the perfect player, and ask it why.
//!
//! Moves are read line by line from stdin (a terminal or a script); the
//! notation is printed by `help` (see [`HELP`]). The game is the engine's
//! [`Session`] (the same as the web page's); this module reads the lines
//! and prints what [`crate::answer::play`] makes of the session.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::Result;
use clap::ValueEnum;
use grundy::expr::parse_position_within;
use grundy::session::{Session, SessionOptions, Side};
use grundy::sum::SumMove;

use crate::answer::{board, play as words};
use crate::args::{every_help, ModeFlags};
use crate::ui::Ui;

/// Who makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum First {
    Me,
    Computer,
}

/// Play a position against a perfect opponent: it wins whenever it can, and
/// when it cannot it makes the game last as long as possible. Type `help`
/// at the prompt for the move notation; moves may also be piped in, one a line.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  grundy play \"nim(1,2,3) + kayles(4)\"\n  grundy play \"grundys(9)\" --first computer\n  grundy play --every \"euclid(3,2) + nim(5)\"\n  printf '1 1\\nquit\\n' | grundy play \"nim(1,2,3)\"",
    mut_args(every_help("Every-game play: each turn the player moves in every part that can move (the moves separated by `;`), and whoever makes the last move wins"))
)]
pub struct Args {
    /// The position, e.g. "nim(3,4,5)", "kayles(10)", "grundys(9)", "stairs(1,5,9)".
    #[arg(value_name = "EXPR")]
    expr: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    #[command(flatten)]
    mode: ModeFlags,
    /// The limits of the computer's thinking, for each of its moves and
    /// each hint (`--time`: seconds a move).
    #[command(flatten)]
    limits: crate::limits::LimitFlags,
    /// Call the game a draw after this many moves (for games that may go
    /// on forever; a position met for the third time is a draw in any case).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    move_limit: Option<u32>,
}

/// The text of `help` at the prompt.
pub const HELP: &str = "\
Moves: the number of a heap (or other part, as drawn), then the move.
Numbers never change: a heap taken to nothing stays as 0, and when heap H
splits, the first heap left keeps number H and the others get new numbers.
  H K          take K tokens from heap H (Nim, subtraction games, and the
               take-and-break moves that leave one heap or nothing)
  H = A B      heap H is replaced by the heaps A and B (the sizes left behind,
               as many as the rule leaves: Grundy's game, take-and-break
               splits); `H = 0` leaves nothing
  N A B        staircase N: move the monk on step A up to step B
  N …          any other part: as `moves` lists its moves
With a single part, its number may be left out.
A game whose positions can repeat (a loopy game, such as tokens on a
digraph: `T V` moves token T to vertex V) is a draw when a position comes
up for the third time, or after the moves of --move-limit.
Every-game play (--every): a turn is one move in every part that can move,
separated by `;`, e.g. `1 2; 2 = 1 3; 3 4`.
Commands:
  hint         a winning move, and why it wins
  moves        list the legal moves
  undo         take back your last move and the computer's answer
  show         draw the position again
  help         this text
  quit         leave the game (Ctrl-D too)";

/// What one line of input asks for.
enum Input {
    Help,
    Hint,
    Moves,
    Undo,
    Show,
    Quit,
    /// A move, or in every-game play a whole turn.
    Move(Vec<SumMove>),
}

pub fn run(args: Args) -> Result<()> {
    // Ctrl-C ends the game at once, at the prompt or while the computer
    // thinks (nothing is lost), the line ended first, so the shell's prompt
    // starts on a line of its own. The handler runs on its own thread while
    // the game holds stdout's lock, so the newline goes to stderr (the same
    // terminal). (Installed first: the limits' own handler is then not.)
    let _ = ctrlc::set_handler(|| {
        eprintln!();
        std::process::exit(crate::limits::INTERRUPTED);
    });
    let options = args.limits.options(1);
    let position = parse_position_within(&args.expr, &options.budget)?;
    let first = match args.first {
        First::Me => Side::You,
        First::Computer => Side::Computer,
    };
    let options = SessionOptions {
        player_budget: args.limits.work(),
        analyze: options,
        move_limit: args.move_limit,
    };
    let mut session = Session::new(position, args.mode.mode(), options).with_first(first);
    session.set_budget(args.limits.budget());
    // Refuse up front what the engine cannot play perfectly (e.g. misère
    // play of a large sum other than Nim): later positions are smaller.
    session.outcome()?;
    let stdin = std::io::stdin();
    let mut game = Game {
        limits: args.limits,
        ui: Ui::detect(),
        echo: !stdin.is_terminal(),
        refused: None,
        session,
        input: stdin.lock(),
        out: std::io::stdout().lock(),
    };
    game.run()
}

/// The terminal's side of a game: the session, and where lines come from
/// and go to.
struct Game<R: BufRead, W: Write> {
    /// Each answer of the computer's (a move, a hint) gets a fresh budget
    /// of these.
    limits: crate::limits::LimitFlags,
    ui: Ui,
    session: Session,
    /// Whether to echo what was read (input from a script, not a terminal).
    echo: bool,
    /// Why the last line read was refused, until a line is accepted: a
    /// script whose input ends there did not play what it meant to.
    refused: Option<String>,
    input: R,
    out: W,
}

impl<R: BufRead, W: Write> Game<R, W> {
    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{}", self.ui.text(text))?;
        Ok(())
    }

    /// A blank line and the position drawn.
    fn draw(&mut self) -> Result<()> {
        writeln!(self.out)?;
        let drawing = board::draw(&self.ui, self.session.position(), self.session.numbers());
        write!(self.out, "{drawing}")?;
        Ok(())
    }

    fn run(&mut self) -> Result<()> {
        let title = words::title(&self.ui, &self.session);
        writeln!(self.out, "{title}")?;
        self.say("Type `help` for the move notation, `hint` for advice.")?;
        if self.session.to_move() == Side::Computer && self.computer_turn()? {
            return Ok(());
        }
        loop {
            self.draw()?;
            if self.session.end().is_some() {
                // Only at the start: later the game ends after the move
                // that ends it.
                return self.finish();
            }
            let turn = words::your_turn(&self.ui, &self.session);
            writeln!(self.out, "{turn}")?;
            let Some(input) = self.read()? else {
                return self.ended_early();
            };
            match input {
                Input::Help => self.say(HELP)?,
                Input::Show => {}
                Input::Quit => {
                    self.say("Bye.")?;
                    return Ok(());
                }
                Input::Hint => {
                    self.session.set_budget(self.limits.budget());
                    if let Some(advice) = self.session.advice()? {
                        let text = words::hint(&self.session, &advice)?;
                        self.say(&text)?;
                    }
                }
                Input::Moves => {
                    let text = words::legal_moves(self.session.position(), self.session.numbers());
                    self.say(&text)?;
                }
                Input::Undo => {
                    if self.session.undo() {
                        self.say("Took back your last move and the computer's answer.")?;
                    } else {
                        self.say("Nothing to undo yet.")?;
                    }
                }
                Input::Move(moves) => {
                    let text = words::yours(&self.session, &moves);
                    self.say(&text)?;
                    self.session.play(&moves)?;
                    if self.session.end().is_some() {
                        self.draw()?;
                        self.finish()?;
                        return Ok(());
                    }
                    if self.computer_turn()? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// The computer moves; true when that ended the game.
    fn computer_turn(&mut self) -> Result<bool> {
        self.draw()?;
        self.session.set_budget(self.limits.budget());
        let Some(advice) = self.session.advice()? else {
            self.finish()?;
            return Ok(true);
        };
        let line = words::computers(&self.ui, &self.session, &advice);
        writeln!(self.out, "{line}")?;
        self.session.play(advice.moves())?;
        if self.session.end().is_some() {
            self.draw()?;
            self.finish()?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Announces the end: how, and who won.
    fn finish(&mut self) -> Result<()> {
        let end = self.session.end().expect("the game is over");
        self.say(&words::story(self.session.mode(), &end))?;
        let verdict = words::verdict(&self.ui, &self.session, &end);
        writeln!(self.out, "{verdict}")?;
        Ok(())
    }

    /// The end of input before the end of the game: fine at a terminal
    /// (Ctrl-D leaves the game), but from a script an error (exit status
    /// 1), so that the script can tell that its moves were not all played.
    fn ended_early(&mut self) -> Result<()> {
        if !self.echo {
            return Ok(());
        }
        match self.refused.take() {
            Some(why) => anyhow::bail!(
                "the input ended after a refused line ({why}); the game was not finished"
            ),
            None => anyhow::bail!("the input ended before the game was over"),
        }
    }

    /// Reads lines until one is a valid command or legal move; `None` at the
    /// end of input.
    fn read(&mut self) -> Result<Option<Input>> {
        loop {
            write!(self.out, "{}", self.ui.bold("> "))?;
            self.out.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                writeln!(self.out)?;
                self.say("End of input: leaving the game.")?;
                return Ok(None);
            }
            let line = line.trim();
            if self.echo {
                writeln!(self.out, "{line}")?;
            }
            if line.is_empty() {
                continue;
            }
            let parsed = parse_input(&self.session, line);
            self.refused = parsed.as_ref().err().map(|why| format!("{line:?}: {why}"));
            match parsed {
                Ok(input) => return Ok(Some(input)),
                Err(why) if why.starts_with("illegal move") => {
                    let msg = self.ui.bad(&format!("{why}. Try again (or `help`)."));
                    writeln!(self.out, "{msg}")?;
                }
                Err(why) => {
                    let msg = self
                        .ui
                        .bad(&format!("not a move: {why}. Type `help` for the notation."));
                    writeln!(self.out, "{msg}")?;
                }
            }
        }
    }
}

/// Parses one line: a command or a legal move (or turn).
fn parse_input(session: &Session, line: &str) -> Result<Input, String> {
    match line.to_ascii_lowercase().as_str() {
        "help" | "h" | "?" => Ok(Input::Help),
        "hint" => Ok(Input::Hint),
        "moves" => Ok(Input::Moves),
        "undo" | "u" => Ok(Input::Undo),
        "show" => Ok(Input::Show),
        "quit" | "q" | "exit" => Ok(Input::Quit),
        _ => session.parse(line).map(Input::Move),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::expr::parse_position;
    use grundy::mode::Mode;
    use grundy::nim::Play;
    use grundy::session::notation;
    use grundy::session::Numbers;
    use grundy::sum::AnalyzeOptions;

    const PLAIN: Ui = Ui {
        colour: false,
        unicode: false,
        width: None,
    };

    fn game(expr: &str, input: &str, first: First, play: Play) -> String {
        scripted(expr, input, first, play, false)
    }

    fn scripted(expr: &str, input: &str, first: First, play: Play, every: bool) -> String {
        let mode = if every { Mode::Every } else { Mode::from(play) };
        with_options(expr, input, first, mode, SessionOptions::default())
    }

    fn with_options(
        expr: &str,
        input: &str,
        first: First,
        mode: Mode,
        options: SessionOptions,
    ) -> String {
        let mut out = Vec::new();
        let position = parse_position(expr).unwrap();
        let first = match first {
            First::Me => Side::You,
            First::Computer => Side::Computer,
        };
        let mut g = Game {
            limits: crate::limits::LimitFlags::default(),
            ui: PLAIN,
            session: Session::new(position, mode, options).with_first(first),
            echo: true,
            refused: None,
            input: input.as_bytes(),
            out: &mut out,
        };
        // A script that stops before the end is an error; its output is
        // what these tests read.
        let _ = g.run();
        String::from_utf8(out).unwrap()
    }

    /// The result of a script played as `grundy play` plays piped input.
    fn result_of(expr: &str, input: &str) -> Result<()> {
        let mut out = Vec::new();
        let position = parse_position(expr).unwrap();
        Game {
            limits: crate::limits::LimitFlags::default(),
            ui: PLAIN,
            session: Session::new(position, Mode::Normal, SessionOptions::default()),
            echo: true,
            refused: None,
            input: input.as_bytes(),
            out: &mut out,
        }
        .run()
    }

    #[test]
    fn a_script_that_stops_early_is_an_error() {
        let err = result_of("nim(1,2,3)", "1 9\n").unwrap_err().to_string();
        assert!(
            err.contains("after a refused line (\"1 9\": heap 1 has only 1 token)"),
            "{err}"
        );
        let err = result_of("nim(1,2,3)", "1 1\n").unwrap_err().to_string();
        assert_eq!(err, "the input ended before the game was over");
        // A refused line then a good one: the game goes on, unfinished.
        let err = result_of("nim(1,2,3)", "1 9\n1 1\n")
            .unwrap_err()
            .to_string();
        assert_eq!(err, "the input ended before the game was over");
        // Played to the end, or left with `quit`: no error.
        result_of("nim(1,2)", "1 1\n").unwrap();
        result_of("nim(1,2,3)", "1 9\nquit\n").unwrap();
    }

    #[test]
    fn notation_round_trips_through_the_parser() {
        for expr in [
            "nim(3,4,5)",
            "kayles(6) + grundys(7)",
            "0.137(5) + sub{1,3,4}(9)",
            "stairs(1,4,8)",
            "nim(2) + stairs(2,5)",
            "4.7(5) + 0.F(6)",
        ] {
            let pos = parse_position(expr).unwrap();
            let numbers = Numbers::fresh(&pos);
            for mv in pos.moves() {
                let text = notation::notation(&pos, &numbers, &mv);
                let parsed = notation::parse_move(&pos, &numbers, &text)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(
                    pos.apply(&parsed).unwrap(),
                    pos.apply(&mv).unwrap(),
                    "{expr}: {text}"
                );
            }
        }
    }

    #[test]
    fn every_game_turns_move_in_every_part() {
        let every =
            |expr: &str, input: &str, first| scripted(expr, input, first, Play::Normal, true);
        // Emptying both heaps at once is the last move.
        let out = every("nim(1) + nim(2)", "1 1; 2 2\n", First::Me);
        assert!(out.contains("You win after 1 move!"), "{out}");
        // A turn must move in every part that can move, each once.
        let out = every("nim(1) + nim(2)", "1 1\n2 1; 2 2\nquit\n", First::Me);
        assert!(out.contains("heap 2 is missing"), "{out}");
        assert!(out.contains("moves in heap 2 once, not twice"), "{out}");
        // The computer answers with the engine's best turn, and the hint
        // gives it too.
        let expr = "kayles(3) + nim(2)";
        let pos = parse_position(expr).unwrap();
        let numbers = Numbers::fresh(&pos);
        let mine = notation::parse_turn(&pos, &numbers, "2 1; 1 = 1 1").unwrap();
        let next = grundy::every::apply_turn(&pos, &mine).unwrap();
        let a = grundy::every::analyze(&next, &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome, grundy::nim::Outcome::N);
        let out = every(expr, "2 1; 1 = 1 1\n", First::Me);
        assert!(
            out.contains("(a winning turn: the longest part lasts 1 step"),
            "{out}"
        );
        assert!(out.contains("The computer wins after 2 moves."), "{out}");
        let out = every(
            "nim(2) + euclid(3,2) + kayles(4)",
            "hint\nquit\n",
            First::Me,
        );
        let a = grundy::every::analyze(
            &parse_position("nim(2) + euclid(3,2) + kayles(4)").unwrap(),
            &AnalyzeOptions::default(),
        )
        .unwrap();
        assert_eq!(a.max_steps, 3);
        assert!(
            out.contains("Hint: play `1 2; 2 = 1 2; 3 1`: the longest part lasts 3 steps"),
            "{out}"
        );
        // Moving first in a won position, the computer ends it at once.
        let out = every("nim(1) + nim(1)", "", First::Computer);
        assert!(out.contains("The computer wins after 1 move."), "{out}");
    }

    #[test]
    fn a_hint_from_a_list_that_may_miss_moves_says_so() {
        // Some winning moves of the first board turn more coins than a move
        // may, so the list the hint is taken from is incomplete. Boards this
        // large are too slow for the exact search: theory answers (budget 0).
        for (expr, incomplete) in [
            ("ruler*ruler((300,300),(128,128))", true),
            ("ruler*ruler((20,30))", false),
        ] {
            let options = SessionOptions {
                player_budget: 0,
                ..SessionOptions::default()
            };
            let out = with_options(expr, "hint\nquit\n", First::Me, Mode::Normal, options);
            assert!(out.contains("Hint: play `"), "{out}");
            assert_eq!(out.contains("others may exist"), incomplete, "{out}");
        }
    }

    #[test]
    fn a_scripted_game_is_won_by_the_computer_after_an_error() {
        // nim(1,2): the human errs by taking the heap of 1; the computer wins.
        let out = game("nim(1,2)", "1 1\n", First::Me, Play::Normal);
        assert!(
            out.contains("You: take the last token from heap 1: 1 -> 0."),
            "{out}"
        );
        assert!(out.contains("The computer wins after 2 moves."), "{out}");
    }

    #[test]
    fn bad_lines_are_refused_and_the_prompt_returns() {
        let out = game(
            "nim(3,4,5)",
            "9 1\n1 0\n1 7\nfoo\n1 = 1 1\nquit\n",
            First::Me,
            Play::Normal,
        );
        assert!(out.contains("there is no heap 9"), "{out}");
        assert!(out.contains("take at least one token"), "{out}");
        assert!(out.contains("heap 1 has only 3 tokens"), "{out}");
        assert!(out.contains("\"foo\" is not a number"), "{out}");
        assert!(out.contains("illegal move: nim does not allow"), "{out}");
        assert!(out.contains("Bye."), "{out}");
        assert!(!out.contains("You:"), "{out}");
    }
}
