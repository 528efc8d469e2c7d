//! Bad input: every input shape, truncated, non-numeric, negative and out of
//! range. Each must give one clear error naming the line, never a panic, and
//! keep the output of the cases before the bad one.

use crate::util::run;

/// (id, input, output expected before the error, text the error must contain)
const CASES: &[(&str, &str, &str, &str)] = &[
    // No number at all: no line to name, and no "after line 1".
    ("poj-2975", "", "", "the input is empty: expected the number of piles"),
    ("poj-2975", "\n \n", "", "the input is empty: expected the number of piles"),
    ("poj-2975", "2\n", "", "the input ended after line 1: expected a pile size"),
    // -0 is 0, in bounds: the sign is what is wrong.
    (
        "poj-2975",
        "1\n-0\n0\n",
        "",
        "line 2: a pile size is written -0: a sign is not allowed (a whole number in",
    ),
    ("poj-2975", "1\n+4\n0\n", "", "line 2: a pile size is written +4: a sign is not allowed"),
    // A count, then piles (one case).
    (
        "hihocoder-1163",
        "3\n3 2\n",
        "",
        "the input ended after line 2: expected a pile size A[i] (a whole number in 1..=10000)",
    ),
    (
        "hihocoder-1163",
        "3\n3 two 1\n",
        "",
        "line 2: expected a pile size A[i] (a whole number in 1..=10000), found \"two\"",
    ),
    (
        "hihocoder-1163",
        "-3\n3 2 1\n",
        "",
        "line 1: the number of piles N is written -3: a sign is not allowed (a whole number in 1..=100)",
    ),
    (
        "hihocoder-1163",
        "3\n3 2 10001\n",
        "",
        "line 2: a pile size A[i] is 10001, outside the problem's bounds 1..=10000",
    ),
    (
        "hihocoder-1163",
        "",
        "",
        "the input is empty: expected the number of piles N",
    ),
    // Numbers to the end of the input.
    (
        "lanqiao-1459",
        "1 5 x\n",
        "",
        "line 1: expected a monk's step",
    ),
    (
        "lanqiao-1459",
        "1 5 1000\n",
        "",
        "1000, outside the problem's bounds 1..=999",
    ),
    (
        "lanqiao-1459",
        "5 1 9\n",
        "",
        "line 1: invalid staircase: steps must be strictly increasing",
    ),
    ("lanqiao-1459", "\n", "", "expected the monks' steps"),
    // Cases ended by 0.
    (
        "poj-2975",
        "3\n7 11 13\n3\n1 2",
        "3\n",
        "the input ended after line 4: expected a pile size (a whole number in 1..=1000000000)",
    ),
    (
        "poj-2975",
        "3\n7 11 13\n2\n1000000001 1\n0\n",
        "3\n",
        "line 4: a pile size is 1000000001",
    ),
    (
        "poj-2975",
        "3\n7 11 13\n",
        "3\n",
        "line 2: expected the number of piles n, or 0 to end",
    ),
    (
        "poj-2975",
        "3\n7 11 1.5\n0\n",
        "",
        "line 2: expected a pile size (a whole number in 1..=1000000000), found \"1.5\"",
    ),
    (
        "poj-2975",
        "3\n7 11 99999999999999999999999\n0\n",
        "",
        "line 2: a pile size is 99999999999999999999999, outside",
    ),
    (
        "hdu-1850",
        "101\n",
        "",
        "line 1: the number of piles M, or 0 to end is 101",
    ),
    (
        "uva-10165",
        "2\n1 2000000001\n0\n",
        "",
        "line 2: a pile size is 2000000001",
    ),
    ("hdu-2176", "2\n1 -1\n0\n", "", "line 2: a pile size is written -1: a sign is not allowed"),
    (
        "hdu-1729",
        "2\n6 2\n3 4\n0\n",
        "",
        "line 3: illegal move: a box of capacity 3 cannot hold 4 stones",
    ),
    (
        "hdu-1729",
        "1\n6 2\n1\n5\n",
        "Case 1:\nYes\n",
        "line 4: expected the stones in a box c",
    ),
    // T, then cases.
    (
        "luogu-p2197",
        "2\n2\n1 1\n2\n1",
        "No\n",
        "line 5: expected a pile size",
    ),
    (
        "luogu-p2197",
        "11\n",
        "",
        "line 1: the number of cases T is 11, outside the problem's bounds 1..=10",
    ),
    (
        "hdu-1907",
        "1\n2\n0 1\n",
        "",
        "line 3: a pile size is 0, outside the problem's bounds 1..=4747",
    ),
    (
        "poj-3480",
        "1\nN\n",
        "",
        "line 2: expected the number of piles N (a whole number in 1..=47), found \"N\"",
    ),
    (
        "poj-1704",
        "1\n3\n1 2 2\n",
        "",
        "line 3: positions must be distinct, but 2 appears twice",
    ),
    (
        "poj-1704",
        "1\n3\n1 2 10001\n",
        "",
        "line 3: a piece's position is 10001",
    ),
    // Cases until the end of the input.
    (
        "hdu-2509",
        "2\n2 2\n3\n1 2\n",
        "No\n",
        "line 4: expected a group size",
    ),
    ("hdu-2509", "1\n101\n", "", "line 2: a group size is 101"),
    (
        "poj-2234",
        "2 45 45\n21 1\n",
        "No\n",
        "line 2: the number of piles M is 21",
    ),
    (
        "hdu-1730",
        "1 6\n4 5\n\n2 6\n4 5\n",
        "BAD LUCK!\n",
        "line 5: expected a piece's column",
    ),
    (
        "hdu-1730",
        "1 6\n4 4\n",
        "",
        "line 2: illegal move: both pieces cannot stand on square 4",
    ),
    (
        "hdu-1730",
        "1 6\n4 7\n",
        "",
        "line 2: columns are 1..=6 on this board, found 4 7",
    ),
    (
        "hdu-1730",
        "1 1\n",
        "",
        "line 1: the number of columns m is 1, outside the problem's bounds 2..=100",
    ),
    // Lines of fixed size.
    (
        "hdu-1848",
        "1 1 1\n1 4\n",
        "Fibo\n",
        "line 2: expected a heap size, or 0 0 0 to end",
    ),
    (
        "hdu-1848",
        "1 0 1\n0 0 0\n",
        "",
        "line 1: heap sizes are 1..=1000 (only `0 0 0` ends the input), found 1 0 1",
    ),
    (
        "hdu-1848",
        "1 1 1001\n",
        "",
        "line 1: a heap size, or 0 0 0 to end is 1001",
    ),
    (
        "hdu-1847",
        "1\n0\n",
        "Kiki\n",
        "line 2: the number of cards n is 0, outside the problem's bounds 1..=1000",
    ),
    (
        "hdu-1847",
        "1\n3x\n",
        "Kiki\n",
        "line 2: expected the number of cards n (a whole number in 1..=1000), found \"3x\"",
    ),
    (
        "hdu-2149",
        "4 2\n3\n",
        "1\n",
        "line 2: expected the largest raise N",
    ),
    (
        "hdu-2149",
        "4 -2\n",
        "",
        "line 1: the largest raise N is written -2: a sign is not allowed",
    ),
    (
        "hdu-2897",
        "7 2 4\n6 4 2\n",
        "LOST\n",
        "line 2: invalid subtraction set: takes must be a range p..=q with 1 ≤ p ≤ q, not 4..=2",
    ),
    (
        "hdu-2897",
        "7 2 4\n6 2\n",
        "LOST\n",
        "line 2: expected the most take q",
    ),
    (
        "hdu-2897",
        "65536 2 4\n",
        "",
        "line 1: the number of coins n is 65536",
    ),
    // C, then pairs.
    (
        "hdu-1846",
        "2\n23 2\n",
        "first\n",
        "line 2: expected the pile size n",
    ),
    (
        "hdu-1846",
        "1\n23 0\n",
        "",
        "line 2: the most a move takes, m is 0",
    ),
    (
        "hdu-2188",
        "1\n8 ten\n",
        "",
        "line 2: expected the largest donation m (a whole number in 1..=10000), found \"ten\"",
    ),
    // S-Nim's nested shape.
    (
        "hdu-1536",
        "2 2 5\n1\n2 5\n",
        "",
        "line 3: expected a heap size",
    ),
    (
        "hdu-1536",
        "2 2 0\n",
        "",
        "line 1: a member of S is 0, outside the problem's bounds 1..=10000",
    ),
    (
        "poj-2960",
        "2 2 5\n1\n1 10001\n0\n",
        "",
        "line 3: a heap size is 10001",
    ),
    (
        "poj-2960",
        "2 2 5\n1\n1 3\n",
        "W\n",
        "line 3: expected the size of S, k, or 0 to end",
    ),
    // T, then T lines `A B` below 2^64.
    (
        "library-checker-nim-product-64",
        "2\n3141 5926\n7\n",
        "14994\n",
        "the input ended after line 3: expected the second factor B (a whole number in 0..=18446744073709551615)",
    ),
    (
        "library-checker-nim-product-64",
        "2\n1 2\n18446744073709551616 1\n",
        "2\n",
        "line 3: the first factor A is 18446744073709551616, outside the problem's bounds 0..=18446744073709551615",
    ),
    (
        "library-checker-nim-product-64",
        "1\n-1 2\n",
        "",
        "line 2: the first factor A is written -1: a sign is not allowed",
    ),
    (
        "library-checker-nim-product-64",
        "3\n2 2\n3 x\n",
        "3\n",
        "line 3: expected the second factor B (a whole number in 0..=18446744073709551615), found \"x\"",
    ),
    (
        "library-checker-nim-product-64",
        "0\n",
        "",
        "line 1: the number of cases T is 0, outside the problem's bounds 1..=1000000",
    ),
    (
        "library-checker-nim-product-64",
        "1000001\n",
        "",
        "line 1: the number of cases T is 1000001",
    ),
    // Wythoff: pairs until the end.
    (
        "hdu-1527",
        "2 1\n8\n",
        "0\n",
        "the input ended after line 2: expected a pile size (a whole number in 0..=1000000000)",
    ),
    (
        "poj-1067",
        "2 1\n1000000001 4\n",
        "0\n",
        "line 2: a pile size is 1000000001, outside the problem's bounds 0..=1000000000",
    ),
    (
        "hdu-2516",
        "2\n1\n0\n",
        "Second win\n",
        "line 2: a game needs at least 2 stones (2 ≤ n), found 1",
    ),
    (
        "hdu-2516",
        "2\n2147483648\n",
        "Second win\n",
        "line 2: the number of stones n, or 0 to end is 2147483648",
    ),
    (
        "hdu-2516",
        "13\n",
        "Second win\n",
        "line 1: expected the number of stones n, or 0 to end",
    ),
    (
        "hdu-3032",
        "2\n3\n2 2 3\n2\n3 0\n",
        "Alice\n",
        "line 5: a pile size is 0, outside the problem's bounds 1..=2147483647",
    ),
    (
        "hdu-3032",
        "101\n",
        "",
        "line 1: the number of cases T is 101",
    ),
    (
        "hdu-3094",
        "2\n3\n1 2\n2 3\n3\n1 2\n1 4\n",
        "Alice\n",
        "line 7: a vertex of this tree is 4, outside the problem's bounds 1..=3",
    ),
    (
        "hdu-3094",
        "1\n3\n1 2\n",
        "",
        "the input ended after line 3: expected a vertex of this tree (a whole number in 1..=3)",
    ),
    (
        "poj-3710",
        "1\n2 1\n1 2\n1\n3 2\n1 2\n",
        "Sally\n",
        "line 6: expected a vertex",
    ),
    (
        "poj-3710",
        "1\n2 1\n1 3\n",
        "",
        "line 3: vertices are 1..=2 in this tree, found 1 3",
    ),
    (
        "poj-3710",
        "1\n100 1\n",
        "",
        "line 2: the number of vertices m is 100",
    ),
    (
        "hdu-1525",
        "34 12\n0 5\n0 0\n",
        "Stan wins\n",
        "line 2: the numbers must be positive (only `0 0` ends the input), found 0 5",
    ),
    (
        "hdu-1525",
        "34 12\n",
        "Stan wins\n",
        "line 1: expected a number, or 0 0 to end",
    ),
    (
        "poj-2348",
        "34 2147483648\n0 0\n",
        "",
        "line 1: a number, or 0 0 to end is 2147483648",
    ),
    (
        "hdu-1517",
        "162\n1\n",
        "Stan wins.\n",
        "line 2: the target n is 1, outside the problem's bounds 2..=4294967294",
    ),
    (
        "poj-2505",
        "162\n4294967295\n",
        "Stan wins.\n",
        "line 2: the target n is 4294967295",
    ),
    (
        "hdu-3537",
        "2\n1 2\n2\n1 100000000\n",
        "No\n",
        "line 4: a heads position is 100000000, outside the problem's bounds 0..=99999999",
    ),
    (
        "hdu-3537",
        "1\n7\n3\n1 2\n",
        "No\n",
        "the input ended after line 4: expected a heads position (a whole number in 0..=99999999)",
    ),
    (
        "hdu-3537",
        "101\n",
        "",
        "line 1: the number of heads coins n is 101, outside the problem's bounds 0..=100",
    ),
    (
        "hdu-3537",
        "2\n1 x\n",
        "",
        "line 2: expected a heads position (a whole number in 0..=99999999), found \"x\"",
    ),
    (
        "hdu-3404",
        "2\n1\n1 1\n2\n3 4\n3 4\n",
        "Have a try, lxhgww.\n",
        "line 6: lights must be at distinct places, but (3, 4) appears twice",
    ),
    (
        "hdu-3404",
        "1\n1\n1 10001\n",
        "",
        "line 3: a light's y is 10001, outside the problem's bounds 1..=10000",
    ),
    (
        "hdu-3404",
        "1\n1\n0 1\n",
        "",
        "line 3: a light's x is 0, outside the problem's bounds 1..=10000",
    ),
    (
        "hdu-3404",
        "1\n2\n1 1\n2\n",
        "",
        "the input ended after line 4: expected a light's y (a whole number in 1..=10000)",
    ),
    (
        "hdu-3404",
        "1\n1001\n",
        "",
        "line 2: the number of lights n is 1001, outside the problem's bounds 0..=1000",
    ),
    (
        "hdu-3404",
        "101\n",
        "",
        "line 1: the number of cases T is 101, outside the problem's bounds 1..=100",
    ),
    (
        "hdu-3595",
        "1\n3 2\n2\n1 1\n1001 1\n",
        "GG\n",
        "line 5: a pile p or q is 1001, outside the problem's bounds 1..=1000",
    ),
    (
        "hdu-3595",
        "2\n3 2\n1\n",
        "",
        "the input ended after line 3: expected a pile p or q (a whole number in 1..=1000)",
    ),
    (
        "hdu-3595",
        "0\n",
        "",
        "line 1: the number of games N is 0, outside the problem's bounds 1..=1000",
    ),
];

