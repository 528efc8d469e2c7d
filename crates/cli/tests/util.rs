//! What the command-line tests share: running the built `grundy`.

#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The built binary under test.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
}

/// Runs `grundy args` with no input.
pub fn grundy(args: &[&str]) -> Output {
    bin()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run grundy")
}

/// Runs `grundy args` with `stdin` as its input (written from a thread, so
/// that a large output cannot block on a full input pipe).
pub fn grundy_in(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut input = child.stdin.take().expect("stdin");
    let data = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().expect("wait for grundy");
    writer.join().expect("the writer thread");
    out
}

/// The standard output, lossily decoded.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The standard error, lossily decoded.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The one JSON object `grundy args` prints on one line (it must succeed).
pub fn json_line(args: &[&str]) -> serde_json::Value {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(
        text.lines().count(),
        1,
        "one JSON object on one line: {text}"
    );
    serde_json::from_str(&text).expect("valid JSON")
}
