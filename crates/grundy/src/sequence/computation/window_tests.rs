//! Window and archive modes of a [`Computation`], against runs that keep
//! every value as it is.

use super::*;
use crate::rule::TakeBreak;
use crate::sequence::{checkpoint, naive, sparse, stats};

fn code(s: &str) -> Rule {
    Rule::TakeBreak(TakeBreak::parse(s).expect("valid code"))
}

/// `G(0..n)` of `rule` in window mode keeping `keep` heaps at each end,
/// with an engine that ranks `blocks` blocks: the run, and how it ended.
fn windowed(rule: &Rule, n: u64, keep: usize, blocks: usize) -> (Computation, Result<Step>) {
    let mut run = mapped_window(rule, keep, blocks, n);
    let mut step = Ok(Step::Working);
    while step == Ok(Step::Working) {
        step = run.advance(n, 1000, false);
    }
    (run, step)
}

fn full(rule: &Rule, n: u64) -> Vec<u16> {
    let mut run = Computation::new(rule, 1).unwrap();
    run.advance(n, u64::MAX, false).unwrap();
    run.values().to_vec()
}

#[test]
fn window_runs_report_what_full_runs_do() {
    // 0.6: no rare heap past 20627, so a window of 2^16 suffices.
    let rule = code("0.6");
    let n = 1 << 18;
    let all = full(&rule, n);
    let (run, step) = windowed(&rule, n, 1 << 16, 8);
    assert_eq!(step.unwrap(), Step::Reached);
    let dropped = run.window.as_ref().unwrap().dropped.clone();
    assert!(dropped.start < (1 << 16) + 4096 && dropped.end > (1 << 18) - (1 << 16) - 4096);
    assert_eq!(run.computed(), all.len());
    assert_eq!(run.histogram(), Some(&stats::Histogram::of(&all[1..])));
    assert_eq!(
        run.split(),
        Some(stats::Split::of(&all, run.rare().unwrap().0))
    );
    assert_eq!(run.largest(), *all.iter().max().unwrap());
    for (h, &v) in all.iter().enumerate() {
        let kept = !dropped.contains(&h);
        assert_eq!(run.value(h), kept.then_some(v), "heap {h}");
    }
    assert_eq!(run.values(), &all[..dropped.start]);
    assert_eq!(run.into_sequence().computed(), &all[..dropped.start]);
}

/// `run` checkpointed through the bytes of a file and continued on
/// `engine`, with room for `room` heaps.
fn through_checkpoint(
    run: &mut Computation,
    engine: Box<dyn Engine + Send>,
    room: u64,
) -> Computation {
    let state = run.state();
    let (count, kept) = run.kept_values();
    let mut bytes = Vec::new();
    let rule = run.rule().to_string();
    checkpoint::encode_values(&rule, None, count, kept, &state, |b| {
        bytes.extend_from_slice(b)
    });
    let cp = checkpoint::decode(&bytes).unwrap();
    assert_eq!(cp.computed(), run.computed() as u64);
    let state = cp.state.as_ref().unwrap();
    Computation::continued(run.rule(), cp.values, state, engine, room).unwrap()
}

#[test]
fn window_runs_continued_from_checkpoints_end_as_runs_never_stopped() {
    // 0.53 keeping the least window: stopped before anything is
    // released (its period is proved by then), then twice after, and
    // continued on one or two threads in turn.
    let rule = code("0.53");
    let n: u64 = 1 << 20;
    let start = |threads| {
        let mut run = Computation::new(&rule, threads).unwrap();
        run.window(MIN_WINDOW).unwrap();
        run.reserve(n).unwrap();
        run
    };
    let mut whole = start(1);
    whole.advance(n, u64::MAX, false).unwrap();
    let mut run = start(2);
    for (i, stop) in [100_000, 400_000, 700_000].into_iter().enumerate() {
        run.advance(stop, u64::MAX, false).unwrap();
        assert_eq!(run.computed() as u64, stop);
        let released = !run.window.as_ref().unwrap().dropped.is_empty();
        assert_eq!(released, i > 0);
        run = through_checkpoint(&mut run, engine_for(&rule, 1 + i % 2), n);
        assert_eq!(run.window_kept(), Some(MIN_WINDOW));
        assert!(run.values.is_mapped());
    }
    run.advance(n, u64::MAX, false).unwrap();
    assert_eq!(run.computed(), whole.computed());
    assert_eq!(run.histogram(), whole.histogram());
    assert_eq!(run.split(), whole.split());
    assert!(run.period().is_some());
    assert_eq!(
        (run.work(), run.largest(), run.period()),
        (whole.work(), whole.largest(), whole.period())
    );
    let all = full(&rule, n);
    assert_eq!(run.histogram(), Some(&stats::Histogram::of(&all[1..])));
    let kept = (0..all.len()).filter(|&h| run.value(h).is_some());
    assert!(kept.clone().count() < 3 * MIN_WINDOW);
    for h in kept {
        assert_eq!(run.value(h), Some(all[h]), "G({h})");
    }
}

