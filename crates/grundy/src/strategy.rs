//! The perfect player: which move to make, winning or losing.
//!
//! When the player to move can win, any winning move will do in theory; a
//! perfect player that also wants to *teach* wins as fast as it can. When
//! it is losing, it makes the game last as long as possible, so that an
//! opponent who errs once is punished. Both are captured by *remoteness*
//! (Steinhaus): the number of moves the game still lasts when the winner
//! hurries and the loser delays.
//!
//! * a position with no move: under normal play the player to move has lost,
//!   remoteness 0; under misère play the player to move has won (the
//!   opponent made the last move), also 0 moves to go;
//! * otherwise, if some option is lost for the player who must move there,
//!   the position is won and its remoteness is 1 + the *least* remoteness of
//!   such options; if not, it is lost and its remoteness is 1 + the
//!   *greatest* remoteness of all options.
//!
//! Under normal play this is exactly Steinhaus' remoteness (odd for won
//! positions, even for lost ones). [`Player`] computes it by a memoised
//! exhaustive search while the position is small enough for a budget of
//! work; beyond it, it falls back on theory: the winning moves of
//! [`Position::analyze`] (Sprague–Grundy under normal play, the misère
//! solver otherwise), and when losing, the *smallest legal change* (the move
//! removing the fewest tokens from the largest heap it can), which keeps as
//! much of the game on the board as one move can.
//!
//! A *loopy* position (one from which a position can repeat, see
//! [`loopy`](crate::loopy)) may be a draw. The player then analyses the
//! whole position's graph by retrograde analysis ([`OutcomeTable`]): when
//! it can win it wins as fast as it can, when it cannot it holds the draw,
//! and when it is lost it delays. A single token on a family's graph is
//! analysed on that graph directly, however large; other positions are
//! explored within the budget. Beyond it the player falls back on the
//! generalized Sprague–Grundy values: a winning move whose component lands
//! on the smallest counter (for one component this wins, the counters
//! falling at every return to value 0), else a move keeping the draw.

use std::sync::Arc;

use crate::budget::Budget;
use crate::error::{ErrorKind, Result};
use crate::loopy::{Explored, Graph, OutcomeTable};
use crate::memo::Memo;
use crate::nim::{Outcome, Play};
use crate::state_search::{Fold, StateSearch, Stop};
use crate::sum::{AnalyzeOptions, Position, SumMove};

/// How the game ends from a position when both sides play perfectly, the
/// winner hurrying and the loser delaying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Remoteness {
    /// Whether the player to move wins.
    pub mover_wins: bool,
    /// How many more moves the game lasts.
    pub moves: u32,
}

impl Remoteness {
    /// The outcome this remoteness implies.
    pub fn outcome(self) -> Outcome {
        Outcome::from_mover_wins(self.mover_wins)
    }

    /// The remoteness of a position with no move at all.
    pub fn terminal(play: Play) -> Remoteness {
        Remoteness {
            mover_wins: play == Play::Misere,
            moves: 0,
        }
    }

    /// The remoteness of a position from the remoteness of each of its
    /// options (each seen from the opponent, who moves there). `None` when
    /// there are no options.
    pub fn from_options(options: impl IntoIterator<Item = Remoteness>) -> Option<Remoteness> {
        options.into_iter().fold(None, |best, r| {
            let mine = Remoteness {
                mover_wins: !r.mover_wins,
                moves: r.moves.saturating_add(1),
            };
            Some(match best {
                None => mine,
                Some(b) => better(b, mine),
            })
        })
    }
}

/// The better of two results for the same player: a win beats a loss, a
/// faster win beats a slower one, a longer loss beats a shorter one.
fn better(a: Remoteness, b: Remoteness) -> Remoteness {
    match (a.mover_wins, b.mover_wins) {
        (true, false) => a,
        (false, true) => b,
        (true, true) if b.moves < a.moves => b,
        (false, false) if b.moves > a.moves => b,
        _ => a,
    }
}

/// How [`Player::choose`] found its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Exhaustive search: the move is optimal by remoteness.
    Exact,
    /// Theory (the nim-sum, or the misère solver): a winning move, not
    /// necessarily the fastest.
    Theory,
    /// The player is losing and the position is too large to search: the
    /// smallest legal change.
    SmallestChange,
}

