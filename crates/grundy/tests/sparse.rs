//! The sparse-space engine against the naive one (the oracle, straight from
//! the definition), and its histograms against published tables.

use std::path::PathBuf;

use grundy::period::PeriodFinder;
use grundy::rule::{Rule, TakeBreak};
use grundy::sequence::naive::Naive;
use grundy::sequence::sparse::Sparse;
use grundy::sequence::stats::Histogram;
use grundy::sequence::{checkpoint, Computation, Engine, Step, Values};

fn fill(engine: &mut dyn Engine, n: usize) -> Vec<u16> {
    let mut values = Values::from(Vec::with_capacity(n));
    while values.len() < n {
        engine.push_next(&mut values).expect("value fits in u16");
    }
    values.into_vec()
}

fn code(s: &str) -> Rule {
    Rule::TakeBreak(TakeBreak::parse(s).expect("valid code"))
}

/// Every octal code `0.d1`, `0.d1d2`, `0.d1d2d3` (digits 0–7, last non-zero).
fn octal_codes() -> Vec<String> {
    let mut codes = Vec::new();
    for len in 1..=3u32 {
        for i in 0..8usize.pow(len) {
            let digits: Vec<usize> = (0..len).map(|p| i / 8usize.pow(len - 1 - p) % 8).collect();
            if digits[len as usize - 1] == 0 {
                continue;
            }
            let text: String = digits.iter().map(|d| char::from(b'0' + *d as u8)).collect();
            codes.push(format!("0.{text}"));
        }
    }
    codes
}

#[test]
fn sparse_equals_naive_on_every_octal_code_with_up_to_three_digits() {
    let codes = octal_codes();
    assert_eq!(codes.len(), 7 + 7 * 8 + 7 * 64);
    // Every code for 1500 heaps, then the ones that split for longer.
    for c in &codes {
        let rule = code(c);
        let naive = fill(&mut Naive::new(&rule), 1500);
        // The default engine (vector kernels where the machine has them)
        // and the portable one, on the same run.
        for simd in [true, false] {
            let mut engine = Sparse::new(&rule).expect("octal").with_simd(simd);
            let sparse = fill(&mut engine, 1500);
            if let Some(n) = (0..naive.len()).find(|&n| naive[n] != sparse[n]) {
                panic!(
                    "{c} (simd {simd}): G({n}) naive {} sparse {}",
                    naive[n], sparse[n]
                );
            }
        }
        // A period proved on the way must hold on every value computed.
        let mut finder = PeriodFinder::new(rule.proof_shape().expect("octal"));
        if let Some(p) = (1..=naive.len()).find_map(|len| finder.observe(&naive[..len])) {
            for n in 0..naive.len() as u64 {
                assert_eq!(
                    naive[n as usize],
                    naive[p.reduce(n) as usize],
                    "{c}: {p:?} fails at {n}"
                );
            }
        }
    }
}

#[test]
fn sparse_equals_naive_on_long_runs_of_sparse_games() {
    for (rule, n) in [
        (code("0.161"), 6000),
        (code("0.6"), 6000),
        (code("0.16"), 6000),
        (code("0.172"), 6000),
        (code("4.7"), 3000),
        (code("0.4"), 3000),
        (Rule::Grundys, 6000),
    ] {
        let naive = fill(&mut Naive::new(&rule), n);
        for simd in [true, false] {
            let mut engine = Sparse::new(&rule).expect("sparse rule").with_simd(simd);
            assert_eq!(naive, fill(&mut engine, n), "{rule} (simd {simd})");
        }
    }
}

#[test]
fn known_periods_are_proved_and_stop_the_run() {
    for (rule, pre, period) in [(Rule::kayles(), 71, 12), (Rule::dawsons_kayles(), 53, 34)] {
        let mut run = Computation::new(&rule, 1).unwrap();
        let step = run.advance(u64::MAX, u64::MAX, true).unwrap();
        let Step::Proved(p) = step else {
            panic!("{rule}: {step:?}")
        };
        assert_eq!((p.preperiod, p.period), (pre, period), "{rule}");
        assert!(run.values().len() < 1000, "{rule} ran past its proof");
    }
}

