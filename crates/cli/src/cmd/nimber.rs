//! `grundy nimber OP ARGS`: arithmetic in the field of 64-bit nimbers —
//! nim-sum, nim product, square, square root, power, inverse, quotient.

use std::io::Write;

use anyhow::{bail, Result};
use grundy::nimber;

use super::parse_count;

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

/// The `--json` object, fields in this order.
#[derive(serde::Serialize)]
struct Answer {
    op: &'static str,
    args: Vec<u64>,
    result: u64,
}

pub fn run(args: Args) -> Result<()> {
    let (name, operands, result, text) = match args.op {
        Op::Add { a, b } => {
            let r = a ^ b;
            ("add", vec![a, b], r, format!("{a} ⊕ {b} = {r}"))
        }
        Op::Mul { a, b } => {
            let r = nimber::mul(a, b);
            ("mul", vec![a, b], r, format!("{a} ⊗ {b} = {r}"))
        }
        Op::Div { a, b } => {
            let Some(r) = nimber::div(a, b) else {
                bail!("division by zero: {a} / 0 is undefined (0 has no nim inverse)");
            };
            (
                "div",
                vec![a, b],
                r,
                format!("{a} ⊘ {b} = {r}  ({r} ⊗ {b} = {a})"),
            )
        }
        Op::Inv { a } => {
            let Some(r) = nimber::inv(a) else {
                bail!("division by zero: 0 has no nim inverse");
            };
            ("inv", vec![a], r, format!("1 ⊘ {a} = {r}  ({a} ⊗ {r} = 1)"))
        }
        Op::Square { a } => {
            let r = nimber::square(a);
            ("square", vec![a], r, format!("{a} ⊗ {a} = {r}"))
        }
        Op::Sqrt { a } => {
            let r = nimber::sqrt(a);
            (
                "sqrt",
                vec![a],
                r,
                format!("sqrt {a} = {r}  ({r} ⊗ {r} = {a})"),
            )
        }
        Op::Pow { a, e } => {
            let r = nimber::pow(a, e);
            ("pow", vec![a, e], r, format!("{a}^{e} = {r}  (nim power)"))
        }
    };
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::to_string(&Answer {
            op: name,
            args: operands,
            result,
        })?;
        writeln!(out, "{json}")?;
    } else {
        writeln!(out, "{text}")?;
    }
    Ok(())
}
