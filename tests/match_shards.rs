//! End-to-end: sharded series (`--shard K/N`) and `konane match merge`. The merged
//! shards print exactly the table, Elo, pair counts and SPRT line of one unsharded run
//! of the same schedule (self-play of built-in players, and `konane match` of the engine
//! against its built-in player); records that do not belong together, overlap or were
//! edited are refused with the files named; missing shards are listed.

mod common;

use std::path::{Path, PathBuf};

use common::{result_table, run_ok};

/// A fresh folder for one test.
fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-shards-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn path_text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The table of a run or a merge (without the merge's notes on what is missing).
fn table(stdout: &str) -> Vec<&str> {
    result_table(stdout)
        .into_iter()
        .filter(|l| !l.starts_with("Missing") && !l.starts_with("Not counted"))
        .collect()
}

/// The lines a merge must reproduce: the table and the SPRT line, whose note on pairs
/// still running at the decision (in a run) is left out.
fn figures(stdout: &str) -> Vec<String> {
    let mut lines: Vec<String> = table(stdout).into_iter().map(str::to_string).collect();
    lines.extend(stdout.lines().filter(|l| l.starts_with("SPRT")).map(|l| {
        match l
            .rfind(" (")
            .filter(|_| l.ends_with("still running then not counted)"))
        {
            Some(note) => l[..note].to_string(),
            None => l.to_string(),
        }
    }));
    assert!(lines.len() >= 7, "no table in {stdout}");
    lines
}

/// Self-play of greedy against `opponent` on `size` with `extra` arguments, its records
/// in `record`; returns stdout.
fn selfplay_of(opponent: &str, size: &str, record: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "selfplay",
        "--player",
        "greedy",
        "--opponent",
        opponent,
        "--size",
        size,
        "--record",
        path_text(record),
    ];
    args.extend_from_slice(extra);
    run_ok(&args)
}

/// Self-play of greedy against random on 6x6.
fn selfplay(record: &Path, extra: &[&str]) -> String {
    selfplay_of("random", "6x6", record, extra)
}

/// `konane match merge` of `files` with `extra` arguments.
fn merge(files: &[PathBuf], extra: &[&str]) -> std::process::Output {
    let mut args: Vec<&str> = vec!["match", "merge"];
    args.extend_from_slice(extra);
    args.extend(files.iter().map(|p| path_text(p)));
    common::run(&args)
}

