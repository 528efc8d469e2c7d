//! Why a request was refused: the status and the command line's words, and
//! the column of the input where the problem is.

use grundy::error::Error;

use crate::serve::reply::Reply;

/// Why a request was refused.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status code (400 for bad input).
    pub status: u16,
    /// What is wrong, in the command line's words.
    pub message: String,
    /// 1-based column in the parameter that holds the problem.
    pub at: Option<usize>,
}

impl ApiError {
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
            at: None,
        }
    }

    /// The error as a reply: `{"error": message, "at": column}`.
    pub fn reply(&self) -> Reply {
        Reply::error(self.status, &self.message, self.at)
    }
}

impl From<Error> for ApiError {
    fn from(err: Error) -> ApiError {
        let at = match &err {
            Error::Parse { at, .. } => Some(at + 1),
            _ => None,
        };
        ApiError {
            status: 400,
            message: err.to_string(),
            at,
        }
    }
}

impl From<anyhow::Error> for ApiError {
    fn from(err: anyhow::Error) -> ApiError {
        match err.downcast::<Error>() {
            Ok(e) => e.into(),
            Err(err) => ApiError::bad(format!("{err:#}")),
        }
    }
}

/// What a handler answers.
pub type ApiResult = Result<Reply, ApiError>;