/// Runs `run` to `n` in calls of 1000 heaps: how it ended.
fn go(run: &mut Computation, n: u64) -> std::result::Result<Step, String> {
    loop {
        match run.advance(n, 1000, false) {
            Ok(Step::Working) => {}
            other => return other.map_err(|e| e.to_string()),
        }
    }
}

/// A window run keeping `keep` heaps, its values in a mapping of room
/// for `room` heaps, on an engine that ranks `blocks` blocks.
fn mapped_window(rule: &Rule, keep: usize, blocks: usize, room: u64) -> Computation {
    let engine = sparse::Sparse::new(rule)
        .unwrap()
        .with_ranked_blocks(blocks);
    let mut run = Computation::with_engine(rule, Box::new(engine)).unwrap();
    run.window_unchecked(keep).unwrap();
    run.reserve(room).unwrap();
    assert!(run.values.is_mapped());
    run
}

/// What a window run reports at its end, and the heap that stopped it.
fn report(run: &Computation, ended: &std::result::Result<Step, String>) -> String {
    let w = run.window.as_ref().unwrap();
    format!(
        "ended {ended:?} computed {} work {} largest {} period {:?} split {:?} hist {:?} \
         last_at {:?} rare {:?}",
        run.computed(),
        run.work(),
        run.largest(),
        run.period(),
        run.split(),
        run.histogram(),
        w.last_at,
        run.rare(),
    )
}

#[test]
fn window_runs_stopped_anywhere_and_continued_end_as_runs_never_stopped() {
    // Stopped before any release, after some, at the end and after a
    // "needs G(lost)" error (the command line saves then), checkpointed
    // through bytes and continued: the values kept, the work, the
    // reports and the heap an error names are those of the run never
    // stopped.
    let cases: &[(&str, u64, usize, usize)] = &[
        ("0.6", 1 << 18, 1 << 16, 8),
        ("0.6", 1 << 17, 1 << 15, 2),
        ("0.161", 300_000, 20_000, 2),
        ("0.106", 1 << 18, 2048, 2),
        ("grundys", 1 << 17, 1 << 14, 2),
    ];
    for &(text, n, keep, blocks) in cases {
        let rule = if text == "grundys" {
            Rule::Grundys
        } else {
            code(text)
        };
        let mut whole = mapped_window(&rule, keep, blocks, n);
        let ended = go(&mut whole, n);
        let expect = report(&whole, &ended);
        let end = whole.computed() as u64;
        let mut stops: Vec<u64> = (1..6).map(|i| end * i / 6).collect();
        stops.extend([end, n]);
        for stop in stops {
            let mut run = mapped_window(&rule, keep, blocks, n);
            let first = go(&mut run, stop);
            let engine = sparse::Sparse::new(&rule)
                .unwrap()
                .with_ranked_blocks(blocks);
            let mut again = through_checkpoint(&mut run, Box::new(engine), n);
            let ended = match &first {
                Err(e) => {
                    assert_eq!(
                        again.advance(n, 1000, false).map_err(|e| e.to_string()),
                        Err(e.clone())
                    );
                    first.clone()
                }
                Ok(_) => go(&mut again, n),
            };
            assert_eq!(report(&again, &ended), expect, "{text}, stopped at {stop}");
            for h in 0..again.computed() {
                if let (Some(a), Some(b)) = (again.value(h), whole.value(h)) {
                    assert_eq!(a, b, "{text}, stopped at {stop}: G({h})");
                }
            }
        }
    }
}

