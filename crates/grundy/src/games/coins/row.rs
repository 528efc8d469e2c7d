//! One row of coins under a one-dimensional rule: Turning Turtles, Twins,
//! Mock Turtles, Moebius and Ruler (see the [module](super) table).
//!
//! The heads are kept as runs, never coin by coin, so that a Ruler row of
//! 10^18 heads is answered at once.

use std::sync::Arc;

use super::moebius;
use crate::budget::{vec_bytes, Budget};
use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Move};
use crate::nimber::Nimber;
use crate::picture::{self, Item, Pick, Picture, Shape};
use crate::sum::Term;

/// Which coins a move may turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// One or two coins.
    Turtles,
    /// Exactly two coins (coins from 0: coin 0 can never be turned first).
    Twins,
    /// One, two or three coins.
    Mock,
    /// One to five coins (coins from 1, up to [`moebius::MAX`]).
    Moebius,
    /// Any run of consecutive coins.
    Ruler,
}

/// The largest coin Mock Turtles accepts: the value of coin `x` is `2x` or
/// `2x+1`, which must fit in 64 bits.
pub const MOCK_MAX: u64 = (1 << 63) - 1;

impl Rule {
    /// The name in the expression language.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Turtles => "turtles",
            Rule::Twins => "twins",
            Rule::Mock => "mock",
            Rule::Moebius => "moebius",
            Rule::Ruler => "ruler",
        }
    }

    /// The rule named `name` (lower case).
    pub fn from_name(name: &str) -> Option<Rule> {
        match name {
            "turtles" => Some(Rule::Turtles),
            "twins" => Some(Rule::Twins),
            "mock" => Some(Rule::Mock),
            "moebius" => Some(Rule::Moebius),
            "ruler" => Some(Rule::Ruler),
            _ => None,
        }
    }

    /// The first coin of the row: 0 for Mock Turtles and Twins, else 1.
    pub fn first(self) -> u64 {
        match self {
            Rule::Mock | Rule::Twins => 0,
            Rule::Turtles | Rule::Ruler | Rule::Moebius => 1,
        }
    }

    /// The last coin accepted.
    pub fn last(self) -> u64 {
        match self {
            Rule::Mock => MOCK_MAX,
            Rule::Moebius => moebius::MAX,
            Rule::Turtles | Rule::Twins | Rule::Ruler => u64::MAX,
        }
    }

    /// Why [`Rule::last`] bounds the coins, for error messages.
    fn bound_reason(self) -> &'static str {
        match self {
            Rule::Mock => " (the value of coin x is 2x or 2x+1, which must fit in 64 bits)",
            Rule::Moebius => " (Moebius values come from a table computed by the mex rule)",
            _ => "",
        }
    }

    /// The most coins one move may turn (`None`: any run, for Ruler).
    pub fn max_turned(self) -> Option<u64> {
        match self {
            Rule::Turtles | Rule::Twins => Some(2),
            Rule::Mock => Some(3),
            Rule::Moebius => Some(5),
            Rule::Ruler => None,
        }
    }

    /// The value of one heads coin at `x` (which must be in
    /// `first()..=last()`).
    ///
    /// ```
    /// use grundy::games::coins::Rule;
    /// let mock: Vec<u64> = (0..8).map(|x| Rule::Mock.coin_value(x)).collect();
    /// assert_eq!(mock, [1, 2, 4, 7, 8, 11, 13, 14]);
    /// let ruler: Vec<u64> = (1..9).map(|x| Rule::Ruler.coin_value(x)).collect();
    /// assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8]);
    /// assert_eq!(Rule::Turtles.coin_value(9), 9);
    /// ```
    pub fn coin_value(self, x: u64) -> Nimber {
        let x = u128::from(x);
        narrow(self.prefix(x + 1) ^ self.prefix(x))
    }

    /// The nim-sum of the values of coins `0..n` (coin 0 counts 0 where the
    /// row starts at 1). Widened: `n` may be 2^64.
    fn prefix(self, n: u128) -> u128 {
        if n == 0 {
            return 0;
        }
        match self {
            // Twins numbers coins from 0 and coin 0 is worth 0: the same sums.
            Rule::Turtles | Rule::Twins => xor_below(n),
            Rule::Moebius => u128::from(moebius::prefix(n)),
            // 2x for every x, plus 1 for each evil x (even number of 1 bits);
            // of each pair 2k, 2k+1 exactly one is evil.
            Rule::Mock => {
                let evil = if n % 2 == 0 {
                    n / 2
                } else {
                    (n - 1) / 2 + u128::from((n - 1).count_ones() % 2 == 0)
                };
                (xor_below(n) << 1) | (evil & 1)
            }
            // The lowest bit 2^k of x in 1..=m occurs ⌊m/2^k⌋ − ⌊m/2^(k+1)⌋
            // times, whose parity is bit k ⊕ bit k+1 of m: the Gray code.
            Rule::Ruler => {
                let m = n - 1;
                m ^ (m >> 1)
            }
        }
    }

    /// The nim-sum of the values of coins `a..b` (half-open).
    fn range_value(self, a: u128, b: u128) -> u128 {
        self.prefix(a) ^ self.prefix(b)
    }

    /// The nim-sum of the values of the coins of `turn` (what turning them
    /// changes the value by).
    pub fn turn_value(self, turn: &Turn) -> Nimber {
        narrow(turn.runs.iter().fold(0, |acc, &(a, b)| {
            acc ^ self.range_value(u128::from(a), u128::from(b) + 1)
        }))
    }

    /// Whether `turn` has the shape the rule allows (how many coins, a run
    /// for Ruler, inside the coins' range); the rightmost coin's side is
    /// not looked at.
    pub fn check_shape(self, turn: &Turn) -> std::result::Result<(), String> {
        let Some(&(low, _)) = turn.runs.first() else {
            return Err("turn at least one coin".into());
        };
        if low < self.first() {
            return Err(format!(
                "coins are numbered from {}, found {low}",
                self.first()
            ));
        }
        let high = turn.rightmost();
        if high > self.last() {
            return Err(format!("coins go up to {}, found {high}", self.last()));
        }
        let count: u128 = turn.runs.iter().map(|&(a, b)| u128::from(b - a) + 1).sum();
        match self {
            Rule::Turtles if count > 2 => Err("Turning Turtles turns one or two coins".into()),
            Rule::Twins if count != 2 => Err("Twins turns exactly two coins".into()),
            Rule::Mock if count > 3 => Err("Mock Turtles turns one, two or three coins".into()),
            Rule::Moebius if count > 5 => Err("Moebius turns one to five coins".into()),
            Rule::Ruler if turn.runs.len() > 1 => {
                Err("Ruler turns a run of consecutive coins".into())
            }
            _ => Ok(()),
        }
    }

    /// Every turn whose rightmost coin is `r`, lazily (Ruler: shortest run
    /// first).
    pub fn turns_at(self, r: u64) -> Box<dyn Iterator<Item = Turn>> {
        let first = self.first();
        let below = first..r.max(first);
        match self {
            Rule::Turtles => Box::new(
                std::iter::once(Turn::single(&[r]))
                    .chain(below.map(move |a| Turn::single(&[a, r]))),
            ),
            Rule::Twins => Box::new(below.map(move |a| Turn::single(&[a, r]))),
            Rule::Mock => Box::new(std::iter::once(Turn::single(&[r])).chain(below.flat_map(
                move |b| {
                    std::iter::once(Turn::single(&[b, r]))
                        .chain((first..b).map(move |a| Turn::single(&[a, b, r])))
                },
            ))),
            Rule::Moebius => Box::new(moebius::subsets_below(first, r, 4).map(move |mut s| {
                s.push(r);
                Turn::single(&s)
            })),
            Rule::Ruler => Box::new(
                std::iter::once(Turn::single(&[r]))
                    .chain(below.rev().map(move |a| Turn { runs: vec![(a, r)] })),
            ),
        }
    }

    /// Appends to `found` up to `room` turns whose rightmost coin is `r` and
    /// whose coins' values nim-add to `v`, in closed form (for Moebius, a
    /// walk over the sets of coins below `r` that honours `budget`).
    pub fn turns_worth(
        self,
        r: u64,
        v: Nimber,
        room: usize,
        found: &mut Vec<Turn>,
        budget: &Budget,
    ) -> Result<()> {
        if room == 0 || v == 0 {
            return Ok(());
        }
        match self {
            Rule::Turtles => {
                if r == v {
                    found.push(Turn::single(&[r]));
                } else if (r ^ v) < r && r ^ v >= 1 {
                    found.push(Turn::single(&[r ^ v, r]));
                }
            }
            Rule::Twins => {
                if (r ^ v) < r {
                    found.push(Turn::single(&[r ^ v, r]));
                }
            }
            Rule::Ruler => {
                // The run a..=r is worth gray(r) ⊕ gray(a−1).
                let before = gray_inverse((r ^ (r >> 1)) ^ v);
                if before < r {
                    found.push(Turn {
                        runs: vec![(before + 1, r)],
                    });
                }
            }
            Rule::Mock => mock_turns(r, v, room, found),
            Rule::Moebius => {
                for coins in moebius::turns_worth(r, v, room, budget)? {
                    found.push(Turn::single(&coins));
                }
            }
        }
        Ok(())
    }
}

