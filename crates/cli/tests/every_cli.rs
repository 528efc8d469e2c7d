//! `grundy analyze --every`: every-game sums (a move in every component on
//! each turn) as a user runs them, text and JSON.

use std::process::{Command, Output};

use serde_json::{json, Value};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("run grundy")
}

fn json_of(args: &[&str]) -> Value {
    let out = grundy(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().count(),
        1,
        "one JSON object on one line: {text}"
    );
    serde_json::from_str(&text).unwrap()
}

#[test]
fn json_keeps_the_analyze_fields_and_adds_steps() {
    // euclid(3,2) is lost in 2 steps, nim(5) won in 1, kayles(4) won in 3.
    let v = json_of(&[
        "analyze",
        "--every",
        "--json",
        "euclid(3,2) + nim(5) + kayles(4)",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["play"], "every");
    assert_eq!(v["steps"], json!([2, 1, 3]));
    assert_eq!(v["max_steps"], 3);
    assert_eq!(v["winning_moves_truncated"], false);
    assert_eq!(v["terms"][0], json!({ "name": "euclid", "value": null }));
    assert_eq!(
        v["heaps"][0],
        json!({ "term": 1, "size": 5, "value": null })
    );
    // One move in every component, each one step shorter; the winning
    // moves are that turn.
    assert_eq!(v["winning_moves"], v["turn"]);
    let turn = v["turn"].as_array().unwrap();
    assert_eq!(turn.len(), 3);
    assert_eq!(turn[0]["component"], 0);
    assert_eq!(turn[0]["after"], "euclid(1,2)");
    assert_eq!(turn[0]["steps"], 1);
    assert_eq!(
        turn[1],
        json!({ "heap": 0, "from": 5, "to": [], "term": 1, "after": "nim(0)",
                "component": 1, "steps": 0, "words": "take all 5 from heap 2: 5 → 0" })
    );
    assert_eq!(turn[2]["steps"], 2);
    assert_eq!(v["after_turn"], "euclid(1,2) + nim(0) + kayles(3)");
    // After the winning turn the opponent is lost.
    let after = v["after_turn"].as_str().unwrap();
    let w = json_of(&["analyze", "--every", "--json", after]);
    assert_eq!(w["outcome"], "P");
    assert_eq!(w["max_steps"], 2);
    assert_eq!(w["winning_moves"], json!([]));
    assert_eq!(w["turn"].as_array().unwrap().len(), 2);
}

#[test]
fn text_explains_the_longest_game() {
    let out = grundy(&["analyze", "--every", "--plain", "euclid(3,2) + nim(5)"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("game 1 (euclid(3,2))      2  loses it"),
        "{text}"
    );
    assert!(
        text.contains("heap 2 (nim(5))           1  wins it"),
        "{text}"
    );
    assert!(text.contains("the most steps are 2, an even"), "{text}");
    assert!(text.contains("the player to move loses"), "{text}");
    assert!(text.contains("Best defence"), "{text}");
    assert!(text.contains("take all 5 from heap 2: 5 -> 0"), "{text}");
}

#[test]
fn numbers_near_2_64_are_exact() {
    let v = json_of(&[
        "analyze",
        "--every",
        "--json",
        "sub{1..3}(18446744073709551615) + euclid(18446744073709551615,1)",
    ]);
    // 2⌊n/4⌋ + 1 with n = 2^64 − 1.
    assert_eq!(v["steps"][0], 9223372036854775807u64);
    assert_eq!(v["steps"][1], 1);
    assert_eq!(v["outcome"], "N");
}

#[test]
fn every_and_misere_do_not_mix_and_bad_input_is_refused() {
    let out = grundy(&["analyze", "--every", "--misere", "nim(1)"]);
    assert_eq!(out.status.code(), Some(2));
    let out = grundy(&["analyze", "--every", "nim(1) + "]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("column"), "{err}");
    // A search beyond its budget is refused, not guessed.
    let out = grundy(&["analyze", "--every", "grundys(3000)"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("budget"), "{err}");
}