/// A move chosen by the perfect player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: SumMove,
    /// Whether the player who makes it wins with perfect play.
    pub wins: bool,
    /// The outcome for the player who makes it: `N` when it wins, `D` when
    /// it holds a draw (a loopy game), `P` when it loses.
    pub outcome: Outcome,
    /// With [`Method::Exact`]: how many moves the game lasts after this one
    /// (`None` for a draw).
    pub moves_left: Option<u32>,
    /// How it was chosen.
    pub method: Method,
    /// With [`Method::Theory`]: the list of winning moves it was taken from
    /// may miss some (see [`Analysis::incomplete`](crate::sum::Analysis::incomplete));
    /// the move still wins.
    pub incomplete: bool,
}

/// The default work budget of one [`Player::choose`] call: positions and
/// moves visited by the exhaustive search (a few tenths of a second).
pub const DEFAULT_BUDGET: usize = 300_000;

/// Remoteness from the options' remoteness (see the module documentation).
struct Remote(Play);

impl Fold for Remote {
    type Value = Remoteness;
    type Acc = Option<Remoteness>;
    fn start(&self) -> Option<Remoteness> {
        None
    }
    fn add(&self, acc: &mut Option<Remoteness>, child: Remoteness) -> bool {
        let mine = Remoteness::from_options([child]).expect("one option");
        *acc = Some(acc.map_or(mine, |b| better(b, mine)));
        false
    }
    fn finish(&self, acc: Option<Remoteness>) -> Remoteness {
        acc.unwrap_or(Remoteness::terminal(self.0))
    }
}

/// A perfect player for one kind of play. It remembers what it has searched,
/// so a game against it gets faster as it goes on.
///
/// ```
/// use grundy::expr::parse_position;
/// use grundy::nim::Play;
/// use grundy::strategy::Player;
///
/// let mut player = Player::new(Play::Normal);
/// let pos = parse_position("nim(3,4,5)").unwrap();
/// let choice = player.choose(&pos).unwrap().unwrap();
/// assert!(choice.wins);
/// assert_eq!((choice.mv.heap, choice.mv.to.clone()), (Some(0), vec![1])); // 3 → 1
/// ```
#[derive(Debug)]
pub struct Player {
    play: Play,
    budget: usize,
    options: AnalyzeOptions,
    search: StateSearch<Remoteness>,
    /// The table of the loopy position last played, kept for the next moves.
    loopy: Option<LoopyTable>,
}

/// Outcomes and remoteness of a loopy position's graph: a family's own
/// graph (one token moving), or the positions explored from a whole sum.
#[derive(Debug)]
struct LoopyTable {
    graph: Arc<Graph>,
    explored: Option<Explored>,
    table: OutcomeTable,
}

impl LoopyTable {
    /// The vertex of `position` in this table, when it has one.
    fn vertex(&self, position: &Position) -> Option<u32> {
        match &self.explored {
            Some(e) => e.vertex_of(&position.components().cloned().collect::<Vec<_>>()),
            None => {
                let live: Vec<_> = position.components().filter(|c| c.has_moves()).collect();
                let [c] = live[..] else { return None };
                c.on_graph()
                    .filter(|(g, _)| Arc::ptr_eq(g, &self.graph))
                    .map(|(_, v)| v)
            }
        }
    }

    /// The vertex a move of `position` leads to.
    fn after(&self, position: &Position, mv: &SumMove) -> Option<u32> {
        match &self.explored {
            Some(e) => {
                let next = position.apply(mv).ok()?;
                e.vertex_of(&next.components().cloned().collect::<Vec<_>>())
            }
            None => match &mv.mv.after[..] {
                [c] => c.on_graph().map(|(_, v)| v),
                _ => None,
            },
        }
    }
}

impl Player {
    /// A perfect player with the default work, without limits of time or
    /// memory (see [`Player::set_budget`]).
    pub fn new(play: Play) -> Player {
        Player::with_budget(play, DEFAULT_BUDGET)
    }

