//! The one interface every impartial game implements.
//!
//! A [`Game`] is one *component* of a sum: a Nim heap, a Kayles row, a
//! staircase of monks, a Wythoff position, a graph of Green Hackenbush, or a
//! game of your own. A move replaces the component by zero or more
//! components (a take-and-break move splits a heap into two heaps; a move in
//! a staircase leaves one staircase). Everything else in the crate — sums
//! ([`sum`](crate::sum)), misère search ([`misere`](crate::misere)), the
//! perfect player ([`strategy`](crate::strategy)), explanations
//! ([`explain`](crate::explain)) and the expression language
//! ([`expr`](crate::expr)) — works through this trait alone.
//!
//! What a family must give:
//!
//! * [`Game::name`] and [`Game::args`]: how it is written in the expression
//!   language, `name(args)`;
//! * [`Game::key`]: a canonical key; two components with the same name and
//!   key are the same position (or at least play identically), which is what
//!   the memoising solvers rely on;
//! * [`Game::moves`]: every move, as data ([`Move`]).
//!
//! What it may give: rules of its own for the search engine
//! ([`Game::solve`], see [`search`](crate::search)), and, where theory
//! knows it, the Grundy value
//! ([`Game::value`]), only the outcome ([`Game::known`], e.g. Wythoff's
//! game on huge piles), the moves to a given value ([`Game::moves_to_value`]),
//! and presentation for `play` and `explain`. Without theory, the generic
//! solver ([`solver`](crate::solver)) computes values by search, within a
//! budget.
//!
//! ```
//! use std::sync::Arc;
//! use grundy::game::{Component, Game, Move};
//! use grundy::nim::{Outcome, Play};
//! use grundy::sum::{AnalyzeOptions, Position, Term};
//!
//! /// Take 1 or 2 tokens, or, from an even heap, half of it.
//! #[derive(Debug)]
//! struct Halving(u64);
//!
//! impl Game for Halving {
//!     fn name(&self) -> &str { "halving" }
//!     fn args(&self) -> String { self.0.to_string() }
//!     fn key(&self) -> Vec<u64> { vec![self.0] }
//!     fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
//!         let n = self.0;
//!         let mut takes = vec![1, 2];
//!         if n % 2 == 0 && n > 0 { takes.push(n / 2); }
//!         takes.sort_unstable();
//!         takes.dedup();
//!         Box::new(takes.into_iter().filter(move |&k| k <= n)
//!             .map(move |k| Move::to(vec![Arc::new(Halving(n - k)) as Component])))
//!     }
//! }
//!
//! // A sum of the new game with built-in families, analysed as any other.
//! let pos = Position::new(vec![
//!     Term::of(vec![Arc::new(Halving(7)) as Component]),
//!     grundy::expr::parse_position("nim(3) + kayles(4)").unwrap().terms[0].clone(),
//! ]).unwrap();
//! let a = pos.analyze(Play::Normal, &AnalyzeOptions::default()).unwrap();
//! assert_eq!(a.term_values[0], Some(0)); // found by search: no theory was given
//! assert_eq!(a.outcome, Outcome::N);
//! assert!(!a.winning_moves.is_empty());
//! assert_eq!(pos.to_string(), "halving(7) + nim(3)");
//! ```

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use crate::budget::Budget;
use crate::error::Result;
use crate::graph::Graph;
use crate::limits::Limits;
use crate::memo::Memo;
use crate::nim::Outcome;
use crate::nimber::Nimber;
use crate::search::Engines;

/// A component, shared: moves hand out children cheaply.
pub type Component = Arc<dyn Game>;

/// What the theory of a family may use: the limits of the sequence engines,
/// the [`Budget`] of time, memory and cancellation that every search and
/// table it builds must honour, and the [`Memo`] in which it keeps what is
/// costly to set up (a heap rule's misère quotient) for as long as the
/// caller keeps the memo.
#[derive(Clone, Debug, Default)]
pub struct Context {
    pub limits: Limits,
    pub budget: Budget,
    pub memo: Memo,
}

impl Context {
    /// A context with these limits and budget, and a memo of its own.
    pub fn new(limits: Limits, budget: Budget) -> Context {
        Context {
            limits,
            budget,
            memo: Memo::default(),
        }
    }
}

