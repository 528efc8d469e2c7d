//! # grundy-judge — classic online-judge game problems, byte for byte
//!
//! Each supported problem is an adapter with two halves:
//!
//! * **solve**: read the judge's input from a stream, call the
//!   [`grundy`] engine, write exactly the judge's expected output (every line
//!   ends with `\n`, no trailing spaces). Input is streamed: memory is bounded
//!   by the largest single case, never by the whole input;
//! * **generate**: write a random valid input within the problem's stated
//!   bounds, mixing winning and losing positions and edge cases, so a
//!   solution can be stress-tested against this one.
//!
//! Adapters hold no game logic: they parse, call the engine, and format.
//! Where a problem is a known game in disguise, the reduction is written in
//! the adapter's doc comment.
//!
//! ```
//! let mut input = "3\n3 2 1\n".as_bytes();
//! let mut output = Vec::new();
//! grundy_judge::solve("hihocoder-1163", &mut input, &mut output).unwrap();
//! assert_eq!(output, b"Bob\n");
//! ```

pub mod error;
pub mod gen;
pub mod input;
pub mod problems;
pub mod rng;

use std::io::{self, Read, Write};

pub use error::{JudgeError, Result};
pub use gen::Scale;
pub use input::Bounds;
use input::Input;
use rng::Rng;

/// One supported problem.
#[derive(Clone, Copy)]
pub struct Problem {
    /// The id used on the command line, e.g. `poj-2975`.
    pub id: &'static str,
    /// One line: what the input is and what is printed.
    pub summary: &'static str,
    solve: fn(&mut Input<'_>, &mut dyn Write) -> Result<()>,
    generate: fn(&mut Rng, Scale, &mut dyn Write) -> io::Result<()>,
}

impl Problem {
    /// Reads the whole input from `input` and writes the expected output.
    /// On bad input, the output of the cases before it has been written.
    pub fn solve(&self, input: &mut dyn Read, output: &mut dyn Write) -> Result<()> {
        self.solve_with(input, output, Bounds::Stated)
    }

    /// [`Problem::solve`] with the numbers held to `bounds`: with
    /// [`Bounds::Defined`], any input the game is defined on is answered,
    /// beyond the problem's stated bounds.
    pub fn solve_with(
        &self,
        input: &mut dyn Read,
        output: &mut dyn Write,
        bounds: Bounds,
    ) -> Result<()> {
        let mut input = Input::with_bounds(input, bounds);
        (self.solve)(&mut input, output)
    }

    /// Writes a random valid input, the same for the same `seed` and `scale`.
    pub fn generate(&self, seed: u64, scale: Scale, output: &mut dyn Write) -> io::Result<()> {
        (self.generate)(&mut Rng::new(seed), scale, output)
    }
}

/// Every supported problem, in the order `--list` shows them.
pub fn problems() -> &'static [Problem] {
    problems::ALL
}

/// The problem with this id.
pub fn find(id: &str) -> Result<&'static Problem> {
    problems()
        .iter()
        .find(|p| p.id == id)
        .ok_or_else(|| JudgeError::UnknownProblem(id.to_string()))
}

/// Solves problem `id` on `input`, writing to `output`.
pub fn solve(id: &str, input: &mut dyn Read, output: &mut dyn Write) -> Result<()> {
    find(id)?.solve(input, output)
}
