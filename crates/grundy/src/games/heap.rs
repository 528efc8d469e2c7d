//! Heap games, the family: one heap of a [`Rule`] as a game component,
//! with its values from the rule's [`NimSequence`] (closed form or proved
//! period), and the expression-language syntax of every heap rule. The
//! rules themselves are defined in [`rule`](crate::rule).

use std::sync::{Arc, Mutex};

use crate::cursor::Cursor;
use crate::error::{Error, Result};
use crate::game::{
    mover_wins, steps_from_options, Component, Context, Game, MisereSum, Move, QuotientCase,
};
use crate::nimber::Nimber;
use crate::quotient::{Element, QuotientCache, ANALYSIS_LIMITS};
use crate::rule::subtraction::{range_steps, MAX_STEPS_SEQUENCE};
use crate::rule::{Move as HeapMove, Rule, Subtraction};
use crate::sequence::NimSequence;
use crate::sum::Term;

/// A rule as written, shared by every heap of a term and of the positions
/// that follow from it, with its nim-sequence computed once.
#[derive(Debug)]
struct RuleCell {
    name: String,
    rule: Rule,
    /// The largest heap of the term written: the sequence is computed that far.
    want: u64,
    seq: Mutex<Option<Arc<NimSequence>>>,
    /// Every-game steps `s(0), s(1), …` of a subtraction set without a
    /// closed form, extended on demand.
    steps: Mutex<Vec<u64>>,
}

/// One heap of a heap rule (Nim, a subtraction game, an octal or
/// hexadecimal code, Grundy's game).
#[derive(Clone, Debug)]
pub struct Heap {
    cell: Arc<RuleCell>,
    n: u64,
}

impl Heap {
    /// The heaps `sizes` of `rule`, written as `name`, sharing one sequence.
    pub fn term(name: &str, rule: Rule, sizes: &[u64]) -> Vec<Component> {
        let cell = Arc::new(RuleCell {
            name: name.to_string(),
            rule,
            want: sizes.iter().copied().max().unwrap_or(0),
            seq: Mutex::new(None),
            steps: Mutex::new(Vec::new()),
        });
        sizes
            .iter()
            .map(|&n| {
                Arc::new(Heap {
                    cell: cell.clone(),
                    n,
                }) as Component
            })
            .collect()
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.cell.rule
    }

    /// The heap's size.
    pub fn size(&self) -> u64 {
        self.n
    }

    fn child(&self, n: u64) -> Component {
        Arc::new(Heap {
            cell: self.cell.clone(),
            n,
        })
    }

    fn sequence(&self, cx: &Context) -> Result<Arc<NimSequence>> {
        let mut slot = self.cell.seq.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(seq) = slot.as_ref() {
            if seq.knows(self.n) {
                return Ok(seq.clone());
            }
        }
        let seq = Arc::new(NimSequence::new(
            &self.cell.rule,
            self.n.max(self.cell.want),
            cx.limits,
        )?);
        *slot = Some(seq.clone());
        Ok(seq)
    }

    /// The sizes of `parts` when every one is a heap written with this
    /// one's name (which names its rule); `None` when some part is anything
    /// else, a game of your own named like a rule included.
    fn sizes_of(&self, parts: &[&dyn Game]) -> Option<Vec<u64>> {
        parts
            .iter()
            .map(|p| {
                // A heap's key is its size.
                (p.is::<Heap>() && p.name() == self.name()).then(|| p.key()[0])
            })
            .collect()
    }

    fn to_move(&self, m: HeapMove) -> Move {
        let after = m.leaves.iter().map(|&h| self.child(h)).collect();
        Move::to(after).with_heap(0, self.n, m.leaves)
    }
}

impl Game for Heap {
    fn name(&self) -> &str {
        &self.cell.name
    }

    fn args(&self) -> String {
        self.n.to_string()
    }

    fn key(&self) -> Vec<u64> {
        vec![self.n]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        Box::new(self.cell.rule.moves(self.n).map(|m| self.to_move(m)))
    }

