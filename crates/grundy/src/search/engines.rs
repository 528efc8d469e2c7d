//! The engines of one request, one per game ([`Engines`]), which keep their
//! tables between questions.

use std::any::{Any, TypeId};
use std::collections::HashMap;

use super::config::SearchConfig;
use super::nimber::Search;
use super::progress::Stats;
use super::rules::Rules;
use crate::budget::Budget;
use crate::error::Result;
use crate::nimber::Nimber;

/// The search engines of one request: one [`Search`] per [`Rules`] type,
/// made on first use and kept, so that every question about one game (a
/// value, then each option's value for the winning moves, then a reply in
/// `play`) shares one table.
///
/// A family whose components have rules of their own hands them over in
/// [`Game::solve`](crate::game::Game::solve):
///
/// ```
/// # use grundy::search::{Engines, Options, Rules, SearchConfig};
/// # #[derive(Default)] struct Kayles;
/// # impl Rules for Kayles {
/// #     type Part = u32;
/// #     fn options(&self, &n: &u32, out: &mut Options<u32>) -> grundy::Result<()> {
/// #         for t in 1..=2.min(n) { for l in 0..=(n - t) / 2 { out.push([l, n - t - l]) } }
/// #         Ok(())
/// #     }
/// #     fn finite(&self) -> bool { true }
/// # }
/// let mut engines = Engines::new(SearchConfig::default());
/// assert_eq!(engines.nimber(Kayles, &11).unwrap(), 6);
/// // The same engine, its table already holding kayles 0..11.
/// assert_eq!(engines.search(|| Kayles).stats().solved, 12);
/// ```
///
/// The engine for a type is made from the first `rules` value given;
/// later values are ignored, so a game's parameters belong in its parts.
pub struct Engines {
    config: SearchConfig,
    searches: HashMap<TypeId, Box<dyn Erased>>,
}

impl Engines {
    /// No engines yet; they will be made with `config`.
    pub fn new(config: SearchConfig) -> Engines {
        Engines {
            config,
            searches: HashMap::new(),
        }
    }

    /// The configuration the engines are made with.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// The engine of rules `R`, made by `make` if there is none yet.
    pub fn search<R: Rules>(&mut self, make: impl FnOnce() -> R) -> &mut Search<R> {
        let config = &self.config;
        self.searches
            .entry(TypeId::of::<R>())
            .or_insert_with(|| Box::new(Search::new(make(), config)))
            .any()
            .downcast_mut::<Search<R>>()
            .expect("one engine per rules type")
    }

    /// The nimber of `part` under `rules`.
    pub fn nimber<R: Rules>(&mut self, rules: R, part: &R::Part) -> Result<Nimber> {
        self.search(|| rules).nimber(part)
    }

    /// Whether the nimber of `part` under `rules` is `k` (see
    /// [`Search::has_nimber`]: often much cheaper than the nimber).
    pub fn has_nimber<R: Rules>(&mut self, rules: R, part: &R::Part, k: Nimber) -> Result<bool> {
        self.search(|| rules).has_nimber(part, k)
    }

    /// A fresh allowance of work (see [`SearchConfig::work`]) for the next
    /// questions, every engine keeping what it knows.
    pub fn renew(&mut self, work: Option<u64>) {
        self.config.work = work;
        for s in self.searches.values_mut() {
            s.renew(work);
        }
    }

    /// Honours `budget` from the next question on, in every engine made so
    /// far and those made later (each keeps its table when it fits the new
    /// allowance).
    pub fn set_budget(&mut self, budget: Budget) {
        self.config.budget = budget.clone();
        for s in self.searches.values_mut() {
            s.set_budget(budget.clone());
        }
    }

    /// The counters of every engine made so far, summed.
    pub fn stats(&self) -> Stats {
        self.searches
            .values()
            .map(|s| s.stats())
            .fold(Stats::default(), |a, b| a.plus(&b))
    }
}

/// An engine of some rules type, for the registry.
trait Erased: Send {
    fn renew(&mut self, work: Option<u64>);
    fn set_budget(&mut self, budget: Budget);
    fn stats(&self) -> Stats;
    fn any(&mut self) -> &mut dyn Any;
}

impl<R: Rules> Erased for Search<R> {
    fn renew(&mut self, work: Option<u64>) {
        Search::renew(self, work);
    }
    fn set_budget(&mut self, budget: Budget) {
        Search::set_budget(self, budget);
    }
    fn stats(&self) -> Stats {
        Search::stats(self)
    }
    fn any(&mut self) -> &mut dyn Any {
        self
    }
}
