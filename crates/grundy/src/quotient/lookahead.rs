//! One ply of exact look-ahead (see the module documentation of
//! [`quotient`](super)): from a candidate `(M, ψ, P)` for `Q_n`, the reduced
//! bipartite monoid of the rule "a sum is P iff it is non-empty and ψ puts
//! none of its options in `P`". It depends on the game tree one move deep,
//! so it tells apart sums whose options differ — the distinctions a new
//! heap can make that the smaller heaps could not.

use std::collections::HashMap;

use super::monoid::{Element, Monoid};
use super::refine::refine;
use super::states::{StateSet, MEMORY};
use crate::budget::Budget;
use crate::error::{Error, Result};

/// The reduced bipartite monoid of `R(ψ, P)`, with each heap's element.
///
/// A sum `x` is accepted iff it has a heap and no option `x − i + r` has
/// `ψ(x − i)·ψ(r) ∈ P`. Write `B_i` for the set of `m` with `m·ψ(r) ∈ P`
/// for an option `r` of heap `i`, and `U(x) = ⋃_{i ∈ x} {m : ψ(x − i)·m ∈
/// B_i}`: the contexts in which some heap of `x` has a move to `P`. Then
/// `x + z` is accepted iff it is non-empty, `ψ(z) ∉ U(x)` and `ψ(x) ∉ U(z)`,
/// and `U(x + y) = U(x)/ψ(y) ∪ U(y)/ψ(x)` (with `U/a = {m : a·m ∈ U}`), so
/// `x ↦ (ψ(x), U(x), x ≠ 0)` is a homomorphism onto a finite commutative
/// monoid that decides acceptance. Its part reached from the heaps,
/// reduced by Moore's refinement over the heaps, is the syntactic monoid of
/// the accepted set. The search stops with `budget`'s error when it may
/// not go on.
pub(crate) fn lookahead(
    m: &Monoid,
    phi: &[Element],
    options: &[Vec<Element>],
    max_states: usize,
    max_order: usize,
    budget: &Budget,
) -> Result<(Monoid, Vec<Element>)> {
    let order = m.order;
    let words = order.div_ceil(64);
    let get = |u: &[u64], x: usize| u[x / 64] >> (x % 64) & 1 != 0;
    // Kinds of heap: (element, B).
    let mut kind_index: HashMap<(Element, Vec<u64>), usize> = HashMap::new();
    let mut kinds: Vec<(Element, Vec<u64>)> = Vec::new();
    let heap_kind: Vec<Option<usize>> = options
        .iter()
        .enumerate()
        .map(|(h, opts)| {
            if opts.is_empty() {
                return None;
            }
            let mut b = vec![0u64; words];
            for x in 0..order {
                if opts.iter().any(|&r| m.is_p(m.mul(x as Element, r))) {
                    b[x / 64] |= 1 << (x % 64);
                }
            }
            let key = (phi[h], b);
            let next = kinds.len();
            let k = *kind_index.entry(key.clone()).or_insert(next);
            if k == next {
                kinds.push(key);
            }
            Some(k)
        })
        .collect();
    let nk = kinds.len();
    // out ∪= U/a.
    let divide_into = |u: &[u64], a: Element, out: &mut [u64]| {
        for x in 0..order {
            if get(u, m.mul(a, x as Element) as usize) {
                out[x / 64] |= 1 << (x % 64);
            }
        }
    };
    // A state: ψ, the non-empty flag, then U.
    let width = 2 + words;
    // Per state: its row in the arena, a transition per kind, the parent
    // link and the index's slots.
    let per_state = width * 8 + nk * 4 + 8 + StateSet::BYTES_PER_STATE;
    let memory_bound = max_states > MEMORY / per_state;
    let max_states = max_states.min(MEMORY / per_state);
    let mut arena: Vec<u64> = vec![0; width];
    let mut seen = StateSet::new(width);
    seen.insert(&arena, 0);
    let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, 0)];
    let mut trans: Vec<u32> = Vec::new();
    // The states' bytes, held against the budget 4096 states at a time.
    let mut held = budget.reservation();
    let mut scratch = vec![0u64; width];
    let mut head = 0usize;
    while head < parent.len() {
        for (k, (g, b)) in kinds.iter().enumerate() {
            {
                let cur = &arena[head * width..(head + 1) * width];
                let psi = cur[0] as Element;
                scratch.fill(0);
                scratch[0] = m.mul(psi, *g) as u64;
                scratch[1] = 1;
                divide_into(&cur[2..], *g, &mut scratch[2..]);
                divide_into(b, psi, &mut scratch[2..]);
            }
            let id = match seen.get(&arena, &scratch) {
                Some(id) => id,
                None => {
                    let id = parent.len() as u32;
                    if id % 4096 == 0 {
                        budget.check()?;
                        held.grow(4096 * per_state as u64).map_err(|e| {
                            e.during(|| {
                                format!(
                                    "looking ahead from a misère quotient candidate ({id} states)"
                                )
                            })
                        })?;
                    }
                    if parent.len() >= max_states {
                        let why = if memory_bound {
                            format!("(about {} GiB)", MEMORY >> 30)
                        } else {
                            "; raise the limit or ask for fewer heaps".to_string()
                        };
                        return Err(Error::TooLarge(format!(
                            "the look-ahead of a misère quotient candidate reached more than \
                             {max_states} states {why}"
                        )));
                    }
                    arena.extend_from_slice(&scratch);
                    seen.insert(&arena, id);
                    parent.push((head as u32, k as u32));
                    id
                }
            };
            trans.push(id);
        }
        head += 1;
    }
    let states = parent.len();
    // Accepted: non-empty, and the identity (z = 0) is not a context with a
    // move to P.
    let accept: Vec<bool> = (0..states)
        .map(|s| {
            let st = &arena[s * width..(s + 1) * width];
            st[1] == 1 && !get(&st[2..], 0)
        })
        .collect();
    let class = refine(
        states,
        nk,
        &accept,
        |s, k| trans[s * nk + k] as usize,
        budget,
    )?;
    // Number the classes by their first state (breadth-first: the empty sum
    // first, so the identity is 0, and each class's first state has a
    // shortest word).
    let mut rename = vec![u32::MAX; states];
    let mut first: Vec<usize> = Vec::new();
    for (s, &c) in class.iter().enumerate() {
        if rename[c] == u32::MAX {
            rename[c] = first.len() as u32;
            first.push(s);
        }
    }
    let count = first.len();
    // The multiplication table takes count² elements.
    let cap = max_order
        .saturating_mul(16)
        .min(((MEMORY / std::mem::size_of::<Element>()) as f64).sqrt() as usize);
    if count > cap {
        return Err(Error::TooLarge(format!(
            "the look-ahead of a misère quotient candidate has {count} elements, \
             more than it may have ({cap}: 16 times the order limit, within a {} GiB \
             table); raise the limit or ask for fewer heaps",
            MEMORY >> 30
        )));
    }
    let id = |s: usize| rename[class[s]];
    let paths: Vec<Vec<usize>> = first
        .iter()
        .map(|&s| {
            let mut w = Vec::new();
            let mut at = s;
            while at != 0 {
                let (p, k) = parent[at];
                w.push(k as usize);
                at = p as usize;
            }
            w
        })
        .collect();
    let mut mul = vec![0 as Element; count * count];
    for a in 0..count {
        budget.check()?;
        for b in a..count {
            let s = paths[b]
                .iter()
                .fold(first[a], |s, &k| trans[s * nk + k] as usize);
            let c = id(s);
            mul[a * count + b] = c;
            mul[b * count + a] = c;
        }
    }
    let p = first.iter().map(|&s| accept[s]).collect();
    let phi = heap_kind
        .iter()
        .map(|k| k.map_or(0, |k| id(trans[k] as usize)))
        .collect();
    Ok((
        Monoid {
            mul,
            order: count,
            p,
        },
        phi,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quotient::build::Builder;
    use crate::rule::{Rule, TakeBreak};

    /// With the true quotient, "x is P iff x ≠ 0 and no option of x is in
    /// P" is the misère rule itself, so its syntactic monoid — what the
    /// look-ahead computes — is the quotient again: the same order, and
    /// the same outcome for every sum.
    #[test]
    fn the_lookahead_of_a_proved_quotient_is_that_quotient() {
        for (code, to) in [("0.75", 12), ("0.07", 14), ("0.77", 16), ("0.137", 12)] {
            let mut b = Builder::new(Rule::TakeBreak(TakeBreak::parse(code).unwrap()), 2000);
            while b.heaps_done() < to {
                b.step(1_000_000, &Budget::unlimited()).unwrap();
            }
            let q = &b.monoid;
            let (m, phi) =
                lookahead(q, &b.phi, &b.options, 1_000_000, 2000, &Budget::unlimited()).unwrap();
            assert_eq!(m.order, q.order, "{code} to {to}");
            let heaps = to as usize;
            for i in 0..=heaps {
                for j in i..=heaps {
                    for k in j..=heaps {
                        let of = |m: &Monoid, phi: &[Element]| {
                            m.is_p(m.mul(m.mul(phi[i], phi[j]), phi[k]))
                        };
                        assert_eq!(of(&m, &phi), of(q, &b.phi), "{code}: {i} + {j} + {k}");
                    }
                }
            }
        }
    }
}
