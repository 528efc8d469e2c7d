//! `grundy serve` against hostile and careless clients, on 127.0.0.1 only:
//! absurd `Content-Length`s, bodies declared and never sent, replies never
//! read, huge header lines, requests that would compute for minutes or
//! hold gigabytes, many expensive requests at once, clients that go away.
//! After each, the server is alive and answers a cheap request at once;
//! expensive work ends at its deadline with a clear error; a full queue is
//! told 503 with `Retry-After`. Every request here is bounded: small
//! deadlines, bodies and headers of a few megabytes at most.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Child, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::Value;

/// 2^64 − 1, the largest heap.
const M: &str = "18446744073709551615";

/// A running `grundy serve --port 0 ARGS…`, stopped on drop.
struct Server {
    child: Child,
    addr: String,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let (child, url) = crate::util::serve(args, Stdio::null());
        assert!(
            url.starts_with("http://127.0.0.1:"),
            "no loopback URL: {url}"
        );
        Server {
            child,
            addr: crate::util::address(&url),
        }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
            .set_write_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        stream
    }

    /// Sends `raw` and reads the whole reply (the connection is closed by
    /// the request's `Connection: close` or by the server).
    fn raw(&self, raw: &[u8]) -> Reply {
        let mut stream = self.connect();
        // The server may refuse before reading everything: a failed write
        // is fine, what it answered is read below.
        let _ = stream.write_all(raw);
        read_reply(&mut stream)
    }

    /// A GET of `path`, the connection closed after it.
    fn get(&self, path: &str) -> Reply {
        self.raw(format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes())
    }

    /// A cheap request: answered (200) in under 100 ms. The machine is
    /// shared, so the best of three tries counts for the time.
    fn answers_at_once(&self, after: &str) {
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let started = Instant::now();
            let reply = self.get("/api/analyze?expr=nim(3%2C4%2C5)");
            best = best.min(started.elapsed());
            assert_eq!(reply.status, 200, "after {after}: {:?}", reply.text());
            assert_eq!(reply.json()["grundy"], 2, "after {after}");
        }
        assert!(
            best < Duration::from_millis(100),
            "after {after}: a cheap request took {best:?}"
        );
    }

    /// The server's peak resident memory so far, in bytes.
    fn peak_memory(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .expect("the server's /proc status");
        let line = status
            .lines()
            .find(|l| l.starts_with("VmHWM:"))
            .expect("VmHWM");
        let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        kib * 1024
    }

    fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A reply: its status, headers and body (status 0: the connection closed
/// with no reply).
#[derive(Debug)]
struct Reply {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Reply {
    fn text(&self) -> String {
        format!("{} {}", self.head, String::from_utf8_lossy(&self.body))
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| panic!("JSON: {}", self.text()))
    }

    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    }

    /// An API error: `{"error": text, "at": …}` with `status`.
    fn error(&self, status: u16) -> String {
        assert_eq!(self.status, status, "{}", self.text());
        let v = self.json();
        v["error"].as_str().expect("an error message").to_string()
    }
}

fn read_reply(stream: &mut TcpStream) -> Reply {
    let mut raw = Vec::new();
    // A reset after the reply (the server closed on unread input) is fine.
    let _ = stream.read_to_end(&mut raw);
    let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Reply {
            status: 0,
            head: String::from_utf8_lossy(&raw).into_owned(),
            body: Vec::new(),
        };
    };
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Reply {
        status,
        head,
        body: raw[split + 4..].to_vec(),
    }
}

/// Percent-encodes a query value.
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

/// The requests that computed for minutes or held gigabytes before the
/// server had a budget per request.
fn expensive() -> Vec<String> {
    let sum = |t: &str| format!("/api/analyze?expr={}", enc(t));
    vec![
        sum(&format!("ruler*ruler*ruler*ruler(({M},{M},{M},{M}))")),
        format!(
            "/api/explain?expr={}",
            enc("ruler*ruler*ruler((255,255,255))")
        ),
        sum("ruler*ruler((15,15))") + "&misere=1",
        sum("corners((100,100))") + "&misere=1",
        sum("ruler*ruler((255,255))") + "&every=1",
        sum(&format!("moebius*ruler((128,{M}))")),
        sum(&format!("0.{}(1000)", "F".repeat(200))),
    ]
}