/// The nim-sum `0 ⊕ 1 ⊕ … ⊕ (n−1)`.
fn xor_below(n: u128) -> u128 {
    let m = n - 1;
    match m % 4 {
        0 => m,
        1 => 1,
        2 => m + 1,
        _ => 0,
    }
}

/// A value known to fit 64 bits (coins are bounded by [`Rule::last`]).
fn narrow(v: u128) -> Nimber {
    Nimber::try_from(v).expect("coin values fit 64 bits for coins within the rule's bounds")
}

/// A set of coins turned by a move: runs `first..=last`, ascending,
/// separated by at least one coin.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    pub runs: Vec<(u64, u64)>,
}

impl Turn {
    /// The coins turned, one by one (only for small turns: a Ruler move may
    /// turn 2^64 − 1 coins).
    pub fn coins(&self) -> Vec<u64> {
        self.runs.iter().flat_map(|&(a, b)| a..=b).collect()
    }

    /// The rightmost coin turned (the one that goes heads → tails).
    pub fn rightmost(&self) -> u64 {
        self.runs.last().map_or(0, |r| r.1)
    }

    /// The coins written for people: `4 and 9`, `1, 2 and 3`, `3 to 8`.
    pub fn words(&self) -> String {
        let mut items: Vec<String> = Vec::new();
        for &(a, b) in &self.runs {
            if b - a < 3 {
                items.extend((a..=b).map(|x| x.to_string()));
            } else {
                items.push(format!("{a} to {b}"));
            }
        }
        match items.len() {
            0 => String::new(),
            1 => items.remove(0),
            _ => {
                let last = items.pop().expect("two or more");
                format!("{} and {last}", items.join(", "))
            }
        }
    }

