//! `grundy seq`: checkpoints that survive interruption, refuse bad files, and
//! the report formats.

use crate::util::{grundy, stderr, stdout};

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::util::path_arg as s;

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    crate::util::scratch_in("seq-cli", name)
}

#[test]
fn resume_after_stop_gives_identical_values() {
    let dir = scratch("stop");
    let file = dir.join("run.ck");
    let whole = grundy(&["seq", "0.161", "--to", "20000", "--json", "--quiet"]);
    assert!(whole.status.success(), "{}", stderr(&whole));

    let part = grundy(&[
        "seq",
        "0.161",
        "--to",
        "20000",
        "--json",
        "--quiet",
        "--save",
        s(&file),
        "--stop-after",
        "7000",
    ]);
    assert_eq!(part.status.code(), Some(130), "{}", stderr(&part));
    assert!(
        stderr(&part).contains("grundy seq --resume"),
        "{}",
        stderr(&part)
    );
    assert!(stdout(&part).is_empty());

    // Twice interrupted, then finished: the rule and --to come from the file.
    let again = grundy(&[
        "seq",
        "--resume",
        s(&file),
        "--json",
        "--quiet",
        "--stop-after",
        "5000",
    ]);
    assert_eq!(again.status.code(), Some(130), "{}", stderr(&again));
    let resumed = grundy(&["seq", "--resume", s(&file), "--json", "--quiet"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    assert_eq!(stdout(&resumed), stdout(&whole));
}

#[test]
fn resume_after_ctrl_c_gives_identical_values() {
    let dir = scratch("sigint");
    let file = dir.join("run.ck");
    let args = ["seq", "grundys", "--to", "150000", "--json", "--quiet"];
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .args([
            "--save",
            s(&file),
            "--checkpoint-every",
            "0.02",
            "--threads",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn grundy");
    let started = Instant::now();
    while !file.exists() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        // The run beat the signal (a very fast machine): nothing to resume.
        eprintln!("SKIPPED: the run finished before Ctrl-C arrived");
        return;
    }
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("checkpoint saved"), "{err}");
    let resumed = grundy(&["seq", "--resume", s(&file), "--json", "--quiet"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let whole = grundy(&args);
    assert_eq!(stdout(&resumed), stdout(&whole));
}

#[test]
fn bad_checkpoints_are_refused_and_left_alone() {
    let dir = scratch("bad");
    let good = dir.join("good.ck");
    let made = grundy(&[
        "seq",
        "0.161",
        "--to",
        "3000",
        "--quiet",
        "--stats",
        "--save",
        s(&good),
    ]);
    assert!(made.status.success(), "{}", stderr(&made));
    let bytes = std::fs::read(&good).expect("checkpoint written");

    let mut flipped = bytes.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 1;
    let cases: [(&str, Vec<u8>, &str); 4] = [
        (
            "foreign",
            b"#!/bin/sh\necho not a checkpoint\n".to_vec(),
            "not a grundy checkpoint",
        ),
        (
            "truncated",
            bytes[..bytes.len() - 100].to_vec(),
            "truncated",
        ),
        ("corrupt", flipped, "corrupt"),
        ("empty", Vec::new(), "not a grundy checkpoint"),
    ];
    for (name, content, why) in cases {
        let path = dir.join(name);
        std::fs::write(&path, &content).unwrap();
        let out = grundy(&[
            "seq",
            "0.161",
            "--to",
            "5000",
            "--quiet",
            "--resume",
            s(&path),
        ]);
        assert!(!out.status.success(), "{name}");
        let err = stderr(&out);
        assert!(err.contains(why) && err.contains(name), "{name}: {err}");
        assert_eq!(err.lines().count(), 1, "{name}: one line: {err}");
        assert_eq!(std::fs::read(&path).unwrap(), content, "{name} was changed");
    }

    // --save onto an existing file is refused.
    let other = dir.join("foreign");
    let out = grundy(&["seq", "0.161", "--to", "100", "--save", s(&other)]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("refusing to overwrite"),
        "{}",
        stderr(&out)
    );
    // A checkpoint of another rule is not resumed as this one.
    let out = grundy(&["seq", "0.6", "--resume", s(&good)]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("checkpoint of 0.161"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&good).unwrap(), bytes);
}

#[test]
fn histogram_prints_value_frequency_lines() {
    let out = grundy(&["seq", "0.161", "--to", "1024", "--histogram"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut total = 0;
    for (i, line) in text.lines().enumerate() {
        let (v, c) = line.split_once(' ').expect("two fields");
        assert_eq!(v.parse::<usize>().unwrap(), i);
        total += c.parse::<u64>().unwrap();
    }
    assert_eq!(total, 1024);
    let reference = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../grundy/tests/data/octal-frequencies/0.161-1024.txt");
    let want = std::fs::read_to_string(&reference).expect("the published table");
    assert_eq!(text, want);
}

#[test]
fn histogram_past_the_proof_counts_whole_periods() {
    // Kayles is proved long before 5000; the histogram of 1..=5000 read
    // from the period equals the one computed heap by heap.
    let by_period = grundy(&["seq", "kayles", "--to", "5000", "--histogram"]);
    let computed = grundy(&[
        "seq",
        "kayles",
        "--to",
        "5000",
        "--histogram",
        "--past-proof",
    ]);
    assert!(by_period.status.success() && computed.status.success());
    assert_eq!(stdout(&by_period), stdout(&computed));
}

#[test]
fn periodic_games_stop_at_their_proof() {
    for (rule, want) in [
        ("kayles", "Period 12 from heap 71"),
        ("dawson", "Period 34 from heap 53"),
    ] {
        let out = grundy(&["seq", rule, "--to", "1000000000", "--stats", "--quiet"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains(want), "{rule}: {text}");
        assert!(text.contains("Guy-Smith"), "{rule}: {text}");
    }
}

#[test]
fn json_contract_is_kept() {
    let out = grundy(&["seq", "kayles", "--to", "12", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).expect("one JSON object");
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(values, vec![0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    assert_eq!(v["period"], 12);
    assert_eq!(v["preperiod"], 71);
}

#[test]
fn impossible_requests_are_refused_clearly() {
    let out = grundy(&["seq", "grundys", "--to", "1000000000000000", "--stats"]);
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(err.contains("memory") && err.lines().count() == 1, "{err}");
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("one JSON object")
}

fn values(v: &serde_json::Value) -> Vec<u64> {
    v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect()
}

#[test]
fn members_near_2_64_claim_no_period() {
    // Below the huge member only 1 (resp. 1 and 2) can be taken: n mod 2
    // (resp. n mod 3), and no proof fits below 2^64.
    let v = json(&[
        "seq",
        "sub{1,18446744073709551515}",
        "--to",
        "110",
        "--json",
    ]);
    assert_eq!(values(&v), (0..=110).map(|n| n % 2).collect::<Vec<_>>());
    assert!(v["period"].is_null(), "{v}");
    let v = json(&[
        "seq",
        "sub{1,2,18446744073709551516}",
        "--to",
        "200",
        "--no-search",
        "--json",
    ]);
    assert_eq!(values(&v), (0..=200).map(|n| n % 3).collect::<Vec<_>>());
    assert!(v["period"].is_null(), "{v}");
    let out = grundy(&["seq", "sub{1,18446744073709551615}", "--to", "5"]);
    let text = stdout(&out);
    assert!(text.contains("0: 0 1 0 1 0 1"), "{text}");
    assert!(!text.contains("checked for"), "{text}");
}

#[test]
fn ranges_near_2_64_state_their_closed_form() {
    let out = grundy(&["seq", "sub{9223372036854775808}", "--to", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("0: 0 0 0 0"), "{text}");
    assert!(
        text.contains("Closed form G(n) = [(n mod 18446744073709551616) / 9223372036854775808]"),
        "{text}"
    );
    let text = stdout(&grundy(&["seq", "nim", "--to", "5"]));
    assert!(text.contains("Closed form G(n) = n"), "{text}");
    assert!(!text.contains("No period proved"), "{text}");
    // A histogram that would read 2·10^18 values is refused, not started.
    let out = grundy(&[
        "seq",
        "sub{1000000000000000000}",
        "--to",
        "10000000000000000000",
        "--histogram",
    ]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("would read"), "{}", stderr(&out));
}

#[test]
fn heaps_beyond_memory_are_decided_up_front() {
    // Listing 10^15 values is refused before any work.
    let out = grundy(&["seq", "0.6", "--to", "1000000000000000"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("too large to print"),
        "{}",
        stderr(&out)
    );
    // A summary needs a proof: searched for within the usual budget, then
    // refused with the reason.
    for extra in ["--stats", "--histogram"] {
        let out = grundy(&["seq", "0.6", "--to", "1000000000000000", extra, "--quiet"]);
        assert!(!out.status.success());
        let err = stderr(&out);
        assert!(err.contains("no period was proved in its first"), "{err}");
        assert!(err.contains("more than the"), "{err}");
        let heaps: u64 = err
            .split("in its first ")
            .nth(1)
            .and_then(|t| t.split(' ').next())
            .and_then(|t| t.parse().ok())
            .expect("a count of heaps");
        assert!(heaps <= 1 << 20, "{err}");
    }
}

#[test]
fn value_searches_for_a_proof_before_refusing() {
    // 0.127 has period 4 from 46578 (proved after 93167 values).
    let v: serde_json::Value = serde_json::from_str(&stdout(&grundy(&[
        "value",
        "0.127",
        "1000000000000000000",
        "--json",
    ])))
    .expect("an answer");
    let listed = json(&["seq", "0.127", "--to", "46580", "--no-search", "--json"]);
    // 10^18 ≡ 46580 (mod 4), past the preperiod.
    assert_eq!(v["value"], listed["values"][46580]);
    let out = grundy(&["value", "0.127", "1000000000000000000"]);
    assert!(stdout(&out).contains("period 4 from heap 46578 (proved)"));
}

#[test]
fn a_late_second_member_is_answered_without_quadratic_search() {
    // sub{3,1000000}: G(1500000) = 1 (a plain loop over the rules gives it).
    let v = json(&["value", "sub{3,1000000}", "1500000", "--json"]);
    assert_eq!(v["value"], 1);
    let v = json(&["value", "sub{1,2,1000000}", "1100000", "--json"]);
    assert_eq!(v["value"], 2);
}

#[test]
fn stats_say_which_heaps_each_figure_covers() {
    // 0.16 is proved after 509622 heaps; the histogram covers 1..=100.
    let text = stdout(&grundy(&["seq", "0.16", "--stats", "--quiet"]));
    assert!(text.contains("heaps 1..=509621 computed"), "{text}");
    assert!(
        text.contains("Largest value: 5 over heaps 1..=100; 23 over all 509622 heaps computed."),
        "{text}"
    );
}

/// The report of a successful run without its timing line (which differs
/// from run to run).
fn untimed(out: &Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    stdout(out)
        .lines()
        .filter(|l| !l.starts_with("Computed:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn window_mode_reports_what_a_full_run_does() {
    // Past 2 · 131072 heaps the middle values are released.
    let args = [
        "seq",
        "0.6",
        "--to",
        "300000",
        "--stats",
        "--no-search",
        "--quiet",
    ];
    let full = untimed(&grundy(&[&args[..], &["--threads", "1"]].concat()));
    assert!(full.contains("last rare at heap 20627"), "{full}");
    for threads in ["1", "2"] {
        let window = grundy(&[&args[..], &["--window", "131072", "--threads", threads]].concat());
        assert_eq!(untimed(&window), full, "on {threads} threads");
    }
    let histogram = grundy(&[
        "seq",
        "0.6",
        "--to",
        "300000",
        "--histogram",
        "--window",
        "131072",
    ]);
    assert!(histogram.status.success(), "{}", stderr(&histogram));
    assert!(full.contains(stdout(&histogram).trim_end()));
}

#[test]
fn window_runs_are_checkpointed_and_resumed_in_window_mode() {
    // 0.6 to 600000 keeping 131072 heaps at each end: stopped before the
    // middle values are released and after, resumed on two threads and then
    // one, it reports what a run never stopped does, and its checkpoints
    // hold the values kept, not all of them.
    let dir = scratch("window");
    let file = dir.join("run.ck");
    let report = ["--stats", "--no-search", "--quiet"];
    let whole = ["seq", "0.6", "--to", "600000", "--threads", "1"];
    let full = untimed(&grundy(&[&whole[..], &report[..]].concat()));
    let first = [
        &["seq", "0.6", "--to", "600000", "--window", "131072"][..],
        &report[..],
        &["--save", s(&file), "--stop-after", "100000"][..],
    ]
    .concat();
    let out = grundy(&first);
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let resume = ["seq", "--resume", s(&file)];
    let again = [
        &resume[..],
        &report[..],
        &["--threads", "2", "--stop-after", "350000"][..],
    ];
    let out = grundy(&again.concat());
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let stored = std::fs::metadata(&file).expect("checkpoint").len();
    assert!(
        (2 * 2 * 131072..2 * 400000).contains(&stored),
        "{stored} bytes for about 450000 heaps"
    );
    // Another window than the checkpoint's is refused, naming it.
    let out = grundy(&[&resume[..], &report[..], &["--window", "200000"][..]].concat());
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("keeping 131072 heaps at each end, not 200000"),
        "{}",
        stderr(&out)
    );
    // A listing, or a report on fewer heaps than computed, needs values
    // that are gone: refused up front, naming the checkpoint.
    let out = grundy(&[&resume[..], &["--json"][..]].concat());
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.contains("(a checkpoint of window mode)") && err.contains("--histogram"),
        "{err}"
    );
    let out = grundy(&[&resume[..], &report[..], &["--to", "300000"][..]].concat());
    assert!(!out.status.success());
    assert!(stderr(&out).contains("not --to 300000"), "{}", stderr(&out));
    let out = grundy(&[&resume[..], &report[..], &["--threads", "1"][..]].concat());
    assert_eq!(untimed(&out), full);
}

#[test]
fn a_window_run_resumes_with_its_own_command_line() {
    // A window larger than the run (here all of it): the checkpoint keeps
    // the window asked for, and the same command line resumes it.
    let dir = scratch("window-larger");
    let file = dir.join("run.ck");
    let run = [
        "seq",
        "0.6",
        "--to",
        "300000",
        "--window",
        "1000000",
        "--stats",
        "--quiet",
        "--save",
        s(&file),
    ];
    let out = grundy(&[&run[..], &["--stop-after", "100000"][..]].concat());
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let out = grundy(&[&run[..], &["--resume", s(&file)][..]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn window_mode_refuses_what_needs_every_value_up_front() {
    for (extra, why) in [
        (&[][..], "cannot list them all"),
        (&["--json", "--stats"][..], "cannot list them all"),
        (&["--stats", "--engine", "naive"][..], "sparse engine"),
    ] {
        let args = [
            &["seq", "0.6", "--to", "1000", "--window", "131072"][..],
            extra,
        ]
        .concat();
        let out = grundy(&args);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr(&out).contains(why), "{args:?}: {}", stderr(&out));
    }
    // Both ends of the window are kept in memory: a window of 2^40 heaps
    // does not fit (the mapping would let it grow until the system kills it).
    let huge = "1099511627776";
    let out = grundy(&["seq", "0.53", "--to", huge, "--window", huge, "--stats"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("choose a smaller window"),
        "{}",
        stderr(&out)
    );
    let out = grundy(&["seq", "0.6", "--to", "1000", "--window", "1000", "--stats"]);
    assert!(stderr(&out).contains("at least 131072"), "{}", stderr(&out));
    // Heaps are indexed with 64 bits: how far a window goes is bounded by
    // the address space reserved for the values, refused before any work
    // when the system will not give it (2^50 heaps: 2 PiB, past the 128 TiB
    // of a process on x86-64 Linux), and by the most values a mapping
    // holds, stated in --to's terms.
    // (The figures are those of 64-bit targets.)
    let bounds = [
        (
            "1125899906842624",
            "cannot reserve 2.0 PiB of address space for the values of 1125899906842625 heaps",
        ),
        (
            "4611686018427387904",
            "--to 4611686018427387904 is too far: at most 4611686018427387902",
        ),
    ];
    for (to, why) in bounds.iter().filter(|_| cfg!(target_pointer_width = "64")) {
        let out = grundy(&["seq", "0.6", "--window", "131072", "--stats", "--to", to]);
        assert!(!out.status.success());
        assert!(stderr(&out).contains(why), "{to}: {}", stderr(&out));
    }
}

#[test]
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn a_window_run_to_2_to_the_40_heaps_starts_and_stops_cleanly() {
    // Room for 2^40 + 1 heaps is 2 TiB of address space, reserved without
    // memory: the run starts, releases the middle values past 2 · 131072
    // heaps, and stops as if interrupted (exit 130) after 2^19 heaps.
    let out = grundy(&[
        "seq",
        "0.53",
        "--window",
        "131072",
        "--to",
        "1099511627776",
        "--no-search",
        "--past-proof",
        "--stats",
        "--quiet",
        "--stop-after",
        "524288",
    ]);
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    let text = stderr(&out);
    let at: u64 = text
        .strip_prefix("grundy: interrupted after ")
        .and_then(|t| t.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{text}"));
    assert!((524288..524288 + 8192).contains(&at), "{text}");
    assert!(stdout(&out).is_empty());
}

#[test]
fn archived_runs_list_save_and_report_what_full_runs_do() {
    // Past 2 · 131072 heaps the middle values are archived: the listing,
    // the JSON, the statistics and the checkpoint read them back.
    let dir = scratch("archive");
    let base = ["seq", "0.6", "--to", "400000", "--no-search", "--quiet"];
    let run = |extra: &[&str], file: &str| -> (String, Vec<u8>) {
        let path = dir.join(file);
        let save = ["--save", s(&path)];
        let out = grundy(&[&base[..], extra, &save[..]].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        let text = stdout(&out)
            .lines()
            .filter(|l| !l.starts_with("Computed:"))
            .collect::<Vec<_>>()
            .join("\n");
        (text, std::fs::read(&path).expect("checkpoint"))
    };
    for report in [&["--json"][..], &["--stats"], &[]] {
        let full = run(&[report, &["--threads", "1"]].concat(), "full.ck");
        assert!(full.1.len() > 800_000);
        for threads in ["1", "2"] {
            let extra = [report, &["--archive-keep", "131072", "--threads", threads]].concat();
            let archived = run(&extra, &format!("archived-{threads}.ck"));
            assert!(archived == full, "{report:?} on {threads} threads");
        }
        for file in ["full.ck", "archived-1.ck", "archived-2.ck"] {
            std::fs::remove_file(dir.join(file)).unwrap();
        }
    }
    let out = grundy(&[&base[..], &["--archive-keep", "1000"]].concat());
    assert!(!out.status.success());
    assert!(stderr(&out).contains("at least 131072"), "{}", stderr(&out));
}