    fn has_moves(&self) -> bool {
        self.cell.rule.has_moves(self.n)
    }

    fn value(&self, cx: &Context) -> Result<Option<Nimber>> {
        if let Some(v) = self.cell.rule.closed_form(self.n) {
            return Ok(Some(v));
        }
        Ok(Some(self.sequence(cx)?.value(self.n)?))
    }

    fn moves_to_value(
        &self,
        cx: &Context,
        target: Nimber,
        limit: usize,
    ) -> Result<Option<Vec<Move>>> {
        let seq = self.sequence(cx)?;
        let moves: Vec<HeapMove> = seq.moves_to_value(self.n, target)?.take(limit).collect();
        Ok(Some(moves.into_iter().map(|m| self.to_move(m)).collect()))
    }

    fn value_reason(&self, _cx: &Context, value: Nimber) -> Option<String> {
        Some(match self.cell.rule {
            Rule::Nim => format!("a Nim heap's value is its size: G = {value}"),
            ref rule => format!("G({}) = {value} (from the nim-sequence of {rule})", self.n),
        })
    }

    fn misere_sum(
        &self,
        cx: &Context,
        parts: &[&dyn Game],
        max_moves: usize,
    ) -> Option<Result<MisereSum>> {
        let sizes = self.sizes_of(parts)?;
        let quotients = cx.memo.get_or_init(QuotientCache::new);
        let answer = quotients.solve_misere(self.rule(), &sizes, max_moves, &cx.budget)?;
        Some(answer.map(|a| {
            let moves = a
                .moves
                .into_iter()
                .map(|(i, m)| {
                    let heap = Heap {
                        cell: self.cell.clone(),
                        n: sizes[i],
                    };
                    (i, heap.to_move(m))
                })
                .collect();
            (a.outcome, moves)
        }))
    }

    /// A take-and-break or subtraction rule: each heap's element of the
    /// rule's misère quotient `Q`, their product, and the product each
    /// winning move leaves (which must lie in the P-portion).
    fn misere_quotient(
        &self,
        cx: &Context,
        parts: &[&dyn Game],
        moves: &[(usize, &Move)],
    ) -> Option<QuotientCase> {
        let rule = self.rule();
        if !matches!(rule, Rule::TakeBreak(_) | Rule::Subtraction(_)) {
            return None;
        }
        let sizes = self.sizes_of(parts)?;
        let largest = sizes.iter().copied().max().unwrap_or(0);
        let quotients = cx.memo.get_or_init(QuotientCache::new);
        let q = quotients
            .covering(rule, largest, ANALYSIS_LIMITS, &cx.budget)
            .ok()?;
        let m = q.monoid();
        let elems: Vec<Element> = sizes
            .iter()
            .map(|&h| q.phi(h))
            .collect::<Result<_>>()
            .ok()?;
        let product_of = |skip: Option<usize>| {
            elems
                .iter()
                .enumerate()
                .filter(|&(j, _)| Some(j) != skip)
                .fold(q.identity(), |acc, (_, &e)| m.mul(acc, e))
        };
        let product = product_of(None);
        let mut after = Vec::with_capacity(moves.len());
        for &(i, mv) in moves {
            let leaves = &mv.heap.as_ref()?.to;
            let x = leaves.iter().try_fold(product_of(Some(i)), |acc, &h| {
                Some(m.mul(acc, q.phi(h).ok()?))
            })?;
            if !m.is_p(x) {
                return None;
            }
            after.push((x, q.word(x)));
        }
        Some(QuotientCase {
            rule: rule.to_string(),
            order: q.order(),
            computed_to: q.heaps(),
            period: q.period().map(|p| (p.preperiod, p.period)),
            elements: sizes
                .iter()
                .zip(&elems)
                .map(|(&h, &e)| (h, e, q.word(e)))
                .collect(),
            generators: q.generator_heaps().to_vec(),
            product,
            product_word: q.word(product),
            in_p: m.is_p(product),
            p_portion: q.p_portion().into_iter().map(|x| q.word(x)).collect(),
            after,
        })
    }

