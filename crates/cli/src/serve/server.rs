//! The HTTP server: [`axum`] on [`hyper`]'s HTTP/1 connections and a
//! [`tokio`] runtime, with the engine's work on a bounded pool of compute
//! threads (see [`super`] for the guarantees).
//!
//! Connections are tasks of the runtime, and cost no thread while they wait
//! for a slow client; the work of a request runs on a blocking thread only
//! once it holds one of the [`Config::workers`] permits. The bounds, each
//! enforced before anything is buffered:
//!
//! * the request head (request line and headers) at most [`MAX_HEAD`]
//!   bytes, read within [`HEAD_TIMEOUT`]; a longer head gets 431 and a slow
//!   one is dropped;
//! * the URI at most [`MAX_URI`] bytes (414), the body at most [`MAX_BODY`]
//!   bytes (413, judged by `Content-Length` before reading, and counted while
//!   reading a chunked body) and read within [`BODY_TIMEOUT`] (408);
//! * a connection idle (neither sending nor reading) past [`idle`] or a
//!   reply not taken by the client within [`WRITE_TIMEOUT`] is closed, and at
//!   most [`MAX_CONNECTIONS`] are open at once;
//! * at most `workers` requests compute at once and `queue` more wait their
//!   turn; past that a request gets 503 with `Retry-After` at once, and so
//!   does one that found no worker free within [`Config::queue_wait`] (a
//!   request never waits past its deadline: then it gets its time-limit
//!   error);
//! * each request's work has a [`Budget`]: the deadline [`Config::deadline`]
//!   from when its body was read, a share of [`Config::memory`], and a
//!   cancellation that fires when the client goes away (the request's future
//!   is dropped) or the deadline passes;
//! * a reply is at most [`MAX_REPLY`] bytes; a panic in a handler is a 500
//!   reply, never the end of the process.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{anyhow, Context, Result};
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{self, HeaderValue};
use axum::http::StatusCode;
use axum::response::Response;
use axum::Router;
use grundy::budget::{Budget, CancelHandle, LimitKind};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_io_timeout::TimeoutStream;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::set_header::SetResponseHeaderLayer;

use super::reply::Reply;
use super::router;

/// The largest request body read (a move or a position is far smaller).
pub const MAX_BODY: usize = 64 * 1024;
/// The largest request head: request line and headers together. An
/// expression of the most characters the API accepts, percent-encoded,
/// fits with room to spare.
pub const MAX_HEAD: usize = 64 * 1024;
/// The longest URI (path and query).
pub const MAX_URI: usize = 48 * 1024;
/// The time a client has to send a request's head.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);
/// The time a client has to send a request's body.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// The time a reply may wait for the client to take its bytes.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// The largest reply body: more is refused with a clear error.
pub const MAX_REPLY: usize = 32 << 20;
/// The most connections open at once; more wait to be accepted.
pub const MAX_CONNECTIONS: usize = 1024;
/// The memory the server keeps for itself (connections, replies, the shared
/// memo), out of [`Config::memory`]; the rest is shared by the workers.
const OWN_MEMORY: u64 = 192 << 20;
/// A reply at least this large gives its memory back to the system once
/// sent.
const BIG_REPLY: usize = 1 << 20;
/// Work at least this long gives its memory back to the system when done.
const LONG_WORK: Duration = Duration::from_millis(100);

/// How the server bounds its work: see the module documentation.
#[derive(Clone, Debug)]
pub struct Config {
    /// Requests computed at once.
    pub workers: usize,
    /// Requests waiting for a worker, at most.
    pub queue: usize,
    /// The longest a request waits for a worker (never past its deadline)
    /// before it is told 503.
    pub queue_wait: Duration,
    /// The time each request may compute (and wait for a worker).
    pub deadline: Duration,
    /// The memory the server may hold, in bytes: each request computes
    /// within `(memory − 192 MiB) / workers`.
    pub memory: u64,
}

impl Config {
    /// The memory allowance of one request.
    pub fn request_memory(&self) -> u64 {
        (self.memory.saturating_sub(OWN_MEMORY) / self.workers.max(1) as u64).max(16 << 20)
    }
}

/// The time a connection may sit with nothing to read or write: long
/// enough for a request that computes to its deadline.
pub fn idle(config: &Config) -> Duration {
    config.deadline.saturating_add(Duration::from_secs(30))
}

/// A bound, not yet serving, HTTP server.
pub struct Server {
    listener: std::net::TcpListener,
    addr: SocketAddr,
    config: Config,
}

/// How a request is answered: [`router::route`] (another in tests).
type Route = fn(&str, &str, &[u8], &Budget) -> Reply;

/// What every request's handler shares.
struct Shared {
    config: Config,
    route: Route,
    /// One permit per request computing.
    run: Arc<Semaphore>,
    /// One permit per request computing or waiting to.
    admit: Arc<Semaphore>,
}

impl Server {
    /// Binds `host:port` (port 0: any free port).
    pub fn bind(host: IpAddr, port: u16, config: Config) -> Result<Server> {
        let listener = std::net::TcpListener::bind(SocketAddr::new(host, port))
            .with_context(|| format!("cannot listen on {host}:{port}"))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        Ok(Server {
            listener,
            addr,
            config,
        })
    }

