//! The proof that a bipartite monoid is the misère quotient of the heaps
//! `1..=N` (see the module documentation of [`quotient`](super)).

use std::time::Instant;

use super::states::StateSet;
use super::{Element, Monoid};
use crate::error::Error;

const NONE: Element = Element::MAX;

/// The most states the breadth-first search examines before the proof
/// switches to the search by generators (see [`verify`]): counterexamples,
/// when there are any, are usually found within them.
const FIRST_BREADTH: usize = 1 << 17;

/// A fixed-size set of small numbers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Bits {
        Bits(vec![0; len.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    fn full(len: usize) -> Bits {
        let mut b = Bits::new(len);
        for i in 0..len {
            b.set(i);
        }
        b
    }
    fn and(&mut self, other: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            *a &= b;
        }
    }
}

/// Why a candidate is not the quotient.
#[derive(Clone, Debug)]
pub(crate) enum Failure {
    /// A sum of heaps (ascending) on which the candidate's outcome is wrong
    /// (up to replacing heaps by others of the same kind).
    Wrong(Vec<u64>),
    /// The proof could not finish within its limits.
    Limit(Error),
}

/// Checks that `F(x) = [ψ(x) ∈ P]` for every sum `x` of the heaps, where
/// `phi[h]` is heap `h`'s element, `options[h]` the elements of its
/// options and `reps[x]` a sum of heaps with element `x`. Returns the
/// number of states examined, or why not. Past `deadline` the search
/// stops (a limit, not a verdict).
pub(crate) fn verify(
    m: &Monoid,
    phi: &[Element],
    options: &[Vec<Element>],
    reps: &[Vec<u64>],
    max_states: usize,
    deadline: Option<Instant>,
) -> std::result::Result<usize, Failure> {
    verify_from(m, phi, options, reps, max_states, deadline, FIRST_BREADTH)
}

