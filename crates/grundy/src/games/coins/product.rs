//! Products of coin-turning games: Turning Corners and the Tartan games
//! (*Winning Ways*, ch. 14).
//!
//! Coins sit at the points `(x, y)` (or `(x, y, z)`, …) of a board; the
//! coordinate `i` is a coin of the one-dimensional rule `i`. A move of the
//! product is a move in every factor at once: choose in factor `i` a set
//! `T_i` its rule may turn, with rightmost coin `r_i`; the product turns
//! every coin of `T_1 × T_2 × …`, and its corner `(r_1, r_2, …)` must go
//! from heads to tails.
//!
//! **Tartan theorem**: a heads coin at `(x_1, …, x_k)` is worth the nim
//! product `G_1(x_1) ⊗ … ⊗ G_k(x_k)` of the values its coordinates have in
//! their own games; the coins are independent (as in any coin-turning
//! game), so a board is worth the nim-sum of its heads coins, and a move
//! changes it by `V(T_1) ⊗ … ⊗ V(T_k)`, where `V(T_i)` is the nim-sum of
//! the values of the coins of `T_i` (the distributive law).
//!
//! **Turning Corners**, `corners(…)`, is Twins × Twins: turn the four
//! corners `(a, b), (a, y), (x, b), (x, y)` of a rectangle with `a < x`,
//! `b < y`, the corner `(x, y)` heads; coordinates from 0; a heads coin at
//! `(x, y)` is worth `x ⊗ y`.
//!
//! Heads are kept coin by coin, so a move may turn at most [`MAX_TURNED`]
//! coins (only Ruler factors, whose moves are runs, reach the bound; longer
//! moves are left out of the lists of moves and refused at the prompt).
//! Values are exact for any coordinates.

use std::sync::Arc;

use super::row::{read_turn, Rule, Turn};
use crate::budget::{vec_bytes, Budget, LimitKind, Ticker};
use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Move};
use crate::nimber::{self, Nimber};
use crate::sum::Term;

/// The most factors a product may have.
pub const MAX_DIMENSIONS: usize = 4;

/// The most coins one move of a product may turn.
pub const MAX_TURNED: u128 = 1 << 16;

/// How many combinations of factor moves a search for moves of a given
/// value may try before giving up.
const BUDGET: u64 = 1 << 22;

/// A board of coins under a product of one-dimensional rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinProduct {
    name: String,
    factors: Vec<Rule>,
    /// The heads coins, sorted, each once.
    heads: Vec<Vec<u64>>,
}

/// The name of Turning Corners in the expression language.
pub const CORNERS: &str = "corners";

impl CoinProduct {
    /// Turning Corners with heads at `heads` (coordinates from 0; repeats
    /// are the same coin).
    ///
    /// ```
    /// use grundy::games::coins::CoinProduct;
    /// let board = CoinProduct::corners(&[vec![1, 2], vec![3, 3], vec![1, 2]]).unwrap();
    /// assert_eq!(board.grundy(), 2 ^ 2); // 1 ⊗ 2 = 2 and 3 ⊗ 3 = 2
    /// ```
    pub fn corners(heads: &[Vec<u64>]) -> Result<CoinProduct> {
        CoinProduct::named(CORNERS, &[Rule::Twins, Rule::Twins], heads)
    }

    /// The product of `factors` (two to [`MAX_DIMENSIONS`]) with heads at
    /// `heads`, named `turtles*ruler` and so on.
    ///
    /// ```
    /// use grundy::games::coins::{CoinProduct, Rule};
    /// let board = CoinProduct::new(&[Rule::Ruler, Rule::Ruler], &[vec![3, 5], vec![2, 2]]).unwrap();
    /// // ruler(3) = 1, ruler(5) = 1, ruler(2) = 2: 1 ⊗ 1 ⊕ 2 ⊗ 2 = 1 ⊕ 3.
    /// assert_eq!(board.grundy(), 2);
    /// ```
    pub fn new(factors: &[Rule], heads: &[Vec<u64>]) -> Result<CoinProduct> {
        let name: Vec<&str> = factors.iter().map(|r| r.name()).collect();
        CoinProduct::named(&name.join("*"), factors, heads)
    }

