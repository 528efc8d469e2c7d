//! Every judge problem's input reader on arbitrary bytes. The first byte
//! picks the problem (its index modulo the number of problems) and, by its
//! high bit, the bounds: the stated ones or `--no-bounds`. The rest is the
//! input. Every run ends with an answer or an error naming a line — never a
//! panic — and libFuzzer's own limits catch a hang or a runaway allocation.

#![no_main]

use grundy_judge::{problems, Bounds, JudgeError};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, input)) = data.split_first() else {
        return;
    };
    let all = problems();
    let problem = &all[usize::from(pick & 0x7f) % all.len()];
    let bounds = if pick & 0x80 == 0 {
        Bounds::Stated
    } else {
        Bounds::Defined
    };
    let mut out = Vec::new();
    match problem.solve_with(&mut &input[..], &mut out, bounds) {
        Ok(()) => {}
        Err(JudgeError::Io(e)) => panic!("{}: I/O error on a byte slice: {e}", problem.id),
        Err(e) => {
            let text = e.to_string();
            assert!(text.contains("line "), "{}: no line in {text:?}", problem.id);
        }
    }
});
