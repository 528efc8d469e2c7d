//! `grundy seq RULE --to N`: the nim-sequence G(0..=N) and its proved period.

use std::io::{BufWriter, Write};

use anyhow::{bail, Result};
use grundy::expr::parse_rule;
use grundy::period::Proof;
use grundy::sequence::{Limits, NimSequence};

use super::parse_count;

/// The nim-sequence of a rule, and its period when proved.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The rule: nim, kayles, dawson, grundys, a code such as 0.137, or sub{…}.
    rule: String,
    /// The last heap size to print.
    #[arg(long, value_parser = parse_count, default_value_t = 100, value_name = "N")]
    to: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rule = parse_rule(&args.rule)?;
    let limits = Limits::default();
    if args.to >= limits.max_heaps {
        bail!(
            "--to {} is too large: at most {} values are printed",
            args.to,
            limits.max_heaps - 1
        );
    }
    let seq = NimSequence::new(&rule, args.to, limits)?;
    let mut out = BufWriter::new(std::io::stdout().lock());
    if args.json {
        write!(
            out,
            "{{\"rule\":{},\"values\":[",
            serde_json::to_string(&rule.to_string())?
        )?;
        for n in 0..=args.to {
            if n > 0 {
                out.write_all(b",")?;
            }
            write!(out, "{}", seq.value(n)?)?;
        }
        let (period, pre) = match seq.period() {
            Some(p) => (p.period.to_string(), p.preperiod.to_string()),
            None => ("null".into(), "null".into()),
        };
        let proof = match seq.period() {
            Some(p) => serde_json::to_string(&p.proof)?,
            None => "null".into(),
        };
        writeln!(
            out,
            "],\"period\":{period},\"preperiod\":{pre},\"proof\":{proof}}}"
        )?;
        out.flush()?;
        return Ok(());
    }
    writeln!(out, "Nim-sequence of {rule}, G(0..={}):", args.to)?;
    let width = args.to.to_string().len();
    for start in (0..=args.to).step_by(10) {
        write!(out, "{start:>width$}:")?;
        for n in start..=(start + 9).min(args.to) {
            write!(out, " {}", seq.value(n)?)?;
        }
        writeln!(out)?;
    }
    match seq.period() {
        Some(p) => {
            let how = match p.proof {
                Proof::ClosedForm => "by its closed form".to_string(),
                Proof::GuySmith {
                    window_start,
                    window_end,
                } => format!(
                    "by the Guy–Smith theorem: G(n + {}) = G(n) was checked for {window_start} ≤ n < {window_end}",
                    p.period
                ),
            };
            writeln!(
                out,
                "Period {} from heap {} (preperiod {}), proved {how}.",
                p.period, p.preperiod, p.preperiod
            )?;
        }
        None => writeln!(
            out,
            "No period proved ({} heaps computed).",
            seq.computed().len()
        )?,
    }
    out.flush()?;
    Ok(())
}