    fn named(name: &str, factors: &[Rule], heads: &[Vec<u64>]) -> Result<CoinProduct> {
        if !(2..=MAX_DIMENSIONS).contains(&factors.len()) {
            return Err(Error::IllegalMove(format!(
                "{name}: a product has 2 to {MAX_DIMENSIONS} factors"
            )));
        }
        for coin in heads {
            check_coin(factors, coin).map_err(|m| Error::IllegalMove(format!("{name}: {m}")))?;
        }
        let mut heads = heads.to_vec();
        heads.sort_unstable();
        heads.dedup();
        Ok(CoinProduct {
            name: name.to_string(),
            factors: factors.to_vec(),
            heads,
        })
    }

    /// The factors, one per coordinate.
    pub fn factors(&self) -> &[Rule] {
        &self.factors
    }

    /// The heads coins, sorted.
    pub fn heads(&self) -> &[Vec<u64>] {
        &self.heads
    }

    /// The value of a heads coin at `coin`: the nim product of its
    /// coordinates' values (the Tartan theorem).
    pub fn coin_value(&self, coin: &[u64]) -> Nimber {
        self.factors
            .iter()
            .zip(coin)
            .fold(1, |acc, (rule, &x)| nimber::mul(acc, rule.coin_value(x)))
    }

    /// The Grundy value: the nim-sum of the values of the heads coins.
    pub fn grundy(&self) -> Nimber {
        self.heads.iter().fold(0, |acc, c| acc ^ self.coin_value(c))
    }

    /// Whether the coin at `coin` shows heads.
    pub fn is_heads(&self, coin: &[u64]) -> bool {
        self.heads
            .binary_search_by(|h| h.as_slice().cmp(coin))
            .is_ok()
    }

    /// Every move whose corner is `corner` (one turn per factor), lazily,
    /// each turning at most [`MAX_TURNED`] coins.
    fn moves_at(&self, corner: &[u64]) -> Box<dyn Iterator<Item = Vec<Turn>>> {
        product_of(self.factors.clone(), corner.to_vec(), 0, MAX_TURNED)
    }

