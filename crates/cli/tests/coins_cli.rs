//! Coin-turning boards as a user meets them: Turning Corners and Tartan
//! products through `analyze` (text and `--json`), `explain`, piped `play`,
//! and clear errors, all through the generic machinery.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn grundy(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn ok(args: &[&str], stdin: &str) -> String {
    let out = grundy(args, stdin);
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
    let text = ok(&["play", "--plain", "corners((2,3))"], "1,1 1,3 2,1 2,3\n");
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
        let out = grundy(&["analyze", expr], "");
        assert_eq!(out.status.code(), Some(1), "{expr}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{expr}: {err}");
        assert!(err.contains('^'), "{expr}: {err}");
        assert!(!err.contains("panicked"), "{expr}: {err}");
    }
}