/// Input after the end: after a terminator, or after the stated number of
/// cases. (id, input, output before the error, the whole error.) One
/// wording everywhere, 1-based line and column.
const TRAILING: &[(&str, &str, &str, &str)] = &[
    (
        "hihocoder-1163",
        "2\n1 2\n3\n",
        "Alice\n",
        "line 3, column 1: expected the end of the input after the N piles, found \"3\"",
    ),
    (
        "poj-2975",
        "3\n7 11 13\n0\n5 x\n",
        "3\n",
        "line 4, column 1: expected the end of the input after the terminating 0, found \"5\"",
    ),
    (
        "hdu-1850",
        "1\n5\n0 0\n",
        "1\n",
        "line 3, column 3: expected the end of the input after the terminating 0, found \"0\"",
    ),
    (
        "hdu-2176",
        "2\n1 1\n0\n\n\n  junk\n",
        "No\n",
        "line 6, column 3: expected the end of the input after the terminating 0, found \"junk\"",
    ),
    (
        "uva-10165",
        "1 1\n0 1\n",
        "Yes\n",
        "line 2, column 3: expected the end of the input after the terminating 0, found \"1\"",
    ),
    (
        "hdu-1536",
        "2 2 5\n1\n1 3\n0\n0\n",
        "W\n",
        "line 5, column 1: expected the end of the input after the terminating 0, found \"0\"",
    ),
    (
        "poj-2960",
        "1 1\n1\n1 1\n0 end\n",
        "W\n",
        "line 4, column 3: expected the end of the input after the terminating 0, found \"end\"",
    ),
    (
        "hdu-1729",
        "1\n6 2\n0\n1\n",
        "Case 1:\nYes\n",
        "line 4, column 1: expected the end of the input after the terminating 0, found \"1\"",
    ),
    (
        "hdu-1848",
        "1 1 1\n0 0 0\n1 1 1\n",
        "Fibo\n",
        "line 3, column 1: expected the end of the input after the terminating 0 0 0, found \"1\"",
    ),
    (
        "hdu-2516",
        "2\n0\n2\n",
        "Second win\n",
        "line 3, column 1: expected the end of the input after the terminating 0, found \"2\"",
    ),
    (
        "hdu-1525",
        "34 12\n0 0\n15 24\n",
        "Stan wins\n",
        "line 3, column 1: expected the end of the input after the terminating 0 0, found \"15\"",
    ),
    (
        "poj-2348",
        "0 0 0\n",
        "",
        "line 1, column 5: expected the end of the input after the terminating 0 0, found \"0\"",
    ),
    (
        "hdu-1907",
        "1\n2\n1 1\n1\n1 1\n",
        "John\n",
        "line 4, column 1: expected the end of the input after its one case, found \"1\"",
    ),
    (
        "poj-3480",
        "2\n1\n1\n1\n2\n#\n",
        "Brother\nJohn\n",
        "line 6, column 1: expected the end of the input after its 2 cases, found \"#\"",
    ),
    (
        "luogu-p2197",
        "1\n2\n1 1\n1\n",
        "No\n",
        "line 4, column 1: expected the end of the input after its one case, found \"1\"",
    ),
    (
        "hdu-3032",
        "1\n1\n3 4\n",
        "Alice\n",
        "line 3, column 3: expected the end of the input after its one case, found \"4\"",
    ),
    (
        "poj-1704",
        "1\n2\n1 2\n3\n",
        "Bob will win\n",
        "line 4, column 1: expected the end of the input after its one case, found \"3\"",
    ),
    (
        "hdu-1846",
        "1\n4 3 5 5\n",
        "second\n",
        "line 2, column 5: expected the end of the input after its one case, found \"5\"",
    ),
    (
        "hdu-2188",
        "1\n4 3\nx\n",
        "Rabbit\n",
        "line 3, column 1: expected the end of the input after its one case, found \"x\"",
    ),
    (
        "hdu-3094",
        "1\n2\n1 2\n3 4\n",
        "Alice\n",
        "line 4, column 1: expected the end of the input after its one case, found \"3\"",
    ),
    (
        "hdu-3404",
        "1\n1\n2 2\n1\n",
        "Have a try, lxhgww.\n",
        "line 4, column 1: expected the end of the input after its one case, found \"1\"",
    ),
    (
        "library-checker-nim-product-64",
        "1\n2 3\n4 5\n",
        "1\n",
        "line 3, column 1: expected the end of the input after its one case, found \"4\"",
    ),
];