/// One move in one component, as data.
#[derive(Clone, Debug)]
pub struct Move {
    /// The components that replace the one moved in (none when it is used
    /// up; two after a take-and-break split).
    pub after: Vec<Component>,
    /// For families shown as heaps (see [`Game::heaps`]): which of the
    /// component's heaps changed and how.
    pub heap: Option<HeapChange>,
}

/// A move seen on heaps: heap `index` of the component (0-based, in
/// [`Game::heaps`] order) goes from `from` to the heaps `to` (ascending,
/// zeros left out). For a staircase a monk counts as a heap whose size is its
/// step, and `to` is its new step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapChange {
    pub index: usize,
    pub from: u64,
    pub to: Vec<u64>,
}

impl Move {
    /// A move to the components `after`.
    pub fn to(after: Vec<Component>) -> Move {
        Move { after, heap: None }
    }

    /// The same move, also described on heaps.
    pub fn with_heap(mut self, index: usize, from: u64, to: Vec<u64>) -> Move {
        self.heap = Some(HeapChange { index, from, to });
        self
    }

    /// The components left, written as a list (`nothing` when none).
    pub fn after_text(&self) -> String {
        if self.after.is_empty() {
            return "nothing".into();
        }
        self.after
            .iter()
            .map(|c| written(c.as_ref()))
            .collect::<Vec<_>>()
            .join(" + ")
    }
}

impl Move {
    /// The [`Identity`] of each component the move leaves, sorted: what
    /// two moves leaving the same components share, in any order.
    fn after_identities(&self) -> Vec<Identity> {
        let mut ids: Vec<Identity> = self.after.iter().map(|c| identity(c.as_ref())).collect();
        ids.sort();
        ids
    }
}

/// Two moves are equal when they leave the same components (by
/// [`Identity`], as the memo tables compare them: a game of your own that
/// shares a family's name and key is still another game) and describe the
/// same heap change.
impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.heap == other.heap && self.after_identities() == other.after_identities()
    }
}

impl Eq for Move {}

/// A misère answer for a sum of components (see [`Game::misere_sum`]): the
/// outcome, and the winning moves as (index of the part moved in, move).
pub type MisereSum = (Outcome, Vec<(usize, Move)>);

/// A misère sum of heaps of one rule, read from the rule's misère quotient
/// `Q` (see [`Game::misere_quotient`]): the heaps' elements, their product,
/// and whether it lies in `P`. Elements are numbered as in the quotient's
/// table ([`Element`](crate::quotient::Element)s); the type lives here,
/// with the interface that returns it, so that the interface does not
/// depend on the quotient's construction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientCase {
    /// The rule, as written by its `Display`.
    pub rule: String,
    /// `|Q|`.
    pub order: usize,
    /// The largest heap `N` the quotient was computed for …
    pub computed_to: u64,
    /// … and the proved period of Φ (`(preperiod, period)`), which covers
    /// every heap beyond `N`.
    pub period: Option<(u64, u64)>,
    /// For each row (one heap each): its size, its element `Φ(size)` and
    /// that element written over the generators.
    pub elements: Vec<(u64, u32, String)>,
    /// The generators `a, b, …`: the heap each stands for.
    pub generators: Vec<u64>,
    /// The product of the rows' elements, as a number and as a word.
    pub product: u32,
    pub product_word: String,
    /// Whether the product lies in the P-portion (then the position is P).
    pub in_p: bool,
    /// The P-portion's elements, as words.
    pub p_portion: Vec<String>,
    /// For each winning move, in order: the product it leaves (in `P`), as a
    /// number and a word.
    pub after: Vec<(u32, String)>,
}

/// The steps of a position from the steps of its options, by Smith's rule
/// for every-game play (see [`every`](crate::every)); an empty list means
/// no option. Families with a closed form for [`Game::steps`] build it with
/// this rule.
///
/// ```
/// use grundy::game::steps_from_options;
/// assert_eq!(steps_from_options([]), 0);
/// assert_eq!(steps_from_options([1, 1]), 2); // lost: every option is won
/// assert_eq!(steps_from_options([0, 2, 3]), 3); // won, dragging out through 2
/// ```
pub fn steps_from_options(options: impl IntoIterator<Item = u64>) -> u64 {
    let mut best_even: Option<u64> = None;
    let mut least: Option<u64> = None;
    for s in options {
        if s % 2 == 0 {
            best_even = Some(best_even.map_or(s, |b| b.max(s)));
        }
        least = Some(least.map_or(s, |l| l.min(s)));
    }
    match (best_even, least) {
        (Some(e), _) => e.saturating_add(1),
        (None, Some(l)) => l.saturating_add(1),
        (None, None) => 0,
    }
}

