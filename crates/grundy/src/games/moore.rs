//! Moore's Nim (Nim_k): heaps; a move takes tokens from at least one and at
//! most `k` heaps (any positive number from each). `k = 1` is Nim. Normal
//! play.
//!
//! **Theory** (Moore, 1910). Write the heaps in binary. The position is a
//! loss for the player to move exactly when, in every bit column, the number
//! of heaps with that bit set is divisible by `k + 1`. (Grundy values have
//! no such formula for `k ≥ 2`; only the outcome is given here.)
//!
//! **Winning moves.** A move changes a set `S` of at most `k` heaps. The
//! other heaps fix, in each column, how many of the new heaps in `S` must
//! have the bit: `t = (−c) mod (k + 1)`, which must be at most `|S|`. The new
//! values are then built column by column from the top, each heap of `S`
//! staying *tight* (equal to its old value so far) or already below it; a
//! memo of which (column, tight set) can still be finished with every heap
//! strictly lower makes the enumeration visit only moves that exist.
//!
//! Written `moore(2; 1,2,3)`: `k`, a semicolon, the heaps.

use std::collections::HashMap;
use std::fmt;

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Known, Move};
use crate::games::heap::number;
use crate::games::{in_parens, join, numbers, parse_args};
use crate::nim::Outcome;
use crate::nimber::{nim_sum, Nimber};
use crate::sum::Term;

/// A position: `k` and the heaps, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Moore {
    pub k: u64,
    pub heaps: Vec<u64>,
}

/// One move: each `(heap, from, to)` lowers heap `heap` (0-based) from
/// `from` to `to`; 1 to `k` heaps, in increasing order of index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MooreMove {
    pub changes: Vec<(usize, u64, u64)>,
}

impl MooreMove {
    /// The position after this move from `pos`.
    pub fn apply(&self, pos: &Moore) -> Moore {
        let mut heaps = pos.heaps.clone();
        for &(i, _, to) in &self.changes {
            heaps[i] = to;
        }
        Moore { k: pos.k, heaps }
    }
}

impl fmt::Display for MooreMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (n, &(i, from, to)) in self.changes.iter().enumerate() {
            if n > 0 {
                f.write_str(", ")?;
            }
            write!(f, "take {} from heap {}: {from} → {to}", from - to, i + 1)?;
        }
        Ok(())
    }
}

impl fmt::Display for Moore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "moore({}; {})", self.k, join(&self.heaps))
    }
}

/// The most heaps one winning-move search will change at once.
pub const MAX_CHANGED: usize = 12;
/// The most sets of heaps one winning-move search will try.
pub const MAX_SETS: u128 = 1 << 20;

impl Moore {
    /// The position `k; heaps`; `k` must be at least 1.
    pub fn new(k: u64, heaps: Vec<u64>) -> Result<Moore> {
        if k == 0 {
            return Err(Error::Unsupported(
                "Moore's Nim needs k ≥ 1 (a move takes from 1 to k heaps)".into(),
            ));
        }
        Ok(Moore { k, heaps })
    }

    /// Parses the argument text `2; 1,2,3` (what stands inside `moore(…)`).
    ///
    /// ```
    /// use grundy::games::moore::Moore;
    /// let pos = Moore::parse("2; 1,2,3").unwrap();
    /// assert_eq!((pos.k, pos.heaps.clone()), (2, vec![1, 2, 3]));
    /// assert_eq!(pos.to_string(), "moore(2; 1,2,3)");
    /// assert!(Moore::parse("0; 1").is_err());
    /// ```
    pub fn parse(args: &str) -> Result<Moore> {
        parse_args(args, Moore::read)
    }

    /// Reads `k; heaps` at the cursor.
    fn read(c: &mut Cursor) -> Result<Moore> {
        c.skip_ws();
        let start = c.pos();
        let k = c.number()?;
        if k == 0 {
            return Err(c.error_at(
                start,
                "k must be at least 1 (a move takes from 1 to k heaps)",
            ));
        }
        c.expect(';', "';' and the heaps")?;
        let heaps = numbers(c)?;
        Ok(Moore { k, heaps })
    }

