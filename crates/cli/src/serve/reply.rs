//! A finished reply: status, content type and the whole body.

use serde_json::{json, Value};

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
