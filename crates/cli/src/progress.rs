//! The progress bars of long nim-sequence computations (`seq`, `value`)
//! and of the solver of large loopy graphs (`analyze`, `explain`).

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
    /// Whether the bar counts work towards a search budget rather than heaps
    /// towards a goal.
    search: bool,
}

impl Progress {
    /// A bar over the heaps `first..goal`.
    pub fn new(quiet: bool, goal: u64, first: u64) -> Progress {
        Progress::with_template(
            quiet,
            goal,
            first,
            false,
            "{elapsed_precise} [{bar:20}] {human_pos}/{human_len} heaps, ETA {eta}, {msg}",
        )
    }

    /// A bar over a search for a period that stops after `budget` units of
    /// work (a request only a proof can answer): its end, and so its ETA,
    /// is the budget's, not the memory limit's.
    pub fn search(quiet: bool, budget: u64) -> Progress {
        Progress::with_template(
            quiet,
            budget,
            0,
            true,
            "{elapsed_precise} [{bar:20}] searching for a period, {percent}% of the budget, \
             ETA {eta}: {msg}",
        )
    }

    fn with_template(quiet: bool, len: u64, first: u64, search: bool, template: &str) -> Progress {
        // Hidden at first, so that its rate and ETA count from the start.
        let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
        let style = ProgressStyle::with_template(template)
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
            first: if search { 0 } else { first },
            search,
        }
    }

    pub fn update(&mut self, comp: &Computation) {
        if !self.enabled {
            return;
        }
        let elapsed = self.started.elapsed();
        let len = comp.computed() as u64;
        if self.search {
            self.bar
                .set_position(comp.work().min(self.bar.length().unwrap_or(0)));
        } else {
            self.bar.set_position(len);
        }
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
        let heaps = if self.search {
            format!("{len} heaps, ")
        } else {
            String::new()
        };
        self.bar.set_message(format!(
            "{heaps}{:.0} heaps/s{rare}, largest {}",
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

/// The progress bar of the solver of loopy components (`analyze`,
/// `explain` of a digraph of millions of vertices): drawn on stderr, when
/// it is a terminal, once the solve has lasted a second; cleared when
/// dropped.
pub struct LoopyBar {
    bar: ProgressBar,
}

impl LoopyBar {
    /// A bar, hidden unless stderr is a terminal.
    pub fn new() -> LoopyBar {
        LoopyBar {
            bar: hidden_bar(
                0,
                "{elapsed_precise} [{bar:20}] {human_pos}/{human_len} positions solved, {msg}",
            ),
        }
    }

    /// The hook for the engine's options (see
    /// [`grundy::sum::AnalyzeOptions::loopy_progress`]); `None` when stderr
    /// is not a terminal.
    pub fn hook(&self) -> Option<grundy::loopy::ProgressHook> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let bar = self.bar.clone();
        let started = Instant::now();
        Some(grundy::loopy::ProgressHook::new(move |p| {
            bar.set_length(p.reachable);
            bar.set_position(p.done);
            bar.set_message(format!("value level {}", p.level));
            show_after_a_second(&bar, started);
        }))
    }
}

impl Drop for LoopyBar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The progress bar of the searches for Grundy values (`analyze`,
/// `explain` of a board, a graph or any component without theory): drawn
/// on stderr, when it is a terminal, once the search has lasted a second;
/// cleared when dropped. It counts the work against the `--work` budget,
/// and says what is searched, how fast, how full the table is and which
/// value the root is being tested for.
pub struct SearchBar {
    bar: ProgressBar,
}

impl SearchBar {
    /// A bar over a budget of `work` positions and moves, hidden unless
    /// stderr is a terminal.
    pub fn new(work: usize) -> SearchBar {
        SearchBar {
            bar: hidden_bar(
                work as u64,
                "{elapsed_precise} [{bar:20}] {percent}% of the work budget, {msg}",
            ),
        }
    }

    /// The observer for the engine's options (see
    /// [`grundy::sum::AnalyzeOptions::search_progress`]); `None` when
    /// stderr is not a terminal.
    pub fn observer(&self) -> Option<grundy::search::SharedObserver> {
        if !std::io::stderr().is_terminal() {
            return None;
        }
        let bar = self.bar.clone();
        let started = Instant::now();
        Some(grundy::search::shared(
            move |p: &grundy::search::Progress| {
                bar.set_position(p.stats.positions + p.stats.options);
                bar.set_message(search_message(p));
                show_after_a_second(&bar, started);
            },
        ))
    }
}

impl Drop for SearchBar {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// A bar of `len` steps drawn as `template`, hidden until
/// [`show_after_a_second`] shows it.
fn hidden_bar(len: u64, template: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    let style = ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar
}

/// Draws `bar` on stderr once the work it follows, begun at `started`, has
/// lasted a second: a quick answer shows no bar at all.
fn show_after_a_second(bar: &ProgressBar, started: Instant) {
    if bar.is_hidden() && started.elapsed() >= Duration::from_secs(1) {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
}

/// What a search report says in one line: the part searched (shortened),
/// positions and their rate, the table's fill, the value tested at the root.
fn search_message(p: &grundy::search::Progress) -> String {
    const ROOT_CHARS: usize = 40;
    let root = if p.root.chars().count() > ROOT_CHARS {
        let head: String = p.root.chars().take(ROOT_CHARS - 1).collect();
        format!("{head}…")
    } else {
        p.root.clone()
    };
    let s = &p.stats;
    let table = &s.table;
    let mut m = format!(
        "{root}: {} positions ({}/s), table {} MiB, {}% full",
        human(s.positions as f64),
        human(s.rate()),
        table.bytes >> 20,
        (table.entries * 100)
            .checked_div(table.capacity)
            .unwrap_or(0),
    );
    if let Some((k, at, n)) = p.testing {
        m += &format!(", testing value {k}: option {} of {n}", at + 1);
    }
    m
}

/// `x` with a thousand's or million's suffix: 950, 12.3 K, 4.56 M.
fn human(x: f64) -> String {
    if x >= 1e9 {
        format!("{:.2} G", x / 1e9)
    } else if x >= 1e6 {
        format!("{:.2} M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1} K", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_search_report_reads_in_one_line() {
        let mut p = grundy::search::Progress {
            stats: grundy::search::Stats {
                positions: 1_234_567,
                elapsed: Duration::from_secs(2),
                table: grundy::search::Fill {
                    entries: 3,
                    capacity: 4,
                    bytes: 8 << 20,
                    ..Default::default()
                },
                ..Default::default()
            },
            root: format!("cram({})", ["........"; 6].join("/")),
            testing: Some((2, 3, 10)),
        };
        let m = search_message(&p);
        assert!(m.starts_with("cram(......"), "{m}");
        assert!(m.contains("…: 1.23 M positions (617.3 K/s)"), "{m}");
        assert!(m.contains("table 8 MiB, 75% full"), "{m}");
        assert!(m.ends_with("testing value 2: option 4 of 10"), "{m}");
        p.root = "cram(2x3)".into();
        p.testing = None;
        p.stats.table.capacity = 0;
        let m = search_message(&p);
        assert!(m.starts_with("cram(2x3): 1.23 M positions"), "{m}");
        assert!(m.ends_with("table 8 MiB, 0% full"), "{m}");
    }
}
