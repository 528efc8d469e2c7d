//! `grundy explain` and scripted (piped) `grundy play`, run as a program
//! with stdout not a terminal: plain ASCII, no colour.

use crate::util::grundy_in;

fn stdout(args: &[&str]) -> String {
    let out = grundy_in(args, "");
    assert!(out.status.success(), "{args:?}: {out:?}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.is_ascii(), "piped output is plain ASCII:\n{text}");
    assert!(!text.contains('\u{1b}'), "no colour when piped");
    text
}

#[test]
fn nim_is_explained_as_in_the_seeds() {
    let text = stdout(&["explain", "nim(3,4,5)"]);
    for line in [
        "heap 1 (nim), size 3: it can be left as 0, 1, 2, so G = mex{0, 1, 2} = 3.",
        "  heap 1 (nim)      3     011",
        "  heap 2 (nim)      4     100",
        "  heap 3 (nim)      5     101",
        "  nim-sum           2     010",
        "The nim-sum is 2 != 0, so the player to move wins (an N-position)",
        "The highest 1 of the nim-sum 2 = 010 is bit 1 (worth 2).",
        "heap 1 (nim) has that bit set in its value 3 = 011.",
        "So 3 xor 2 = 1 < 3",
        "take 3 - 1 = 2 tokens, leaving 1.",
        "`1 2`  take 2 from heap 1: 3 -> 1",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
}

#[test]
fn p_positions_and_other_games_are_explained() {
    let text = stdout(&["explain", "kayles(4) + nim(2) + stairs(1,5,9)"]);
    for line in [
        "heap 1 (kayles), size 4: its moves leave 3 (3), 1+2 (3), 2 (2), 1+1 (0) -- values {0, 2, 3}, so G = mex = 1.",
        "staircase 3 (stairs) 1,5,9: the empty steps above each monk but the top one are the gaps 3, 3 (gap 1 above the lowest monk). By the staircase Nim theorem only the odd-numbered gaps count",
        "So G = gap 1 = 3.",
        "The nim-sum is 0, so the player to move loses (a P-position).",
        "There is none",
    ] {
        assert!(text.contains(line), "missing {line:?} in\n{text}");
    }
    // A large heap is not expanded into its options.
    let text = stdout(&["explain", "kayles(100) + grundys(5)"]);
    assert!(text.contains("G(100) = "), "{text}");
    assert!(
        text.contains("its moves leave 1+4 (0), 2+3 (1) -- values {0, 1}, so G = mex = 2."),
        "{text}"
    );
}

#[test]
fn misere_nim_states_the_endgame_rule() {
    let text = stdout(&["explain", "nim(1,1,5)", "--misere"]);
    assert!(
        text.contains("Misere Nim with 1 heap of 2 or more"),
        "{text}"
    );
    assert!(text.contains("must leave an ODD"), "{text}");
    assert!(text.contains("shrink it to 1"), "{text}");
    assert!(text.contains("`3 4`  take 4 from heap 3: 5 -> 1"), "{text}");
    let text = stdout(&["explain", "nim(1,1,1)", "--misere"]);
    assert!(
        text.contains("Misere Nim with only heaps of 0 and 1"),
        "{text}"
    );
    assert!(text.contains("player to move loses"), "{text}");
}

#[test]
fn bad_expressions_fail_with_one_line() {
    let out = grundy_in(&["explain", "nim(3,"], "");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    // One line saying what, then the input and a caret under where.
    assert_eq!(err.lines().count(), 3, "{err}");
    assert!(err.starts_with("grundy: error: "), "{err}");
    assert!(err.contains("at column 7:\n  nim(3,\n        ^"), "{err}");
    // A misère sum that is neither Nim nor one heap rule (which would go to
    // its misère quotient, refused here only after its 30 s limit): the
    // exhaustive search runs out of budget at once on a heap of 10^6.
    let out = grundy_in(&["play", "nim(1000000) + kayles(30)", "--misere"], "");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("misère play of this position is not supported")
            && err.contains("exhaustive search ran past its budget"),
        "{err}"
    );
}

#[test]
fn a_game_can_be_scripted_through_stdin() {
    // Lines are read one by one and echoed after the prompt; bad lines are
    // refused and the game goes on.
    let out = grundy_in(&["play", "grundys(7)", "--first", "me"], "1 3\n1 = 3 4\n");
    // The script ends before the game: exit status 1, with the reason.
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(
        err.contains("the input ended before the game was over"),
        "{err}"
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("> 1 3\nillegal move: grundys does not allow a heap of 7 to become 4"),
        "{text}"
    );
    assert!(
        text.contains("> 1 = 3 4\nYou: heap 1: split the heap of 7 into 3 and 4."),
        "{text}"
    );
    assert!(text.contains("End of input: leaving the game."), "{text}");
    // G(7) = 0, and 3+4 leaves G(3) xor G(4) = 1: the computer answers.
    assert!(text.contains("Computer (move 2): "), "{text}");
}

#[test]
fn misere_heaps_of_one_rule_show_the_quotient_product() {
    let text = stdout(&["explain", "kayles(4,7,9)", "--misere"]);
    for line in [
        "is read from its misere quotient Q",
        "heap 1 (kayles): Phi(4) = a",
        "The product does not lie in the P-portion",
        "leaves the product b^2, in the P-portion",
    ] {
        assert!(text.contains(line), "missing {line:?} in:\n{text}");
    }
    let out = grundy_in(&["explain", "kayles(4,7,9)", "--misere", "--json"], "");
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = &json["misere"];
    assert_eq!(m["case"], "quotient");
    assert_eq!(m["in_p_portion"], false);
    assert_eq!(m["elements"].as_array().unwrap().len(), 3);
    let moves = json["winning_moves"].as_array().unwrap().len();
    assert_eq!(m["moves"].as_array().unwrap().len(), moves);
}

#[test]
fn quotient_resume_refuses_another_rule() {
    let dir = std::env::temp_dir().join(format!("grundy-quot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("q.json");
    let f = file.to_str().unwrap();
    stdout(&[
        "quotient", "0.07", "--to", "12", "--save", f, "--json", "-q",
    ]);
    let again = stdout(&[
        "quotient", "0.07", "--to", "14", "--resume", f, "--json", "-q",
    ]);
    let direct = stdout(&["quotient", "0.07", "--to", "14", "--json", "-q"]);
    assert_eq!(again, direct);
    let out = grundy_in(&["quotient", "0.77", "--to", "14", "--resume", f], "");
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("computed for 0.07, not 0.77"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}