    /// A perfect player whose exhaustive search may visit at most `budget`
    /// positions and moves per call before falling back on theory.
    pub fn with_budget(play: Play, budget: usize) -> Player {
        Player {
            play,
            budget,
            options: AnalyzeOptions {
                max_moves: 64,
                ..AnalyzeOptions::default()
            },
            search: StateSearch::default(),
            loopy: None,
        }
    }

    /// Honours `budget` (time, memory, cancellation) from the next call
    /// on: a session gives each request its own. What the player remembers
    /// is kept when it fits the new allowance.
    pub fn set_budget(&mut self, budget: Budget) {
        self.search.set_budget(budget.clone());
        self.options.budget = budget;
    }

    /// The same player, keeping what the theories compute once (a heap
    /// rule's misère quotient) in `memo`: a caller that plays or explains
    /// many positions gives each player its one memo, so that this is
    /// computed once, not once per player.
    pub fn with_memo(mut self, memo: Memo) -> Player {
        self.options.memo = memo;
        self
    }

    /// The same player, its analyses (the fallback on theory beyond its
    /// own search) searching for a component's Grundy value within
    /// `budget` positions and moves (see
    /// [`AnalyzeOptions::search_budget`]): a session gives it the
    /// analyses' own, so that a board the analysis can value the player can
    /// play.
    pub fn with_search_budget(mut self, budget: usize) -> Player {
        self.options.search_budget = budget;
        self
    }

    /// The memo the player's analyses keep what they compute in.
    pub fn memo(&self) -> &Memo {
        &self.options.memo
    }

    /// Normal or misère.
    pub fn play(&self) -> Play {
        self.play
    }

    /// The exact remoteness of `position`, or `None` when the search would
    /// exceed its work; an error when the budget stops it.
    pub fn remoteness(&mut self, position: &Position) -> Result<Option<Remoteness>> {
        let state = self.search.state(position.components().cloned());
        match self.search.solve(state, &Remote(self.play), self.budget) {
            Ok(r) => Ok(Some(r)),
            Err(Stop::Work) => Ok(None),
            Err(Stop::Error(e)) => Err(e),
        }
    }

    /// Every move of `position` with the exact remoteness of the position it
    /// leaves, or `None` when the search would exceed its work (or the
    /// position is loopy: positions repeat); an error when the budget stops
    /// it.
    pub fn rated_moves(
        &mut self,
        position: &Position,
    ) -> Result<Option<Vec<(SumMove, Remoteness)>>> {
        match self.rated(position) {
            Err(e) if e.kind() == ErrorKind::Loop => Ok(None),
            other => other,
        }
    }

    /// [`Player::rated_moves`], with a repetition found as the error of
    /// kind [`ErrorKind::Loop`].
    fn rated(&mut self, position: &Position) -> Result<Option<Vec<(SumMove, Remoteness)>>> {
        let mut left = self.budget;
        let mut out = Vec::new();
        for mv in position.moves() {
            let Some(l) = left.checked_sub(1) else {
                return Ok(None);
            };
            let next = position.apply(&mv)?;
            let state = self.search.state(next.components().cloned());
            let r = match self.search.solve(state, &Remote(self.play), l) {
                Ok(r) => r,
                Err(Stop::Work) => return Ok(None),
                Err(Stop::Error(e)) => return Err(e),
            };
            left = self.search.left();
            out.push((mv, r));
        }
        Ok(Some(out))
    }

    /// The move the perfect player makes, or `None` when there is no move.
    ///
    /// Errors only when the position is beyond the engine altogether (see
    /// [`Position::analyze`]), e.g. misère play of a large sum other than Nim.
    pub fn choose(&mut self, position: &Position) -> Result<Option<Choice>> {
        let how = match self.play {
            Play::Normal => "",
            Play::Misere => " (misère play)",
        };
        self.choose_within(position)
            .map_err(|e| e.in_context(|| format!("choosing a move in {}{how}", position.quoted())))
    }