    /// Every move, lazily: by corner (heads coins from the last), then by
    /// the factors' turns.
    pub fn turns(&self) -> Box<dyn Iterator<Item = Vec<Turn>> + '_> {
        Box::new(self.heads.iter().rev().flat_map(|c| self.moves_at(c)))
    }

    /// Whether a move with this turn in each factor is legal here.
    pub fn check(&self, turns: &[Turn]) -> std::result::Result<(), String> {
        if turns.len() != self.factors.len() {
            return Err(format!(
                "a move of {} turns a set of coins in each of its {} coordinates",
                self.name,
                self.factors.len()
            ));
        }
        for (i, (rule, t)) in self.factors.iter().zip(turns).enumerate() {
            rule.check_shape(t)
                .map_err(|m| format!("coordinate {}: {m}", i + 1))?;
        }
        if count_of(turns) > MAX_TURNED {
            return Err(format!("a move may turn at most {MAX_TURNED} coins here"));
        }
        let corner: Vec<u64> = turns.iter().map(Turn::rightmost).collect();
        if !self.is_heads(&corner) {
            return Err(format!(
                "the corner turned, {}, must show heads (it goes heads → tails)",
                written_coin(&corner)
            ));
        }
        Ok(())
    }

    /// The board after the move `turns` (one per factor), or why it is
    /// illegal.
    pub fn play(&self, turns: &[Turn]) -> Result<CoinProduct> {
        self.check(turns).map_err(Error::IllegalMove)?;
        Ok(self.turned(turns))
    }

    fn turned(&self, turns: &[Turn]) -> CoinProduct {
        CoinProduct {
            name: self.name.clone(),
            factors: self.factors.clone(),
            heads: symmetric_difference(&self.heads, &coins_of(turns)),
        }
    }

    /// Up to `limit` moves to boards of value `target`. A move changes the
    /// value by `V(T_1) ⊗ … ⊗ V(T_k)`: the turns of all factors but one are
    /// enumerated and the last one's value found by nim division, then its
    /// turns in closed form. Corners where a move of the needed value is
    /// sure to exist (the value's highest bit is one of the corner's: the
    /// mex definition of the nim product) are tried first. The list is
    /// complete when the enumerated factors have at most 2^22 combinations
    /// of turns at all corners together (every small board of coordinates
    /// below a few thousand); beyond, only the first turns of each are
    /// tried, so some moves may be missing
    /// ([`lists_may_be_incomplete`](Self::lists_may_be_incomplete) says
    /// when). Fails when none is found within 2^22 steps.
    pub fn turns_to_value(&self, target: Nimber, limit: usize) -> Result<Vec<Vec<Turn>>> {
        self.turns_to_value_within(target, limit, &Budget::unlimited())
    }

    /// [`CoinProduct::turns_to_value`] within `budget`: its walk looks at
    /// the deadline and the cancellation as it goes, and each turn found is
    /// held against the memory allowance while it runs, with the board the
    /// move made of it will hold (so that a list too large to build is
    /// refused before it is built).
    pub fn turns_to_value_within(
        &self,
        target: Nimber,
        limit: usize,
        budget: &Budget,
    ) -> Result<Vec<Vec<Turn>>> {
        // A step costs a nim product, a nim quotient and a closed-form
        // solve in 64 bits: microseconds, not nanoseconds.
        let mut ticker = Ticker::new(16);
        let mut held = budget.reservation();
        let d = self.grundy() ^ target;
        let mut found = Vec::new();
        if d == 0 || limit == 0 {
            return Ok(found);
        }
        let top = 63 - d.leading_zeros();
        let (sure, other): (Vec<&Vec<u64>>, Vec<&Vec<u64>>) = self
            .heads
            .iter()
            .rev()
            .partition(|c| self.coin_value(c) >> top & 1 == 1);
        let mut steps = 0u64;
        for corner in sure.into_iter().chain(other) {
            let (solve, total) = self.enumerated_at(corner);
            let others: Vec<usize> = (0..corner.len()).filter(|&i| i != solve).collect();
            let rules: Vec<Rule> = others.iter().map(|&i| self.factors[i]).collect();
            let at: Vec<u64> = others.iter().map(|&i| corner[i]).collect();
            // Every combination when there are few enough (then the list is
            // complete); else the first turns of each enumerated factor, an
            // equal share of the budget each.
            let combos: Box<dyn Iterator<Item = Vec<Turn>>> = if total <= u128::from(BUDGET) {
                product_of(rules, at, 0, MAX_TURNED)
            } else {
                let share = (BUDGET as f64).powf(1.0 / others.len() as f64) as usize;
                // Up to 2^22 turns of one factor: listed with an eye on
                // the clock and the allowance.
                let mut lists: Vec<Vec<Turn>> = Vec::with_capacity(rules.len());
                for (&rule, &x) in rules.iter().zip(&at) {
                    let mut list = Vec::new();
                    let turns = rule
                        .turns_at(x)
                        .take_while(move |t| rule != Rule::Ruler || t.count() <= MAX_TURNED)
                        .filter(|t| t.count() <= MAX_TURNED)
                        .take(share.max(1));
                    for t in turns {
                        ticker.tick(budget)?;
                        held.grow(turns_bytes(std::slice::from_ref(&t)))?;
                        list.push(t);
                    }
                    lists.push(list);
                }
                Box::new(cartesian(lists))
            };
            for partial in combos {
                steps += 1;
                ticker.tick(budget)?;
                if steps > BUDGET {
                    if found.is_empty() {
                        return Err(Error::limit(
                            LimitKind::Work,
                            format!(
                                "finding a move of {}(…) to value {target} needs more than 2^22 \
                                 steps",
                                self.name
                            ),
                        ));
                    }
                    return Ok(found);
                }
                let value = partial.iter().zip(&others).fold(1, |acc, (t, &i)| {
                    nimber::mul(acc, self.factors[i].turn_value(t))
                });
                let Some(want) = nimber::div(d, value) else {
                    continue;
                };
                let mut last = Vec::new();
                self.factors[solve].turns_worth(
                    corner[solve],
                    want,
                    limit - found.len(),
                    &mut last,
                    budget,
                )?;
                for t in last {
                    let mut turns = partial.clone();
                    turns.insert(solve, t);
                    if count_of(&turns) <= MAX_TURNED {
                        // The move made of it will hold a whole board.
                        let board =
                            self.bytes() + coins_bytes(self.factors.len(), count_of(&turns));
                        held.grow(turns_bytes(&turns) + board)?;
                        found.push(turns);
                    }
                }
                if found.len() >= limit {
                    found.truncate(limit);
                    return Ok(found);
                }
            }
        }
        Ok(found)
    }

    /// At the corner `corner`, the factor [`turns_to_value`](Self::turns_to_value)
    /// solves in closed form — one whose turns are a few coins (not Ruler,
    /// whose closed-form run may be long), the one with the most turns —
    /// and how many combinations of the other factors' turns it enumerates.
    fn enumerated_at(&self, corner: &[u64]) -> (usize, u128) {
        let solve = (0..corner.len())
            .max_by_key(|&i| (self.factors[i] != Rule::Ruler, corner[i]))
            .expect("two or more factors");
        let total = (0..corner.len())
            .filter(|&i| i != solve)
            .fold(1u128, |acc, i| {
                acc.saturating_mul(turn_count(self.factors[i], corner[i]))
            });
        (solve, total)
    }

    /// Whether [`turns_to_value`](Self::turns_to_value) may miss moves on
    /// this board: when the combinations it would enumerate at all corners
    /// together exceed its budget of 2^22 steps, or when some move may turn
    /// more than [`MAX_TURNED`] coins (such moves are left out of every
    /// list). Otherwise its lists are complete.
    pub fn lists_may_be_incomplete(&self) -> bool {
        let mut steps = 0u128;
        for corner in &self.heads {
            let widest = self
                .factors
                .iter()
                .zip(corner)
                .fold(1u128, |acc, (&rule, &x)| {
                    let most = match rule.max_turned() {
                        Some(k) => u128::from(k),
                        None => u128::from(x - rule.first()) + 1,
                    };
                    acc.saturating_mul(most)
                });
            if widest > MAX_TURNED {
                return true;
            }
            steps = steps.saturating_add(self.enumerated_at(corner).1);
        }
        steps > u128::from(BUDGET)
    }

    /// The moves of [`Game::moves_to_value`], within the context's budget.
    fn moves_worth(&self, cx: &Context, target: Nimber, limit: usize) -> Result<Vec<Move>> {
        let turns = self.turns_to_value_within(target, limit, &cx.budget)?;
        // Each move holds the whole board it leaves (up to MAX_TURNED coins
        // more than this one): counted before it is built.
        let mut held = cx.budget.reservation();
        let mut moves = Vec::with_capacity(turns.len());
        let mut ticker = Ticker::new(16);
        for t in &turns {
            ticker.tick(&cx.budget)?;
            // Building it holds the coins turned twice more for a moment
            // (listed, then merged with the heads).
            let turned = coins_bytes(self.factors.len(), count_of(t));
            let most = self.bytes() + 3 * turned;
            held.grow(most)?;
            let mv = self.to_move(t);
            held.shrink(most - mv.after.iter().map(|c| c.bytes()).sum::<u64>().min(most));
            moves.push(mv);
        }
        Ok(moves)
    }

    fn to_move(&self, turns: &[Turn]) -> Move {
        Move::to(vec![Arc::new(self.turned(turns)) as Component])
    }

    /// The turn of each factor of a move (the projections of the coins it
    /// turns: the symmetric difference of the heads before and after).
    pub fn turns_of(&self, mv: &Move) -> Vec<Turn> {
        let after: Vec<Vec<u64>> = match mv.after.first() {
            Some(c) => c
                .key()
                .chunks(self.factors.len())
                .map(<[u64]>::to_vec)
                .collect(),
            None => Vec::new(),
        };
        let turned = symmetric_difference(&self.heads, &after);
        projections(&turned, self.factors.len())
    }
}

