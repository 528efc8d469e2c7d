//! The page, embedded in the binary: plain HTML, CSS and JS, no build step,
//! nothing fetched from elsewhere at run time.

/// `/`: the page.
pub const INDEX_HTML: &str = include_str!("../../assets/index.html");
/// `/app.js`: everything the page does (calls the JSON API and draws).
pub const APP_JS: &str = include_str!("../../assets/app.js");
/// `/style.css`.
pub const STYLE_CSS: &str = include_str!("../../assets/style.css");

/// The asset at `path`, with its content type.
pub fn get(path: &str) -> Option<(&'static str, &'static str)> {
    match path {
        "/" | "/index.html" => Some(("text/html; charset=utf-8", INDEX_HTML)),
        "/app.js" => Some(("text/javascript; charset=utf-8", APP_JS)),
        "/style.css" => Some(("text/css; charset=utf-8", STYLE_CSS)),
        _ => None,
    }
}
