//! End-to-end: `konane match` against fake engines (tests/fixtures/fake_engine.py) that
//! play random legal moves or misbehave on purpose; each failure is adjudicated with
//! its reason, the match finishes, and counts, records and `konane replay` agree.

mod common;

use common::{result_table as table, run as konane};

use std::path::PathBuf;
use std::process::Output;

/// An engine description running the fake in `mode`, misbehaving at its `n`-th move.
fn fake(name: &str, mode: &str, n: u32, extra: &str) -> String {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/fixtures/fake_engine.py"
    );
    format!(
        "name={name} cmd=\"python3 '{script}' {mode} {n} {}\" {extra}",
        name.len()
    )
}

/// A fresh record path for one test.
fn record_path(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-match-{}-{test}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("games.txt")
}

fn text(output: &Output) -> String {
    assert!(
        output.status.success(),
        "stdout: {}\nstderr: {}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// Plays `games` games of a good fake against one that fails in `mode` at its first
/// move of every game; returns stdout.
fn adjudicated(mode: &str, reason: &str, games: u64, extra: &[&str]) -> String {
    let record = record_path(mode);
    let good = fake("good", "good", 0, "");
    let bad = fake("bad", mode, 1, "");
    let games_text = games.to_string();
    let mut args = vec![
        "match",
        "--engine",
        &good,
        "--engine",
        &bad,
        "--games",
        &games_text,
        "--size",
        "6x6",
    ];
    args.extend_from_slice(extra);
    let record_text = record.to_str().unwrap();
    args.extend_from_slice(&["--record", record_text]);
    let output = konane(&args);
    let stdout = text(&output);
    assert!(
        stdout.contains(&format!(
            "Ends: 0 by the rules, {games} {reason} (bad lost)"
        )),
        "{stdout}"
    );
    let good_row = table(&stdout)[1]
        .split_whitespace()
        .take(5)
        .collect::<Vec<_>>();
    assert_eq!(
        good_row,
        ["good", &games_text, &games_text, "0", "100.0%"],
        "{stdout}"
    );
    let records = std::fs::read_to_string(&record).unwrap();
    assert_eq!(
        records.matches(&format!("\nreason {reason}")).count() as u64,
        games,
        "{records}"
    );
    let replay = text(&konane(&["replay", record_text]));
    assert_eq!(table(&replay), table(&stdout));
    std::fs::remove_dir_all(record.parent().unwrap()).unwrap();
    stdout
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    let stdout = adjudicated("crash", "crash", 4, &["--depth", "1"]);
    // Restarted before each of the games after the first.
    assert!(
        stdout.contains("Restarts after a crash or hang: good 0, bad 3"),
        "{stdout}"
    );
}

#[test]
fn an_illegal_move_loses() {
    adjudicated("illegal", "illegal", 4, &["--depth", "1"]);
}

#[test]
fn an_unreadable_move_loses() {
    adjudicated("garbage", "unparseable", 4, &["--depth", "1"]);
}

#[test]
fn claiming_the_game_is_over_loses() {
    adjudicated("none", "disagreement", 4, &["--depth", "1"]);
}

#[test]
fn a_silent_engine_loses_by_stall() {
    let stdout = adjudicated(
        "hang",
        "stall",
        2,
        &["--depth", "1", "--stall-timeout", "1"],
    );
    assert!(
        stdout.contains("Restarts after a crash or hang: good 0, bad 1"),
        "{stdout}"
    );
}

#[test]
fn a_slow_engine_loses_on_time() {
    adjudicated(
        "slow",
        "time",
        2,
        &["--tc", "0.5+0", "--time-margin", "100"],
    );
}

#[test]
fn a_huge_output_line_does_not_disturb_the_game_and_the_log_shows_it() {
    let good = fake("good", "good", 0, "");
    let spam = fake("spam", "spam", 1, "");
    let log = record_path("spam").with_file_name("protocol.log");
    let stdout = text(&konane(&[
        "match",
        "--engine",
        &good,
        "--engine",
        &spam,
        "--games",
        "2",
        "--size",
        "6x6",
        "--depth",
        "1",
        "--record",
        "/dev/null",
        "--log",
        log.to_str().unwrap(),
    ]));
    assert!(stdout.contains("Ends: 2 by the rules"), "{stdout}");
    // The log holds both directions of both engines, the long line cut in pieces.
    let log_text = std::fs::read_to_string(&log).unwrap();
    for needle in [
        " < uci\n",
        " > uciok\n",
        " < go depth 1\n",
        " > bestmove ",
        " < ucinewgame\n",
    ] {
        assert!(log_text.contains(needle), "{needle}");
    }
    assert!(log_text
        .lines()
        .any(|l| l.contains("spam#") && l.contains("> info string xxx")));
    assert!(log_text.lines().all(|l| l.len() < 70_000));
    std::fs::remove_dir_all(log.parent().unwrap()).unwrap();
}

#[test]
fn concurrent_games_with_per_engine_time_controls_add_up() {
    let record = record_path("concurrent");
    let first = fake("first", "good", 0, "depth=2");
    let second = fake("second", "good", 0, "proto=ugi tc=5+0.05 option.Hash=8");
    let record_text = record.to_str().unwrap();
    let stdout = text(&konane(&[
        "match",
        "--engine",
        &first,
        "--engine",
        &second,
        "--games",
        "10",
        "--concurrency",
        "2",
        "--size",
        "6x6",
        "--seed",
        "9",
        "--record",
        record_text,
    ]));
    let rows: Vec<Vec<u64>> = table(&stdout)[1..3]
        .iter()
        .map(|row| {
            row.split_whitespace()
                .skip(1)
                .take(3)
                .map(|n| n.parse().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(rows[0][0], 10, "{stdout}");
    assert_eq!(rows[0][1] + rows[1][1], 10, "{stdout}");
    assert_eq!(
        (rows[0][1], rows[0][2]),
        (rows[1][2], rows[1][1]),
        "{stdout}"
    );
    assert!(stdout.contains("Ends: 10 by the rules"), "{stdout}");
    let records = std::fs::read_to_string(&record).unwrap();
    for number in 1..=10 {
        assert!(records.contains(&format!("game {number}\n")), "{records}");
    }
    assert!(
        records.contains("proto=ugi option.Hash=8 tc=5+0.05"),
        "{records}"
    );
    let replay = text(&konane(&["replay", record_text]));
    assert_eq!(table(&replay), table(&stdout));
    let game = text(&konane(&["replay", record_text, "--game", "7"]));
    assert!(game.starts_with("Game 7 (pair 4)"), "{game}");
    assert!(game.contains("wins: no legal move left"), "{game}");
    std::fs::remove_dir_all(record.parent().unwrap()).unwrap();
}

#[test]
fn the_sprt_stops_when_it_decides() {
    // A side that wins every pair: the logistic GSPRT [0, 200] (empty bins counted as
    // 0.001 pairs) gives LLR 2.929 after 7 pairs and 3.348 after 8, so H1 is accepted
    // at 8 pairs (bound 2.944); losing every pair gives -2.933 after 4 and -3.666
    // after 5, so H0 at 5. Values computed independently in Python from the formulas
    // of Van den Bergh's "Comments on Normalized Elo" (proposition 1.1).
    let record = record_path("sprt");
    let record_text = record.to_str().unwrap();
    let good = fake("good", "good", 0, "");
    let bad = fake("bad", "illegal", 1, "");
    for (first, second, verdict, games) in [
        (&good, &bad, "H1 accepted after 8 pairs", "16"),
        (&bad, &good, "H0 accepted after 5 pairs", "10"),
    ] {
        let stdout = text(&konane(&[
            "match",
            "--engine",
            first,
            "--engine",
            second,
            "--depth",
            "1",
            "--size",
            "6x6",
            "--sprt",
            "elo0=0 elo1=200",
            "--games",
            "200",
            "--record",
            record_text,
        ]));
        assert!(stdout.contains(verdict), "{stdout}");
        assert!(
            stdout.contains(&format!("Ends: 0 by the rules, {games} illegal")),
            "{stdout}"
        );
    }
    std::fs::remove_dir_all(record.parent().unwrap()).unwrap();
}

#[test]
fn bad_arguments_get_one_clear_error() {
    let good = fake("good", "good", 0, "");
    for (args, needle) in [
        (
            vec![
                "match", "--engine", "name=A", "--engine", &good, "--depth", "1",
            ],
            "no cmd",
        ),
        (
            vec!["match", "--engine", &good, "--depth", "1"],
            "exactly two",
        ),
        (
            vec![
                "match", "--engine", &good, "--engine", &good, "--depth", "1",
            ],
            "both engines are named",
        ),
        (
            vec![
                "match",
                "--engine",
                &good,
                "--engine",
                "name=x cmd=/no/such/engine",
                "--depth",
                "1",
            ],
            "cannot run",
        ),
        (
            vec!["match", "--engine", &good, "--engine", "name=x cmd=true"],
            "no time control",
        ),
        (
            vec![
                "match",
                "--engine",
                &good,
                "--engine",
                "name=x cmd=true",
                "--sprt",
                "elo0=5 elo1=0",
            ],
            "below",
        ),
        (vec!["replay", "/no/such/records.txt"], "cannot read"),
    ] {
        let output = konane(&args);
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{args:?}: {stderr}");
    }
}
