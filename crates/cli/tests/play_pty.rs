//! `grundy play` driven through a pseudo-terminal, as a person would play it:
//! a scripted human following hints, illegal and malformed moves, `hint`,
//! `undo`, `quit`, Ctrl-D, the end of the game, and colour on a terminal.
//!
//! Every step waits for the program's own answer (no sleeps); every wait has
//! a timeout so a hang fails the test instead of blocking it.

use std::process::Command;

use rexpect::process::wait::WaitStatus;
use rexpect::session::{spawn_command, PtySession};

const TIMEOUT_MS: u64 = 20_000;

fn grundy(args: &[&str]) -> PtySession {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args);
    cmd.env_remove("NO_COLOR");
    // A terminal that can show colour, whatever the tests run under
    // (TERM=dumb asks for plain output).
    cmd.env("TERM", "xterm");
    spawn_command(cmd, Some(TIMEOUT_MS)).expect("spawn grundy in a pty")
}

/// Waits for the end of output and checks the exit status is 0.
fn exits_cleanly(mut p: PtySession) {
    p.exp_eof().expect("the program ends");
    match p.process.wait().expect("wait for grundy") {
        WaitStatus::Exited(_, 0) => {}
        other => panic!("grundy ended with {other:?}"),
    }
}

#[test]
fn a_scripted_human_following_hints_wins_a_lost_position_for_the_computer() {
    // nim(1,2,3) is a P-position: the computer, moving first, is lost
    // against perfect play, and the human plays exactly what `hint` says.
    let mut p = grundy(&["play", "nim(1,2,3)", "--first", "computer", "--plain"]);
    p.exp_string("Computer (move 1):").unwrap();
    for _ in 0..10 {
        p.exp_string("> ").unwrap();
        p.send_line("hint").unwrap();
        let (_, hint) = p.exp_regex("Hint: play `[^`]+`").unwrap();
        let mv = hint
            .trim_start_matches("Hint: play `")
            .trim_end_matches('`')
            .to_string();
        p.exp_string("> ").unwrap();
        p.send_line(&mv).unwrap();
        p.exp_string("You: ").unwrap();
        let (_, next) = p
            .exp_regex(r"Computer \(move|You win after \d+ moves")
            .unwrap();
        if next.starts_with("You win") {
            assert!(next.ends_with(" moves"));
            exits_cleanly(p);
            return;
        }
    }
    panic!("the game did not end");
}

#[test]
fn the_computer_punishes_a_mistake_and_says_who_won() {
    // From nim(1,2) taking the 1 is a mistake: the computer takes the 2.
    let mut p = grundy(&["play", "nim(1,2)", "--plain"]);
    p.exp_string("Your move (move 1).").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("1 1").unwrap();
    p.exp_string("You: take the last token from heap 1: 1 -> 0.")
        .unwrap();
    p.exp_string("Computer (move 2): 2 2").unwrap();
    p.exp_string("The computer made the last move").unwrap();
    p.exp_string("The computer wins after 2 moves.").unwrap();
    exits_cleanly(p);
}

#[test]
fn illegal_and_malformed_moves_are_refused_and_the_prompt_returns() {
    let mut p = grundy(&["play", "nim(3,4,5)", "--plain"]);
    p.exp_string("> ").unwrap();
    for (line, reason) in [
        ("9 1", "there is no heap 9: the heaps are numbered 1 to 3"),
        ("1 7", "heap 1 has only 3 tokens"),
        ("1 0", "take at least one token"),
        ("banana", "\"banana\" is not a number"),
        ("2", "say how many to take from heap 2"),
        (
            "2 = 1 1",
            "illegal move: nim does not allow a heap of 4 to become 1 + 1",
        ),
    ] {
        p.send_line(line).unwrap();
        p.exp_string(reason).unwrap();
        // The prompt comes back, and the position did not change.
        p.exp_string("> ").unwrap();
    }
    p.send_line("show").unwrap();
    p.exp_string("Your move (move 1).").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("1 2").unwrap();
    p.exp_string("You: take 2 from heap 1: 3 -> 1.").unwrap();
    p.exp_string("Computer (move 2):").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("quit").unwrap();
    p.exp_string("Bye.").unwrap();
    exits_cleanly(p);
}

