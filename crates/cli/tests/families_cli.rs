//! The six classic families beyond heaps as a user meets them: the
//! expression syntax of each in `analyze` (text and `--json`), `explain`,
//! piped `play`, misère play, and a clear error for bad arguments.

use crate::util::grundy_in;

use serde_json::Value;

fn ok(args: &[&str], stdin: &str) -> String {
    let out = grundy_in(args, stdin);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(expr: &str) -> Value {
    serde_json::from_str(&ok(&["analyze", "--json", expr], "")).unwrap()
}

/// Each family's syntax, its outcome, and its normal-play value where
/// known (Wythoff, Lasker, Hackenbush by theory; the others by search on
/// these small positions).
#[test]
fn every_family_parses_and_answers() {
    for (expr, outcome, value) in [
        ("wythoff(3,5)", "P", 0),
        ("wythoff(4,5)", "N", 6),
        ("fibnim(13)", "P", 0),
        ("fibnim(10)", "N", 5),
        ("fibnim(10;1)", "P", 0),
        ("lasker(5,7)", "N", 5 ^ 8),
        ("lasker(3,5,1)", "P", 0),
        ("moore(2; 1,1,1)", "P", 0),
        ("moore(2; 3,3,3)", "P", 0),
        ("hackenbush(1-2 1-3 3-4)", "N", 3),
        ("hackenbush(1-2 2-3 3-1)", "N", 1),
        ("euclid(25,7)", "N", 3),
        ("euclid(15,24)", "P", 0),
    ] {
        let v = json(expr);
        assert_eq!(v["outcome"], outcome, "{expr}");
        assert_eq!(v["grundy"], value, "{expr}");
        assert_eq!(
            v["winning_moves"].as_array().unwrap().is_empty(),
            outcome == "P"
        );
        // Every winning move's `after`, substituted, gives a P-position.
        for m in v["winning_moves"].as_array().unwrap() {
            let after = m["after"].as_str().unwrap();
            assert_eq!(json(after)["outcome"], "P", "{expr} → {after}");
        }
    }
}

#[test]
fn a_sum_mixes_families_freely() {
    let text = ok(
        &[
            "analyze",
            "wythoff(3,5) + lasker(6) + hackenbush(1-2 2-3 2-4) + nim(7)",
        ],
        "",
    );
    assert!(text.contains("game 1 (wythoff)"), "{text}");
    assert!(text.contains("graph 3 (hackenbush)"), "{text}");
    assert!(text.contains("P-position"), "{text}");
    let v = json("wythoff(4,5) + fibnim(10) + euclid(25,7) + moore(2; 1,2)");
    assert_eq!(v["outcome"], "N");
    for m in v["winning_moves"].as_array().unwrap() {
        let t = m["term"].as_u64().unwrap() as usize;
        let mut terms: Vec<String> = [
            "wythoff(4,5)",
            "fibnim(10)",
            "euclid(25,7)",
            "moore(2; 1,2)",
        ]
        .map(String::from)
        .to_vec();
        terms[t] = m["after"].as_str().unwrap().to_string();
        assert_eq!(json(&terms.join(" + "))["outcome"], "P", "{m}");
    }
}

#[test]
fn huge_positions_answer_alone_and_are_refused_in_sums() {
    let v = json("wythoff(1000000000000000000,1618033988749894848)");
    assert_eq!(v["outcome"], "N");
    assert!(v["grundy"].is_null());
    let v = json("euclid(18446744073709551615,2)");
    assert_eq!(v["outcome"], "N");
    let v = json("fibnim(12200160415121876738)");
    assert_eq!(v["outcome"], "P");
    let out = grundy_in(&["analyze", "wythoff(1000000000000000000,7) + nim(1)"], "");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("only its outcome"), "{err}");
}

#[test]
fn misere_by_search() {
    for (expr, outcome) in [
        ("wythoff(1,1)", "N"),
        ("wythoff(1,0)", "P"),
        ("fibnim(2)", "N"),
        ("fibnim(3;1)", "P"),
        ("lasker(1,1)", "N"),
        ("moore(2; 1,1)", "N"),
        ("hackenbush(1-2)", "P"),
        ("euclid(2,1)", "N"),
        ("euclid(1,1)", "P"),
    ] {
        let v: Value =
            serde_json::from_str(&ok(&["analyze", "--json", "--misere", expr], "")).unwrap();
        assert_eq!(v["outcome"], outcome, "{expr}");
    }
}

