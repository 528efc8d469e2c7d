//! `grundy play EXPR`: play against the perfect player, and ask it why.
//!
//! Moves are read line by line from stdin (a terminal or a script); the
//! notation is printed by `help` (see [`HELP`]). The game logic is the
//! engine's [`Player`]; this module only parses, prints and keeps the
//! history for `undo`.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::Result;
use clap::ValueEnum;
use grundy::explain::{effect, explain, MisereCase};
use grundy::expr::parse_position;
use grundy::nim::{Outcome, Play};
use grundy::repetition::{DrawBy, Repetitions};
use grundy::strategy::{Method, Player};
use grundy::sum::{AnalyzeOptions, Position, SumMove};

use crate::ui::{self, Numbers, Ui};

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
    after_help = "Examples:\n  grundy play \"nim(1,2,3) + kayles(4)\"\n  grundy play \"grundys(9)\" --first computer\n  grundy play --every \"euclid(3,2) + nim(5)\"\n  printf '1 1\\nquit\\n' | grundy play \"nim(1,2,3)\""
)]
pub struct Args {
    /// The position, e.g. "nim(3,4,5)", "kayles(10)", "grundys(9)", "stairs(1,5,9)".
    #[arg(value_name = "EXPR")]
    expr: String,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// Misère play: whoever makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// Every-game play: each turn the player moves in every part that can
    /// move (the moves separated by `;`), and whoever makes the last move wins.
    #[arg(long, conflicts_with = "misere")]
    every: bool,
    /// Plain ASCII without colour, even on a terminal.
    #[arg(long)]
    plain: bool,
    /// Call the game a draw after this many moves (for games that may go
    /// on forever; a position met for the third time is a draw in any case).
    #[arg(long, value_name = "N")]
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

/// The two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Human,
    Computer,
}

/// What one line of input asks for.
enum Input {
    Help,
    Hint,
    Moves,
    Undo,
    Show,
    Quit,
    Move(SumMove),
    /// Every-game play: one move in each part that can move.
    Turn(Vec<SumMove>),
}

/// A game's state: the position and the numbers the player sees.
#[derive(Clone)]
struct Board {
    position: Position,
    numbers: Numbers,
}

pub fn run(args: Args) -> Result<()> {
    let position = parse_position(&args.expr)?;
    let play = Play::from_misere(args.misere);
    // Refuse up front what the engine cannot play perfectly (e.g. misère
    // play of a large sum other than Nim): later positions are smaller.
    if args.every {
        grundy::every::analyze(&position, &AnalyzeOptions::default())?;
    } else {
        position.analyze(
            play,
            &AnalyzeOptions {
                max_moves: 1,
                ..AnalyzeOptions::default()
            },
        )?;
    }
    // Ctrl-C at the prompt ends the line first, so the shell's prompt
    // starts on a line of its own. The handler runs on its own thread while
    // the game holds stdout's lock, so the newline goes to stderr (the same
    // terminal).
    let _ = ctrlc::set_handler(|| {
        eprintln!();
        std::process::exit(130);
    });
    let stdin = std::io::stdin();
    let mut game = Game::new(
        position,
        play,
        args.every,
        Ui::detect(args.plain),
        !stdin.is_terminal(),
        stdin.lock(),
        std::io::stdout().lock(),
    );
    game.seen = Repetitions::new(args.move_limit);
    game.seen.record(&game.position);
    game.run(args.first)
}

struct Game<R: BufRead, W: Write> {
    ui: Ui,
    play: Play,
    player: Player,
    /// Every-game play: each turn a move in every part that can move.
    every: bool,
    /// The boards (and move counts) at the start of each of the human's
    /// turns that the human has already played from, for `undo`.
    history: Vec<(Board, usize)>,
    position: Position,
    /// The number of each component, stable through the game.
    numbers: Numbers,
    moves_played: usize,
    /// The positions met, for draws by repetition or by the move limit.
    seen: Repetitions,
    /// Whether to echo what was read (input from a script, not a terminal).
    echo: bool,
    input: R,
    out: W,
}

