//! The proof that a bipartite monoid is the misère quotient of the heaps
//! `1..=N` (see the module documentation of [`quotient`](super)).

use super::monoid::{Element, Monoid};
use super::states::{StateSet, MEMORY};
use crate::budget::Budget;
use crate::error::Error;

const NONE: Element = Element::MAX;

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
/// number of states examined, or why not. When `budget` says it may not go
/// on, the search stops (a limit, not a verdict).
pub(crate) fn verify(
    m: &Monoid,
    phi: &[Element],
    options: &[Vec<Element>],
    reps: &[Vec<u64>],
    max_states: usize,
    budget: &Budget,
) -> std::result::Result<usize, Failure> {
    if m.p[0] {
        return Err(Failure::Wrong(Vec::new()));
    }
    // A heap without moves (heap 0 among them) is the game 0, so the
    // theorem's ψ sends it to the identity; (VB) then only looks at heaps
    // with moves. A candidate built here always does; a saved one is checked.
    let moveless = options
        .iter()
        .zip(phi)
        .position(|(o, &g)| o.is_empty() && g != 0);
    if let Some(h) = moveless {
        return Err(Failure::Wrong(vec![h as u64]));
    }
    let kinds = Kinds::new(m, phi, options);
    kinds.check_va(m, reps)?;
    kinds.check_vb(m, max_states, budget)
}

/// The heaps with moves, by kind: (element, B) where B is the set of
/// elements m with m·r ∈ P for some option r (the "move to P" test).
struct Kinds {
    /// The distinct elements of the heaps with moves: the generators.
    gens: Vec<Element>,
    /// Each kind: its generator's index and its B.
    types: Vec<(usize, Bits)>,
    /// A heap of each kind.
    type_heap: Vec<u64>,
}

impl Kinds {
    fn new(m: &Monoid, phi: &[Element], options: &[Vec<Element>]) -> Kinds {
        let order = m.order;
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
        Kinds {
            gens,
            types,
            type_heap,
        }
    }

    /// (VA) a P-position has no move to P: m·g ∈ P ⇒ m ∉ B, for all m.
    fn check_va(&self, m: &Monoid, reps: &[Vec<u64>]) -> std::result::Result<(), Failure> {
        for (t, (gi, b)) in self.types.iter().enumerate() {
            for x in 0..m.order as Element {
                if m.is_p(m.mul(x, self.gens[*gi])) && b.get(x as usize) {
                    let mut heaps = reps[x as usize].clone();
                    heaps.push(self.type_heap[t]);
                    heaps.sort_unstable();
                    return Err(Failure::Wrong(heaps));
                }
            }
        }
        Ok(())
    }

    /// I_g for each generator: the intersection of B over its kinds.
    fn inter(&self, order: usize) -> Vec<Bits> {
        let mut inter: Vec<Bits> = vec![Bits::full(order); self.gens.len()];
        for (gi, b) in &self.types {
            inter[*gi].and(b);
        }
        inter
    }

