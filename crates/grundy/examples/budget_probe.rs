use grundy::budget::Budget;
use grundy::expr::parse_position;
use grundy::nim::Play;
use grundy::sum::AnalyzeOptions;
use std::time::{Duration, Instant};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let expr = &if let Some(f) = args[1].strip_prefix('@') {
        std::fs::read_to_string(f).unwrap()
    } else {
        args[1].clone()
    };
    if args.get(2).map(String::as_str) == Some("parse") {
        let t = Instant::now();
        let pos = parse_position(expr).unwrap();
        println!(
            "parsed {} components in {:?}",
            pos.components().count(),
            t.elapsed()
        );
        return;
    }
    let mode = args.get(2).map(String::as_str).unwrap_or("normal");
    let mem: u64 = args.get(3).map_or(64 << 20, |s| s.parse().unwrap());
    let secs: u64 = args.get(4).map_or(10, |s| s.parse().unwrap());
    let b = Budget::unlimited()
        .with_memory(mem)
        .with_time(Duration::from_secs(secs));
    let pos = parse_position(expr).unwrap();
    let o = AnalyzeOptions::default().with_budget(b.clone());
    let t = Instant::now();
    let r = match mode {
        "misere" => pos.analyze(Play::Misere, &o).map(|_| ()),
        "every" => grundy::every::analyze(&pos, &o).map(|_| ()),
        "explain" => grundy::explain::explain_with(&pos, Play::Normal, &o).map(|_| ()),
        "player" => {
            let mut p = grundy::strategy::Player::with_budget(Play::Misere, usize::MAX);
            p.set_budget(b.clone());
            p.choose(&pos).map(|_| ())
        }
        _ => pos.analyze(Play::Normal, &o).map(|_| ()),
    };
    println!("{:?} after {:?}, held {}", r, t.elapsed(), b.held());
}