/// Whether the player to move wins a component (or every-game sum) of
/// `steps` steps.
pub fn mover_wins(steps: u64) -> bool {
    steps % 2 == 1
}

/// What theory knows about a component under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// The Grundy value.
    Value(Nimber),
    /// The Grundy value, beyond the 64 bits of a [`Nimber`] (Lasker's Nim
    /// on a heap of 2^64 − 1 is worth 2^64). It is never 0, so the player
    /// to move wins the component alone; a sum holding it is refused with
    /// [`Error::WideValue`](crate::error::Error::WideValue), and no search
    /// is spent on it. A family that says this makes [`Game::value`] fail
    /// with that error too.
    Wide(u128),
    /// Only who wins (the value is not known without search).
    Outcome(Outcome),
    /// Nothing: ask the solver.
    Nothing,
}

/// One impartial game component. See the [module documentation](self).
///
/// A game may be *loopy*: a line of play may repeat a position. The finite
/// solvers report that ([`Error::Loop`](crate::error::Error::Loop)), and the
/// analysis of a sum then solves the component as a loopy game (see
/// [`loopy`](crate::loopy)), with draws and infinite values, under normal
/// play; misère play of a loopy game is refused.
///
/// A family recognises its own components among others by their type
/// ([`is`](trait.Game.html#method.is)), never by their name alone: a game
/// of your own may be called `kayles`.
pub trait Game: Any + fmt::Debug + Send + Sync {
    /// The family's name in the expression language, as written
    /// (`nim`, `kayles`, `0.07`, `sub{1,3,4}`, `stairs`). Together with
    /// [`Game::key`] it identifies the position, so two different rules must
    /// not share a name.
    fn name(&self) -> &str;

    /// The arguments inside the parentheses: `10` for a heap, `1,5,9` for a
    /// staircase. `name(args)` parses back to this component, and a term of
    /// several components of one family is `name(args1,args2,…)`.
    fn args(&self) -> String;

    /// A canonical key for memoisation (see [`Game::name`]).
    fn key(&self) -> Vec<u64>;

    /// Every move, lazily, in a fixed order. Huge positions may have a huge
    /// number of moves: callers bound what they collect.
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_>;

    /// About how many bytes this component holds, itself and the data it
    /// owns: what a search charges against a memory allowance
    /// ([`Budget`]) for keeping it. The default is the value's own size;
    /// a family that owns growing data (a board's coins, a graph's edges,
    /// a list of heaps) adds it.
    fn bytes(&self) -> u64 {
        std::mem::size_of_val(self) as u64
    }

    /// A number of moves this position has at least, counted without
    /// listing them; 0 (the default) when the family cannot say.
    ///
    /// A search for a Grundy value must look at every move of the position
    /// it values (a mex needs all of them), so a search whose budget could
    /// not even list them is refused at once instead of after spending the
    /// budget: Wythoff's game on piles near 2^64 has its outcome from theory
    /// in microseconds, and a search for its value could only fail.
    fn moves_at_least(&self) -> u128 {
        0
    }

    /// Whether there is any move.
    fn has_moves(&self) -> bool {
        self.moves().next().is_some()
    }

