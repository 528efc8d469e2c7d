//! `grundy serve [--port P] [--open]`: the web page and its JSON API on
//! localhost (see [`crate::serve`]).

use std::io::Write;
use std::net::IpAddr;

use anyhow::Result;

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

pub fn run(args: Args) -> Result<()> {
    let server = crate::serve::Server::bind(args.host, args.port)?;
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
