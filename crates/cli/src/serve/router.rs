//! From a request (method, URL, body) to a reply, without I/O: the page's
//! assets by path, and each `/api/…` path to its handler in [`ROUTES`].

use super::api::{analysis, game, sequence, ApiResult};
use super::assets;
use super::params::{parse_body, parse_form, Params};
use super::reply::Reply;

/// A handler of the JSON API.
pub type Handler = fn(&Params) -> ApiResult;

/// Every path of the JSON API, and its handler.
pub const ROUTES: &[(&str, Handler)] = &[
    ("/api/analyze", analysis::analyze),
    ("/api/explain", analysis::explain),
    ("/api/seq", sequence::seq),
    ("/api/value", sequence::value),
    ("/api/plot", sequence::plot),
    ("/api/histogram", sequence::histogram),
    ("/api/game", game::game),
    ("/api/move", game::play_move),
    ("/api/hint", game::hint),
];

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
    match ROUTES.iter().find(|(p, _)| *p == path) {
        Some((_, handler)) => handler(&params).unwrap_or_else(|e| e.reply()),
        None => Reply::error(404, &format!("no such page: {path}"), None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::game::expression;
    use crate::answer::moves::single_heap;
    use crate::serve::api::bounds::MAX_HEAPS;
    use grundy::expr::parse_position;
    use serde_json::Value;

    fn get(url: &str) -> (u16, Value) {
        let r = route("GET", url, b"");
        let v = serde_json::from_slice(&r.body).unwrap_or(Value::Null);
        (r.status, v)
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

    #[test]
    fn expressions_round_trip() {
        for text in [
            "nim(3,0,5)",
            "kayles(1,2) + dawson(7)",
            "0.137(5) + sub{1,3,4}(9) + sub{1..5}(4)",
            "stairs(1,4,8) + grundys(7)",
            "4.7(5) + 0.F(6) + sub{fib}(3)",
        ] {
            let pos = parse_position(text).unwrap();
            let again = parse_position(&expression(&pos)).unwrap();
            assert_eq!(pos, again, "{text} -> {}", expression(&pos));
        }
    }

    #[test]
    fn a_game_of_nim_is_won_by_the_computer_from_a_won_position() {
        // nim(1,2,3) is a P-position: whatever the user does, the computer
        // faces a won position and must win.
        let mut expr = "nim(1,2,3)".to_string();
        loop {
            let url = format!(
                "/api/move?expr={}&move=1+1",
                expr.replace('+', "%2B").replace(' ', "+")
            );
            // Take one from the first non-empty heap.
            let pos = parse_position(&expr).unwrap();
            let first = pos
                .components()
                .position(|c| single_heap(c.as_ref()).is_some_and(|size| size > 0))
                .unwrap();
            let url = url.replace("move=1+1", &format!("move={}+1", first + 1));
            let (status, v) = get(&url);
            assert_eq!(status, 200, "{v}");
            assert_eq!(v["computer"]["wins"], true, "{v}");
            if v["over"] == true {
                assert_eq!(v["winner"], "computer");
                break;
            }
            expr = v["position"].as_str().unwrap().to_string();
        }
    }

    #[test]
    fn limits_are_enforced() {
        let (s, v) = get("/api/seq?rule=kayles&to=1000001");
        assert_eq!(s, 400);
        assert!(v["error"].as_str().unwrap().contains("at most 1000000"));
        let many = vec!["1"; MAX_HEAPS + 1].join(",");
        let (s, v) = get(&format!("/api/analyze?expr=nim({many})"));
        assert_eq!(s, 400);
        assert!(v["error"].as_str().unwrap().contains("at most 1000"));
        // No period is proved for Grundy's game: 2^40 heaps cannot be stored.
        let (s, _) = get("/api/value?rule=grundys&n=1099511627776");
        assert_eq!(s, 400);
    }
}
