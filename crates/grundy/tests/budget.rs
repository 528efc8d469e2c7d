//! Every search honours its budget: the requests that used to grow to
//! gigabytes or run for minutes stop at a small memory allowance or a short
//! deadline, soon, with the limit named and the position asked about in
//! the message; nothing stays held afterwards.

use std::time::{Duration, Instant};

use grundy::budget::{Budget, LimitKind};
use grundy::error::Error;
use grundy::expr::parse_position;
use grundy::nim::Play;
use grundy::sum::AnalyzeOptions;

const M: &str = "18446744073709551615";

/// 64 MiB and a minute: the memory allowance is what must stop these.
fn small_memory() -> Budget {
    Budget::unlimited()
        .with_memory(64 << 20)
        .with_time(Duration::from_secs(60))
}

fn options(budget: &Budget) -> AnalyzeOptions {
    AnalyzeOptions::default().with_budget(budget.clone())
}

/// Runs `f`, and checks that it stopped at `kind` within `within`, with the
/// asked-about text in the message, and that nothing is held afterwards.
fn stops<T: std::fmt::Debug>(
    budget: &Budget,
    kind: LimitKind,
    within: Duration,
    asked: &str,
    f: impl FnOnce() -> Result<T, Error>,
) -> String {
    let start = Instant::now();
    let err = f().expect_err("the budget must stop it");
    let took = start.elapsed();
    assert_eq!(err.limit_kind(), Some(kind), "{err}");
    assert!(took < within, "took {took:?} (more than {within:?}): {err}");
    let text = err.to_string();
    assert!(text.contains(asked), "the message names {asked:?}: {text}");
    given_back(budget);
    text
}

/// Nothing stays held after a refusal: a big table is freed on a thread
/// of its own (so that the refusal comes at once), and its bytes are held
/// until it is, a moment later.
pub fn given_back(budget: &Budget) {
    let start = Instant::now();
    while budget.held() != 0 && start.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(budget.held(), 0, "nothing is held after the refusal");
}

#[test]
fn every_game_of_a_huge_ruler_board_stops_at_the_memory_allowance() {
    let b = small_memory();
    let expr = format!("ruler*ruler(({M},{M}))");
    let pos = parse_position(&expr).unwrap();
    let text = stops(&b, LimitKind::Memory, Duration::from_secs(5), &expr, || {
        grundy::every::analyze(&pos, &options(&b))
    });
    assert!(text.contains("memory allowance of 64.0 MiB"), "{text}");
    assert!(text.contains("every-game"), "{text}");
}

#[test]
fn every_game_of_a_ruler_board_of_255_stops_at_the_memory_allowance() {
    let b = small_memory();
    let pos = parse_position("ruler*ruler((255,255))").unwrap();
    stops(
        &b,
        LimitKind::Memory,
        Duration::from_secs(5),
        "ruler*ruler((255,255))",
        || grundy::every::analyze(&pos, &options(&b)),
    );
}

#[test]
fn winning_moves_of_a_four_ruler_board_stop_at_the_memory_allowance() {
    let b = small_memory();
    let expr = format!("ruler*ruler*ruler*ruler(({M},{M},{M},{M}))");
    let pos = parse_position(&expr).unwrap();
    let text = stops(&b, LimitKind::Memory, Duration::from_secs(5), &expr, || {
        pos.analyze(Play::Normal, &options(&b))
    });
    assert!(text.contains("while"), "says where: {text}");
    // Few moves asked for: answered.
    let few = AnalyzeOptions {
        max_moves: 3,
        ..options(&b)
    };
    let a = pos.analyze(Play::Normal, &few).unwrap();
    assert_eq!(a.winning_moves.len(), 3);
}

#[test]
fn explaining_a_three_ruler_board_stops_at_the_memory_allowance() {
    let b = small_memory();
    let pos = parse_position("ruler*ruler*ruler((255,255,255))").unwrap();
    stops(
        &b,
        LimitKind::Memory,
        Duration::from_secs(5),
        "ruler*ruler*ruler((255,255,255))",
        || grundy::explain::explain_with(&pos, Play::Normal, &options(&b)),
    );
}