    fn choose_within(&mut self, position: &Position) -> Result<Option<Choice>> {
        if position.is_terminal() {
            return Ok(None);
        }
        // One token on a family's graph: that graph, however large.
        let live: Vec<_> = position.components().filter(|c| c.has_moves()).collect();
        if let [c] = live[..] {
            if c.on_graph().is_some() && self.play == Play::Normal {
                return self.choose_loopy(position);
            }
        }
        let rated = match self.rated(position) {
            Err(e) if e.kind() == ErrorKind::Loop => return self.choose_loopy(position),
            other => other?,
        };
        if let Some(rated) = rated {
            let best = Remoteness::from_options(rated.iter().map(|(_, r)| *r))
                .expect("a position with moves");
            let (mv, r) = rated
                .into_iter()
                .find(|&(_, r)| {
                    r.mover_wins != best.mover_wins && r.moves.saturating_add(1) == best.moves
                })
                .expect("the best option is among the options");
            return Ok(Some(Choice {
                mv,
                wins: best.mover_wins,
                outcome: best.outcome(),
                moves_left: Some(r.moves),
                method: Method::Exact,
                incomplete: false,
            }));
        }
        self.choose_by_theory(position)
    }

    /// The move from the analysis: a winning move, else (a loopy position)
    /// a move keeping the draw, else the smallest change.
    fn choose_by_theory(&mut self, position: &Position) -> Result<Option<Choice>> {
        let analysis = position.analyze(self.play, &self.options)?;
        let incomplete = analysis.incomplete;
        if let Some(mv) = analysis.winning_moves.into_iter().next() {
            return Ok(Some(Choice {
                mv,
                wins: true,
                outcome: Outcome::N,
                moves_left: None,
                method: Method::Theory,
                incomplete,
            }));
        }
        if let Some(mv) = analysis.drawing_moves.into_iter().next() {
            return Ok(Some(Choice {
                mv,
                wins: false,
                outcome: Outcome::D,
                moves_left: None,
                method: Method::Theory,
                incomplete,
            }));
        }
        Ok(smallest_change(position).map(|mv| Choice {
            mv,
            wins: false,
            outcome: Outcome::P,
            moves_left: None,
            method: Method::SmallestChange,
            incomplete,
        }))
    }

    /// A loopy position: the best move by the retrograde analysis of its
    /// graph (see the [module documentation](self)), or by theory when the
    /// position's graph is beyond the budget.
    fn choose_loopy(&mut self, position: &Position) -> Result<Option<Choice>> {
        if self.play == Play::Misere {
            // The analysis refuses misère play of loopy games, saying why.
            position.analyze(self.play, &self.options)?;
        }
        let here = self.loopy.as_ref().and_then(|t| t.vertex(position));
        if here.is_none() {
            self.loopy = self.loopy_table(position)?;
        }
        let Some(t) = &self.loopy else {
            return self.choose_by_theory(position);
        };
        let Some(here) = t.vertex(position) else {
            return self.choose_by_theory(position);
        };
        let Some(best) = t.table.best(&t.graph, here) else {
            return Ok(None);
        };
        let outcome = t.table.outcome(here);
        for mv in position.moves() {
            if t.after(position, &mv) == Some(best) {
                return Ok(Some(Choice {
                    mv,
                    wins: outcome == Outcome::N,
                    outcome,
                    moves_left: t.table.moves(best),
                    method: Method::Exact,
                    incomplete: false,
                }));
            }
        }
        self.choose_by_theory(position)
    }

    /// The table of a loopy position: its one live token's graph, or the
    /// positions explored from it within the budget (`None` beyond it).
    fn loopy_table(&self, position: &Position) -> Result<Option<LoopyTable>> {
        let budget = &self.options.budget;
        let live: Vec<_> = position.components().filter(|c| c.has_moves()).collect();
        if let [c] = live[..] {
            if let Some((graph, _)) = c.on_graph() {
                let table = OutcomeTable::new(&graph, budget)?;
                return Ok(Some(LoopyTable {
                    graph,
                    explored: None,
                    table,
                }));
            }
        }
        let root = position.components().cloned().collect::<Vec<_>>();
        let explored = match Explored::new(&[root], self.budget, budget) {
            Ok(e) => e,
            Err(e) if e.kind() == ErrorKind::TooLarge => return Ok(None),
            Err(e) => return Err(e),
        };
        let graph = Arc::clone(explored.graph());
        let table = OutcomeTable::new(&graph, budget)?;
        Ok(Some(LoopyTable {
            graph,
            explored: Some(explored),
            table,
        }))
    }
}

