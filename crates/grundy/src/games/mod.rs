//! Every family of games the engine knows, one module each, and the
//! registry through which the expression language finds them.
//!
//! Each family implements [`Game`](crate::game::Game) for its components,
//! describes itself in a [`Family`] (which names it answers to, how it is
//! listed in error messages, an example and a line for help texts, and its
//! parser, called with the [`Cursor`] just after the name), and is registered by one line in [`FAMILIES`].
//! Nothing else in the crate names a family.
//!
//! | family | written | module |
//! |---|---|---|
//! | heap rules | `nim(3,4)`, `kayles(10)`, `0.07(12)`, `sub{1,3,4}(9)`, `grundys(9)` | [`heap`] |
//! | staircase Nim | `stairs(1,5,9)` | [`staircase`] |
//! | Northcott's game | `northcott(1-5, 8-3)` | [`northcott`] |
//! | the box game (stones/capacity) | `boxes(2/6, 3/10)` | [`boxes`] |
//! | runs of apples | `runs(4,3)` | [`consecutive`] |
//! | take p..q, all when fewer remain | `takerange{2..4}(7)` | [`misere_range`] |
//! | the bidding game (raises 1..N, M to go) | `auction{3}(10)` | [`auction`] |
//! | Wythoff's game | `wythoff(3,5)` | [`wythoff`] |
//! | Fibonacci Nim | `fibnim(10)`, `fibnim(10;4)` | [`fibnim`] |
//! | Lasker's Nim | `lasker(5,7)` | [`lasker`] |
//! | Moore's Nim_k | `moore(2; 1,2,3)` | [`moore`] |
//! | Green Hackenbush | `hackenbush(1-2 1-3 3-4)` | [`hackenbush`] |
//! | Euclid's game | `euclid(25,7)` | [`euclid`] |
//! | the multiplication game (judge only) | — | [`multiplication`] |
//! | Cram (dominoes on a board) | `cram(5x7)`, `cram(..#./..../....)` | [`cram`] |
//! | tokens on a digraph (loopy) | `digraph(1>2 2>3 3>1 3>4; 1 3)` | [`digraph`] |
//! | Node-Kayles | `nodekayles(1-2 2-3 3-4 5)`, `nodekayles(3x16)` | [`nodekayles`] |
//! | Arc-Kayles | `arckayles(1-2 2-3 3-4)`, `arckayles(3x4)` | [`arckayles`] |
//! | Chomp | `chomp(3x5)`, `chomp(5,4,4,2)` | [`chomp`] |
//! | coin-turning games | `turtles(1,4,9)`, `twins(0,3)`, `mock(0,1,2,3)`, `moebius(1,6)`, `ruler(3,8)`, `corners((1,2))`, `ruler*ruler((3,5))` | [`coins`] |
//!
//! [`graph`] is not a family: it holds what the graph families share
//! (graphs as bitsets, their pieces, canonical keys, the written forms).

pub mod arckayles;
pub mod auction;
pub mod boxes;
pub mod chomp;
pub mod coins;
pub mod consecutive;
pub mod cram;
pub mod digraph;
pub mod euclid;
pub mod fibnim;
pub mod graph;
pub mod hackenbush;
pub mod heap;
pub mod lasker;
pub mod misere_range;
pub mod moore;
pub mod multiplication;
pub mod nodekayles;
pub mod northcott;
pub mod staircase;
pub mod wythoff;

use crate::cursor::Cursor;
use crate::error::Result;
use crate::sum::Term;

/// A family's entry in the expression language.
pub struct Family {
    /// Whether the family answers to this name (lower case; a take-and-break
    /// code such as `0.77` is a name too).
    pub accepts: fn(&str) -> bool,
    /// How it is listed when a name is unknown.
    pub shown: &'static str,
    /// Terms as written, for help texts: a position of this family alone
    /// (`wythoff(3,5)`, or several terms joined by ` + `).
    pub example: &'static str,
    /// What the family is, in one line, for help texts.
    pub about: &'static str,
    /// Parses the rest of a term: `word` is the name as written, at
    /// character `start`; the cursor stands just after it.
    pub parse: fn(word: &str, start: usize, p: &mut Cursor) -> Result<Term>,
}

/// Every family, in the order names are tried. Adding a family is one line.
pub static FAMILIES: &[Family] = &[
    heap::FAMILY,
    staircase::FAMILY,
    northcott::FAMILY,
    boxes::FAMILY,
    consecutive::FAMILY,
    misere_range::FAMILY,
    auction::FAMILY,
    wythoff::FAMILY,
    fibnim::FAMILY,
    lasker::FAMILY,
    moore::FAMILY,
    hackenbush::FAMILY,
    euclid::FAMILY,
    coins::FAMILY,
    cram::FAMILY,
    digraph::FAMILY,
    nodekayles::FAMILY,
    arckayles::FAMILY,
    chomp::FAMILY,
];