    /// How many heaps have bit `j`, for each `j`.
    fn columns(heaps: impl Iterator<Item = u64>) -> [u64; 64] {
        let mut c = [0u64; 64];
        for h in heaps {
            for (j, slot) in c.iter_mut().enumerate() {
                *slot += h >> j & 1;
            }
        }
        c
    }

    /// Who wins: P exactly when every column count is divisible by `k + 1`.
    ///
    /// ```
    /// use grundy::games::moore::Moore;
    /// use grundy::nim::Outcome;
    /// // Columns of 1, 2, 3: two heaps have bit 0, two have bit 1; not 0 mod 3.
    /// assert_eq!(Moore::parse("2; 1,2,3").unwrap().outcome(), Outcome::N);
    /// assert_eq!(Moore::parse("2; 1,2,3,3").unwrap().outcome(), Outcome::P);
    /// assert_eq!(Moore::parse("2; 1,2").unwrap().outcome(), Outcome::N);
    /// ```
    pub fn outcome(&self) -> Outcome {
        let m = self.k as u128 + 1;
        let p = Moore::columns(self.heaps.iter().copied())
            .iter()
            .all(|&c| c as u128 % m == 0);
        Outcome::from_mover_wins(!p)
    }

    /// Every move, lazily (there can be astronomically many): sets of 1, then
    /// 2, … up to `k` non-empty heaps in lexicographic order, and for each
    /// set every combination of lower values, smallest first.
    pub fn moves(&self) -> impl Iterator<Item = MooreMove> + '_ {
        let live: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| self.heaps[i] > 0)
            .collect();
        let most = (self.k.min(live.len() as u64)) as usize;
        (1..=most).flat_map(move |size| {
            let live = live.clone();
            combinations(live.len(), size).flat_map(move |pick| {
                let chosen: Vec<usize> = pick.iter().map(|&p| live[p]).collect();
                let tops: Vec<u64> = chosen.iter().map(|&i| self.heaps[i]).collect();
                odometer(tops).map(move |values| MooreMove {
                    changes: chosen
                        .iter()
                        .zip(values)
                        .map(|(&i, to)| (i, self.heaps[i], to))
                        .collect(),
                })
            })
        })
    }

    /// Every winning move, up to `limit` of them (see the module
    /// documentation). Refused when a move could change more than
    /// [`MAX_CHANGED`] heaps or more than [`MAX_SETS`] sets of heaps would
    /// need trying.
    pub fn winning_moves(&self, limit: usize) -> Result<Vec<MooreMove>> {
        let mut out = Vec::new();
        if self.outcome() == Outcome::P {
            return Ok(out);
        }
        let live: Vec<usize> = (0..self.heaps.len())
            .filter(|&i| self.heaps[i] > 0)
            .collect();
        let most = (self.k.min(live.len() as u64)) as usize;
        let sets: u128 = (1..=most)
            .map(|s| binomial(live.len() as u128, s as u128))
            .sum();
        if most > MAX_CHANGED || sets > MAX_SETS {
            return Err(Error::TooLarge(format!(
                "finding every winning move of {self} means trying {sets} sets of up to {most} heaps; \
                 the limits are {MAX_SETS} sets of up to {MAX_CHANGED} heaps"
            )));
        }
        // k + 1 reaches 2^64 for k = 2^64 − 1: counted in u128.
        let m = u128::from(self.k) + 1;
        let all = Moore::columns(self.heaps.iter().copied());
        for size in 1..=most {
            for pick in combinations(live.len(), size) {
                let chosen: Vec<usize> = pick.iter().map(|&p| live[p]).collect();
                let tops: Vec<u64> = chosen.iter().map(|&i| self.heaps[i]).collect();
                let mine = Moore::columns(tops.iter().copied());
                // How many new heaps of the set need each bit.
                let mut need = [0u64; 64];
                let mut possible = true;
                for j in 0..64 {
                    let rest = u128::from(all[j] - mine[j]);
                    // Used only when every want is at most the set's size.
                    let want = (m - rest % m) % m;
                    possible &= want <= size as u128;
                    need[j] = want as u64;
                }
                if !possible {
                    continue;
                }
                let mut search = Columns {
                    tops: &tops,
                    need: &need,
                    feasible: HashMap::new(),
                };
                let mut values = vec![0u64; size];
                let full = (1u32 << size) - 1;
                let mut found = Vec::new();
                search.enumerate(63, full, &mut values, &mut found, limit - out.len());
                out.extend(found.into_iter().map(|vals| {
                    MooreMove {
                        changes: chosen
                            .iter()
                            .zip(vals)
                            .map(|(&i, to)| (i, self.heaps[i], to))
                            .collect(),
                    }
                }));
                if out.len() >= limit {
                    return Ok(out);
                }
            }
        }
        Ok(out)
    }
}