#[test]
fn a_run_continued_keeps_every_heap_its_checkpoint_kept() {
    // A checkpoint whose dropped heaps start later than this process's
    // pages would (written where values began elsewhere in a page): the
    // continued run forgets no heap the checkpoint kept.
    let rule = code("0.6");
    let (n, keep, s, d) = (1u64 << 18, 1usize << 16, 200_000usize, 1000usize);
    let mut run = mapped_window(&rule, keep, 8, n);
    go(&mut run, s as u64).unwrap();
    let mut state = run.state();
    drop(run);
    let all = full(&rule, s as u64);
    let w = state.window.as_mut().unwrap();
    let (start, end) = (w.dropped.start as usize, w.dropped.end as usize);
    w.dropped = (start + d) as u64..end as u64;
    let e = state.engine.as_mut().unwrap();
    e.rare.retain(|&(h, _)| h as usize >= start + d);
    let values: Vec<u16> = all[..start + d]
        .iter()
        .chain(&all[end..])
        .copied()
        .collect();
    let engine = sparse::Sparse::new(&rule).unwrap().with_ranked_blocks(8);
    let mut again = Computation::continued(&rule, values, &state, Box::new(engine), n).unwrap();
    go(&mut again, s as u64 + 5000).unwrap();
    let dropped = again.window.as_ref().unwrap().dropped.clone();
    assert!(dropped.end > end);
    assert_eq!(dropped.start, start + d);
    let all = full(&rule, s as u64 + 5000);
    for h in (0..start + d).chain(dropped.end..again.computed()) {
        assert_eq!(again.value(h), Some(all[h]), "G({h})");
    }
}

#[test]
fn a_rare_heap_whose_partner_is_dropped_stops_the_run_naming_both() {
    // 0.6 has rare heaps up to 20627: with 4096 heaps kept at each end,
    // a rare heap r pairs, in heap n, with n - k - r, dropped soon.
    let rule = code("0.6");
    let all = full(&rule, 40000);
    let (run, step) = windowed(&rule, 40000, 4096, 2);
    let err = step.unwrap_err().to_string();
    let n = run.computed();
    assert!(n < 40000);
    assert!(
        err.contains(&format!("the value of heap {n} needs G(")) && err.contains("no longer kept"),
        "{err}"
    );
    // Everything computed (and kept) is right.
    for h in (0..n).filter(|&h| run.value(h).is_some()) {
        assert_eq!(run.value(h), Some(all[h]));
    }
}

#[test]
fn a_proof_scan_that_needs_a_dropped_heap_stops_the_run() {
    // 0.6 with 2^15 heaps kept at each end: every rare heap (up to
    // 20627) pairs within the window, but with only 1024 low heaps
    // ranked, some heap's proof scan runs past the pairs kept.
    let rule = code("0.6");
    let all = full(&rule, 1 << 17);
    let (run, step) = windowed(&rule, 1 << 17, 1 << 15, 2);
    let err = step.unwrap_err().to_string();
    let n = run.computed();
    assert!(
        err.contains(&format!("the value of heap {n} needs G(")) && err.contains("no longer kept"),
        "{err}"
    );
    let dropped = run.window.as_ref().unwrap().dropped.clone();
    assert!(!dropped.is_empty());
    for h in (0..n).filter(|h| !dropped.contains(h)) {
        assert_eq!(run.value(h), Some(all[h]));
    }
}

#[test]
fn a_heap_that_needs_every_split_stops_the_run() {
    // 0.106: no mask makes the rare heaps rare, so every split of every
    // heap is scanned, which needs the dropped heaps at once.
    let rule = code("0.106");
    let (run, step) = windowed(&rule, 20000, 2048, 2);
    let err = step.unwrap_err().to_string();
    assert!(err.contains("no longer kept"), "{err}");
    let dropped = run.window.as_ref().unwrap().dropped.clone();
    assert!(!dropped.is_empty() && run.computed() < dropped.end + 2048 + 4096);
}

#[test]
fn batches_never_read_released_heaps() {
    // 0.161's rare heaps keep coming past a small window, so a heap soon
    // needs a released value. The heaps just below it must not start a
    // batch of rare-pair marks that reads it (that read would fault):
    // the run ends with the error, every kept value exact.
    let rule = code("0.161");
    let (run, step) = windowed(&rule, 300_000, 20_000, 2);
    let err = step.unwrap_err().to_string();
    assert!(err.contains("no longer kept"), "{err}");
    let all = full(&rule, run.computed() as u64);
    let dropped = run.window.as_ref().unwrap().dropped.clone();
    assert!(!dropped.is_empty());
    for (n, &v) in all.iter().enumerate() {
        assert_eq!(run.value(n), (!dropped.contains(&n)).then_some(v), "G({n})");
    }
}

