//! How a loopy component's value was found, as data for `explain`: its
//! level and counter, and for each follower its value and what the proof
//! of the value says of it — the reversing answer of condition B for a
//! finite value, or whether it forces `∞` (condition C) for an infinite one.

use crate::error::Result;
use crate::game::{Component, Move};

use super::gamma::Gamma;
use super::solver::LoopySolver;

/// The account of one component's value (the source of this module
/// explains the method).
#[derive(Clone, Debug)]
pub struct Account {
    pub value: Gamma,
    /// For a finite value: its counter `c` (when the retrograde solver
    /// labelled it; it was labelled at the level of its value).
    pub counter: Option<u32>,
    /// For an infinite value: `mex K`, the level at which it was found
    /// infinite.
    pub mex: Option<u32>,
    /// The first followers, each with what the proof says of it …
    pub followers: Vec<Follower>,
    /// … and how many more there are.
    pub more: usize,
}

/// One follower of a component in its [`Account`].
#[derive(Clone, Debug)]
pub struct Follower {
    /// The move to it.
    pub mv: Move,
    pub value: Gamma,
    /// Its counter, when its value is finite.
    pub counter: Option<u32>,
    /// For a finite component and a follower of a larger or infinite value:
    /// the follower's move back to the component's value with the smallest
    /// counter (below the component's own), and that counter. `None` when
    /// the follower leaves several components (the answer is a move in one
    /// of them) or no answer is needed.
    pub reversal: Option<(Move, u32)>,
    /// For an infinite component: whether this follower forces `∞` (it is
    /// infinite and has no follower of value `mex K`).
    pub forcing: bool,
}

impl LoopySolver {
    /// The account of `c`'s value, listing at most `limit` followers.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::expr::parse_position;
    /// use grundy::loopy::{Gamma, LoopySolver};
    /// // 1 → 2 → 1, 2 → 3: 3 is 0, 2 is 1, and 1 is 0 — its one follower, 2,
    /// // reverses to 3 (value 0, labelled first).
    /// let pos = parse_position("digraph(1>2 2>1 2>3; 1)").unwrap();
    /// let mut solver = LoopySolver::new(1000, Budget::unlimited());
    /// let a = solver.account(&pos.terms[0].parts[0], 16).unwrap();
    /// assert_eq!(a.value, Gamma::Finite(0));
    /// let f = &a.followers[0];
    /// assert_eq!(f.value, Gamma::Finite(1));
    /// let (back, counter) = f.reversal.as_ref().unwrap();
    /// assert_eq!(back.after_text(), "digraph(1>2 2>1 2>3; 3)");
    /// assert!(counter < &a.counter.unwrap());
    /// ```
    pub fn account(&mut self, c: &Component, limit: usize) -> Result<Account> {
        let (slot, u) = self.locate(std::slice::from_ref(c))?;
        let (value, counter, mex) = {
            let s = self.solution(slot);
            (s.gamma(u).expect("solved"), s.counter(u), s.mex(u))
        };
        let mut followers = Vec::new();
        let mut more = 0;
        for m in c.moves() {
            if followers.len() == limit {
                more += 1;
                continue;
            }
            let (fslot, v) = self.locate(&m.after)?;
            let same = fslot == slot;
            let (fvalue, fcounter) = {
                let s = self.solution(fslot);
                (s.gamma(v).expect("solved"), s.counter(v))
            };
            let mut reversal = None;
            let mut forcing = false;
            if same {
                let s = self.solution(slot);
                forcing = s.forcing(u).contains(&v);
                if let Some(w) = s.reversal(u, v) {
                    let wc = s.counter(w).expect("a finite answer");
                    if let [d] = &m.after[..] {
                        for back in d.moves() {
                            if self.locate(&back.after)? == (slot, w) {
                                reversal = Some((back, wc));
                                break;
                            }
                        }
                    }
                }
            }
            followers.push(Follower {
                mv: m,
                value: fvalue,
                counter: fcounter,
                reversal,
                forcing,
            });
        }
        Ok(Account {
            value,
            counter,
            mex,
            followers,
            more,
        })
    }
}
