//! End-to-end: `konane selfplay` of built-in players, its records read back by
//! `konane replay`, its positions file, and results independent of the worker count.

mod common;

use common::{result_table as table, run_ok as konane};

#[test]
fn greedy_beats_random_and_records_replay_the_same_totals() {
    let dir = std::env::temp_dir().join(format!("konane-selfplay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.txt");
    let positions = dir.join("positions.txt");
    let common = [
        "selfplay",
        "--player",
        "greedy",
        "--opponent",
        "random",
        "--games",
        "40",
        "--size",
        "6x6",
        "--seed",
        "3",
    ];
    let mut args = common.to_vec();
    args.extend([
        "--record",
        record.to_str().unwrap(),
        "--positions",
        positions.to_str().unwrap(),
    ]);
    let stdout = konane(&args);
    let rows: Vec<Vec<&str>> = table(&stdout)[1..3]
        .iter()
        .map(|row| row.split_whitespace().collect())
        .collect();
    assert_eq!((rows[0][0], rows[0][1]), ("greedy", "40"), "{stdout}");
    let greedy_wins: u32 = rows[0][2].parse().unwrap();
    let random_wins: u32 = rows[1][2].parse().unwrap();
    assert_eq!(greedy_wins + random_wins, 40, "{stdout}");
    assert!(
        greedy_wins >= 28,
        "greedy won only {greedy_wins} of 40\n{stdout}"
    );
    assert!(stdout.contains("Ends: 40 by the rules"), "{stdout}");

    let replay = konane(&["replay", record.to_str().unwrap()]);
    assert_eq!(table(&replay), table(&stdout));
    // Each game writes its start and every position after a move.
    let plies: usize = replay
        .lines()
        .filter(|l| l.starts_with("game "))
        .map(|l| {
            l.split_whitespace()
                .rev()
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    let positions_text = std::fs::read_to_string(&positions).unwrap();
    assert_eq!(positions_text.lines().count(), plies + 40);

    // Built-in players are seeded per pair: two workers give the same games.
    let mut concurrent = common.to_vec();
    concurrent.extend(["--concurrency", "2"]);
    assert_eq!(table(&konane(&concurrent)), table(&stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn each_engine_player_takes_its_own_name_and_options() {
    let dir = std::env::temp_dir().join(format!("konane-selfplay-options-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("games.txt");
    let stdout = konane(&[
        "selfplay",
        "--opponent",
        "engine name=no-endgame option.EndgameSolver=false",
        "--depth",
        "1",
        "--size",
        "5x5",
        "--games",
        "4",
        "--record",
        record.to_str().unwrap(),
    ]);
    let rows = table(&stdout);
    assert!(rows[1].starts_with("engine "), "{stdout}");
    assert!(rows[2].starts_with("no-endgame "), "{stdout}");
    let records = std::fs::read_to_string(&record).unwrap();
    let header: Vec<&str> = records.lines().take(3).collect();
    assert!(header[1].starts_with("engine engine in-process engine, limits "));
    assert!(
        header[2].starts_with("engine no-endgame in-process engine, limits ")
            && header[2].ends_with(", option.EndgameSolver=false"),
        "{records}"
    );
    assert_eq!(table(&konane(&["replay", record.to_str().unwrap()])), rows);
    std::fs::remove_dir_all(&dir).unwrap();

    for (opponent, needle) in [
        ("engine option.Threads=0", "out of range"),
        ("engine option.Speed=3", "Speed"),
        ("engine name=engine", "both engines are named 'engine'"),
        ("random option.Hash=8", "only the engine"),
    ] {
        let output = common::run(&["selfplay", "--opponent", opponent, "--games", "2"]);
        assert!(!output.status.success(), "{opponent}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{opponent}: {stderr}");
    }
}