#[test]
fn a_window_run_never_moves_its_values() {
    // Released pages stay where they are: no second window, no growth.
    let rule = code("0.6");
    let (mut run, step) = windowed(&rule, 1 << 18, 1 << 16, 8);
    assert_eq!(step.unwrap(), Step::Reached);
    assert!(!run.window.as_ref().unwrap().dropped.is_empty());
    let err = run.window_unchecked(1 << 16).unwrap_err().to_string();
    assert!(err.contains("on already"), "{err}");
    let err = run.reserve(1 << 20).unwrap_err().to_string();
    assert!(err.contains("reserved before"), "{err}");
    assert!(run.reserve(1 << 18).is_ok());
    // A window as large as any number keeps everything.
    let mut wide = Computation::new(&rule, 1).unwrap();
    wide.window(usize::MAX).unwrap();
    wide.reserve(1 << 18).unwrap();
    assert_eq!(
        wide.advance(1 << 18, u64::MAX, false).unwrap(),
        Step::Reached
    );
    assert_eq!(wide.values(), full(&rule, 1 << 18));
}

#[test]
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn a_window_run_reserves_room_for_2_to_the_40_heaps_as_address_space() {
    // Room for 2^40 heaps is 2 TiB of address space: far more than
    // memory and swap, which a vector of that room would need. 0.53
    // needs no released value (its rare heaps pair within the window).
    let rule = code("0.53");
    let n = 1 << 20;
    let all = full(&rule, n as u64);
    let mut run = Computation::new(&rule, 2).unwrap();
    // Values computed before window mode move into the mapping.
    run.advance(5000, u64::MAX, false).unwrap();
    run.window(MIN_WINDOW).unwrap();
    run.reserve(1 << 40).unwrap();
    assert!(run.values.is_mapped() && run.values.capacity() == 1 << 40);
    assert_eq!(run.values(), &all[..5000]);
    let step = run.advance(n as u64, u64::MAX, false).unwrap();
    assert_eq!(step, Step::Reached);
    let dropped = run.window.as_ref().unwrap().dropped.clone();
    assert!(dropped.start <= MIN_WINDOW + 4096 && dropped.end >= n - MIN_WINDOW - 4096);
    for (h, &v) in all.iter().enumerate() {
        let kept = !dropped.contains(&h);
        assert_eq!(run.value(h), kept.then_some(v), "heap {h}");
    }
    // Only the pages of the two ends are resident (the values' pages
    // were never touched past heap n).
    let page = page_size();
    let mut resident = vec![0u8; (2 * n).div_ceil(page)];
    // SAFETY: the first 2n bytes of the mapping, one byte per page.
    let ok = unsafe {
        libc::mincore(
            run.values.as_ptr() as *mut libc::c_void,
            2 * n,
            resident.as_mut_ptr(),
        ) == 0
    };
    assert!(ok, "{}", std::io::Error::last_os_error());
    let bytes = resident.iter().filter(|&&r| r & 1 != 0).count() * page;
    assert!(bytes <= 4 * MIN_WINDOW + 2 * page, "{bytes} bytes resident");
    // (Dropping the run unmaps the 2 TiB.)
}

/// `G(0..n)` of `rule` in archive mode from the start, keeping `keep`
/// heaps at each end, with an engine that ranks `blocks` blocks.
fn archived(rule: &Rule, n: u64, keep: usize, blocks: usize) -> Computation {
    let engine = sparse::Sparse::new(rule)
        .unwrap()
        .with_ranked_blocks(blocks);
    let run = Computation::with_engine(rule, Box::new(engine)).unwrap();
    run_archived(run, n, keep)
}

/// Runs `run` to `n` heaps in archive mode from the start, keeping
/// `keep` heaps at each end (any engine, for the pipeline's tests too).
pub(in crate::sequence) fn run_archived(mut run: Computation, n: u64, keep: usize) -> Computation {
    run.reserve(n).unwrap();
    run.archive_at_unchecked(0, keep);
    let mut was = false;
    while run.advance(n, 1000, false).unwrap() == Step::Working {
        was |= run.archiving();
    }
    assert!(was, "{}: archive mode was on", run.rule());
    run
}

