//! Solves a Cram board with the search engine directly and prints its
//! nimber and the search's statistics:
//!
//! ```sh
//! cargo run --release -p grundy --example cram -- 5x7
//! cargo run --release -p grundy --example cram -- "..#./..../...."
//! ```

use grundy::games::cram::{Cram, CramRules};
use grundy::search::{Search, SearchConfig};

fn main() {
    let board = std::env::args().nth(1).unwrap_or_else(|| "4x5".into());
    let regions = match Cram::parse(&board) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut search = Search::new(CramRules, &SearchConfig::default());
    let shapes: Vec<_> = regions.iter().map(Cram::shape).collect();
    let nimber = search.nimber_of(&shapes).expect("no limit was set");
    let s = search.stats();
    println!("cram({board}) = {nimber}");
    println!(
        "{} positions expanded, {} options, {} table hits, {} bounded, {} solved, {:.3} s ({:.0}/s)",
        s.positions,
        s.options,
        s.hits,
        s.bounded,
        s.solved,
        s.elapsed.as_secs_f64(),
        s.rate()
    );
    println!(
        "table: {} entries of {} slots, {} bytes, {} replaced",
        s.table.entries, s.table.capacity, s.table.bytes, s.table.replaced
    );
}
