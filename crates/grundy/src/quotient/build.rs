//! The heap-by-heap construction of `Q_n` (see the module documentation of
//! [`quotient`](super) for the mathematics).

use std::collections::HashMap;

use super::hash::BuildFnv;
use super::lookahead::lookahead;
use super::monoid::{Element, Monoid};
use super::refine::refine;
use super::verify;
use crate::budget::{vec_bytes, Budget, Reservation};
use crate::error::{Error, Result};
use crate::rule::Rule;

/// The most powers `k` of a new heap examined before the outcome sequence
/// `k ↦ (x·h^k ∈ P)` must have repeated. Misère quotients of heap games
/// satisfy `h^(k+2) = h^k` for small `k`; this is a generous bound.
const MAX_POWERS: usize = 64;

/// How many candidates one heap may try before the construction gives up.
const MAX_ATTEMPTS: usize = 40;

/// How many look-ahead rounds one heap may try after the counted
/// refinement gives up.
const LOOKAHEAD_ROUNDS: usize = 8;

// Representatives are chosen by a key: the heaps, largest first, compared
// lexicographically — sums ordered by their count of the largest heap,
// then of the next, and so on. Every option of a position has a smaller
// key (a move replaces one heap by smaller ones). The representatives are
// then the least sums of their elements in an order where a sum comes
// after all its options; measured, they take 0.16 past heap 17 (fewest
// tokens first stopped there) and leave the other games' quotients as they
// were.

/// What one step of the construction needs to remember.
#[derive(Clone, Debug)]
pub(crate) struct Builder {
    pub(crate) rule: Rule,
    /// The (candidate) quotient of the heaps `0..=heaps_done`.
    pub(crate) monoid: Monoid,
    /// `phi[h]`: the element of heap `h`.
    pub(crate) phi: Vec<Element>,
    /// `options[h]`: the distinct elements of heap `h`'s options.
    pub(crate) options: Vec<Vec<Element>>,
    /// `reps[x]`: a sum of heaps with element `x`, the least by key,
    /// ascending.
    pub(crate) reps: Vec<Vec<u64>>,
    pub(crate) max_order: usize,
}

impl Builder {
    /// The quotient of the empty set of heaps: `{1}` with `P = ∅` — the
    /// trivial game 0 is a misère N-position (whoever cannot move has won).
    /// Heap 0 is that game.
    pub(crate) fn new(rule: Rule, max_order: usize) -> Builder {
        Builder {
            rule,
            monoid: Monoid {
                mul: vec![0],
                order: 1,
                p: vec![false],
            },
            phi: vec![0],
            options: vec![Vec::new()],
            reps: vec![Vec::new()],
            max_order,
        }
    }

