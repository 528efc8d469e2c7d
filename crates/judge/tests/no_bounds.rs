//! `Bounds::Defined` (`grundy judge --no-bounds`): inputs beyond a problem's
//! stated bounds but within what its game is defined on are answered, and
//! the answers are checked against rules written here from the games'
//! definitions (or the engine where the theorem is the engine's). What the
//! game cannot define is still refused, and the stated bounds stay the
//! default.

use grundy::games::wythoff::Wythoff;
use grundy_judge::{Bounds, JudgeError};

/// Runs `id` on `input` under `bounds`: the output and the error, if any.
fn run(id: &str, input: &str, bounds: Bounds) -> (String, Option<JudgeError>) {
    let mut out = Vec::new();
    let err = grundy_judge::find(id)
        .unwrap()
        .solve_with(&mut input.as_bytes(), &mut out, bounds)
        .err();
    (String::from_utf8(out).unwrap(), err)
}

/// The output of `id` on `input` without bounds, after checking that the
/// stated bounds refuse the same input.
fn beyond(id: &str, input: &str) -> String {
    let (_, err) = run(id, input, Bounds::Stated);
    assert!(
        matches!(err, Some(JudgeError::OutOfRange { .. })),
        "{id} accepted out-of-bound input by default: {err:?}"
    );
    let (out, err) = run(id, input, Bounds::Defined);
    assert!(err.is_none(), "{id} refused {input:?}: {}", err.unwrap());
    out
}

const TOP: u64 = u64::MAX;