#[test]
fn hint_gives_the_winning_move_and_its_reason() {
    let mut p = grundy(&["play", "nim(3,4,5)", "--plain"]);
    p.exp_string("> ").unwrap();
    p.send_line("hint").unwrap();
    p.exp_string("Hint: play `1 2` (take 2 from heap 1: 3 -> 1)")
        .unwrap();
    p.exp_string("the nim-sum of the values is 2").unwrap();
    p.exp_string("3 xor 2 = 1, so the nim-sum becomes 0")
        .unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("help").unwrap();
    p.exp_string("take K tokens from heap H").unwrap();
    p.exp_string("> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_string("End of input: leaving the game.").unwrap();
    exits_cleanly(p);
}

#[test]
fn undo_takes_back_the_last_pair_of_moves() {
    let mut p = grundy(&["play", "kayles(5) + grundys(7)", "--plain"]);
    p.exp_string("> ").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("Nothing to undo yet.").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("1 1").unwrap();
    p.exp_string("You: take 1 from heap 1: 5 -> 4.").unwrap();
    p.exp_string("Computer (move 2):").unwrap();
    p.exp_string("Your move (move 3).").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("undo").unwrap();
    p.exp_string("Took back your last move and the computer's answer.")
        .unwrap();
    let (before, _) = p.exp_string_pair("Your move (move 1).");
    assert!(before.contains("heap 1  kayles   ooooo    5"), "{before}");
    assert!(before.contains("heap 2  grundys  ooooooo  7"), "{before}");
    p.exp_string("> ").unwrap();
    p.send_line("2 = 3 4").unwrap();
    p.exp_string("You: heap 2: split the heap of 7 into 3 and 4.")
        .unwrap();
    p.exp_string("Computer (move 2):").unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("q").unwrap();
    p.exp_string("Bye.").unwrap();
    exits_cleanly(p);
}

#[test]
fn ctrl_d_leaves_cleanly() {
    let mut p = grundy(&["play", "stairs(1,5,9)", "--plain", "--misere"]);
    p.exp_string("misere play: whoever makes the last move loses")
        .unwrap();
    p.exp_string("> ").unwrap();
    p.send_line("5 6").unwrap();
    p.exp_string("You: move the monk on step 5 up to step 6.")
        .unwrap();
    p.exp_string("> ").unwrap();
    p.send_control('d').unwrap();
    p.exp_string("End of input: leaving the game.").unwrap();
    exits_cleanly(p);
}

#[test]
fn a_terminal_gets_colour_and_unicode_unless_plain() {
    // rexpect reads the output byte by byte, one char per byte.
    let token: String = "●".bytes().map(char::from).collect();
    let mut p = grundy(&["play", "nim(2,3)"]);
    let (before, _) = p.exp_string_pair("> ");
    assert!(before.contains(&token), "{before:?}");
    assert!(before.contains("\u{1b}["), "{before:?}");
    p.send_line("quit").unwrap();
    exits_cleanly(p);

    let mut p = grundy(&["play", "nim(2,3)", "--plain"]);
    let (before, _) = p.exp_string_pair("> ");
    assert!(
        !before.contains('●') && !before.contains('\u{1b}'),
        "{before:?}"
    );
    p.send_line("quit").unwrap();
    exits_cleanly(p);
}

/// `exp_string` that also returns what came before the match.
trait ExpPair {
    fn exp_string_pair(&mut self, needle: &str) -> (String, String);
}

impl ExpPair for PtySession {
    fn exp_string_pair(&mut self, needle: &str) -> (String, String) {
        let before = self.exp_string(needle).expect(needle);
        (before, needle.to_string())
    }
}

#[test]
fn ctrl_c_at_the_prompt_ends_the_line_and_the_game() {
    let mut p = grundy(&["play", "nim(3,4)", "--plain"]);
    p.exp_string("> ").unwrap();
    p.send_control('c').unwrap();
    // The newline comes after the prompt, so the shell starts a fresh line.
    p.exp_string("\r\n").unwrap();
    p.exp_eof().expect("the program ends");
    match p.process.wait().expect("wait for grundy") {
        WaitStatus::Exited(_, 130) => {}
        other => panic!("grundy ended with {other:?}"),
    }
}