#[test]
fn hostile_requests_leave_the_server_alive_and_answering() {
    let mut server = Server::start(&["--deadline", "1", "--workers", "2"]);
    server.answers_at_once("start");

    // A body of 100 GB declared: refused before anything is buffered.
    let mut post =
        b"POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000000\r\n\r\n".to_vec();
    post.extend_from_slice(&[b'x'; 88]);
    let reply = server.raw(&post);
    assert!(reply.error(413).contains("too large"), "{}", reply.text());
    server.answers_at_once("Content-Length: 100000000000");

    // 2^63: past i64, once a capacity overflow.
    for _ in 0..2 {
        let reply = server.raw(
            b"POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Length: 9223372036854775808\r\n\r\nxx",
        );
        reply.error(413);
    }
    server.answers_at_once("Content-Length: 9223372036854775808");

    // Two bodies of 1 MB declared and never sent, the connections kept open.
    let silent: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = server.connect();
            s.write_all(b"POST /api/move HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
                .unwrap();
            s
        })
        .collect();
    server.answers_at_once("two bodies declared and never sent");

    // Two big replies never read (a million values each).
    let deaf: Vec<TcpStream> = (0..2)
        .map(|_| {
            let mut s = server.connect();
            s.write_all(b"GET /api/seq?rule=kayles&to=1000000 HTTP/1.1\r\nHost: x\r\n\r\n")
                .unwrap();
            s
        })
        .collect();
    // Their work done, they hold only a connection each.
    thread::sleep(Duration::from_millis(500));
    server.answers_at_once("two big replies never read");

    // A header line of 8 MiB: refused once past the head's limit.
    let mut big = b"GET /api/analyze?expr=nim(1) HTTP/1.1\r\nHost: x\r\nX-Big: ".to_vec();
    big.resize(big.len() + (8 << 20), b'a');
    big.extend_from_slice(b"\r\n\r\n");
    let reply = server.raw(&big);
    assert!(
        reply.status == 431 || reply.status == 0,
        "a huge header is refused: {}",
        reply.text()
    );
    server.answers_at_once("a header line of 8 MiB");

    // A URI past its limit.
    let long = format!("/api/analyze?expr=nim({})", "1%2C".repeat(20_000));
    let status = server.get(&long).status;
    assert!(status == 414 || status == 431, "a huge URI: {status}");
    server.answers_at_once("a URI of 60 KiB");

    // The expensive requests: each stopped by its deadline (1 s) or its
    // memory share, with a clear error, well before it could hurt.
    for path in expensive() {
        let started = Instant::now();
        let message = server.get(&path).error(400);
        let took = started.elapsed();
        assert!(
            message.contains("time limit") || message.contains("memory allowance"),
            "{path}: {message}"
        );
        assert!(took < Duration::from_secs(3), "{path} took {took:?}");
        server.answers_at_once(&path);
    }

    assert!(server.alive());
    let peak = server.peak_memory();
    assert!(
        peak < 1 << 30,
        "the server's memory stays under its 1 GiB cap: peaked at {} MiB",
        peak >> 20
    );
    drop((silent, deaf));
}

/// Eight expensive requests at once, then a cheap one 0.1 s later: the
/// cheap one is answered or told 503 within 0.2 s; each expensive one gets
/// its time-limit error within 1 s of its deadline, or (when it found no
/// worker within `--queue-wait`) 503. Returns how many got the time limit.
fn eight_expensive_and_a_cheap_one(args: &[&str]) -> usize {
    let server = Server::start(args);
    let path = format!(
        "/api/analyze?expr={}",
        enc(&format!("moebius*ruler((128,{M}))"))
    );
    let deadline = Duration::from_secs(1);
    let running: Vec<_> = (0..8)
        .map(|_| {
            let mut stream = server.connect();
            let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            let sent = Instant::now();
            stream.write_all(request.as_bytes()).unwrap();
            thread::spawn(move || (read_reply(&mut stream), sent.elapsed()))
        })
        .collect();
    thread::sleep(Duration::from_millis(100));

    let started = Instant::now();
    let cheap = server.get("/api/analyze?expr=nim(3%2C4%2C5)");
    let took = started.elapsed();
    assert!(
        took < Duration::from_millis(200),
        "{args:?}: a cheap request took {took:?}"
    );
    match cheap.status {
        200 => assert_eq!(cheap.json()["grundy"], 2),
        503 => {
            assert!(cheap.error(503).contains("busy"));
            assert!(cheap.header("retry-after").is_some(), "{}", cheap.text());
        }
        s => panic!("a cheap request got {s}: {}", cheap.text()),
    }

    let mut stopped = 0;
    for handle in running {
        let (reply, took) = handle.join().unwrap();
        if reply.status == 503 {
            assert!(reply.error(503).contains("busy"));
            assert!(
                took < Duration::from_millis(500),
                "told busy after {took:?}"
            );
            continue;
        }
        let message = reply.error(400);
        assert!(message.contains("time limit"), "{message}");
        assert!(
            took < deadline + Duration::from_secs(1),
            "{args:?}: the deadline error came {took:?} after the request"
        );
        stopped += 1;
    }
    stopped
}