/// Checks that `coin` has one coordinate per factor, each in its range.
fn check_coin(factors: &[Rule], coin: &[u64]) -> std::result::Result<(), String> {
    if coin.len() != factors.len() {
        return Err(format!(
            "a coin has {} coordinates, found {}",
            factors.len(),
            written_coin(coin)
        ));
    }
    for (i, (rule, &x)) in factors.iter().zip(coin).enumerate() {
        if x < rule.first() || x > rule.last() {
            return Err(format!(
                "coordinate {} is a {} coin, numbered {}..={}, found {x}",
                i + 1,
                rule.name(),
                rule.first(),
                rule.last()
            ));
        }
    }
    Ok(())
}

/// Every tuple of turns of `factors[i..]` with rightmost coins
/// `corner[i..]`, turning at most `room` coins in all, lazily. Each
/// factor lists its turns by size (Ruler: shortest run first; the others
/// turn at most five coins), so the walk stops at the first one too large.
fn product_of(
    factors: Vec<Rule>,
    corner: Vec<u64>,
    i: usize,
    room: u128,
) -> Box<dyn Iterator<Item = Vec<Turn>>> {
    if i == factors.len() {
        return Box::new(std::iter::once(Vec::new()));
    }
    // A factor with no turn at its coordinate (Twins at coin 0) leaves the
    // corner without a move: said at once, rather than after trying each
    // turn of the factors before it (2^64 of them near the top).
    if i == 0
        && factors
            .iter()
            .zip(&corner)
            .any(|(rule, &r)| rule.turns_at(r).next().is_none())
    {
        return Box::new(std::iter::empty());
    }
    let rule = factors[i];
    let r = corner[i];
    Box::new(
        rule.turns_at(r)
            .take_while(move |t| rule != Rule::Ruler || t.count() <= room)
            .filter(move |t| t.count() <= room)
            .flat_map(move |t| {
                let rest = product_of(factors.clone(), corner.clone(), i + 1, room / t.count());
                rest.map(move |mut tail| {
                    tail.insert(0, t.clone());
                    tail
                })
            }),
    )
}