#[test]
fn misere_searches_of_boards_stop_at_the_memory_allowance() {
    for expr in ["ruler*ruler((15,15))", "corners((100,100))"] {
        let b = small_memory();
        let pos = parse_position(expr).unwrap();
        let text = stops(&b, LimitKind::Memory, Duration::from_secs(5), expr, || {
            pos.analyze(Play::Misere, &options(&b))
        });
        assert!(text.contains("misère"), "{text}");
        assert!(text.contains(" while "), "says where: {text}");
    }
}

#[test]
fn a_moebius_ruler_board_stops_at_its_deadline() {
    let b = Budget::unlimited().with_time(Duration::from_millis(200));
    let expr = format!("moebius*ruler((128,{M}))");
    let pos = parse_position(&expr).unwrap();
    let text = stops(&b, LimitKind::Time, Duration::from_secs(1), &expr, || {
        pos.analyze(Play::Normal, &options(&b))
    });
    assert!(text.contains("time limit of 200 ms"), "{text}");
}

#[test]
fn a_cancelled_search_stops_soon() {
    let b = Budget::unlimited();
    let cancel = b.cancel_handle();
    let pos = parse_position("ruler*ruler((15,15))").unwrap();
    let t = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(100));
        cancel.cancel();
    });
    stops(
        &b,
        LimitKind::Cancelled,
        Duration::from_secs(1),
        "ruler*ruler((15,15))",
        || pos.analyze(Play::Misere, &options(&b)),
    );
    t.join().unwrap();
}

#[test]
fn a_work_refusal_names_the_component_asked_about() {
    // The search runs out deep in the game tree, at a heap far below the
    // one asked about; the message names the one asked about.
    let expr = format!("sub{{1,3,4}}({M})");
    let pos = parse_position(&expr).unwrap();
    let err = grundy::every::analyze(&pos, &AnalyzeOptions::default()).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Work), "{err}");
    let text = err.to_string();
    assert!(text.contains(&format!("steps of {expr}")), "{text}");
    assert_eq!(
        text.matches("18446744073709").count(),
        2,
        "only the asked heap: {text}"
    );
}

#[test]
fn a_long_position_is_quoted_short() {
    let heaps: Vec<String> = (0..10_000).map(|i| (i % 7 + 1).to_string()).collect();
    let expr = format!("corners((3,3)) + nim({})", heaps.join(","));
    let pos = parse_position(&expr).unwrap();
    let b = Budget::unlimited().with_time(Duration::ZERO);
    let err = pos.analyze(Play::Misere, &options(&b)).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Time));
    assert!(err.to_string().len() < 300, "{err}");
}

#[test]
fn the_perfect_player_stops_at_its_deadline() {
    use grundy::strategy::Player;
    let b = Budget::unlimited().with_time(Duration::from_millis(200));
    let mut player = Player::with_budget(Play::Misere, usize::MAX);
    player.set_budget(b.clone());
    let pos = parse_position("corners((100,100))").unwrap();
    stops(
        &b,
        LimitKind::Time,
        Duration::from_secs(1),
        "choosing a move in corners((100,100)) (misère play)",
        // The player (and what it remembers) is gone when it returns.
        move || player.choose(&pos),
    );
}

#[test]
fn small_questions_are_answered_within_small_budgets() {
    // The budget does not get in the way of what fits.
    let b = Budget::unlimited()
        .with_memory(8 << 20)
        .with_time(Duration::from_secs(30));
    for (expr, play) in [
        ("kayles(3) + grundys(4)", Play::Misere),
        ("ruler*ruler((3,3))", Play::Misere),
        ("nim(3,4,5) + kayles(10)", Play::Normal),
    ] {
        let pos = parse_position(expr).unwrap();
        pos.analyze(play, &options(&b)).unwrap();
        assert_eq!(b.held(), 0, "{expr}");
    }
    let pos = parse_position("euclid(3,2) + nim(5)").unwrap();
    grundy::every::analyze(&pos, &options(&b)).unwrap();
}

#[test]
fn misere_quotients_hold_their_tables_against_the_allowance() {
    let b = Budget::unlimited()
        .with_memory(8 << 20)
        .with_time(Duration::from_secs(60));
    let pos = parse_position("0.07(60,50,40)").unwrap();
    let text = stops(
        &b,
        LimitKind::Memory,
        Duration::from_secs(10),
        "0.07(60,50,40)",
        || pos.analyze(Play::Misere, &options(&b)),
    );
    assert!(text.contains("misère quotient"), "{text}");
}

