//! The progress bar of long nim-sequence computations (`seq`, `value`).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use grundy::sequence::Computation;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The progress bar: drawn on stderr, when it is a terminal, once the run
/// has lasted a second.
pub struct Progress {
    enabled: bool,
    started: Instant,
    bar: ProgressBar,
    shown: bool,
    first: u64,
}

impl Progress {
    pub fn new(quiet: bool, goal: u64, first: u64) -> Progress {
        // Hidden at first, so that its rate and ETA count from the start.
        let bar = ProgressBar::with_draw_target(Some(goal), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{bar:20}] {human_pos}/{human_len} heaps, ETA {eta}, {msg}",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_position(first);
        bar.reset_eta();
        Progress {
            enabled: !quiet && std::io::stderr().is_terminal(),
            started: Instant::now(),
            bar,
            shown: false,
            first,
        }
    }

    pub fn update(&mut self, comp: &Computation) {
        if !self.enabled {
            return;
        }
        let elapsed = self.started.elapsed();
        let len = comp.values().len() as u64;
        self.bar.set_position(len);
        if !self.shown {
            if elapsed < Duration::from_secs(1) {
                return;
            }
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        let rate = (len - self.first) as f64 / elapsed.as_secs_f64().max(1e-9);
        let rare = comp
            .rare()
            .map_or(String::new(), |(_, r)| format!(", rare {r}"));
        self.bar.set_message(format!(
            "{:.0} heaps/s{rare}, largest {}",
            rate,
            comp.largest()
        ));
    }

    pub fn finish(&mut self) {
        if self.shown {
            self.bar.finish_and_clear();
            self.shown = false;
        }
    }
}
