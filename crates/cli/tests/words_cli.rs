//! What grundy says and how it exits where a user may be misled: a script
//! whose `play` input stops early, and the help of `explain --json`.

use crate::util::{grundy, grundy_in, stderr, stdout};

#[test]
fn a_scripted_play_that_ends_on_a_refused_move_fails() {
    let out = grundy_in(&["play", "nim(1,2,3)"], "1 9\n");
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains("the input ended after a refused line (\"1 9\": heap 1 has only 1 token)"),
        "{err}"
    );
    // Unfinished, without a refusal.
    let out = grundy_in(&["play", "nim(1,2,3)"], "1 1\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the input ended before the game was over"),
        "{}",
        stderr(&out)
    );
    // Played to the end, or left with `quit`: success.
    let out = grundy_in(&["play", "nim(1,2)"], "1 1\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = grundy_in(&["play", "nim(1,2,3)"], "1 9\nquit\n");
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn explain_help_names_no_internal_function() {
    let out = grundy(&["explain", "--help"]);
    let text = stdout(&out);
    assert!(out.status.success());
    assert!(!text.contains("explain_json"), "{text}");
    assert!(text.contains("/api/explain"), "{text}");
}
