//! Searches stop at their deadline, not long after it: the expensive
//! requests (misère play of big coin boards, every-game play of a ruler
//! board) used to answer 0.5 to 1.7 s late, spent freeing their tables and
//! in long stretches between two looks at the clock. Each is given a 1 s
//! deadline here and must refuse within [`SLACK`] of it.

use std::time::{Duration, Instant};

use grundy::budget::{Budget, LimitKind};
use grundy::expr::parse_position;
use grundy::nim::Play;
use grundy::sum::AnalyzeOptions;

use crate::budget::given_back;

/// How late a refusal may come. The aim is 0.2 s on an idle machine; the
/// slack leaves room for a test machine busy with other builds.
const SLACK: Duration = Duration::from_millis(600);

const DEADLINE: Duration = Duration::from_secs(1);

/// A 1 s deadline, and memory enough that the deadline is what stops.
fn budget() -> Budget {
    Budget::unlimited().with_time(DEADLINE).with_memory(4 << 30)
}

/// Runs `f` against a fresh one-second budget and checks that it refuses
/// with the time limit within the slack, naming `expr`.
fn on_time<T: std::fmt::Debug>(
    expr: &str,
    f: impl FnOnce(&AnalyzeOptions) -> grundy::Result<T>,
) -> String {
    let b = budget();
    let options = AnalyzeOptions::default().with_budget(b.clone());
    let start = Instant::now();
    let err = f(&options).expect_err("the deadline must stop it");
    let took = start.elapsed();
    assert_eq!(err.limit_kind(), Some(LimitKind::Time), "{expr}: {err}");
    assert!(
        took < DEADLINE + SLACK,
        "{expr}: refused {:?} after the deadline: {err}",
        took - DEADLINE
    );
    let text = err.to_string();
    assert!(text.contains(expr), "names {expr}: {text}");
    given_back(&b);
    text
}

#[test]
fn misere_play_of_a_corners_board_stops_at_its_deadline() {
    let expr = "corners((100,100))";
    let pos = parse_position(expr).unwrap();
    on_time(expr, |o| pos.analyze(Play::Misere, o));
}

#[test]
fn misere_play_of_a_ruler_board_stops_at_its_deadline() {
    let expr = "ruler*ruler((15,15))";
    let pos = parse_position(expr).unwrap();
    on_time(expr, |o| pos.analyze(Play::Misere, o));
}

#[test]
fn every_game_play_of_a_ruler_board_stops_at_its_deadline() {
    let expr = "ruler*ruler((255,255))";
    let pos = parse_position(expr).unwrap();
    let text = on_time(expr, |o| grundy::every::analyze(&pos, o));
    // One position's options are all that 1 s lists: the count says so.
    assert!(text.contains(" searched, "), "{text}");
}

/// The count in an every-game refusal is the search's own: positions whose
/// options it listed, and of them those it finished and remembers
/// (thousands, here, before 1 MiB is spent).
#[test]
fn an_every_game_refusal_counts_what_was_searched_and_remembered() {
    let b = Budget::unlimited()
        .with_memory(1 << 20)
        .with_time(Duration::from_secs(60));
    let pos = parse_position("chomp(12x12)").unwrap();
    let options = AnalyzeOptions::default().with_budget(b.clone());
    let err = grundy::every::analyze(&pos, &options).unwrap_err();
    assert_eq!(err.limit_kind(), Some(LimitKind::Memory), "{err}");
    let text = err.to_string();
    let number_before = |words: &str| -> u64 {
        let at = text
            .find(words)
            .unwrap_or_else(|| panic!("{words:?} in {text}"));
        let digits: String = text[..at]
            .trim_end()
            .chars()
            .rev()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.chars().rev().collect::<String>().parse().unwrap()
    };
    let searched = number_before(" positions searched");
    let remembered = number_before(" of them finished and remembered");
    assert!(remembered > 1000, "{text}");
    assert!(searched >= remembered, "{text}");
    given_back(&b);
}

/// A coin board with a Twins coordinate 0 has no move: said at once, not
/// after trying each of the 2^64 turns of its other coordinate.
#[test]
fn a_corners_board_without_moves_says_so_at_once() {
    let m = u64::MAX;
    let start = Instant::now();
    for expr in [format!("corners(({m},0))"), format!("corners((0,{m}))")] {
        let pos = parse_position(&expr).unwrap();
        assert_eq!(pos.moves().count(), 0, "{expr}");
        let b = Budget::unlimited().with_time(Duration::from_millis(50));
        let options = AnalyzeOptions::default().with_budget(b);
        let e = grundy::explain::explain_with(&pos, Play::Normal, &options).unwrap();
        assert_eq!(e.outcome, grundy::nim::Outcome::P, "{expr}");
    }
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
}
