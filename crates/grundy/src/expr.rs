//! The expression language for positions.
//!
//! ```text
//! position := term ( '+' term )*
//! term     := name arguments
//! ```
//!
//! A name selects a family of games from the registry in
//! [`games`] (`nim`, `kayles`, `0.77`, `sub{1,3,4}`, `stairs`,
//! `northcott`, …), and that family's parser reads the rest of the term
//! with a [`Cursor`]; this module never names a family. Spaces are allowed
//! between tokens; names are case-insensitive. Numbers are decimal, `0 ≤ n ≤
//! 2^64 − 1`. A [`Position`] is written back in the same language by its
//! `Display`, so that it parses to the same position.
//!
//! ```
//! use grundy::expr::parse_position;
//! let text = "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17) + stairs(1,5,9)";
//! let pos = parse_position(text).unwrap();
//! assert_eq!(pos.terms.len(), 5);
//! assert_eq!(pos.to_string(), text); // written back as parsed
//! assert!(parse_position("nim(3,-4)").is_err());
//! ```

use crate::budget::Budget;
pub use crate::cursor::Cursor;
use crate::error::Result;
use crate::games;
use crate::sum::{Position, Term, ANALYSIS_BYTES_PER_COMPONENT};

/// [`parse_position`], refused up front when the position such a text may
/// hold cannot be analysed within the memory allowance of `budget`: a text
/// holds at most one component per `,` or `+` (and one more), each needing
/// [`ANALYSIS_BYTES_PER_COMPONENT`] for the position and its analysis. The
/// check is a scan of the bytes, before the parse spends its time.
///
/// ```
/// use grundy::budget::{Budget, LimitKind};
/// use grundy::expr::parse_position_within;
/// let tight = Budget::unlimited().with_memory(10_000);
/// assert!(parse_position_within("nim(3,4,5)", &tight).is_ok());
/// let long = format!("nim({})", vec!["1"; 1000].join(","));
/// let err = parse_position_within(&long, &tight).unwrap_err();
/// assert_eq!(err.limit_kind(), Some(LimitKind::Memory));
/// ```
pub fn parse_position_within(input: &str, budget: &Budget) -> Result<Position> {
    budget.check()?;
    let most = most_components(input);
    budget
        .fits(most.saturating_mul(ANALYSIS_BYTES_PER_COMPONENT))
        .map_err(|e| e.during(|| format!("reading a position of up to {most} components")))?;
    parse_position(input)
}

/// The most components a position written `input` can have: one per `,`
/// or `+`, and one more (a scan of the bytes, for refusing up front).
///
/// ```
/// assert_eq!(grundy::expr::most_components("nim(3,4,5) + kayles(10)"), 4);
/// ```
pub fn most_components(input: &str) -> u64 {
    1 + input.bytes().filter(|b| matches!(b, b',' | b'+')).count() as u64
}

/// Parses a position such as `nim(3,4,5) + kayles(10)`.
pub fn parse_position(input: &str) -> Result<Position> {
    let mut p = Cursor::new(input);
    let mut terms = Vec::new();
    p.skip_ws();
    if p.at_end() {
        return Err(p.error("the expression is empty: write a position such as nim(3,4,5)"));
    }
    loop {
        terms.push(term(&mut p)?);
        p.skip_ws();
        if p.at_end() {
            break;
        }
        p.expect('+', "'+' between terms")?;
    }
    Position::new(terms)
}

