//! Numbers at the top of 64 bits on the command line: every command
//! answers (a value, an outcome) or refuses in words with exit status 1,
//! never a panic (exit status 101).

use crate::util::{grundy, grundy_in, stderr, stdout};

const M: &str = "18446744073709551615";

/// `grundy args`: never a panic; the output when it succeeded.
fn answered(args: &[&str]) -> Option<String> {
    let out = grundy(args);
    let code = out.status.code();
    assert!(
        matches!(code, Some(0 | 1)),
        "{args:?}: {code:?}\n{}",
        stderr(&out)
    );
    if code == Some(1) {
        assert!(
            stderr(&out).starts_with("grundy: error: "),
            "{args:?}: {}",
            stderr(&out)
        );
        return None;
    }
    Some(stdout(&out))
}

#[test]
fn wythoff_and_moore_at_the_top_answer() {
    for expr in [format!("wythoff({M},{M})"), format!("moore({M}; 1,2)")] {
        let text = answered(&["analyze", "--plain", &expr]).expect("answered");
        assert!(text.contains("the player to move wins"), "{expr}: {text}");
        answered(&["explain", "--plain", &expr]).expect("explained");
        answered(&["analyze", "--every", &expr]);
        // `play` from a script: a move is read, the game goes on or ends.
        let out = grundy_in(&["play", &expr], "quit\n");
        assert!(out.status.success(), "{expr}: {}", stderr(&out));
    }
}

#[test]
fn lasker_at_the_top_is_worth_two_to_the_64() {
    let expr = format!("lasker({M})");
    let text = answered(&["analyze", "--plain", &expr]).expect("answered");
    assert!(text.contains("2^64, beyond 64 bits"), "{text}");
    assert!(text.contains("the player to move wins"), "{text}");
    assert!(!text.contains("not known"), "{text}");
    assert!(!text.contains('?'), "{text}");
    let text = answered(&["explain", "--plain", &expr]).expect("explained");
    assert!(text.contains("G = 2^64, beyond 64 bits"), "{text}");
    assert!(!text.contains("not known"), "{text}");
    // In a sum: refused, saying the value.
    let out = grundy(&["analyze", &format!("{expr} + nim(3)")]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains(&format!(
            "the Grundy value of {expr} is 2^64, beyond 64 bits"
        )),
        "{err}"
    );
    assert!(!err.contains("not known"), "{err}");
}