    /// The coins as typed at the `play` prompt: `4 9`, `3-8`.
    pub fn notation(&self) -> String {
        self.runs
            .iter()
            .map(|&(a, b)| {
                if a == b {
                    a.to_string()
                } else if b - a < 3 {
                    (a..=b).map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
                } else {
                    format!("{a}-{b}")
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// How many coins are turned (up to 2^64).
    pub fn count(&self) -> u128 {
        self.runs.iter().map(|&(a, b)| u128::from(b - a) + 1).sum()
    }

    fn from_points(points: &[u128]) -> Turn {
        Turn {
            runs: points
                .chunks(2)
                .map(|c| (narrow(c[0]), narrow(c[1] - 1)))
                .collect(),
        }
    }

    /// The turn of the coins `coins` (any order, each once).
    pub fn single(coins: &[u64]) -> Turn {
        let mut points = Vec::new();
        for &x in coins {
            toggle(&mut points, u128::from(x), u128::from(x) + 1);
        }
        Turn::from_points(&points)
    }
}

/// A row of coins under one rule.
///
/// The heads are kept as the sorted points where the side shown changes:
/// coins in `[p0, p1)`, `[p2, p3)`, … show heads. Turning a run `[a, b)`
/// toggles the points `a` and `b`, so a move is a symmetric difference and
/// the representation stays canonical (adjacent runs merge by cancelling).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CoinRow {
    rule: Rule,
    points: Vec<u128>,
}

/// Toggles the membership of the half-open run `[a, b)` in `points`.
fn toggle(points: &mut Vec<u128>, a: u128, b: u128) {
    for p in [a, b] {
        match points.binary_search(&p) {
            Ok(i) => {
                points.remove(i);
            }
            Err(i) => points.insert(i, p),
        }
    }
}

impl CoinRow {
    /// The row under `rule` with heads at `heads` (any order; repeats are
    /// the same coin).
    ///
    /// ```
    /// use grundy::games::coins::{CoinRow, Rule};
    /// let row = CoinRow::new(Rule::Mock, &[3, 0, 1, 2, 3]).unwrap();
    /// assert_eq!(row.grundy(), 1 ^ 2 ^ 4 ^ 7);
    /// assert!(CoinRow::new(Rule::Turtles, &[0]).is_err()); // coins from 1
    /// assert!(CoinRow::new(Rule::Mock, &[1 << 63]).is_err()); // 2x overflows
    /// ```
    pub fn new(rule: Rule, heads: &[u64]) -> Result<CoinRow> {
        let runs: Vec<(u64, u64)> = heads.iter().map(|&x| (x, x)).collect();
        CoinRow::from_runs(rule, &runs)
    }

    /// The row with heads on the runs `first..=last` (overlaps are merged).
    pub fn from_runs(rule: Rule, runs: &[(u64, u64)]) -> Result<CoinRow> {
        let mut runs = runs.to_vec();
        for &(a, b) in &runs {
            if a > b {
                return Err(invalid(rule, format!("the run {a}-{b} is backwards")));
            }
            if a < rule.first() {
                return Err(invalid(
                    rule,
                    format!("coins are numbered from {}, found {a}", rule.first()),
                ));
            }
            if b > rule.last() {
                return Err(invalid(
                    rule,
                    format!(
                        "coins go up to {}{}, found {b}",
                        rule.last(),
                        rule.bound_reason()
                    ),
                ));
            }
        }
        runs.sort_unstable();
        let mut points: Vec<u128> = Vec::new();
        for (a, b) in runs {
            let (a, b) = (u128::from(a), u128::from(b) + 1);
            match points.last_mut() {
                // Overlapping or touching the previous run: extend it.
                Some(end) if *end >= a => *end = (*end).max(b),
                _ => points.extend([a, b]),
            }
        }
        Ok(CoinRow { rule, points })
    }

    /// The rule.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The heads, as runs `first..=last`, ascending.
    pub fn runs(&self) -> Vec<(u64, u64)> {
        Turn::from_points(&self.points).runs
    }

    /// The number of heads coins (up to 2^64).
    pub fn heads_count(&self) -> u128 {
        self.points.chunks(2).map(|c| c[1] - c[0]).sum()
    }

    /// The Grundy value: the nim-sum of the values of the heads coins.
    pub fn grundy(&self) -> Nimber {
        narrow(
            self.points
                .chunks(2)
                .fold(0, |acc, c| acc ^ self.rule.range_value(c[0], c[1])),
        )
    }

    /// Whether `x` shows heads.
    pub fn is_heads(&self, x: u64) -> bool {
        let x = u128::from(x);
        // Heads when an odd number of points are at or below x.
        self.points.partition_point(|&p| p <= x) % 2 == 1
    }

    /// Whether the rule allows turning `turn` here: the right shape, inside
    /// the row, the rightmost coin heads.
    pub fn check(&self, turn: &Turn) -> std::result::Result<(), String> {
        self.rule.check_shape(turn)?;
        let r = turn.rightmost();
        if !self.is_heads(r) {
            return Err(format!(
                "the rightmost coin turned, {r}, must show heads (it goes heads → tails)"
            ));
        }
        Ok(())
    }

    /// The row after turning `turn`, or why the rule forbids it.
    pub fn play(&self, turn: &Turn) -> Result<CoinRow> {
        self.check(turn).map_err(Error::IllegalMove)?;
        Ok(self.turned(turn))
    }

    fn turned(&self, turn: &Turn) -> CoinRow {
        let mut points = self.points.clone();
        for &(a, b) in &turn.runs {
            toggle(&mut points, u128::from(a), u128::from(b) + 1);
        }
        CoinRow {
            rule: self.rule,
            points,
        }
    }

    /// The heads coins, right to left, lazily.
    fn heads_descending(&self) -> impl Iterator<Item = u64> + '_ {
        self.points
            .rchunks(2)
            .flat_map(|c| (narrow(c[0])..=narrow(c[1] - 1)).rev())
    }

    /// Every legal turn, lazily: by rightmost coin (right to left), then by
    /// the other coins.
    pub fn turns(&self) -> Box<dyn Iterator<Item = Turn> + '_> {
        let rule = self.rule;
        Box::new(self.heads_descending().flat_map(move |r| rule.turns_at(r)))
    }

    /// Up to `limit` turns to rows of value `target`, by rightmost coin
    /// (right to left). Work is bounded by `limit` and the number of runs,
    /// never by the size of the coins.
    ///
    /// ```
    /// use grundy::games::coins::{CoinRow, Rule};
    /// let row = CoinRow::new(Rule::Turtles, &[1, 4, 9]).unwrap(); // 1 ⊕ 4 ⊕ 9 = 12
    /// let wins: Vec<String> = row.turns_to_value(0, 10).iter().map(|t| t.words()).collect();
    /// assert_eq!(wins, ["5 and 9"]);
    /// ```
    pub fn turns_to_value(&self, target: Nimber, limit: usize) -> Vec<Turn> {
        self.turns_to_value_within(target, limit, &Budget::unlimited())
            .expect("no budget to reach")
    }

    /// [`CoinRow::turns_to_value`] within `budget` (time and cancellation).
    pub fn turns_to_value_within(
        &self,
        target: Nimber,
        limit: usize,
        budget: &Budget,
    ) -> Result<Vec<Turn>> {
        let d = self.grundy() ^ target;
        let mut found = Vec::new();
        if d == 0 || limit == 0 {
            return Ok(found);
        }
        let rule = self.rule;
        // Only the coins whose own values matter can be the rightmost coin
        // of a turn of value d: walk the heads, but at most `limit` turns are
        // kept, and each heads coin costs O(1) before its own list.
        for c in self.points.rchunks(2) {
            let (lo, hi) = (narrow(c[0]), narrow(c[1] - 1));
            for r in self.candidates(lo, hi, d) {
                budget.check()?;
                rule.turns_worth(r, d, limit - found.len(), &mut found, budget)?;
                if found.len() >= limit {
                    found.truncate(limit);
                    return Ok(found);
                }
            }
        }
        Ok(found)
    }

    /// The heads coins in `lo..=hi` that can be the rightmost coin of a
    /// turn worth `d ≠ 0`, right to left — all but O(64) of them have one,
    /// so the walk costs O(limit) whatever the size of the run.
    ///
    /// * Turtles and Twins: `r ⊕ d < r` (or `r = d`) exactly when `r` has
    ///   the highest bit of `d`.
    /// * Moebius: every heads coin (the row is at most [`moebius::MAX`] long).
    /// * Ruler: the run `a..=r` is worth `gray(r) ⊕ gray(a−1)` (see
    ///   [`Rule::prefix`]); `gray⁻¹(gray(r) ⊕ d)` first differs from `r` at
    ///   the highest bit of `d`, so it is below `r` exactly when `r` has it.
    /// * Mock, `d` evil: only two-coin turns (values are odious), `b =
    ///   ⌊e/2⌋ = r ⊕ ⌊d/2⌋`, below `r` exactly when `r` has the highest bit
    ///   of `⌊d/2⌋`.
    /// * Mock, `d` odious: one coin at `⌊d/2⌋`, or three coins, which need
    ///   some `b < r` with the highest bit of `r ⊕ ⌊d/2⌋`: none when `r` is
    ///   below that bit of `⌊d/2⌋`.
    fn candidates(&self, lo: u64, hi: u64, d: Nimber) -> Box<dyn Iterator<Item = u64>> {
        let high = |x: u64| 63 - x.leading_zeros();
        match self.rule {
            Rule::Turtles | Rule::Twins | Rule::Ruler => {
                Box::new(descending_with_bit(lo, hi, high(d)))
            }
            Rule::Moebius => Box::new((lo..=hi).rev()),
            Rule::Mock if d.count_ones() % 2 == 0 => {
                Box::new(descending_with_bit(lo, hi, high(d >> 1)))
            }
            Rule::Mock => {
                let s = d >> 1;
                let from = if s == 0 { lo } else { lo.max(1 << high(s)) };
                Box::new((from..=hi).rev())
            }
        }
    }
}

/// The numbers in `lo..=hi` with bit `h` set, descending, lazily.
fn descending_with_bit(lo: u64, hi: u64, h: u32) -> impl Iterator<Item = u64> {
    let bit = 1u64 << h;
    let mut next = Some(hi);
    std::iter::from_fn(move || loop {
        let x = next?;
        if x < lo {
            next = None;
            return None;
        }
        if x & bit != 0 {
            next = x.checked_sub(1);
            return Some(x);
        }
        // Below x, the largest number with bit h set: clear bits below h
        // and borrow from the bits above h.
        let above = x.checked_shr(h + 1).unwrap_or(0);
        if above == 0 {
            next = None;
            return None;
        }
        next = Some(((above - 1) << (h + 1)) | bit | (bit - 1));
    })
}

/// Mock Turtles: the turns with rightmost coin `r` worth `d`, up to `room`.
///
/// Coin values are `2x + e(x)` and every value is odious, so two values
/// nim-add to an evil number and three to an odious one. One coin: `v(r) =
/// d`. Two: `v(b) = v(r) ⊕ d`, which must be odious. Three: `v(a) ⊕ v(b) =
/// e = v(r) ⊕ d`, evil and non-zero; for each `b`, `v(b) ⊕ e` is odious so
/// `a = b ⊕ ⌊e/2⌋`, and `a < b` exactly when `b` has the highest bit of
/// `⌊e/2⌋` — so the pairs are listed by walking those `b` only.
fn mock_turns(r: u64, d: Nimber, room: usize, found: &mut Vec<Turn>) {
    let v = |x: u64| Rule::Mock.coin_value(x);
    let vr = v(r);
    let e = vr ^ d;
    let mut left = room;
    if e == 0 {
        found.push(Turn::single(&[r]));
        return;
    }
    if e.count_ones() % 2 == 1 {
        let b = e >> 1;
        if b < r {
            found.push(Turn::single(&[b, r]));
        }
        return;
    }
    // Three coins a < b < r.
    let half = e >> 1;
    let h = 63 - half.leading_zeros();
    if r == 0 {
        return;
    }
    for b in descending_with_bit(0, r - 1, h) {
        if left == 0 {
            return;
        }
        found.push(Turn::single(&[b ^ half, b, r]));
        left -= 1;
    }
}

/// The inverse of the Gray code `g ↦ g ⊕ (g >> 1)`.
fn gray_inverse(g: u64) -> u64 {
    let mut n = g;
    let mut shift = 1;
    while shift < 64 {
        n ^= n >> shift;
        shift <<= 1;
    }
    n
}

fn invalid(rule: Rule, message: String) -> Error {
    Error::IllegalMove(format!("{}(…): {message}", rule.name()))
}

fn written_runs(runs: &[(u64, u64)]) -> String {
    runs.iter()
        .map(|&(a, b)| {
            if a == b {
                a.to_string()
            } else {
                format!("{a}-{b}")
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

impl Game for CoinRow {
    fn name(&self) -> &str {
        self.rule.name()
    }

    fn args(&self) -> String {
        written_runs(&self.runs())
    }

    /// The runs of heads, `first, last` pairs.
    fn key(&self) -> Vec<u64> {
        self.runs().into_iter().flat_map(|(a, b)| [a, b]).collect()
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(self.turns().map(|t| self.to_move(&t)))
    }

    fn has_moves(&self) -> bool {
        // A Twins coin 0 can never be the rightmost of two coins turned.
        match (self.rule, &self.points[..]) {
            (Rule::Twins, [0, 1]) => false,
            _ => !self.points.is_empty(),
        }
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
        let turns = self.turns_to_value_within(target, limit, &cx.budget)?;
        let mut held = cx.budget.reservation();
        let mut moves = Vec::with_capacity(turns.len());
        for t in &turns {
            let mv = self.to_move(t);
            held.grow(mv.after.iter().map(|c| c.bytes()).sum())?;
            moves.push(mv);
        }
        Ok(Some(moves))
    }

    /// The row's points, owned.
    fn bytes(&self) -> u64 {
        std::mem::size_of::<CoinRow>() as u64 + vec_bytes::<u128>(self.points.capacity())
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        let each = match self.rule {
            Rule::Turtles => "a heads coin at x is worth x (Turning Turtles is Nim)",
            Rule::Twins => {
                "a heads coin at x is worth x (Twins, coins from 0: Turning Turtles shifted)"
            }
            Rule::Moebius => {
                "a heads coin at x is worth the mex of the nim-sums of at most four coins \
                 left of it (Moebius: 1, 2, 4, 8, 16, 31, 32, 64, 103, …)"
            }
            Rule::Mock => {
                "a heads coin at x is worth the x-th odious number, 2x or 2x+1 (Mock Turtles)"
            }
            Rule::Ruler => "a heads coin at x is worth the largest power of 2 dividing x (Ruler)",
        };
        Some(format!(
            "the coins of a coin-turning game are independent: the row is worth the nim-sum of \
             its heads coins, and {each}, so G = {value}"
        ))
    }

    /// An empty row: the component keeps its place in the sum.
    fn emptied(&self) -> Option<Component> {
        Some(Arc::new(CoinRow {
            rule: self.rule,
            points: Vec::new(),
        }))
    }

    fn noun(&self) -> &str {
        "row"
    }

    fn describe(&self, mv: &Move, _label: &str) -> String {
        let t = self.turn_of(mv);
        let plural = if t.runs.len() == 1 && t.runs[0].0 == t.runs[0].1 {
            "coin"
        } else {
            "coins"
        };
        format!("turn {plural} {}", t.words())
    }

    /// The coins turned, `4 9` or `3-8`.
    fn notation(&self, mv: &Move) -> String {
        self.turn_of(mv).notation()
    }

    fn read_move(&self, text: &str, _label: &str) -> std::result::Result<Move, String> {
        let turn = read_turn(text)?;
        self.check(&turn)?;
        Ok(self.to_move(&turn))
    }

    /// The coins from the first to the rightmost heads: click the coins a
    /// move turns (for Ruler, the two ends of the run).
    fn picture(&self) -> Option<Picture<Move>> {
        let first = self.rule.first();
        let top = self.runs().last().map(|r| r.1);
        let count = top.map_or(0, |t| u128::from(t - first) + 1);
        if count > picture::MAX_ELEMENTS as u128 {
            return None;
        }
        let heads = top.map_or_else(Vec::new, |t| {
            (first..=t).map(|x| self.is_heads(x)).collect()
        });
        let rule = self.rule;
        let picks = self.turns().map(move |t| {
            let items = match (rule, &t.runs[..]) {
                (Rule::Ruler, &[(a, b)]) if a < b => vec![Item::Coin(b), Item::Coin(a)],
                _ => t.coins().into_iter().rev().map(Item::Coin).collect(),
            };
            Pick::new(items, self.to_move(&t))
        });
        picture::bounded(Shape::Coins { first, heads }, picks)
    }

    fn draw(&self) -> Vec<String> {
        let runs = self.runs();
        let mut lines = vec![if runs.is_empty() {
            "no heads".to_string()
        } else {
            format!("heads at {}", written_runs(&runs).replace(',', ", "))
        }];
        let top = runs.last().map_or(0, |r| r.1);
        if top <= 40 && !runs.is_empty() {
            let picture: Vec<&str> = (self.rule.first()..=top)
                .map(|x| if self.is_heads(x) { "H" } else { "·" })
                .collect();
            lines.push(format!(
                "coins {} → {top}: {}",
                self.rule.first(),
                picture.join(" ")
            ));
        }
        lines
    }
}

/// Coins typed at the `play` prompt: `4 9`, `3-8`, `1,2,3` (each coin
/// once).
pub(crate) fn read_turn(text: &str) -> std::result::Result<Turn, String> {
    let mut runs = Vec::new();
    for token in text.split([' ', ',']).filter(|t| !t.is_empty()) {
        let (a, b) = match token.split_once('-') {
            Some((a, b)) => (coin(a)?, coin(b)?),
            None => (coin(token)?, coin(token)?),
        };
        if a > b {
            return Err(format!("the run {token} is backwards"));
        }
        runs.push((a, b));
    }
    runs.sort_unstable();
    if let Some(w) = runs.windows(2).find(|w| w[0].1 >= w[1].0) {
        return Err(format!("coin {} is named twice", w[1].0));
    }
    let mut points = Vec::new();
    for (a, b) in runs {
        toggle(&mut points, u128::from(a), u128::from(b) + 1);
    }
    Ok(Turn::from_points(&points))
}

fn coin(text: &str) -> std::result::Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{text:?} is not a coin number"))
}

impl CoinRow {
    fn to_move(&self, turn: &Turn) -> Move {
        let after = self.turned(turn);
        if after.points.is_empty() {
            Move::to(Vec::new())
        } else {
            Move::to(vec![Arc::new(after) as Component])
        }
    }

    /// The coins a move of this row turns: the symmetric difference of the
    /// heads before and after.
    pub fn turn_of(&self, mv: &Move) -> Turn {
        let mut points = self.points.clone();
        if let Some(after) = mv.after.first() {
            let key = after.key();
            for c in key.chunks(2) {
                toggle(&mut points, u128::from(c[0]), u128::from(c[1]) + 1);
            }
        }
        Turn::from_points(&points)
    }
}

/// Parses the heads of a row under `rule` after its name: `(0, 1, 2-5)`.
pub(crate) fn parse_row(rule: Rule, word: &str, p: &mut Cursor) -> Result<Term> {
    p.expect('(', &format!("'(' and heads positions after {word}"))?;
    let mut runs = Vec::new();
    if !p.eat(')') {
        loop {
            let at = p.pos();
            let a = p.number()?;
            let b = if p.eat('-') { p.number()? } else { a };
            if a > b {
                return Err(p.error_at(at, format!("the run {a}-{b} is backwards")));
            }
            if a < rule.first() || b > rule.last() {
                return Err(p.error_at(
                    at,
                    format!(
                        "{} coins are numbered {}..={}",
                        rule.name(),
                        rule.first(),
                        rule.last()
                    ),
                ));
            }
            runs.push((a, b));
            if p.eat(')') {
                break;
            }
            p.expect(',', "',' or ')' after a heads position")?;
        }
    }
    let row = CoinRow::from_runs(rule, &runs)?;
    Ok(Term::new(rule.name(), vec![Arc::new(row) as Component]))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    /// The successors of `mask` (bit i is coin `first + i`) by the rules as
    /// written: choose the rightmost coin, heads, then the others below it.
    fn brute_moves(rule: Rule, n: u32, mask: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for r in 0..n {
            if mask >> r & 1 == 0 {
                continue;
            }
            let top = 1u32 << r;
            out.push(mask ^ top);
            match rule {
                Rule::Turtles => out.extend((0..r).map(|a| mask ^ top ^ 1 << a)),
                // Exactly two coins: no move turns the top one alone.
                Rule::Twins => {
                    out.pop();
                    out.extend((0..r).map(|a| mask ^ top ^ 1 << a));
                }
                // Up to four more coins below: every subset of 0..r of size ≤ 4.
                Rule::Moebius => {
                    out.pop();
                    for others in 0..top {
                        if others.count_ones() <= 4 {
                            out.push(mask ^ top ^ others);
                        }
                    }
                }
                Rule::Mock => {
                    for b in 0..r {
                        out.push(mask ^ top ^ 1 << b);
                        for a in 0..b {
                            out.push(mask ^ top ^ 1 << b ^ 1 << a);
                        }
                    }
                }
                Rule::Ruler => {
                    for a in 0..r {
                        // coins a..=r
                        out.push(mask ^ ((top << 1) - (1 << a)));
                    }
                }
            }
        }
        out
    }

    /// Grundy values of every head set of `n` coins, by the mex definition
    /// (every move lowers the mask: its highest changed bit goes 1 → 0).
    fn brute_values(rule: Rule, n: u32) -> Vec<u64> {
        let mut g = vec![0u64; 1 << n];
        for mask in 0..1u32 << n {
            let seen: BTreeSet<u64> = brute_moves(rule, n, mask)
                .into_iter()
                .map(|m| {
                    assert!(m < mask);
                    g[m as usize]
                })
                .collect();
            g[mask as usize] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
        g
    }

    fn row_of(rule: Rule, mask: u32) -> CoinRow {
        let heads: Vec<u64> = (0..32)
            .filter(|i| mask >> i & 1 == 1)
            .map(|i| rule.first() + i)
            .collect();
        CoinRow::new(rule, &heads).unwrap()
    }

    fn mask_of(rule: Rule, c: Option<&Component>) -> u32 {
        let Some(c) = c else { return 0 };
        let key = c.key();
        key.chunks(2)
            .flat_map(|r| r[0]..=r[1])
            .fold(0, |m, x| m | 1 << (x - rule.first()))
    }

    fn check_exhaustively(rule: Rule, n: u32) {
        let g = brute_values(rule, n);
        let cx = Context::default();
        for mask in 0..1u32 << n {
            let row = row_of(rule, mask);
            assert_eq!(row.grundy(), g[mask as usize], "{rule:?} {mask:b}");
            let mut want = brute_moves(rule, n, mask);
            want.sort_unstable();
            let mut got: Vec<u32> = Game::moves(&row)
                .map(|m| mask_of(rule, m.after.first()))
                .collect();
            got.sort_unstable();
            assert_eq!(got, want, "{rule:?} moves of {mask:b}");
            // Moves to every value, from theory, are exactly those by search.
            // (Moebius rows of 10 and 11 coins have hundreds of targets each:
            // every 7th is checked there, all of them on 9 coins.)
            let targets: BTreeSet<u64> = want.iter().map(|&m| g[m as usize]).collect();
            let step = if rule == Rule::Moebius && mask >= 1 << 9 {
                7
            } else {
                1
            };
            for &t in targets.iter().step_by(step).chain([&0, &1000]) {
                let mut by_search: Vec<u32> = want
                    .iter()
                    .copied()
                    .filter(|&m| g[m as usize] == t)
                    .collect();
                by_search.sort_unstable();
                by_search.dedup();
                let theory = row.moves_to_value(&cx, t, 100_000).unwrap().unwrap();
                let mut by_theory: Vec<u32> = theory
                    .iter()
                    .map(|m| mask_of(rule, m.after.first()))
                    .collect();
                by_theory.sort_unstable();
                assert_eq!(by_theory, by_search, "{rule:?} {mask:b} to {t}");
                // The limit is honoured.
                let one = row.moves_to_value(&cx, t, 1).unwrap().unwrap();
                assert_eq!(one.len(), by_search.len().min(1));
            }
        }
    }

    #[test]
    fn turtles_against_exhaustive_search() {
        check_exhaustively(Rule::Turtles, 11);
    }

    #[test]
    fn twins_against_exhaustive_search() {
        check_exhaustively(Rule::Twins, 11);
    }

    #[test]
    fn moebius_against_exhaustive_search() {
        check_exhaustively(Rule::Moebius, 11);
    }

    #[test]
    fn mock_against_exhaustive_search() {
        check_exhaustively(Rule::Mock, 10);
    }

    #[test]
    fn ruler_against_exhaustive_search() {
        check_exhaustively(Rule::Ruler, 11);
    }

    #[test]
    fn published_values() {
        // Winning Ways, ch. 14: odious numbers for Mock Turtles, the ruler
        // function for Ruler.
        let mock: Vec<u64> = (0..16).map(|x| Rule::Mock.coin_value(x)).collect();
        assert_eq!(
            mock,
            [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31]
        );
        let ruler: Vec<u64> = (1..17).map(|x| Rule::Ruler.coin_value(x)).collect();
        assert_eq!(ruler, [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]);
        // Moebius on the book's 18 coins; Twins is Nim from coin 0.
        let moebius: Vec<u64> = (1..=18).map(|x| Rule::Moebius.coin_value(x)).collect();
        assert_eq!(
            moebius,
            [1, 2, 4, 8, 16, 31, 32, 64, 103, 128, 171, 213, 256, 301, 342, 439, 475, 494]
        );
        // 2^9 of the 2^18 head sets of those coins are P-positions.
        let lost = (0..1u32 << 18)
            .filter(|m| {
                (0..18)
                    .filter(|i| m >> i & 1 == 1)
                    .fold(0, |a, i| a ^ moebius[i])
                    == 0
            })
            .count();
        assert_eq!(lost, 512);
        let twins: Vec<u64> = (0..6).map(|x| Rule::Twins.coin_value(x)).collect();
        assert_eq!(twins, [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn repeats_are_one_coin() {
        let twice = CoinRow::new(Rule::Mock, &[3, 3, 5]).unwrap();
        assert_eq!(twice.grundy(), 7 ^ 11);
        assert_eq!(twice, CoinRow::new(Rule::Mock, &[5, 3]).unwrap());
    }

    #[test]
    fn huge_coins_are_exact_or_refused() {
        assert_eq!(Rule::Mock.coin_value(MOCK_MAX), u64::MAX - 1); // 63 ones: odious, 2x
        assert_eq!(Rule::Mock.coin_value(MOCK_MAX - 1), u64::MAX - 2); // evil, 2x + 1
        let top = u64::MAX;
        let row = CoinRow::new(Rule::Turtles, &[top, 5]).unwrap();
        assert_eq!(row.grundy(), top ^ 5);
        let wins = row.turns_to_value(0, 10);
        assert_eq!(wins, [Turn::single(&[5, top])]);
        assert_eq!(row.play(&wins[0]).unwrap().grundy(), 0);
        // Every coin from 1 to 2^64 − 1 heads: the ruler row's value is the
        // Gray code of 2^64 − 1, and each winning run is found at once.
        let all = CoinRow::from_runs(Rule::Ruler, &[(1, top)]).unwrap();
        assert_eq!(all.heads_count(), u128::from(top));
        assert_eq!(all.grundy(), top ^ (top >> 1));
        let wins = all.turns_to_value(0, 3);
        assert_eq!(wins.len(), 3);
        for w in &wins {
            assert_eq!(all.play(w).unwrap().grundy(), 0);
        }
        // Mock Turtles on runs of 2^62 heads: coins 0..2^62 pair off (xor
        // of 0..4k is 0, and an even number of evil coins), so the row is
        // lost; one more coin, 2^62 (worth 2^63), has the one winning move
        // of turning it. Listing moves is bounded work either way.
        let lost = CoinRow::from_runs(Rule::Mock, &[(0, (1 << 62) - 1)]).unwrap();
        assert_eq!(lost.grundy(), 0);
        assert!(lost.turns_to_value(0, 5).is_empty());
        // Every coin turned is below 2^62, worth less than 2^63.
        assert!(lost.turns_to_value(1 << 63, 5).is_empty());
        for t in [1, 2, 3, 5, 1 << 40, (1 << 63) - 1] {
            let found = lost.turns_to_value(t, 5);
            assert_eq!(found.len(), 5, "to {t}");
            for w in found {
                assert_eq!(lost.play(&w).unwrap().grundy(), t);
            }
        }
        let won = CoinRow::from_runs(Rule::Mock, &[(0, 1 << 62)]).unwrap();
        assert_eq!(won.grundy(), 1 << 63);
        assert_eq!(won.turns_to_value(0, 5), [Turn::single(&[1 << 62])]);
    }

    #[test]
    fn moves_in_words_and_at_the_prompt() {
        let row = CoinRow::new(Rule::Turtles, &[1, 4, 9]).unwrap();
        let cx = Context::default();
        let wins = row.moves_to_value(&cx, 0, 10).unwrap().unwrap();
        assert_eq!(wins.len(), 1);
        assert_eq!(row.describe(&wins[0], "row 1"), "turn coins 5 and 9");
        assert_eq!(row.notation(&wins[0]), "5 9");
        assert_eq!(row.read_move("9 5", "row 1").unwrap(), wins[0]);
        assert!(row.read_move("5 8", "row 1").is_err()); // 8 is tails
        assert!(row.read_move("1 2 9", "row 1").is_err()); // three coins
        let ruler = CoinRow::new(Rule::Ruler, &[3, 8]).unwrap();
        let mv = ruler.read_move("3-8", "row 1").unwrap();
        assert_eq!(ruler.describe(&mv, "row 1"), "turn coins 3 to 8");
        assert!(ruler.read_move("3 8", "row 1").is_err()); // not a run
        let single = ruler.read_move("8", "row 1").unwrap();
        assert_eq!(ruler.describe(&single, "row 1"), "turn coin 8");
    }
}