/// One term: a family's name, then what that family's parser reads.
fn term(p: &mut Cursor) -> Result<Term> {
    let (start, word) = p.rule_name()?;
    let lower = word.to_ascii_lowercase();
    match games::FAMILIES.iter().find(|f| (f.accepts)(&lower)) {
        Some(family) => (family.parse)(&word, start, p),
        None => Err(p.error_at(
            start,
            format!(
                "unknown rule {word:?}{}: known rules are {}",
                did_you_mean(&word),
                games::FAMILIES
                    .iter()
                    .map(|f| f.shown)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
    }
}

/// `"; did you mean kayles?"` for a name near a family's, else nothing.
fn did_you_mean(word: &str) -> String {
    match &games::nearest_names(word)[..] {
        [] => String::new(),
        [one] => format!("; did you mean {one}?"),
        [rest @ .., last] => format!("; did you mean {} or {last}?", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Error;
    use crate::rule::Rule;

    /// Each family's example (shown by `analyze --help`) parses, and each of
    /// its terms is read by that family: the first in the registry to
    /// accept its name.
    #[test]
    fn every_family_example_is_its_own() {
        for family in games::FAMILIES {
            let pos = parse_position(family.example)
                .unwrap_or_else(|e| panic!("{}: {e}", family.example));
            for term in &pos.terms {
                let name = term.name.to_ascii_lowercase();
                let word: String = name
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '.')
                    .collect();
                let first = games::FAMILIES
                    .iter()
                    .find(|f| (f.accepts)(&word))
                    .unwrap_or_else(|| panic!("{word}"));
                assert_eq!(first.about, family.about, "{}", family.example);
            }
        }
    }

    fn err_at(input: &str) -> usize {
        match parse_position(input) {
            Err(Error::Parse { at, .. }) => at,
            other => panic!("{input}: {other:?}"),
        }
    }

    #[test]
    fn every_rule_parses() {
        let pos = parse_position(
            "nim(1) + KAYLES(2,3) + dawson(4) + grundys(5) + 0.137(6) + 4.7(7) + 0.F(8) \
             + sub{1,3,4}(9) + sub{1..5}(10) + sub{fib}(11) + sub{pow2}(12) + stairs(1,5,9)",
        )
        .unwrap();
        let names: Vec<_> = pos.terms.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "nim",
                "kayles",
                "dawson",
                "grundys",
                "0.137",
                "4.7",
                "0.F",
                "sub{1,3,4}",
                "sub{1..5}",
                "sub{fib}",
                "sub{pow2}",
                "stairs"
            ]
        );
    }

    #[test]
    fn errors_point_at_the_problem() {
        assert_eq!(err_at("nim(3,4,"), 8);
        assert_eq!(err_at("nim(3, -4)"), 7);
        assert_eq!(err_at("foo(3)"), 0);
        assert_eq!(err_at("nim(3) + bar(1)"), 9);
        assert_eq!(err_at("nim(18446744073709551616)"), 4);
        assert_eq!(err_at("0.7x(3)"), 3);
        assert_eq!(err_at("nim(3) nim(4)"), 7);
        assert_eq!(err_at(""), 0);
        assert_eq!(err_at("sub{0,1}(3)"), 4);
        assert_eq!(err_at("sub{foo}(3)"), 4);
        assert_eq!(err_at("stairs(5,3)"), 9);
        assert_eq!(err_at("nim(1) + stairs(0,3)"), 16);
        assert_eq!(err_at("ním(3)"), 0);
        match parse_position("nim(1) + kayls(7)") {
            Err(Error::Parse { message, at, .. }) => {
                assert_eq!(at, 9);
                assert!(
                    message.starts_with("unknown rule \"kayls\"; did you mean kayles?"),
                    "{message}"
                );
            }
            other => panic!("{other:?}"),
        }
        match parse_position("frobnicate(7)") {
            Err(Error::Parse { message, .. }) => {
                assert!(!message.contains("did you mean"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        match parse_position("ním(3)") {
            Err(Error::Parse { message, .. }) => assert!(message.contains("\"ním\""), "{message}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sets_normalise() {
        assert_eq!(Rule::parse("sub{1,2,3}").unwrap().to_string(), "sub{1..3}");
        assert_eq!(
            Rule::parse("sub{4,1,3,3}").unwrap().to_string(),
            "sub{1,3,4}"
        );
        assert_eq!(
            Rule::parse("sub{1..2,5}").unwrap().to_string(),
            "sub{1,2,5}"
        );
        assert!(Rule::parse("stairs").is_err());
        assert!(Rule::parse("kayles(3)").is_err());
    }
}