    pub(crate) fn heaps_done(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// Adds heap `n = heaps_done + 1`: builds a candidate for `Q_n` and
    /// proves it; when the proof finds a sum on which the candidate is
    /// wrong, the heaps of that sum are tracked separately (their counts
    /// kept, up to `h^(T+2) = h^T`) in a finer base and the step is redone.
    /// When that gives up, the look-ahead of the first failed candidate is
    /// the base instead (see [`lookahead`]).
    ///
    /// The step asks `budget` whether it may go on between candidates and
    /// inside their construction, reduction and proof, and stops with its
    /// error when not.
    pub(crate) fn step(&mut self, max_states: usize, budget: &Budget) -> Result<usize> {
        let mut first_failed = None;
        match self.counted_step(max_states, budget, &mut first_failed) {
            Ok(states) => Ok(states),
            Err(e) => match first_failed {
                // The counted bases' error says where the run stopped; it
                // stands if the look-ahead does not get further.
                Some(failed) => self
                    .lookahead_step(failed, max_states, budget)
                    .map_err(|_| e),
                None => Err(e),
            },
        }
    }

    /// Up to [`LOOKAHEAD_ROUNDS`] rounds: the base is the look-ahead of the
    /// last failed candidate (its image of the heaps below `n` is a correct
    /// bipartite monoid for them that refines `Q_{n−1}`), and the candidate
    /// over it is proved.
    fn lookahead_step(
        &mut self,
        mut failed: Builder,
        max_states: usize,
        budget: &Budget,
    ) -> Result<usize> {
        let n = self.phi.len() as u64;
        for _ in 0..LOOKAHEAD_ROUNDS {
            budget.check()?;
            let (monoid, phi) = lookahead(
                &failed.monoid,
                &failed.phi,
                &failed.options,
                max_states,
                self.max_order,
                budget,
            )?;
            // A base source needs only the monoid and the heaps' elements.
            let src = Builder {
                rule: self.rule.clone(),
                monoid,
                phi,
                options: Vec::new(),
                reps: Vec::new(),
                max_order: self.max_order,
            };
            let candidate = self.candidate(n, &src, &[], 2, budget)?;
            match verify::verify(
                &candidate.monoid,
                &candidate.phi,
                &candidate.options,
                &candidate.reps,
                max_states,
                budget,
            ) {
                Ok(states) => {
                    *self = candidate;
                    return Ok(states);
                }
                Err(verify::Failure::Limit(e)) => return Err(e),
                Err(verify::Failure::Wrong(_)) => failed = candidate,
            }
        }
        Err(Error::Unsupported(format!(
            "the misère quotient of {}: no look-ahead candidate at heap {n} passed its proof",
            self.rule
        )))
    }

    /// The counted refinement: the base is `Q_{n−1}`, then `Q_{n−1}` (or the
    /// failed candidate's image) paired with the counts of the heaps that
    /// counterexamples name; `first_failed` is set to the first candidate
    /// that fails its proof.
    fn counted_step(
        &mut self,
        max_states: usize,
        budget: &Budget,
        first_failed: &mut Option<Builder>,
    ) -> Result<usize> {
        let n = self.phi.len() as u64;
        if !self.rule.has_moves(n) {
            // A heap without moves is the game 0 itself.
            self.phi.push(0);
            self.options.push(Vec::new());
            return Ok(0);
        }
        // The base of each attempt: Q_{n−1} first. After a failed proof,
        // Q_{n−1} paired with the counts of every heap the counterexamples
        // named, while that product stays small; once it would not, the
        // failed candidate's image of the smaller heaps (a correct bipartite
        // monoid for them that refines Q_{n−1}: the reduction is a
        // congruence that keeps their P) paired with the counts of the
        // heaps named last — it keeps what earlier attempts learned without
        // multiplying the counts of every heap ever named.
        let mut failed: Option<Builder> = None;
        // Every heap named so far (counted over Q_{n−1} while that base
        // stays small), and the heaps named last (counted over the failed
        // candidate's image once it does not).
        let mut all_named: Vec<u64> = Vec::new();
        let mut all_cap = 2u8;
        let mut tracked: Vec<u64> = Vec::new();
        let mut cap = 2u8;
        let mut last_error = None;
        for _attempt in 0..MAX_ATTEMPTS {
            budget.check()?;
            let small = self.base_fits(&all_named, all_cap);
            let candidate = match &failed {
                Some(f) if !small => self.candidate(n, f, &tracked, cap, budget),
                _ => self.candidate(n, self, &all_named, all_cap, budget),
            };
            let candidate = match candidate {
                Ok(c) => c,
                // A candidate over a failed one's image may come out too
                // large (that image can be finer than needed); forget it.
                Err(e) if failed.is_some() && !small => {
                    failed = None;
                    last_error = Some(e);
                    continue;
                }
                Err(e) => return Err(e),
            };
            let verdict = verify::verify(
                &candidate.monoid,
                &candidate.phi,
                &candidate.options,
                &candidate.reps,
                max_states,
                budget,
            );
            match verdict {
                Ok(states) => {
                    *self = candidate;
                    return Ok(states);
                }
                Err(verify::Failure::Limit(e)) => return Err(e),
                Err(verify::Failure::Wrong(heaps)) => {
                    let mut named: Vec<u64> = heaps
                        .into_iter()
                        .filter(|&h| h < n && self.rule.has_moves(h))
                        .collect();
                    named.sort_unstable();
                    named.dedup();
                    if named.iter().all(|h| all_named.contains(h)) {
                        all_cap = all_cap.saturating_add(2);
                    }
                    for &h in &named {
                        if !all_named.contains(&h) {
                            all_named.push(h);
                        }
                    }
                    if named.iter().all(|h| tracked.contains(h)) {
                        // Nothing new was learned: count further.
                        cap = cap.saturating_add(2);
                    } else {
                        tracked = named;
                        cap = 2;
                    }
                    if first_failed.is_none() {
                        *first_failed = Some(candidate.clone());
                    }
                    failed = Some(candidate);
                }
            }
        }
        if let Some(e) = last_error {
            return Err(e);
        }
        Err(Error::Unsupported(format!(
            "the misère quotient of {} could not be constructed at heap {n} \
             (order {} through heap {}): {MAX_ATTEMPTS} candidates failed their proof",
            self.rule,
            self.monoid.order,
            n - 1
        )))
    }

    /// A candidate for `Q_n` over the base: the elements of `Q_{n−1}`
    /// paired with the counts of the `tracked` heaps (counts past `cap + 1`
    /// folded back by 2).
    fn candidate(
        &self,
        n: u64,
        src: &Builder,
        tracked: &[u64],
        cap: u8,
        budget: &Budget,
    ) -> Result<Builder> {
        let base = Base::new(src, n, self.monoid.order, tracked, cap, budget)?;
        let order = base.len();
        let image = |heaps: &[u64]| base.image(heaps);
        let mut opts: Vec<u32> = self.rule.moves(n).map(|mv| image(&mv.leaves)).collect();
        opts.sort_unstable();
        opts.dedup();

        // t[k][z]: whether w + k·H_n is a P-position for the positions w of
        // base element z, computed from a representative of z: w + k·H_n is
        // P iff every option is N — the options are w' + k·H_n (w' an
        // option of w) and w + r + (k−1)·H_n (r an option of H_n).
        // Representatives are processed by key (the base's numbering), so
        // that the elements of w's options are known first.
        let heap_options: Vec<Vec<u32>> = (0..n)
            .map(|h| {
                let mut o: Vec<u32> = self.rule.moves(h).map(|mv| image(&mv.leaves)).collect();
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        let rep_options: Vec<Vec<u32>> = (0..order)
            .map(|z| {
                let rep = &base.reps[z];
                let mut out = Vec::new();
                for (i, &h) in rep.iter().enumerate() {
                    if i > 0 && rep[i - 1] == h {
                        continue;
                    }
                    let rest = base.image_without(rep, i);
                    out.extend(heap_options[h as usize].iter().map(|&o| base.mul(rest, o)));
                }
                out.sort_unstable();
                out.dedup();
                out
            })
            .collect();
        let times_opt: Vec<Vec<u32>> = (0..order as u32)
            .map(|z| opts.iter().map(|&r| base.mul(z, r)).collect())
            .collect();
        let mut layers: Vec<Vec<bool>> = vec![(0..order).map(|z| base.p[z]).collect()];
        let (start, period) = loop {
            let prev = layers.last().expect("layer 0");
            let mut t = vec![false; order];
            let mut done = vec![false; order];
            for z in 0..order {
                let mut p = !times_opt[z].iter().any(|&y| prev[y as usize]);
                if p {
                    for &o in &rep_options[z] {
                        if !done[o as usize] {
                            return Err(Error::Unsupported(format!(
                                "misère quotient of {}: internal ordering failure at heap {n}",
                                self.rule
                            )));
                        }
                        if t[o as usize] {
                            p = false;
                            break;
                        }
                    }
                }
                t[z] = p;
                done[z] = true;
            }
            if let Some(s) = layers.iter().position(|l| *l == t) {
                break (s, layers.len() - s);
            }
            if layers.len() > MAX_POWERS {
                return Err(Error::TooLarge(format!(
                    "misère quotient of {}: the powers of heap {n} did not repeat within {MAX_POWERS}",
                    self.rule
                )));
            }
            layers.push(t);
        };

        // The unreduced monoid base × {h^0, …, h^(start+period−1)} with
        // h^(start+period) = h^start; then the coarsest congruence inside
        // the P/N split (Moore's partition refinement over the generators).
        let powers = start + period;
        let Some(big) = order
            .checked_mul(powers)
            .filter(|&b| b <= self.max_order.saturating_mul(128))
        else {
            return Err(self.too_large(n, order.saturating_mul(powers)));
        };
        let reduce = |j: usize| {
            if j >= powers {
                start + (j - start) % period
            } else {
                j
            }
        };
        let idx = |z: usize, j: usize| z * powers + j;
        // Generators: every heap below n (its base image), and H_n.
        let mut heap_gens: Vec<u32> = (1..n)
            .filter(|&h| self.rule.has_moves(h))
            .map(|h| image(&[h]))
            .collect();
        heap_gens.sort_unstable();
        heap_gens.dedup();
        let gen_succ: Vec<Vec<u32>> = (0..order as u32)
            .map(|z| heap_gens.iter().map(|&g| base.mul(z, g)).collect())
            .collect();
        let h_n = reduce(1);
        let ng = heap_gens.len() + 1;
        let succ = |x: usize, gi: usize| -> usize {
            let (z, j) = (x / powers, x % powers);
            if gi < heap_gens.len() {
                idx(gen_succ[z][gi] as usize, j)
            } else {
                idx(z, reduce(j + h_n))
            }
        };
        let accept: Vec<bool> = (0..big).map(|x| layers[x % powers][x / powers]).collect();
        let class = refine(big, ng, &accept, succ, budget)?;

        // Representatives and the new numbering: classes ordered by their
        // representatives (so the identity, the empty sum, is 0). The key of
        // w + j·H_n (w the representative of base element z) is ordered by
        // j (H_n is the largest heap), then by z (the base is numbered by
        // key), so the least member of a class is its first in that order.
        let classes = class.iter().copied().max().map_or(0, |c| c + 1);
        if classes > self.max_order {
            return Err(self.too_large(n, classes));
        }
        let mut rename = vec![Element::MAX; classes];
        let mut member: Vec<usize> = Vec::with_capacity(classes);
        for j in 0..powers {
            for z in 0..order {
                let x = idx(z, j);
                if rename[class[x]] == Element::MAX {
                    rename[class[x]] = member.len() as Element;
                    member.push(x);
                }
            }
        }
        let id_of = |x: usize| rename[class[x]];
        let times = |x: usize, y: usize| -> usize {
            let (z1, j1) = (x / powers, x % powers);
            let (z2, j2) = (y / powers, y % powers);
            idx(base.mul(z1 as u32, z2 as u32) as usize, reduce(j1 + j2))
        };
        let mut mul = vec![0 as Element; classes * classes];
        for a in 0..classes {
            for b in a..classes {
                let c = id_of(times(member[a], member[b]));
                mul[a * classes + b] = c;
                mul[b * classes + a] = c;
            }
        }
        let p: Vec<bool> = member.iter().map(|&x| accept[x]).collect();
        let reps: Vec<Vec<u64>> = member
            .iter()
            .map(|&x| {
                let mut heaps = base.reps[x / powers].clone();
                heaps.extend(std::iter::repeat_n(n, x % powers));
                heaps
            })
            .collect();
        let phi: Vec<Element> = (0..=n)
            .map(|h| {
                if h == n {
                    id_of(idx(0, h_n))
                } else {
                    id_of(idx(image(&[h]) as usize, 0))
                }
            })
            .collect();
        let options: Vec<Vec<Element>> = (0..=n)
            .map(|h| {
                let mut o: Vec<Element> = self
                    .rule
                    .moves(h)
                    .map(|mv| {
                        mv.leaves.iter().fold(0, |acc, &x| {
                            mul[acc as usize * classes + phi[x as usize] as usize]
                        })
                    })
                    .collect();
                o.sort_unstable();
                o.dedup();
                o
            })
            .collect();
        Ok(Builder {
            rule: self.rule.clone(),
            monoid: Monoid {
                mul,
                order: classes,
                p,
            },
            phi,
            options,
            reps,
            max_order: self.max_order,
        })
    }

    /// Whether the base `Q_{n−1} × counts of tracked` stays within a small
    /// bound (an upper bound of its size: every count combination).
    fn base_fits(&self, tracked: &[u64], cap: u8) -> bool {
        let per = u64::from(cap) + 2;
        let bound = tracked
            .iter()
            .try_fold(self.monoid.order as u64, |acc, _| acc.checked_mul(per));
        bound.is_some_and(|b| b <= (self.max_order as u64).saturating_mul(8))
    }

    fn too_large(&self, n: u64, order: usize) -> Error {
        Error::TooLarge(format!(
            "the misère quotient of {} grew past the limit of {} elements at heap {n} \
             (order {} through heap {}, {} at least with heap {n}); raise the limit or ask for fewer heaps",
            self.rule,
            self.max_order,
            self.monoid.order,
            n - 1,
            order
        ))
    }
}

/// The base of a step: the submonoid of `M × ℕ^tracked` (how many heaps of
/// each tracked size; counts folded past `cap + 1`) generated by the heaps
/// below `n`, with the least representative (by key) of each element,
/// where `M` is `Q_{n−1}` or a failed candidate (whose image of the heaps below `n`
/// refines `Q_{n−1}`). It is a bipartite monoid that is correct for the
/// heaps below `n`, only not reduced. Its elements are numbered in the
/// order of their representatives' keys (the identity first).
struct Base {
    /// `reps[z]`: the least sum with element `z`, ascending.
    reps: Vec<Vec<u64>>,
    p: Vec<bool>,
    /// `slot[h]`: the column of heap `h` in `succ` (`usize::MAX` for a heap
    /// without moves, whose element is the identity).
    slot: Vec<usize>,
    /// `succ[z * width + slot[h]]`: the element `z` times heap `h`.
    succ: Vec<u32>,
    width: usize,
    /// Its bytes, held against the budget while it lives.
    _held: Reservation,
}

/// A count past `cap + 1` folded back by 2 (`h^(cap+2) = h^cap`).
fn fold(c: u8, cap: u8) -> u8 {
    if c >= cap + 2 {
        cap + (c - cap) % 2
    } else {
        c
    }
}

impl Base {
    /// The elements are found heap by heap: with `S` the elements of the
    /// sums of heaps below `h` (numbered by key), those of the sums of
    /// heaps up to `h` are `S·h^k` for `k = 0, 1, …`, and a new element's
    /// least representative is `r(y) + k·h` for the least `k`, then the
    /// least `y` — the key compares the count of the largest heap first. The
    /// powers stop at the first `k` that adds nothing (then `S·h^(k+1)` lies
    /// in `S·h^(k)·h` and adds nothing either).
    fn new(
        b: &Builder,
        n: u64,
        reached: usize,
        tracked: &[u64],
        cap: u8,
        budget: &Budget,
    ) -> Result<Base> {
        let limit = b.max_order.saturating_mul(64);
        let mut held = budget.reservation();
        let stopped = |e: Error, elements: usize| {
            e.during(|| {
                format!(
                    "building a misère quotient of {} at heap {n} ({elements} elements)",
                    b.rule
                )
            })
        };
        let heaps: Vec<u64> = (1..n).filter(|&h| b.rule.has_moves(h)).collect();
        // An element as bytes: its element of M (little-endian), then the
        // count of each tracked heap.
        let bytes = 4 + tracked.len();
        let times = |e: &[u8], h: u64, out: &mut Vec<u8>| {
            let x = Element::from_le_bytes(e[..4].try_into().expect("four bytes"));
            out.clear();
            out.extend_from_slice(&b.monoid.mul(x, b.phi[h as usize]).to_le_bytes());
            out.extend_from_slice(&e[4..]);
            if let Some(i) = tracked.iter().position(|&t| t == h) {
                out[4 + i] = fold(out[4 + i] + 1, cap);
            }
        };
        let mut elems: Vec<u8> = vec![0; bytes];
        let mut index: HashMap<Vec<u8>, u32, BuildFnv> = HashMap::default();
        index.insert(elems.clone(), 0);
        let mut reps: Vec<Vec<u64>> = vec![Vec::new()];
        let mut scratch = Vec::with_capacity(bytes);
        for &h in &heaps {
            let before = reps.len();
            let mut power = elems.clone();
            for k in 1.. {
                let mut fresh = false;
                for y in 0..before {
                    times(&power[y * bytes..(y + 1) * bytes], h, &mut scratch);
                    power[y * bytes..(y + 1) * bytes].copy_from_slice(&scratch);
                    if index.contains_key(&scratch[..]) {
                        continue;
                    }
                    if reps.len() >= limit {
                        return Err(Error::TooLarge(format!(
                            "the misère quotient of {} needs a base of more than {limit} elements at heap {n} \
                             (order {} through heap {}); raise the limit or ask for fewer heaps",
                            b.rule,
                            reached,
                            n - 1
                        )));
                    }
                    let mut rep = reps[y].clone();
                    rep.extend(std::iter::repeat_n(h, k));
                    // Its bytes in `elems`, as a key of `index` (with the
                    // table's share) and as a representative.
                    let bytes_held = 3 * bytes as u64 + 64 + vec_bytes::<u64>(rep.len());
                    held.grow(bytes_held).map_err(|e| stopped(e, reps.len()))?;
                    if reps.len() % 4096 == 0 {
                        budget.check().map_err(|e| stopped(e, reps.len()))?;
                    }
                    index.insert(scratch.clone(), reps.len() as u32);
                    elems.extend_from_slice(&scratch);
                    reps.push(rep);
                    fresh = true;
                }
                if !fresh {
                    break;
                }
            }
        }
        let len = reps.len();
        let width = heaps.len();
        let mut slot = vec![usize::MAX; n as usize];
        for (i, &h) in heaps.iter().enumerate() {
            slot[h as usize] = i;
        }
        held.grow((len * width * 4 + n as usize * 8) as u64)
            .map_err(|e| stopped(e, len))?;
        let mut succ = Vec::with_capacity(len * width);
        for z in 0..len {
            for &h in &heaps {
                times(&elems[z * bytes..(z + 1) * bytes], h, &mut scratch);
                succ.push(
                    *index
                        .get(&scratch[..])
                        .expect("the base is closed under multiplication"),
                );
            }
        }
        let p = (0..len)
            .map(|z| {
                let x = Element::from_le_bytes(
                    elems[z * bytes..z * bytes + 4]
                        .try_into()
                        .expect("four bytes"),
                );
                b.monoid.is_p(x)
            })
            .collect();
        Ok(Base {
            reps,
            p,
            slot,
            succ,
            width,
            _held: held,
        })
    }

    fn len(&self) -> usize {
        self.reps.len()
    }

    /// `z` times the heaps.
    fn times(&self, z: u32, heaps: impl IntoIterator<Item = u64>) -> u32 {
        heaps
            .into_iter()
            .fold(z, |z, h| match self.slot[h as usize] {
                usize::MAX => z,
                s => self.succ[z as usize * self.width + s],
            })
    }

    /// The base element of a sum of heaps below `n`.
    fn image(&self, heaps: &[u64]) -> u32 {
        self.times(0, heaps.iter().copied())
    }

    /// The base element of `heaps` without its heap at position `i`.
    fn image_without(&self, heaps: &[u64], i: usize) -> u32 {
        let rest = heaps.iter().enumerate().filter(|&(j, _)| j != i);
        self.times(0, rest.map(|(_, &h)| h))
    }

    fn mul(&self, x: u32, y: u32) -> u32 {
        self.times(x, self.reps[y as usize].iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::error::LimitKind;
    use crate::rule::{Rule, TakeBreak};

    /// A step entered after its deadline stops inside the heap (in the
    /// counted refinement's first check) with the time limit's error, and
    /// leaves the heaps already done as they were.
    #[test]
    fn a_step_past_its_deadline_stops_and_keeps_the_heaps_done() {
        let mut b = Builder::new(Rule::TakeBreak(TakeBreak::parse("0.07").unwrap()), 2000);
        while b.heaps_done() < 9 {
            b.step(1_000_000, &Budget::unlimited()).unwrap();
        }
        let before = (b.monoid.clone(), b.phi.clone());
        let past = Budget::unlimited().with_time(Duration::ZERO);
        let err = b.step(1_000_000, &past).unwrap_err();
        assert!(err.to_string().contains("time limit"), "{err}");
        assert_eq!(err.limit_kind(), Some(LimitKind::Time));
        assert_eq!((b.monoid.clone(), b.phi.clone()), before);
        // Without the deadline the same heap is added.
        b.step(1_000_000, &Budget::unlimited()).unwrap();
        assert_eq!(b.heaps_done(), 10);
    }

    /// The key of representatives: the heaps, largest first.
    fn key(heaps: &[u64]) -> Vec<u64> {
        let mut k = heaps.to_vec();
        k.sort_unstable_by(|a, b| b.cmp(a));
        k
    }

    /// The base is numbered by key, and each element's representative is
    /// the least (by key) of all sums with its element: checked on every
    /// sum of up to 5 heaps, over `Q_{n−1}` and over counts of named heaps.
    #[test]
    fn base_representatives_are_least_by_key_and_numbered_by_key() {
        for (code, n, tracked) in [
            ("0.07", 12, vec![]),
            ("0.07", 12, vec![2, 7]),
            ("4.7", 10, vec![3]),
        ] {
            let mut b = Builder::new(Rule::TakeBreak(TakeBreak::parse(code).unwrap()), 2000);
            while b.heaps_done() < n - 1 {
                b.step(1_000_000, &Budget::unlimited()).unwrap();
            }
            let base = Base::new(&b, n, b.monoid.order, &tracked, 2, &Budget::unlimited()).unwrap();
            for z in 1..base.len() {
                assert!(key(&base.reps[z - 1]) < key(&base.reps[z]), "{code}: {z}");
                assert_eq!(base.image(&base.reps[z]) as usize, z);
            }
            // Every multiset of up to 5 heaps below n.
            let mut sums: Vec<Vec<u64>> = vec![Vec::new()];
            for _ in 0..5 {
                let longer: Vec<Vec<u64>> = sums
                    .iter()
                    .filter(|s| s.len() == sums.last().map_or(0, Vec::len))
                    .flat_map(|s| {
                        let from = s.last().copied().unwrap_or(1);
                        (from..n).map(move |h| {
                            let mut t = s.clone();
                            t.push(h);
                            t
                        })
                    })
                    .collect();
                sums.extend(longer);
            }
            for s in &sums {
                let z = base.image(s) as usize;
                assert!(key(&base.reps[z]) <= key(s), "{code}: {s:?}");
            }
        }
    }
}
