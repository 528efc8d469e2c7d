//! How a sum is played: one move a turn under normal or misère play, or
//! every-game play (a move in every component that can move each turn).
//!
//! One type for the three, so that a front end reads the choice once (a
//! `--misere` or `--every` flag, a `misere=1` or `every=1` parameter) and
//! hands it on whole.
//!
//! ```
//! use grundy::mode::Mode;
//! use grundy::nim::Play;
//!
//! assert_eq!(Mode::from_flags(true, false), Some(Mode::Misere));
//! assert_eq!(Mode::from_flags(true, true), None); // not both
//! assert_eq!(Mode::Every.play(), None);
//! assert_eq!(Mode::Every.ending(), Play::Normal); // the last to move wins
//! ```

use crate::nim::Play;

/// How a sum is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// One move a turn in one component; whoever makes the last move wins.
    Normal,
    /// One move a turn in one component; whoever makes the last move loses.
    Misere,
    /// Each turn a move in every component that can move; whoever makes the
    /// last move wins (decided by Smith's steps, see [`crate::every`]).
    Every,
}

impl Mode {
    /// The mode of a `misere` and an `every` switch; `None` when both are
    /// on (every-game play has no misère form here).
    pub fn from_flags(misere: bool, every: bool) -> Option<Mode> {
        match (misere, every) {
            (true, true) => None,
            (_, true) => Some(Mode::Every),
            (misere, false) => Some(Mode::from(Play::from_misere(misere))),
        }
    }

    /// The play of one move a turn; `None` for every-game play.
    pub fn play(self) -> Option<Play> {
        match self {
            Mode::Normal => Some(Play::Normal),
            Mode::Misere => Some(Play::Misere),
            Mode::Every => None,
        }
    }

    /// Who wins when no move is left: every-game play ends as normal play
    /// does (the last to move wins).
    pub fn ending(self) -> Play {
        self.play().unwrap_or(Play::Normal)
    }

    /// `"normal"`, `"misere"` or `"every"`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Normal => "normal",
            Mode::Misere => "misere",
            Mode::Every => "every",
        }
    }
}

impl From<Play> for Mode {
    fn from(play: Play) -> Mode {
        match play {
            Play::Normal => Mode::Normal,
            Play::Misere => Mode::Misere,
        }
    }
}