    /// (VB), by the search described inside; the number of states.
    fn check_vb(
        &self,
        m: &Monoid,
        max_states: usize,
        budget: &Budget,
    ) -> std::result::Result<usize, Failure> {
        let order = m.order;
        let gens = &self.gens;
        // (VB) every non-empty N-position has a move to P. Heaps of one
        // element g but different options differ only in B; a sum may use, for
        // each g, the kind whose B misses ψ(x − g), so x has a move to P in
        // every such variant iff some g present in x has ψ(x − g) ∈ I_g, the
        // intersection of B over the kinds of element g. Write
        // W(x) = {m : ψ(x − g)·m ∈ I_g for some g present in x}: the contexts
        // in which x has a move to P whatever the kinds of its heaps. (VB) for
        // x says 1 ∈ W(x), and adding a heap of element e gives
        // W(x + e) = W(x)/e ∪ I_e/ψ(x) (with U/a = {m : a·m ∈ U}; the heaps of
        // x keep their witnesses in the larger context e·m, and the new heap's
        // rest is x itself). So the state (ψ(x), x ≠ 0, W(x)) evolves
        // deterministically as heaps are added, and (VB) holds iff it holds on
        // every state reachable from the empty sum: a finite breadth-first
        // search, whose first failing state is a counterexample with fewest
        // heaps. (W is the same test as the exponent-wise state of each
        // ψ(x − g), but far coarser: Q_30(0.07) has 1 613 states, not 8.4
        // million.)
        let ng = gens.len();
        let words = order.div_ceil(64);
        let inter = self.inter(order);
        // witness[(gi·order + ψ)·words ..]: I_gi/ψ, the contexts in which a new
        // heap of element gens[gi] added to a sum of element ψ is the move to P.
        let mut witness = vec![0u64; ng * order * words];
        for (gi, i) in inter.iter().enumerate() {
            for psi in 0..order {
                let row = &mut witness[(gi * order + psi) * words..(gi * order + psi + 1) * words];
                for x in 0..order {
                    if i.get(m.mul(psi as Element, x as Element) as usize) {
                        row[x / 64] |= 1 << (x % 64);
                    }
                }
            }
        }
        // times[gi][x] = gens[gi]·x, for W/e.
        let times: Vec<Vec<Element>> = gens
            .iter()
            .map(|&e| (0..order as Element).map(|x| m.mul(e, x)).collect())
            .collect();
        // A state: ψ with bit 32 set once the sum is non-empty, then W.
        let width = 1 + words;
        const NON_EMPTY: u64 = 1 << 32;
        // Per state: its row, its parent link and its slots in the index.
        let per_state = width * 8 + 8 + StateSet::BYTES_PER_STATE;
        let memory_bound = max_states > MEMORY / per_state;
        let max_states = max_states.min(MEMORY / per_state);
        let mut arena: Vec<u64> = vec![0; width];
        let mut seen = StateSet::new(width);
        seen.insert(&arena, 0);
        let mut scratch = vec![0u64; width];
        // trail[s]: the state s came from and the generator added.
        let mut trail: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
        // The states' bytes, held against the budget 4096 states at a time.
        let mut held = budget.reservation();
        let mut head = 0usize;
        while head < trail.len() {
            for gi in 0..ng {
                let cur = &arena[head * width..(head + 1) * width];
                let psi = (cur[0] & 0xffff_ffff) as usize;
                scratch.fill(0);
                scratch[0] = u64::from(m.mul(psi as Element, gens[gi])) | NON_EMPTY;
                let (w, out) = (&cur[1..], &mut scratch[1..]);
                for (x, &y) in times[gi].iter().enumerate() {
                    let y = y as usize;
                    out[x / 64] |= (w[y / 64] >> (y % 64) & 1) << (x % 64);
                }
                let row = &witness[(gi * order + psi) * words..(gi * order + psi + 1) * words];
                for (o, &r) in out.iter_mut().zip(row) {
                    *o |= r;
                }
                if seen.get(&arena, &scratch).is_some() {
                    continue;
                }
                let id = trail.len();
                if id % 4096 == 0 {
                    budget.check().map_err(Failure::Limit)?;
                    held.grow(4096 * per_state as u64).map_err(|e| {
                        Failure::Limit(
                            e.during(|| format!("proving a misère quotient ({id} states)")),
                        )
                    })?;
                }
                if id >= max_states {
                    let why = if memory_bound {
                        format!("(about {} GiB)", MEMORY >> 30)
                    } else {
                        "; raise the limit or ask for fewer heaps".to_string()
                    };
                    return Err(Failure::Limit(Error::TooLarge(format!(
                        "the proof of the misère quotient examined more than {max_states} states \
                     without finishing {why}"
                    ))));
                }
                trail.push((head as u32, gi as u32));
                arena.extend_from_slice(&scratch);
                seen.insert(&arena, id as u32);
                let fails = !m.is_p((scratch[0] & 0xffff_ffff) as Element) && scratch[1] & 1 == 0;
                if fails {
                    return Err(Failure::Wrong(self.counterexample(m, &trail, id)));
                }
            }
            head += 1;
        }
        Ok(trail.len())
    }

    /// The sum of heaps that reaches state `id` along the search's trail, each
    /// generator's heaps of the kind whose B misses that generator's
    /// `ψ(x − g)` (a kind without a move to P there), ascending.
    fn counterexample(&self, m: &Monoid, trail: &[(u32, u32)], id: usize) -> Vec<u64> {
        let (gens, types, type_heap) = (&self.gens, &self.types, &self.type_heap);
        let ng = gens.len();
        let mut path = Vec::new();
        let mut at = id;
        while at != 0 {
            let (parent, g) = trail[at];
            path.push(g as usize);
            at = parent as usize;
        }
        // Replay with exact elements: x, and ψ(x − g) for each g present.
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
                .unwrap_or_else(|| types.iter().position(|(gi, _)| *gi == g).expect("a kind"));
            heaps.extend(std::iter::repeat_n(type_heap[kind], count[g]));
        }
        heaps.sort_unstable();
        heaps
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::quotient::build::Builder;
    use crate::rule::{Rule, Subtraction, TakeBreak};