#[test]
fn with_eight_expensive_requests_a_cheap_one_is_answered_or_told_busy_at_once() {
    // By default a request waits at most 0.15 s for a worker: two compute
    // to their deadline, the others are told 503.
    let stopped = eight_expensive_and_a_cheap_one(&["--deadline", "1", "--workers", "2"]);
    assert_eq!(stopped, 2, "one per worker");
    // Waiting up to their deadline in a queue of six: all eight get their
    // time-limit error, and the cheap one finds the queue full.
    let stopped = eight_expensive_and_a_cheap_one(&[
        "--deadline",
        "1",
        "--workers",
        "2",
        "--queue",
        "6",
        "--queue-wait",
        "5",
    ]);
    assert_eq!(stopped, 8);
}

#[test]
fn a_request_past_a_full_queue_is_told_503_with_retry_after() {
    // One computing, one waiting (up to its deadline), no room for more.
    let server = Server::start(&[
        "--deadline",
        "1",
        "--workers",
        "1",
        "--queue",
        "1",
        "--queue-wait",
        "5",
    ]);
    let path = format!(
        "/api/analyze?expr={}",
        enc(&format!("moebius*ruler((128,{M}))"))
    );
    let busy: Vec<_> = (0..2)
        .map(|_| {
            let mut stream = server.connect();
            let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
            stream.write_all(request.as_bytes()).unwrap();
            thread::spawn(move || read_reply(&mut stream))
        })
        .collect();
    thread::sleep(Duration::from_millis(150));
    let started = Instant::now();
    let reply = server.get("/api/analyze?expr=nim(1)");
    assert!(started.elapsed() < Duration::from_millis(200));
    assert!(reply.error(503).contains("busy"));
    assert_eq!(reply.header("retry-after").as_deref(), Some("1"));
    for handle in busy {
        assert!(handle.join().unwrap().error(400).contains("time limit"));
    }
    server.answers_at_once("a full queue");
}

#[test]
fn a_client_that_goes_away_frees_its_worker() {
    // One worker and a long deadline: only the cancellation can free it.
    let server = Server::start(&["--deadline", "60", "--workers", "1", "--queue", "4"]);
    let mut stream = server.connect();
    let path = format!(
        "/api/analyze?expr={}",
        enc(&format!("moebius*ruler((128,{M}))"))
    );
    stream
        .write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
        .unwrap();
    thread::sleep(Duration::from_millis(300));
    stream.shutdown(Shutdown::Both).unwrap();
    drop(stream);
    let started = Instant::now();
    let reply = server.get("/api/analyze?expr=nim(3%2C4%2C5)");
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "the abandoned work was stopped: {:?}",
        started.elapsed()
    );
}

#[test]
fn a_chunked_body_past_the_limit_is_refused() {
    let server = Server::start(&["--deadline", "1"]);
    let mut stream = server.connect();
    stream
        .write_all(b"POST /api/move HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        .unwrap();
    let chunk = vec![b'a'; 16 * 1024];
    for _ in 0..8 {
        if stream
            .write_all(format!("{:x}\r\n", chunk.len()).as_bytes())
            .is_err()
            || stream.write_all(&chunk).is_err()
            || stream.write_all(b"\r\n").is_err()
        {
            break;
        }
    }
    let _ = stream.write_all(b"0\r\n\r\n");
    let reply = read_reply(&mut stream);
    assert!(reply.error(413).contains("too large"));
    server.answers_at_once("a chunked body of 128 KiB");
}