/// [`verify`], with the breadth-first search first given `first_breadth`
/// states.
fn verify_from(
    m: &Monoid,
    phi: &[Element],
    options: &[Vec<Element>],
    reps: &[Vec<u64>],
    max_states: usize,
    deadline: Option<Instant>,
    first_breadth: usize,
) -> std::result::Result<usize, Failure> {
    let order = m.order;
    if m.p[0] {
        return Err(Failure::Wrong(Vec::new()));
    }
    // Heap types: heaps with moves, by (element, B) where B is the set of
    // elements m with m·r ∈ P for some option r (the "move to P" test).
    let mut gens: Vec<Element> = Vec::new();
    let mut types: Vec<(usize, Bits)> = Vec::new();
    let mut type_heap: Vec<u64> = Vec::new();
    for (h, opts) in options.iter().enumerate() {
        if opts.is_empty() {
            continue;
        }
        let g = phi[h];
        let gi = match gens.iter().position(|&x| x == g) {
            Some(i) => i,
            None => {
                gens.push(g);
                gens.len() - 1
            }
        };
        let mut b = Bits::new(order);
        for x in 0..order as Element {
            if opts.iter().any(|&r| m.is_p(m.mul(x, r))) {
                b.set(x as usize);
            }
        }
        if !types.iter().any(|(i, bb)| *i == gi && *bb == b) {
            types.push((gi, b));
            type_heap.push(h as u64);
        }
    }
    // (VA) a P-position has no move to P: m·g ∈ P ⇒ m ∉ B, for all m.
    for (t, (gi, b)) in types.iter().enumerate() {
        for x in 0..order as Element {
            if m.is_p(m.mul(x, gens[*gi])) && b.get(x as usize) {
                let mut heaps = reps[x as usize].clone();
                heaps.push(type_heap[t]);
                heaps.sort_unstable();
                return Err(Failure::Wrong(heaps));
            }
        }
    }
    // (VB) every non-empty N-position has a move to P. The test for x needs
    // only ψ(x) and, for each generator g present in x, the element
    // d_g = ψ(x − one heap of element g) (the same for every such heap).
    // Heaps of one element g but different options differ only in B; a
    // sum may use, for each g, the kind whose B misses d_g, so x has a
    // move to P in every such variant iff some present g has d_g in
    // I_g = ∩ B over the kinds of element g. And d_g matters only up to the
    // coarsest congruence ≈_g with I_g a union of classes. So (VB) holds
    // iff it holds on every reachable state (ψ, [d_g]_{≈_g}): a finite
    // breadth-first search.
    let ng = gens.len();
    let mut inter: Vec<Bits> = vec![Bits::full(order); ng];
    for (gi, b) in &types {
        inter[*gi].and(b);
    }
    let gen_ids: Vec<usize> = gens.iter().map(|&g| g as usize).collect();
    let classes: Vec<Vec<usize>> = inter
        .iter()
        .map(|i| {
            let accept: Vec<bool> = (0..order).map(|x| i.get(x)).collect();
            super::build::refine(
                order,
                ng,
                &accept,
                |x, gi| m.mul(x as Element, gen_ids[gi] as Element) as usize,
                deadline,
            )
        })
        .collect::<crate::error::Result<_>>()
        .map_err(Failure::Limit)?;
    // in_i[g][c]: whether class c of ≈_g lies in I_g; next[g][c][h]: the
    // class of (member of c)·gens[h].
    let mut in_i: Vec<Vec<bool>> = Vec::with_capacity(ng);
    let mut next: Vec<Vec<Vec<u32>>> = Vec::with_capacity(ng);
    for g in 0..ng {
        let count = classes[g].iter().copied().max().map_or(0, |c| c + 1);
        let mut member = vec![usize::MAX; count];
        for (x, &c) in classes[g].iter().enumerate() {
            if member[c] == usize::MAX {
                member[c] = x;
            }
        }
        in_i.push(member.iter().map(|&x| inter[g].get(x)).collect());
        next.push(
            member
                .iter()
                .map(|&x| {
                    gen_ids
                        .iter()
                        .map(|&h| classes[g][m.mul(x as Element, h as Element) as usize] as u32)
                        .collect()
                })
                .collect(),
        );
    }
    // A generator whose I_g is empty never supplies a witness: its d_g is
    // left out of the state.
    let useful: Vec<bool> = in_i.iter().map(|c| c.iter().any(|&x| x)).collect();
    // slot[g]: the position of d_g in a state (useful generators only).
    let mut slot = vec![usize::MAX; ng];
    let mut width = 1;
    for g in 0..ng {
        if useful[g] {
            slot[g] = width;
            width += 1;
        }
    }
    // The state of x + (a heap of element gens[gi]) from the state `cur` of
    // x; states are `width` numbers: ψ, then the useful d_g.
    let advance = |cur: &[Element], gi: usize, out: &mut [Element]| {
        let psi = cur[0];
        out[0] = m.mul(psi, gens[gi]);
        for j in 0..ng {
            if !useful[j] {
                continue;
            }
            let dj = cur[slot[j]];
            out[slot[j]] = if j == gi {
                classes[j][psi as usize] as Element
            } else if dj == NONE {
                NONE
            } else {
                next[j][dj as usize][gi]
            };
        }
    };
    // A non-empty N-position without a move to P.
    let fails = |s: &[Element]| {
        !m.is_p(s[0])
            && !(0..ng).any(|j| {
                useful[j] && {
                    let d = s[slot[j]];
                    d != NONE && in_i[j][d as usize]
                }
            })
    };
    let stopped = || {
        Failure::Limit(Error::TooLarge(
            "the proof of the misère quotient was stopped by the time limit".into(),
        ))
    };
    let too_many = || {
        Failure::Limit(Error::TooLarge(format!(
            "the proof of the misère quotient examined more than {max_states} states \
             without finishing; raise the limit or ask for fewer heaps"
        )))
    };
    let start: Vec<Element> = (0..width).map(|i| if i == 0 { 0 } else { NONE }).collect();

    // Breadth-first, with paths, so that a counterexample found is one with
    // fewest heaps (the refinements are driven by it). `None` when more
    // than `budget` states (below the limit) would be needed.
    let bfs = |budget: usize| -> std::result::Result<Option<usize>, Failure> {
        let mut arena: Vec<Element> = start.clone();
        let mut seen = StateSet::new(width);
        seen.insert(&arena, 0);
        let mut scratch: Vec<Element> = vec![NONE; width];
        let mut trail: Vec<(u32, u16)> = vec![(u32::MAX, 0)];
        let mut head = 0usize;
        let mut states = 1usize;
        while head < trail.len() {
            let id = head as u32;
            head += 1;
            for gi in 0..ng {
                advance(
                    &arena[id as usize * width..(id as usize + 1) * width],
                    gi,
                    &mut scratch,
                );
                if seen.get(&arena, &scratch).is_some() {
                    continue;
                }
                states += 1;
                if states % 4096 == 0 && deadline.is_some_and(|d| Instant::now() > d) {
                    return Err(stopped());
                }
                if states > budget {
                    return if budget < max_states {
                        Ok(None)
                    } else {
                        Err(too_many())
                    };
                }
                let new_id = trail.len() as u32;
                trail.push((id, gi as u16));
                arena.extend_from_slice(&scratch);
                seen.insert(&arena, new_id);
                if fails(&scratch) {
                    // A counterexample: replay the path with exact elements and
                    // give each generator's heaps the kind whose B misses d_g.
                    let mut path = Vec::new();
                    let mut at = new_id;
                    while at != 0 {
                        let (parent, g) = trail[at as usize];
                        path.push(g as usize);
                        at = parent;
                    }
                    let mut x: Element = 0;
                    let mut exact = vec![NONE; ng];
                    let mut count = vec![0usize; ng];
                    for &g in path.iter().rev() {
                        for (j, e) in exact.iter_mut().enumerate() {
                            if j == g {
                                *e = x;
                            } else if *e != NONE {
                                *e = m.mul(*e, gens[g]);
                            }
                        }
                        x = m.mul(x, gens[g]);
                        count[g] += 1;
                    }
                    let mut heaps = Vec::new();
                    for g in 0..ng {
                        if count[g] == 0 {
                            continue;
                        }
                        let kind = types
                            .iter()
                            .position(|(gi, b)| *gi == g && !b.get(exact[g] as usize))
                            .unwrap_or_else(|| {
                                types.iter().position(|(gi, _)| *gi == g).expect("a kind")
                            });
                        heaps.extend(std::iter::repeat(type_heap[kind]).take(count[g]));
                    }
                    heaps.sort_unstable();
                    return Err(Failure::Wrong(heaps));
                }
            }
        }
        Ok(Some(states))
    };
    if let Some(states) = bfs(max_states.min(first_breadth))? {
        return Ok(states);
    }

    // The proof, when the search above did not finish. The states reachable
    // from the empty sum are those of the sums g_1^a_1 ⋯ g_k^a_k; the
    // transitions commute (they add heaps), so they are found generator by
    // generator: after the states of the sums of the first j − 1
    // generators, follow from each one the chain of powers of generator j
    // until it meets a state already seen. A state is reached about once
    // per generator after its own, not once per generator, and no path is
    // kept. A counterexample found this way is found again breadth-first.
    // The generators are taken from the last (the largest heaps') down:
    // Q_30(0.07) then takes a quarter less CPU time than in heap order.
    let mut arena: Vec<Element> = start.clone();
    let mut seen = StateSet::new(width);
    seen.insert(&arena, 0);
    let mut scratch: Vec<Element> = vec![NONE; width];
    let mut states = 1usize;
    for gi in (0..ng).rev() {
        let before = states;
        for from in 0..before {
            let mut at = from;
            loop {
                advance(&arena[at * width..(at + 1) * width], gi, &mut scratch);
                if seen.get(&arena, &scratch).is_some() {
                    break;
                }
                states += 1;
                if states % 4096 == 0 && deadline.is_some_and(|d| Instant::now() > d) {
                    return Err(stopped());
                }
                if states > max_states || fails(&scratch) {
                    drop((arena, seen));
                    return bfs(max_states).map(|s| s.expect("the full limit"));
                }
                at = states - 1;
                arena.extend_from_slice(&scratch);
                seen.insert(&arena, at as u32);
            }
        }
    }
    Ok(states)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quotient::build::Builder;
    use crate::rule::{Rule, TakeBreak};

    fn outcome(r: std::result::Result<usize, Failure>) -> std::result::Result<usize, Vec<u64>> {
        r.map_err(|f| match f {
            Failure::Wrong(heaps) => heaps,
            Failure::Limit(e) => panic!("{e}"),
        })
    }

    /// The search by generators (forced from the first state on) proves
    /// what the breadth-first search proves, over as many states, and on a
    /// wrong candidate reports the breadth-first search's counterexample.
    #[test]
    fn the_search_by_generators_agrees_with_breadth_first() {
        for (code, to) in [("0.07", 20), ("0.137", 16), ("4.7", 11)] {
            let mut b = Builder::new(Rule::TakeBreak(TakeBreak::parse(code).unwrap()), 2000);
            while b.heaps_done() < to {
                b.step(1_000_000, None).unwrap();
            }
            let run = |m: &Monoid, first: usize| {
                outcome(verify_from(
                    m, &b.phi, &b.options, &b.reps, 1_000_000, None, first,
                ))
            };
            let breadth = run(&b.monoid, usize::MAX);
            assert!(breadth.is_ok(), "{code}");
            assert_eq!(run(&b.monoid, 1), breadth, "{code}");
            // Each element moved into or out of P: a candidate that is
            // wrong, and both searches must say where.
            for x in 1..b.monoid.order {
                let mut wrong = b.monoid.clone();
                wrong.p[x] = !wrong.p[x];
                let breadth = run(&wrong, usize::MAX);
                assert!(breadth.is_err(), "{code}: {x}");
                assert_eq!(run(&wrong, 1), breadth, "{code}: {x}");
            }
        }
    }
}
