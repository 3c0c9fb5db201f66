//! End-to-end: `konane perft` run as a process.

mod common;

use common::run as konane;
use std::process::Output;

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn perft_prints_the_reference_count_time_and_speed() {
    let out = konane(&["perft", "5", "--threads", "1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Nodes searched: 892\n"), "{text}");
    assert!(text.contains("leaves/s (1 threads)"), "{text}");
}

#[test]
fn divide_lists_each_root_move_then_the_total() {
    let out = konane(&["perft", "9", "--size", "6x6", "--divide", "--threads", "2"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let mut lines = text.lines();
    let mut parts: Vec<&str> = lines.by_ref().take(4).collect();
    parts.sort();
    assert_eq!(
        parts,
        ["a6: 13718", "c4: 501488", "d3: 501488", "f1: 13718"]
    );
    assert_eq!(lines.next(), Some(""));
    assert_eq!(lines.next(), Some("Nodes searched: 1030412"));
}

#[test]
fn perft_from_a_fen() {
    let fen = "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbw1wbwb/bwb1bwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b";
    let out = konane(&["perft", "1", "--fen", fen, "--divide"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("Nodes searched: 3\n"), "{text}");
    assert!(text.contains("f5d5: 1"), "{text}");
}

#[test]
fn bad_arguments_are_errors_not_crashes() {
    for args in [
        &["perft", "3", "--fen", "bwb/bw b"][..],
        &["perft", "3", "--size", "17x9"],
        &["perft", "3", "--size", "axb"],
        &["perft", "-1"],
        &["perft", "99999999999999999999"],
        &["perft"],
    ] {
        let out = konane(args);
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.trim().is_empty(), "{args:?}");
    }
    let out = konane(&["perft", "3", "--fen", "bwb/bw b"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("rank 1 has 2 squares, expected 3"));
}
