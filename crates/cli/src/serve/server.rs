//! The HTTP server: [`tiny_http`], synchronous, with a fixed pool of worker
//! threads, each answering a request through [`super::router`] (see the
//! module documentation of [`super`] for why this stack).

use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use anyhow::{anyhow, Result};

use super::reply::Reply;
use super::router;

/// The largest request body read (a move or a position is far smaller).
const MAX_BODY: u64 = 64 * 1024;

/// A bound, not yet serving, HTTP server.
pub struct Server {
    http: tiny_http::Server,
    addr: SocketAddr,
}

impl Server {
    /// Binds `host:port` (port 0: any free port).
    pub fn bind(host: IpAddr, port: u16) -> Result<Server> {
        let http = tiny_http::Server::http(SocketAddr::new(host, port))
            .map_err(|e| anyhow!("cannot listen on {host}:{port}: {e}"))?;
        let addr = http
            .server_addr()
            .to_ip()
            .ok_or_else(|| anyhow!("the server has no IP address"))?;
        Ok(Server { http, addr })
    }

    /// The page's address, e.g. `http://127.0.0.1:8080/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves requests forever with `workers` threads.
    pub fn run(self, workers: usize) {
        let http = Arc::new(self.http);
        let threads: Vec<_> = (0..workers.max(1))
            .map(|_| {
                let http = Arc::clone(&http);
                std::thread::spawn(move || loop {
                    match http.recv() {
                        Ok(request) => respond(request),
                        Err(err) => eprintln!("grundy serve: {err}"),
                    }
                })
            })
            .collect();
        for t in threads {
            let _ = t.join();
        }
    }
}

/// Answers one request. A panic in a handler becomes a 500 reply, never a
/// dead worker.
fn respond(mut request: tiny_http::Request) {
    let method = request.method().as_str().to_string();
    let url = request.url().to_string();
    let mut body = Vec::new();
    let too_long = request.body_length().is_some_and(|n| n as u64 > MAX_BODY);
    let reply = if too_long {
        Reply::error(413, "the request body is too large (at most 64 KiB)", None)
    } else {
        match request
            .as_reader()
            .take(MAX_BODY + 1)
            .read_to_end(&mut body)
        {
            Ok(_) if body.len() as u64 > MAX_BODY => {
                Reply::error(413, "the request body is too large (at most 64 KiB)", None)
            }
            Ok(_) => std::panic::catch_unwind(|| router::route(&method, &url, &body))
                .unwrap_or_else(|_| Reply::error(500, "internal error: the request failed", None)),
            Err(err) => Reply::error(400, &format!("cannot read the request: {err}"), None),
        }
    };
    // Bodies are whole in memory: send a Content-Length, never chunks.
    let mut response = tiny_http::Response::from_data(reply.body)
        .with_status_code(reply.status)
        .with_chunked_threshold(usize::MAX);
    for (name, value) in [
        ("Content-Type", reply.content_type),
        ("X-Content-Type-Options", "nosniff"),
        ("Cache-Control", "no-store"),
        (
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'",
        ),
    ] {
        if let Ok(h) = tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes()) {
            response.add_header(h);
        }
    }
    // The client may have gone; nothing to do about it.
    let _ = request.respond(response);
}