impl<R: BufRead, W: Write> Game<R, W> {
    /// A game of `position` with nothing played yet, the perfect player
    /// with its default budget; `echo` repeats what is read (for scripts).
    fn new(
        position: Position,
        play: Play,
        every: bool,
        ui: Ui,
        echo: bool,
        input: R,
        out: W,
    ) -> Game<R, W> {
        Game {
            numbers: Numbers::fresh(&position),
            ui,
            play,
            player: Player::new(play),
            every,
            history: Vec::new(),
            position,
            moves_played: 0,
            seen: Repetitions::new(None),
            echo,
            input,
            out,
        }
    }

    fn say(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{}", self.ui.text(text))?;
        Ok(())
    }

    fn run(&mut self, first: First) -> Result<()> {
        let rule = match self.play {
            _ if self.every => {
                "every-game play: each turn a move in every part that can move; whoever makes \
                 the last move wins"
            }
            Play::Normal => "normal play: whoever makes the last move wins",
            Play::Misere => "misère play: whoever makes the last move loses",
        };
        let title = self
            .ui
            .bold(&format!("grundy play: {}", self.position_text()));
        writeln!(self.out, "{title} ({})", self.ui.text(rule))?;
        self.say("Type `help` for the move notation, `hint` for advice.")?;
        if first == First::Computer && self.computer_turn()? {
            return Ok(());
        }
        loop {
            if self.position.is_terminal() {
                // Only at the start: later the game ends after the last move.
                writeln!(self.out)?;
                let drawing = self.drawing();
                write!(self.out, "{drawing}")?;
                return self.finish(None, Side::Human);
            }
            writeln!(self.out)?;
            let drawing = self.drawing();
            write!(self.out, "{drawing}")?;
            let turn = self
                .ui
                .good(&format!("Your move (move {}).", self.moves_played + 1));
            writeln!(self.out, "{turn}")?;
            let Some(input) = self.read()? else {
                return Ok(());
            };
            match input {
                Input::Help => self.say(HELP)?,
                Input::Show => {}
                Input::Quit => {
                    self.say("Bye.")?;
                    return Ok(());
                }
                Input::Hint => self.hint()?,
                Input::Moves => self.list_moves()?,
                Input::Undo => match self.history.pop() {
                    Some((board, moves)) => {
                        self.position = board.position;
                        self.numbers = board.numbers;
                        self.moves_played = moves;
                        while self.seen.moves() as usize > moves {
                            self.seen.undo();
                        }
                        self.say("Took back your last move and the computer's answer.")?;
                    }
                    None => self.say("Nothing to undo yet.")?,
                },
                Input::Turn(moves) => {
                    let words: Vec<String> = moves
                        .iter()
                        .map(|mv| ui::words(&self.position, &self.numbers, mv))
                        .collect();
                    self.say(&format!("You: {}.", words.join("; ")))?;
                    let before = self.board();
                    self.play_turn(&moves)?;
                    if self.human_moved(before)? {
                        return Ok(());
                    }
                }
                Input::Move(mv) => {
                    let words = ui::words(&self.position, &self.numbers, &mv);
                    self.say(&format!("You: {words}."))?;
                    let before = self.board();
                    self.play_move(&mv)?;
                    if self.human_moved(before)? {
                        return Ok(());
                    }
                }
            }
        }
    }

    fn board(&self) -> Board {
        Board {
            position: self.position.clone(),
            numbers: self.numbers.clone(),
        }
    }

    /// Plays `mv`, keeping every component's number.
    fn play_move(&mut self, mv: &SumMove) -> Result<()> {
        let next = self.position.apply(mv)?;
        self.numbers = self.numbers.after(&self.position, mv);
        self.position = next;
        Ok(())
    }

    fn drawing(&self) -> String {
        ui::draw(&self.ui, &self.position, &self.numbers)
    }

    /// Plays a whole every-game turn (moves in distinct parts, as
    /// [`grundy::every::apply_turn`]), keeping every component's number.
    fn play_turn(&mut self, moves: &[SumMove]) -> Result<()> {
        (self.position, self.numbers) = self.numbers.after_turn(&self.position, moves)?;
        Ok(())
    }

