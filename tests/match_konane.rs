//! End-to-end: `konane match` driving the real engine (`konane` speaking the protocol)
//! against a random mover, against itself and against itself playing the random built-in
//! player (option Player); counts, records and replay agree and no
//! game is adjudicated.

mod common;

use common::{result_table as table, run_ok as konane};

/// Games, wins and losses of the table's two engine rows.
fn counts(stdout: &str) -> [[u64; 3]; 2] {
    let rows = table(stdout);
    [1, 2].map(|i| {
        let numbers: Vec<u64> = rows[i]
            .split_whitespace()
            .skip(1)
            .take(3)
            .map(|n| n.parse().unwrap())
            .collect();
        [numbers[0], numbers[1], numbers[2]]
    })
}

/// These tests check games played to the end by the rules, not timing: on a loaded
/// machine a 50 ms move can be late by more than the default 100 ms margin (seen once
/// at load 16), so the games with short time controls get 5 s of slack.
const SLACK: [&str; 2] = ["--time-margin", "5000"];

fn run_match(test: &str, engines: [&str; 2], extra: &[&str], games: u64) {
    let dir = std::env::temp_dir().join(format!("konane-e2e-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.txt");
    let games_text = games.to_string();
    let mut args = vec![
        "match",
        "--engine",
        engines[0],
        "--engine",
        engines[1],
        "--games",
        &games_text,
        "--size",
        "6x6",
        "--record",
        record.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let stdout = konane(&args);
    let [first, second] = counts(&stdout);
    assert_eq!((first[0], second[0]), (games, games), "{stdout}");
    assert_eq!(first[1] + second[1], games, "{stdout}");
    assert_eq!((first[1], first[2]), (second[2], second[1]), "{stdout}");
    assert!(
        stdout.contains(&format!("Ends: {games} by the rules\n")),
        "{stdout}"
    );
    let restarts = format!(
        "Restarts after a crash or hang: {} 0, {} 0\n",
        table(&stdout)[1].split_whitespace().next().unwrap(),
        table(&stdout)[2].split_whitespace().next().unwrap()
    );
    assert!(stdout.contains(&restarts), "{stdout}");
    let replay = konane(&["replay", record.to_str().unwrap()]);
    assert_eq!(table(&replay), table(&stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn konane_against_a_random_mover_runs_to_the_end() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/fake_engine.py"
    );
    let engine = format!("name=konane cmd={}", env!("CARGO_BIN_EXE_konane"));
    let random = format!("name=random cmd=\"python3 '{script}' good 0 11\"");
    run_match(
        "random",
        [&engine, &random],
        &["--tc", "1+0.01", SLACK[0], SLACK[1]],
        8,
    );
}

#[test]
fn konane_against_itself_runs_to_the_end() {
    let bin = env!("CARGO_BIN_EXE_konane");
    let big = format!("name=hash16 cmd={bin} option.Hash=16 depth=3");
    let small = format!("name=hash1 cmd={bin} option.Hash=1 proto=ugi movetime=50");
    run_match(
        "itself",
        [&big, &small],
        &["--concurrency", "2", SLACK[0], SLACK[1]],
        8,
    );
}

#[test]
fn konane_against_konane_playing_the_random_builtin_player() {
    let bin = env!("CARGO_BIN_EXE_konane");
    let engine = format!("name=engine cmd={bin} depth=3");
    let random = format!("name=random cmd={bin} option.Player=random depth=1");
    run_match("builtin", [&engine, &random], &[], 8);
}
