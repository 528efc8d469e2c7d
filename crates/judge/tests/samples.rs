//! Every adapter on the sample of its problem statement (and on the second
//! samples the seeds and statements give). The expected outputs below were
//! checked against the exhaustive search of `cross_check.rs` too: the same
//! inputs are run through it in `samples_agree_with_exhaustive_search`.

use crate::util::solve;

/// (id, input, expected output)
pub const SAMPLES: &[(&str, &str, &str)] = &[
    ("hihocoder-1163", "3\n3 2 1\n", "Bob\n"),
    ("lanqiao-1459", "1 5 9\n", "1 4\n"),
    ("lanqiao-1459", "1 5 8 10\n", "1 3\n"),
    (
        "poj-2975",
        "3\n7 11 13\n2\n1000000000 1000000000\n0\n",
        "3\n0\n",
    ),
    ("hdu-1850", "3\n5 7 9\n0\n", "1\n"),
    ("luogu-p2197", "2\n2\n1 1\n2\n1 0\n", "No\nYes\n"),
    ("hdu-1848", "1 1 1\n1 4 1\n0 0 0\n", "Fibo\nNacci\n"),
    // Constructed (the statement's sample was not at hand): 1⊕3⊕2 = 0, 1⊕2 = 3.
    ("uva-10165", "3\n1 3 2\n2\n1 2\n0\n", "No\nYes\n"),
    ("hdu-1907", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n"),
    ("poj-3480", "2\n3\n3 5 1\n1\n1\n", "John\nBrother\n"),
    ("hdu-2509", "2\n2 2\n1\n3\n", "No\nYes\n"),
    (
        "hdu-1536",
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
        "LWW\nWWL\n",
    ),
    (
        "poj-2960",
        "2 2 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n5 1 2 3 4 5\n3\n2 5 12\n3 2 4 7\n4 2 3 7 12\n0\n",
        "LWW\nWWL\n",
    ),
    (
        "poj-1704",
        "2\n3\n1 2 3\n8\n1 5 6 7 9 12 14 17\n",
        "Bob will win\nGeorgia will win\n",
    ),
    ("hdu-1846", "2\n23 2\n4 3\n", "first\nsecond\n"),
    ("hdu-2188", "2\n8 10\n11 10\n", "Grass\nRabbit\n"),
    ("hdu-2149", "4 2\n3 2\n3 5\n", "1\nnone\n3 4 5\n"),
    ("hdu-1847", "1\n3\n", "Kiki\nCici\n"),
    ("poj-2234", "2 45 45\n3 3 6 9\n", "No\nYes\n"),
    (
        "hdu-2176",
        "2\n45 45\n3\n3 6 9\n5\n5 7 8 9 10\n0\n",
        "No\nYes\n9 5\nYes\n8 1\n9 0\n10 3\n",
    ),
    (
        "hdu-1729",
        "3\n2 0\n3 3\n6 2\n2\n6 3\n6 3\n0\n",
        "Case 1:\nYes\nCase 2:\nNo\n",
    ),
    (
        "hdu-1730",
        "3 6\n4 5\n1 2\n1 2\n\n3 6\n4 5\n1 3\n1 2\n",
        "BAD LUCK!\nI WIN!\n",
    ),
    ("hdu-2897", "7 2 4\n6 2 4\n", "LOST\nWIN\n"),
    // The statement's values: 0⊗1, 1⊗1, 3141⊗5926 and (2^64−1)⊗(2^64−1).
    (
        "library-checker-nim-product-64",
        "4\n0 1\n1 1\n3141 5926\n18446744073709551615 18446744073709551615\n",
        "0\n1\n14994\n11290409524105353207\n",
    ),
    ("hdu-1527", "2 1\n8 4\n4 7\n", "0\n1\n0\n"),
    ("poj-1067", "2 1\n8 4\n4 7\n", "0\n1\n0\n"),
    (
        "hdu-2516",
        "2\n13\n10000\n0\n",
        "Second win\nSecond win\nFirst win\n",
    ),
    ("hdu-3032", "2\n3\n2 2 3\n2\n3 3\n", "Alice\nBob\n"),
    (
        "hdu-3094",
        "3\n3\n1 2\n2 3\n3\n1 2\n1 3\n10\n6 2\n4 3\n8 4\n9 5\n8 6\n2 7\n5 8\n1 9\n6 10\n",
        "Alice\nBob\nAlice\n",
    ),
    (
        "poj-3710",
        "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n",
        "Sally\n",
    ),
    // Constructed: the doubled edge 2-3 cancels, leaving a stalk of one like
    // the first tree (1 ⊕ 1 = 0); then a pentagon on the root (odd: *1).
    (
        "poj-3710",
        "2\n2 1\n1 2\n3 3\n1 2\n2 3\n3 2\n1\n5 5\n1 2\n2 3\n3 4\n4 5\n5 1\n",
        "Harry\nSally\n",
    ),
    ("hdu-1525", "34 12\n15 24\n0 0\n", "Stan wins\nOllie wins\n"),
    ("poj-2348", "34 12\n15 24\n0 0\n", "Stan wins\nOllie wins\n"),
    (
        "hdu-1517",
        "162\n17\n34012226\n",
        "Stan wins.\nOllie wins.\nStan wins.\n",
    ),
    (
        "poj-2505",
        "162\n17\n34012226\n",
        "Stan wins.\nOllie wins.\nStan wins.\n",
    ),
    // Constructed (the statement's sample was not at hand): coins 0..3 are
    // worth 1, 2, 4, 7, which cancel; 1 ⊕ 2 ⊕ 4 = 7; a repeated coin is one
    // coin (11, not 0); no heads at all is a loss.
    (
        "hdu-3537",
        "4\n0 1 2 3\n3\n0 1 2\n2\n5 5\n0\n",
        "Yes\nNo\nNo\nYes\n",
    ),
    // The statement's sample: 1 ⊗ 2 ⊕ 2 ⊗ 1 = 0; 1 ⊗ 1 ⊕ 2 ⊗ 2 = 1 ⊕ 3 = 2.
    (
        "hdu-3404",
        "2\n2\n1 2\n2 1\n2\n1 1\n2 2\n",
        "Don't waste your time.\nHave a try, lxhgww.\n",
    ),
    // Constructed (the statement's sample was not at hand): (1,1) is won in
    // one step, three times; (3,2) is lost in two (3,2 → 1,2 → 1,0).
    ("hdu-3595", "3\n1 1\n1 1\n1 1\n1\n3 2\n", "MM\nGG\n"),
];

#[test]
fn every_sample_is_answered_byte_for_byte() {
    for &(id, input, want) in SAMPLES {
        assert_eq!(solve(id, input), want, "{id} on {input:?}");
    }
}

#[test]
fn every_problem_has_a_sample() {
    for p in grundy_judge::problems() {
        assert!(
            SAMPLES.iter().any(|s| s.0 == p.id),
            "{} has no sample test",
            p.id
        );
    }
}

#[test]
fn line_endings_and_blank_lines_do_not_matter() {
    assert_eq!(solve("hdu-1850", "3\r\n5 7 9\r\n0\r\n"), "1\n");
    assert_eq!(solve("poj-2234", "\n\n2 45 45\n\n\n3 3 6 9"), "No\nYes\n");
    // Input without a final newline, output with one.
    assert_eq!(solve("hihocoder-1163", "3\n3 2 1"), "Bob\n");
}
