//! A game against the perfect player, as data: the position and the
//! numbers its components are shown by, whose turn it is, the moves played
//! (and taken back), the computer's move, the hint, and who won. The
//! terminal's `grundy play` and the web page's game are both this session;
//! they only read the player's input and present what it decides.
//!
//! A loopy game (positions can repeat, e.g. tokens on a digraph) may go on
//! forever: the perfect player holds a draw it cannot turn into a win, and
//! the session ends the game as a draw when a position comes up for the
//! third time, or after the move limit of [`SessionOptions::move_limit`]
//! (see [`repetition`](crate::repetition)).
//!
//! ```
//! use grundy::expr::parse_position;
//! use grundy::mode::Mode;
//! use grundy::nim::Outcome;
//! use grundy::session::{Session, SessionOptions, Side};
//!
//! // nim(1,2): whatever you take, the computer answers and wins.
//! let pos = parse_position("nim(1,2)").unwrap();
//! let mut game = Session::new(pos, Mode::Normal, SessionOptions::default());
//! assert_eq!(game.outcome().unwrap(), Outcome::N);
//! let mine = game.parse("1 1").unwrap();
//! game.play(&mine).unwrap();
//! let answer = game.advice().unwrap().expect("a move is left");
//! assert!(answer.wins());
//! game.play(answer.moves()).unwrap();
//! let end = game.end().expect("no move is left");
//! assert_eq!(end.winner, Some(Side::Computer));
//! assert_eq!(game.moves_played(), 2);
//!
//! // Two vertices in a cycle: nobody can win, and the third visit of the
//! // start ends the game as a draw.
//! let pos = parse_position("digraph(1>2 2>1; 1)").unwrap();
//! let mut game = Session::new(pos, Mode::Normal, SessionOptions::default());
//! assert_eq!(game.outcome().unwrap(), Outcome::D);
//! for _ in 0..4 {
//!     assert!(game.end().is_none());
//!     let advice = game.advice().unwrap().expect("a move is left");
//!     assert!(advice.draws());
//!     game.play(advice.moves()).unwrap();
//! }
//! let end = game.end().expect("a draw");
//! assert_eq!(end.winner, None);
//! ```

pub mod notation;
pub mod numbers;

pub use numbers::Numbers;

use crate::budget::Budget;
use crate::error::Result;
use crate::every::{self, EveryAnalysis};
use crate::memo::Memo;
use crate::mode::Mode;
use crate::nim::{Outcome, Play};
use crate::repetition::{DrawBy, Repetitions};
use crate::strategy::{Choice, Player, DEFAULT_BUDGET};
use crate::sum::{AnalyzeOptions, Position, SumMove};

/// The two sides of a game against the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The person playing.
    You,
    /// The perfect player.
    Computer,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::You => Side::Computer,
            Side::Computer => Side::You,
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This side made the last move.
    LastMove(Side),
    /// This side, to move first, had no move at all.
    Stuck(Side),
    /// A loopy game called a draw: a position met for the third time, or
    /// the move limit reached.
    Draw(DrawBy),
}

/// The end of a game: how, and who won (`None`: a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub how: Ending,
    pub winner: Option<Side>,
}

/// The perfect player's move for the side to move, as [`Session::advice`]
/// gives it.
#[derive(Clone, Debug)]
pub enum Advice {
    /// One move a turn: the move, whether it wins, and how it was found.
    One(Choice),
    /// Every-game play: the analysis, whose best turn (`turn`, each part to
    /// one step fewer) is the move.
    Every(EveryAnalysis),
}

impl Advice {
    /// The moves to play: one, or every move of the turn.
    pub fn moves(&self) -> &[SumMove] {
        match self {
            Advice::One(choice) => std::slice::from_ref(&choice.mv),
            Advice::Every(a) => &a.turn,
        }
    }

    /// Whether the side that plays it wins with perfect play.
    pub fn wins(&self) -> bool {
        match self {
            Advice::One(choice) => choice.wins,
            Advice::Every(a) => a.outcome == Outcome::N,
        }
    }

    /// Whether it holds a draw: neither side can force a win (a loopy
    /// position of outcome D), and this move keeps it so.
    pub fn draws(&self) -> bool {
        match self {
            Advice::One(choice) => choice.outcome == Outcome::D,
            Advice::Every(_) => false,
        }
    }
}