#[test]
fn explain_each_family() {
    for (expr, words) in [
        ("wythoff(4,5)", "take 1 from pile 1"),
        ("fibnim(10)", "take 2: 10 -> 8"),
        ("lasker(7)", "take all 7 from heap 1: 7 -> 0"),
        ("moore(2; 1,2,4)", "take 1 from heap 2"),
        ("hackenbush(1-2 1-3 3-4)", "cut edge 3-4"),
        ("euclid(25,7)", "subtract 14 from 25"),
    ] {
        let text = ok(&["explain", "--plain", expr], "");
        assert!(text.contains(words), "{expr}: {text}");
    }
}

/// A move typed in each family's notation is read and played.
#[test]
fn play_reads_each_familys_moves() {
    for (expr, line, words) in [
        ("wythoff(4,5)", "= 3 5", "take 1 from pile 1"),
        ("fibnim(10)", "2", "take 2: 10 -> 8"),
        ("lasker(5,6)", "2 = 1 5", "split the heap of 6 into 1 and 5"),
        ("moore(2; 1,2,4)", "= 1 1 1", "take 1 from heap 2"),
        ("hackenbush(1-2 1-3 3-4)", "3-4", "cut edge 3-4"),
        ("euclid(25,7)", "= 11 7", "subtract 14 from 25"),
    ] {
        let text = ok(&["play", "--plain", expr], &format!("{line}\nquit\n"));
        assert!(text.contains("You: "), "{expr}: {text}");
        assert!(text.contains(words), "{expr}: {text}");
        assert!(text.contains("Computer (move 2)"), "{expr}: {text}");
    }
    // An illegal move is refused with the reason, and play goes on.
    let text = ok(&["play", "--plain", "wythoff(4,5)"], "= 2 4\nquit\n");
    assert!(text.contains("a move takes from one pile"), "{text}");
    let text = ok(&["play", "--plain", "hackenbush(1-2)"], "2-3\nquit\n");
    assert!(text.contains("has no edge 2-3"), "{text}");
}

/// `play` draws boards as pictures: the squares with their rows and
/// columns named as moves are typed (Wythoff's queen at her piles).
#[test]
fn play_draws_boards() {
    let text = ok(&["play", "--plain", "wythoff(2,1)"], "quit\n");
    for line in ["1 | o o Q", "0 | o o o", "    0 1 2"] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    let text = ok(&["play", "--plain", "chomp(3,1)"], "quit\n");
    for line in ["2 | o", "1 | P o o", "    1 2 3"] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
}

/// `play` draws a Cram board as a picture (free `o`, covered or blocked
/// `#`, columns lettered and rows numbered as moves are typed) and a
/// domino typed as its two cells is placed on it.
#[test]
fn play_draws_cram_and_places_a_domino() {
    let text = ok(&["play", "--plain", "cram(3x4)"], "b2-b3\nquit\n");
    for line in ["1 | o o o o", "2 | o o o o", "3 | o o o o", "    a b c d"] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    let (_, after) = text
        .split_once("You: board 1: a domino on b2-b3")
        .expect(&text);
    for line in ["1 | o o o o", "2 | o # o o", "3 | o # o o"] {
        assert!(after.contains(line), "{line:?} after the move in {text}");
    }
    assert!(text.contains("Computer (move 2)"), "{text}");
    // A blocked cell is drawn so, and a domino on it is refused.
    let text = ok(&["play", "--plain", "cram(.#/..)"], "a1-b1\nquit\n");
    for line in ["1 | o #", "2 | o o", "    a b"] {
        assert!(text.contains(line), "{line:?} in {text}");
    }
    assert!(text.contains("b1 is not a free cell"), "{text}");
}

#[test]
fn bad_arguments_are_clear_errors() {
    for (expr, says) in [
        ("wythoff(3)", "second pile"),
        ("wythoff(3,5,7)", "')' closing wythoff"),
        ("fibnim(-1)", "negative"),
        ("fibnim(10;)", "expected a number"),
        ("lasker()", "expected a number"),
        ("moore(0; 1,2)", "k must be at least 1"),
        ("moore(2 1,2)", "';' and the heaps"),
        ("hackenbush(1-2 3)", "'-' and the other end"),
        ("hackenbush(1-2 4-5)", "not connected to the ground"),
        ("euclid(25)", "second number"),
        ("lasker(18446744073709551616)", "too large"),
    ] {
        let out = grundy_in(&["analyze", expr], "");
        assert!(!out.status.success(), "{expr}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{expr}: {err}");
        assert!(!err.contains("panicked"), "{expr}: {err}");
    }
}