/// The column-by-column search of new values for one set of heaps.
struct Columns<'a> {
    tops: &'a [u64],
    need: &'a [u64; 64],
    feasible: HashMap<(i32, u32), bool>,
}

impl Columns<'_> {
    /// The heaps of the set whose old value has bit `j`.
    fn ones(&self, j: i32) -> u32 {
        self.tops
            .iter()
            .enumerate()
            .fold(0, |m, (r, &h)| m | ((h >> j & 1) as u32) << r)
    }

    /// The choices of which heaps get bit `j`, with the tight set after.
    fn choices(&self, j: i32, tight: u32) -> Vec<(u32, u32)> {
        let s = self.tops.len();
        let ones = self.ones(j);
        (0u32..1 << s)
            .filter(|b| b.count_ones() as u64 == self.need[j as usize])
            // A tight heap cannot get a bit its old value lacks.
            .filter(|b| b & tight & !ones == 0)
            .map(|b| (b, tight & (b | !ones)))
            .collect()
    }

    /// Whether columns `j..=0` can be filled, leaving every heap lower.
    fn can_finish(&mut self, j: i32, tight: u32) -> bool {
        if j < 0 {
            return tight == 0;
        }
        if let Some(&f) = self.feasible.get(&(j, tight)) {
            return f;
        }
        let f = self
            .choices(j, tight)
            .into_iter()
            .any(|(_, next)| self.can_finish(j - 1, next));
        self.feasible.insert((j, tight), f);
        f
    }

    fn enumerate(
        &mut self,
        j: i32,
        tight: u32,
        values: &mut [u64],
        out: &mut Vec<Vec<u64>>,
        limit: usize,
    ) {
        if out.len() >= limit {
            return;
        }
        if j < 0 {
            if tight == 0 {
                out.push(values.to_vec());
            }
            return;
        }
        for (b, next) in self.choices(j, tight) {
            if !self.can_finish(j - 1, next) {
                continue;
            }
            for (r, v) in values.iter_mut().enumerate() {
                *v = *v & !(1 << j) | ((b >> r & 1) as u64) << j;
            }
            self.enumerate(j - 1, next, values, out, limit);
            if out.len() >= limit {
                return;
            }
        }
    }
}

fn binomial(n: u128, k: u128) -> u128 {
    (0..k).fold(1u128, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The `size`-element subsets of `0..n`, as sorted index lists, in
/// lexicographic order.
fn combinations(n: usize, size: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut next = (size <= n).then(|| (0..size).collect::<Vec<usize>>());
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut c = current.clone();
        // The rightmost index that can still move right.
        if let Some(i) = (0..size).rev().find(|&i| c[i] < n - size + i) {
            c[i] += 1;
            for t in i + 1..size {
                c[t] = c[t - 1] + 1;
            }
            next = Some(c);
        }
        Some(current)
    })
}

/// Every vector `v` with `0 ≤ v[r] < tops[r]`, the last entry fastest.
fn odometer(tops: Vec<u64>) -> impl Iterator<Item = Vec<u64>> {
    let mut next = tops.iter().all(|&t| t > 0).then(|| vec![0u64; tops.len()]);
    std::iter::from_fn(move || {
        let current = next.take()?;
        let mut v = current.clone();
        if let Some(r) = (0..v.len()).rev().find(|&r| v[r] + 1 < tops[r]) {
            v[r] += 1;
            v[r + 1..].iter_mut().for_each(|x| *x = 0);
            next = Some(v);
        }
        Some(current)
    })
}

