//! Wythoff's game: two piles; a move takes any positive number of tokens
//! from one pile, or the same positive number from both. Normal play.
//!
//! **Theory** (Wythoff, 1907). The losing positions for the player to move
//! are the pairs `{A_k, B_k}`, `k = 0, 1, 2, …`, with `A_k = ⌊kφ⌋` and
//! `B_k = ⌊kφ²⌋ = A_k + k` (φ the golden ratio). Each positive integer is
//! exactly one `A_k` or one `B_k` (Beatty's theorem), so every number `n`
//! has one *partner* `p(n)` with `{n, p(n)}` a losing pair, and the
//! difference `k` picks out exactly one pair. Hence the winning moves from
//! `(x, y)`: lower `y` to `p(x)`, lower `x` to `p(y)`, or lower both to the
//! pair whose difference is `|x − y|` — each where that is a decrease.
//!
//! `⌊kφ⌋` is computed exactly, without floating point: `kφ = (k + k√5)/2`,
//! so `⌊kφ⌋ = ⌊(3k + t)/2⌋` with `t = ⌊k(√5 − 2)⌋`, the largest integer
//! with `(t + 2k)² ≤ 5k²`, i.e. `t(t + 4k) ≤ k²` — a comparison that fits in
//! `u128` for every 64-bit `k`. A 64-bit fixed-point estimate of `√5 − 2`
//! gets `t` to within 2 and the comparison settles it.
//!
//! Grundy values have no known formula; [`Wythoff::grundy_by_search`]
//! computes them for small piles.
//!
//! Written `wythoff(3,5)`; the piles keep the order written.

use std::fmt;

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Known, Move};
use crate::games::heap::number;
use crate::games::{in_parens, parse_args};
use crate::nim::Outcome;
use crate::nimber::Nimber;
use crate::picture::{self, Cell, Grid, Item, Pick, Picture, Shape};
use crate::sum::Term;

/// `⌊(√5 − 2) · 2^64⌋`.
const SQRT5_MINUS_2: u128 = 0x3c6e_f372_fe94_f82b;
/// `⌊(φ − 1) · 2^64⌋`.
const PHI_MINUS_1: u128 = 0x9e37_79b9_7f4a_7c15;

/// `⌊k(√5 − 2)⌋`, exactly.
fn sqrt5_minus_2_times(k: u64) -> u128 {
    let k = k as u128;
    let k2 = k * k;
    // t ≤ k(√5 − 2)  ⟺  t(t + 4k) ≤ k²   (t + 4k < 2^67, overflow means "no").
    let fits = |t: u128| (t + 4 * k).checked_mul(t).is_some_and(|v| v <= k2);
    // The estimate is at most the true value and short of it by less than 2.
    let mut t = (k * SQRT5_MINUS_2) >> 64;
    while !fits(t) {
        t -= 1;
    }
    while fits(t + 1) {
        t += 1;
    }
    t
}

/// `A_k = ⌊kφ⌋`, the smaller number of the `k`-th losing pair (exact for
/// every `k`; the result may exceed `u64`).
///
/// ```
/// use grundy::games::wythoff::{a, b};
/// assert_eq!((0..6).map(a).collect::<Vec<_>>(), [0, 1, 3, 4, 6, 8]);
/// assert_eq!((0..6).map(b).collect::<Vec<_>>(), [0, 2, 5, 7, 10, 13]);
/// ```
pub fn a(k: u64) -> u128 {
    (3 * k as u128 + sqrt5_minus_2_times(k)) / 2
}

/// `B_k = ⌊kφ²⌋ = A_k + k`, the larger number of the `k`-th losing pair.
pub fn b(k: u64) -> u128 {
    a(k) + k as u128
}