    /// The reference search for (VB): breadth-first over the exact states
    /// `(ψ(x), ψ(x − g) for each generator g, or none when g is absent)`,
    /// of which W(x) is a function, with the first failing state's path.
    fn exact_vb(k: &Kinds, m: &Monoid) -> std::result::Result<usize, Vec<u64>> {
        let ng = k.gens.len();
        let inter = k.inter(m.order);
        let mut start = vec![NONE; ng + 1];
        start[0] = 0;
        let mut states = vec![start.clone()];
        let mut index: HashMap<Vec<Element>, usize> = HashMap::from([(start, 0)]);
        let mut trail: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
        let mut head = 0;
        while head < states.len() {
            for gi in 0..ng {
                let cur = &states[head];
                let mut next = vec![m.mul(cur[0], k.gens[gi])];
                next.extend((0..ng).map(|j| match cur[1 + j] {
                    _ if j == gi => cur[0],
                    NONE => NONE,
                    d => m.mul(d, k.gens[gi]),
                }));
                if index.contains_key(&next) {
                    continue;
                }
                let fails = !m.is_p(next[0])
                    && !(0..ng).any(|j| next[1 + j] != NONE && inter[j].get(next[1 + j] as usize));
                index.insert(next.clone(), states.len());
                states.push(next);
                trail.push((head as u32, gi as u32));
                if fails {
                    return Err(k.counterexample(m, &trail, states.len() - 1));
                }
            }
            head += 1;
        }
        Ok(states.len())
    }

    /// By the definition: a sum of heaps whose element is not in P and
    /// none of whose heaps has an option taking it into P.
    fn violates_vb(m: &Monoid, phi: &[Element], options: &[Vec<Element>], heaps: &[u64]) -> bool {
        let of = |hs: &[u64]| hs.iter().fold(0, |a, &h| m.mul(a, phi[h as usize]));
        !heaps.is_empty()
            && !m.is_p(of(heaps))
            && (0..heaps.len()).all(|i| {
                let mut rest = heaps.to_vec();
                let h = rest.remove(i);
                let r = of(&rest);
                !options[h as usize].iter().any(|&o| m.is_p(m.mul(r, o)))
            })
    }

    /// The proof's search over the states W(x) agrees with the search over
    /// the exact states: it proves the proved candidates, and on a wrong
    /// candidate it reports the same counterexample (one with fewest
    /// heaps, the one the construction's refinements are driven by), which
    /// violates (VB) by the definition.
    #[test]
    fn the_search_over_witness_sets_agrees_with_the_exact_search() {
        for (code, to) in [("0.07", 20), ("0.137", 16), ("4.7", 11), ("0.16", 12)] {
            let mut b = Builder::new(Rule::TakeBreak(TakeBreak::parse(code).unwrap()), 2000);
            while b.heaps_done() < to {
                b.step(1_000_000, &Budget::unlimited()).unwrap();
            }
            let k = Kinds::new(&b.monoid, &b.phi, &b.options);
            assert!(exact_vb(&k, &b.monoid).is_ok(), "{code}");
            assert!(verify(
                &b.monoid,
                &b.phi,
                &b.options,
                &b.reps,
                1_000_000,
                &Budget::unlimited()
            )
            .is_ok());
            // Each element moved into or out of P: a candidate that is
            // wrong, and both searches must say where.
            for x in 1..b.monoid.order {
                let mut wrong = b.monoid.clone();
                wrong.p[x] = !wrong.p[x];
                let verdict = verify(
                    &wrong,
                    &b.phi,
                    &b.options,
                    &b.reps,
                    1_000_000,
                    &Budget::unlimited(),
                );
                assert!(matches!(verdict, Err(Failure::Wrong(_))), "{code}: {x}");
                let k = Kinds::new(&wrong, &b.phi, &b.options);
                if k.check_va(&wrong, &b.reps).is_err() {
                    continue;
                }
                let exact = exact_vb(&k, &wrong).expect_err("a wrong candidate");
                let Err(Failure::Wrong(heaps)) =
                    k.check_vb(&wrong, 1_000_000, &Budget::unlimited())
                else {
                    panic!("{code}: {x}: (VB) holds for a wrong candidate");
                };
                assert_eq!(heaps, exact, "{code}: {x}");
                assert!(
                    violates_vb(&wrong, &b.phi, &b.options, &heaps),
                    "{code}: {x}: {heaps:?}"
                );
            }
        }
    }

    #[test]
    fn heaps_without_moves_must_be_the_identity() {
        // sub{5}: heaps 0..=4 have no moves, so they are the game 0. A Φ
        // that sends one of them elsewhere is refused, whatever P says.
        let mut b = Builder::new(
            Rule::Subtraction(Subtraction::finite(vec![5]).unwrap()),
            2000,
        );
        while b.heaps_done() < 5 {
            b.step(1_000_000, &Budget::unlimited()).unwrap();
        }
        assert!(verify(
            &b.monoid,
            &b.phi,
            &b.options,
            &b.reps,
            1_000_000,
            &Budget::unlimited()
        )
        .is_ok());
        for h in 0..5 {
            for x in 1..b.monoid.order as Element {
                let mut phi = b.phi.clone();
                phi[h] = x;
                let verdict = verify(
                    &b.monoid,
                    &phi,
                    &b.options,
                    &b.reps,
                    1_000_000,
                    &Budget::unlimited(),
                );
                assert!(matches!(verdict, Err(Failure::Wrong(_))), "heap {h} as {x}");
            }
        }
    }
}
