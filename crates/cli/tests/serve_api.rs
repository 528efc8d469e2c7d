//! `grundy serve`'s JSON API over real HTTP: the built binary on port 0, and
//! a minimal client on `std::net::TcpStream`. Every endpoint answers exactly
//! what the matching command prints with `--json`, and refuses bad input with
//! HTTP 400 and `{"error", "at"}`.

use crate::util::grundy;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};
use std::time::Duration;

use std::collections::HashMap;

use grundy::every;
use grundy::expr::parse_position;
use grundy::nim::Outcome;
use grundy::sum::{AnalyzeOptions, Position, SumMove};
use serde_json::{json, Value};

/// A running `grundy serve --port 0`, stopped on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let (child, url) = crate::util::serve(&[], Stdio::inherit());
        assert!(
            url.starts_with("http://127.0.0.1:"),
            "binds loopback by default: {url}"
        );
        Server {
            child,
            addr: crate::util::address(&url),
        }
    }

    /// One request; returns the status, the Content-Type and the body.
    fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String, Vec<u8>) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        stream.write_all(head.as_bytes()).unwrap();
        stream.write_all(body).unwrap();
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).unwrap();
        let split = raw
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .expect("a header");
        let head = String::from_utf8_lossy(&raw[..split]).to_string();
        let body = raw[split + 4..].to_vec();
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        let content_type = head
            .lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.eq_ignore_ascii_case("content-type")
                    .then(|| v.trim().to_string())
            })
            .unwrap_or_default();
        (status, content_type, body)
    }

    fn get(&self, path: &str) -> (u16, Value) {
        let (status, ct, body) = self.request("GET", path, b"");
        assert_eq!(ct, "application/json", "{path}");
        (status, serde_json::from_slice(&body).unwrap())
    }

    fn ok(&self, path: &str) -> Value {
        let (status, v) = self.get(path);
        assert_eq!(status, 200, "{path}: {v}");
        v
    }

    fn bad(&self, path: &str) -> Value {
        let (status, v) = self.get(path);
        assert_eq!(status, 400, "{path}: {v}");
        assert!(v["error"].is_string(), "{v}");
        v
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Percent-encodes a query value as `encodeURIComponent` does.
fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The body of `path` is byte for byte what `grundy args` prints.
fn same_as_cli(server: &Server, path: &str, args: &[&str]) {
    let out = grundy(args);
    assert!(out.status.success(), "{args:?}: {out:?}");
    let (status, ct, body) = server.request("GET", path, b"");
    assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
    assert_eq!(ct, "application/json");
    assert_eq!(
        String::from_utf8_lossy(&body),
        String::from_utf8_lossy(&out.stdout),
        "{path} vs grundy {args:?}"
    );
}

#[test]
fn analyze_is_byte_identical_to_the_command_line() {
    let s = Server::start();
    for expr in [
        "nim(3,4,5)",
        "nim(3,4,5) + kayles(10) + 0.07(12) + sub{1,3,4}(17)",
        "stairs(1,5,9) + nim(2)",
        "grundys(9) + 0.137(20)",
        "nim(18446744073709551615, 1)",
        "kayles(1000000000000)",
        // Its list of winning moves may miss some: winning_moves_truncated.
        "ruler*ruler((300,300),(128,128))",
        // A published board, past the library's default search budget.
        "cram(5x7)",
    ] {
        let path = format!("/api/analyze?expr={}", enc(expr));
        same_as_cli(&s, &path, &["analyze", expr, "--json"]);
    }
    for expr in [
        "nim(3,4,5)",
        "nim(1,1,2)",
        "kayles(5) + nim(2)",
        "nim(18446744073709551615, 1)",
    ] {
        let path = format!("/api/analyze?expr={}&misere=1", enc(expr));
        same_as_cli(&s, &path, &["analyze", expr, "--json", "--misere"]);
    }
}

#[test]
fn explain_seq_and_value_are_byte_identical_to_the_command_line() {
    let s = Server::start();
    for expr in [
        "nim(3,4,5)",
        "kayles(4) + nim(2) + dawson(5)",
        "stairs(1,5,9)",
        "ruler*ruler((300,300),(128,128))",
    ] {
        let path = format!("/api/explain?expr={}", enc(expr));
        same_as_cli(&s, &path, &["explain", expr, "--json"]);
    }
    same_as_cli(
        &s,
        "/api/explain?expr=nim(1%2C1%2C2)&misere=1",
        &["explain", "nim(1,1,2)", "--json", "--misere"],
    );
    for (rule, to) in [
        ("kayles", "100"),
        ("dawson", "300"),
        ("sub{1,3,4}", "50"),
        ("nim", "20"),
        ("grundys", "60"),
        ("0.16", "10"),
        ("4.7", "40"),
    ] {
        let path = format!("/api/seq?rule={}&to={to}", enc(rule));
        same_as_cli(&s, &path, &["seq", rule, "--to", to, "--json"]);
    }
    // `to` defaults to 100, as on the command line.
    same_as_cli(&s, "/api/seq?rule=kayles", &["seq", "kayles", "--json"]);
    for (rule, n) in [
        ("kayles", "1000000000000000000"),
        ("sub{2,3,7}", "12345"),
        ("grundys", "1000"),
        ("nim", "18446744073709551615"),
    ] {
        let path = format!("/api/value?rule={}&n={n}", enc(rule));
        same_as_cli(&s, &path, &["value", rule, n, "--json"]);
    }
}

#[test]
fn the_explanation_shows_each_mex() {
    let s = Server::start();
    let v = s.ok("/api/explain?expr=kayles(4)");
    let row = &v["rows"][0];
    assert_eq!(row["label"], "heap 1 (kayles)");
    assert_eq!(row["value"], 1);
    assert_eq!(row["mex"]["values"], json!([0, 2, 3]));
    assert_eq!(row["mex"]["options"].as_array().unwrap().len(), 4);
    assert_eq!(v["derivation"]["to_value"], 0);
    assert_eq!(v["winning_moves"][0]["notation"], "1 = 1 1");
}

#[test]
fn rows_and_boards_work_for_any_family() {
    let s = Server::start();
    let v = s.ok(&format!(
        "/api/explain?expr={}",
        enc("nim(2) + stairs(1,4)")
    ));
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["kind"], "heap");
    assert_eq!(rows[0]["size"], 2);
    assert_eq!(rows[1]["kind"], "staircase");
    assert_eq!(rows[1]["number"], 2);
    assert_eq!(rows[1]["args"], "1,4");
    assert!(rows[1].get("size").is_none(), "{v}");
    let g = s.ok(&format!("/api/game?expr={}", enc("nim(2) + stairs(1,4)")));
    assert_eq!(g["board"][0]["size"], 2);
    assert!(g["board"][1]["lines"].is_array(), "{g}");
    assert_eq!(g["numbers"], json!([1, 2]));

    // A split keeps the numbers of play: the first piece keeps number 2, the
    // other gets 3, and the reply's numbers are sent back with the next move.
    let v = s.ok(&format!(
        "/api/move?expr={}&move={}",
        enc("nim(5) + grundys(7)"),
        enc("2 = 3 4")
    ));
    assert_eq!(v["you"]["notation"], "2 = 3 4");
    let numbers: Vec<u64> = v["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .collect();
    let board: Vec<u64> = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, board);
    assert!(numbers.contains(&3), "{v}");
    let next = v["next"].as_u64().unwrap();
    assert!(numbers.iter().all(|&n| n < next));
    if v["over"] == false {
        let list: Vec<String> = numbers.iter().map(u64::to_string).collect();
        let h = s.ok(&format!(
            "/api/hint?expr={}&numbers={}&next={next}",
            enc(v["position"].as_str().unwrap()),
            enc(&list.join(","))
        ));
        let typed = h["move"]["notation"].as_str().unwrap();
        let first: u64 = typed.split_whitespace().next().unwrap().parse().unwrap();
        assert!(numbers.contains(&first), "{h}");
    }
    let v = s.bad(&format!("/api/game?expr={}&numbers=1,1", enc("nim(1,2)")));
    assert!(v["error"].as_str().unwrap().contains("numbers"), "{v}");
}