    /// The page's address, e.g. `http://127.0.0.1:8080/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves requests until the process is stopped.
    pub fn run(self) -> Result<()> {
        let workers = self.config.workers.max(1);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            // Compute threads: the workers, and a few for requests whose
            // work was cancelled but has not yet noticed.
            .max_blocking_threads(workers * 2 + 2)
            .thread_name("grundy-serve")
            .build()
            .map_err(|e| anyhow!("cannot start the server's runtime: {e}"))?;
        runtime.block_on(serve(self.listener, self.config))
    }
}

/// The application: every path goes to [`handle`], within the layers that
/// bound the body, catch panics and set the common headers.
fn app(config: Config, route: Route) -> Router {
    let workers = config.workers.max(1);
    let shared = Arc::new(Shared {
        route,
        run: Arc::new(Semaphore::new(workers)),
        admit: Arc::new(Semaphore::new(workers + config.queue)),
        config,
    });
    let fixed = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    };
    Router::new()
        .fallback(handle)
        .with_state(shared)
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(axum::middleware::map_response(json_limit_reply))
        .layer(CatchPanicLayer::custom(|_| {
            into_response(Reply::error(
                500,
                "internal error: the request failed",
                None,
            ))
        }))
        .layer(fixed("x-content-type-options", "nosniff"))
        .layer(fixed("cache-control", "no-store"))
        .layer(fixed(
            "content-security-policy",
            "default-src 'self'; img-src 'self' data: blob:; style-src 'self'",
        ))
}

/// Accepts connections and serves each on a task of its own.
async fn serve(listener: std::net::TcpListener, config: Config) -> Result<()> {
    let listener = TcpListener::from_std(listener)?;
    let idle = idle(&config);
    let app = app(config, router::route);
    let open = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEAD_TIMEOUT)
        .max_buf_size(MAX_HEAD);
    loop {
        let permit = Arc::clone(&open)
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(err) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little and go on.
                eprintln!("grundy serve: {err}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let mut io = TimeoutStream::new(stream);
        io.set_read_timeout(Some(idle));
        io.set_write_timeout(Some(WRITE_TIMEOUT));
        let io = TokioIo::new(Box::pin(io));
        let service = TowerToHyperService::new(app.clone());
        let connection = http.serve_connection(io, service);
        tokio::spawn(async move {
            // A client that went away or timed out: nothing to do about it.
            let _ = connection.await;
            drop(permit);
        });
    }
}

/// Cancels a request's work when dropped: when the reply is made, or when
/// the request's future is dropped because its client went away.
struct CancelOnDrop(CancelHandle);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// Answers one request: its URI and body checked and read, then its work on
/// a compute thread within its budget.
async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let (parts, body) = request.into_parts();
    let url = parts
        .uri
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_string();
    if url.len() > MAX_URI {
        return into_response(Reply::error(
            414,
            &format!("the URI is too long (at most {} KiB)", MAX_URI / 1024),
            None,
        ));
    }
    let body = match tokio::time::timeout(BODY_TIMEOUT, axum::body::to_bytes(body, MAX_BODY)).await
    {
        Err(_) => {
            return into_response(Reply::error(
                408,
                "the request body did not arrive in time",
                None,
            ))
        }
        Ok(Err(err)) => return into_response(body_error(&err)),
        Ok(Ok(bytes)) => bytes,
    };
    let method = parts.method.as_str().to_string();

    let Ok(admitted) = Arc::clone(&shared.admit).try_acquire_owned() else {
        return busy();
    };
    let config = &shared.config;
    let route = Arc::clone(&shared);
    let cancel = CancelOnDrop(CancelHandle::new());
    let budget = Budget::unlimited()
        .with_cancel(&cancel.0)
        .with_time(config.deadline)
        .with_memory(config.request_memory());
    let deadline = budget
        .deadline()
        .map_or_else(far_future, tokio::time::Instant::from_std);
    let give_up = tokio::time::Instant::now() + config.queue_wait;
    let Ok(Ok(running)) = tokio::time::timeout_at(
        deadline.min(give_up),
        Arc::clone(&shared.run).acquire_owned(),
    )
    .await
    else {
        if give_up < deadline {
            return busy();
        }
        let err = grundy::error::Error::limit(
            LimitKind::Time,
            "the time limit was reached while waiting for a worker",
        );
        return into_response(super::api::error::ApiError::from(err).reply());
    };
    let work = tokio::task::spawn_blocking(move || {
        // The permits go with the work: a request whose client left holds
        // its worker until the work notices the cancellation.
        let _held = (admitted, running);
        let started = std::time::Instant::now();
        let reply = (route.route)(&method, &url, &body, &budget);
        if started.elapsed() > LONG_WORK {
            // Long work may have built big tables, now dropped.
            give_back_memory();
        }
        if reply.body.len() > MAX_REPLY {
            return Reply::error(
                413,
                &format!(
                    "the answer is {} MiB, more than the {} MiB the server sends; \
                     ask for less (or use the command line)",
                    reply.body.len() >> 20,
                    MAX_REPLY >> 20
                ),
                None,
            );
        }
        reply
    });
    let reply = match work.await {
        Ok(reply) => reply,
        // A panic in the work: the thread is unwound and given back.
        Err(_) => Reply::error(500, "internal error: the request failed", None),
    };
    drop(cancel);
    into_response(reply)
}