    /// The Grundy value (normal play) from theory, when known without search.
    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(None)
    }

    /// The Grundy value found by search on rules of the family's own: a
    /// family with a faster representation than its [`Move`]s (a bitboard
    /// for a board game) implements [`Rules`](crate::search::Rules) for it
    /// and hands this component to [`Engines::nimber`], which keeps one
    /// engine (and one transposition table) per rules type for the whole
    /// request. `None` (the default): the generic solver searches the
    /// component through [`Game::moves`].
    ///
    /// This is search, not theory: it is used even by solvers that take no
    /// values from theory, except [`Solver::from_moves`](crate::solver::Solver::from_moves).
    fn solve(&self, _engines: &mut Engines) -> Option<Result<Nimber>> {
        None
    }

    /// Whether the Grundy value is `k`, asked of the same search as
    /// [`Game::solve`]: a question often much cheaper than the value itself
    /// (a "no" stops at the first option of value `k`), which is what a
    /// search for winning moves asks of each option. A family that
    /// implements `solve` implements this too; `None` (the default): the
    /// question is answered from the value.
    fn solve_is(&self, _engines: &mut Engines, _k: Nimber) -> Option<Result<bool>> {
        None
    }

    /// What theory knows: the value, else perhaps the outcome alone.
    fn known(&self, cx: &Context) -> Result<Known> {
        Ok(match self.value(cx)? {
            Some(v) => Known::Value(v),
            None => Known::Nothing,
        })
    }

    /// Up to `limit` moves to positions of Grundy value `target`, from
    /// theory; `None` when theory cannot say (the caller searches). With
    /// `target = 0` these are the winning moves of the component alone, which
    /// families that know only outcomes should also answer.
    fn moves_to_value(
        &self,
        _cx: &Context,
        _target: Nimber,
        _limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        Ok(None)
    }
    /// Whether the lists of [`moves_to_value`](Game::moves_to_value) may
    /// miss some moves, because the family's search for them is bounded
    /// (a huge board of a coin product); the front ends then say the list
    /// may be incomplete. `false` (the default): the lists are complete, up
    /// to the `limit` asked for.
    fn moves_may_be_incomplete(&self) -> bool {
        false
    }

    /// Smith's *steps* of this component under the every-game rule (see
    /// [`every`](crate::every)), when the family's theory gives them in
    /// closed form; `None` (the default) has them found by search.
    fn steps(&self) -> Option<u64> {
        None
    }

    /// For a component whose [`steps`](Game::steps) the theory gives, `steps`
    /// being them: a few moves among which one leaves one step fewer (the best
    /// every-game move), so that a huge component need not list all of its
    /// moves. `None` (the default) has every move looked at.
    fn steps_candidates(&self, _cx: &Context, _steps: u64) -> Result<Option<Vec<Move>>> {
        Ok(None)
    }

    /// Whether this component meets the SJ theorem's condition (see
    /// [`antisg`](crate::antisg)) when the family's theory knows: no move
    /// splits it, and every position of value 0 with a move that it can reach
    /// has a move to value 1. `None` (the default) has it checked by search.
    fn sj_condition(&self) -> Option<bool> {
        None
    }

    /// `Some(n)` when this component is a Nim heap of `n` tokens (its moves
    /// are exactly those of Nim): sums of such heaps have misère Nim's closed form.
    fn as_nim(&self) -> Option<u64> {
        None
    }

    /// The outcome of this component alone under misère play, from theory.
    fn misere_outcome(&self) -> Option<Outcome> {
        None
    }

    /// Misère play of a sum of components (`parts`, this one among them),
    /// from the family's own theory — for heap rules, their misère
    /// quotient, kept in `cx.memo`. The outcome and the winning moves (at
    /// most `max_moves`) as (index into `parts`, move); `None` when the
    /// family has no such theory or some part is not one of its components
    /// (the family checks by type, not by name), and the caller searches.
    /// The tables it builds honour the context's budget.
    fn misere_sum(
        &self,
        _cx: &Context,
        _parts: &[&dyn Game],
        _max_moves: usize,
    ) -> Option<Result<MisereSum>> {
        None
    }

    /// The account `explain` gives of a misère sum of components of this
    /// family (`parts`, this one among them) through the family's misère
    /// quotient: each part's element, their product, the P-portion, and the
    /// product each of `moves` leaves (the winning moves the analysis found,
    /// as (index into `parts`, move)). `None` (the default) when the family
    /// has no quotient, a part is not one of its components, or the quotient
    /// is out of reach; `explain` then says the sum was searched.
    fn misere_quotient(
        &self,
        _cx: &Context,
        _parts: &[&dyn Game],
        _moves: &[(usize, &Move)],
    ) -> Option<QuotientCase> {
        None
    }

    /// Why the value is what it is, in one sentence for `explain` (the
    /// theorem used), when theory gives it.
    fn value_reason(&self, _cx: &Context, _value: Nimber) -> Option<String> {
        None
    }

    /// The sizes shown as heaps, for families that are heaps (one entry) or
    /// made of heap-like pieces (a staircase: its monks' steps); empty for
    /// the others.
    fn heaps(&self) -> Vec<u64> {
        Vec::new()
    }

    /// What stays on the board when a move leaves nothing (a heap of 0), so
    /// that later components keep their places; `None` removes it.
    fn emptied(&self) -> Option<Component> {
        None
    }

    /// What the component is called in labels: "heap", "staircase", "game".
    fn noun(&self) -> &str {
        "game"
    }

    /// The move in words, for the component labelled `label` ("heap 2").
    fn describe(&self, mv: &Move, label: &str) -> String {
        format!(
            "{label}: {}({}) → {}",
            self.name(),
            self.args(),
            mv.after_text()
        )
    }

    /// The move as typed at the `play` prompt after the component's number.
    fn notation(&self, mv: &Move) -> String {
        format!("= {}", mv.after_text())
    }

    /// Reads a move typed at the `play` prompt (the text after the
    /// component's number; `label` names it in messages, "heap 2"). The default accepts exactly the texts of
    /// [`Game::notation`] of the first moves.
    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let want: String = text.split_whitespace().collect();
        self.moves()
            .take(100_000)
            .find(|m| self.notation(m).split_whitespace().collect::<String>() == want)
            .ok_or_else(|| format!("{text:?} is not a legal move of {label}"))
    }

    /// The component drawn for `play`, as text lines (without colour).
    fn draw(&self) -> Vec<String> {
        vec![format!("{}({})", self.name(), self.args())]
    }

    /// The component as a picture to draw and click (a board, a graph,
    /// coins, a staircase; see [`picture`](crate::picture)), with every
    /// move and the elements clicked to make it. `None` (the default) when
    /// the family has no picture or the component is too large to draw:
    /// the front ends then show [`Game::draw`].
    fn picture(&self) -> Option<crate::picture::Picture<Move>> {
        None
    }

    /// For a component that is a token on an explicit finite graph (a
    /// `digraph` token): the graph, shared by every token on it, and the
    /// vertex it stands on; every move goes to a token on a follower of
    /// that vertex. The loopy solver then reads the graph as it is, solved
    /// once for all tokens on it, instead of exploring moves and keys.
    /// `None` (the default): the game is known by its moves.
    fn on_graph(&self) -> Option<(Arc<Graph>, u32)> {
        None
    }

    /// How a term of several components of this family is written inside
    /// its parentheses, `parts` being the term's components (this one
    /// first), when that is not their [`args`](Game::args) joined by commas:
    /// tokens on one digraph are `1>2 2>1; 1 2`. `None` (the default): the
    /// args joined by commas.
    fn term_args(&self, _parts: &[Component]) -> Option<String> {
        None
    }
}