/// The bounds of a session's work.
#[derive(Clone, Debug)]
pub struct SessionOptions {
    /// The bounds of the analyses that check a position can be played and
    /// say who wins (the winning moves are not listed), and of the
    /// every-game steps; its memo is shared by the whole game.
    pub analyze: AnalyzeOptions,
    /// The perfect player's search budget per move (see
    /// [`Player::with_budget`]).
    pub player_budget: usize,
    /// The moves (by both sides) after which a game not yet over is a
    /// draw; a position met for the third time is a draw in any case.
    pub move_limit: Option<u32>,
}

impl Default for SessionOptions {
    fn default() -> SessionOptions {
        SessionOptions {
            analyze: AnalyzeOptions::default(),
            player_budget: DEFAULT_BUDGET,
            move_limit: None,
        }
    }
}

/// Who wins `position` under `mode` with perfect play (the side to move
/// wins on N), within `options`' bounds (the winning moves are not listed);
/// an error when the engine cannot play it perfectly within them (see
/// [`Session::outcome`]).
pub fn outcome(position: &Position, mode: Mode, options: &AnalyzeOptions) -> Result<Outcome> {
    match mode.play() {
        None => Ok(every::analyze(position, options)?.outcome),
        Some(play) => {
            let options = AnalyzeOptions {
                max_moves: 1,
                ..options.clone()
            };
            Ok(position.analyze(play, &options)?.outcome)
        }
    }
}

/// A game's state before one of your turns, for [`Session::undo`].
#[derive(Clone, Debug)]
struct Snapshot {
    position: Position,
    numbers: Numbers,
    moves_played: usize,
    /// How many positions `seen` had recorded.
    seen: usize,
}

/// A game against the perfect player (see the module documentation).
#[derive(Debug)]
pub struct Session {
    mode: Mode,
    position: Position,
    numbers: Numbers,
    to_move: Side,
    moves_played: usize,
    /// The states before each of your turns played so far.
    history: Vec<Snapshot>,
    /// The positions met (the start first), for draws by repetition and by
    /// the move limit.
    seen: Repetitions,
    /// The computer's player (one move a turn); it remembers what it has
    /// searched, so hints and answers get faster as the game goes on.
    player: Player,
    options: SessionOptions,
}

impl Session {
    /// A game of `position` with nothing played yet, you to move first, its
    /// components numbered 1, 2, … in the order written.
    pub fn new(position: Position, mode: Mode, options: SessionOptions) -> Session {
        let mut seen = Repetitions::new(options.move_limit);
        seen.record(&position);
        Session {
            seen,
            numbers: Numbers::fresh(&position),
            player: Player::with_budget(mode.ending(), options.player_budget)
                .with_memo(options.analyze.memo.clone())
                .with_search_budget(options.analyze.search_budget),
            mode,
            position,
            to_move: Side::You,
            moves_played: 0,
            history: Vec::new(),
            options,
        }
    }

    /// Honours `budget` (deadline, memory allowance, cancellation) in every
    /// analysis and search from now on: a front end gives each turn's
    /// thinking a fresh one, so a deadline bounds one answer, not the game.
    pub fn set_budget(&mut self, budget: Budget) {
        self.player.set_budget(budget.clone());
        self.options.analyze.budget = budget;
    }

    /// The same game, not yet begun, with `first` to move first.
    pub fn with_first(mut self, first: Side) -> Session {
        self.to_move = first;
        self
    }

    /// The same game with its components numbered by `numbers` (as a page
    /// carries them between requests).
    pub fn with_numbers(mut self, numbers: Numbers) -> Session {
        self.numbers = numbers;
        self
    }

    /// The same game with the positions met so far given by their ids
    /// (see [`Session::seen`]; the start first, the position now last), as
    /// a page carries them between requests; nothing changes when `ids` is
    /// empty. The ids are not checked against the position: a page that
    /// sends others only changes when its own game is called a draw.
    pub fn with_seen(mut self, ids: &[u128]) -> Session {
        if !ids.is_empty() {
            self.seen = Repetitions::from_ids(ids, self.options.move_limit);
        }
        self
    }

    /// The ids of the positions met so far, in order (see
    /// [`repetition::id`](crate::repetition::id)), to hand back to
    /// [`Session::with_seen`].
    pub fn seen(&self) -> &[u128] {
        self.seen.ids()
    }

    /// How the game is played.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The numbers its components are shown by.
    pub fn numbers(&self) -> &Numbers {
        &self.numbers
    }

