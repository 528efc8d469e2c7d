//! A game of your own, analysed with the built-in families.
//!
//! "Halving": take 1 or 2 tokens from a heap, or, from an even heap, half of
//! it. Nothing but its moves is given: the engine finds its Grundy values by
//! search, and then sums, winning moves and misère play work as for any
//! built-in family.
//!
//! Run with `cargo run -p grundy --example own_game`.

use std::sync::Arc;

use grundy::{parse_position, AnalyzeOptions, Component, Game, Move, Play, Position, Term};

#[derive(Debug)]
struct Halving(u64);

impl Game for Halving {
    fn name(&self) -> &str {
        "halving"
    }

    fn args(&self) -> String {
        self.0.to_string()
    }

    fn key(&self) -> Vec<u64> {
        vec![self.0]
    }

    fn moves(&self) -> Box<dyn Iterator<Item = Move> + '_> {
        let n = self.0;
        let mut takes = vec![1, 2];
        if n % 2 == 0 && n > 0 {
            takes.push(n / 2);
        }
        takes.sort_unstable();
        takes.dedup();
        Box::new(
            takes
                .into_iter()
                .filter(move |&k| k <= n)
                .map(move |k| Move::to(vec![Arc::new(Halving(n - k)) as Component])),
        )
    }
}

fn main() -> grundy::Result<()> {
    let builtin = parse_position("kayles(8) + stairs(1,4,9)")?;
    let mut terms = vec![Term::of(vec![
        Arc::new(Halving(10)) as Component,
        Arc::new(Halving(13)),
    ])];
    terms.extend(builtin.terms);
    let position = Position::new(terms)?;
    println!("position: {position}");
    for play in [Play::Normal, Play::Misere] {
        let a = position.analyze(play, &AnalyzeOptions::default())?;
        println!("\n{play:?} play: {:?}", a.outcome);
        if let Some(g) = a.grundy {
            println!("Grundy value of the sum: {g}");
            println!("values of the parts: {:?}", a.part_values);
        }
        for m in &a.winning_moves {
            let after = position.apply(m)?;
            println!("  winning: {}  (leaves {})", m.words, after);
        }
    }
    Ok(())
}
