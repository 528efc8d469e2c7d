//! Tests of the sparse engine against the naive one and of its parts.

use super::marks::{mark_rare, mark_rare_ahead, AHEAD};
use super::rare::{below_back, below_front, STAMPED_PER_VALUE};
use super::*;
use crate::sequence::naive::Naive;

fn run(engine: &mut dyn Engine, n: usize) -> Vec<u16> {
    let mut values = Values::new();
    while values.len() < n {
        engine.push_next(&mut values).unwrap();
    }
    values.into_vec()
}

#[test]
fn a_restored_engine_has_the_state_of_the_one_that_computed_the_values() {
    // 0.161's rare heaps lie everywhere: with heaps 20000..40000 zeroed
    // (window mode: no longer kept), the rare ones among them come from
    // the saved state, the others from the values.
    let rule = Rule::TakeBreak(TakeBreak::parse("0.161").unwrap());
    let mut engine = Sparse::new(&rule).unwrap();
    let values = run(&mut engine, 1 << 16);
    let gone = 20_000..40_000;
    let saved = engine.saved(&values, gone.clone()).unwrap();
    assert!(!saved.rare.is_empty(), "{saved:?}");
    let mut holes = values.clone();
    holes[gone.clone()].fill(0);
    let hist = Histogram::of(&values[1..]);
    let state = State {
        work: engine.work.necessary,
        engine: Some(saved),
        window: Some(super::super::state::WindowState {
            keep: 20_000,
            dropped: 20_000..40_000,
            counts: hist.counts().to_vec(),
            last_at: Vec::new(),
        }),
        ..State::default()
    };
    // Without one of the rare heaps saved, the counts disagree.
    let mut short = state.clone();
    short.engine.as_mut().unwrap().rare.pop();
    let err = Sparse::new(&rule).unwrap().restore(&holes, &hist, &short);
    assert!(err
        .unwrap_err()
        .to_string()
        .contains("heaps of rare values"));
    let mut back = Sparse::new(&rule).unwrap();
    back.restore(&holes, &hist, &state).unwrap();
    assert_ne!(engine.mask.bits, 0);
    assert_eq!(
        (back.mask.bits, back.mask.common),
        (engine.mask.bits, engine.mask.common)
    );
    assert_eq!(back.mask.rare, engine.mask.rare);
    assert_eq!(back.rares.heaps, engine.rares.heaps);
    assert_eq!(back.rares.values, engine.rares.values);
    assert_eq!(back.next_revision, engine.next_revision);
    assert_eq!(back.work(), engine.work());
    assert_eq!(
        (&back.hist, &back.hunt.frequent),
        (&engine.hist, &engine.hunt.frequent)
    );
    // With every value kept, the next heaps come out the same.
    let state = State {
        engine: engine.saved(&values, 0..0),
        ..State::default()
    };
    let mut whole = Sparse::new(&rule).unwrap();
    whole.restore(&values, &hist, &state).unwrap();
    let mut more = Values::from(values.to_vec());
    let mut again = Values::from(values.to_vec());
    for _ in 0..1000 {
        engine.push_next(&mut more).unwrap();
        whole.push_next(&mut again).unwrap();
    }
    assert_eq!(more[..], again[..]);
}

#[test]
fn grundys_game_matches_naive() {
    let rule = Rule::Grundys;
    let naive = run(&mut Naive::new(&rule), 3000);
    let sparse = run(&mut Sparse::new(&rule).unwrap(), 3000);
    assert_eq!(naive, sparse);
}

#[test]
fn the_hunt_finds_only_real_options() {
    // Every value the hunt claims is checked against the splits of the
    // heap, listed by brute force; and the hunt must find some.
    for (rule, strict) in [
        (Rule::Grundys, true),
        (Rule::TakeBreak(TakeBreak::parse("0.161").unwrap()), false),
    ] {
        let mut sparse = Sparse::new(&rule).unwrap();
        let g = run(&mut sparse, 3000);
        let mut found = 0;
        for n in (2000..3000).step_by(7) {
            let mut options = std::collections::BTreeSet::new();
            for &k in &sparse.moves.splits {
                let rest = n - k;
                for a in 1..rest {
                    if !(strict && 2 * a == rest) {
                        options.insert(g[a] ^ g[rest - a]);
                    }
                }
            }
            for v in 0..256u16 {
                if sparse.hunt_one(&g[..n], n, v) {
                    assert!(options.contains(&v), "{rule}: G({n}) has no option {v}");
                    found += 1;
                }
            }
        }
        assert!(found > 100, "{rule}: the hunt found only {found} values");
    }
}

#[test]
fn vector_and_portable_kernels_agree_on_the_same_runs() {
    // Same values and the same count of pairs examined (the proof
    // search's budget depends on it).
    for (rule, n) in [
        (Rule::TakeBreak(TakeBreak::parse("0.161").unwrap()), 30000),
        (Rule::TakeBreak(TakeBreak::parse("0.6").unwrap()), 30000),
        (Rule::TakeBreak(TakeBreak::parse("0.172").unwrap()), 20000),
        (Rule::TakeBreak(TakeBreak::parse("0.106").unwrap()), 5000),
        (Rule::Grundys, 20000),
    ] {
        let mut vector = Sparse::new(&rule).unwrap().with_simd(true);
        let mut portable = Sparse::new(&rule).unwrap().with_simd(false);
        assert!(!portable.simd);
        assert_eq!(run(&mut vector, n), run(&mut portable, n), "{rule}");
        assert_eq!(vector.work.examined, portable.work.examined, "{rule}");
    }
}