/// Checks `run` against a run keeping every value as it is.
pub(in crate::sequence) fn same_as_full(rule: &Rule, run: &Computation) {
    let n = run.computed();
    let mut plain = Computation::new(rule, 1).unwrap();
    plain.advance(n as u64, u64::MAX, false).unwrap();
    let got: Vec<u16> = run.all_values().unwrap().collect();
    assert!(got == plain.values(), "{rule}: values differ");
    assert_eq!(run.work(), plain.work(), "{rule}");
}

#[test]
fn archived_heaps_the_engine_needs_are_put_back() {
    // 0.106: no mask makes the rare heaps rare, so every split of every
    // heap is scanned, which soon needs archived heaps; 0.161's rare
    // heaps keep coming, and pair with archived heaps past a small
    // window. Each run puts every value back, goes on without the
    // archive, and answers exactly.
    for (text, n, keep) in [("0.106", 20_000, 2048), ("0.161", 300_000, 20_000)] {
        let rule = code(text);
        let run = archived(&rule, n, keep, 2);
        assert!(!run.archiving(), "{rule}");
        assert_eq!(run.values().len(), run.computed(), "{rule}");
        same_as_full(&rule, &run);
    }
}

#[test]
fn exact_values_are_those_of_the_naive_engine() {
    let rules = ["0.6", "0.161", "0.106", "4.7", "0.51", "0.137"]
        .map(code)
        .into_iter()
        .chain([Rule::Grundys]);
    for rule in rules {
        let mut run = Computation::with_engine(&rule, Box::new(naive::Naive::new(&rule))).unwrap();
        run.advance(600, u64::MAX, false).unwrap();
        let g = run.values();
        for n in 0..g.len() {
            assert_eq!(
                exact_value(&rule, n, |h| g[h]).map(|(v, _)| v),
                Some(g[n]),
                "{rule}: G({n})"
            );
        }
    }
    assert_eq!(exact_value(&code("0.3f"), 10, |_| 0), None);
}

#[test]
fn a_proof_scan_that_needs_archived_heaps_reads_them() {
    // 0.6 with 2^15 heaps at each end and 1024 low heaps ranked: some
    // proof scans run past the pairs kept (see the window-mode test).
    // Those heaps are computed from the definition, reading the
    // archive, which stays.
    let rule = code("0.6");
    let run = archived(&rule, 1 << 17, 1 << 15, 2);
    assert!(run.archiving());
    assert!(run.exact_heaps() > 0);
    // Each of those heaps (past 2^16) examined its 2^15 splits or more,
    // counted in `examined`.
    assert!(run.exact_options >= run.exact_heaps() << 15);
    assert!(run.examined() >= run.work() + run.exact_options);
    same_as_full(&rule, &run);
}

#[test]
fn an_archive_holds_every_value_at_about_a_byte() {
    // 0.6 with 2^16 heaps at each end: nothing archived is needed.
    let rule = code("0.6");
    let n = 1 << 19;
    let run = archived(&rule, n as u64, 1 << 16, 8);
    assert!(run.archiving());
    let w = run.window.as_ref().unwrap();
    let archive = w.archive.as_ref().unwrap();
    assert_eq!(archive.heaps(), w.dropped);
    assert!(w.dropped.len() > n - 2 * (1 << 16) - 4096);
    // The rare heaps (none past 20627) are the exceptions.
    assert!(archive.exceptions() < 1600, "{}", archive.exceptions());
    assert!(run.value_bytes() < n + 4 * (1 << 16) + 20_000);
    same_as_full(&rule, &run);
    // Growing past the room reserved puts the values back.
    let mut run = run;
    run.reserve(n as u64 + 1000).unwrap();
    assert!(!run.archiving());
    same_as_full(&rule, &run);
}

#[test]
fn window_mode_is_refused_below_its_least_window_and_by_the_naive_engine() {
    let rule = code("0.6");
    let mut run = Computation::new(&rule, 1).unwrap();
    assert!(run.window(MIN_WINDOW - 1).is_err());
    let naive = Box::new(naive::Naive::new(&rule));
    let mut run = Computation::with_engine(&rule, naive).unwrap();
    let err = run.window(MIN_WINDOW).unwrap_err().to_string();
    assert!(err.contains("sparse engine"), "{err}");
}
