//! The census of octal codes (`census`): the table of records, sorted as
//! the published tables are, with its summary line, and the records as one
//! JSON array.

use std::io::Write;

use anyhow::Result;
use grundy::census::{Record, Status, Summary};

/// The records as one JSON array (the fields of [`Record`]), on one line.
pub fn write_json(out: &mut dyn Write, records: &[Record]) -> Result<()> {
    serde_json::to_writer(&mut *out, records)?;
    writeln!(out)?;
    Ok(())
}

/// The table, in the order of the published tables, and its summary line.
pub fn write_table(out: &mut dyn Write, records: &[Record], to: u64) -> Result<()> {
    let head = [
        "code",
        "equivalent",
        "shift of",
        "status",
        "preperiod",
        "period",
        "computed to",
        "largest",
        "at",
        "rare mask",
        "rare",
        "last rare",
    ];
    let opt = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    let rows: Vec<[String; 12]> = records
        .iter()
        .map(|r| {
            [
                r.code.clone(),
                r.equivalent.clone(),
                r.shift_of
                    .as_ref()
                    .map_or(String::new(), |s| format!("{} +{}", s.code, s.shift)),
                match r.status {
                    Status::Solved => "solved".into(),
                    Status::Open => "open".into(),
                },
                opt(r.preperiod),
                opt(r.period),
                r.computed_to.to_string(),
                r.largest.to_string(),
                r.largest_at.to_string(),
                r.rare_mask.map_or(String::new(), |m| format!("{m:x}")),
                opt(r.rare_count),
                opt(r.last_rare),
            ]
        })
        .collect();
    let mut width = head.map(str::len);
    for row in &rows {
        for (w, cell) in width.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    // Codes and words to the left, numbers to the right.
    let left = |i: usize| i < 4;
    let line = |out: &mut dyn Write, cells: &[String]| -> std::io::Result<()> {
        let cells: Vec<String> = cells
            .iter()
            .enumerate()
            .map(|(i, c)| match left(i) {
                true => format!("{c:<w$}", w = width[i]),
                false => format!("{c:>w$}", w = width[i]),
            })
            .collect();
        writeln!(out, "| {} |", cells.join(" | "))
    };
    line(out, &head.map(String::from))?;
    let rule: Vec<String> = (0..head.len())
        .map(|i| match left(i) {
            true => format!(":{}", "-".repeat(width[i] - 1)),
            false => format!("{}:", "-".repeat(width[i] - 1)),
        })
        .collect();
    let rule: Vec<String> = rule.iter().map(|r| format!(" {r} ")).collect();
    writeln!(out, "|{}|", rule.join("|"))?;
    for row in &rows {
        line(out, row)?;
    }
    let s = Summary::of(records);
    writeln!(
        out,
        "\n{} codes to heap {to}: {} solved ({} trivial: proved within heaps below 1000), {} open; {} classes.",
        s.codes, s.solved, s.trivial, s.open, s.classes
    )?;
    Ok(())
}
