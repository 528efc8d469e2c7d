//! Lasker's Nim: heaps; a move takes any positive number of tokens from one
//! heap, or splits one heap into two non-empty heaps. Normal play.
//!
//! **Theory.** By induction on `n` (the tests check it against the mex
//! definition), `G(0) = 0` and, for `k ≥ 0`,
//! `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`.
//! `G` is a bijection of the naturals onto themselves and its own inverse.
//! `G(2^64 − 1) = 2^64` does not fit in 64 bits, so values here are `u128`.
//!
//! **Winning moves.** With nim-sum `s`, a heap `h` must be replaced by heaps
//! of value `v = G(h) ⊕ s`. Taking leaves the one heap `G(v)` (when it is
//! below `h`). A split `h = a + b` needs `G(a) ⊕ G(b) = v`. Writing
//! `G(n) = 4·P(n) + R(n)`, where for `n = 4p + r` the pair `(P, R)` is
//! `(p, r)` for `r ∈ {1, 2}`, `(p+1, 0)` for `r = 3` and `(p−1, 3)` for
//! `r = 0`, the condition splits into the low two bits `R(a) ⊕ R(b) = v mod 4`
//! and `P(a) ⊕ P(b) = ⌊v/4⌋` with `P(a) + P(b)` fixed by `h` and the two
//! residues. Two numbers with a given sum `σ` and xor `χ` are exactly
//! `c | m` and `c | (χ ⊕ m)` for `c = (σ − χ)/2` (which must be a whole
//! number sharing no bit with `χ`) and `m` any submask of `χ`. So the splits
//! are enumerated directly, lazily (there can be about 2^62 of them), never
//! by trying every split.
//!
//! Written `lasker(5,7)`.

use std::fmt;

use std::sync::Arc;

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{Component, Context, Game, Known, Move};
use crate::games::heap::number;
use crate::games::{in_parens, join, numbers, parse_args};
use crate::nim::Outcome;
use crate::nimber::Nimber;
use crate::sum::Term;

/// The Grundy value of one heap of `n`.
///
/// ```
/// use grundy::games::lasker::value;
/// assert_eq!((0..9).map(value).collect::<Vec<_>>(), [0, 1, 2, 4, 3, 5, 6, 8, 7]);
/// assert_eq!(value(u64::MAX), 1 << 64);
/// ```
pub fn value(n: u64) -> u128 {
    let n = n as u128;
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// The heap size with value `v` (`G` is its own inverse), if it fits in
/// 64 bits.
pub fn heap_with_value(v: u128) -> Option<u64> {
    let n = match v % 4 {
        0 if v > 0 => v - 1,
        3 => v + 1,
        _ => v,
    };
    u64::try_from(n).ok()
}

/// A position: the heaps, in the order written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Lasker {
    pub heaps: Vec<u64>,
}

/// One move on heap `heap` (0-based) of size `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LaskerMove {
    /// Leave `to < from` tokens (possibly 0).
    Take { heap: usize, from: u64, to: u64 },
    /// Split into two non-empty heaps `into[0] ≤ into[1]`.
    Split {
        heap: usize,
        from: u64,
        into: [u64; 2],
    },
}

impl LaskerMove {
    /// The heap the move is on (0-based).
    pub fn heap(&self) -> usize {
        match *self {
            LaskerMove::Take { heap, .. } | LaskerMove::Split { heap, .. } => heap,
        }
    }

    /// The heaps the move leaves in place of the one it changes, ascending,
    /// zeros left out.
    pub fn leaves(&self) -> Vec<u64> {
        match *self {
            LaskerMove::Take { to: 0, .. } => vec![],
            LaskerMove::Take { to, .. } => vec![to],
            LaskerMove::Split { into, .. } => into.to_vec(),
        }
    }

    /// The position after this move from `pos`: the changed heap replaced
    /// by what it leaves (an emptied heap stays as 0, so later heaps keep
    /// their places; a split puts its two heaps where the one was).
    pub fn apply(&self, pos: &Lasker) -> Lasker {
        let mut heaps = pos.heaps.clone();
        match *self {
            LaskerMove::Take { heap, to, .. } => heaps[heap] = to,
            LaskerMove::Split { heap, into, .. } => {
                heaps.splice(heap..=heap, into);
            }
        }
        Lasker { heaps }
    }
}

impl fmt::Display for LaskerMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LaskerMove::Take { heap, from, to } => write!(
                f,
                "take {} from heap {}: {from} → {to}",
                from - to,
                heap + 1
            ),
            LaskerMove::Split { heap, from, into } => write!(
                f,
                "split heap {} of {from} into {} and {}",
                heap + 1,
                into[0],
                into[1]
            ),
        }
    }
}