/// How many turns `rule` has with rightmost coin `r` (saturating).
fn turn_count(rule: Rule, r: u64) -> u128 {
    let n = u128::from(r - rule.first()); // coins below r
    let choose = |k: u32| -> u128 {
        (0..k).fold(1u128, |acc, i| {
            acc.saturating_mul(n.saturating_sub(u128::from(i))) / u128::from(i + 1)
        })
    };
    match rule {
        Rule::Turtles | Rule::Ruler => n + 1,
        Rule::Twins => n,
        Rule::Mock => 1 + n + choose(2),
        Rule::Moebius => (0..=4).map(choose).sum(),
    }
}

/// Every tuple taking one item of each list, lazily.
fn cartesian(lists: Vec<Vec<Turn>>) -> impl Iterator<Item = Vec<Turn>> {
    let mut index = vec![0usize; lists.len()];
    let mut done = lists.iter().any(Vec::is_empty);
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        let item: Vec<Turn> = index
            .iter()
            .zip(&lists)
            .map(|(&i, l)| l[i].clone())
            .collect();
        // Advance the odometer, last list fastest.
        done = true;
        for k in (0..lists.len()).rev() {
            index[k] += 1;
            if index[k] < lists[k].len() {
                done = false;
                break;
            }
            index[k] = 0;
        }
        Some(item)
    })
}

/// The bytes `coins` coins of `k` coordinates hold, each its own vector.
fn coins_bytes(k: usize, coins: u128) -> u64 {
    u64::try_from(coins)
        .unwrap_or(u64::MAX)
        .saturating_mul(vec_bytes::<u64>(k))
}

/// The bytes a list of turns holds.
fn turns_bytes(turns: &[Turn]) -> u64 {
    vec_bytes::<Turn>(turns.len())
        + turns
            .iter()
            .map(|t| vec_bytes::<(u64, u64)>(t.runs.len()))
            .sum::<u64>()
}

/// How many coins a move turns (saturating).
fn count_of(turns: &[Turn]) -> u128 {
    turns
        .iter()
        .fold(1u128, |acc, t| acc.saturating_mul(t.count()))
}

/// The coins of `T_1 × T_2 × …`, sorted.
fn coins_of(turns: &[Turn]) -> Vec<Vec<u64>> {
    let mut out: Vec<Vec<u64>> = vec![Vec::new()];
    for t in turns {
        let coins = t.coins();
        out = out
            .into_iter()
            .flat_map(|prefix| {
                coins.iter().map(move |&x| {
                    let mut c = prefix.clone();
                    c.push(x);
                    c
                })
            })
            .collect();
    }
    out.sort_unstable();
    out
}

/// The coins in exactly one of two sorted lists.
fn symmetric_difference(a: &[Vec<u64>], b: &[Vec<u64>]) -> Vec<Vec<u64>> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(a.len() + b.len());
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x < y => {
                out.push(x.clone());
                i += 1;
            }
            (Some(_), Some(y)) => {
                out.push(y.clone());
                j += 1;
            }
            (Some(x), None) => {
                out.push(x.clone());
                i += 1;
            }
            (None, Some(y)) => {
                out.push(y.clone());
                j += 1;
            }
            (None, None) => unreachable!(),
        }
    }
    out
}

