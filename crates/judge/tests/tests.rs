//! The judge adapters' integration tests, in one binary. `util` holds what
//! the modules share: running an adapter, and an exhaustive game-tree search
//! written from the definitions.
//!
//! A new test file must be added here as a module, or it is not compiled.

mod cross_check;
mod fuzz;
mod hdu_3404;
mod hdu_3595;
mod malformed;
mod no_bounds;
mod samples;
mod util;