#[test]
fn the_plot_is_the_command_lines_svg() {
    let s = Server::start();
    let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("kayles.svg");
    let out = grundy(&[
        "seq",
        "kayles",
        "--to",
        "100",
        "--plot",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{out:?}");
    let written = std::fs::read(&file).unwrap();
    let (status, ct, body) = s.request("GET", "/api/plot?rule=kayles&to=100", b"");
    assert_eq!((status, ct.as_str()), (200, "image/svg+xml"));
    assert_eq!(body, written);
    let svg = String::from_utf8(body).unwrap();
    assert_eq!(svg.matches("class=\"pt\"").count(), 101);
    assert!(svg.contains("data-preperiod=\"71\""));
    // Zoomed.
    let (_, _, zoom) = s.request("GET", "/api/plot?rule=kayles&to=90&from=60", b"");
    assert_eq!(
        String::from_utf8(zoom)
            .unwrap()
            .matches("class=\"pt\"")
            .count(),
        31
    );
    let (status, ct, hist) = s.request("GET", "/api/histogram?rule=kayles&to=100", b"");
    assert_eq!((status, ct.as_str()), (200, "image/svg+xml"));
    assert_eq!(
        String::from_utf8(hist)
            .unwrap()
            .matches("class=\"bar\"")
            .count(),
        9
    );
    // Only SVG is written.
    let out = grundy(&["seq", "kayles", "--plot", "k.png"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("FILE.svg"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_is_played_through_the_api() {
    let s = Server::start();
    let g = s.ok("/api/game?expr=nim(1%2C2%2C3)");
    assert_eq!(g["outcome"], "P");
    assert_eq!(g["over"], false);
    assert_eq!(g["board"].as_array().unwrap().len(), 3);
    assert_eq!(g["board"][2]["size"], 3);

    // GET with the command line's notation.
    let v = s.ok("/api/move?expr=nim(1%2C2%2C3)&move=3+3");
    assert_eq!(v["you"]["words"], "take all 3 from heap 3: 3 → 0");
    assert_eq!(v["computer"]["wins"], true);
    // The computer left a P-position (nim-sum 0) or ended the game.
    let sizes: Vec<u64> = v["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes.iter().fold(0, |a, b| a ^ b), 0, "{v}");
    assert_eq!(v["outcome"], "P");

    // POST JSON with {heap, to}; the game runs to its end.
    let mut expr = v["position"].as_str().unwrap().to_string();
    for _ in 0..10 {
        let board = s.ok(&format!("/api/game?expr={}", enc(&expr)))["board"].clone();
        let (heap, size) = board
            .as_array()
            .unwrap()
            .iter()
            .find_map(|h| {
                let size = h["size"].as_u64().unwrap();
                (size > 0).then(|| (h["heap"].as_u64().unwrap(), size))
            })
            .unwrap();
        let body = json!({ "expr": expr, "heap": heap, "to": [size - 1] }).to_string();
        let (status, _, reply) = s.request("POST", "/api/move", body.as_bytes());
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&reply));
        let v: Value = serde_json::from_slice(&reply).unwrap();
        if v["over"] == true {
            assert_eq!(v["winner"], "computer", "{v}");
            break;
        }
        expr = v["position"].as_str().unwrap().to_string();
    }

    // The computer starts, and takes the winning move in nim(3,4,5).
    let v = s.ok("/api/move?expr=nim(3%2C4%2C5)&computer=1");
    assert_eq!(v["you"], Value::Null);
    assert_eq!(v["computer"]["notation"], "1 2");
    // Splits, typed, in Grundy's game; misère Nim to the end.
    let v = s.ok(&format!(
        "/api/move?expr=grundys(7)&move={}",
        enc("1 = 3 4")
    ));
    assert_eq!(v["you"]["notation"], "1 = 3 4");
    let v = s.ok("/api/move?expr=nim(1%2C1)&misere=1&move=1+1");
    assert_eq!(v["over"], true);
    assert_eq!(
        v["winner"], "you",
        "misère: the computer took the last token"
    );
    // Hints.
    let h = s.ok("/api/hint?expr=nim(3%2C4%2C5)");
    assert_eq!(h["move"]["notation"], "1 2");
    assert_eq!(h["wins"], true);
    let h = s.ok("/api/hint?expr=nim(1%2C2%2C3)");
    assert_eq!(h["wins"], false);
}

#[test]
fn bad_moves_are_refused_with_the_command_lines_words() {
    let s = Server::start();
    let v = s.bad("/api/move?expr=nim(3%2C4%2C5)&move=9+1");
    assert!(
        v["error"].as_str().unwrap().contains("there is no heap 9"),
        "{v}"
    );
    let v = s.bad("/api/move?expr=nim(3%2C4%2C5)&move=1+7");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("heap 1 has only 3 tokens"),
        "{v}"
    );
    let v = s.bad("/api/move?expr=nim(3%2C4%2C5)&move=1+%3D+1+1");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("illegal move: nim does not allow"),
        "{v}"
    );
    let v = s.bad("/api/move?expr=nim(3%2C4%2C5)&move=foo");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("\"foo\" is not a number"),
        "{v}"
    );
    let v = s.bad("/api/move?expr=nim(3%2C4%2C5)&heap=7&to=1");
    assert!(
        v["error"].as_str().unwrap().contains("there is no heap 7"),
        "{v}"
    );
    let v = s.bad("/api/move?expr=nim(3%2C4%2C5)&heap=0&to=-1");
    assert!(v["error"].as_str().unwrap().contains("negative"), "{v}");
    let v = s.bad("/api/move?expr=nim(0%2C0)&move=1+1");
    assert!(v["error"].as_str().unwrap().contains("game is over"), "{v}");
    let v = s.bad("/api/move?expr=nim(3)");
    assert!(
        v["error"].as_str().unwrap().contains("`heap` is missing"),
        "{v}"
    );
}

#[test]
fn bad_requests_get_400_with_the_message_and_column() {
    let s = Server::start();
    // The same message as the command line, and the 1-based column.
    let v = s.bad("/api/analyze?expr=nim(3%2C-4)");
    let cli = grundy(&["analyze", "nim(3,-4)", "--json"]);
    let line = String::from_utf8(cli.stderr).unwrap();
    assert_eq!(
        line.trim_end(),
        format!("grundy: error: {}", v["error"].as_str().unwrap())
    );
    assert_eq!(v["at"], 7);
    let v = s.bad("/api/analyze?expr=nim(3)+%2B+bar(1)");
    assert_eq!(v["at"], 10);
    let v = s.bad("/api/analyze?expr=");
    assert_eq!(v["at"], 1);
    let v = s.bad("/api/explain?expr=nim(18446744073709551616)");
    assert_eq!(v["at"], 5);
    let v = s.bad("/api/seq?rule=0.7x");
    assert_eq!(v["at"], 4);
    let v = s.bad("/api/analyze");
    assert!(v["error"].as_str().unwrap().contains("`expr` is missing"));
    assert_eq!(v["at"], Value::Null);
    s.bad("/api/analyze?expr=nim(3)&misere=maybe");
    s.bad("/api/analyze?expr=%E2%28");
    s.bad("/api/analyze?expr=%zz");
    s.bad("/api/value?rule=kayles&n=18446744073709551616");
    s.bad("/api/value?rule=kayles");
    s.bad("/api/seq?rule=kayles&to=-3");
    s.bad("/api/plot?rule=kayles&to=10&from=11");
    // Caps: values served, heaps per position, stored heaps without a period.
    let v = s.bad("/api/seq?rule=kayles&to=1000001");
    assert!(v["error"].as_str().unwrap().contains("at most 1000000"));
    s.bad("/api/plot?rule=kayles&to=2000000");
    let many = vec!["1"; 1001].join("%2C");
    s.bad(&format!("/api/analyze?expr=nim({many})"));
    let long = "nim(1)+%2B+".repeat(500) + "nim(1)";
    s.bad(&format!("/api/analyze?expr={long}"));
    s.bad("/api/value?rule=grundys&n=1099511627776");
    s.bad("/api/analyze?expr=grundys(1099511627776)");
    // Misère search beyond the engine's budget is refused, not run. (A sum
    // of one heap rule would first try its misère quotient, for up to 30 s.)
    let v = s.bad("/api/analyze?expr=nim(1000000)+%2B+kayles(30)&misere=1");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("exhaustive search ran past its budget"),
        "{v}"
    );
    // Not found, not allowed, too large.
    let (status, v) = s.get("/api/nothing");
    assert_eq!(status, 404, "{v}");
    let (status, _, _) = s.request("DELETE", "/api/analyze?expr=nim(1)", b"");
    assert_eq!(status, 405);
    let (status, _, _) = s.request("POST", "/api/move", &vec![b' '; 70_000]);
    assert_eq!(status, 413);
    let (status, _, _) = s.request("POST", "/api/move", b"{not json");
    assert_eq!(status, 400);
    // After all that, the server still answers.
    assert_eq!(s.ok("/api/analyze?expr=nim(1)")["outcome"], "N");
}

#[test]
fn the_page_and_its_assets_are_served() {
    let s = Server::start();
    let (status, ct, body) = s.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(ct.starts_with("text/html"));
    let html = String::from_utf8(body).unwrap();
    assert!(html.contains("<script src=\"/app.js\">"));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "nothing fetched from elsewhere"
    );
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let (status, ct, body) = s.request("GET", path, b"");
        assert_eq!(status, 200);
        assert!(ct.starts_with(kind), "{path}: {ct}");
        let text = String::from_utf8(body).unwrap();
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{path}"
        );
    }
}