/// Which losing pair `n` belongs to: `(k, true)` when `n = A_k`, `(k, false)`
/// when `n = B_k` (0 is `A_0 = B_0`, reported as `(0, true)`).
pub fn pair_of(n: u64) -> (u64, bool) {
    let n128 = n as u128;
    // The largest k with A_k ≤ n; n(φ − 1) = n/φ is within 2 of it.
    let mut k = ((n128 * PHI_MINUS_1) >> 64) as u64;
    while a(k) > n128 {
        k -= 1;
    }
    while a(k + 1) <= n128 {
        k += 1;
    }
    if a(k) == n128 {
        return (k, true);
    }
    // Otherwise n = B_j for one j; B_j ≈ j·φ², j ≈ n − n/φ... within a few.
    let mut j = n - ((n128 * PHI_MINUS_1) >> 64) as u64;
    j = j.min(n);
    while j > 0 && b(j) > n128 {
        j -= 1;
    }
    while b(j + 1) <= n128 {
        j += 1;
    }
    debug_assert_eq!(b(j), n128, "Beatty: {n} is A or B");
    (j, false)
}

/// The partner `p(n)`: the other number of the losing pair holding `n`.
///
/// ```
/// use grundy::games::wythoff::partner;
/// assert_eq!(partner(3), 5);
/// assert_eq!(partner(5), 3);
/// assert_eq!(partner(0), 0);
/// ```
pub fn partner(n: u64) -> u128 {
    match pair_of(n) {
        (k, true) => b(k),
        (k, false) => a(k),
    }
}

/// A position: the two piles, in the order written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    pub x: u64,
    pub y: u64,
}

/// Where a move takes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Take {
    /// From the first pile.
    First,
    /// From the second pile.
    Second,
    /// The same number from both.
    Both,
}

/// One move: `amount` tokens taken as `take` says, leaving `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct WythoffMove {
    pub take: Take,
    pub amount: u64,
    pub to: Wythoff,
}

impl fmt::Display for WythoffMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let from = match self.take {
            Take::First => "pile 1",
            Take::Second => "pile 2",
            Take::Both => "both piles",
        };
        write!(f, "take {} from {from}, leaving {}", self.amount, self.to)
    }
}

impl fmt::Display for Wythoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "wythoff({},{})", self.x, self.y)
    }
}

/// The default work bound of [`Wythoff::grundy_by_search`] (steps of its
/// mex table, about a second); not the nim-sequence budget
/// [`SEARCH_WORK`](crate::limits::SEARCH_WORK).
pub const GRUNDY_SEARCH_WORK: u64 = 200_000_000;

impl Wythoff {
    /// The position with piles `x` and `y`.
    pub fn new(x: u64, y: u64) -> Wythoff {
        Wythoff { x, y }
    }

    /// Parses the argument text `3,5` (what stands inside `wythoff(…)`).
    pub fn parse(args: &str) -> Result<Wythoff> {
        parse_args(args, Wythoff::read)
    }

    /// Reads `x, y` at the cursor.
    fn read(c: &mut Cursor) -> Result<Wythoff> {
        let x = c.number()?;
        c.expect(',', "',' and the second pile (wythoff takes two piles)")?;
        let y = c.number()?;
        Ok(Wythoff { x, y })
    }

    /// The number of moves, `x + y + min(x, y)` (it can pass `u64`).
    pub fn move_count(&self) -> u128 {
        self.x as u128 + self.y as u128 + self.x.min(self.y) as u128
    }

    /// The move taking `amount` as `take` says, if legal.
    pub fn play(&self, take: Take, amount: u64) -> Option<WythoffMove> {
        let (x, y) = match take {
            Take::First => (self.x.checked_sub(amount)?, self.y),
            Take::Second => (self.x, self.y.checked_sub(amount)?),
            Take::Both => (self.x.checked_sub(amount)?, self.y.checked_sub(amount)?),
        };
        (amount > 0).then_some(WythoffMove {
            take,
            amount,
            to: Wythoff { x, y },
        })
    }