    /// The turn in the notation typed at the prompt: `1 2; 2 = 1 3`.
    fn turn_notation(&self, moves: &[SumMove]) -> String {
        moves
            .iter()
            .map(|mv| ui::notation(&self.position, &self.numbers, mv))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The computer's every-game turn: to one step fewer in every part.
    fn computer_every_turn(&mut self) -> Result<bool> {
        let a = grundy::every::analyze(&self.position, &AnalyzeOptions::default())?;
        if a.turn.is_empty() {
            self.finish(None, Side::Computer)?;
            return Ok(true);
        }
        let note = crate::every::computer_note(&a);
        let words: Vec<String> = a
            .turn
            .iter()
            .map(|mv| ui::words(&self.position, &self.numbers, mv))
            .collect();
        let line = format!(
            "Computer (move {}): {}  — {} ({note}).",
            self.moves_played + 1,
            self.turn_notation(&a.turn),
            words.join("; "),
        );
        writeln!(self.out, "{}", self.ui.computer(&line))?;
        self.play_turn(&a.turn)?;
        self.computer_moved()
    }

    /// After the human's move or turn (from `before`): records it, ends the
    /// game if nothing is left to play, else lets the computer move. True
    /// when the game is over.
    fn human_moved(&mut self, before: Board) -> Result<bool> {
        self.history.push((before, self.moves_played));
        self.moves_played += 1;
        if self.position.is_terminal() {
            self.finish(Some(Side::Human), Side::Computer)?;
            return Ok(true);
        }
        if let Some(by) = self.seen.record(&self.position) {
            self.drawn(by)?;
            return Ok(true);
        }
        self.computer_turn()
    }

    /// Announces a draw by repetition or by the move limit.
    fn drawn(&mut self, by: DrawBy) -> Result<()> {
        writeln!(self.out)?;
        let drawing = self.drawing();
        write!(self.out, "{drawing}")?;
        let n = self.moves_played;
        let line = format!(
            "The game is a draw after {n} move{}: {}.",
            if n == 1 { "" } else { "s" },
            by.words()
        );
        writeln!(self.out, "{}", self.ui.bold(&line))?;
        Ok(())
    }

    /// The computer moves; true when that ended the game.
    fn computer_turn(&mut self) -> Result<bool> {
        writeln!(self.out)?;
        let drawing = self.drawing();
        write!(self.out, "{drawing}")?;
        if self.every {
            return self.computer_every_turn();
        }
        let Some(choice) = self.player.choose(&self.position)? else {
            self.finish(None, Side::Computer)?;
            return Ok(true);
        };
        let note = match (choice.wins, choice.method, choice.moves_left) {
            _ if choice.outcome == Outcome::D => {
                "neither side can force a win from here, so the computer keeps the draw".to_string()
            }
            (true, Method::Exact, Some(0)) => "a winning move: it ends the game".to_string(),
            (true, Method::Exact, Some(1)) => {
                "a winning move: the game ends with your forced reply".to_string()
            }
            (true, Method::Exact, Some(n)) => {
                format!("a winning move: the game ends within {n} more moves")
            }
            (true, _, _) => "a winning move".to_string(),
            (false, Method::Exact, Some(n)) => format!(
                "the computer is losing, so it plays for the longest game: {n} more move{} \
                 against perfect play",
                if n == 1 { "" } else { "s" }
            ),
            (false, _, _) => {
                "the computer is losing, so it makes the smallest change it can".to_string()
            }
        };
        let line = format!(
            "Computer (move {}): {}  — {} ({note}).",
            self.moves_played + 1,
            ui::notation(&self.position, &self.numbers, &choice.mv),
            ui::words(&self.position, &self.numbers, &choice.mv),
        );
        writeln!(self.out, "{}", self.ui.computer(&line))?;
        self.play_move(&choice.mv)?;
        self.computer_moved()
    }

    /// After the computer's move or turn: counts it and ends the game if
    /// nothing is left to play. True when the game is over.
    fn computer_moved(&mut self) -> Result<bool> {
        self.moves_played += 1;
        if self.position.is_terminal() {
            self.finish(Some(Side::Computer), Side::Human)?;
            return Ok(true);
        }
        if let Some(by) = self.seen.record(&self.position) {
            self.drawn(by)?;
            return Ok(true);
        }
        Ok(false)
    }

    /// Announces the end. `last` made the last move; `None` when the
    /// position had no move at all for `stuck`, the side to move at the start.
    fn finish(&mut self, last: Option<Side>, stuck: Side) -> Result<()> {
        let other = |side| match side {
            Side::Human => Side::Computer,
            Side::Computer => Side::Human,
        };
        let (story, last) = match last {
            Some(last) => {
                writeln!(self.out)?;
                let drawing = self.drawing();
                write!(self.out, "{drawing}")?;
                let who = match last {
                    Side::Human => "You made",
                    Side::Computer => "The computer made",
                };
                let why = match self.play {
                    Play::Normal => "and the last move wins",
                    Play::Misere => "and under misère play the last move loses",
                };
                (
                    format!("No move is left. {who} the last move, {why}."),
                    last,
                )
            }
            None => {
                let who = match stuck {
                    Side::Human => "you have",
                    Side::Computer => "the computer has",
                };
                let why = match self.play {
                    Play::Normal => "under normal play that is a loss",
                    Play::Misere => "under misère play that is a win",
                };
                (
                    format!("There is no move at all: {who} no move from the start, and {why}."),
                    other(stuck),
                )
            }
        };
        self.say(&story)?;
        let winner = match self.play {
            Play::Normal => last,
            Play::Misere => other(last),
        };
        let n = self.moves_played;
        let plural = if n == 1 { "" } else { "s" };
        let verdict = match winner {
            Side::Human => self.ui.good(&format!("You win after {n} move{plural}!")),
            Side::Computer => self
                .ui
                .bad(&format!("The computer wins after {n} move{plural}.")),
        };
        writeln!(self.out, "{verdict}")?;
        Ok(())
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
            match parse_input(&self.position, &self.numbers, line, self.every) {
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

    fn position_text(&self) -> String {
        self.position.to_string()
    }

    /// Every-game play: the best turn, and why.
    fn every_hint(&mut self) -> Result<()> {
        let a = grundy::every::analyze(&self.position, &AnalyzeOptions::default())?;
        if a.turn.is_empty() {
            return Ok(());
        }
        let text = format!(
            "Hint: {} `{}`: {} (`grundy explain --every` shows each part's steps).",
            match a.outcome {
                grundy::nim::Outcome::N => "play",
                // Every-game sums are finite games: never drawn.
                grundy::nim::Outcome::P | grundy::nim::Outcome::D => "best try",
            },
            self.turn_notation(&a.turn),
            crate::every::hint_reason(&a)
        );
        self.say(&text)
    }

    /// A winning move with its reason, or why there is none.
    fn hint(&mut self) -> Result<()> {
        if self.every {
            return self.every_hint();
        }
        // The computer's own player: same play, and its memory is reused.
        let Some(choice) = self.player.choose(&self.position)? else {
            return Ok(());
        };
        let mv = ui::notation(&self.position, &self.numbers, &choice.mv);
        let words = ui::words(&self.position, &self.numbers, &choice.mv);
        if choice.outcome == Outcome::D {
            return self.say(&format!(
                "Hint: nobody can force a win here — the value is ∞(K) with 0 not in K \
                 (`grundy explain` shows how it was found). `{mv}` ({words}) keeps the draw; \
                 a move to a position of finite value would hand the opponent the win."
            ));
        }
        if !choice.wins {
            let why = match self.play {
                Play::Normal => "the nim-sum of the values is 0, so every move makes it non-zero \
                                 and a perfect opponent can always make it 0 again"
                    .to_string(),
                Play::Misere => self.misere_reason(false)?,
            };
            return self.say(&format!(
                "Hint: there is no winning move here — {why}. Best try: `{mv}` ({words}), \
                 which makes the game last longest and waits for a mistake."
            ));
        }
        let why = match self.play {
            // A loopy position: no nim-sum table to quote.
            Play::Normal if effect(&self.position, &choice.mv).is_err() => {
                "it leaves a position of value 0: whatever the computer answers, you can move \
                 back to value 0 (`grundy explain` shows the values)"
                    .to_string()
            }
            Play::Normal => {
                let fx = effect(&self.position, &choice.mv)?;
                format!(
                    "the nim-sum of the values is {s}; it changes a part of value {g} into one \
                     of value {g} ⊕ {s} = {t}, so the nim-sum becomes {z} and the computer is \
                     left in a P-position (every move from it makes the nim-sum non-zero \
                     again); `grundy explain` shows the whole table",
                    s = fx.before ^ fx.after,
                    g = fx.before,
                    t = fx.after,
                    z = fx.nim_sum_after
                )
            }
            Play::Misere => self.misere_reason(true)?,
        };
        let others = if choice.incomplete {
            " It is one winning move among those a bounded search found: on a board this large \
             others may exist that the search did not reach."
        } else {
            ""
        };
        self.say(&format!("Hint: play `{mv}` ({words}): {why}.{others}"))
    }

    fn misere_reason(&self, winning: bool) -> Result<String> {
        let e = explain(&self.position, Play::Misere)?;
        Ok(match e.misere {
            Some(MisereCase::Nim { big: 0, ones }) => format!(
                "only heaps of 1 are left ({ones} of them), and in misère Nim the player to move \
                 wins exactly when their number is even"
            ),
            Some(MisereCase::Nim { big: 1, .. }) if winning => {
                "in misère Nim, with exactly one heap of 2 or more, shrink it to 0 or 1 so that \
                 an odd number of 1-heaps is left: the opponent then takes the last one"
                    .to_string()
            }
            Some(MisereCase::Nim { .. }) => format!(
                "in misère Nim with heaps of 2 or more, play as in normal Nim (nim-sum {}) until \
                 the move that leaves only heaps of 0 and 1, which must leave an odd number of 1-heaps",
                e.nim_sum.unwrap_or(0)
            ),
            _ if winning => {
                "an exhaustive search of the game tree shows every answer to it loses".to_string()
            }
            _ => "an exhaustive search of the game tree shows every move loses".to_string(),
        })
    }

    fn list_moves(&mut self) -> Result<()> {
        const SHOWN: usize = 40;
        let moves: Vec<SumMove> = self.position.moves().take(SHOWN + 1).collect();
        let mut text = String::from("Legal moves:");
        for mv in moves.iter().take(SHOWN) {
            text += &format!(
                "\n  {:<14} {}",
                ui::notation(&self.position, &self.numbers, mv),
                ui::words(&self.position, &self.numbers, mv)
            );
        }
        if moves.len() > SHOWN {
            text += &format!("\n  … and more (only the first {SHOWN} are listed)");
        }
        self.say(&text)
    }
}

/// Parses one line: a command or a legal move.
fn parse_input(
    position: &Position,
    numbers: &Numbers,
    line: &str,
    every: bool,
) -> Result<Input, String> {
    let lower = line.to_ascii_lowercase();
    match lower.as_str() {
        "help" | "h" | "?" => return Ok(Input::Help),
        "hint" => return Ok(Input::Hint),
        "moves" => return Ok(Input::Moves),
        "undo" | "u" => return Ok(Input::Undo),
        "show" => return Ok(Input::Show),
        "quit" | "q" | "exit" => return Ok(Input::Quit),
        _ => {}
    }
    if every {
        return ui::parse_turn(position, numbers, &lower).map(Input::Turn);
    }
    ui::parse_move(position, numbers, &lower).map(Input::Move)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Ui = Ui {
        colour: false,
        unicode: false,
    };

    fn game(expr: &str, input: &str, first: First, play: Play) -> String {
        scripted(expr, input, first, play, false)
    }

    fn scripted(expr: &str, input: &str, first: First, play: Play, every: bool) -> String {
        let mut out = Vec::new();
        let position = parse_position(expr).unwrap();
        let mut g = Game::new(
            position,
            play,
            every,
            PLAIN,
            true,
            input.as_bytes(),
            &mut out,
        );
        g.run(first).unwrap();
        String::from_utf8(out).unwrap()
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
                let text = ui::notation(&pos, &numbers, &mv);
                let parsed =
                    ui::parse_move(&pos, &numbers, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
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
        let mine = ui::parse_turn(&pos, &numbers, "2 1; 1 = 1 1").unwrap();
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
            let mut out = Vec::new();
            let position = parse_position(expr).unwrap();
            let input = "hint\nquit\n".as_bytes();
            let mut g = Game::new(position, Play::Normal, false, PLAIN, true, input, &mut out);
            g.player = Player::with_budget(Play::Normal, 0);
            g.run(First::Me).unwrap();
            let out = String::from_utf8(out).unwrap();
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
