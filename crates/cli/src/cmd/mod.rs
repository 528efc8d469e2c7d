//! One module per subcommand: each parses its arguments (the shared ones are
//! in [`crate::args`]), calls the engine, and prints the answer
//! [`crate::answer`] builds. (`grundy serve` is [`crate::serve`].)

pub mod analyze;
pub mod explain;
pub mod judge;
pub mod nim;
pub mod nimber;
pub mod play;
pub mod quotient;
pub mod seq;
pub mod value;