fn merged_ok(files: &[PathBuf], extra: &[&str]) -> String {
    let output = merge(files, extra);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn merge_error(files: &[PathBuf]) -> String {
    let output = merge(files, &[]);
    assert!(!output.status.success(), "the merge should fail");
    String::from_utf8(output.stderr).unwrap()
}

/// Plays `games` games of self-play in `count` shards; returns the shards' records.
fn selfplay_shards(dir: &Path, games: u64, count: u64, extra: &[&str]) -> Vec<PathBuf> {
    (1..=count)
        .map(|k| {
            let record = dir.join(format!("shard-{k}-of-{count}.txt"));
            let shard = format!("{k}/{count}");
            let games = games.to_string();
            let mut args = vec!["--games", &games, "--shard", &shard];
            args.extend_from_slice(extra);
            let stdout = selfplay(&record, &args);
            assert!(
                stdout.contains(&format!("Shard {shard}: pairs ")),
                "{stdout}"
            );
            record
        })
        .collect()
}

#[test]
fn merged_selfplay_shards_equal_the_unsharded_run() {
    let dir = folder("selfplay");
    for (games, count, sprt) in [
        (40, 4, "elo0=-50 elo1=500"),
        (26, 3, "elo0=0 elo1=20"),
        (20, 7, "elo0=-300 elo1=-200"),
    ] {
        let sprt_args = ["--sprt", sprt];
        let whole = selfplay(
            &dir.join("whole.txt"),
            &[&["--games", &games.to_string()], &sprt_args[..]].concat(),
        );
        let shards = selfplay_shards(&dir, games, count, &sprt_args);
        let merged = merged_ok(&shards, &[]);
        assert_eq!(figures(&merged), figures(&whole), "{merged}\n{whole}");
        assert!(
            merged.starts_with(&format!("Merged {count} record files: ")),
            "{merged}"
        );
        assert!(!merged.contains("Missing"), "{merged}");
        // The order of the files does not matter.
        let reversed: Vec<PathBuf> = shards.iter().rev().cloned().collect();
        assert_eq!(figures(&merged_ok(&reversed, &[])), figures(&whole));
    }
}

#[test]
fn an_sprt_decided_early_counts_the_pairs_before_the_decision() {
    let dir = folder("decision");
    // Greedy beats random so clearly that the SPRT accepts H1 after about 12 pairs.
    let sprt = ["--sprt", "elo0=0 elo1=100"];
    let whole = selfplay(
        &dir.join("whole.txt"),
        &[&["--games", "60"], &sprt[..]].concat(),
    );
    assert!(whole.contains("H1 accepted after"), "{whole}");
    let shards = selfplay_shards(&dir, 60, 3, &sprt);
    let merged = merged_ok(&shards, &[]);
    assert_eq!(figures(&merged), figures(&whole), "{merged}\n{whole}");
    assert!(merged.contains("Not counted: "), "{merged}");
    // A test given to the merge replaces the shards' own.
    let other = merged_ok(&shards, &["--sprt", "elo0=0 elo1=5"]);
    assert!(other.contains("SPRT elo0=0 elo1=5 "), "{other}");
    let without = selfplay_shards(&folder("decision-none"), 60, 3, &[]);
    assert!(!merged_ok(&without, &[]).contains("SPRT"));
}

#[test]
fn merged_match_shards_equal_the_unsharded_match() {
    // The engine at depth 2 on one thread against its greedy built-in player (seeded by
    // the position): every game is the same whichever process plays it.
    let dir = folder("match");
    let konane = env!("CARGO_BIN_EXE_konane");
    let first = format!("name=engine cmd={konane} option.Threads=1");
    let second = format!("name=greedy cmd={konane} option.Player=greedy");
    let play = |record: &Path, shard: Option<&str>| {
        let mut args = vec![
            "match",
            "--engine",
            &first,
            "--engine",
            &second,
            "--depth",
            "2",
            "--size",
            "6x6",
            "--games",
            "10",
            "--sprt",
            "elo0=-100 elo1=100",
            "--record",
            path_text(record),
        ];
        if let Some(shard) = shard {
            args.extend_from_slice(&["--shard", shard]);
        }
        run_ok(&args)
    };
    let whole = play(&dir.join("whole.txt"), None);
    let shards: Vec<PathBuf> = (1..=3)
        .map(|k| {
            let record = dir.join(format!("shard-{k}.txt"));
            play(&record, Some(&format!("{k}/3")));
            record
        })
        .collect();
    let merged = merged_ok(&shards, &[]);
    assert_eq!(figures(&merged), figures(&whole), "{merged}\n{whole}");
}

#[test]
fn missing_shards_are_listed() {
    let dir = folder("missing");
    let shards = selfplay_shards(&dir, 40, 4, &[]);
    let merged = merged_ok(&[shards[0].clone(), shards[2].clone()], &[]);
    assert!(
        merged.contains("Merged 2 record files: 10 of 20 pairs"),
        "{merged}"
    );
    assert!(
        merged.contains("Missing: shards 2, 4, pairs 6-10, 16-20 "),
        "{merged}"
    );
    // The first shard alone is the first quarter of the unsharded run.
    let whole = selfplay(&dir.join("whole.txt"), &["--games", "10"]);
    let alone = merged_ok(&shards[..1], &[]);
    assert_eq!(table(&alone), table(&whole));
}

/// Writes `text` to a new file `name` in `dir`.
fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn records_that_do_not_belong_together_are_refused_with_the_difference() {
    let dir = folder("mismatch");
    let shards = selfplay_shards(&dir, 20, 2, &[]);
    let base = &shards[0];
    let other = |name: &str, opponent: &str, size: &str, games: &str, extra: &[&str]| {
        let record = dir.join(name);
        selfplay_of(
            opponent,
            size,
            &record,
            &[&["--games", games, "--shard", "2/2"], extra].concat(),
        );
        record
    };
    let cases = [
        (
            other("seed.txt", "random", "6x6", "20", &["--seed", "2"]),
            "seed: 1 in",
        ),
        (
            other("jumps.txt", "random", "6x6", "20", &["--random-jumps", "3"]),
            "jumps: 2 in",
        ),
        (
            other("games.txt", "random", "6x6", "22", &[]),
            "games: 20 in",
        ),
        (
            other("board.txt", "random", "5x5", "20", &[]),
            "board: 6x6 in",
        ),
        (
            other("players.txt", "alphabeta1", "6x6", "20", &[]),
            "the engines: 'greedy', 'random' in",
        ),
        (
            other(
                "sprt.txt",
                "random",
                "6x6",
                "20",
                &["--sprt", "elo0=0 elo1=5"],
            ),
            "the SPRT: (none) in",
        ),
    ];
    for (record, needle) in cases {
        let error = merge_error(&[base.clone(), record.clone()]);
        assert!(error.contains(needle), "{needle}: {error}");
        assert!(
            error.contains(path_text(base)) && error.contains(path_text(&record)),
            "{error}"
        );
    }
}

#[test]
fn match_records_differing_in_time_control_are_refused() {
    let dir = folder("time");
    let konane = env!("CARGO_BIN_EXE_konane");
    let engines = [
        format!("name=a cmd={konane} option.Player=random"),
        format!("name=b cmd={konane} option.Player=greedy"),
    ];
    let play = |name: &str, time: &[&str], shard: &str| {
        let record = dir.join(name);
        let mut args = vec![
            "match",
            "--engine",
            &engines[0],
            "--engine",
            &engines[1],
            "--size",
            "5x5",
            "--games",
            "4",
            "--shard",
            shard,
            "--record",
            path_text(&record),
        ];
        args.extend_from_slice(time);
        run_ok(&args);
        record
    };
    let depth = play("depth.txt", &["--depth", "1"], "1/2");
    let nodes = play("nodes.txt", &["--nodes", "100"], "2/2");
    let error = merge_error(&[depth.clone(), nodes.clone()]);
    assert!(
        error.contains("the time control of 'a': depth=1 in") && error.contains(", nodes=100 in"),
        "{error}"
    );
}

#[test]
fn overlapping_and_edited_records_are_refused() {
    let dir = folder("overlap");
    let halves = selfplay_shards(&dir, 20, 2, &[]);
    let quarters = selfplay_shards(&dir, 20, 4, &[]);
    // The same shard twice, and the first half with the second quarter.
    for (a, b) in [(&halves[0], &halves[0]), (&halves[0], &quarters[1])] {
        let error = merge_error(&[a.clone(), b.clone()]);
        assert!(error.contains("the records overlap: pair "), "{error}");
    }
    // Halves and quarters that do not overlap merge (the first half, the last two quarters).
    let mixed = merged_ok(
        &[halves[0].clone(), quarters[2].clone(), quarters[3].clone()],
        &[],
    );
    assert!(mixed.contains("10 of 10 pairs"), "{mixed}");
    let text = std::fs::read_to_string(&halves[1]).unwrap();
    // A game removed: its pair is incomplete.
    let cut = text.find("game 20\n").unwrap();
    let end = cut + text[cut..].find("end\n").unwrap() + 4;
    let edited = write(
        &dir,
        "cut.txt",
        &format!("{}{}", &text[..cut], &text[end..]),
    );
    let error = merge_error(&[halves[0].clone(), edited]);
    assert!(
        error.contains("pair 10 does not hold its two games"),
        "{error}"
    );
    // A shard line changed: its games are outside it.
    let moved = write(&dir, "moved.txt", &text.replace("shard 2/2", "shard 1/2"));
    let error = merge_error(&[moved]);
    assert!(error.contains("which is not in its shard 1/2"), "{error}");
    // A record without a series line (an older konane's).
    let old = write(
        &dir,
        "old.txt",
        &text
            .lines()
            .filter(|l| !l.starts_with("series ") && !l.starts_with("shard "))
            .map(|l| format!("{l}\n"))
            .collect::<String>(),
    );
    let error = merge_error(&[halves[0].clone(), old]);
    assert!(error.contains("has no 'series' line"), "{error}");
    // A cut-off file is a bad record file, named.
    let truncated = write(&dir, "truncated.txt", &text[..text.len() - 10]);
    let error = merge_error(&[halves[0].clone(), truncated.clone()]);
    assert!(error.contains(path_text(&truncated)), "{error}");
}

#[test]
fn a_shard_too_small_for_any_pair_is_refused() {
    let dir = folder("small");
    let record = dir.join("x.txt");
    let output = common::run(&[
        "selfplay",
        "--player",
        "greedy",
        "--opponent",
        "random",
        "--games",
        "4",
        "--shard",
        "1/3",
        "--record",
        path_text(&record),
    ]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(error.contains("too few for 3 shards"), "{error}");
    let output = common::run(&["selfplay", "--shard", "4/3"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("1 <= K <= N"));
}