#[test]
fn checked_rare_pairs_give_the_values_of_stamped_ones() {
    // Checking every rare heap's pairs against candidates (one stamped
    // heap a value: most heaps must stamp them after all), or as the
    // engine does, gives the values of stamping every pair, and of the
    // naive engine; the quota moves meanwhile.
    let code = |c| Rule::TakeBreak(TakeBreak::parse(c).unwrap());
    for (rule, n, short) in [
        (code("0.6"), 20000, 5000),
        (code("0.172"), 12000, 5000),
        (code("0.14"), 12000, 3000),
        // Four splitting digits: a range of checked heaps each.
        (code("0.4447"), 12000, 3000),
    ] {
        let mut stamped = Sparse::new(&rule).unwrap();
        stamped.checks.min_checked = usize::MAX;
        let values = run(&mut stamped, n);
        assert_eq!(stamped.checks.batches, 0);
        assert_eq!(
            run(&mut Naive::new(&rule), short),
            values[..short],
            "{rule}"
        );
        for quota in [1, STAMPED_PER_VALUE] {
            let mut work = None;
            for simd in [true, false] {
                let mut checked = Sparse::new(&rule).unwrap().with_simd(simd);
                checked.checks.min_checked = 0;
                checked.rares = RareHeaps::with_quota(quota);
                assert_eq!(run(&mut checked, n), values, "{rule} quota {quota}");
                assert!(checked.checks.batches > 500, "{rule} quota {quota}");
                if quota == 1 {
                    assert!(checked.checks.fallbacks > 100, "{rule}");
                    // Where many heaps fall back, the quota rises.
                    let heaps = checked.checks.batches * AHEAD as u64;
                    if checked.checks.fallbacks * 10 > heaps {
                        assert!(checked.rares.quota() > 1, "{rule}");
                    }
                }
                // The vector and portable paths examine the same pairs.
                assert_eq!(
                    *work.get_or_insert(checked.work.examined),
                    checked.work.examined,
                    "{rule}"
                );
            }
        }
    }
}

#[test]
fn stamps_stay_exact_when_the_generation_wraps_around() {
    // All tables of a batch share one generation; across its wrap
    // (where every table is cleared and 0, the stamp of a fresh table,
    // is skipped) the values stay exact.
    for rule in [
        Rule::TakeBreak(TakeBreak::parse("0.6").unwrap()),
        Rule::TakeBreak(TakeBreak::parse("0.161").unwrap()),
        Rule::Grundys,
    ] {
        let naive = run(&mut Naive::new(&rule), 3000);
        let mut sparse = Sparse::new(&rule).unwrap();
        sparse.marks.generation = u32::MAX - 100;
        assert_eq!(run(&mut sparse, 3000), naive, "{rule}");
        assert!(sparse.marks.generation < 3000, "{rule}: no wrap-around");
    }
}

#[test]
#[cfg(target_pointer_width = "64")]
fn heap_numbers_past_32_bits_reach_the_right_partners() {
    // Rare heaps and heaps split from 2^32 on, with partners near the
    // start of a short slice: each stamp is x ^ g[base + j - r], as it
    // would be on a run that long (a 32-bit heap number would wrap).
    let g: Vec<u16> = (0..64u16).map(|i| i * 37 % 61).collect();
    let big = 1usize << 32;
    let heaps = [big + 1, big + 6, big + 20, big + 33];
    let vals = [3u16, 9, 12, 40];
    let base = big + 40;
    let mut boxes: Vec<Box<[u32; VALUES]>> = (0..AHEAD)
        .map(|_| vec![0; VALUES].into_boxed_slice().try_into().unwrap())
        .collect();
    let mut it = boxes.iter_mut();
    let mut tables: [&mut [u32; VALUES]; AHEAD] =
        std::array::from_fn(|_| &mut **it.next().unwrap());
    mark_rare_ahead(&mut tables, 7, &g, base, &heaps, &vals);
    for (j, table) in tables.iter().enumerate() {
        let want: std::collections::BTreeSet<usize> = heaps
            .iter()
            .zip(&vals)
            .map(|(&r, &x)| (x ^ g[base + j - r]) as usize)
            .collect();
        let got: std::collections::BTreeSet<usize> =
            (0..VALUES).filter(|&v| table[v] == 7).collect();
        assert_eq!(got, want, "heap {j} of the batch");
    }
    let mut seen: Box<[u32; VALUES]> = vec![0; VALUES].into_boxed_slice().try_into().unwrap();
    mark_rare(&mut seen, 9, &g, base, &heaps, &vals);
    let want: std::collections::BTreeSet<usize> = heaps
        .iter()
        .zip(&vals)
        .map(|(&r, &x)| (x ^ g[base - r]) as usize)
        .collect();
    let got: std::collections::BTreeSet<usize> = (0..VALUES).filter(|&v| seen[v] == 9).collect();
    assert_eq!(got, want);
    assert_eq!(below_front(&heaps, big + 6), 1);
    assert_eq!(below_back(&heaps, big + 21), 3);
    assert_eq!(below_back(&heaps, 5), 0);
}

#[test]
fn hexadecimal_three_way_codes_are_not_sparse() {
    let rule = Rule::TakeBreak(TakeBreak::parse("0.F").unwrap());
    assert!(Sparse::new(&rule).is_none());
}
