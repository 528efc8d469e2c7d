//! `grundy judge` end to end: the binary, its stdin and stdout, exit codes.

use crate::util::grundy_in;

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

#[test]
fn list_names_every_problem_with_a_description() {
    let out = grundy_in(&["judge", "--list"], b"");
    assert!(out.status.success());
    let list = text(&out.stdout);
    let ids = [
        "hihocoder-1163",
        "lanqiao-1459",
        "poj-2975",
        "hdu-1850",
        "luogu-p2197",
        "hdu-1848",
        "uva-10165",
        "hdu-1907",
        "poj-3480",
        "hdu-2509",
        "hdu-1536",
        "poj-2960",
        "poj-1704",
        "hdu-1846",
        "hdu-2188",
        "hdu-2149",
        "hdu-1847",
        "poj-2234",
        "hdu-2176",
        "hdu-1729",
        "hdu-1730",
        "hdu-2897",
        "library-checker-nim-product-64",
        "hdu-3537",
        "hdu-3404",
        "hdu-1527",
        "poj-1067",
        "hdu-2516",
        "hdu-3032",
        "hdu-3094",
        "poj-3710",
        "hdu-1525",
        "poj-2348",
        "hdu-3595",
        "hdu-1517",
        "poj-2505",
    ];
    assert_eq!(list.lines().count(), ids.len());
    for id in ids {
        let line = list
            .lines()
            .find(|l| l.split_whitespace().next() == Some(id));
        let line = line.unwrap_or_else(|| panic!("{id} missing from --list"));
        assert!(
            line.len() > id.len() + 10,
            "{id} has no description: {line:?}"
        );
        assert!(!line.ends_with(' '));
    }
}

#[test]
fn solves_from_stdin_byte_for_byte() {
    let out = grundy_in(
        &["judge", "poj-2975"],
        b"3\n7 11 13\n2\n1000000000 1000000000\n0\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "3\n0\n");
    assert!(out.stderr.is_empty());
    let out = grundy_in(
        &["judge", "hdu-1729"],
        b"3\n2 0\n3 3\n6 2\n2\n6 3\n6 3\n0\n",
    );
    assert_eq!(text(&out.stdout), "Case 1:\nYes\nCase 2:\nNo\n");
}

#[test]
fn bad_input_fails_with_one_line_naming_the_line_after_earlier_answers() {
    let out = grundy_in(&["judge", "hdu-1850"], b"3\n5 7 9\n2\n1 x\n0\n");
    assert!(!out.status.success());
    assert_eq!(text(&out.stdout), "1\n");
    let err = text(&out.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("line 4") && err.contains("\"x\""), "{err}");
    assert!(!err.contains("panicked"));

    let out = grundy_in(&["judge", "luogu-p2197"], b"2\n2\n1 1\n2\n1");
    assert!(!out.status.success());
    assert_eq!(text(&out.stdout), "No\n");
    assert!(text(&out.stderr).contains("the input ended after line"));
}

#[test]
fn input_after_the_terminator_fails_after_the_answers() {
    let out = grundy_in(&["judge", "poj-2975"], b"3\n7 11 13\n0\n5 x\n");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "3\n");
    assert_eq!(
        text(&out.stderr),
        "grundy: error: line 4, column 1: expected the end of the input after the \
         terminating 0, found \"5\"\n"
    );
    // Blank lines and spaces after it are fine.
    let out = grundy_in(&["judge", "poj-2975"], b"3\n7 11 13\n0\n\n  \n");
    assert!(out.status.success());
}

#[test]
fn no_bounds_answers_beyond_the_stated_bounds() {
    // Piles 2^64 - 1 and 2^64 - 2 (the statement says at most 10^9): the
    // nim-sum is 1, and only the odd pile can be lowered to make it 0.
    let input = b"2\n18446744073709551615 18446744073709551614\n0\n";
    let out = grundy_in(&["judge", "poj-2975"], input);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("outside the problem's bounds 1..=1000000000"),
        "{}",
        text(&out.stderr)
    );
    let out = grundy_in(&["judge", "poj-2975", "--no-bounds"], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1\n");
    // What the game cannot define is still refused.
    let out = grundy_in(&["judge", "poj-2975", "--no-bounds"], b"1\n-3\n0\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("written -3: a sign is not allowed"));
    let out = grundy_in(&["judge", "poj-2975", "--no-bounds", "--generate"], b"");
    assert_eq!(out.status.code(), Some(2), "--no-bounds is for solving");
}

#[test]
fn an_empty_input_is_called_empty() {
    let out = grundy_in(&["judge", "poj-2975"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.contains("the input is empty: expected the number of piles"),
        "{err}"
    );
    assert!(!err.contains("after line"), "{err}");
    let out = grundy_in(&["judge", "poj-2975"], b"1\n-0\n0\n");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("written -0: a sign is not allowed"), "{err}");
    assert!(!err.contains("outside"), "{err}");
}

#[test]
fn unknown_problems_and_bad_flags_are_refused() {
    let out = grundy_in(&["judge", "poj-1"], b"");
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("--list"));
    let out = grundy_in(&["judge", "poj-2975", "--seed", "3"], b"");
    assert!(!out.status.success(), "--seed needs --generate");
    let out = grundy_in(&["judge"], b"");
    assert!(!out.status.success(), "PROBLEM is required without --list");
}

#[test]
fn generated_inputs_are_reproducible_and_accepted() {
    let list = text(&grundy_in(&["judge", "--list"], b"").stdout);
    for id in list.lines().map(|l| l.split_whitespace().next().unwrap()) {
        let a = grundy_in(&["judge", id, "--generate", "--seed", "5"], b"");
        let b = grundy_in(&["judge", id, "--generate", "--seed", "5"], b"");
        assert!(a.status.success(), "{id}: {}", text(&a.stderr));
        assert_eq!(
            a.stdout, b.stdout,
            "{id}: the same seed gives the same input"
        );
        assert!(a.stderr.is_empty(), "a given seed is not reported");
        let solved = grundy_in(&["judge", id], &a.stdout);
        assert!(
            solved.status.success(),
            "{id} refused its own generated input: {}",
            text(&solved.stderr)
        );
        let output = text(&solved.stdout);
        assert!(
            output.ends_with('\n') && output.lines().all(|l| !l.ends_with(' ')),
            "{id}"
        );
    }
}

#[test]
fn large_inputs_are_accepted_and_without_seed_the_seed_is_reported() {
    for id in ["hdu-1847", "hdu-1536", "lanqiao-1459", "poj-1704"] {
        let input = grundy_in(&["judge", id, "--generate", "--large"], b"");
        assert!(input.status.success());
        assert!(
            text(&input.stderr).contains("--seed"),
            "the clock seed is reported"
        );
        let solved = grundy_in(&["judge", id], &input.stdout);
        assert!(solved.status.success(), "{id}: {}", text(&solved.stderr));
    }
}
