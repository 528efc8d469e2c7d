//! `--time`, `--memory` and Ctrl-C: every command that computes stops at its
//! limits with the limit named and the flag that raises it, exits non-zero,
//! and overwrites no file; big inputs are refused before they are read;
//! `--save` and `--resume` touch only checkpoints.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::util::path_arg as s;

use crate::util::{bin, grundy, grundy_in, stderr};

const M: &str = "18446744073709551615";

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::util::scratch_in("limits-cli", name)
}

/// `0.` and 200 digits `F`: a heap of 1000 costs millions of options (the
/// heaps up to 1000 take about a minute).
fn two_hundred_fs() -> String {
    format!("0.{}", "F".repeat(200))
}

/// Runs `grundy args`, and checks that it was refused (exit 1) within
/// `within`, naming `limit` and `flag`; returns its standard error.
fn refused(args: &[&str], within: Duration, limit: &str, flag: &str) -> String {
    let start = Instant::now();
    let out = grundy(args);
    let took = start.elapsed();
    refusal(args, &out, took, within, limit, flag)
}

fn refusal(
    args: &[&str],
    out: &Output,
    took: Duration,
    within: Duration,
    limit: &str,
    flag: &str,
) -> String {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
    assert!(took < within, "{args:?} took {took:?}: {err}");
    assert!(err.contains(limit), "{args:?} names {limit:?}: {err}");
    assert!(
        err.contains(flag),
        "{args:?} says how to raise it ({flag}): {err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn every_game_of_a_huge_ruler_board_is_refused_at_the_memory_allowance() {
    let expr = format!("ruler*ruler(({M},{M}))");
    let args = ["analyze", "--every", "--memory", "64M", &expr];
    let err = refused(
        &args,
        Duration::from_secs(30),
        "memory allowance of 64.0 MiB",
        "--memory",
    );
    assert!(err.contains(&expr), "names the position: {err}");
}

#[test]
fn a_file_of_many_heaps_is_refused_before_it_is_read() {
    let dir = scratch("file");
    let file = dir.join("heaps.txt");
    let heaps = vec!["1"; 1_000_000].join(",");
    std::fs::write(&file, format!("nim({heaps})\n")).unwrap();
    let args = ["analyze", "--file", s(&file), "--memory", "32M"];
    let err = refused(
        &args,
        Duration::from_secs(10),
        "memory allowance of 32.0 MiB",
        "--memory",
    );
    assert!(err.contains("1000000 components"), "{err}");
    assert!(err.contains(s(&file)), "names the file: {err}");
    // The same from stdin.
    let out = grundy_in(
        &["analyze", "-", "--memory", "32M"],
        format!("nim({heaps})"),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("memory allowance"),
        "{}",
        stderr(&out)
    );
    // Within a larger allowance it is answered.
    let out = grundy(&[
        "analyze",
        "--file",
        s(&file),
        "--memory",
        "2G",
        "--max-moves",
        "0",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_published_board_is_answered_within_the_default_work_and_refused_below_it() {
    // Cram 5x7 (value 1, as igsolve's table has it) takes about 5 million
    // positions and moves: more than the budget of the searches without a
    // progress bar, well within that of a search for a Grundy value.
    let out = grundy(&["analyze", "--json", "--max-moves", "0", "cram(5x7)"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["grundy"], 1, "{answer}");
    // explain finds the winning moves within the same budget.
    let out = grundy(&["explain", "cram(5x7)"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("5x7: G = 1") && text.contains("`1 a1-b1`"),
        "{text}"
    );
    // play's computer, its own search past that budget, falls back on the
    // analysis and moves.
    let out = grundy_in(
        &["play", "--plain", "--first", "computer", "cram(5x7)"],
        "quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("# #") && text.contains("Your move"), "{text}");
    let err = refused(
        &["analyze", "--work", "2000000", "cram(5x7)"],
        Duration::from_secs(30),
        "budget of 2000000 positions and moves",
        "--work N",
    );
    assert!(err.contains("cram(5x7)"), "names the position: {err}");
}

#[test]
fn a_long_code_honours_a_short_time_limit_in_every_command() {
    let code = two_hundred_fs();
    let expr = format!("{code}(1000)");
    let within = Duration::from_secs(4);
    for args in [
        vec!["analyze", "--time", "1", &expr],
        vec!["analyze", "--misere", "--time", "1", &expr],
        // A work allowance past reach: the clock must be what stops it.
        vec![
            "analyze",
            "--every",
            "--time",
            "1",
            "--work",
            "1000000000000",
            &expr,
        ],
        vec!["explain", "--time", "1", &expr],
        vec!["value", &code, "1000", "--time", "1", "--quiet"],
        vec!["seq", &code, "--to", "1000", "--time", "1", "--quiet"],
    ] {
        let err = refused(&args, within, "time limit of 1 s", "--time");
        // (Every-game play searches the game tree instead.)
        if !args.contains(&"--every") {
            assert!(err.contains("nim-sequence"), "{args:?}: {err}");
        }
    }
    // play refuses the game up front, before the first prompt.
    let start = Instant::now();
    let out = grundy_in(&["play", "--time", "1", &expr], "quit\n");
    refusal(
        &["play"],
        &out,
        start.elapsed(),
        within,
        "time limit of 1 s",
        "--time",
    );
}

#[test]
fn a_seq_stopped_by_its_time_limit_keeps_its_checkpoint() {
    let dir = scratch("seq-time");
    let file = dir.join("run.gsq");
    let code = two_hundred_fs();
    let args = [
        "seq",
        &code,
        "--to",
        "1000",
        "--time",
        "1",
        "--quiet",
        "--save",
        s(&file),
    ];
    refused(&args, Duration::from_secs(4), "time limit of 1 s", "--time");
    assert!(file.is_file(), "the heaps done are saved");
    // It carries on from there (and stops again at its limit).
    let resumed = ["seq", "--resume", s(&file), "--time", "1", "--quiet"];
    refused(
        &resumed,
        Duration::from_secs(4),
        "time limit of 1 s",
        "--time",
    );
}

#[test]
fn quotients_honour_their_limits() {
    let dir = scratch("quotient");
    let file = dir.join("q.json");
    let args = [
        "quotient", "0.07", "--to", "30", "--memory", "1K", "--quiet",
    ];
    refused(
        &args,
        Duration::from_secs(10),
        "memory allowance",
        "--memory",
    );
    let args = [
        "quotient",
        "0.07",
        "--to",
        "30",
        "--memory",
        "1K",
        "--quiet",
        "--save",
        s(&file),
    ];
    refused(
        &args,
        Duration::from_secs(10),
        "memory allowance",
        "--memory",
    );
    assert!(file.is_file(), "the heaps done are saved");
}

#[test]
fn quotient_save_refuses_to_overwrite_a_file_it_is_not_carrying_on() {
    let dir = scratch("quotient-save");
    let file = dir.join("notes.txt");
    std::fs::write(&file, "my notes\n").unwrap();
    let out = grundy(&[
        "quotient",
        "0.75",
        "--to",
        "12",
        "--quiet",
        "--save",
        s(&file),
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("refusing to overwrite"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my notes\n");
    // Its own checkpoint, resumed, is carried on and saved again.
    let ck = dir.join("q.json");
    let first = grundy(&["quotient", "0.75", "--to", "8", "--quiet", "--save", s(&ck)]);
    assert!(first.status.success(), "{}", stderr(&first));
    let again = grundy(&[
        "quotient",
        "0.75",
        "--to",
        "12",
        "--quiet",
        "--save",
        s(&ck),
    ]);
    assert_eq!(again.status.code(), Some(1), "{}", stderr(&again));
    let on = grundy(&[
        "quotient",
        "0.75",
        "--to",
        "12",
        "--quiet",
        "--resume",
        s(&ck),
        "--save",
        s(&ck),
    ]);
    assert!(on.status.success(), "{}", stderr(&on));
    let whole = grundy(&["quotient", "0.75", "--to", "12", "--quiet"]);
    assert_eq!(on.stdout, whole.stdout);
}

#[cfg(unix)]
#[test]
fn resume_refuses_anything_but_a_regular_file() {
    let dir = scratch("resume");
    let zero = dir.join("zero");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let cases: [(&Path, &str); 2] = [(&zero, "not a regular file"), (&dir, "not a regular file")];
    for (path, why) in cases {
        for args in [
            vec!["seq", "--resume", s(path), "--quiet"],
            vec!["seq", "kayles", "--resume", s(path), "--quiet"],
            vec!["quotient", "0.75", "--resume", s(path), "--quiet"],
        ] {
            let start = Instant::now();
            let out = grundy(&args);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", stderr(&out));
            assert!(start.elapsed() < Duration::from_secs(5), "{args:?}");
            assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
        }
    }
}

/// Starts `grundy args`, sends it SIGINT after `after`, and waits.
#[cfg(unix)]
fn interrupted(args: &[&str], after: Duration) -> (Output, Duration) {
    let child = bin()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    std::thread::sleep(after);
    let sent = Instant::now();
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let out = child.wait_with_output().expect("wait for grundy");
    (out, sent.elapsed())
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_work_cleanly() {
    let code = two_hundred_fs();
    let expr = format!("{code}(1000)");
    for args in [
        vec!["analyze", &expr],
        vec!["explain", &expr],
        vec!["quotient", "0.77", "--to", "400", "--quiet"],
    ] {
        let (out, took) = interrupted(&args, Duration::from_millis(400));
        assert_eq!(out.status.code(), Some(130), "{args:?}: {}", stderr(&out));
        assert!(took < Duration::from_secs(2), "{args:?} took {took:?}");
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
    let (out, _) = interrupted(&["analyze", &expr], Duration::from_millis(400));
    assert!(
        stderr(&out).contains("interrupted by Ctrl-C"),
        "{}",
        stderr(&out)
    );
    // A seq saves its checkpoint first, even in the middle of a long heap.
    let dir = scratch("ctrl-c");
    let file = dir.join("run.gsq");
    let args = ["seq", &code, "--to", "1000", "--quiet", "--save", s(&file)];
    let (out, took) = interrupted(&args, Duration::from_millis(600));
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(took < Duration::from_secs(2), "took {took:?}");
    assert!(
        stderr(&out).contains("checkpoint saved"),
        "{}",
        stderr(&out)
    );
    assert!(file.is_file());
}

#[test]
fn limits_must_be_sizes_and_seconds() {
    for args in [
        ["analyze", "nim(1)", "--memory", "0"],
        ["analyze", "nim(1)", "--memory", "lots"],
        ["analyze", "nim(1)", "--memory", "-5M"],
        ["analyze", "nim(1)", "--time", "0"],
        ["analyze", "nim(1)", "--time", "-1"],
        ["analyze", "nim(1)", "--time", "nan"],
        ["seq", "kayles", "--time", "inf"],
        ["quotient", "0.75", "--memory", "4Q"],
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    }
    // Sizes read as people write them; small questions fit small limits.
    for memory in ["64M", "64MiB", "64mb", "67108864", "0.5G"] {
        let out = grundy(&["analyze", "nim(3,4,5)", "--memory", memory, "--time", "0.5"]);
        assert!(out.status.success(), "{memory}: {}", stderr(&out));
    }
}