/// The problems read to the end of the input (no terminator, no count):
/// anything after the last case is read as another case.
const READ_TO_END: &[&str] = &[
    "lanqiao-1459",
    "hdu-2509",
    "poj-2234",
    "hdu-2149",
    "hdu-1847",
    "hdu-1730",
    "hdu-2897",
    "hdu-3537",
    "hdu-3595",
    "hdu-1527",
    "poj-1067",
    "poj-3710",
    "hdu-1517",
    "poj-2505",
];

#[test]
fn input_after_the_end_is_refused_in_one_wording() {
    for &(id, input, before, message) in TRAILING {
        let (out, err) = run(id, input);
        let err = err.unwrap_or_else(|| panic!("{id} accepted {input:?}"));
        assert_eq!(err, message, "{id} on {input:?}");
        assert_eq!(out, before, "{id} on {input:?}");
        // Whitespace and blank lines after the end are fine: cut the input
        // where the error points (line L, column C) and add some.
        let place = message.split(':').next().unwrap();
        let nums: Vec<usize> = place
            .split(|c: char| !c.is_ascii_digit())
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect();
        let (line, column) = (nums[0], nums[1]);
        let line_start: usize = input.split('\n').take(line - 1).map(|l| l.len() + 1).sum();
        let cut = line_start + column - 1;
        let (out, err) = run(id, &format!("{}\n \r\n\t\n", &input[..cut]));
        assert_eq!(err, None, "{id} on {input:?} cut at {cut}");
        assert_eq!(out, before, "{id} on {input:?} cut at {cut}");
    }
}