    /// Every move, lazily (there can be about 3·2^64 of them): from pile 1,
    /// then pile 2, then both, each smallest amount first.
    pub fn moves(&self) -> impl Iterator<Item = WythoffMove> + '_ {
        let first = (1..=self.x).map(|k| self.play(Take::First, k));
        let second = (1..=self.y).map(|k| self.play(Take::Second, k));
        let both = (1..=self.x.min(self.y)).map(|k| self.play(Take::Both, k));
        first
            .chain(second)
            .chain(both)
            .map(|m| m.expect("in range"))
    }

    /// Whether this is a losing pair `{A_k, B_k}`.
    pub fn is_p(&self) -> bool {
        let (lo, hi) = (self.x.min(self.y), self.x.max(self.y));
        a(hi - lo) == lo as u128
    }

    /// Who wins, from the theory.
    ///
    /// ```
    /// use grundy::games::wythoff::Wythoff;
    /// use grundy::nim::Outcome;
    /// assert_eq!(Wythoff::new(3, 5).outcome(), Outcome::P);
    /// assert_eq!(Wythoff::new(5, 3).outcome(), Outcome::P);
    /// assert_eq!(Wythoff::new(4, 5).outcome(), Outcome::N);
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_mover_wins(!self.is_p())
    }

    /// Every winning move (at most three): see the module documentation.
    ///
    /// ```
    /// use grundy::games::wythoff::Wythoff;
    /// let moves = Wythoff::new(4, 5).winning_moves();
    /// let to: Vec<_> = moves.iter().map(|m| m.to.to_string()).collect();
    /// assert_eq!(to, ["wythoff(3,5)", "wythoff(1,2)"]); // 5 has partner 3; 4's is 7
    /// ```
    pub fn winning_moves(&self) -> Vec<WythoffMove> {
        let mut out = Vec::new();
        if self.is_p() {
            return out;
        }
        // Lower pile 1 to the partner of pile 2, pile 2 to the partner of pile 1.
        let p = partner(self.y);
        if p < self.x as u128 {
            out.extend(self.play(Take::First, self.x - p as u64));
        }
        let p = partner(self.x);
        if p < self.y as u128 {
            out.extend(self.play(Take::Second, self.y - p as u64));
        }
        // Lower both to the pair with the same difference.
        let lo = self.x.min(self.y);
        let target = a(self.x.max(self.y) - lo);
        if target < lo as u128 {
            out.extend(self.play(Take::Both, lo - target as u64));
        }
        out
    }

    /// The Grundy value, by mex over every position with piles up to
    /// `(x, y)`; refused when that takes more than `max_work` steps
    /// (about `x·y·(x + y)`; [`GRUNDY_SEARCH_WORK`] is a sensible bound).
    ///
    /// ```
    /// use grundy::games::wythoff::{Wythoff, GRUNDY_SEARCH_WORK};
    /// assert_eq!(Wythoff::new(1, 1).grundy_by_search(GRUNDY_SEARCH_WORK).unwrap(), 2);
    /// assert!(Wythoff::new(1 << 40, 3).grundy_by_search(GRUNDY_SEARCH_WORK).is_err());
    /// ```
    pub fn grundy_by_search(&self, max_work: u64) -> Result<Nimber> {
        Ok(*self
            .grundy_table(max_work)?
            .last()
            .expect("at least (0, 0)"))
    }

    /// The Grundy values of every position `(i, j)` with `i ≤ x`, `j ≤ y`,
    /// at index `i·(y + 1) + j`; refused as [`Wythoff::grundy_by_search`] is.
    pub fn grundy_table(&self, max_work: u64) -> Result<Vec<Nimber>> {
        let (x, y) = (self.x as u128 + 1, self.y as u128 + 1);
        // Piles near 2^64 make the product pass u128 (2^64 · 2^64 is 2^128):
        // that is "too much" too, never a wrapped small number.
        let work = x.checked_mul(y).and_then(|xy| xy.checked_mul(x + y));
        if work.is_none_or(|w| w > max_work as u128) {
            return Err(Error::TooLarge(format!(
                "the Grundy value of {self} needs a search over {x}×{y} positions; \
                 Wythoff's game has no formula for it (only its outcome is known exactly)"
            )));
        }
        let (x, y) = (x as usize, y as usize);
        let mut g = vec![0u64; x * y];
        // A value never exceeds the number of options, i + j + min(i, j).
        let mut seen = vec![usize::MAX; x + y + x.min(y) + 1];
        for i in 0..x {
            for j in 0..y {
                let stamp = i * y + j;
                let mut mark = |v: u64| {
                    if let Some(s) = seen.get_mut(v as usize) {
                        *s = stamp;
                    }
                };
                (0..i).for_each(|k| mark(g[k * y + j]));
                (0..j).for_each(|k| mark(g[i * y + k]));
                (1..=i.min(j)).for_each(|d| mark(g[(i - d) * y + (j - d)]));
                g[stamp] = (0..)
                    .find(|&v| seen.get(v).is_none_or(|&s| s != stamp))
                    .unwrap() as u64;
            }
        }
        Ok(g)
    }
}