#[test]
fn resumed_runs_equal_uninterrupted_ones() {
    for rule in [code("0.161"), Rule::Grundys, code("0.F")] {
        let mut whole = Computation::new(&rule, 1).unwrap();
        whole.advance(3000, u64::MAX, false).unwrap();
        let mut first = Computation::new(&rule, 1).unwrap();
        first.advance(1234, u64::MAX, false).unwrap();
        let mut second = Computation::resume(&rule, first.values().to_vec(), 1).unwrap();
        second.advance(3000, u64::MAX, false).unwrap();
        assert_eq!(whole.values(), second.values(), "{rule}");
    }
}

#[test]
fn runs_continued_from_checkpoints_count_the_same_work() {
    // Work decides where the search for a period stops: a run checkpointed
    // (through the bytes of a file) and continued, on one or two threads,
    // counts what the run never stopped counts, heap for heap.
    for rule in [code("0.161"), code("0.6"), Rule::Grundys, code("0.F")] {
        let mut whole = Computation::new(&rule, 1).unwrap();
        whole.advance(3000, u64::MAX, false).unwrap();
        let mut run = Computation::new(&rule, 2).unwrap();
        for (i, stop) in [300u64, 1234, 2100].into_iter().enumerate() {
            run.advance(stop, u64::MAX, false).unwrap();
            let state = run.state();
            let (count, kept) = run.kept_values();
            let mut bytes = Vec::new();
            let name = rule.to_string();
            checkpoint::encode_values(&name, Some(3000), count, kept, &state, |b| {
                bytes.extend_from_slice(b)
            });
            let cp = checkpoint::decode(&bytes).unwrap();
            assert_eq!(cp.values, run.values(), "{rule}");
            let threads = 1 + i % 2;
            run = Computation::from_checkpoint(&rule, cp.values, cp.state.as_ref(), threads, 3000)
                .unwrap();
        }
        run.advance(3000, u64::MAX, false).unwrap();
        assert_eq!(run.values(), whole.values(), "{rule}");
        assert_eq!(run.work(), whole.work(), "{rule}");
        assert_eq!(run.period(), whole.period(), "{rule}");
    }
}

/// The published frequency tables kept with the tests (see the README there).
fn reference_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/octal-frequencies")
}

/// `value frequency` lines over heaps 1..n, every value from 0 to the largest.
fn histogram_text(values: &[u16]) -> String {
    let h = Histogram::of(&values[1..]);
    h.counts()
        .iter()
        .enumerate()
        .map(|(v, c)| format!("{v} {c}\n"))
        .collect()
}

#[test]
fn histograms_equal_the_reference_tables() {
    let dir = reference_dir();
    for c in ["0.014", "0.034", "0.161", "0.167", "0.172"] {
        let values = fill(&mut Sparse::new(&code(c)).unwrap(), 65537);
        for n in [1024usize, 65536] {
            let path = dir.join(format!("{c}-{n}.txt"));
            let want = std::fs::read_to_string(&path).expect("reference file");
            assert_eq!(histogram_text(&values[..=n]), want, "{}", path.display());
        }
    }
}

#[test]
fn games_without_a_sparse_split_fall_back_to_the_plain_scan() {
    // 0.106: every mask leaves about half the heaps rare, so the rare/common
    // split cannot pay; the engine must notice and scan every split with the
    // small-value kernel (values stay below 32), not run the proof machinery
    // of the sparse path heap after heap.
    let rule = code("0.106");
    let n = 20_000;
    let mut sparse = Sparse::new(&rule).unwrap();
    let values = fill(&mut sparse, n);
    assert_eq!(values, fill(&mut Naive::new(&rule), n));
    let rare = sparse.rare_heaps().len();
    assert!(
        rare * 3 > n,
        "0.106 should have no sparse mask: {rare} rare of {n}"
    );
    assert!(
        sparse.plain_heaps() == n as u64,
        "only {} of {n} heaps took the plain scan",
        sparse.plain_heaps()
    );
    assert!(values.iter().all(|&v| v < 32));
    // The work is that of one pass over the splits (digit 3: heap m splits
    // into ⌊(m - 3)/2⌋ pairs), no more.
    let one_pass: u64 = (3..n as u64).map(|m| (m - 3) / 2).sum();
    assert_eq!(sparse.examined(), Some(one_pass));
    // And every pair was needed: the work is the same count.
    assert_eq!(sparse.work(), Some(one_pass));
}
