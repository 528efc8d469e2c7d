//! What the families' theories remember between calls.
//!
//! Some theory is costly to set up and cheap to use once set up: a heap
//! rule's misère quotient takes up to seconds to compute and answers every
//! misère sum of that rule at once. A [`Memo`] keeps such things, one value
//! of each type, for as long as its owner keeps it. It travels in the
//! [`Context`](crate::game::Context) of a component's theory and in the
//! [`AnalyzeOptions`](crate::sum::AnalyzeOptions) of an analysis, and
//! clones share it: a caller that analyses many positions (a game being
//! played, a server, a notebook) keeps one set of options, and each costly
//! thing is set up once. Nothing is kept for the whole process.
//!
//! ```
//! use grundy::memo::Memo;
//! #[derive(Clone, Debug, Default, PartialEq)]
//! struct Seen(u32);
//!
//! let memo = Memo::default();
//! assert_eq!(memo.get_or_init(|| Seen(7)), Seen(7));
//! // The value stays; a clone of the memo finds it too.
//! assert_eq!(memo.clone().get_or_init(Seen::default), Seen(7));
//! ```

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// One value of each type, shared by the clones of the memo. See the
/// [module documentation](self).
#[derive(Clone, Default)]
pub struct Memo {
    values: Arc<Mutex<HashMap<TypeId, Box<dyn Any + Send + Sync>>>>,
}

impl Memo {
    /// The value of type `T` kept here, made by `make` on first use. `T`
    /// is meant to be a cheap handle (an `Arc` inside) that its clones
    /// share, such as [`QuotientCache`](crate::quotient::QuotientCache).
    pub fn get_or_init<T: Any + Clone + Send + Sync>(&self, make: impl FnOnce() -> T) -> T {
        // A panic while holding the lock cannot leave the map half changed:
        // every change is one insert.
        let mut values = self.values.lock().unwrap_or_else(|e| e.into_inner());
        values
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(make()))
            .downcast_ref::<T>()
            .expect("each type's entry holds that type")
            .clone()
    }

    /// Whether `other` is a clone of this memo (they share their values).
    pub fn shares(&self, other: &Memo) -> bool {
        Arc::ptr_eq(&self.values, &other.values)
    }
}

impl fmt::Debug for Memo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.values.lock().map_or(0, |v| v.len());
        write!(f, "Memo({n} kept)")
    }
}
