//! What the command-line tests share: running the built `grundy`.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

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

/// Starts `grundy serve --port 0 args` (its errors to `stderr`) and returns
/// the process and the URL it printed (`http://127.0.0.1:PORT/` unless the
/// arguments bind elsewhere).
pub fn serve(args: &[&str], stderr: Stdio) -> (Child, String) {
    let mut child = bin()
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("start grundy serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("grundy serve printed no URL: {line:?}"))
        .to_string();
    (child, url)
}

/// The `host:port` of a URL such as `http://127.0.0.1:8080/`.
pub fn address(url: &str) -> String {
    url.trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string()
}

/// A fresh scratch directory for one test, `grundy-{prefix}-{pid}-{name}`
/// under the system's temporary directory (emptied if it was there).
pub fn scratch_in(prefix: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{prefix}-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// A path as a command-line argument.
pub fn path_arg(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}