#[test]
fn every_game_json_is_the_command_line_s() {
    let server = Server::start();
    let expr = "euclid(3,2) + nim(5) + kayles(4)";
    same_as_cli(
        &server,
        &format!("/api/analyze?expr={}&every=1", enc(expr)),
        &["analyze", "--every", "--json", expr],
    );
    same_as_cli(
        &server,
        &format!("/api/explain?expr={}&every=1", enc(expr)),
        &["explain", "--every", "--json", expr],
    );
    for path in ["analyze", "explain", "game", "move", "hint"] {
        let v = server.bad(&format!(
            "/api/{path}?expr=nim(1)&every=1&misere=1&move=1+1"
        ));
        assert!(
            v["error"].as_str().unwrap().contains("every and misere"),
            "{path}: {v}"
        );
    }
}

/// Who wins an every-game sum, from the definition alone: a turn is one move
/// in every component that can move (all of them, in every combination),
/// and the player with no turn left loses. Nothing of Smith's steps.
fn every_outcome(position: &Position, memo: &mut HashMap<String, Outcome>) -> Outcome {
    let key = position.to_string();
    if let Some(&o) = memo.get(&key) {
        return o;
    }
    let mut turns: Vec<Vec<SumMove>> = vec![Vec::new()];
    for (place, c) in position.places() {
        let moves: Vec<SumMove> = c
            .moves()
            .map(|m| Position::sum_move(place, c.as_ref(), m))
            .collect();
        if moves.is_empty() {
            continue;
        }
        turns = turns
            .iter()
            .flat_map(|t| {
                moves.iter().map(move |m| {
                    let mut t = t.clone();
                    t.push(m.clone());
                    t
                })
            })
            .collect();
    }
    let live = turns.iter().any(|t| !t.is_empty());
    let wins = live
        && turns.iter().any(|t| {
            let next = every::apply_turn(position, t).unwrap();
            every_outcome(&next, memo) == Outcome::P
        });
    let o = if wins { Outcome::N } else { Outcome::P };
    memo.insert(key, o);
    o
}

