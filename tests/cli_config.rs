//! End-to-end: engine.toml via `--config` sets the defaults shown by `uci` and used by
//! every subcommand; the command line and `setoption` override it; a bad file fails with
//! its key, line and the expected type; `konane config` writes the shipped engine.toml;
//! `konane bench` ends with its total, the same every run.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{run_ok, Engine, OutputWithin, COMMAND_LIMIT, PROMPT};

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
    let out = common::run(&["--config", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("line 4, key 'engine.threads'"), "{err}");
    assert!(err.contains("expected an integer"), "{err}");
    let out = common::run(&["--config", "/nonexistent/engine.toml"]);
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
    let out = common::run(&["bench"]);
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

#[test]
fn konane_config_writes_the_shipped_engine_toml() {
    // Run where no engine.toml is: the built-in defaults.
    let out = Command::new(env!("CARGO_BIN_EXE_konane"))
        .arg("config")
        .current_dir(env!("CARGO_TARGET_TMPDIR"))
        .output_within(COMMAND_LIMIT)
        .unwrap();
    assert!(out.status.success());
    let shipped = include_str!("../engine.toml");
    assert_eq!(String::from_utf8(out.stdout).unwrap(), shipped);
    // The file and the flags show through.
    let path = config_file(
        "config.toml",
        "[engine]\nthreads = 2\n[eval]\nmobility = 90\n",
    );
    let text = run_ok(&["--config", path.to_str().unwrap(), "--hash", "64", "config"]);
    for line in ["hash = 64 ", "threads = 2 ", "mobility = 90 "] {
        assert!(text.contains(&format!("\n{line}")), "{line}: {text}");
    }
}

#[test]
fn a_bad_flag_names_the_option_and_its_range() {
    let out = common::run(&["--hash", "0"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("option Hash value 0 is out of range 1 to 4096"),
        "{err}"
    );
}

#[test]
fn every_subcommand_starts_on_the_configured_board() {
    let path = config_file("board.toml", "[engine]\nboard_size = \"6x6\"\n");
    let config = path.to_str().unwrap();
    // perft 4 from the 6x6 start (rules.md's table).
    let text = run_ok(&["--config", config, "perft", "4"]);
    assert!(text.contains("Nodes searched: 156\n"), "{text}");
    let text = run_ok(&["--config", config, "analyse", "--depth", "1"]);
    assert!(
        text.contains("FEN: bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb b"),
        "{text}"
    );
    // Self-play's generated openings are on 6x6 too (--size still wins).
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let positions = dir.join("board-positions.txt");
    let positions_arg = positions.to_str().unwrap();
    let selfplay = [
        "selfplay",
        "--player",
        "greedy",
        "--opponent",
        "random",
        "--games",
        "2",
    ];
    let mut args = vec!["--config", config];
    args.extend(selfplay);
    args.extend(["--positions", positions_arg]);
    run_ok(&args);
    let first = std::fs::read_to_string(&positions).unwrap();
    assert_eq!(
        first.lines().next().unwrap().split('/').count(),
        6,
        "{first}"
    );
    let mut args = vec!["--config", config];
    args.extend(selfplay);
    args.extend(["--size", "5x5", "--positions", positions_arg]);
    run_ok(&args);
    let first = std::fs::read_to_string(&positions).unwrap();
    assert_eq!(
        first.lines().next().unwrap().split('/').count(),
        5,
        "{first}"
    );
}
