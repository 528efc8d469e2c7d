//! `grundy serve [--port P] [--open]`: a small HTTP server for the web page
//! and its JSON API, on localhost.
//!
//! The server is [`axum`] on [`hyper`] and [`tokio`]: connections are
//! cheap tasks, and the engine's work runs on a bounded pool of compute
//! threads (`--workers`) with a bounded queue (`--queue`); a request that
//! finds both full is told 503 with `Retry-After` at once, and so is one
//! that finds no worker free within `--queue-wait`. Every request is
//! bounded before anything is buffered (head, URI and body sizes, read and
//! write timeouts) and computes within a budget of its own: a deadline
//! (`--deadline`), a share of the memory cap (`--memory`) and a
//! cancellation that fires when its client goes away. No request, however
//! formed, ends the process: see [`server`].
//!
//! It binds 127.0.0.1 by default and serves no secrets; it does not check
//! the `Host` header, so another site open in the same browser could make
//! it compute (within the limits above), not read anything private.
//!
//! * [`router`] maps a method, path and query (or body) to a reply; it has
//!   no I/O, so it is tested directly.
//! * [`params`] reads a request's parameters (query string or body), and
//!   [`reply`] is what a request gets back.
//! * [`api`] holds the handlers: `/api/analyze`, `/api/explain`, `/api/seq`,
//!   `/api/value`, `/api/plot`, `/api/histogram`, `/api/game`, `/api/move`,
//!   `/api/hint`. Their JSON is built by the same functions as the command
//!   line's `--json` ([`crate::answer`]), so the bodies are byte for byte
//!   what it prints.
//! * [`assets`]: the page (HTML, CSS, JS), embedded in the binary.
//! * [`server`]: the HTTP server itself.

pub mod api;
pub mod assets;
pub mod params;
pub mod reply;
pub mod router;
pub mod server;

use std::io::Write;
use std::net::IpAddr;
use std::time::Duration;

use anyhow::Result;

use crate::limits::{parse_seconds, parse_size};
use server::{Config, Server};

/// Serve a web page to analyse, play, explain and plot, with a JSON API that
/// answers as `--json` does. Binds 127.0.0.1 unless told otherwise; nothing
/// is downloaded at run time.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on (0 picks any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to bind. Anything but a loopback address exposes the
    /// server to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in a browser (best effort, with xdg-open).
    #[arg(long)]
    open: bool,
    /// Requests computed at once; more wait in line.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    workers: u16,
    /// Requests that may wait for a worker; past that a request is told 503
    /// (busy, with Retry-After) at once.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u16).range(0..=4096))]
    queue: u16,
    /// The longest a request waits for a worker, in seconds, before it is
    /// told 503 (busy, with Retry-After).
    #[arg(long, value_name = "SECONDS", default_value_t = 0.15, value_parser = parse_seconds)]
    queue_wait: f64,
    /// The seconds a request may compute (and wait for a worker) before it
    /// is stopped with a time-limit error.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0, value_parser = parse_seconds)]
    deadline: f64,
    /// The most memory the server may hold: bytes or a size such as 500M or
    /// 1G. Each request computes within its workers' share of it.
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size)]
    memory: u64,
}

/// Binds the server, says where it listens (and opens a browser when
/// asked), and serves until the process is stopped.
pub fn run(args: Args) -> Result<()> {
    let config = Config {
        workers: usize::from(args.workers),
        queue: usize::from(args.queue),
        queue_wait: Duration::try_from_secs_f64(args.queue_wait).unwrap_or(Duration::MAX),
        deadline: Duration::try_from_secs_f64(args.deadline).unwrap_or(Duration::MAX),
        memory: args.memory,
    };
    let server = Server::bind(args.host, args.port, config)?;
    let url = server.url();
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "grundy serve: listening on {url} (Ctrl-C stops)")?;
        out.flush()?;
    }
    if args.open {
        // Best effort: a machine without a desktop simply has no browser.
        if let Err(err) = std::process::Command::new("xdg-open")
            .arg(&url)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
        {
            eprintln!("grundy serve: could not open a browser ({err}); visit {url}");
        }
    }
    server.run()
}