/// The losing player's fallback on a position too large to search: the move
/// that removes the fewest tokens (a monk: one step up), from the largest
/// heap among those that allow it. Every rule lists its moves with the
/// fewest tokens removed first, so only each heap's first move is looked at,
/// which keeps this cheap on huge heaps.
pub fn smallest_change(position: &Position) -> Option<SumMove> {
    let mut best: Option<(u64, u64, SumMove)> = None; // (removed, size, move)
    for (place, c) in position.places() {
        let Some(first) = c.moves().next() else {
            continue;
        };
        let (removed, size) = match (&first.heap, c.heaps().len()) {
            (Some(h), 1) => (h.from - h.to.iter().sum::<u64>(), h.from),
            _ => (1, 0),
        };
        let better = best
            .as_ref()
            .is_none_or(|(r, s, _)| removed < *r || (removed == *r && size > *s));
        if better {
            best = Some((removed, size, Position::sum_move(place, c.as_ref(), first)));
        }
    }
    best.map(|(_, _, mv)| mv)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::parse_position;

    fn pos(s: &str) -> Position {
        parse_position(s).unwrap()
    }

    #[test]
    fn nim_remoteness_matches_hand_counts() {
        let mut p = Player::new(Play::Normal);
        // One heap: take it all.
        assert_eq!(
            p.remoteness(&pos("nim(5)")).unwrap(),
            Some(Remoteness {
                mover_wins: true,
                moves: 1
            })
        );
        // 1,1: lost, two moves.
        assert_eq!(
            p.remoteness(&pos("nim(1,1)")).unwrap(),
            Some(Remoteness {
                mover_wins: false,
                moves: 2
            })
        );
        // 2,2: the loser delays by taking 1 each time: 4 moves.
        assert_eq!(p.remoteness(&pos("nim(2,2)")).unwrap().unwrap().moves, 4);
    }

    #[test]
    fn misere_terminal_is_a_win_for_the_mover() {
        let mut p = Player::new(Play::Misere);
        let r = p.remoteness(&pos("nim(1)")).unwrap().unwrap();
        assert_eq!((r.mover_wins, r.moves), (false, 1));
        // Take one; the opponent must take the last.
        let r = p.remoteness(&pos("nim(1,1)")).unwrap().unwrap();
        assert_eq!((r.mover_wins, r.moves), (true, 2));
    }

    #[test]
    fn losing_player_delays() {
        let mut p = Player::new(Play::Normal);
        // nim(2,2) is lost; taking 1 (not 2) makes the game last longest.
        let c = p.choose(&pos("nim(2,2)")).unwrap().unwrap();
        assert!(!c.wins);
        assert_eq!(c.mv.to, vec![1]);
        assert_eq!(c.moves_left, Some(3));
    }

    #[test]
    fn huge_positions_fall_back_on_theory() {
        let mut p = Player::with_budget(Play::Normal, 1_000);
        let big = pos("nim(1000000, 1000001)");
        let c = p.choose(&big).unwrap().unwrap();
        assert_eq!(c.method, Method::Theory);
        assert_eq!(c.mv.to, vec![1_000_000]);
        let lost = pos("nim(1000000, 1000000)");
        let c = p.choose(&lost).unwrap().unwrap();
        assert_eq!(c.method, Method::SmallestChange);
        assert!(!c.wins);
        assert_eq!(c.mv.to, vec![999_999]);
    }

    #[test]
    fn staircase_moves_are_searched_by_gaps() {
        let mut p = Player::new(Play::Normal);
        // stairs(1,3): one monk may walk up one step; that wins at once.
        let c = p.choose(&pos("stairs(1,3)")).unwrap().unwrap();
        assert!(c.wins);
        assert_eq!((c.mv.from, c.mv.to.clone()), (1, vec![2]));
        assert!(p.choose(&pos("stairs(2,3)")).unwrap().is_none());
    }
}
