//! `grundy nimber` end to end: every operation, `--json`, and the errors
//! (division by zero, bad numbers, wrong arity) with their exit codes.

use crate::util::{grundy, stderr, stdout};

fn json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["nimber"];
    all.extend_from_slice(args);
    all.push("--json");
    let out = grundy(&all);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one object: {text}");
    serde_json::from_str(&text).expect("valid JSON")
}

#[test]
fn mul_prints_the_product() {
    let out = grundy(&["nimber", "mul", "3141", "5926"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "3141 (x) 5926 = 14994\n");
}

#[test]
fn json_keeps_its_field_order() {
    let out = grundy(&["nimber", "mul", "3141", "5926", "--json"]);
    assert_eq!(
        stdout(&out),
        "{\"op\":\"mul\",\"args\":[3141,5926],\"result\":14994}\n"
    );
    // --json may also come before the operation.
    let out = grundy(&["nimber", "--json", "inv", "2"]);
    assert_eq!(stdout(&out), "{\"op\":\"inv\",\"args\":[2],\"result\":3}\n");
}

#[test]
fn json_is_one_object_with_op_args_result() {
    assert_eq!(
        json(&["mul", "3141", "5926"]),
        serde_json::json!({ "op": "mul", "args": [3141, 5926], "result": 14994 })
    );
    let max = u64::MAX.to_string();
    assert_eq!(
        json(&["mul", &max, &max]),
        serde_json::json!({ "op": "mul", "args": [u64::MAX, u64::MAX], "result": 11290409524105353207u64 })
    );
    assert_eq!(
        json(&["add", "3", "5"]),
        serde_json::json!({ "op": "add", "args": [3, 5], "result": 6 })
    );
    // 2 ⊗ 3 = 1 in the field of four.
    assert_eq!(
        json(&["inv", "2"]),
        serde_json::json!({ "op": "inv", "args": [2], "result": 3 })
    );
    assert_eq!(
        json(&["div", "14994", "5926"]),
        serde_json::json!({ "op": "div", "args": [14994, 5926], "result": 3141 })
    );
    // `sqr` is `square`; 16 ⊗ 16 = 24.
    for op in ["sqr", "square"] {
        assert_eq!(
            json(&[op, "16"]),
            serde_json::json!({ "op": "square", "args": [16], "result": 24 })
        );
    }
    assert_eq!(
        json(&["sqrt", "24"]),
        serde_json::json!({ "op": "sqrt", "args": [24], "result": 16 })
    );
    assert_eq!(
        json(&["pow", "2", "3"]),
        serde_json::json!({ "op": "pow", "args": [2, 3], "result": 1 })
    );
}

#[test]
fn inverse_of_five_checks_out() {
    let inv = json(&["inv", "5"])["result"].as_u64().unwrap();
    let back = json(&["mul", "5", &inv.to_string()])["result"]
        .as_u64()
        .unwrap();
    assert_eq!(back, 1);
    let out = grundy(&["nimber", "inv", "5"]);
    assert_eq!(
        stdout(&out),
        format!("1 (/) 5 = {inv}  (5 (x) {inv} = 1)\n")
    );
}

#[test]
fn division_by_zero_is_a_clear_error() {
    for args in [&["nimber", "div", "7", "0"][..], &["nimber", "inv", "0"]] {
        let out = grundy(args);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty());
        let err = stderr(&out);
        assert!(err.starts_with("grundy: error: division by zero"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

#[test]
fn bad_numbers_are_refused_with_a_reason() {
    let cases = [
        (vec!["nimber", "mul", "-3", "5"], "is negative"),
        (
            vec!["nimber", "mul", "3", "18446744073709551616"],
            "too large",
        ),
        (vec!["nimber", "inv", "x"], "not a whole number"),
        (vec!["nimber", "mul", "3"], "required"),
        (vec!["nimber", "frobnicate", "3"], "unrecognized subcommand"),
    ];
    for (args, want) in cases {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        // A usage error is clap's whole message: what is wrong, then a tip.
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: {err}"
        );
    }
}
