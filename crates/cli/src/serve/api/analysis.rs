//! `/api/analyze` and `/api/explain`: the answers of `grundy analyze` and
//! `grundy explain` with `--json`.

use grundy::sum::AnalyzeOptions;

use super::bounds::{memo, options, session_options};
use super::error::ApiResult;
use super::input::{mode_of, position_of};
use crate::answer;
use crate::serve::params::Params;
use crate::serve::reply::Reply;

/// `/api/analyze?expr=E[&misere=1|&every=1]`: `grundy analyze E --json
/// [--misere|--every]`.
pub fn analyze(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let mode = mode_of(params)?;
    let text = match mode.play() {
        None => {
            let a = grundy::every::analyze(&position, &session_options(mode).analyze)?;
            answer::every::json(&position, &a)?
        }
        Some(play) => {
            let analysis = position.analyze(play, &options())?;
            answer::analysis::json(&position, &analysis)?
        }
    };
    Ok(Reply::json_text(text + "\n"))
}

/// `/api/explain?expr=E[&misere=1|&every=1]`: `grundy explain E --json
/// [--misere|--every]`.
pub fn explain(params: &Params) -> ApiResult {
    let position = position_of(params)?;
    let mode = mode_of(params)?;
    let options = session_options(mode).analyze;
    let Some(play) = mode.play() else {
        let e = grundy::every::explain(&position, &options)?;
        let text = answer::every::explanation_json(&position, &e)?;
        return Ok(Reply::json_text(text + "\n"));
    };
    // Within the server's misère budget first: the engine's explanation
    // searches with the command line's larger one.
    grundy::session::outcome(&position, mode, &options)?;
    let e = grundy::explain::explain_with(
        &position,
        play,
        &AnalyzeOptions {
            memo: memo(),
            ..AnalyzeOptions::default()
        },
    )?;
    Ok(Reply::json(&answer::explanation::json(&position, &e)))
}
