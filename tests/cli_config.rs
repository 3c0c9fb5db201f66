//! End-to-end: engine.toml via `--config` sets the defaults shown by `uci`; the command
//! line and `setoption` override it; a bad file fails with its key, line and the
//! expected type; `konane bench` ends with its total, the same every run.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{Engine, PROMPT};

/// Writes `text` to a fresh file in the target directory and returns its path.
fn config_file(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn options(engine: &mut Engine) -> Vec<String> {
    engine.send("uci");
    engine.until(PROMPT, |l| l == "uciok")
}

#[test]
fn config_values_are_defaults_that_flags_and_setoption_override() {
    let path = config_file(
        "good.toml",
        "[engine]\nhash = 32\nthreads = 2\nboard_size = \"6x6\"\n[eval]\nmobility = 90\n",
    );
    let path = path.to_str().unwrap();
    let mut engine = Engine::start(&["--config", path, "--threads", "3"]);
    let lines = options(&mut engine);
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Hash type spin default 32 ")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name Threads type spin default 3 ")));
    assert!(lines
        .iter()
        .any(|l| l == "option name BoardSize type string default 6x6"));
    assert_eq!(engine.fen(), "bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb b");
    engine.send("setoption name BoardSize value 3x3");
    assert_eq!(engine.fen(), "bwb/wbw/bwb b");
}

#[test]
fn a_bad_config_names_the_key_line_and_expected_type() {
    let path = config_file(
        "bad.toml",
        "# engine\n[engine]\nhash = 16\nthreads = \"two\"\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(["--config", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 4, key 'engine.threads'"), "{err}");
    assert!(err.contains("expected an integer"), "{err}");
    let out = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(["--config", "/nonexistent/engine.toml"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("cannot read"));
}

#[test]
fn without_a_config_file_the_built_in_defaults_apply() {
    // Tests run in crates/konane-cli, which has no engine.toml.
    let mut engine = Engine::start(&[]);
    let lines = options(&mut engine);
    assert!(lines
        .iter()
        .any(|l| l == "option name BoardSize type string default 8x8"));
}

/// Runs `konane bench`, checks its shape and returns its total node count.
fn bench_nodes() -> u64 {
    let out = Command::new(env!("CARGO_BIN_EXE_konane"))
        .arg("bench")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 5, "{text}");
    assert!(lines[..lines.len() - 1]
        .iter()
        .all(|l| l.starts_with("position ")));
    let words: Vec<&str> = lines.last().unwrap().split(' ').collect();
    assert_eq!(
        (words.len(), words[1], words[3]),
        (4, "nodes", "nps"),
        "{text}"
    );
    assert!(words[2].parse::<u64>().is_ok(), "{text}");
    words[0].parse().unwrap()
}

#[test]
fn bench_prints_a_line_per_position_and_the_same_total_every_run() {
    let nodes = bench_nodes();
    assert!(nodes > 0);
    assert_eq!(bench_nodes(), nodes, "the bench node count is a signature");
}
