//! Archive mode (`Computation::archive_at`): values kept in about one byte
//! per heap answer exactly what a run that keeps them all as plain values
//! answers, on one and two threads: every value, the work that budgets the
//! search for a period, the reports, and the periods proved.

use grundy::rule::{Rule, TakeBreak};
use grundy::sequence::stats::{Histogram, Split};
use grundy::sequence::{Computation, Step, MIN_WINDOW};

fn code(s: &str) -> Rule {
    Rule::TakeBreak(TakeBreak::parse(s).expect("valid code"))
}

fn full(rule: &Rule, n: usize) -> Computation {
    let mut run = Computation::new(rule, 1).unwrap();
    run.advance(n as u64, u64::MAX, false).unwrap();
    run
}

#[test]
fn archived_runs_equal_full_runs_on_one_and_two_threads() {
    // 0.6 keeps its archive (no rare heap past 20627) and 0.172 has values
    // above 255; 0.14 and 0.16 were compared the same way on the command
    // line (`seq --archive-keep`), and 0.16's proof is below. Four
    // windows: the archive pages out two of them.
    let n = 4 * MIN_WINDOW;
    for text in ["0.161", "0.6", "0.172"] {
        let rule = code(text);
        let plain = full(&rule, n);
        let all = plain.values();
        for threads in [1, 2] {
            let mut run = Computation::new(&rule, threads).unwrap();
            run.reserve(n as u64).unwrap();
            run.archive_at(0, MIN_WINDOW).unwrap();
            let step = run.advance(n as u64, u64::MAX, false).unwrap();
            assert_eq!(step, Step::Reached, "{rule} on {threads}");
            let got: Vec<u16> = run.all_values().unwrap().collect();
            assert!(got == all, "{rule} on {threads}: values differ");
            assert_eq!(run.work(), plain.work(), "{rule} on {threads}");
            assert_eq!(run.period(), plain.period(), "{rule} on {threads}");
            assert_eq!(run.largest(), plain.largest(), "{rule} on {threads}");
            for h in (0..n).step_by(997) {
                assert_eq!(run.value(h), Some(all[h]), "{rule}: heap {h}");
            }
            if run.archiving() {
                let mask = run.rare().unwrap().0;
                assert_eq!(run.histogram(), Some(&Histogram::of(&all[1..])));
                assert_eq!(run.split(), Some(Split::of(all, mask)), "{rule}");
                assert!(run.values().len() < n / 2, "{rule} on {threads}");
            }
            if text == "0.6" {
                // No rare heap past 20627: the archive stays, at about a
                // byte a heap (and two at each end).
                assert!(run.archiving(), "{rule} on {threads}");
                let bytes = run.value_bytes();
                assert!(bytes < n + 5 * MIN_WINDOW, "{rule}: {bytes} bytes");
            }
            let sequence = run.into_sequence();
            assert!(sequence.computed() == all, "{rule} on {threads}");
        }
    }
}

#[test]
fn periods_are_proved_as_in_full_runs() {
    // 0.16's proof needs 509622 heaps: found while most are archived.
    for text in ["0.77", "0.07", "0.137", "0.16"] {
        let rule = code(text);
        let mut plain = Computation::new(&rule, 1).unwrap();
        let proved = plain.advance(u64::MAX, u64::MAX, true).unwrap();
        // Only 0.16 gets past the first 2 · MIN_WINDOW heaps, where the
        // archive starts; its search then scans each period instead of
        // building a table (about 10 s in release), so it runs once.
        let threads: &[usize] = if text == "0.16" { &[1] } else { &[1, 2] };
        for &threads in threads {
            let mut run = Computation::new(&rule, threads).unwrap();
            run.reserve(1 << 20).unwrap();
            run.archive_at(0, MIN_WINDOW).unwrap();
            assert_eq!(
                run.advance(1 << 20, u64::MAX, true).unwrap(),
                proved,
                "{rule} on {threads}"
            );
            assert_eq!(run.computed(), plain.computed(), "{rule}");
            let got: Vec<u16> = run.all_values().unwrap().collect();
            assert!(got == plain.values(), "{rule} on {threads}");
        }
        if text == "0.16" {
            assert_eq!(plain.computed(), 509_622, "{proved:?}");
        }
    }
}

#[test]
fn runs_that_reserve_little_keep_plain_values() {
    // The default threshold: below it nothing is archived.
    let rule = code("0.6");
    let mut run = Computation::new(&rule, 1).unwrap();
    run.reserve(1 << 20).unwrap();
    run.advance(1 << 20, u64::MAX, false).unwrap();
    assert!(!run.archiving());
    assert_eq!(run.values().len(), 1 << 20);
    assert!(run.archive_at(0, MIN_WINDOW - 1).is_err());
}
