//! The `nim`, `analyze` (also `--every`), `seq` and `value` subcommands as a
//! user runs them: the JSON contract, the teaching output, and clean errors.

use crate::util::{grundy, grundy_in};

use std::process::Command;

use serde_json::{json, Value};

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
fn nim_json_contract() {
    let v = json_of(&["nim", "--json", "3", "4", "5"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(
        v["winning_moves"],
        json!([{ "heap": 0, "from": 3, "to": [1], "term": 0, "after": "nim(1,4,5)" }])
    );

    let v = json_of(&["nim", "--json", "1", "2", "3"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["winning_moves"], json!([]));

    // Misère: grundy is null; with all heaps of size 1 an odd count loses.
    let v = json_of(&["nim", "--json", "--misere", "1", "1", "1"]);
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], Value::Null);
    let v = json_of(&["nim", "--json", "--misere", "1", "1", "2"]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(
        v["winning_moves"],
        json!([{ "heap": 2, "from": 2, "to": [1], "term": 0, "after": "nim(1,1,1)" }])
    );
}

#[test]
fn analyze_json_flattens_heaps_in_written_order() {
    let v = json_of(&["analyze", "--json", "nim(1,6) + kayles(8) + sub{1,3,4}(2)"]);
    // G: nim 1, 6; kayles(8) = 1; sub{1,3,4}(2) = 0. Sum = 1^6^1^0 = 6.
    assert_eq!(v["grundy"], 6);
    assert_eq!(v["outcome"], "N");
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(
        moves.contains(&json!({ "heap": 1, "from": 6, "to": [], "term": 0, "after": "nim(1,0)" })),
        "{moves:?}"
    );
    for m in moves {
        let to = m["to"].as_array().unwrap();
        let sizes: Vec<u64> = to.iter().map(|x| x.as_u64().unwrap()).collect();
        assert!(sizes.windows(2).all(|w| w[0] <= w[1]), "ascending: {m}");
        assert!(sizes.iter().all(|&s| s > 0), "no zeros: {m}");
    }
    // A split leaves two heaps.
    let v = json_of(&["analyze", "--json", "kayles(5)"]);
    assert!(v["winning_moves"].as_array().unwrap().contains(
        &json!({ "heap": 0, "from": 5, "to": [2, 2], "term": 0, "after": "kayles(2,2)" })
    ));
}

#[test]
fn seq_and_value_json() {
    let v = json_of(&["seq", "sub{2,3,7}", "--to", "9", "--json"]);
    assert_eq!(v["values"], json!([0, 0, 1, 1, 2, 0, 0, 1, 1, 2]));
    assert_eq!(v["period"], 5);
    assert_eq!(v["preperiod"], 0);

    let v = json_of(&["seq", "kayles", "--to", "12", "--json"]);
    assert_eq!(v["values"], json!([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]));
    assert_eq!(
        (v["period"].clone(), v["preperiod"].clone()),
        (json!(12), json!(71))
    );

    let v = json_of(&["seq", "grundys", "--to", "5", "--json"]);
    assert_eq!(v["values"], json!([0, 0, 0, 1, 0, 2]));
    assert_eq!(v["period"], Value::Null);
    assert_eq!(v["preperiod"], Value::Null);

    let v = json_of(&["value", "dawson", "18446744073709551615", "--json"]);
    assert!(v["value"].is_u64());
    let v = json_of(&["value", "sub{1..5}", "1000000000000000000", "--json"]);
    assert_eq!(v["value"], 1_000_000_000_000_000_000u64 % 6);
}

#[test]
fn human_output_teaches() {
    let out = grundy(&["nim", "3", "4", "5"]);
    let text = String::from_utf8(out.stdout).unwrap();
    for needle in [
        "011",
        "100",
        "101",
        "010",
        "take 2 from heap 1: 3 -> 1",
        "N-position",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in\n{text}");
    }
    let out = grundy(&["analyze", "kayles(10)"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("split the rest into"), "{text}");
    let out = grundy(&["seq", "kayles", "--to", "20"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Period 12 from heap 71"), "{text}");
}

#[test]
fn bad_input_is_one_clear_line_and_a_failure() {
    for (args, says) in [
        (vec!["nim", "3", "-4"], "negative"),
        (vec!["nim", "99999999999999999999"], "too large"),
        (vec!["nim", "3x"], "not a whole number"),
        (vec!["analyze", "foo(3)"], "unknown rule"),
        (vec!["analyze", "ním(3)"], "unknown rule \"ním\""),
        (vec!["analyze", "nim(3) + stairs(1,5,3)"], "column 21:"),
        (vec!["analyze", "nim(3,"], "expected a number"),
        (vec!["analyze", ""], "empty"),
        (vec!["analyze", "0.7z(3)"], "not a hexadecimal digit"),
        (vec!["analyze", "1.7(3)"], "invalid take-and-break code"),
        (vec!["analyze", "stairs(5,3)"], "strictly increasing"),
        (
            vec!["value", "grundys", "18446744073709551615"],
            "no period can be proved",
        ),
        (vec!["seq", "kayles", "--to", "99999999999"], "too large"),
        (vec!["value", "nosuch", "3"], "unknown rule"),
    ] {
        let out = grundy(&args);
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if out.status.code() == Some(2) {
            // A usage error: clap's full message.
            assert!(err.starts_with("error: "), "{args:?}: {err}");
        } else if err.contains(", at column") {
            // A parse error: the line, then the input around the problem
            // and a caret under it.
            assert_eq!(err.lines().count(), 3, "{args:?}: {err}");
            assert_eq!(err.lines().last().unwrap().trim(), "^", "{args:?}: {err}");
        } else {
            assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        }
        assert!(out.stdout.is_empty(), "{args:?}: nothing on stdout");
    }
    // A position that needs no moves from anyone is still a position.
    let v = json_of(&["nim", "--json", "0", "0"]);
    assert_eq!(v["outcome"], "P");
}

#[test]
fn huge_subtraction_members_are_analysed_exactly() {
    // sub{m}: G(n) = ⌊n/m⌋ mod 2; the winning move takes m.
    let v = json_of(&[
        "analyze",
        "sub{1000000000000000000}(9000000000000000000)",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"][0], 8_000_000_000_000_000_000u64);
    let v = json_of(&[
        "analyze",
        "sub{10000000000000000000}(10000000000000000000)",
        "--json",
    ]);
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], serde_json::json!([]));
    // sub{1, 2^64−1}(2): the only move leaves 1, an N-position.
    let v = json_of(&["analyze", "sub{1,18446744073709551615}(2)", "--json"]);
    assert_eq!(
        (v["outcome"].as_str(), v["grundy"].as_u64()),
        (Some("P"), Some(0))
    );
    let v = json_of(&["analyze", "sub{9223372036854775808}(1)", "--json"]);
    assert_eq!(v["outcome"], "P");
    for (rule, n, want) in [
        ("sub{10000000000000000000}", "10000000000000000000", 1),
        ("sub{2..18446744073709551615}", "5", 2),
        ("sub{1..18446744073709551615}", "5", 5),
        ("sub{1,2,18446744073709550616}", "5000", 2),
        ("sub{3,18446744073709551615}", "3", 1),
        ("sub{18446744073709551615}", "18446744073709551615", 1),
    ] {
        let v = json_of(&["value", rule, n, "--json"]);
        assert_eq!(v["value"], want, "{rule} G({n})");
    }
}

#[test]
fn usage_errors_keep_clap_s_whole_message() {
    let out = grundy(&["nim"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<HEAP>"), "names the missing argument: {err}");
    let out = grundy(&["judge", "poj-2975", "--seed", "5"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--generate"), "{err}");
    let out = grundy(&["play", "nim(1)", "--first", "nobody"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("possible values: me, computer"), "{err}");
    // Bare `grundy` shows the usage and the list of commands.
    let out = grundy(&[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("Usage:") && err.contains("analyze"), "{err}");
    let out = grundy(&["help", "--help"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn expressions_come_from_stdin_or_a_file() {
    // 20000 terms: too long for comfort on a command line.
    let long: Vec<String> = (0..20_000).map(|i| format!("nim({})", i % 7 + 1)).collect();
    let text = long.join(" + ") + "\n";
    let out = grundy_in(
        &["analyze", "-", "--json", "--max-moves", "3"],
        text.as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    // Each of 1..=7 appears 20000/7 times (2857 or 2858): xor of the counts' parities.
    let want = (1..=7u64).fold(0, |x, k| {
        let count = (0..20_000u64).filter(|i| i % 7 + 1 == k).count();
        if count % 2 == 1 {
            x ^ k
        } else {
            x
        }
    });
    assert_eq!(v["grundy"], want);
    let path = std::env::temp_dir().join(format!("grundy-expr-{}.txt", std::process::id()));
    std::fs::write(&path, "\u{feff}nim(1,2)\n").unwrap();
    let v = json_of(&["analyze", "--file", path.to_str().unwrap(), "--json"]);
    assert_eq!(v["grundy"], 3);
    let out = grundy(&["explain", "--file", path.to_str().unwrap()]);
    assert!(out.status.success());
    std::fs::remove_file(&path).unwrap();
    let out = grundy(&["analyze", "--file", "/nonexistent/position.txt"]);
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn max_moves_0_says_the_list_was_left_out() {
    let out = grundy(&["nim", "3", "4", "5", "--max-moves", "0"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("not listed (--max-moves 0)"), "{text}");
    // A P-position has nothing to leave out.
    let text = String::from_utf8(grundy(&["nim", "1", "1", "--max-moves", "0"]).stdout).unwrap();
    assert!(!text.contains("not listed"), "{text}");
}

#[test]
fn plain_and_no_color_spell_symbols_in_ascii() {
    // Not a terminal: plain, as with --plain (Unicode is for terminals).
    let piped = String::from_utf8(grundy(&["nim", "3", "4", "5"]).stdout).unwrap();
    assert!(piped.is_ascii() && piped.contains("3 -> 1"), "{piped}");
    let plain = String::from_utf8(grundy(&["nim", "3", "4", "5", "--plain"]).stdout).unwrap();
    assert!(plain.is_ascii() && plain.contains("3 -> 1"), "{plain}");
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "nim(3,4,5) + kayles(3)"])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(
        out.stdout.is_ascii(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn checkpoint_intervals_must_be_positive_and_finite() {
    for bad in ["-1", "nan", "inf", "0"] {
        let out = grundy(&[
            "seq",
            "kayles",
            "--to",
            "3",
            &format!("--checkpoint-every={bad}"),
        ]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn completions_and_man_page() {
    let out = grundy(&["completions", "bash"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("analyze"));
    let out = grundy(&["man"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains(".TH grundy 1"));
    let out = grundy(&["help", "value"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("Usage: grundy value"));
    let out = grundy(&["analyze", "--help"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        text.contains("position := term") && text.contains("Examples:"),
        "{text}"
    );
    // Every family of the registry, with its example and what it is.
    for family in grundy::games::FAMILIES {
        assert!(text.contains(family.example), "{}: {text}", family.example);
        let first_words: Vec<&str> = family.about.split_whitespace().take(3).collect();
        assert!(text.contains(&first_words.join(" ")), "{}", family.about);
    }
    let out = grundy(&["analyze", family_examples().as_str()]);
    assert!(
        out.status.success(),
        "every example analyses: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    for cmd in ["nim", "analyze", "seq", "value", "play", "explain", "judge"] {
        let out = grundy(&[cmd, "--help"]);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(text.contains("Examples"), "{cmd}: {text}");
    }
}

/// The `after` contract: substituting `after` for term `term` gives a
/// P-position, for every winning move of random sums of every family,
/// under normal and misère play.
#[test]
fn after_substituted_for_its_term_is_a_p_position() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut below = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut checked = 0;
    for _ in 0..30 {
        let mut terms = Vec::new();
        for _ in 0..1 + below(3) {
            terms.push(match below(9) {
                0 => format!("nim({},{})", below(8), below(8)),
                1 => format!("kayles({})", below(9)),
                2 => format!("grundys({})", below(9)),
                3 => format!("stairs(1,{},{})", 2 + below(3), 6 + below(4)),
                4 => format!("sub{{1,3,4}}({})", below(12)),
                5 => format!("northcott({}-9)", 1 + below(8)),
                6 => format!("runs({})", below(7)),
                7 => format!("boxes({}/12)", below(13)),
                _ => format!("auction{{3}}({})", below(12)),
            });
        }
        for misere in [false, true] {
            let text = terms.join(" + ");
            let mut args = vec!["analyze", "--json", text.as_str()];
            if misere {
                args.push("--misere");
            }
            let v = json_of(&args);
            for m in v["winning_moves"].as_array().unwrap() {
                let t = m["term"].as_u64().unwrap() as usize;
                let mut next = terms.clone();
                next[t] = m["after"].as_str().unwrap().to_string();
                let next = next.join(" + ");
                let mut args = vec!["analyze", "--json", next.as_str()];
                if misere {
                    args.push("--misere");
                }
                assert_eq!(json_of(&args)["outcome"], "P", "{text} -> {next}: {m}");
                checked += 1;
            }
        }
    }
    assert!(checked > 20, "only {checked} moves checked");
}

// `analyze --every`: every-game sums (a move in every component on each
// turn), text and JSON.

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

/// `explain --every`: the object of `analyze --every --json` with the same
/// field names and values, and each component's steps and why; the text
/// walks through the steps, the longest game and the turn.
#[test]
fn explain_every_accounts_for_the_steps() {
    let expr = "euclid(3,2) + nim(5) + kayles(4) + sub{1..3}(100)";
    let a = json_of(&["analyze", "--every", "--json", expr]);
    let e = json_of(&["explain", "--every", "--json", expr]);
    for field in [
        "outcome",
        "grundy",
        "winning_moves",
        "play",
        "terms",
        "heaps",
        "steps",
        "max_steps",
        "turn",
        "after_turn",
    ] {
        assert_eq!(a[field], e[field], "{field}");
    }
    let rows = e["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    assert_eq!(rows[0]["label"], "game 1 (euclid(3,2))");
    assert_eq!(rows[0]["steps"], 2);
    assert_eq!(rows[0]["mover_wins"], false);
    assert_eq!(rows[0]["from"], "options");
    assert_eq!(rows[0]["role"], "ends it fast");
    assert_eq!(
        rows[0]["options"],
        json!([{ "words": "game 1: subtract 2 from 3 (1 × 2): 3 → 1, leaving euclid(1,2)",
                 "leaves": "euclid(1,2)", "steps": 1 }])
    );
    assert_eq!(rows[1]["role"], "keeps it going");
    assert_eq!(rows[1]["options"].as_array().unwrap().len(), 5);
    assert_eq!(rows[2]["steps"], 3);
    // sub{1..3}(100): 2⌊100/4⌋ + [100 mod 4 ≥ 1] = 50, lost.
    assert_eq!(rows[3]["steps"], 50);
    assert_eq!(rows[3]["from"], "closed form");
    assert_eq!(rows[3]["options"], Value::Null);
    assert_eq!(rows[3]["role"], "ends it fast");
    let out = grundy(&["explain", "--every", "--plain", expr]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for want in [
        "Step 1",
        "game 1 (euclid(3,2)): its options have steps 1, all odd",
        "ends it fast through the option with the fewest: 1 + 1 = 2",
        "heap 2 (nim(5)): its options have steps 0, 1; an even number",
        "heap 4 (sub{1..3}(100)): 50 steps by its family's closed form: even",
        "the most steps are 50, an",
        "Step 3: the best defence",
        "100 -> 99 -- 50 -> 49 steps: lost here, ended as fast as possible",
    ] {
        assert!(text.contains(want), "{want:?} in {text}");
    }
    let out = grundy(&["explain", "--every", "--misere", "nim(1)"]);
    assert_eq!(out.status.code(), Some(2));
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

/// A coin-product board whose search for winning moves may miss some (moves
/// turning more coins than allowed are left out): `--json` says
/// `winning_moves_truncated` though the list is far below `--max-moves`, and
/// the text says the list may be incomplete; `explain` too. A board just
/// small enough says neither.
#[test]
fn lists_that_may_miss_moves_are_reported() {
    for (expr, incomplete) in [
        ("ruler*ruler((300,300),(128,128))", true),
        ("ruler*ruler((200,300))", false),
    ] {
        let v = json_of(&["analyze", "--json", expr]);
        let listed = v["winning_moves"].as_array().unwrap().len();
        assert!(listed > 0 && listed < 100, "{expr}: {listed}");
        assert_eq!(v["winning_moves_truncated"], incomplete, "{expr}");
        let v = json_of(&["explain", "--json", expr]);
        assert_eq!(v["winning_moves_truncated"], incomplete, "{expr}");
        for cmd in ["analyze", "explain"] {
            let out = grundy(&[cmd, expr]);
            assert!(out.status.success());
            let text = String::from_utf8(out.stdout).unwrap();
            assert_eq!(
                text.contains("This list may be incomplete"),
                incomplete,
                "{cmd} {expr}: {text}"
            );
        }
    }
}

/// Every family's example from the registry, as one sum.
fn family_examples() -> String {
    grundy::games::FAMILIES
        .iter()
        .map(|f| f.example)
        .collect::<Vec<_>>()
        .join(" + ")
}