impl MooreMove {
    fn into_move(self, pos: &Moore) -> Move {
        Move::to(vec![Arc::new(self.apply(pos)) as Component])
    }
}

impl Moore {
    /// The heaps a move leaves (its one component).
    fn after(&self, mv: &Move) -> Option<Vec<u64>> {
        let key = mv.after.first()?.key();
        (key.len() == self.heaps.len() + 1).then(|| key[1..].to_vec())
    }

    /// The move from here to the heaps `to`, if legal.
    fn move_to(&self, to: &[u64]) -> std::result::Result<MooreMove, String> {
        if to.len() != self.heaps.len() {
            return Err(format!(
                "give all {} heaps as they are after the move",
                self.heaps.len()
            ));
        }
        let mut changes = Vec::new();
        for (i, (&from, &to)) in self.heaps.iter().zip(to).enumerate() {
            if to > from {
                return Err(format!(
                    "heap {} holds {from}: it cannot grow to {to}",
                    i + 1
                ));
            }
            if to < from {
                changes.push((i, from, to));
            }
        }
        if changes.is_empty() || changes.len() as u64 > self.k {
            return Err(format!(
                "a move takes from 1 to {} heaps, not {}",
                self.k,
                changes.len()
            ));
        }
        Ok(MooreMove { changes })
    }
}

/// Moore's Nim_k as a component: outcome and winning moves from Moore's
/// theorem for all 64-bit heaps; Grundy values by search (for `k = 1`,
/// Nim's).
impl Game for Moore {
    fn name(&self) -> &str {
        "moore"
    }

    fn args(&self) -> String {
        format!("{}; {}", self.k, join(&self.heaps))
    }

    /// `k`, then the heaps as written (the moves read them back from it).
    fn key(&self) -> Vec<u64> {
        std::iter::once(self.k)
            .chain(self.heaps.iter().copied())
            .collect()
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(Moore::moves(self).map(|m| m.into_move(self)))
    }

    fn moves_at_least(&self) -> u128 {
        self.heaps.iter().map(|&h| u128::from(h)).sum()
    }

    fn has_moves(&self) -> bool {
        self.heaps.iter().any(|&h| h > 0)
    }

    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        Ok((self.k == 1).then(|| nim_sum(self.heaps.iter().copied())))
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
        if target != 0 {
            return Ok(None);
        }
        let moves = self.winning_moves(limit)?;
        Ok(Some(moves.into_iter().map(|m| m.into_move(self)).collect()))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        (self.k == 1).then(|| format!("Moore's Nim with k = 1 is Nim: G = {value}"))
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        match self.after(mv).map(|to| self.move_to(&to)) {
            Some(Ok(m)) => format!("{label}: {m}"),
            _ => format!("{label}: {self} → {}", mv.after_text()),
        }
    }

    /// `= A B C`: every heap after the move.
    fn notation(&self, mv: &Move) -> String {
        match self.after(mv) {
            Some(to) => {
                let list: Vec<String> = to.iter().map(u64::to_string).collect();
                format!("= {}", list.join(" "))
            }
            None => "?".into(),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace(['=', ','], " ");
        let to = spaced
            .split_whitespace()
            .map(number)
            .collect::<std::result::Result<Vec<u64>, String>>()?;
        let m = self.move_to(&to).map_err(|why| format!("{label}: {why}"))?;
        Ok(m.into_move(self))
    }

    fn draw(&self) -> Vec<String> {
        let mut lines = vec![format!("take from 1 to {} heaps at once", self.k)];
        let big = self.heaps.iter().any(|&h| h > 30);
        lines.extend(self.heaps.iter().enumerate().map(|(i, &h)| {
            if big {
                format!("heap {}: {h}", i + 1)
            } else {
                format!("heap {}: {}", i + 1, "●".repeat(h as usize))
            }
        }));
        lines
    }
}