impl fmt::Display for Lasker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lasker({})", join(&self.heaps))
    }
}

/// Submasks of `mask`, from `mask` down to 0.
fn submasks(mask: u128) -> impl Iterator<Item = u128> {
    let mut next = Some(mask);
    std::iter::from_fn(move || {
        let m = next?;
        next = (m != 0).then(|| (m - 1) & mask);
        Some(m)
    })
}

/// `(P(n), R(n))` of `n = 4p + r` for each residue `r`: `δ` with
/// `P = p + δ`, and `R`.
const SHAPE: [(i128, u128); 4] = [(-1, 3), (0, 1), (0, 2), (1, 0)];

/// The splits `h = a + b`, `1 ≤ a ≤ b`, with `G(a) ⊕ G(b) = v`, lazily.
pub fn splits_with_value(h: u64, v: u128) -> impl Iterator<Item = [u64; 2]> {
    let high = v >> 2;
    (0..4u64)
        .flat_map(|r| (0..4u64).map(move |u| (r, u)))
        .filter(move |&(r, u)| {
            SHAPE[r as usize].1 ^ SHAPE[u as usize].1 == v & 3 && h >= r + u && (h - r - u) % 4 == 0
        })
        .flat_map(move |(r, u)| {
            let (dr, du) = (SHAPE[r as usize].0, SHAPE[u as usize].0);
            // P(a) + P(b) = p + q + δr + δu, with 4(p + q) = h − r − u.
            let sum = ((h - r - u) / 4) as i128 + dr + du;
            let carry = sum - high as i128;
            let c = (carry >= 0 && carry % 2 == 0)
                .then_some((carry / 2) as u128)
                .filter(|c| c & high == 0);
            // The top bit of the xor goes to one side or the other; the rest
            // of it is shared out by a submask, so each split comes once.
            let top = if high == 0 {
                0
            } else {
                1u128 << (127 - high.leading_zeros())
            };
            let rest = high & !top;
            let sides: &'static [bool] = if high == 0 { &[false] } else { &[false, true] };
            c.into_iter().flat_map(move |c| {
                submasks(rest).flat_map(move |m| {
                    sides.iter().filter_map(move |&top_in_a| {
                        let (x, y) = if top_in_a {
                            (c | m | top, c | (rest ^ m))
                        } else {
                            (c | m, c | (rest ^ m) | top)
                        };
                        // Back from P to the heap: p = P − δ ≥ 0, and ≥ 1 for r = 0.
                        let heap = |pp: u128, d: i128, r: u64| -> Option<u64> {
                            let p = pp as i128 - d;
                            (p >= i128::from(r == 0))
                                .then(|| u64::try_from(4 * p as u128 + r as u128).ok())
                                .flatten()
                        };
                        let a = heap(x, dr, r)?;
                        let b = heap(y, du, u)?;
                        (a <= b).then_some([a, b])
                    })
                })
            })
        })
}

impl Lasker {
    /// The position with these heaps.
    pub fn new(heaps: Vec<u64>) -> Lasker {
        Lasker { heaps }
    }

    /// Parses the argument text `5,7` (what stands inside `lasker(…)`).
    pub fn parse(args: &str) -> Result<Lasker> {
        Ok(Lasker {
            heaps: parse_args(args, numbers)?,
        })
    }

    /// The Grundy value: the nim-sum of the heaps' values.
    pub fn grundy(&self) -> u128 {
        self.heaps.iter().fold(0, |s, &h| s ^ value(h))
    }

    /// Who wins.
    ///
    /// ```
    /// use grundy::games::lasker::Lasker;
    /// use grundy::nim::Outcome;
    /// assert_eq!(Lasker::new(vec![3, 4]).outcome(), Outcome::N); // 4 ⊕ 3 = 7
    /// assert_eq!(Lasker::new(vec![3, 5, 1]).outcome(), Outcome::P); // 4 ⊕ 5 ⊕ 1 = 0
    /// ```
    pub fn outcome(&self) -> Outcome {
        Outcome::from_mover_wins(self.grundy() != 0)
    }