/// Small random sums of one to three components of assorted families.
fn random_sums(count: usize, mut seed: u64) -> Vec<String> {
    let mut next = move |below: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % below
    };
    (0..count)
        .map(|_| {
            let parts = 1 + next(3);
            (0..parts)
                .map(|_| match next(6) {
                    0 => format!("nim({})", next(5)),
                    1 => format!("kayles({})", next(7)),
                    2 => format!("sub{{1,3,4}}({})", next(9)),
                    3 => format!("euclid({},{})", next(9), next(9)),
                    4 => format!("grundys({})", next(8)),
                    _ => format!("wythoff({},{})", next(4), next(4)),
                })
                .collect::<Vec<_>>()
                .join(" + ")
        })
        .collect()
}

fn outcome_of(v: &Value) -> Outcome {
    match v.as_str() {
        Some("N") => Outcome::N,
        Some("P") => Outcome::P,
        _ => panic!("not an outcome: {v}"),
    }
}

#[test]
fn every_game_play_agrees_with_the_definition_on_random_sums() {
    let s = Server::start();
    let mut memo = HashMap::new();
    let mut truth = |expr: &str| every_outcome(&parse_position(expr).unwrap(), &mut memo);
    let (mut won_turns, mut lost_turns) = (0, 0);
    for expr in random_sums(60, 20261122) {
        let e = enc(&expr);
        let want = truth(&expr);
        let engine =
            every::analyze(&parse_position(&expr).unwrap(), &AnalyzeOptions::default()).unwrap();
        assert_eq!(engine.outcome, want, "{expr}: the engine's steps");
        let a = s.ok(&format!("/api/analyze?expr={e}&every=1"));
        assert_eq!(outcome_of(&a["outcome"]), want, "{expr}: {a}");
        assert_eq!(a["steps"], json!(engine.steps), "{expr}: {a}");
        let g = s.ok(&format!("/api/game?expr={e}&every=1"));
        assert_eq!(
            (outcome_of(&g["outcome"]), &g["play"]),
            (want, &json!("every")),
            "{expr}: {g}"
        );
        let over = g["over"] == true;
        if over {
            assert_eq!(g["winner"], "computer", "no turn at all: you lose ({expr})");
        }
        // The computer moves first: it wins exactly from an N-position, and
        // then leaves a P-position.
        let c = s.ok(&format!("/api/move?expr={e}&every=1&computer=1"));
        if over {
            assert_eq!(
                (&c["over"], &c["winner"]),
                (&json!(true), &json!("you")),
                "{expr}: {c}"
            );
        } else {
            assert_eq!(c["computer"]["wins"], want == Outcome::N, "{expr}: {c}");
            let after = c["position"].as_str().unwrap();
            let left = truth(after);
            assert_eq!(outcome_of(&c["outcome"]), left, "{expr} -> {after}: {c}");
            if want == Outcome::N {
                assert_eq!(left, Outcome::P, "{expr} -> {after}: a winning turn");
            }
            if c["over"] == true {
                assert_eq!(c["winner"], "computer", "{expr}: {c}");
            }
            assert_eq!(
                c["board"].as_array().unwrap().len(),
                c["numbers"].as_array().unwrap().len()
            );
        }
        // The hint, played: it wins exactly from an N-position, and the
        // computer then faces a loss (or nothing at all).
        let h = s.ok(&format!("/api/hint?expr={e}&every=1"));
        assert_eq!(h["wins"], want == Outcome::N, "{expr}: {h}");
        if over {
            assert_eq!(h["move"], Value::Null, "{expr}: {h}");
            continue;
        }
        let turn = h["move"]["notation"].as_str().unwrap();
        let parts = g["board"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| b["size"] != 0)
            .count();
        assert!(turn.split("; ").count() <= parts, "{expr}: {turn}");
        let v = s.ok(&format!("/api/move?expr={e}&every=1&move={}", enc(turn)));
        assert_eq!(v["you"]["notation"], turn, "{expr}: {v}");
        if v["computer"].is_null() {
            assert_eq!(
                (&v["over"], &v["winner"]),
                (&json!(true), &json!("you")),
                "{expr}: {v}"
            );
            assert_eq!(want, Outcome::N, "{expr}: the last turn wins");
        } else {
            assert_eq!(v["computer"]["wins"], want == Outcome::P, "{expr}: {v}");
        }
        if want == Outcome::N {
            won_turns += 1;
        } else {
            lost_turns += 1;
        }
    }
    // The sample has both kinds of position.
    assert!(won_turns > 5 && lost_turns > 5, "{won_turns} {lost_turns}");
}