#[test]
fn nim_heaps_up_to_2_pow_64_and_more_piles() {
    // 150 piles (N ≤ 100 stated), sizes near 2^64 (≤ 10^4 stated).
    let piles: Vec<u64> = (0..150u64).map(|i| TOP - i * 7919).collect();
    let xor = piles.iter().fold(0, |x, &p| x ^ p);
    let input = format!(
        "150\n{}\n",
        piles
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let want = if xor != 0 { "Alice\n" } else { "Bob\n" };
    assert_eq!(beyond("hihocoder-1163", &input), want);

    // Winning first moves: the piles p with p ⊕ x < p.
    for piles in [
        vec![TOP, TOP - 1, 1 << 63],
        vec![TOP, TOP],
        vec![3, 1 << 40, TOP - 12345, 17],
    ] {
        let x = piles.iter().fold(0, |x, &p| x ^ p);
        let count = piles.iter().filter(|&&p| p ^ x < p).count();
        let text: Vec<String> = piles.iter().map(u64::to_string).collect();
        let input = format!("{}\n{}\n0\n", piles.len(), text.join(" "));
        assert_eq!(beyond("poj-2975", &input), format!("{count}\n"));
        assert_eq!(beyond("hdu-1850", &input), format!("{count}\n"));
    }
}

#[test]
fn counted_cases_past_the_stated_count() {
    // luogu-p2197 states T ≤ 10: 12 cases, the last with a pile of 2^64 − 1.
    let mut input = String::from("12\n");
    let mut want = String::new();
    for i in 0..12u64 {
        let piles = [i, i + 1, if i == 11 { TOP } else { 1 }];
        input += &format!("3\n{} {} {}\n", piles[0], piles[1], piles[2]);
        let x = piles[0] ^ piles[1] ^ piles[2];
        want += if x != 0 { "Yes\n" } else { "No\n" };
    }
    assert_eq!(beyond("luogu-p2197", &input), want);
}

/// Bash's game: take 1..=m; the mover loses exactly when (m + 1) divides n.
#[test]
fn bash_near_2_pow_64() {
    let cases = [
        (TOP, TOP - 1),     // m + 1 = 2^64 − 1 = n: a loss
        (TOP, TOP),         // one move takes all
        (TOP - 1, 1),       // even: a loss
        (TOP, 1 << 32),     // 2^64 − 1 mod (2^32 + 1) = 0: a loss
        (1 << 63, 3),       // 2^63 mod 4 = 0: a loss
        (12345, 1 << 62),   // takes all
        ((1 << 63) + 1, 2), // 2^63 + 1 mod 3 = 0: a loss
    ];
    let mut input = format!("{}\n", cases.len());
    let mut want = String::new();
    for (n, m) in cases {
        input += &format!("{n} {m}\n");
        let wins = u128::from(n) % (u128::from(m) + 1) != 0;
        want += if wins { "first\n" } else { "second\n" };
    }
    let out = beyond("hdu-1846", &input);
    assert_eq!(out, want);
    assert_eq!(out.lines().filter(|l| *l == "second").count(), 5, "{out}");
}

/// Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4,
/// G(4k+4) = 4k+3 (for 2^64 − 1 = 4k+3 that is 2^64, past u64).
#[test]
fn lasker_near_2_pow_64() {
    let g = |n: u64| -> u128 {
        let n = u128::from(n);
        match n % 4 {
            3 => n + 1,
            0 => n - 1,
            _ => n,
        }
    };
    let positions = [
        vec![TOP, TOP],
        vec![TOP, 1],
        vec![TOP - 3, TOP - 2],
        vec![1 << 63, (1 << 63) - 1, 1],
        vec![TOP - 1, TOP - 1, TOP - 1],
    ];
    let mut input = format!("{}\n", positions.len());
    let mut want = String::new();
    for p in &positions {
        let text: Vec<String> = p.iter().map(u64::to_string).collect();
        input += &format!("{}\n{}\n", p.len(), text.join(" "));
        let sum = p.iter().fold(0u128, |s, &h| s ^ g(h));
        want += if sum != 0 { "Alice\n" } else { "Bob\n" };
    }
    assert_eq!(beyond("hdu-3032", &input), want);
}

/// Euclid's game, from its rules: with a ≥ b, the mover wins when a = b or
/// a ≥ 2b (a choice of leaving the position below or passing through it),
/// else the only move leaves (b, a − b).
fn euclid_wins(a: u64, b: u64) -> bool {
    let (a, b) = (a.max(b), a.min(b));
    a == b || a / b >= 2 || !euclid_wins(b, a - b)
}

#[test]
fn euclid_and_wythoff_near_2_pow_64() {
    let pairs = [
        (TOP, TOP - 1),
        (TOP, 1),
        (12200160415121876738, 7540113804746346429), // F(93), F(92)
        (TOP - 7, TOP / 2),
        (1 << 63, (1 << 63) - 1),
    ];
    let mut input = String::new();
    let mut want = String::new();
    for (a, b) in pairs {
        input += &format!("{a} {b}\n");
        want += if euclid_wins(a, b) {
            "Stan wins\n"
        } else {
            "Ollie wins\n"
        };
    }
    input += "0 0\n";
    assert_eq!(beyond("hdu-1525", &input), want);

    // Wythoff: the engine's exact Beatty pairs (themselves tested against
    // search and the recurrence near 2^64).
    let mut input = String::new();
    let mut want = String::new();
    for (a, b) in pairs.iter().chain(&[(TOP, TOP), (0, TOP)]) {
        input += &format!("{a} {b}\n");
        want += if Wythoff::new(*a, *b).outcome().mover_wins() {
            "1\n"
        } else {
            "0\n"
        };
    }
    assert_eq!(beyond("hdu-1527", &input), want);
}

#[test]
fn s_nim_with_members_and_counts_past_the_statement() {
    // S = {2, 20000}: heaps ≤ 10^4 never reach the large member, so G(h) is
    // that of S = {2}: ⌊h / 2⌋ mod 2. 150 heaps (l ≤ 100 stated).
    let heaps: Vec<u64> = (0..150u64).map(|i| i * 37 % 10_001).collect();
    let sum = heaps.iter().fold(0, |s, &h| s ^ ((h / 2) % 2));
    let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let input = format!("2 2 20000\n1\n150 {}\n0\n", text.join(" "));
    let want = if sum != 0 { "W\n" } else { "L\n" };
    assert_eq!(beyond("hdu-1536", &input), want);
}

#[test]
fn fibonacci_nim_near_2_pow_64() {
    // The first player loses exactly on a Fibonacci number of stones.
    let mut fib = vec![1u64, 2];
    while let Some(f) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(f);
    }
    let ns = [TOP, fib[fib.len() - 1], fib[fib.len() - 1] + 1, 1 << 63];
    let mut input = String::new();
    let mut want = String::new();
    for n in ns {
        input += &format!("{n}\n");
        want += if fib.contains(&n) {
            "Second win\n"
        } else {
            "First win\n"
        };
    }
    input += "0\n";
    assert_eq!(beyond("hdu-2516", &input), want);
}

