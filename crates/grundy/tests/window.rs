//! Window mode (`Computation::window`): the same histogram, split, largest
//! and last values as a run that keeps every value, on one and two threads.

use grundy::rule::{Rule, TakeBreak};
use grundy::sequence::stats::{Histogram, Split};
use grundy::sequence::{Computation, Step, MIN_WINDOW};

fn code(s: &str) -> Rule {
    Rule::TakeBreak(TakeBreak::parse(s).expect("valid code"))
}

#[test]
fn window_runs_equal_full_runs_on_one_and_two_threads() {
    let n = 4 * MIN_WINDOW;
    for rule in [code("0.6"), code("0.161")] {
        let mut full = Computation::new(&rule, 1).unwrap();
        full.advance(n as u64, u64::MAX, false).unwrap();
        let all = full.values();
        for threads in [1, 2] {
            // (Window mode first: the room is then a mapping of address
            // space.)
            let mut run = Computation::new(&rule, threads).unwrap();
            run.window(MIN_WINDOW).unwrap();
            run.reserve(n as u64).unwrap();
            let step = run.advance(n as u64, u64::MAX, false).unwrap();
            assert_eq!(step, Step::Reached, "{rule} on {threads}");
            assert_eq!(run.computed(), n);
            // The middle was released…
            assert!(run.values().len() < n / 2, "{rule} on {threads}");
            assert_eq!(run.value(n / 2), None);
            // …and what is reported is the same.
            assert_eq!(run.histogram(), Some(&Histogram::of(&all[1..])));
            let mask = run.rare().unwrap().0;
            assert_eq!(run.split(), Some(Split::of(all, mask)), "{rule}");
            assert_eq!(full.split().unwrap().mask, mask, "{rule}");
            assert_eq!(run.largest(), full.largest());
            for (h, &v) in all.iter().enumerate().skip(n - MIN_WINDOW) {
                assert_eq!(run.value(h), Some(v), "{rule}: heap {h}");
            }
            assert_eq!(run.values(), &all[..run.values().len()]);
        }
    }
}

#[test]
fn periods_are_proved_as_in_full_runs() {
    // Proved while every value is kept (here in the first few thousand
    // heaps, before anything is released): window mode leaves the search
    // for a period and its proof as they are.
    for text in ["0.77", "0.07", "0.137"] {
        let rule = code(text);
        let mut full = Computation::new(&rule, 1).unwrap();
        let proved = full.advance(u64::MAX, u64::MAX, true).unwrap();
        // (Room reserved before window mode is a vector: that works too.)
        let mut run = Computation::new(&rule, 1).unwrap();
        run.reserve(1 << 16).unwrap();
        run.window(MIN_WINDOW).unwrap();
        assert_eq!(
            run.advance(1 << 16, u64::MAX, true).unwrap(),
            proved,
            "{rule}"
        );
        assert_eq!(run.values(), full.values(), "{rule}");
    }
}
