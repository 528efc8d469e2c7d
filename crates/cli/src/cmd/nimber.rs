//! `grundy nimber OP ARGS`: arithmetic in the field of 64-bit nimbers —
//! nim-sum, nim product, square, square root, power, inverse, quotient.

use std::io::Write;

use anyhow::{bail, Result};
use grundy::nimber;

use crate::answer::nimber::Answer;
use crate::args::parse_count;

/// Arithmetic on nimbers below 2^64: ⊕ is xor, ⊗ is Conway's nim product.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  grundy nimber mul 3141 5926      # 14994\n  grundy nimber inv 5\n  grundy nimber div 14994 5926 --json"
)]
pub struct Args {
    #[command(subcommand)]
    op: Op,
    /// Print one JSON object: {"op":…,"args":[…],"result":…}.
    #[arg(long, global = true)]
    json: bool,
}

#[derive(clap::Subcommand, Debug)]
enum Op {
    /// The nim-sum a ⊕ b (bitwise xor).
    #[command(allow_negative_numbers = true)]
    Add {
        #[arg(value_parser = parse_count)]
        a: u64,
        #[arg(value_parser = parse_count)]
        b: u64,
    },
    /// The nim product a ⊗ b.
    #[command(allow_negative_numbers = true)]
    Mul {
        #[arg(value_parser = parse_count)]
        a: u64,
        #[arg(value_parser = parse_count)]
        b: u64,
    },
    /// The nim quotient a ⊘ b: the q with q ⊗ b = a (b must not be 0).
    #[command(allow_negative_numbers = true)]
    Div {
        #[arg(value_parser = parse_count)]
        a: u64,
        #[arg(value_parser = parse_count)]
        b: u64,
    },
    /// The nim inverse: the x with a ⊗ x = 1 (a must not be 0).
    #[command(allow_negative_numbers = true)]
    Inv {
        #[arg(value_parser = parse_count)]
        a: u64,
    },
    /// The nim square a ⊗ a.
    #[command(alias = "sqr")]
    #[command(allow_negative_numbers = true)]
    Square {
        #[arg(value_parser = parse_count)]
        a: u64,
    },
    /// The nim square root: the s with s ⊗ s = a.
    #[command(allow_negative_numbers = true)]
    Sqrt {
        #[arg(value_parser = parse_count)]
        a: u64,
    },
    /// a ⊗ a ⊗ … ⊗ a, e times (e an ordinary exponent; a^0 = 1).
    #[command(allow_negative_numbers = true)]
    Pow {
        #[arg(value_parser = parse_count)]
        a: u64,
        #[arg(value_parser = parse_count)]
        e: u64,
    },
}

pub fn run(args: Args) -> Result<()> {
    let (op, operands, result) = match args.op {
        Op::Add { a, b } => ("add", vec![a, b], a ^ b),
        Op::Mul { a, b } => ("mul", vec![a, b], nimber::mul(a, b)),
        Op::Div { a, b } => {
            let Some(r) = nimber::div(a, b) else {
                bail!("division by zero: {a} / 0 is undefined (0 has no nim inverse)");
            };
            ("div", vec![a, b], r)
        }
        Op::Inv { a } => {
            let Some(r) = nimber::inv(a) else {
                bail!("division by zero: 0 has no nim inverse");
            };
            ("inv", vec![a], r)
        }
        Op::Square { a } => ("square", vec![a], nimber::square(a)),
        Op::Sqrt { a } => ("sqrt", vec![a], nimber::sqrt(a)),
        Op::Pow { a, e } => ("pow", vec![a, e], nimber::pow(a, e)),
    };
    let answer = Answer {
        op,
        args: operands,
        result,
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", answer.json()?)?;
    } else {
        writeln!(out, "{}", crate::ui::Ui::detect().text(&answer.text()))?;
    }
    Ok(())
}