/// The most work [`Game::value`] spends on a search for a Grundy value
/// (piles up to about 100 × 100); beyond it only the outcome is known.
pub const VALUE_WORK: u64 = 2_000_000;

impl WythoffMove {
    fn into_move(self) -> Move {
        Move::to(vec![Arc::new(self.to) as Component])
    }
}

impl Wythoff {
    /// The position a move leaves (its one component).
    fn after(mv: &Move) -> Option<Wythoff> {
        match mv.after.first().map(|c| c.key())?[..] {
            [x, y] => Some(Wythoff { x, y }),
            _ => None,
        }
    }

    /// The move from here to `to`, if legal.
    fn move_to(&self, to: Wythoff) -> Option<WythoffMove> {
        let (dx, dy) = (self.x.checked_sub(to.x)?, self.y.checked_sub(to.y)?);
        match (dx, dy) {
            (0, 0) => None,
            (d, 0) => self.play(Take::First, d),
            (0, d) => self.play(Take::Second, d),
            (d, e) if d == e => self.play(Take::Both, d),
            _ => None,
        }
    }
}

/// Wythoff's game as a component: the outcome and every winning move from
/// the theory for all 64-bit piles; the Grundy value by search on small
/// piles only (there is no formula).
impl Game for Wythoff {
    fn name(&self) -> &str {
        "wythoff"
    }

    fn args(&self) -> String {
        format!("{},{}", self.x, self.y)
    }

    /// The piles in the order written (the moves read them back from it).
    fn key(&self) -> Vec<u64> {
        vec![self.x, self.y]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Wythoff::moves(self).map(WythoffMove::into_move))
    }

    fn moves_at_least(&self) -> u128 {
        Wythoff::move_count(self)
    }

    fn has_moves(&self) -> bool {
        self.x > 0 || self.y > 0
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(self.grundy_by_search(VALUE_WORK).ok())
    }

    fn known(&self, cx: &Context) -> Result<Known> {
        Ok(match self.value(cx)? {
            Some(v) => Known::Value(v),
            None => Known::Outcome(self.outcome()),
        })
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        if target == 0 {
            let moves = self.winning_moves().into_iter().take(limit);
            return Ok(Some(moves.map(WythoffMove::into_move).collect()));
        }
        let Ok(table) = self.grundy_table(VALUE_WORK) else {
            return Ok(None);
        };
        let width = self.y as usize + 1;
        let found = Wythoff::moves(self)
            .filter(|m| table[m.to.x as usize * width + m.to.y as usize] == target)
            .take(limit)
            .map(WythoffMove::into_move)
            .collect();
        Ok(Some(found))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(format!(
            "Wythoff's game has no formula for its Grundy values; a search over every \
             position with smaller piles gives G = {value}"
        ))
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match Wythoff::after(mv).and_then(|to| self.move_to(to)) {
            Some(m) => format!("{label}: {m}"),
            None => format!("{label}: wythoff({}) → {}", self.args(), mv.after_text()),
        }
    }

    /// `= X Y`: the piles left.
    fn notation(&self, mv: &Move) -> String {
        match Wythoff::after(mv) {
            Some(to) => format!("= {} {}", to.x, to.y),
            None => "?".into(),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace(['=', ','], " ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        let [x, y] = tokens[..] else {
            return Err(format!(
                "write the piles {label} leaves, `= X Y` (take from one pile, or the same from both)"
            ));
        };
        let to = Wythoff::new(number(x)?, number(y)?);
        self.move_to(to).map(WythoffMove::into_move).ok_or_else(|| {
            format!(
                "{label} cannot go from {self} to {to}: a move takes from one pile, or the \
                 same number from both"
            )
        })
    }

    /// A queen on a board of (x + 1) × (y + 1) squares, at column x and
    /// height y above the bottom-left corner: a move walks her left, down
    /// or diagonally down-left (click the square she goes to); whoever
    /// brings her to the corner wins.
    fn picture(&self) -> Option<Picture<Move>> {
        // Piles near 2^64: the product may pass u128, which is "too large" too.
        let squares = (u128::from(self.x) + 1).checked_mul(u128::from(self.y) + 1);
        if squares.is_none_or(|s| s > picture::MAX_ELEMENTS as u128) {
            return None;
        }
        let (rows, cols) = (self.y as usize + 1, self.x as usize + 1);
        let mut cells = vec![Cell::Free; rows * cols];
        cells[cols - 1] = Cell::Queen;
        let picks = Wythoff::moves(self).map(move |m| {
            let item = Item::Cell {
                row: rows - 1 - m.to.y as usize,
                col: m.to.x as usize,
            };
            Pick::new(vec![item], m.into_move())
        });
        let shape = Shape::Grid(Grid {
            rows,
            cols,
            cells,
            // A square is typed by the piles it stands for, `= X Y`.
            row_labels: (0..rows).rev().map(|y| y.to_string()).collect(),
            col_labels: (0..cols).map(|x| x.to_string()).collect(),
        });
        picture::bounded(shape, picks)
    }

    fn draw(&self) -> Vec<String> {
        let pile = |n: u64| {
            if n <= 30 {
                "●".repeat(n as usize)
            } else {
                format!("{n} tokens")
            }
        };
        vec![
            format!("pile 1: {}", pile(self.x)),
            format!("pile 2: {}", pile(self.y)),
        ]
    }
}

