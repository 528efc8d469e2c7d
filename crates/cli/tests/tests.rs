//! The command line's integration tests, in one binary: each module runs the
//! built `grundy` on one command or concern; `util` holds the runners they
//! share.
//!
//! A new test file must be added here as a module, or it is not compiled.

mod analyze_cli;
mod browser;
mod census_cli;
mod explain_cli;
mod families_cli;
mod judge_cli;
mod limits_cli;
mod loopy_cli;
mod near_max_cli;
mod nimber_cli;
mod plain_cli;
mod play_pty;
mod refusals_cli;
mod seq_cli;
mod serve_api;
mod serve_limits;
mod util;
mod words_cli;
