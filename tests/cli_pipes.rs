//! End-to-end: subcommands whose output is piped into a reader that stops early (`konane
//! replay games.txt | head -1`) end quietly, as command-line tools do: no panic message
//! about a broken pipe.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

mod common;

/// Runs `konane` with `args`, reads one line of its output and closes the pipe; the
/// program must then end without a panic (killed by SIGPIPE, or exiting on its own).
fn read_one_line_and_close(args: &[&str]) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("konane starts");
    let watchdog = common::Watchdog::new(child.id(), common::COMMAND_LIMIT);
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped stdout"))
        .read_line(&mut first)
        .expect("one line of output");
    watchdog.check(&format!("{args:?}"));
    assert!(!first.is_empty(), "{args:?} printed nothing");
    let output = child.wait_with_output().expect("konane ends");
    watchdog.check(&format!("{args:?}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    assert_ne!(output.status.code(), Some(101), "{args:?}: {stderr}");
}

#[test]
fn replay_solve_selfplay_and_config_end_quietly_when_the_reader_stops() {
    let dir = std::env::temp_dir().join(format!("konane-pipes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.txt");
    let record = record.to_str().unwrap();
    let words = |text: &str| {
        text.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let mut selfplay = words("selfplay --player random --opponent greedy --games 400 --size 5x5");
    selfplay.extend(["--record".to_string(), record.to_string()]);
    common::run_ok(&selfplay.iter().map(String::as_str).collect::<Vec<_>>());
    read_one_line_and_close(&["replay", record]);
    read_one_line_and_close(&["solve", "--size", "6x5", "--all"]);
    let long_selfplay =
        words("selfplay --player random --opponent random --games 20000 --size 4x4");
    read_one_line_and_close(&long_selfplay.iter().map(String::as_str).collect::<Vec<_>>());
    read_one_line_and_close(&["config"]);
    std::fs::remove_dir_all(&dir).unwrap();
}