impl dyn Game {
    /// Whether this component is of the concrete type `T`: how a family
    /// recognises its own components in a sum.
    pub fn is<T: Game>(&self) -> bool {
        Any::type_id(self) == std::any::TypeId::of::<T>()
    }

    /// This component as its concrete type `T`, when it is one: how a
    /// family reads its own components back (the pieces a move left).
    pub fn downcast_ref<T: Game>(&self) -> Option<&T> {
        if self.is::<T>() {
            // SAFETY: the object's type is `T` (its type id says so), as in
            // `<dyn Any>::downcast_ref`.
            Some(unsafe { &*(self as *const dyn Game as *const T) })
        } else {
            None
        }
    }
}

/// `name(args)`.
pub fn written(c: &dyn Game) -> String {
    format!("{}({})", c.name(), c.args())
}

impl fmt::Display for dyn Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self.name(), self.args())
    }
}

/// The identity of a component for memo tables: its type, name and key.
/// The type keeps a game of your own apart from a family's component that
/// happens to share its name.
pub type Identity = (std::any::TypeId, String, Vec<u64>);

/// The [`Identity`] of `c`.
pub fn identity(c: &dyn Game) -> Identity {
    (Any::type_id(c), c.name().to_string(), c.key())
}

/// A shared handle to `game`.
pub fn component<G: Game + 'static>(game: G) -> Component {
    Arc::new(game)
}
