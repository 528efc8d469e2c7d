//! The expression parser and the rule parser on arbitrary text: an answer
//! or an error, never a panic; an error's text stays short however long
//! the input (it shows the input cut around the offending column).

#![no_main]

use grundy::expr::parse_position;
use grundy::Rule;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Err(e) = parse_position(text) {
        assert!(e.to_string().len() < 4096, "error text of {} bytes", e.to_string().len());
    }
    let _ = Rule::parse(text);
});
