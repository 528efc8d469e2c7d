//! The end-to-end tests in a real headless browser, from `cargo test`.
//!
//! Runs `tests/browser/e2e.test.mjs` (playwright-core driving Debian's
//! `/usr/bin/chromium`) against `grundy serve` on a free local port. What is
//! missing is installed first: Chromium with `apt-get` (as root), the npm
//! packages with `npm ci` from the committed lock file. A browser that
//! cannot be had FAILS this test; it is never skipped.
//!
//! Screenshots go to `target/tmp/browser-screenshots/`; with
//! `GRUNDY_UPDATE_SCREENSHOTS=1` they go to `docs/` (the README's pictures).

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const CHROMIUM: &str = "/usr/bin/chromium";
/// The whole browser run, at most.
const TIMEOUT: Duration = Duration::from_secs(600);

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn run(cmd: &mut Command) -> bool {
    match cmd.status() {
        Ok(status) => status.success(),
        Err(err) => {
            eprintln!("cannot run {cmd:?}: {err}");
            false
        }
    }
}

/// Installs Debian's Chromium when it is missing; panics when it cannot.
fn ensure_chromium() {
    if Path::new(CHROMIUM).exists() {
        return;
    }
    eprintln!("{CHROMIUM} is missing: installing Debian's chromium with apt-get");
    let env = [("DEBIAN_FRONTEND", "noninteractive")];
    let installed = run(Command::new("apt-get")
        .args(["install", "-y", "-q", "--no-install-recommends", "chromium"])
        .envs(env))
        || (run(Command::new("apt-get").args(["update", "-q"]).envs(env))
            && run(Command::new("apt-get")
                .args(["install", "-y", "-q", "--no-install-recommends", "chromium"])
                .envs(env)));
    assert!(
        installed && Path::new(CHROMIUM).exists(),
        "the browser tests need Debian's chromium at {CHROMIUM} and it could not be installed \
         (run as root: apt-get update && apt-get install -y --no-install-recommends chromium)"
    );
}

/// `npm ci` in the test folder when its packages are missing.
fn ensure_packages(dir: &Path) {
    if dir
        .join("node_modules/playwright-core/package.json")
        .exists()
    {
        return;
    }
    eprintln!("installing the browser tests' npm packages (npm ci)");
    assert!(
        run(Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(dir)),
        "npm ci failed in {}: the browser tests need node, npm and playwright-core",
        dir.display()
    );
}

fn start_server() -> (Server, String) {
    let (child, url) = crate::util::serve(&[], Stdio::inherit());
    (Server(child), url)
}

#[test]
fn the_page_works_in_headless_chromium() {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = manifest.join("tests/browser");
    ensure_chromium();
    ensure_packages(&dir);
    let shots = if std::env::var_os("GRUNDY_UPDATE_SCREENSHOTS").is_some() {
        manifest.join("../../docs")
    } else {
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots")
    };
    let (_server, url) = start_server();
    let mut node = Command::new("node")
        .args(["--test", "--test-reporter=spec", "e2e.test.mjs"])
        .current_dir(&dir)
        .env("GRUNDY_URL", &url)
        .env("CHROMIUM", CHROMIUM)
        .env("SCREENSHOT_DIR", &shots)
        .spawn()
        .expect("run node (the browser tests need Node.js)");
    let started = Instant::now();
    let status = loop {
        if let Some(status) = node.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = node.kill();
            panic!("the browser tests ran past {} s", TIMEOUT.as_secs());
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "the browser tests failed ({status})");
    for name in ["analyse.png", "sequence-plot.png"] {
        let shot = shots.join(name);
        let size = std::fs::metadata(&shot).map(|m| m.len()).unwrap_or(0);
        assert!(size > 10_000, "{} was not taken", shot.display());
    }
}
