//! The census of octal games: for every code of a list (`0.???`, `4.??`,
//! …), its class of codes with identical nim-sequences, whether its period
//! is proved, and what its sequence looks like — the table researchers keep
//! of octal games, computed.
//!
//! * [`codes`]: the codes, the patterns that list them, and the order of
//!   the published tables;
//! * [`class`]: classes and shifts, decided from the rules (with proofs);
//! * [`survey()`]: one code's run through the sequence engine, with its
//!   Guy–Smith proof, up to a heap and within a time budget;
//! * [`record`]: the census line of one code (the JSON record) and the
//!   summary of a census;
//! * [`run`]: many codes on several threads.
//!
//! ```
//! use grundy::budget::Budget;
//! use grundy::census::{self, expand, Options, Status};
//! let codes = expand(&["0.0?"]).unwrap();
//! let options = Options { to: 1000, ..Options::default() };
//! let records = census::run(&codes, &[], &options, &Budget::unlimited(), &|_| {}).unwrap();
//! assert_eq!(records.len(), 8);
//! let dawson = records.iter().find(|r| r.code == "0.07").unwrap();
//! assert_eq!((dawson.status, dawson.period), (Status::Solved, Some(34)));
//! ```

pub mod class;
pub mod codes;
pub mod record;
pub mod split;
mod survey;

use std::collections::HashMap;
use std::time::Duration;

use rayon::prelude::*;

pub use class::{representative, shifted, MoveKey};
pub use codes::{expand, Code};
pub use record::{Record, ShiftOf, Status, Summary};
pub use survey::survey;

use crate::budget::Budget;
use crate::error::{Error, Result};

/// How far a census computes each code by default: heaps up to 2^20.
pub const DEFAULT_TO: u64 = 1 << 20;

/// How a census runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The last heap computed for each code (the computation stops earlier
    /// at a proof).
    pub to: u64,
    /// The time each code may take (none: as long as it needs).
    pub time_per_game: Option<Duration>,
    /// Codes surveyed at once, one thread each (at least 1).
    pub threads: usize,
}

impl Default for Options {
    /// To heap 2^20, no time limit, one thread.
    fn default() -> Options {
        Options {
            to: DEFAULT_TO,
            time_per_game: None,
            threads: 1,
        }
    }
}

/// Surveys `codes` on `options.threads` threads, calling `done` with each
/// record as its code is finished (in the order they finish), and returns
/// the records in the order of `codes`. Each class is computed once, for
/// its first code (the records of the others follow from it, see
/// [`Record::for_code`]).
///
/// `known` are records found before with the same options (a census
/// resumed): a code with one is not surveyed again (nor is `done` called
/// for it), and a code of the class of one has its record from it.
///
/// Every code's run holds its values against `budget`'s memory allowance
/// (refused up front when the codes run at once do not fit), and stops
/// when `budget` is cancelled (an error); each has its own deadline of
/// `options.time_per_game`.
pub fn run(
    codes: &[Code],
    known: &[Record],
    options: &Options,
    budget: &Budget,
    done: &(dyn Fn(&Record) + Sync),
) -> Result<Vec<Record>> {
    let threads = options.threads.max(1);
    let by_code: HashMap<&str, &Record> = known.iter().map(|r| (r.code.as_str(), r)).collect();
    let by_class: HashMap<&str, &Record> =
        known.iter().map(|r| (r.equivalent.as_str(), r)).collect();
    let mut records: Vec<Option<Record>> = vec![None; codes.len()];
    // The codes of each class, by class, in the order of their first code.
    let mut classes: Vec<(Code, Vec<usize>)> = Vec::new();
    let mut index: HashMap<Code, usize> = HashMap::new();
    for (i, code) in codes.iter().enumerate() {
        if let Some(&r) = by_code.get(code.text()) {
            records[i] = Some(r.clone());
            continue;
        }
        let rep = representative(code);
        if let Some(r) = by_class.get(rep.canonical().as_str()) {
            let record = r.for_code(code);
            done(&record);
            records[i] = Some(record);
            continue;
        }
        let at = *index.entry(rep.clone()).or_insert_with(|| {
            classes.push((rep, Vec::new()));
            classes.len() - 1
        });
        classes[at].1.push(i);
    }
    let at_once = threads.min(classes.len()) as u64;
    budget.fits(
        at_once
            .saturating_mul(options.to.saturating_add(1))
            .saturating_mul(2),
    )?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::Unsupported(format!("cannot start {threads} threads: {e}")))?;
    let found: Vec<Vec<(usize, Record)>> = pool.install(|| {
        classes
            .par_iter()
            .with_max_len(1)
            .map(|(rep, members)| {
                let mut game = budget.clone();
                if let Some(time) = options.time_per_game {
                    game = game.with_time(time);
                }
                let first = survey(&codes[members[0]], options.to, &game)?;
                let records: Vec<(usize, Record)> = members
                    .iter()
                    .map(|&i| (i, first.for_code(&codes[i])))
                    .collect();
                debug_assert_eq!(first.equivalent, rep.canonical());
                records.iter().for_each(|(_, r)| done(r));
                Ok(records)
            })
            .collect::<Result<_>>()
    })?;
    for (i, record) in found.into_iter().flatten() {
        records[i] = Some(record);
    }
    Ok(records
        .into_iter()
        .map(|r| r.expect("every code is in a class"))
        .collect())
}