    /// Every move, lazily: for each heap, every take (smallest first), then
    /// every split.
    pub fn moves(&self) -> impl Iterator<Item = LaskerMove> + '_ {
        self.heaps.iter().enumerate().flat_map(|(heap, &from)| {
            let takes = (0..from)
                .rev()
                .map(move |to| LaskerMove::Take { heap, from, to });
            let splits = (1..=from / 2).map(move |a| LaskerMove::Split {
                heap,
                from,
                into: [a, from - a],
            });
            takes.chain(splits)
        })
    }

    /// Every winning move, lazily (splits can be astronomically many: take
    /// what you need): for each heap, the take, then the splits.
    pub fn winning_moves(&self) -> impl Iterator<Item = LaskerMove> + '_ {
        let s = self.grundy();
        self.heaps
            .iter()
            .enumerate()
            .filter(move |_| s != 0)
            .flat_map(move |(heap, &from)| {
                let v = value(from) ^ s;
                let take = heap_with_value(v)
                    .filter(|&to| to < from)
                    .map(|to| LaskerMove::Take { heap, from, to });
                take.into_iter().chain(
                    splits_with_value(from, v).map(move |into| LaskerMove::Split {
                        heap,
                        from,
                        into,
                    }),
                )
            })
    }
}

/// One heap of Lasker's Nim as a component (a term `lasker(5,7)` is two of
/// them; a split leaves two in place of one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LaskerHeap(pub u64);

impl LaskerHeap {
    /// The move leaving the heaps `leaves` (ascending, zeros left out).
    fn to_move(self, leaves: Vec<u64>) -> Move {
        let after = leaves
            .iter()
            .map(|&h| Arc::new(LaskerHeap(h)) as Component)
            .collect();
        Move::to(after).with_heap(0, self.0, leaves)
    }

    fn leaves(mv: &Move) -> Vec<u64> {
        mv.heap.as_ref().map(|h| h.to.clone()).unwrap_or_default()
    }
}

/// Lasker's Nim heaps: Grundy values in closed form for every 64-bit heap.
/// The heap `2^64 − 1` is worth `2^64`, beyond a 64-bit nimber: it says so
/// ([`Known::Wide`]), which answers it alone (a win for the mover, with
/// exact winning moves) and refuses a sum holding it.
impl Game for LaskerHeap {
    fn name(&self) -> &str {
        "lasker"
    }

    fn args(&self) -> String {
        self.0.to_string()
    }

    fn key(&self) -> Vec<u64> {
        vec![self.0]
    }

    /// Takes (leaving `n − 1` down to 0), then splits `a + b`, `a ≤ b`.
    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let n = self.0;
        let takes = (0..n)
            .rev()
            .map(move |to| LaskerHeap(n).to_move(Self::nonzero(to)));
        let splits = (1..=n / 2).map(move |a| LaskerHeap(n).to_move(vec![a, n - a]));
        Box::new(takes.chain(splits))
    }

    fn has_moves(&self) -> bool {
        self.0 > 0
    }

    /// The closed form; for the heap `2^64 − 1`, worth `2^64`, the error
    /// saying so (no search could find a value that does not fit).
    fn value(&self, _cx: &Context) -> Result<Option<Nimber>> {
        let v = value(self.0);
        match u64::try_from(v) {
            Ok(v) => Ok(Some(v)),
            Err(_) => Err(Error::WideValue {
                position: crate::game::written(self),
                value: v,
            }),
        }
    }

    fn known(&self, _cx: &Context) -> Result<Known> {
        let v = value(self.0);
        Ok(u64::try_from(v).map_or(Known::Wide(v), Known::Value))
    }

    fn moves_to_value(
        &self,
        _cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        let n = self.0;
        let take = heap_with_value(target as u128)
            .filter(|&to| to < n)
            .map(|to| self.to_move(Self::nonzero(to)));
        let splits = splits_with_value(n, target as u128).map(|ab| self.to_move(ab.to_vec()));
        Ok(Some(take.into_iter().chain(splits).take(limit).collect()))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        let n = self.0;
        let rule = match n % 4 {
            0 if n == 0 => "G(0) = 0",
            1 => "G(4k+1) = 4k+1",
            2 => "G(4k+2) = 4k+2",
            3 => "G(4k+3) = 4k+4",
            _ => "G(4k+4) = 4k+3",
        };
        Some(format!(
            "Lasker's Nim (take any number, or split a heap in two) has the closed form \
             {rule}, so G({n}) = {value}"
        ))
    }

    fn heaps(&self) -> Vec<u64> {
        vec![self.0]
    }

    fn emptied(&self) -> Option<Component> {
        Some(Arc::new(LaskerHeap(0)))
    }

    fn noun(&self) -> &str {
        "heap"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let leaves = Self::leaves(mv);
        let take = self.0 - leaves.iter().sum::<u64>();
        crate::rule::Move::new(take, leaves).describe_as(label, self.0)
    }

    /// `K` takes K tokens; `= A B` splits into A and B.
    fn notation(&self, mv: &Move) -> String {
        match Self::leaves(mv)[..] {
            [a, b] => format!("= {a} {b}"),
            [a] => (self.0 - a).to_string(),
            _ => self.0.to_string(),
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let n = self.0;
        let spaced = text.replace('=', " = ").replace(',', " ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        match tokens[..] {
            [k] => {
                let k = number(k)?;
                if k == 0 || k > n {
                    return Err(format!("{label} holds {n}: take 1 to {n}"));
                }
                Ok(self.to_move(Self::nonzero(n - k)))
            }
            ["=", a, b] => {
                let (a, b) = (number(a)?, number(b)?);
                if a == 0 || b == 0 || a.checked_add(b) != Some(n) {
                    return Err(format!(
                        "{label} of {n} splits into two non-empty heaps adding up to {n}"
                    ));
                }
                Ok(self.to_move(vec![a.min(b), a.max(b)]))
            }
            _ => Err(format!(
                "say how many to take from {label} (`K`), or the two heaps it splits into (`= A B`)"
            )),
        }
    }

    fn draw(&self) -> Vec<String> {
        vec![if self.0 <= 30 {
            "●".repeat(self.0 as usize)
        } else {
            format!("{} tokens", self.0)
        }]
    }
}