/// 503: no worker is free and the queue is full (or a worker did not come
/// free within [`Config::queue_wait`]); try again in a second.
fn busy() -> Response {
    let mut response = into_response(Reply::error(
        503,
        "the server is busy: every worker is taken; try again shortly",
        None,
    ));
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// An instant so far away that it never comes.
fn far_future() -> tokio::time::Instant {
    tokio::time::Instant::now() + Duration::from_secs(365 * 24 * 3600)
}

/// Why a body could not be read: too long (413) or broken off (400).
fn body_error(err: &axum::Error) -> Reply {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = source {
        if e.is::<http_body_util::LengthLimitError>() {
            return too_large();
        }
        source = e.source();
    }
    Reply::error(400, &format!("cannot read the request body: {err}"), None)
}

/// 413: the body is larger than [`MAX_BODY`].
fn too_large() -> Reply {
    Reply::error(
        413,
        &format!(
            "the request body is too large (at most {} KiB)",
            MAX_BODY / 1024
        ),
        None,
    )
}

/// The 413 of [`RequestBodyLimitLayer`] (a `Content-Length` past
/// [`MAX_BODY`], refused before anything is read) in the API's JSON.
async fn json_limit_reply(response: Response) -> Response {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE && !json {
        return into_response(too_large());
    }
    response
}

/// A [`Reply`] as an HTTP response, with its `Content-Length`.
fn into_response(reply: Reply) -> Response {
    let status = StatusCode::from_u16(reply.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let body = if reply.body.len() >= BIG_REPLY {
        Body::from(bytes::Bytes::from_owner(BigBody(reply.body)))
    } else {
        Body::from(reply.body)
    };
    let mut response = Response::new(body);
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(reply.content_type),
    );
    response
}

/// A big reply's bytes: once sent (or abandoned) and dropped, the freed
/// memory is given back to the system, so that the server's resident size
/// falls back after it (the allocator would otherwise keep it).
struct BigBody(Vec<u8>);

impl AsRef<[u8]> for BigBody {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl Drop for BigBody {
    fn drop(&mut self) {
        self.0 = Vec::new();
        give_back_memory();
    }
}

/// Gives the allocator's free memory back to the system.
fn give_back_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` takes no pointer and only releases free memory
    // of the allocator; any thread may call it at any time.
    unsafe {
        libc::malloc_trim(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tower::ServiceExt;

    fn config() -> Config {
        Config {
            workers: 1,
            queue: 0,
            queue_wait: Duration::from_secs(1),
            deadline: Duration::from_secs(5),
            memory: 1 << 30,
        }
    }

    async fn call(app: Router, uri: &str) -> (u16, serde_json::Value) {
        let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
        let response = app.oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let body = axum::body::to_bytes(response.into_body(), MAX_REPLY)
            .await
            .unwrap();
        (status, serde_json::from_slice(&body).unwrap())
    }

    #[tokio::test]
    async fn a_panic_in_the_work_is_a_500_reply_and_the_server_goes_on() {
        fn panics(_: &str, url: &str, _: &[u8], _: &Budget) -> Reply {
            if url.contains("boom") {
                panic!("a bug in a handler");
            }
            Reply::json(&serde_json::json!({ "ok": true }))
        }
        let app = app(config(), panics);
        let (status, v) = call(app.clone(), "/api/boom").await;
        assert_eq!(status, 500);
        assert_eq!(v["error"], "internal error: the request failed");
        // The worker's permit was given back: the next request is served.
        let (status, v) = call(app, "/api/fine").await;
        assert_eq!(status, 200);
        assert_eq!(v["ok"], true);
    }

    #[tokio::test]
    async fn each_request_gets_a_deadline_and_a_memory_share() {
        fn budget_of(_: &str, _: &str, _: &[u8], budget: &Budget) -> Reply {
            let left = budget.deadline().unwrap() - std::time::Instant::now();
            Reply::json(&serde_json::json!({
                "left_ms": left.as_millis() as u64,
                "memory": budget.memory(),
            }))
        }
        let (status, v) = call(app(config(), budget_of), "/api/x").await;
        assert_eq!(status, 200);
        assert!(v["left_ms"].as_u64().unwrap() <= 5000, "{v}");
        assert!(v["left_ms"].as_u64().unwrap() > 4000, "{v}");
        assert_eq!(v["memory"], (1u64 << 30) - (192 << 20));
    }

    #[tokio::test]
    async fn an_overlong_uri_is_refused() {
        let uri = format!("/api/analyze?expr={}", "1".repeat(MAX_URI));
        let (status, v) = call(app(config(), router::route), &uri).await;
        assert_eq!(status, 414);
        assert!(v["error"].as_str().unwrap().contains("URI is too long"));
    }
}
