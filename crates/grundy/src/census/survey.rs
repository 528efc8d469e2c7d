//! One code's survey: its nim-sequence computed by the sequence engine up
//! to a heap, stopping at a Guy–Smith proof, within a time budget.

use super::class::{representative, shifted};
use super::codes::Code;
use super::record::{Record, ShiftOf, Status};
use super::split::{open_split, solved_split};
use crate::budget::{Budget, LimitKind};
use crate::error::{Error, Result};
use crate::sequence::{Computation, Step};

/// Heaps computed between two looks at the budget: short enough that a
/// deadline stops a game within a fraction of a second even where each
/// heap scans every split of a million heaps.
const CHUNK: u64 = 256;

/// Surveys `code`: computes `G(0..=to)`, stopping early once a period is
/// proved (the Guy–Smith theorem), or when `budget`'s deadline passes (the
/// record then says how far it got: an open code computed to less than
/// `to`). Its class and shift come from the rules ([`super::class`]).
///
/// The sequence computed is that of the class representative, identical
/// to the code's by the rules, so that a census computes each class once
/// ([`Record::for_code`]); the representative's proof proves the code's
/// period (the representative is never longer, so its proof never needs
/// more heaps).
///
/// A cancelled budget, or a memory allowance the values (2 bytes a heap)
/// do not fit in, is an error.
///
/// ```
/// use grundy::budget::Budget;
/// use grundy::census::{survey, Code, Status};
/// let r = survey(&Code::parse("0.07").unwrap(), 1 << 20, &Budget::unlimited()).unwrap();
/// assert_eq!((r.status, r.preperiod, r.period), (Status::Solved, Some(53), Some(34)));
/// assert_eq!(r.equivalent, "0.07");
/// ```
pub fn survey(code: &Code, to: u64, budget: &Budget) -> Result<Record> {
    let rep = representative(code);
    Ok(compute(&rep, to, budget)?.for_code(code))
}

/// [`survey`] of a class representative.
fn compute(code: &Code, to: u64, budget: &Budget) -> Result<Record> {
    let heaps = to.saturating_add(1);
    // The values are the one allocation that grows with the heaps.
    let _values = budget.reserve(heaps.saturating_mul(2))?;
    let rule = code.rule();
    let mut run = Computation::new(&rule, 1)?;
    loop {
        match budget.check() {
            Ok(()) => {}
            Err(e) if e.limit_kind() == Some(LimitKind::Time) => break,
            Err(e) => return Err(e),
        }
        match run.advance(heaps, CHUNK, true) {
            Ok(Step::Working) => {}
            Ok(Step::Reached | Step::Proved(_)) => break,
            Err(e) => return Err(in_code(code, e)),
        }
    }
    let computed = run.computed() as u64;
    let values = || {
        run.all_values()
            .expect("a census run keeps every value (no window mode)")
    };
    let (largest_at, largest) =
        values().enumerate().fold(
            (0, 0),
            |(at, big), (n, v)| if v > big { (n as u64, v) } else { (at, big) },
        );
    let period = run.period();
    let split = match period {
        Some(p) => solved_split(values, p.preperiod, p.period),
        None => open_split(values),
    };
    Ok(Record {
        code: code.text().to_string(),
        equivalent: code.canonical(),
        shift_of: shift_of(code),
        status: match period {
            Some(_) => Status::Solved,
            None => Status::Open,
        },
        preperiod: period.map(|p| p.preperiod),
        period: period.map(|p| p.period),
        computed_to: computed.saturating_sub(1),
        largest,
        largest_at,
        rare_mask: split.map(|s| s.mask),
        rare_count: split.map(|s| s.count),
        last_rare: split.and_then(|s| s.last),
    })
}

impl Record {
    /// The record of `code`, of the same class as this record's code: the
    /// same sequence, so the same findings, under its own name and shift.
    ///
    /// ```
    /// use grundy::budget::Budget;
    /// use grundy::census::{survey, Code};
    /// let kayles = survey(&Code::parse("0.77").unwrap(), 1000, &Budget::unlimited()).unwrap();
    /// let same = kayles.for_code(&Code::parse("0.770").unwrap());
    /// assert_eq!((same.code.as_str(), same.period), ("0.770", Some(12)));
    /// ```
    pub fn for_code(&self, code: &Code) -> Record {
        let equivalent = representative(code).canonical();
        debug_assert_eq!(
            equivalent, self.equivalent,
            "{code} is not of the class of {}",
            self.code
        );
        Record {
            code: code.text().to_string(),
            equivalent,
            shift_of: shift_of(code),
            ..self.clone()
        }
    }
}

/// The class of the code `code`'s sequence is a shift of, if any.
fn shift_of(code: &Code) -> Option<ShiftOf> {
    shifted(code).map(|(reduced, shift)| ShiftOf {
        code: representative(&reduced).canonical(),
        shift,
    })
}

/// `err`, saying which code it is about when the message does not.
fn in_code(code: &Code, err: Error) -> Error {
    match err {
        Error::Limit { .. } => err,
        Error::TooLarge(m) => Error::TooLarge(format!("{code}: {m}")),
        Error::Unsupported(m) => Error::Unsupported(format!("{code}: {m}")),
        Error::ValueOverflow { .. } => Error::Unsupported(format!("{code}: {err}")),
        other => other,
    }
}