impl LaskerHeap {
    fn nonzero(h: u64) -> Vec<u64> {
        if h == 0 {
            Vec::new()
        } else {
            vec![h]
        }
    }
}

/// The registered parser: `lasker(a, b, …)`, one heap each.
pub(crate) fn parse_term(_word: &str, _start: usize, p: &mut Cursor) -> Result<Term> {
    let heaps = in_parens(p, "lasker", numbers)?;
    let parts = heaps
        .into_iter()
        .map(|h| Arc::new(LaskerHeap(h)) as Component)
        .collect();
    Ok(Term::new("lasker", parts))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts: |w| w == "lasker",
    shown: "lasker",
    example: "lasker(5,7)",
    about: "Lasker's Nim: take from one heap, or split one into two",
    parse: parse_term,
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Grundy values of one heap from the rules: mex over takes and splits.
    fn table(max: usize) -> Vec<u64> {
        let mut g = vec![0u64; max + 1];
        for n in 1..=max {
            let mut opts: Vec<u64> = (0..n).map(|t| g[t]).collect();
            opts.extend((1..=n / 2).map(|a| g[a] ^ g[n - a]));
            g[n] = (0..).find(|v| !opts.contains(v)).unwrap();
        }
        g
    }

    /// The options of a sorted multiset of heaps, from the rules.
    fn options(pos: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            let h = pos[i];
            let mut rest = pos.to_vec();
            rest.remove(i);
            for t in 0..h {
                let mut p = rest.clone();
                if t > 0 {
                    p.push(t);
                }
                p.sort_unstable();
                out.push(p);
            }
            for a in 1..=h / 2 {
                let mut p = rest.clone();
                p.extend([a, h - a]);
                p.sort_unstable();
                out.push(p);
            }
        }
        out
    }

    fn wins(pos: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(pos) {
            return w;
        }
        let w = options(pos).iter().any(|o| !wins(o, memo));
        memo.insert(pos.to_vec(), w);
        w
    }

    fn canon(heaps: &[u64]) -> Vec<u64> {
        let mut v: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn values_match_the_mex_definition() {
        let g = table(300);
        for (n, &want) in g.iter().enumerate() {
            assert_eq!(value(n as u64), want as u128, "G({n})");
            assert_eq!(heap_with_value(want as u128), Some(n as u64));
        }
    }

    #[test]
    fn theory_matches_exhaustive_search() {
        let mut memo = HashMap::new();
        let mut seed = 12345u64;
        let mut rand = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        for round in 0..3000 {
            let count = 1 + rand(3) as usize;
            let top = if round < 2000 { 9 } else { 14 };
            let heaps: Vec<u64> = (0..count).map(|_| rand(top)).collect();
            let pos = Lasker::new(heaps.clone());
            let w = wins(&canon(&heaps), &mut memo);
            assert_eq!(pos.outcome(), Outcome::from_mover_wins(w), "{pos}");
            // The moves, from the rules (as multisets).
            let mut got: Vec<Vec<u64>> = pos.moves().map(|m| canon(&m.apply(&pos).heaps)).collect();
            let mut want = options(&canon(&heaps));
            got.sort();
            want.sort();
            assert_eq!(got, want, "{pos}");
            // Winning moves: exactly the moves to losses.
            let mut got: Vec<LaskerMove> = pos.winning_moves().collect();
            let mut want: Vec<LaskerMove> = pos
                .moves()
                .filter(|m| !wins(&canon(&m.apply(&pos).heaps), &mut memo))
                .collect();
            got.sort_by_key(|m| format!("{m:?}"));
            want.sort_by_key(|m| format!("{m:?}"));
            assert_eq!(got, want, "{pos}");
        }
        // Splits alone, for larger heaps, against trying every split.
        let g = table(400);
        for h in 0..400u64 {
            for v in 0..300u128 {
                let got: Vec<[u64; 2]> = splits_with_value(h, v).collect();
                let mut got_sorted = got.clone();
                got_sorted.sort();
                let want: Vec<[u64; 2]> = (1..=h / 2)
                    .filter(|&a| (g[a as usize] ^ g[(h - a) as usize]) as u128 == v)
                    .map(|a| [a, h - a])
                    .collect();
                assert_eq!(got_sorted, want, "h={h} v={v}");
            }
        }
    }

    #[test]
    fn exact_near_the_top_of_u64() {
        assert_eq!(value(u64::MAX), 1u128 << 64);
        assert_eq!(value(u64::MAX - 1), (u64::MAX - 1) as u128);
        assert_eq!(value(u64::MAX - 3), (u64::MAX - 4) as u128);
        assert_eq!(heap_with_value(1 << 64), Some(u64::MAX));
        assert_eq!(heap_with_value((1 << 64) + 1), None);
        let pos = Lasker::new(vec![u64::MAX, u64::MAX - 1, 5]);
        assert_eq!(pos.grundy(), (1u128 << 64) ^ (u64::MAX - 1) as u128 ^ 5);
        let mut checked = 0;
        for m in pos.winning_moves().take(10_000) {
            let after = m.apply(&pos);
            assert_eq!(after.grundy(), 0, "{m}");
            if let LaskerMove::Split { from, into, .. } = m {
                assert_eq!(into[0] as u128 + into[1] as u128, from as u128);
                assert!(1 <= into[0] && into[0] <= into[1]);
            }
            checked += 1;
        }
        assert!(checked >= 1);
        // A heap of 2^63 beside one chosen so that the split must have value
        // v = 2^63 − 7: residues 1 and 3, P-parts summing to 2^61 with xor
        // 2^61 − 2, so about 2^59 splits qualify; the first thousand come at
        // once, and each is right.
        let h = 1u64 << 63;
        let v = (1u128 << 63) - 7;
        let x = heap_with_value(v).unwrap();
        let pos = Lasker::new(vec![h, x]);
        let splits: Vec<LaskerMove> = pos
            .winning_moves()
            .filter(|m| matches!(m, LaskerMove::Split { heap: 0, .. }))
            .take(1000)
            .collect();
        assert_eq!(splits.len(), 1000);
        for m in &splits {
            assert_eq!(m.apply(&pos).grundy(), 0, "{m}");
        }
        // Near a million, every split counted against a scan of all splits.
        for h in 1_000_000..1_000_008u64 {
            for v in [
                0,
                1,
                2,
                3,
                1_000_003,
                999_999,
                0b1010_1010_1010_1010_1011,
                765_432,
            ] {
                let got = splits_with_value(h, v).count();
                let want = (1..=h / 2)
                    .filter(|&a| value(a) ^ value(h - a) == v)
                    .count();
                assert_eq!(got, want, "h={h} v={v}");
            }
        }
        // A lone huge heap of value 2^64: its winning moves are the splits
        // into two heaps of equal value, i.e. equal halves, and taking all.
        let lone = Lasker::new(vec![u64::MAX - 1]);
        let moves: Vec<LaskerMove> = lone.winning_moves().collect();
        assert_eq!(
            moves,
            [
                LaskerMove::Take {
                    heap: 0,
                    from: u64::MAX - 1,
                    to: 0
                },
                LaskerMove::Split {
                    heap: 0,
                    from: u64::MAX - 1,
                    into: [u64::MAX / 2, u64::MAX / 2]
                },
            ]
        );
    }

    #[test]
    fn parses_and_displays() {
        let p = Lasker::parse("5, 7").unwrap();
        assert_eq!(p.to_string(), "lasker(5,7)");
        assert!(Lasker::parse("").is_err());
        assert!(Lasker::parse("5,").is_err());
        let m = LaskerMove::Split {
            heap: 1,
            from: 7,
            into: [3, 4],
        };
        assert_eq!(m.to_string(), "split heap 2 of 7 into 3 and 4");
        assert_eq!(m.apply(&p).to_string(), "lasker(5,3,4)");
        assert_eq!(m.leaves(), [3, 4]);
    }
}