#[test]
fn a_quotient_computation_is_cancelled_through_its_budget() {
    use grundy::quotient::{Quotient, QuotientLimits};
    let b = Budget::unlimited();
    b.cancel_handle().cancel();
    let rule = grundy::Rule::parse("0.07").unwrap();
    let (out, _) = Quotient::compute_within(
        &rule,
        30,
        None,
        false,
        QuotientLimits::default(),
        &b,
        |_| {},
    );
    let err = out.unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Cancelled), "{err}");
    // The limits' own time says how far it got; the caller's deadline is the
    // caller's.
    let past = Budget::unlimited().with_time(Duration::ZERO);
    let limits = QuotientLimits {
        max_seconds: Some(60.0),
        ..QuotientLimits::default()
    };
    let (out, _) = Quotient::compute_within(&rule, 30, None, false, limits, &past, |_| {});
    let err = out.unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Time), "{err}");
    assert!(!err.to_string().contains("after 60 s"), "{err}");
}

/// `0.` and 200 digits `F`: every heap may be split in three, so one heap of
/// 1000 costs millions of options (67 s for the heaps to 1000).
fn two_hundred_fs() -> String {
    format!("0.{}", "F".repeat(200))
}

#[test]
fn a_long_code_stops_at_its_deadline_inside_a_heap() {
    let code = two_hundred_fs();
    let expr = format!("{code}(1000)");
    let b = Budget::unlimited().with_time(Duration::from_millis(300));
    let pos = parse_position(&expr).unwrap();
    let text = stops(
        &b,
        LimitKind::Time,
        Duration::from_millis(800),
        &code,
        || pos.analyze(Play::Normal, &options(&b)),
    );
    assert!(text.contains("nim-sequence"), "{text}");
}

#[test]
fn a_sequence_is_cancelled_inside_a_heap() {
    use grundy::limits::Limits;
    use grundy::sequence::NimSequence;
    let rule = grundy::Rule::parse(&two_hundred_fs()).unwrap();
    let b = Budget::unlimited();
    let cancel = b.cancel_handle();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        cancel.cancel();
    });
    let start = Instant::now();
    let err = NimSequence::within(&rule, 1000, Limits::default(), &b).unwrap_err();
    canceller.join().unwrap();
    assert_eq!(err.limit_kind(), Some(LimitKind::Cancelled), "{err}");
    assert!(
        start.elapsed() < Duration::from_millis(700),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(b.held(), 0);
}

#[test]
fn a_sequence_holds_its_values_against_the_allowance() {
    use grundy::limits::Limits;
    use grundy::sequence::{Computation, NimSequence};
    // 0.16: no period is known; 10^6 heaps take 2 bytes each, and as much
    // again for the period search's table.
    let rule = grundy::Rule::parse("0.16").unwrap();
    let b = Budget::unlimited().with_memory(1 << 20);
    let mut run = Computation::new(&rule, 1).unwrap();
    run.set_budget(&b).unwrap();
    let err = run.reserve(1_000_000).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Memory), "{err}");
    assert!(err.to_string().contains("0.16"), "{err}");
    // Grown a heap at a time, the run stops at the allowance too.
    let err = loop {
        match run.advance(1_000_000, 4096, false) {
            Ok(_) => assert!(run.computed() < 1_000_000, "not stopped"),
            Err(e) => break e,
        }
    };
    assert_eq!(err.limit_kind(), Some(LimitKind::Memory), "{err}");
    assert!(b.held() <= 1 << 20, "{}", b.held());
    assert!(run.computed() > 1000, "{} heaps", run.computed());
    drop(run);
    assert_eq!(b.held(), 0);
    // And the same within a sequence asked for.
    let err = NimSequence::within(&rule, 999_999, Limits::default(), &b).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Memory), "{err}");
    assert_eq!(b.held(), 0);
    // A run within the allowance gives the values of a run without one.
    let small = Budget::unlimited().with_memory(1 << 20);
    let within = NimSequence::within(&rule, 5000, Limits::default(), &small).unwrap();
    let free = NimSequence::new(&rule, 5000, Limits::default()).unwrap();
    // (The search for a period past them stops sooner within it.)
    for n in 0..=5000 {
        assert_eq!(within.value(n).unwrap(), free.value(n).unwrap(), "G({n})");
    }
}