/// The registered parser: `wythoff(x, y)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let w = in_parens(p, "wythoff", Wythoff::read)?;
    Ok(Term::new("wythoff", vec![Arc::new(w) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "wythoff",
    shown: "wythoff",
    example: "wythoff(3,5)",
    about: "Wythoff's game: take from one pile, or the same from both",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;

    const N: usize = 60;

    /// Grundy values from the rules, by mex over the options, for piles < N.
    fn table() -> Vec<Vec<u64>> {
        let mut g = vec![vec![0u64; N]; N];
        for x in 0..N {
            for y in 0..N {
                let mut opts = Vec::new();
                for k in 1..=x {
                    opts.push(g[x - k][y]);
                }
                for k in 1..=y {
                    opts.push(g[x][y - k]);
                }
                for k in 1..=x.min(y) {
                    opts.push(g[x - k][y - k]);
                }
                g[x][y] = (0..).find(|v| !opts.contains(v)).unwrap();
            }
        }
        g
    }

    #[test]
    fn theory_matches_exhaustive_search() {
        let g = table();
        for x in 0..N {
            for y in 0..N {
                let pos = Wythoff::new(x as u64, y as u64);
                assert_eq!(
                    pos.outcome(),
                    Outcome::from_mover_wins(g[x][y] != 0),
                    "{pos}"
                );
                let mut want: Vec<Wythoff> = pos
                    .moves()
                    .map(|m| m.to)
                    .filter(|t| g[t.x as usize][t.y as usize] == 0)
                    .collect();
                let mut got: Vec<Wythoff> = pos.winning_moves().iter().map(|m| m.to).collect();
                want.sort_by_key(|w| (w.x, w.y));
                got.sort_by_key(|w| (w.x, w.y));
                assert_eq!(got, want, "{pos}");
                assert_eq!(pos.moves().count() as u128, pos.move_count());
                if x < 25 && y < 25 {
                    assert_eq!(
                        pos.grundy_by_search(GRUNDY_SEARCH_WORK).unwrap(),
                        g[x][y],
                        "{pos}"
                    );
                }
            }
        }
        // The moves themselves, from the rules.
        let moves: Vec<Wythoff> = Wythoff::new(2, 1).moves().map(|m| m.to).collect();
        assert_eq!(
            moves,
            [(1, 1), (0, 1), (2, 0), (1, 0)].map(|(x, y)| Wythoff::new(x, y))
        );
    }

    /// The 256-bit product of two u128, as (high, low).
    fn mul_wide(a: u128, b: u128) -> (u128, u128) {
        let (a1, a0) = (a >> 64, a & u64::MAX as u128);
        let (b1, b0) = (b >> 64, b & u64::MAX as u128);
        let (lo, mid1, mid2, hi) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
        let (mid, c1) = mid1.overflowing_add(mid2);
        let (low, c2) = lo.overflowing_add(mid << 64);
        let high = hi + (mid >> 64) + ((c1 as u128) << 64) + c2 as u128;
        (high, low)
    }

    /// `A = ⌊kφ⌋` by its definition: `2A − k ≤ k√5 < 2A + 2 − k`, squared.
    fn is_floor_k_phi(k: u64, a_k: u128) -> bool {
        let k = k as u128;
        let five_k2 = mul_wide(5 * k, k);
        let lo = 2 * a_k - k;
        let hi = 2 * a_k + 2 - k;
        mul_wide(lo, lo) <= five_k2 && five_k2 < mul_wide(hi, hi)
    }

    #[test]
    fn pairs_are_exact_near_the_top_of_u64() {
        let top_k = ((u64::MAX as u128 * PHI_MINUS_1) >> 64) as u64; // A_k ≈ 2^64
        let mut starts = vec![
            0,
            1,
            1_000_000_000,
            1_000_000_000_000_000_000 / 2,
            top_k - 3000,
        ];
        // Near 10^18 as piles, too.
        starts.push(((1_000_000_000_000_000_000u128 * PHI_MINUS_1) >> 64) as u64 - 1000);
        for start in starts {
            for k in start..start + 2000 {
                let (ak, bk) = (a(k), b(k));
                assert!(is_floor_k_phi(k, ak), "A_{k} = {ak}");
                assert_eq!(bk - ak, k as u128);
                // A increases by 1 or 2; B by 2 or 3 (the pairs interleave).
                let step = a(k + 1) - ak;
                assert!(step == 1 || step == 2, "k={k}");
                let step = b(k + 1) - bk;
                assert!(step == 2 || step == 3, "k={k}");
                if ak <= u64::MAX as u128 {
                    assert_eq!(pair_of(ak as u64), (k, true));
                    assert_eq!(partner(ak as u64), bk);
                }
                if bk <= u64::MAX as u128 && k > 0 {
                    assert_eq!(pair_of(bk as u64), (k, false));
                }
            }
        }
        // Every number in a window is exactly one A or one B (the pairs
        // partition the positive integers): count each hit.
        for base in [1u64, 1_000_000_000_000_000_000, u64::MAX - 5000] {
            // A_k ≈ base for k ≈ base/φ, B_k ≈ base for k ≈ base/φ².
            let over_phi = ((base as u128 * PHI_MINUS_1) >> 64) as u64;
            let windows = [over_phi, base - over_phi].map(|c| c.saturating_sub(3000)..c + 5000);
            let mut hits = std::collections::BTreeMap::new();
            let ks: std::collections::BTreeSet<u64> = windows.into_iter().flatten().collect();
            for k in ks {
                for v in [a(k), b(k)] {
                    if v >= base as u128 && v < base as u128 + 3000 && k > 0 {
                        *hits.entry(v).or_insert(0) += 1;
                    }
                }
            }
            for n in base as u128..(base as u128 + 3000).min(u64::MAX as u128) {
                assert_eq!(hits.get(&n), Some(&1), "{n}");
            }
        }
        // A large N-position: its winning moves land on losing pairs.
        let big = Wythoff::new(999_999_999_999_999_999, 1_000_000_000_000_000_000);
        assert_eq!(big.outcome(), Outcome::N);
        for m in big.winning_moves() {
            assert!(m.to.is_p(), "{m}");
        }
        let k = 618_033_988_749_894_848u64;
        let pair = Wythoff::new(a(k) as u64, b(k) as u64);
        assert_eq!(pair.outcome(), Outcome::P);
        assert!(pair.winning_moves().is_empty());
    }

    #[test]
    fn parses_and_displays() {
        let p = Wythoff::parse("3, 5").unwrap();
        assert_eq!(p.to_string(), "wythoff(3,5)");
        match Wythoff::parse("3;5") {
            Err(Error::Parse { at, .. }) => assert_eq!(at, 1),
            other => panic!("{other:?}"),
        }
        assert!(Wythoff::parse("3,5,7").is_err());
        assert_eq!(
            Wythoff::new(4, 5).winning_moves()[0].to_string(),
            "take 1 from pile 1, leaving wythoff(3,5)"
        );
    }
}