#[test]
fn every_problem_with_an_end_is_tested_for_input_after_it() {
    for p in grundy_judge::problems() {
        assert!(
            TRAILING.iter().any(|c| c.0 == p.id) || READ_TO_END.contains(&p.id),
            "{} has no test of input after its end",
            p.id
        );
    }
}

#[test]
fn bad_input_gets_a_clear_error_and_keeps_earlier_output() {
    for &(id, input, before, message) in CASES {
        let (out, err) = run(id, input);
        let err = err.unwrap_or_else(|| panic!("{id} accepted {input:?}"));
        assert!(
            err.contains(message),
            "{id} on {input:?}:\n  got  {err}\n  want {message}"
        );
        assert!(!err.contains('\n'), "one line: {err}");
        assert_eq!(out, before, "{id} on {input:?}");
    }
}

#[test]
fn every_problem_is_tested_on_bad_input() {
    for p in grundy_judge::problems() {
        assert!(
            CASES.iter().any(|c| c.0 == p.id),
            "{} has no malformed-input test",
            p.id
        );
    }
}

#[test]
fn binary_garbage_is_refused_without_panic() {
    let garbage = "\u{0}\u{1}\u{ff}\u{7f}ÿ \u{80}";
    for p in grundy_judge::problems() {
        let (_, err) = run(p.id, garbage);
        assert!(err.is_some(), "{} accepted garbage", p.id);
    }
}

#[test]
fn unknown_problems_are_named() {
    let (_, err) = run("poj-9999", "");
    assert_eq!(
        err.unwrap(),
        "unknown problem \"poj-9999\"; `grundy judge --list` shows the supported ids"
    );
}