    /// What the engine keeps for the whole game (a misère quotient): the
    /// analyses' memo, which the computer's player shares.
    pub fn memo(&self) -> &Memo {
        self.player.memo()
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Moves (every-game play: turns) played so far, by both sides.
    pub fn moves_played(&self) -> usize {
        self.moves_played
    }

    /// Who wins from here with perfect play (the side to move wins on N).
    /// Errors when the engine cannot play the position perfectly within the
    /// session's bounds (e.g. misère play of a large sum other than Nim):
    /// asked at the start, it refuses such a game up front, since every
    /// later position is smaller.
    pub fn outcome(&self) -> Result<Outcome> {
        outcome(&self.position, self.mode, &self.options.analyze)
    }

    fn every_analysis(&self) -> Result<EveryAnalysis> {
        every::analyze(&self.position, &self.options.analyze)
    }

    /// Reads a move as the player types it (see [`notation`]): in every-game
    /// play a whole turn, one move in every part that can move separated by
    /// `;`; else one move. Case does not matter. The error says what is
    /// wrong; it starts `illegal move` when the line reads as a move the
    /// rules do not allow.
    pub fn parse(&self, line: &str) -> std::result::Result<Vec<SumMove>, String> {
        let line = line.trim().to_ascii_lowercase();
        match self.mode {
            Mode::Every => notation::parse_turn(&self.position, &self.numbers, &line),
            _ => notation::parse_move(&self.position, &self.numbers, &line).map(|mv| vec![mv]),
        }
    }

    /// The perfect player's move for the side to move (the computer's move,
    /// or a hint), or `None` when no move is left.
    pub fn advice(&mut self) -> Result<Option<Advice>> {
        match self.mode.play() {
            None => {
                let a = self.every_analysis()?;
                Ok((!a.turn.is_empty()).then_some(Advice::Every(a)))
            }
            Some(_) => Ok(self.player.choose(&self.position)?.map(Advice::One)),
        }
    }

    /// Plays `moves` for the side to move — one move, or in every-game play
    /// a whole turn — keeping every component's number (see
    /// [`Numbers::after`]); then the other side is to move.
    pub fn play(&mut self, moves: &[SumMove]) -> Result<()> {
        let before = Snapshot {
            position: self.position.clone(),
            numbers: self.numbers.clone(),
            moves_played: self.moves_played,
            seen: self.seen.ids().len(),
        };
        (self.position, self.numbers) = match (self.mode, moves) {
            (Mode::Every, _) => self.numbers.after_turn(&self.position, moves)?,
            (_, [mv]) => (
                self.position.apply(mv)?,
                self.numbers.after(&self.position, mv),
            ),
            (_, _) => {
                return Err(crate::Error::IllegalMove(format!(
                    "one move a turn, not {}",
                    moves.len()
                )))
            }
        };
        if self.to_move == Side::You {
            self.history.push(before);
        }
        self.moves_played += 1;
        self.to_move = self.to_move.other();
        self.seen.record(&self.position);
        Ok(())
    }

    /// Takes back your last move and everything played after it; false
    /// when you have not moved yet.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.history.pop() else {
            return false;
        };
        self.position = before.position;
        self.numbers = before.numbers;
        self.moves_played = before.moves_played;
        while self.seen.ids().len() > before.seen {
            self.seen.undo();
        }
        self.to_move = Side::You;
        true
    }

    /// The end of the game: when no move is left, the last mover wins under
    /// normal (and every-game) play and loses under misère play, and a side
    /// with no move at all from the start loses under normal play and wins
    /// under misère play; a game with moves left is a draw when a position
    /// has come up for the third time or the move limit is reached.
    pub fn end(&self) -> Option<End> {
        if !self.position.is_terminal() {
            return self.seen.drawn().map(|by| End {
                how: Ending::Draw(by),
                winner: None,
            });
        }
        let play = self.mode.ending();
        Some(if self.moves_played == 0 {
            let stuck = self.to_move;
            End {
                how: Ending::Stuck(stuck),
                winner: Some(match play {
                    Play::Normal => stuck.other(),
                    Play::Misere => stuck,
                }),
            }
        } else {
            let last = self.to_move.other();
            End {
                how: Ending::LastMove(last),
                winner: Some(match play {
                    Play::Normal => last,
                    Play::Misere => last.other(),
                }),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse_position;

    fn session(expr: &str, mode: Mode, first: Side) -> Session {
        let position = parse_position(expr).unwrap();
        Session::new(position, mode, SessionOptions::default()).with_first(first)
    }

    #[test]
    fn the_winner_follows_the_rules_of_each_mode() {
        // No move at all: the side to move loses normal play, wins misère.
        for (mode, first, winner) in [
            (Mode::Normal, Side::You, Side::Computer),
            (Mode::Misere, Side::You, Side::You),
            (Mode::Every, Side::Computer, Side::You),
            (Mode::Misere, Side::Computer, Side::Computer),
        ] {
            let s = session("nim(0,0)", mode, first);
            let end = s.end().unwrap();
            assert_eq!(end.how, Ending::Stuck(first));
            assert_eq!(end.winner, Some(winner), "{mode:?}");
        }
        // The last move: wins normal play, loses misère.
        for (mode, winner) in [(Mode::Normal, Side::You), (Mode::Misere, Side::Computer)] {
            let mut s = session("nim(1)", mode, Side::You);
            let mv = s.parse("1 1").unwrap();
            s.play(&mv).unwrap();
            assert_eq!(
                s.end(),
                Some(End {
                    how: Ending::LastMove(Side::You),
                    winner: Some(winner)
                })
            );
        }
    }

    #[test]
    fn the_computer_wins_a_won_position_and_undo_takes_back_both_moves() {
        let mut s = session("nim(1,2,3)", Mode::Normal, Side::You);
        assert_eq!(s.outcome().unwrap(), Outcome::P);
        let mv = s.parse("3 3").unwrap();
        s.play(&mv).unwrap();
        let answer = s.advice().unwrap().unwrap();
        assert!(answer.wins());
        s.play(answer.moves()).unwrap();
        assert_eq!(s.moves_played(), 2);
        assert_eq!(s.to_move(), Side::You);
        assert!(s.undo());
        assert_eq!(s.position().to_string(), "nim(1,2,3)");
        assert_eq!((s.moves_played(), s.to_move()), (0, Side::You));
        assert!(!s.undo());
    }

    #[test]
    fn every_game_turns_move_in_every_part() {
        let mut s = session("nim(1) + nim(2)", Mode::Every, Side::You);
        assert!(s.parse("1 1").unwrap_err().contains("heap 2 is missing"));
        let turn = s.parse("1 1; 2 2").unwrap();
        s.play(&turn).unwrap();
        assert_eq!(s.end().unwrap().winner, Some(Side::You));
        // A move of one-move play is refused as a turn of two.
        let mut s = session("nim(1,2)", Mode::Normal, Side::You);
        let two = session("nim(1) + nim(2)", Mode::Every, Side::You)
            .parse("1 1; 2 2")
            .unwrap();
        assert!(s.play(&two).is_err());
    }

    #[test]
    fn a_loopy_game_is_drawn_by_repetition_or_by_the_move_limit() {
        // 1 and 2 in a cycle, 3 a way out from 2 that loses for whoever
        // takes it (4 is a sink): the computer holds the draw by going back
        // to 1, and the third visit ends the game.
        let expr = "digraph(1>2 2>1 2>3 3>4; 1)";
        let mut s = session(expr, Mode::Normal, Side::You);
        assert_eq!(s.outcome().unwrap(), Outcome::D);
        let there = s.parse("1 2").unwrap();
        s.play(&there).unwrap();
        let answer = s.advice().unwrap().unwrap();
        assert!(answer.draws() && !answer.wins());
        s.play(answer.moves()).unwrap();
        assert_eq!(s.position().to_string(), expr);
        assert!(s.end().is_none());
        // Undo forgets the positions taken back.
        assert!(s.undo());
        assert_eq!(s.seen().len(), 1);
        for _ in 0..2 {
            s.play(&there).unwrap();
            let answer = s.advice().unwrap().unwrap();
            s.play(answer.moves()).unwrap();
        }
        let end = s.end().unwrap();
        assert_eq!(
            (end.how, end.winner),
            (Ending::Draw(DrawBy::Repetition), None)
        );
        // A page resumes the game from the ids it was given.
        let ids = s.seen().to_vec();
        let resumed = session(expr, Mode::Normal, Side::You).with_seen(&ids);
        assert_eq!(resumed.end(), s.end());
        // A stated limit: three moves.
        let options = SessionOptions {
            move_limit: Some(3),
            ..SessionOptions::default()
        };
        let mut s = Session::new(parse_position(expr).unwrap(), Mode::Normal, options);
        for _ in 0..3 {
            assert!(s.end().is_none());
            let advice = s.advice().unwrap().unwrap();
            s.play(advice.moves()).unwrap();
        }
        assert_eq!(s.end().unwrap().how, Ending::Draw(DrawBy::MoveLimit(3)));
        // A game that ends with a last move is not a draw, limit or not.
        let options = SessionOptions {
            move_limit: Some(1),
            ..SessionOptions::default()
        };
        let mut s = Session::new(parse_position("nim(1)").unwrap(), Mode::Normal, options);
        let mv = s.parse("1 1").unwrap();
        s.play(&mv).unwrap();
        assert_eq!(s.end().unwrap().winner, Some(Side::You));
    }
}