// Coin-turning boards: Turning Corners and Tartan products through
// `analyze` (text and `--json`), `explain`, piped `play`, and clear errors.

#[test]
fn boards_analyse_with_values_and_winning_moves() {
    for (expr, outcome, value) in [
        // 1 ⊗ 2 = 2 and 3 ⊗ 3 = 2.
        ("corners((1,2),(3,3))", "P", 0),
        ("corners((1,2),(3,5))", "N", 2 ^ 15),
        ("corners((2,3),(2,3))", "N", 1),
        // ruler(3) ⊗ ruler(5) = 1, ruler(2) ⊗ ruler(2) = 3; mock(1) ⊗ ruler(2) = 2 ⊗ 2 = 3.
        ("ruler*ruler((3,5),(2,2))", "N", 2),
        ("turtles*turtles*turtles((1,2,3))", "N", 1),
        ("mock*ruler((0,1),(1,2))", "N", 1 ^ 3),
        ("twins(0,3,5) + moebius(6,9)", "N", 3 ^ 5 ^ 31 ^ 103),
        (
            "corners((18446744073709551615,18446744073709551615))",
            "N",
            11290409524105353207u64,
        ),
    ] {
        let v = json(expr);
        assert_eq!(v["outcome"], outcome, "{expr}");
        assert_eq!(v["grundy"], value, "{expr}");
        let wins = v["winning_moves"].as_array().unwrap();
        assert_eq!(wins.is_empty(), outcome == "P", "{expr}");
        // Winning moves' `after`, substituted, give P-positions (the first 20).
        for m in wins.iter().take(20) {
            let mut terms: Vec<String> = expr.split(" + ").map(str::to_string).collect();
            let t = m["term"].as_u64().unwrap() as usize;
            terms[t] = m["after"].as_str().unwrap().to_string();
            assert_eq!(json(&terms.join(" + "))["outcome"], "P", "{expr}: {m}");
        }
    }
    let text = ok(&["analyze", "--plain", "corners((1,2),(3,5))"], "");
    assert!(text.contains("turn coins"), "{text}");
}

#[test]
fn explain_gives_the_tartan_reason() {
    let v: Value =
        serde_json::from_str(&ok(&["explain", "--json", "corners((1,2),(3,5))"], "")).unwrap();
    assert_eq!(v["outcome"], "N");
    let reason = v["rows"][0]["reason"].as_str().unwrap();
    assert!(reason.contains("x ⊗ y"), "{reason}");
    let text = ok(&["explain", "--plain", "ruler*ruler((3,5),(2,2))"], "");
    assert!(text.contains("Tartan theorem"), "{text}");
}

#[test]
fn play_reads_coins_to_turn() {
    // 2 ⊗ 3 = 1: turning the rectangle's four corners wins.
    let text = ok(
        &["play", "--plain", "corners((2,3))"],
        "1,1 1,3 2,1 2,3\nquit\n",
    );
    assert!(
        text.contains("turn coins (1,1), (1,3), (2,1) and (2,3)"),
        "{text}"
    );
    let text = ok(&["play", "--plain", "corners((2,3))"], "2,3\nquit\n");
    assert!(text.contains("Twins turns exactly two coins"), "{text}");
}

#[test]
fn bad_boards_are_clear_errors() {
    for (expr, says) in [
        ("corners((1,2,3))", "')' closing a coin of 2 coordinates"),
        ("ruler*ruler((0,1))", "numbered 1..="),
        ("ruler*nim((1,1))", "coin-turning rule after '*'"),
        ("corners((18446744073709551616,1))", "too large"),
        ("moebius(129)", "numbered 1..=128"),
    ] {
        let out = grundy_in(&["analyze", expr], "");
        assert_eq!(out.status.code(), Some(1), "{expr}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{expr}: {err}");
        assert!(err.contains('^'), "{expr}: {err}");
        assert!(!err.contains("panicked"), "{expr}: {err}");
    }
}