#[test]
fn every_game_turns_are_checked_and_bounded() {
    let s = Server::start();
    let e = enc("nim(1) + nim(2)");
    // Both heaps emptied in one turn: the last turn, and the user wins.
    let v = s.ok(&format!(
        "/api/move?expr={e}&every=1&move={}",
        enc("1 1; 2 2")
    ));
    assert_eq!(
        (&v["over"], &v["winner"]),
        (&json!(true), &json!("you")),
        "{v}"
    );
    assert_eq!(v["you"]["moves"].as_array().unwrap().len(), 2, "{v}");
    assert_eq!(v["play"], "every");
    // A turn moves in every part that can move, each once.
    let v = s.bad(&format!("/api/move?expr={e}&every=1&move=1+1"));
    assert!(
        v["error"].as_str().unwrap().contains("heap 2 is missing"),
        "{v}"
    );
    let v = s.bad(&format!(
        "/api/move?expr={e}&every=1&move={}",
        enc("2 1; 2 2")
    ));
    assert!(
        v["error"].as_str().unwrap().contains("once, not twice"),
        "{v}"
    );
    let v = s.bad(&format!("/api/move?expr={e}&every=1&heap=0&to="));
    assert!(v["error"].as_str().unwrap().contains("whole turn"), "{v}");
    // Numbers survive a split in a turn, as in one-move play.
    let v = s.ok(&format!(
        "/api/move?expr={}&every=1&move={}",
        enc("grundys(7) + nim(3)"),
        enc("1 = 3 4; 2 1")
    ));
    assert_eq!(v["you"]["notation"], "1 = 3 4; 2 1", "{v}");
    let numbers = v["numbers"].as_array().unwrap();
    assert!(numbers.contains(&json!(3)), "{v}");
    // Steps that need a search past the server's budget are refused.
    let v = s.bad(&format!(
        "/api/game?expr={}&every=1",
        enc("kayles(1000000000000) + nim(1)")
    ));
    assert!(v["error"].as_str().unwrap().contains("budget"), "{v}");
}

