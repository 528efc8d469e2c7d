//! Plain output is ASCII in every command: asked for with `--plain`, or
//! chosen by NO_COLOR, TERM=dumb, or output that is not a terminal (as
//! here: the tests read a pipe).

use crate::util::{bin, stderr, stdout};

/// Each command's human answers, with symbols in their Unicode text
/// (→ ⊕ ⊗ × ≤ – ● and the like).
const COMMANDS: &[&[&str]] = &[
    &["nim", "3", "4", "5"],
    &["nim", "--misere", "1", "1", "2"],
    &["analyze", "kayles(7) + nim(2)"],
    &["analyze", "--every", "euclid(3,2) + nim(5)"],
    &["analyze", "--misere", "kayles(4) + kayles(5)"],
    &["analyze", "ruler*ruler((3,5)) + corners((2,3))"],
    &["explain", "kayles(7)"],
    &["explain", "nim(3,4,5)"],
    &["explain", "--every", "euclid(3,2) + nim(5)"],
    &["explain", "--misere", "0.07(5) + 0.07(6)"],
    &["explain", "hackenbush(1-2 2-3 3-1) + wythoff(3,5)"],
    &["seq", "0.07", "--to", "40"],
    &["seq", "0.07", "--to", "40", "--stats"],
    &["value", "kayles", "1000"],
    &["quotient", "0.75", "--to", "40"],
    &["nimber", "mul", "3", "5"],
    &["nimber", "div", "3", "5"],
    &["judge", "--list"],
];

fn run(args: &[&str], env: &[(&str, &str)], stdin: &str) -> String {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = bin()
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    stdout(&out)
}

fn assert_ascii(args: &[&str], text: &str) {
    let odd: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.is_ascii())
        .collect();
    assert!(odd.is_empty(), "{args:?} prints non-ASCII: {odd:?}");
}

#[test]
fn every_command_prints_ascii_when_plain() {
    for args in COMMANDS {
        for (extra, env) in [
            (None, vec![]),
            (Some("--plain"), vec![]),
            (None, vec![("NO_COLOR", "1")]),
            (None, vec![("TERM", "dumb")]),
        ] {
            let mut args = args.to_vec();
            args.extend(extra);
            assert_ascii(&args, &run(&args, &env, ""));
        }
    }
}

#[test]
fn a_game_played_from_a_script_is_ascii() {
    for (expr, input) in [
        ("nim(3,4,5)", "hint\nmoves\n1 1\n"),
        (
            "kayles(5) + stairs(1,4) + hackenbush(1-2 2-3 3-1)",
            "hint\nmoves\nquit\n",
        ),
        ("wythoff(3,5)", "hint\nquit\n"),
    ] {
        let out = bin()
            .args(["play", expr])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                use std::io::Write;
                c.stdin.take().unwrap().write_all(input.as_bytes())?;
                c.wait_with_output()
            })
            .unwrap();
        assert_ascii(&["play", expr], &stdout(&out));
    }
}

/// The words of a Nim move agree in number: "take 2 - 1 = 1 token".
#[test]
fn one_token_is_one_token() {
    let text = run(&["explain", "nim(2,3)"], &[], "");
    assert!(text.contains("= 1 token,"), "{text}");
    assert!(!text.contains("1 tokens"), "{text}");
}

/// A winning move found by the derivation is not listed a second time.
#[test]
fn explain_lists_each_winning_move_once() {
    let text = run(&["explain", "kayles(7)"], &[], "");
    for line in text.lines().filter(|l| l.trim_start().starts_with('`')) {
        let count = text.lines().filter(|m| m == &line).count();
        assert_eq!(count, 1, "{line:?} is listed {count} times:\n{text}");
    }
    assert!(
        text.lines()
            .filter(|l| l.trim_start().starts_with('`'))
            .count()
            >= 2,
        "{text}"
    );
}