#[test]
fn what_the_game_cannot_define_is_still_refused() {
    let refusals = [
        (
            "poj-2975",
            "2\n-5 3\n0\n",
            "is written -5: a sign is not allowed",
        ),
        ("poj-2975", "2\n5 x\n0\n", "found \"x\""),
        ("poj-2975", "1\n18446744073709551616\n0\n", "outside"),
        // A count past what is read into memory.
        ("hdu-2176", "67108865\n1\n0\n", "67108865, outside"),
        // The value of a Mock Turtles coin at 2^63 does not fit in 64 bits.
        ("hdu-3537", "1\n9223372036854775808\n", "line 2: "),
        // A staircase position at 2^64 − 1 leaves no room for the wall.
        ("poj-1704", "1\n1\n18446744073709551615\n", "outside"),
    ];
    for (id, input, message) in refusals {
        let (_, err) = run(id, input, Bounds::Defined);
        let err = err
            .unwrap_or_else(|| panic!("{id} accepted {input:?}"))
            .to_string();
        assert!(err.contains(message), "{id} on {input:?}: {err}");
    }
    // A huge count on a short input ends as a truncated input, at once.
    let (_, err) = run("hdu-2176", "67108864\n1 2 3\n", Bounds::Defined);
    assert!(
        matches!(err, Some(JudgeError::Truncated { line: 2, .. })),
        "{err:?}"
    );
}

#[test]
fn a_refusal_without_bounds_names_the_wider_range() {
    let (_, err) = run("poj-2975", "2\n-5 3\n0\n", Bounds::Defined);
    assert_eq!(
        err.unwrap().to_string(),
        "line 2: a pile size is written -5: a sign is not allowed (a whole number in \
         0..=18446744073709551615)"
    );
}

#[test]
fn switch_lights_past_10000() {
    let win = "Have a try, lxhgww.\n";
    let loss = "Don't waste your time.\n";
    let f = 1u64 << 32;
    let cases = [
        // Row y = 1 is Turning Turtles alone: light x is worth x.
        (format!("1\n1\n{TOP} 1\n"), win),
        (format!("1\n3\n{TOP} 1\n12345 1\n{} 1\n", TOP ^ 12345), loss),
        // The board is symmetric: (a, b) and (b, a) cancel (mirror play).
        (format!("1\n2\n{TOP} 98765\n98765 {TOP}\n"), loss),
        // A Fermat 2-power F = 2^32 times itself is F ⊕ F/2.
        (format!("1\n2\n{f} {f}\n{} 1\n", f ^ (f >> 1)), loss),
        (format!("1\n2\n{f} {f}\n{f} 1\n"), win),
    ];
    for (input, want) in cases {
        assert_eq!(beyond("hdu-3404", &input), want, "{input:?}");
    }
    // Two lights at one place stay refused without the bounds.
    let (_, err) = run(
        "hdu-3404",
        &format!("1\n2\n{TOP} 1\n{TOP} 1\n"),
        Bounds::Defined,
    );
    let err = err.expect("a repeated light is refused").to_string();
    assert!(
        err.contains("line 4: lights must be at distinct places"),
        "{err}"
    );
}
