//! `grundy census`: the JSON records (a contract), the table, and the save
//! file that a stopped census resumes from with an identical table.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::util::path_arg as s;

use crate::util::{bin, grundy, stderr, stdout};

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::util::scratch_in("census-cli", name)
}

#[test]
fn json_records_have_exactly_the_fields_of_the_contract() {
    let out = grundy(&["census", "0.???", "--to", "1024", "--json", "--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let records: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(records.len(), 512);
    let fields = [
        "code",
        "equivalent",
        "shift_of",
        "status",
        "preperiod",
        "period",
        "computed_to",
        "largest",
        "largest_at",
        "rare_mask",
        "rare_count",
        "last_rare",
    ];
    for r in &records {
        let mut keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let mut want = fields.to_vec();
        want.sort_unstable();
        assert_eq!(keys, want, "{r}");
        let status = r["status"].as_str().unwrap();
        assert!(status == "solved" || status == "open", "{r}");
        assert_eq!(r["preperiod"].is_null(), status == "open", "{r}");
        if let Some(shift) = r["shift_of"].as_object() {
            assert!(
                shift["code"].is_string() && shift["shift"].as_u64().unwrap() >= 1,
                "{r}"
            );
        }
    }
    let find = |code: &str| records.iter().find(|r| r["code"] == code).unwrap();
    assert_eq!(find("0.770")["equivalent"], "0.77");
    assert_eq!(find("0.770")["period"], 12);
    assert_eq!(find("0.770")["preperiod"], 71);
    assert_ne!(find("0.161")["equivalent"], find("0.360")["equivalent"]);
    assert_eq!(
        find("0.010")["shift_of"],
        serde_json::json!({"code": "0.1", "shift": 1})
    );
}

#[test]
fn the_table_is_sorted_like_the_published_ones_with_a_summary() {
    let out = grundy(&["census", "4.3", "0.77,0.07", "0.1?", "--to", "2000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let codes: Vec<&str> = text
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with('|'))
        .map(|l| l.split('|').nth(1).unwrap().trim())
        .collect();
    assert_eq!(
        codes,
        ["0.10", "0.07", "0.11", "0.12", "0.13", "0.14", "0.15", "0.16", "0.17", "0.77", "4.3"]
    );
    let summary = text.lines().last().unwrap();
    assert_eq!(
        summary,
        "11 codes to heap 2000: 9 solved (9 trivial: proved within heaps below 1000), 2 open; 11 classes."
    );
}

#[test]
fn a_resumed_census_skips_what_is_saved_and_prints_the_same_table() {
    let dir = scratch("resume");
    let file = dir.join("census.jsonl");
    let args = ["census", "0.1?", "0.7?", "--to", "3000", "--quiet"];
    let whole = grundy(&args);
    assert!(whole.status.success(), "{}", stderr(&whole));

    let first = grundy(&[&args[..], &["--save", s(&file)]].concat());
    assert!(first.status.success(), "{}", stderr(&first));
    assert_eq!(stdout(&first), stdout(&whole));
    let saved = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = saved.lines().collect();
    assert_eq!(lines.len(), 1 + 16, "a header and a line a code");

    // Stopped after five codes, the sixth cut short mid-line.
    let mut cut = lines[..6].join("\n");
    cut.push('\n');
    cut.push_str(&lines[6][..lines[6].len() / 2]);
    std::fs::write(&file, &cut).unwrap();
    let again = grundy(&[&args[..], &["--save", s(&file), "--resume"]].concat());
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(stdout(&again), stdout(&whole));
    let resumed = std::fs::read_to_string(&file).unwrap();
    assert_eq!(resumed.lines().count(), 1 + 16);
    assert!(
        resumed.starts_with(&lines[..6].join("\n")),
        "the records saved are kept"
    );
    assert!(resumed
        .lines()
        .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));

    // Resumed once more, with everything saved: nothing to compute.
    let third = grundy(&[&args[..], &["--save", s(&file), "--resume"]].concat());
    assert_eq!(stdout(&third), stdout(&whole));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), resumed);
}

#[test]
fn foreign_files_are_never_touched() {
    let dir = scratch("foreign");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let census =
        |extra: &[&str]| grundy(&[&["census", "0.1?", "--to", "100", "--quiet"], extra].concat());

    let out = census(&["--save", s(&notes)]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("already exists"), "{}", stderr(&out));
    let out = census(&["--save", s(&notes), "--resume"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("not a census save"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");

    let out = census(&["--save", s(&dir), "--resume"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("not a regular file"),
        "{}",
        stderr(&out)
    );

    // A census to another heap is refused too.
    let other = dir.join("other.jsonl");
    assert!(census(&["--save", s(&other)]).status.success());
    let before = std::fs::read_to_string(&other).unwrap();
    let out = grundy(&[
        "census",
        "0.1?",
        "--to",
        "200",
        "--quiet",
        "--save",
        s(&other),
        "--resume",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--to 100"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), before);

    let out = grundy(&["census", "0.1?", "--resume"]);
    assert!(!out.status.success(), "--resume needs --save");
}

#[test]
fn bad_patterns_are_refused_with_a_caret() {
    let out = grundy(&["census", "0.1?", "0.9?"]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("octal") && err.contains('^'), "{err}");
}

#[test]
fn ctrl_c_stops_and_keeps_the_codes_finished() {
    let dir = scratch("interrupt");
    let file = dir.join("census.jsonl");
    // 0.1? is done at once; 0.164 (after it in the table) to a million
    // heaps takes minutes.
    let child = bin()
        .args([
            "census",
            "0.1?",
            "0.164",
            "--to",
            "1000000",
            "--threads",
            "1",
            "--quiet",
        ])
        .args(["--save", s(&file)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(&file).map_or(0, |t| t.lines().count()) < 9 {
        assert!(start.elapsed() < Duration::from_secs(60), "0.1? not saved");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(stderr(&out).contains("--resume"), "{}", stderr(&out));
    let saved = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        saved.lines().count(),
        9,
        "the header and 0.10 to 0.17:\n{saved}"
    );
}