/// A loopy game over the API: draws by repetition (the client sends back
/// `seen`) and by `limit`, and the computer keeping the draw.
#[test]
fn loopy_games_end_in_draws() {
    let s = Server::start();
    let expr = enc("digraph(1>2 2>1; 1)");
    let g = s.ok(&format!("/api/game?expr={expr}"));
    assert_eq!(g["outcome"], "D");
    assert_eq!(g["over"], false);
    let mut seen: Vec<String> = g["seen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    assert_eq!(seen.len(), 1);
    let mut position = g["position"].as_str().unwrap().to_string();
    let mut last = Value::Null;
    for _ in 0..2 {
        last = s.ok(&format!(
            "/api/move?expr={}&move=2&seen={}",
            enc(&position),
            seen.join(",")
        ));
        assert_eq!(last["computer"]["draws"], true, "{last}");
        position = last["position"].as_str().unwrap().to_string();
        seen = last["seen"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap().to_string())
            .collect();
    }
    // The start came back twice more: a draw.
    assert_eq!(last["over"], true, "{last}");
    assert_eq!(last["winner"], Value::Null);
    assert!(
        last["draw"].as_str().unwrap().contains("third time"),
        "{last}"
    );
    // No move after the end.
    s.bad(&format!(
        "/api/move?expr={}&move=2&seen={}",
        enc(&position),
        seen.join(",")
    ));
    // A move limit of 1: the user's move ends it.
    let v = s.ok(&format!("/api/move?expr={expr}&move=2&limit=1"));
    assert_eq!(v["over"], true);
    assert!(
        v["draw"].as_str().unwrap().contains("limit of 1 move"),
        "{v}"
    );
    // Bad `seen` and `limit` are refused, saying which.
    let v = s.bad(&format!("/api/move?expr={expr}&move=2&seen=xyz"));
    assert!(v["error"].as_str().unwrap().contains("seen"), "{v}");
    let v = s.bad(&format!("/api/game?expr={expr}&limit=0"));
    assert!(v["error"].as_str().unwrap().contains("limit"), "{v}");
    let v = s.bad(&format!("/api/game?expr={expr}&limit=99999999999"));
    assert!(v["error"].as_str().unwrap().contains("too large"), "{v}");
    // The hint keeps the draw.
    let h = s.ok(&format!("/api/hint?expr={expr}"));
    assert_eq!(h["draws"], true);
    assert_eq!(h["move"]["notation"], "1 2");
}

/// Numbers at 2^64 − 1 are answered over HTTP as on the command line: a
/// value, an outcome or a 400 with the reason, never a 500 from a panic.
#[test]
fn numbers_at_the_top_of_64_bits_are_answered_not_crashed() {
    let s = Server::start();
    const M: &str = "18446744073709551615";
    for expr in [
        format!("wythoff({M},{M})"),
        format!("moore({M}; 1,2)"),
        format!("lasker({M})"),
    ] {
        let q = enc(&expr);
        for path in [
            format!("/api/analyze?expr={q}"),
            format!("/api/explain?expr={q}"),
            format!("/api/game?expr={q}"),
            format!("/api/analyze?expr={q}&every=1"),
        ] {
            let (status, v) = s.get(&path);
            assert!(status == 200 || status == 400, "{path}: {status} {v}");
            if status == 400 {
                assert!(v["error"].is_string(), "{path}: {v}");
            }
        }
        let v = s.ok(&format!("/api/analyze?expr={q}"));
        assert_eq!(v["outcome"], "N", "{expr}: {v}");
    }
    let v = s.ok(&format!("/api/analyze?expr=lasker({M})"));
    assert_eq!(v["grundy"], Value::Null);
    assert_eq!(v["grundy_wide"], "18446744073709551616");
    let v = s.ok(&format!("/api/explain?expr=lasker({M})"));
    assert_eq!(v["rows"][0]["value_wide"], "18446744073709551616", "{v}");
    let v = s.bad(&format!(
        "/api/analyze?expr={}",
        enc(&format!("lasker({M}) + nim(1)"))
    ));
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("is 2^64, beyond 64 bits"),
        "{v}"
    );
}
