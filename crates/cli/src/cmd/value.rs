//! `grundy value RULE N`: one Grundy value, for any N below 2^64 once the
//! rule's period is proved.

use std::io::Write;

use anyhow::Result;
use grundy::games::heap::parse_rule;
use grundy::sequence::{Limits, NimSequence};

use super::parse_count;

/// The Grundy value of one heap.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The rule: nim, kayles, dawson, grundys, a code such as 0.137, or sub{…}.
    rule: String,
    /// The heap size.
    #[arg(value_parser = parse_count)]
    n: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rule = parse_rule(&args.rule)?;
    let seq = NimSequence::new(&rule, args.n, Limits::default())?;
    let value = seq.value(args.n)?;
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = serde_json::json!({ "rule": rule.to_string(), "n": args.n, "value": value });
        writeln!(out, "{json}")?;
        return Ok(());
    }
    writeln!(out, "G({}) = {value} for {rule}", args.n)?;
    if let Some(p) = seq.period() {
        let same = p.reduce(args.n);
        if same != args.n {
            writeln!(
                out,
                "The nim-sequence has period {} from heap {} (proved), so G({}) = G({same}).",
                p.period, p.preperiod, args.n
            )?;
        }
    }
    Ok(())
}
