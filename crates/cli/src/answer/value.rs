//! One Grundy value (`grundy value`, `/api/value`).

use grundy::nimber::Nimber;
use grundy::period::Period;
use grundy::rule::Rule;

/// The JSON object of `value --json`, on one line without its newline (also
/// the body of `grundy serve`'s `/api/value`).
pub fn json(rule: &Rule, n: u64, value: Nimber) -> String {
    serde_json::json!({ "rule": rule.to_string(), "n": n, "value": value }).to_string()
}

/// The text of `value`: `G(n) = v for rule`, and when a proved period maps
/// `n` to a smaller heap, which one.
pub fn text(rule: &Rule, n: u64, value: Nimber, period: Option<Period>) -> String {
    let mut s = format!("G({n}) = {value} for {rule}\n");
    if let Some(p) = period {
        let same = p.reduce(n);
        if same != n {
            s += &format!(
                "The nim-sequence has period {} from heap {} (proved), so G({n}) = G({same}).\n",
                p.period, p.preperiod
            );
        }
    }
    s
}
