//! `grundy serve [--port P] [--open]`: a small HTTP server for the web page
//! and its JSON API, on localhost.
//!
//! The server is [`tiny_http`], synchronous, with a fixed pool of worker
//! threads. The work per request is engine work on one core and the clients
//! are one person's browser, so an async stack (axum on hyper and tokio)
//! would buy nothing but compile time: tiny_http and its four small
//! dependencies build in about 14 CPU-seconds in the test profile (measured
//! when it was chosen), next to about ten minutes for the workspace. The
//! pool size bounds how many requests compute at once; every request is
//! also bounded on its own (see [`api`]'s limits), so one request cannot hog
//! the machine.
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

use anyhow::Result;

use server::Server;

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
    /// Requests worked on at once; more wait in line.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    workers: u16,
}

/// Binds the server, says where it listens (and opens a browser when
/// asked), and serves until the process is stopped.
pub fn run(args: Args) -> Result<()> {
    let server = Server::bind(args.host, args.port)?;
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
    server.run(usize::from(args.workers));
    Ok(())
}
