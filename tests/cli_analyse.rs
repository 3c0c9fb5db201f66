//! End-to-end: `konane analyse` prints progress, a best move and a verdict; exact
//! results say so; bad arguments fail with a message.

mod common;

use common::run as konane;

#[test]
fn analyse_shows_progress_a_legal_best_move_and_a_verdict() {
    let out = konane(&["analyse", "--moves", "d5", "d4", "--depth", "3"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("depth  1/"), "{text}");
    let best = text
        .lines()
        .find_map(|l| l.strip_prefix("Best move: "))
        .unwrap_or_else(|| panic!("{text}"));
    let best = best.split_whitespace().next().unwrap();
    assert!(["d7d5", "b5d5", "f5d5"].contains(&best), "{text}");
    assert!(text.contains("\nVerdict: "), "{text}");
}

#[test]
fn analyse_of_a_finished_game_gives_the_exact_result() {
    let out = konane(&["analyse", "--fen", "b1w/3/w1b b", "--movetime", "50"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("Verdict: Black to move has no move: White has won."),
        "{text}"
    );
}

#[test]
fn analyse_with_infinite_stops_at_end_of_input() {
    let out = konane(&["analyse", "--size", "4x4", "--infinite", "--multipv", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Verdict: "), "{text}");
}

#[test]
fn analyse_rejects_bad_positions_and_moves() {
    let out = konane(&["analyse", "--fen", "bwbw/wbw/bwbw/wbwb b"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("rank 3 has 3 squares, expected 4"), "{err}");
    let out = konane(&["analyse", "--moves", "d5", "d3"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("move 2") && err.contains("illegal move 'd3'"),
        "{err}"
    );
    let out = konane(&["analyse", "--depth", "3", "--movetime", "5"]);
    assert!(!out.status.success(), "one limit at a time");
}