/// The family names nearest to `word` (a name no family accepts) by edit
/// distance, for "did you mean …?": those at the least distance, if it is
/// small for the word's length (one edit for words of up to four letters,
/// two beyond). Names are read from each family's [`Family::shown`] list and
/// [`Family::example`], and kept only when the family accepts them.
///
/// ```
/// use grundy::games::nearest_names;
/// assert_eq!(nearest_names("kayls"), ["kayles"]);
/// assert_eq!(nearest_names("wythof"), ["wythoff"]);
/// assert!(nearest_names("zzzzzz").is_empty());
/// ```
pub fn nearest_names(word: &str) -> Vec<String> {
    let word = word.to_ascii_lowercase();
    if !word.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return Vec::new(); // a take-and-break code is not a misspelt name
    }
    let mut names: Vec<String> = Vec::new();
    for family in FAMILIES {
        let listed = family.shown.split([',', ' ']);
        let written = family
            .example
            .split(" + ")
            .map(|t| t.split(['(', '{']).next().unwrap_or(""));
        for name in listed.chain(written) {
            let name = name.trim();
            let plain =
                !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b == b'*');
            if plain && (family.accepts)(name) && !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
    }
    let allowed = if word.chars().count() <= 4 { 1 } else { 2 };
    let distance = |name: &String| strsim::osa_distance(&word, name);
    let Some(best) = names.iter().map(distance).min().filter(|&d| d <= allowed) else {
        return Vec::new();
    };
    names.into_iter().filter(|n| distance(n) == best).collect()
}

/// `n tokens`, or `1 token`: a number of tokens in words.
///
/// ```
/// assert_eq!(grundy::games::tokens(1), "1 token");
/// assert_eq!(grundy::games::tokens(40), "40 tokens");
/// ```
pub fn tokens(n: u64) -> String {
    format!("{n} token{}", if n == 1 { "" } else { "s" })
}

/// `'(' inside ')'` after the name of the family `name`: the shape of
/// every term.
pub(crate) fn in_parens<T>(
    p: &mut Cursor,
    name: &str,
    inside: impl FnOnce(&mut Cursor) -> Result<T>,
) -> Result<T> {
    p.expect('(', &format!("'(' after {name}"))?;
    let value = inside(p)?;
    p.expect(')', &format!("')' closing {name}(…)"))?;
    Ok(value)
}

/// Parses argument text alone (what stands inside a family's
/// parentheses): `inside` must read all of it.
pub(crate) fn parse_args<T>(
    args: &str,
    inside: impl FnOnce(&mut Cursor) -> Result<T>,
) -> Result<T> {
    let mut p = Cursor::new(args);
    let value = inside(&mut p)?;
    p.skip_ws();
    match p.peek() {
        None => Ok(value),
        Some(c) => Err(p.error(format!("unexpected {c:?} after the arguments"))),
    }
}

/// Numbers separated by commas, at least one.
pub(crate) fn numbers(p: &mut Cursor) -> Result<Vec<u64>> {
    let mut out = vec![p.number()?];
    while p.eat(',') {
        out.push(p.number()?);
    }
    Ok(out)
}

/// Writes `values` separated by commas.
pub(crate) fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every family is found from a slip of one or two letters.
    #[test]
    fn misspelt_names_find_their_family() {
        let slips = [
            ("kayls", "kayles"),
            ("dawsno", "dawson"),
            ("staris", "stairs"),
            ("northcot", "northcott"),
            ("boxs", "boxes"),
            ("rnus", "runs"),
            ("takerang", "takerange"),
            ("auctin", "auction"),
            ("wythof", "wythoff"),
            ("fibnm", "fibnim"),
            ("laskr", "lasker"),
            ("mooore", "moore"),
            ("hackenbsh", "hackenbush"),
            ("eucild", "euclid"),
            ("turtels", "turtles"),
            ("cornres", "corners"),
            ("mobeius", "moebius"),
        ];
        for (slip, name) in slips {
            assert_eq!(nearest_names(slip), [name], "{slip}");
        }
        for family in FAMILIES {
            let first = family.example.split(['(', '{']).next().unwrap();
            if first.starts_with(|c: char| c.is_ascii_alphabetic()) {
                assert!(nearest_names(&format!("{first}x")).contains(&first.to_string()));
            }
        }
    }
}
