//! A request's parameters: from the query string (`application/x-www-form-urlencoded`:
//! `+` is a space, so a `+` inside an expression is written `%2B`, as
//! `encodeURIComponent` does) or, for `POST`, from a body that is either the
//! same encoding or a JSON object (strings as they are, booleans as 1/0,
//! arrays of numbers joined by commas).

use std::collections::HashMap;

use serde_json::Value;

/// The request's parameters, by name (the last of repeated names wins).
pub type Params = HashMap<String, String>;

/// Decodes `a=1&b=x%2By` into a map.
pub fn parse_form(text: &str) -> Result<Params, String> {
    let mut params = Params::new();
    for pair in text.split('&').filter(|p| !p.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        params.insert(decode(k)?, decode(v)?);
    }
    Ok(params)
}

/// Percent-decoding, with `+` as a space.
fn decode(text: &str) -> Result<String, String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                    .ok_or_else(|| format!("bad percent-encoding in {text:?}"))?;
                out.push(hex);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|_| format!("the parameter {text:?} is not UTF-8"))
}

/// A POST body: a JSON object or form encoding.
pub fn parse_body(body: &[u8]) -> Result<Params, String> {
    let text = std::str::from_utf8(body).map_err(|_| "the request body is not UTF-8")?;
    let text = text.trim();
    if !text.starts_with(['{', '[']) {
        return parse_form(text);
    }
    let value: Value =
        serde_json::from_str(text).map_err(|e| format!("the body is not valid JSON: {e}"))?;
    let Value::Object(map) = value else {
        return Err("the body must be a JSON object".into());
    };
    map.into_iter()
        .filter(|(_, v)| !v.is_null())
        .map(|(k, v)| {
            let s = match v {
                Value::String(s) => s,
                Value::Bool(b) => if b { "1" } else { "0" }.to_string(),
                Value::Number(n) => n.to_string(),
                Value::Array(items) => items
                    .iter()
                    .map(|i| match i {
                        Value::Number(n) => Ok(n.to_string()),
                        Value::String(s) => Ok(s.clone()),
                        _ => Err(format!("{k}: a list of numbers is expected")),
                    })
                    .collect::<Result<Vec<_>, _>>()?
                    .join(","),
                Value::Object(_) | Value::Null => {
                    return Err(format!("{k}: an object is not allowed here"))
                }
            };
            Ok((k, s))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms_decode_plus_and_percent() {
        let p = parse_form("expr=nim(3%2C4)+%2B+kayles(2)&misere=1&x").unwrap();
        assert_eq!(p["expr"], "nim(3,4) + kayles(2)");
        assert_eq!(p["misere"], "1");
        assert_eq!(p["x"], "");
        assert!(parse_form("expr=%zz").is_err());
        assert!(parse_form("expr=%ff").is_err());
    }

    #[test]
    fn json_bodies_become_parameters() {
        let p = parse_body(br#"{"expr":"nim(3)","misere":true,"heap":0,"to":[1,2]}"#).unwrap();
        assert_eq!(p["expr"], "nim(3)");
        assert_eq!(p["misere"], "1");
        assert_eq!(p["heap"], "0");
        assert_eq!(p["to"], "1,2");
        assert!(parse_body(b"[1]").is_err());
        assert!(parse_body(b"{\"a\":{}}").is_err());
    }
}