/// The set of coordinates of each axis, as turns.
fn projections(coins: &[Vec<u64>], k: usize) -> Vec<Turn> {
    (0..k)
        .map(|i| {
            let mut xs: Vec<u64> = coins.iter().map(|c| c[i]).collect();
            xs.sort_unstable();
            xs.dedup();
            Turn::single(&xs)
        })
        .collect()
}

/// `(1,2)`.
fn written_coin(coin: &[u64]) -> String {
    let xs: Vec<String> = coin.iter().map(u64::to_string).collect();
    format!("({})", xs.join(","))
}

impl Game for CoinProduct {
    fn name(&self) -> &str {
        &self.name
    }

    fn args(&self) -> String {
        let coins: Vec<String> = self.heads.iter().map(|c| written_coin(c)).collect();
        coins.join(",")
    }

    /// The heads coins' coordinates, one after another.
    fn key(&self) -> Vec<u64> {
        self.heads.iter().flatten().copied().collect()
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(self.turns().map(|t| self.to_move(&t)))
    }

    fn has_moves(&self) -> bool {
        // Only a Twins coordinate 0 has no turn.
        self.heads.iter().any(|c| {
            self.factors
                .iter()
                .zip(c)
                .all(|(&rule, &x)| rule != Rule::Twins || x > 0)
        })
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok(Some(self.grundy()))
    }

    fn moves_to_value(
        &self,
        cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        self.moves_worth(cx, target, limit).map(Some).map_err(|e| {
            e.during(|| {
                format!(
                    "listing the moves of a {} board to value {target}",
                    self.name
                )
            })
        })
    }

    fn moves_may_be_incomplete(&self) -> bool {
        self.lists_may_be_incomplete()
    }

    /// The bytes of the board, for memory budgets: its heads coins, each a
    /// vector of its coordinates.
    fn bytes(&self) -> u64 {
        std::mem::size_of::<CoinProduct>() as u64
            + vec_bytes::<u8>(self.name.capacity())
            + vec_bytes::<Rule>(self.factors.capacity())
            + vec_bytes::<Vec<u64>>(self.heads.capacity())
            + coins_bytes(self.factors.len(), self.heads.len() as u128)
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        let rules: Vec<&str> = self.factors.iter().map(|r| r.name()).collect();
        let game = if self.name == CORNERS {
            "Turning Corners is Twins × Twins, so a heads coin at (x,y) is worth x ⊗ y".to_string()
        } else {
            format!(
                "by the Tartan theorem a heads coin is worth the nim product of its \
                 coordinates' values in {}",
                rules.join(", ")
            )
        };
        let shown: Vec<String> = self
            .heads
            .iter()
            .take(4)
            .map(|c| format!("{} ↦ {}", written_coin(c), self.coin_value(c)))
            .collect();
        let more = if self.heads.len() > 4 { ", …" } else { "" };
        Some(format!(
            "{game}; the coins are independent, so the board is worth the nim-sum of its heads \
             coins ({}{more}): G = {value}",
            shown.join(", ")
        ))
    }

    /// An empty board keeps its place in the sum.
    fn emptied(&self) -> Option<Component> {
        Some(Arc::new(CoinProduct {
            name: self.name.clone(),
            factors: self.factors.clone(),
            heads: Vec::new(),
        }))
    }

    fn noun(&self) -> &str {
        "board"
    }

    fn describe(&self, mv: &Move, _label: &str) -> String {
        let turns = self.turns_of(mv);
        let coins = coins_of_small(&turns);
        match coins {
            Some(coins) if coins.len() == 1 => format!("turn coin {}", coins[0]),
            Some(mut coins) => {
                let last = coins.pop().expect("two or more");
                format!("turn coins {} and {last}", coins.join(", "))
            }
            None => {
                let sets: Vec<String> =
                    turns.iter().map(|t| format!("{{{}}}", t.words())).collect();
                format!("turn the coins of {}", sets.join(" × "))
            }
        }
    }

    /// The coins turned, `1,2 1,5 3,2 3,5`; for many coins the turn of each
    /// factor, `3-8 x 2 5`.
    fn notation(&self, mv: &Move) -> String {
        let turns = self.turns_of(mv);
        if count_of(&turns) <= 16 {
            coins_of(&turns)
                .iter()
                .map(|c| {
                    let xs: Vec<String> = c.iter().map(u64::to_string).collect();
                    xs.join(",")
                })
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            turns
                .iter()
                .map(Turn::notation)
                .collect::<Vec<_>>()
                .join(" x ")
        }
    }