    /// Nim: 1 (take it all); a range: its closed form; another subtraction
    /// set: its steps sequence, by the rule over `n − k`, while short.
    fn steps(&self) -> Option<u64> {
        let n = self.n;
        match &self.cell.rule {
            Rule::Nim => Some(u64::from(n > 0)),
            Rule::Subtraction(Subtraction::Range { lo, hi }) => Some(range_steps(*lo, *hi, n)),
            Rule::Subtraction(set) if n <= MAX_STEPS_SEQUENCE => {
                let mut seq = self.cell.steps.lock().unwrap_or_else(|e| e.into_inner());
                for m in seq.len() as u64..=n {
                    let options: Vec<u64> = set
                        .members_up_to(m)
                        .map(|k| seq[(m - k) as usize])
                        .collect();
                    seq.push(steps_from_options(options));
                }
                Some(seq[n as usize])
            }
            _ => None,
        }
    }

    /// A won Nim or range heap: any move to a P-position is best (they all
    /// leave the same steps); a lost one: any move.
    fn steps_candidates(&self, cx: &Context, steps: u64) -> Result<Option<Vec<Move>>> {
        match self.cell.rule {
            Rule::Nim | Rule::Subtraction(Subtraction::Range { .. }) => {
                if mover_wins(steps) {
                    self.moves_to_value(cx, 0, 1)
                } else {
                    Ok(Some(self.moves().take(1).collect()))
                }
            }
            _ => Ok(None),
        }
    }

    /// Nim (value 0 only when empty) and ranges `sub{a..b}` (a P-heap
    /// `qp + r`, `r < a`, `q ≥ 1`, reaches residue `a + r`, of value 1) meet
    /// the condition by theory; nothing here splits.
    fn sj_condition(&self) -> Option<bool> {
        matches!(
            self.cell.rule,
            Rule::Nim | Rule::Subtraction(Subtraction::Range { .. })
        )
        .then_some(true)
    }

    fn as_nim(&self) -> Option<u64> {
        (self.cell.rule == Rule::Nim).then_some(self.n)
    }

    fn heaps(&self) -> Vec<u64> {
        vec![self.n]
    }

    fn emptied(&self) -> Option<Component> {
        Some(self.child(0))
    }

    fn noun(&self) -> &str {
        "heap"
    }

    fn describe(&self, mv: &Move, label: &str) -> String {
        let leaves = mv.heap.as_ref().map(|h| h.to.clone()).unwrap_or_default();
        let left: u64 = leaves.iter().sum();
        HeapMove::new(self.n - left, leaves).describe_as(label, self.n)
    }

    /// `K` (take K tokens) for moves that leave at most one heap, except in
    /// Grundy's game; `= A B` (the heaps left) or `= 0` otherwise.
    fn notation(&self, mv: &Move) -> String {
        let to = mv.heap.as_ref().map(|h| h.to.clone()).unwrap_or_default();
        let left: u64 = to.iter().sum();
        if to.len() <= 1 && self.cell.rule != Rule::Grundys {
            format!("{}", self.n - left)
        } else if to.is_empty() {
            "= 0".into()
        } else {
            let list: Vec<String> = to.iter().map(u64::to_string).collect();
            format!("= {}", list.join(" "))
        }
    }

