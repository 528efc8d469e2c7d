//! Loopy games from the command line: `analyze` (text and the JSON
//! contract: `outcome` "D", values as `{"inf": [...]}`, `drawing_moves`),
//! `explain`, `play` with draws by repetition and by a move limit, and the
//! refusals (bad input with a caret, misère play).

use crate::util::{grundy, grundy_in, json_line, stderr, stdout};
use serde_json::json;

#[test]
fn analyze_json_keeps_the_contract() {
    let v = json_line(&["analyze", "--json", "digraph(1>2 2>1; 1) + nim(2)"]);
    assert_eq!(v["outcome"], "D");
    assert_eq!(v["grundy"], json!({"inf": []}));
    assert_eq!(v["terms"][0]["value"], json!({"inf": []}));
    assert_eq!(v["terms"][1]["value"], 2);
    assert_eq!(
        v["components"],
        json!([{"term": 0, "value": {"inf": []}}, {"term": 1, "value": 2}])
    );
    assert_eq!(v["winning_moves"], json!([]));
    let after: Vec<&str> = v["drawing_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["after"].as_str().unwrap())
        .collect();
    assert_eq!(after, ["digraph(1>2 2>1; 2)", "nim(1)", "nim(0)"]);
    // A self-loop beside an exit: ∞(0), won alone by the exit.
    let v = json_line(&["analyze", "--json", "digraph(1>1 1>2; 1)"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], json!({"inf": [0]}));
    assert_eq!(v["winning_moves"][0]["after"], "digraph(1>1 1>2; 2)");
    assert_eq!(v["drawing_moves"], json!([]));
    // Without cycles a digraph has its Grundy values.
    let v = json_line(&["analyze", "--json", "digraph(1>2 2>3 1>3; 1 1)"]);
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].as_u64()),
        (Some("P"), Some(0))
    );
    assert_eq!(v["components"][0]["value"], 2);
}

#[test]
fn analyze_and_explain_say_how() {
    let out = grundy(&[
        "analyze",
        "--plain",
        "digraph(1>2 2>1 2>3 4>5 5>4; 2 4) + nim(1)",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("inf()"), "{text}");
    assert!(text.contains("a draw (a\nD-position)"), "{text}");
    assert!(text.contains("Moves that keep the draw (4)"), "{text}");
    let out = grundy(&["explain", "digraph(1>2 2>1 2>3 4>4 4>2; 1 4) + nim(2)"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("labelled at level 0 with counter 1"),
        "{text}"
    );
    assert!(
        text.contains("reverses: token 1: 2 → 3 (counter 0)"),
        "{text}"
    );
    assert!(
        text.contains("token 2: 4 → 4: value ∞(1) — forces ∞"),
        "{text}"
    );
    assert!(text.contains("the sum is ∞(K ⊕ 2) = ∞(3)"), "{text}");
    let v = json_line(&[
        "explain",
        "--json",
        "digraph(1>2 2>1 2>3 4>4 4>2; 1 4) + nim(2)",
    ]);
    let loopy = &v["loopy"];
    assert_eq!(loopy["rule"], "one_infinite");
    assert_eq!(loopy["values"]["sum"], json!({"inf": [3]}));
    assert_eq!(loopy["accounts"][0]["counter"], 1);
    assert_eq!(
        loopy["accounts"][0]["followers"][0]["reversal"]["counter"],
        0
    );
    assert_eq!(loopy["accounts"][1]["mex"], 0);
    assert_eq!(loopy["accounts"][1]["followers"][0]["forcing"], true);
    assert_eq!(loopy["accounts"][2], json!(null));
    assert_eq!(loopy["drawing_moves"].as_array().unwrap().len(), 3);
    // A position without loops has no loopy part.
    assert_eq!(
        json_line(&["explain", "--json", "nim(3)"])["loopy"],
        json!(null)
    );
}

#[test]
fn bad_input_and_misere_are_refused() {
    for (expr, col, what) in [
        ("digraph(1>2 2>; 1)", 15, "the vertex the edge goes to"),
        ("digraph(1>2 2>1;)", 17, "at least one"),
        ("digraph(1>2 2>1)", 16, "';'"),
        ("digraph(1>2; 1 9)", 16, "vertex 9"),
    ] {
        let out = grundy(&["analyze", expr]);
        assert!(!out.status.success(), "{expr}");
        let err = stderr(&out);
        assert!(err.contains(&format!("column {col}")), "{expr}: {err}");
        assert!(err.contains(what), "{expr}: {err}");
        assert!(err.contains('^'), "{err}");
    }
    let out = grundy(&["analyze", "--misere", "digraph(1>2 2>1; 1)"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("misère play of a loopy game is not supported"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn play_ends_a_repeating_game_as_a_draw() {
    // A two-cycle: the computer keeps the draw, and the third visit ends it.
    let out = grundy_in(&["play", "--plain", "digraph(1>2 2>1; 1)"], "2\n2\n2\n");
    let text = stdout(&out);
    assert!(text.contains("so the computer keeps the draw"), "{text}");
    assert!(
        text.contains("The game is a draw: the same position came up for the third time.")
            && text.contains("The game is a draw after 4 moves."),
        "{text}"
    );
    // A move limit.
    let out = grundy_in(
        &[
            "play",
            "--plain",
            "--move-limit",
            "3",
            "digraph(1>2 2>1; 1)",
        ],
        "2\n2\n",
    );
    let text = stdout(&out);
    assert!(
        text.contains("The game is a draw: the limit of 3 moves was reached.")
            && text.contains("The game is a draw after 3 moves."),
        "{text}"
    );
    // A won position: the computer wins fast, not by going around the cycle.
    let out = grundy_in(
        &[
            "play",
            "--plain",
            "--first",
            "computer",
            "digraph(1>2 2>1 2>3; 2)",
        ],
        "",
    );
    let text = stdout(&out);
    assert!(text.contains("Computer (move 1): 1 3"), "{text}");
    assert!(text.contains("The computer wins after 1 move."), "{text}");
}
