//! The adapters, one module per problem (two ids share a module where the
//! problems are the same), and the input shapes they share.

use std::io::Write;

use crate::error::{JudgeError, Result};
use crate::input::{Field, Input};
use crate::Problem;

mod hdu_1517;
mod hdu_1525;
mod hdu_1527;
mod hdu_1536;
mod hdu_1729;
mod hdu_1730;
mod hdu_1846;
mod hdu_1847;
mod hdu_1848;
mod hdu_1850;
mod hdu_1907;
mod hdu_2149;
mod hdu_2176;
mod hdu_2188;
mod hdu_2509;
mod hdu_2516;
mod hdu_2897;
mod hdu_3032;
mod hdu_3094;
mod hdu_3404;
mod hdu_3537;
mod hdu_3595;
mod hihocoder_1163;
mod lanqiao_1459;
mod library_checker_nim_product_64;
mod luogu_p2197;
mod poj_1704;
mod poj_2234;
mod poj_2975;
mod poj_3710;
mod uva_10165;

/// Every problem, in `--list` order.
pub(crate) static ALL: &[Problem] = &[
    hihocoder_1163::PROBLEM,
    lanqiao_1459::PROBLEM,
    poj_2975::PROBLEM,
    hdu_1850::PROBLEM,
    luogu_p2197::PROBLEM,
    hdu_1848::PROBLEM,
    uva_10165::PROBLEM,
    hdu_1907::HDU_1907,
    hdu_1907::POJ_3480,
    hdu_2509::PROBLEM,
    hdu_1536::HDU_1536,
    hdu_1536::POJ_2960,
    poj_1704::PROBLEM,
    hdu_1846::PROBLEM,
    hdu_2188::PROBLEM,
    hdu_2149::PROBLEM,
    hdu_1847::PROBLEM,
    poj_2234::PROBLEM,
    hdu_2176::PROBLEM,
    hdu_1729::PROBLEM,
    hdu_1730::PROBLEM,
    hdu_2897::PROBLEM,
    library_checker_nim_product_64::PROBLEM,
    hdu_3537::PROBLEM,
    hdu_3404::PROBLEM,
    hdu_1527::HDU_1527,
    hdu_1527::POJ_1067,
    hdu_2516::PROBLEM,
    hdu_3032::PROBLEM,
    hdu_3094::PROBLEM,
    poj_3710::PROBLEM,
    hdu_1525::HDU_1525,
    hdu_1525::POJ_2348,
    hdu_3595::PROBLEM,
    hdu_1517::HDU_1517,
    hdu_1517::POJ_2505,
];

/// Cases `n a1 … an`, ended by a lone `0` in place of `n`. `count` must
/// allow 0. `each` gets the values of one case (a buffer reused across cases).
pub(crate) fn cases_until_zero(
    input: &mut Input<'_>,
    out: &mut dyn Write,
    count: &Field,
    item: &Field,
    mut each: impl FnMut(&[u64], &mut dyn Write) -> Result<()>,
) -> Result<()> {
    let mut values = Vec::new();
    loop {
        let n = input.number(count)?;
        if n == 0 {
            return input.finish("the terminating 0");
        }
        input.numbers_into(n, item, &mut values)?;
        each(&values, out)?;
    }
}

/// `T`, then `T` cases `n a1 … an`.
pub(crate) fn cases_counted(
    input: &mut Input<'_>,
    out: &mut dyn Write,
    cases: &Field,
    count: &Field,
    item: &Field,
    mut each: impl FnMut(&[u64], &mut dyn Write) -> Result<()>,
) -> Result<()> {
    let t = input.number(cases)?;
    let mut values = Vec::new();
    for _ in 0..t {
        let n = input.number(count)?;
        input.numbers_into(n, item, &mut values)?;
        each(&values, out)?;
    }
    input.finish(&cases_read(t))
}

/// What ends an input of `t` counted cases, in words.
pub(crate) fn cases_read(t: u64) -> String {
    match t {
        1 => "its one case".to_string(),
        t => format!("its {t} cases"),
    }
}

/// Cases `n a1 … an` until the end of the input.
pub(crate) fn cases_until_eof(
    input: &mut Input<'_>,
    out: &mut dyn Write,
    count: &Field,
    item: &Field,
    mut each: impl FnMut(&[u64], &mut dyn Write) -> Result<()>,
) -> Result<()> {
    let mut values = Vec::new();
    while let Some(n) = input.next(count)? {
        input.numbers_into(n, item, &mut values)?;
        each(&values, out)?;
    }
    Ok(())
}

/// Lines of `K` numbers until the end of the input; a case cut short is an
/// error.
pub(crate) fn tuples_until_eof<const K: usize>(
    input: &mut Input<'_>,
    out: &mut dyn Write,
    fields: [&Field; K],
    mut each: impl FnMut(&Input<'_>, [u64; K], &mut dyn Write) -> Result<()>,
) -> Result<()> {
    while let Some(first) = input.next(fields[0])? {
        let mut tuple = [first; K];
        for (slot, field) in tuple.iter_mut().zip(fields).skip(1) {
            *slot = input.number(field)?;
        }
        each(input, tuple, out)?;
    }
    Ok(())
}

/// An engine refusal, reported at the current line.
pub(crate) fn engine(input: &Input<'_>, e: grundy::Error) -> JudgeError {
    input.invalid(e.to_string())
}

/// Writes `yes` when the player to move wins the Nim position `piles`
/// under `play`, `no` otherwise.
pub(crate) fn nim_verdict(
    out: &mut dyn Write,
    piles: &[u64],
    play: grundy::nim::Play,
    yes: &str,
    no: &str,
) -> Result<()> {
    verdict(out, grundy::nim::outcome(piles, play).mover_wins(), yes, no)
}

/// Writes `yes` when the player to move wins, `no` otherwise.
pub(crate) fn verdict(out: &mut dyn Write, wins: bool, yes: &str, no: &str) -> Result<()> {
    out.write_all(if wins { yes } else { no }.as_bytes())?;
    out.write_all(b"\n")?;
    Ok(())
}
