//! A refusal at a limit names the position the user asked about (never one
//! deep in its game tree), says which limit was reached and where, and
//! gives the flag that raises it; and it comes at the deadline, not long
//! after.

use std::time::{Duration, Instant};

use crate::util::{grundy, stderr};

const M: &str = "18446744073709551615";

/// Runs `grundy args`, which must be refused; its standard error.
fn refusal(args: &[&str]) -> String {
    let out = grundy(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

/// Every position of `family` that `text` names is `asked`.
fn names_only(text: &str, family: &str, asked: &str) {
    let mut rest = text;
    let mut seen = 0;
    while let Some(at) = rest.find(family) {
        assert!(
            rest[at..].starts_with(asked),
            "names a position other than {asked}: {text}"
        );
        seen += 1;
        rest = &rest[at + asked.len()..];
    }
    assert!(seen > 0, "names {asked}: {text}");
}

#[test]
fn every_game_refusals_name_the_position_asked_about() {
    let boxes = format!("boxes(1/{M})");
    let sub = format!("sub{{1,3,4}}({M})");
    for (asked, family) in [(&boxes, "boxes("), (&sub, "sub{1,3,4}(")] {
        // The count of work: the budget, and the flag that raises it.
        let err = refusal(&[
            "analyze", "--every", "--memory", "4G", "--work", "1000", asked,
        ]);
        names_only(&err, family, asked);
        assert!(err.contains("every-game"), "{err}");
        assert!(err.contains("budget of 1000 positions and moves"), "{err}");
        assert!(err.contains("--work N"), "{err}");
        // The deadline: the time allowed, where it was reached (with what
        // the search had done), and the flag.
        // (With memory and work enough that the deadline is what stops
        // it: the default allowance follows the memory available, which a
        // busy machine may have little of, and a quiet machine gets through
        // the default work budget within the time.)
        let err = refusal(&[
            "analyze",
            "--every",
            "--memory",
            "4G",
            "--work",
            "1000000000000",
            "--time",
            "0.2",
            asked,
        ]);
        names_only(&err, family, asked);
        assert!(err.contains("time limit of 200 ms was reached"), "{err}");
        assert!(err.contains("positions searched"), "{err}");
        assert!(err.contains("--time SECONDS"), "{err}");
        // The memory allowance.
        let err = refusal(&["analyze", "--every", "--memory", "1M", asked]);
        names_only(&err, family, asked);
        assert!(err.contains("memory allowance of 1.0 MiB"), "{err}");
        assert!(err.contains("--memory SIZE"), "{err}");
    }
}

/// The expensive searches of the command line refuse within 0.6 s of a
/// 1 s deadline (process start and exit included; they used to answer
/// 0.5 to 1.7 s late, freeing their tables).
#[test]
fn expensive_searches_refuse_at_their_deadline() {
    for (play, asked) in [
        ("--misere", "corners((100,100))"),
        ("--misere", "ruler*ruler((15,15))"),
        ("--every", "ruler*ruler((255,255))"),
    ] {
        // Memory enough that the deadline is what stops it.
        let args = ["analyze", play, "--memory", "4G", "--time", "1", asked];
        let start = Instant::now();
        let err = refusal(&args);
        let took = start.elapsed();
        assert!(
            took < Duration::from_millis(1600),
            "{args:?} took {took:?}: {err}"
        );
        assert!(err.contains("time limit of 1 s was reached"), "{err}");
        names_only(&err, &asked[..asked.find('(').unwrap() + 1], asked);
    }
}
