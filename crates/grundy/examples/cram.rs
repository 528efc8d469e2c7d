//! Solves a Cram board with the search engine directly and prints its
//! nimber and the search's statistics:
//!
//! ```sh
//! cargo run --release -p grundy --example cram -- 5x7
//! cargo run --release -p grundy --example cram -- "..#./..../...."
//! cargo run --release -p grundy --example cram -- 5x9 2048   # table of 2 GiB
//! ```
//!
//! The second argument is the transposition table's allowance in MiB
//! (default 256).

use std::io::Write as _;

use grundy::games::cram::{Cram, CramRules, SmallCramRules, SmallShape};
use grundy::search::{Rules, Search, SearchConfig, Stats};

fn solve<R: Rules>(rules: R, parts: &[R::Part], config: &SearchConfig) -> (u64, Stats) {
    let mut search = Search::new(rules, config);
    let nimber = search.nimber_of(parts).expect("no limit was set");
    (nimber, search.stats())
}

fn main() {
    let board = std::env::args().nth(1).unwrap_or_else(|| "4x5".into());
    let regions = match Cram::parse(&board) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut config = SearchConfig::default();
    if let Some(mib) = std::env::args().nth(2) {
        match mib.parse::<u64>() {
            Ok(m) if m > 0 => config.table_bytes = m << 20,
            _ => {
                eprintln!("the table's allowance is a number of MiB, not '{mib}'");
                std::process::exit(2);
            }
        }
    }
    let shapes: Vec<_> = regions.iter().map(Cram::shape).collect();
    // The rules `Cram` itself uses: a region in one word when it fits.
    let (nimber, s) = match shapes
        .iter()
        .map(|&s| SmallShape::of(s))
        .collect::<Option<Vec<_>>>()
    {
        Some(small) => solve(SmallCramRules, &small, &config),
        None => solve(CramRules, &shapes, &config),
    };
    // Written, not printed: a reader that stops early (`| head -1`) ends
    // the output, not the program with a panic.
    let report = format!(
        "cram({board}) = {nimber}\n\
         {} positions expanded, {} options, {} table hits, {} bounded, {} solved, {:.3} s ({:.0}/s)\n\
         table: {} entries of {} slots, {} bytes, {} replaced\n",
        s.positions,
        s.options,
        s.hits,
        s.bounded,
        s.solved,
        s.elapsed.as_secs_f64(),
        s.rate(),
        s.table.entries,
        s.table.capacity,
        s.table.bytes,
        s.table.replaced
    );
    let _ = std::io::stdout().write_all(report.as_bytes());
}
