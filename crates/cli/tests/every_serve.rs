//! `grundy serve` answers `/api/analyze?…&every=1` exactly as
//! `grundy analyze --every --json` prints.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `grundy serve --port 0`, stopped on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start grundy serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no URL in {line:?}"));
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        Server { child, addr }
    }

    /// `GET path`: the status and the body.
    fn get(&self, path: &str) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        let head = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        );
        stream.write_all(head.as_bytes()).unwrap();
        let mut raw = String::new();
        stream.read_to_string(&mut raw).unwrap();
        let (head, body) = raw.split_once("\r\n\r\n").expect("a header");
        let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn every_game_json_is_the_command_line_s() {
    let server = Server::start();
    let expr = "euclid(3,2) + nim(5) + kayles(4)";
    let cli = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["analyze", "--every", "--json", expr])
        .output()
        .unwrap();
    let (status, body) =
        server.get("/api/analyze?expr=euclid(3%2C2)%20%2B%20nim(5)%20%2B%20kayles(4)&every=1");
    assert_eq!(status, 200, "{body}");
    assert_eq!(body, String::from_utf8(cli.stdout).unwrap());
    let (status, body) = server.get("/api/analyze?expr=nim(1)&every=1&misere=1");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("every and misere"), "{body}");
}
