//! A bounded fuzz harness for the expression parser, run by `cargo test`:
//! strings built from the language's own tokens (and stray bytes, Unicode
//! letters, huge numbers) must parse or be refused with an error whose text
//! stays short however long the input — never a panic.

use grundy::error::Error;
use grundy::expr::parse_position;
use grundy::Rule;
use proptest::prelude::*;

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "nim",
            "kayles",
            "dawson",
            "grundys",
            "stairs",
            "sub",
            "fib",
            "pow2",
            "ním",
            "(",
            ")",
            "{",
            "}",
            ",",
            "+",
            "..",
            ".",
            "0.77",
            "4.7",
            "0.F",
            ".07",
            "0.",
            "-",
            " ",
            "\n",
            "\t",
            "18446744073709551615",
            "18446744073709551616",
            "9223372036854775808",
            "0",
            "1",
            "ß",
            "→",
            "\u{feff}",
            "\u{0}",
        ])
        .prop_map(str::to_string),
        (0u64..1000).prop_map(|n| n.to_string()),
        any::<char>().prop_map(|c| c.to_string()),
        "[0-9a-fA-F.]{1,12}",
    ]
}

fn check(input: &str) -> Result<(), TestCaseError> {
    for result in [
        parse_position(input).map(|_| ()),
        Rule::parse(input).map(|_| ()),
    ] {
        if let Err(e) = result {
            let text = e.to_string();
            prop_assert!(!text.is_empty());
            if let Error::Parse { at, .. } = e {
                prop_assert!(
                    at <= input.chars().count(),
                    "{at} past the end of {input:?}"
                );
                // The input is cut around the problem: the text stays short.
                prop_assert!(text.chars().count() < 600, "{} chars", text.chars().count());
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(tokens in prop::collection::vec(token(), 0..40)) {
        check(&tokens.concat())?;
    }

    #[test]
    fn near_misses_of_valid_positions_never_panic(
        cut in 0usize..80,
        insert in token(),
        at in 0usize..80,
    ) {
        let valid = "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3..5}(17) + stairs(1,5,9)";
        let chars: Vec<char> = valid.chars().collect();
        let at = at.min(chars.len());
        let mut s: String = chars[..at].iter().collect();
        s.push_str(&insert);
        s.extend(&chars[at..]);
        check(&s)?;
        let cut: String = chars[..cut.min(chars.len())].iter().collect();
        check(&cut)?;
    }
}

#[test]
fn long_inputs_give_short_errors() {
    let long = "nim(1)+".repeat(20_000) + "nim(x)";
    let err = parse_position(&long).unwrap_err().to_string();
    assert!(err.len() < 400, "{err}");
    assert!(err.contains("column 140005"), "{err}");
    let code = format!("0.{}", "7".repeat(5000));
    assert!(Rule::parse(&code).is_err());
}
