//! From a request (method, URL, body) to a reply, without I/O.
//!
//! Parameters come from the query string (`application/x-www-form-urlencoded`:
//! `+` is a space, so a `+` inside an expression is written `%2B`, as
//! `encodeURIComponent` does) or, for `POST`, from a body that is either the
//! same encoding or a JSON object (strings as they are, booleans as 1/0,
//! arrays of numbers joined by commas).

use std::collections::HashMap;

use serde_json::{json, Value};

use super::{api, assets};

/// A finished reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header.
    pub content_type: &'static str,
    /// The whole body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A 200 reply of JSON text (given with its final newline).
    pub fn json_text(text: String) -> Reply {
        Reply {
            status: 200,
            content_type: "application/json",
            body: text.into_bytes(),
        }
    }

    /// A 200 reply of a JSON value, on one line with a newline.
    pub fn json(value: &Value) -> Reply {
        Reply::json_text(format!("{value}\n"))
    }

    /// An SVG picture.
    pub fn svg(text: String) -> Reply {
        Reply {
            status: 200,
            content_type: "image/svg+xml",
            body: text.into_bytes(),
        }
    }

    /// An error: `{"error": message, "at": column}` (`at` is the 1-based
    /// column of the input where the problem is, or null).
    pub fn error(status: u16, message: &str, at: Option<usize>) -> Reply {
        Reply {
            status,
            content_type: "application/json",
            body: format!("{}\n", json!({ "error": message, "at": at })).into_bytes(),
        }
    }
}

/// The request's parameters, by name (the last of repeated names wins).
pub type Params = HashMap<String, String>;

/// Answers one request.
pub fn route(method: &str, url: &str, body: &[u8]) -> Reply {
    let (path, query) = url.split_once('?').unwrap_or((url, ""));
    let mut params = match parse_form(query) {
        Ok(p) => p,
        Err(why) => return Reply::error(400, &why, None),
    };
    match method {
        "GET" | "HEAD" => {}
        "POST" if path.starts_with("/api/") => match parse_body(body) {
            Ok(extra) => params.extend(extra),
            Err(why) => return Reply::error(400, &why, None),
        },
        _ => {
            return Reply::error(
                405,
                &format!("{method} is not allowed here (use GET, or POST for /api/move)"),
                None,
            )
        }
    }
    if let Some((content_type, text)) = assets::get(path) {
        return Reply {
            status: 200,
            content_type,
            body: text.as_bytes().to_vec(),
        };
    }
    let result = match path {
        "/api/analyze" => api::analyze(&params),
        "/api/explain" => api::explain(&params),
        "/api/seq" => api::seq(&params),
        "/api/value" => api::value(&params),
        "/api/plot" => api::plot(&params),
        "/api/histogram" => api::histogram(&params),
        "/api/game" => api::game(&params),
        "/api/move" => api::play_move(&params),
        "/api/hint" => api::hint(&params),
        _ => return Reply::error(404, &format!("no such page: {path}"), None),
    };
    result.unwrap_or_else(|e| e.reply())
}

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
fn parse_body(body: &[u8]) -> Result<Params, String> {
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

    fn get(url: &str) -> (u16, Value) {
        let r = route("GET", url, b"");
        let v = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        (r.status, v)
    }

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

    #[test]
    fn pages_and_unknown_paths() {
        let r = route("GET", "/", b"");
        assert_eq!(r.status, 200);
        assert!(r.content_type.starts_with("text/html"));
        assert_eq!(get("/nope").0, 404);
        assert_eq!(route("DELETE", "/api/analyze", b"").status, 405);
    }

    #[test]
    fn a_parse_error_points_at_its_column() {
        let (status, v) = get("/api/analyze?expr=nim(3%2C-4)");
        assert_eq!(status, 400);
        assert_eq!(v["at"], 7, "{v}");
        assert!(v["error"]
            .as_str()
            .unwrap()
            .starts_with("negative numbers are not allowed"));
    }
}