    fn read_move(&self, text: &str, label: &str) -> std::result::Result<Move, String> {
        let spaced = text.replace('=', " = ").replace(',', " ");
        let tokens: Vec<&str> = spaced.split_whitespace().collect();
        let size = self.n;
        let leaves = match &tokens[..] {
            [] => {
                return Err(format!(
                    "say how many to take from {label} or what it leaves (`= A B`)"
                ))
            }
            ["=", rest @ ..] => {
                let leaves = rest
                    .iter()
                    .map(|t| number(t))
                    .collect::<std::result::Result<Vec<u64>, String>>()?;
                let total = leaves
                    .iter()
                    .try_fold(0u64, |a, &x| a.checked_add(x))
                    .unwrap_or(u64::MAX);
                if total > size {
                    return Err(format!(
                        "the heaps left hold {total} tokens, but {label} has only {size}"
                    ));
                }
                leaves
            }
            _ if size == 0 => return Err(format!("{label} is empty")),
            [k] => {
                let k = number(k)?;
                if k == 0 {
                    return Err("take at least one token".into());
                }
                if k > size {
                    return Err(format!(
                        "{label} has only {size} token{}",
                        if size == 1 { "" } else { "s" }
                    ));
                }
                vec![size - k]
            }
            _ => {
                return Err(
                    "too many numbers: `H K` takes K tokens, `H = A B` leaves heaps A and B".into(),
                )
            }
        };
        let m = HeapMove::new(0, leaves);
        let rule = &self.cell.rule;
        if !rule.allows(size, &m.leaves) {
            return Err(format!(
                "illegal move: {rule} does not allow a heap of {size} to become {}",
                if m.leaves.is_empty() {
                    "nothing".to_string()
                } else {
                    m.leaves
                        .iter()
                        .map(u64::to_string)
                        .collect::<Vec<_>>()
                        .join(" + ")
                }
            ));
        }
        let left: u64 = m.leaves.iter().sum();
        Ok(self.to_move(HeapMove::new(size - left, m.leaves)))
    }

    fn draw(&self) -> Vec<String> {
        vec![if self.n <= 30 {
            "●".repeat(self.n as usize)
        } else {
            format!("{} tokens", self.n)
        }]
    }
}

/// A position of Nim heaps, written `nim(…)`.
///
/// ```
/// let pos = grundy::games::heap::nim(vec![3, 4, 5]).unwrap();
/// assert_eq!(pos.to_string(), "nim(3,4,5)");
/// ```
pub fn nim(heaps: Vec<u64>) -> Result<crate::sum::Position> {
    if heaps.is_empty() {
        return Err(Error::EmptyPosition);
    }
    let parts = Heap::term("nim", Rule::Nim, &heaps);
    crate::sum::Position::new(vec![Term::new("nim", parts)])
}

/// A number typed in a move (at the `play` prompt, or sent to the server):
/// a `u64`, with an error that says whether it was negative, too large or
/// not a number.
///
/// ```
/// use grundy::games::heap::number;
/// assert_eq!(number("12"), Ok(12));
/// assert_eq!(number("-1").unwrap_err(), "\"-1\" is negative");
/// ```
pub fn number(token: &str) -> std::result::Result<u64, String> {
    if token.starts_with('-') {
        return Err(format!("{token:?} is negative"));
    }
    token.parse().map_err(|_| {
        if token.bytes().all(|b| b.is_ascii_digit()) {
            format!("{token} is too large")
        } else {
            format!("{token:?} is not a number")
        }
    })
}

/// Whether `word` (lower case) names a heap rule.
pub(crate) fn accepts(word: &str) -> bool {
    Rule::is_name(word)
}

/// The registered parser: `rule(n, n, …)`, one heap per size.
pub(crate) fn parse_term(word: &str, start: usize, p: &mut Cursor) -> Result<Term> {
    let (name, rule) = Rule::read(word, start, p)?;
    let sizes = p.sizes(&name)?;
    Ok(Term::new(&name, Heap::term(&name, rule, &sizes)))
}

/// The family's entry in the expression language.
pub(crate) const FAMILY: crate::games::Family = crate::games::Family {
    accepts,
    shown: "nim, kayles, dawson, grundys, sub{…}, take-and-break codes such as 0.77",
    example: "nim(3,4) + kayles(10) + 0.07(12) + sub{1,3,4}(9) + grundys(9)",
    about: "heaps of one rule: Nim, Kayles (0.77), Dawson's Kayles (0.07), Grundy's game (split a heap into two unequal ones), a subtraction set, or a take-and-break code",
    parse: parse_term,
};