/// The registered parser: `moore(k; a, b, …)`.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let m = in_parens(p, "moore", Moore::read)?;
    Ok(Term::new("moore", vec![Arc::new(m) as Component]))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "moore",
    shown: "moore",
    example: "moore(2; 1,2,3)",
    about: "Moore's Nim_k: k, then the heaps; take from 1 to k heaps at once",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The options from the rules: lower between 1 and k heaps, each by a
    /// positive amount; positions as written (not sorted).
    fn options(k: u64, heaps: &[u64]) -> Vec<Vec<u64>> {
        let n = heaps.len();
        let mut out = Vec::new();
        for mask in 1u32..1 << n {
            if mask.count_ones() as u64 > k || (0..n).any(|i| mask >> i & 1 == 1 && heaps[i] == 0) {
                continue;
            }
            let idx: Vec<usize> = (0..n).filter(|&i| mask >> i & 1 == 1).collect();
            let mut v = heaps.to_vec();
            fn go(
                idx: &[usize],
                heaps: &[u64],
                v: &mut Vec<u64>,
                d: usize,
                out: &mut Vec<Vec<u64>>,
            ) {
                if d == idx.len() {
                    out.push(v.clone());
                    return;
                }
                for x in 0..heaps[idx[d]] {
                    v[idx[d]] = x;
                    go(idx, heaps, v, d + 1, out);
                }
                v[idx[d]] = heaps[idx[d]];
            }
            go(&idx, heaps, &mut v, 0, &mut out);
        }
        out
    }

    fn wins(k: u64, heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        let mut key = heaps.to_vec();
        key.sort_unstable();
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let w = options(k, heaps).iter().any(|o| !wins(k, o, memo));
        memo.insert(key, w);
        w
    }

    #[test]
    fn theory_matches_exhaustive_search() {
        let mut seed = 7u64;
        let mut rand = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut memos: Vec<HashMap<Vec<u64>, bool>> = vec![HashMap::new(); 5];
        for _ in 0..2000 {
            let k = 1 + rand(3);
            let n = 1 + rand(4) as usize;
            let top = if n <= 2 { 9 } else { 5 };
            let heaps: Vec<u64> = (0..n).map(|_| rand(top + 1)).collect();
            let pos = Moore::new(k, heaps.clone()).unwrap();
            let memo = &mut memos[k as usize];
            assert_eq!(
                pos.outcome(),
                Outcome::from_mover_wins(wins(k, &heaps, memo)),
                "{pos}"
            );
            let got: HashSet<Vec<u64>> = pos.moves().map(|m| m.apply(&pos).heaps).collect();
            let rules: HashSet<Vec<u64>> = options(k, &heaps).into_iter().collect();
            assert_eq!(got, rules, "{pos}");
            assert_eq!(pos.moves().count(), rules.len(), "no move twice: {pos}");
            let winning: HashSet<Vec<u64>> = pos
                .winning_moves(usize::MAX)
                .unwrap()
                .iter()
                .map(|m| m.apply(&pos).heaps)
                .collect();
            let want: HashSet<Vec<u64>> = rules.into_iter().filter(|o| !wins(k, o, memo)).collect();
            assert_eq!(winning, want, "{pos}");
        }
    }

    #[test]
    fn large_heaps_are_exact() {
        // Three copies of a huge heap with k = 2: a loss. Lowering one leaves
        // a win, and the winning replies restore divisibility.
        let big = u64::MAX;
        let pos = Moore::new(2, vec![big, big, big]).unwrap();
        assert_eq!(pos.outcome(), Outcome::P);
        let after = Moore::new(2, vec![big, big - 12345, big]).unwrap();
        assert_eq!(after.outcome(), Outcome::N);
        let replies = after.winning_moves(50).unwrap();
        assert!(!replies.is_empty());
        for m in &replies {
            assert!(m.changes.len() <= 2);
            assert_eq!(m.apply(&after).outcome(), Outcome::P, "{m}");
        }
        // The first move is at hand without listing 2^64 options.
        assert_eq!(after.moves().next().unwrap().changes, [(0, big, 0)]);
        assert!(Moore::new(20, vec![1; 40])
            .unwrap()
            .winning_moves(10)
            .is_err());
    }
}
