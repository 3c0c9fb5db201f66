//! End-to-end: `konane perft` run as a process.

use std::process::Command;

#[test]
fn perft_prints_the_reference_count() {
    let out = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(["perft", "5", "--threads", "1"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Nodes searched: 892"), "{text}");
}
