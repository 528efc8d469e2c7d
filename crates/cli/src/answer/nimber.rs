//! Nimber arithmetic (`grundy nimber`): one operation and its result.

use anyhow::Result;

/// One computed operation: the `--json` object, fields in this order.
#[derive(serde::Serialize)]
pub struct Answer {
    /// `add`, `mul`, `div`, `inv`, `square`, `sqrt` or `pow`.
    pub op: &'static str,
    /// The operands (for `pow`, the nimber and the ordinary exponent).
    pub args: Vec<u64>,
    pub result: u64,
}

impl Answer {
    /// The line printed: the operation in symbols (⊕ nim-sum, ⊗ nim
    /// product, ⊘ nim quotient) and, for an inverse operation, its check.
    pub fn text(&self) -> String {
        let r = self.result;
        match (self.op, &self.args[..]) {
            ("add", &[a, b]) => format!("{a} ⊕ {b} = {r}"),
            ("mul", &[a, b]) => format!("{a} ⊗ {b} = {r}"),
            ("div", &[a, b]) => format!("{a} ⊘ {b} = {r}  ({r} ⊗ {b} = {a})"),
            ("inv", &[a]) => format!("1 ⊘ {a} = {r}  ({a} ⊗ {r} = 1)"),
            ("square", &[a]) => format!("{a} ⊗ {a} = {r}"),
            ("sqrt", &[a]) => format!("sqrt {a} = {r}  ({r} ⊗ {r} = {a})"),
            ("pow", &[a, e]) => format!("{a}^{e} = {r}  (nim power)"),
            (op, args) => format!("{op} {args:?} = {r}"),
        }
    }

    /// The JSON object, on one line without its newline.
    pub fn json(&self) -> Result<String> {
        Ok(serde_json::to_string(self)?)
    }
}