    fn read_move(&self, text: &str, _label: &str) -> std::result::Result<Move, String> {
        let turns = if text.contains(['x', 'X']) {
            text.split(['x', 'X'])
                .map(read_turn)
                .collect::<std::result::Result<Vec<Turn>, String>>()?
        } else {
            let k = self.factors.len();
            let mut coins = Vec::new();
            for token in text
                .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
                .filter(|t| !t.is_empty())
            {
                let xs: Vec<u64> = token
                    .split(',')
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().map_err(|_| format!("{t:?} is not a coordinate")))
                    .collect::<std::result::Result<_, _>>()?;
                if xs.len() != k {
                    return Err(format!(
                        "a coin is {k} coordinates separated by commas, such as {}",
                        written_coin(&vec![1; k]).trim_matches(['(', ')'])
                    ));
                }
                coins.push(xs);
            }
            coins.sort_unstable();
            if let Some(w) = coins.windows(2).find(|w| w[0] == w[1]) {
                return Err(format!("coin {} is named twice", written_coin(&w[0])));
            }
            if coins.is_empty() {
                return Err("turn at least one coin".into());
            }
            let turns = projections(&coins, k);
            if count_of(&turns) != coins.len() as u128 {
                return Err(format!(
                    "the coins turned must be every combination of the coordinates named \
                     (a rectangle's corners, say): {} coins named, {} combinations",
                    coins.len(),
                    count_of(&turns)
                ));
            }
            turns
        };
        self.check(&turns)?;
        Ok(self.to_move(&turns))
    }

    fn draw(&self) -> Vec<String> {
        let mut lines = vec![if self.heads.is_empty() {
            "no heads".to_string()
        } else {
            let coins: Vec<String> = self.heads.iter().map(|c| written_coin(c)).collect();
            format!("heads at {}", coins.join(", "))
        }];
        // A picture of small two-dimensional boards, first coordinate down.
        if self.factors.len() == 2 && !self.heads.is_empty() {
            let (rows, cols) = self
                .heads
                .iter()
                .fold((0, 0), |(r, c), h| (r.max(h[0]), c.max(h[1])));
            if rows <= 20 && cols <= 30 {
                for x in self.factors[0].first()..=rows {
                    let row: Vec<&str> = (self.factors[1].first()..=cols)
                        .map(|y| if self.is_heads(&[x, y]) { "H" } else { "·" })
                        .collect();
                    lines.push(format!("{x:>3} {}", row.join(" ")));
                }
            }
        }
        lines
    }
}

/// The coins of a move written `(x,y)`, when there are at most 8.
fn coins_of_small(turns: &[Turn]) -> Option<Vec<String>> {
    (count_of(turns) <= 8).then(|| coins_of(turns).iter().map(|c| written_coin(c)).collect())
}

/// Parses a board of a product after its name(s): `((1,2),(3,3))`, each
/// coin one coordinate per factor; `()` is the empty board.
pub(crate) fn parse_board(name: &str, factors: &[Rule], p: &mut Cursor) -> Result<Term> {
    let k = factors.len();
    p.expect(
        '(',
        &format!("'(' and heads coins such as (1,2) after {name}"),
    )?;
    let mut heads = Vec::new();
    if !p.eat(')') {
        loop {
            p.expect('(', &format!("'(' opening a coin of {k} coordinates"))?;
            let mut coin = Vec::with_capacity(k);
            for (i, rule) in factors.iter().enumerate() {
                if i > 0 {
                    p.expect(',', &format!("',' and coordinate {} of {k}", i + 1))?;
                }
                p.skip_ws();
                let at = p.pos();
                let x = p.number()?;
                if x < rule.first() || x > rule.last() {
                    return Err(p.error_at(
                        at,
                        format!(
                            "coordinate {} of a {name} coin is a {} coin, numbered {}..={}",
                            i + 1,
                            rule.name(),
                            rule.first(),
                            rule.last()
                        ),
                    ));
                }
                coin.push(x);
            }
            p.expect(')', &format!("')' closing a coin of {k} coordinates"))?;
            heads.push(coin);
            if p.eat(')') {
                break;
            }
            p.expect(',', "',' or ')' after a coin")?;
        }
    }
    let board = CoinProduct::named(name, factors, &heads)?;
    Ok(Term::new(name, vec![Arc::new(board) as Component]))
}
