//! End-to-end: `konane solve` cut into units (`--split D --units FILE`), solved by
//! shards (`--shard K/N --results OUT`, resumable, locked) and merged (`--merge`): the
//! merged verdict and winning moves are those of the plain solve; a stopped or killed
//! shard keeps every whole result and resumes; every bad input is one clear error that
//! loses no result already written.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};

use common::{run as konane, run_ok};

fn folder(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-units-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// Runs `args`, which must fail; its error message, checked to be one line.
fn fails(args: &[&str]) -> String {
    let error = common::run_fails(args);
    assert_eq!(error.lines().count(), 1, "{error}");
    error
}

/// Writes the units of `size` split at `depth` plies to `units`; the output.
fn split(size: &str, depth: &str, units: &Path) -> String {
    run_ok(&[
        "solve",
        "--size",
        size,
        "--split",
        depth,
        "--units",
        text(units),
    ])
}

/// The arguments of `konane solve` for shard `shard` of `units` into `results`, then
/// `extra`.
fn shard_args<'a>(
    units: &'a Path,
    shard: &'a str,
    results: &'a Path,
    extra: &[&'a str],
) -> Vec<&'a str> {
    let mut args = vec![
        "solve",
        "--units",
        text(units),
        "--shard",
        shard,
        "--results",
        text(results),
    ];
    args.extend_from_slice(extra);
    args
}

/// The verdict and winning-moves lines of a solve or a merge.
fn verdict(stdout: &str) -> Vec<String> {
    let mut lines: Vec<String> = stdout
        .lines()
        .filter(|l| ["Black wins", "White wins"].contains(l) || l.starts_with("Winning moves"))
        .map(str::to_string)
        .collect();
    // The winning moves in a fixed order.
    if let Some(line) = lines.iter_mut().find(|l| l.starts_with("Winning moves")) {
        let (head, moves) = line.split_once(": ").unwrap();
        let mut moves: Vec<&str> = moves.split_whitespace().collect();
        moves.sort_unstable();
        *line = format!("{head}: {}", moves.join(" "));
    }
    lines
}

/// Splits the start of `size` at `depth`, solves it in `shards` shards and merges.
fn split_solve(dir: &Path, size: &str, depth: u32, shards: u64) -> String {
    let units = dir.join(format!("units-{size}-{depth}.txt"));
    let depth_text = depth.to_string();
    let out = split(size, &depth_text, &units);
    assert!(
        out.contains(" units (symmetric positions once) in "),
        "{out}"
    );
    let results: Vec<PathBuf> = (1..=shards)
        .map(|k| {
            let path = dir.join(format!("results-{size}-{depth}-{k}.txt"));
            let shard = format!("{k}/{shards}");
            let out = run_ok(&shard_args(&units, &shard, &path, &["--threads", "2"]));
            assert!(out.contains(&format!("Shard {shard} complete")), "{out}");
            path
        })
        .collect();
    let mut args = vec!["solve", "--units", text(&units), "--all", "--merge"];
    args.extend(results.iter().map(|p| text(p)));
    run_ok(&args)
}

#[test]
fn merged_units_give_the_verdict_and_winning_moves_of_the_plain_solve() {
    let dir = folder("equal");
    for (size, depth, shards) in [("5x5", 2, 2), ("5x5", 5, 3), ("6x4", 4, 4), ("4x5", 7, 2)] {
        let plain = run_ok(&["solve", "--size", size, "--threads", "1"]);
        let merged = split_solve(&dir, size, depth, shards);
        assert_eq!(
            verdict(&merged),
            verdict(&plain),
            "{size} at {depth}:\n{merged}\n{plain}"
        );
        assert!(!merged.contains("Still needed"), "{merged}");
        let solved = merged.lines().next().unwrap();
        assert!(
            solved.starts_with("Units: ") && solved.contains(" solved ("),
            "{solved}"
        );
    }
}

#[test]
fn an_incomplete_merge_lists_the_needed_units_cheapest_proof_first() {
    let dir = folder("needed");
    let units = dir.join("units.txt");
    split("5x5", "4", &units);
    let results = dir.join("results-1.txt");
    run_ok(&shard_args(&units, "1/3", &results, &[]));
    let merged = run_ok(&["solve", "--units", text(&units), "--merge", text(&results)]);
    assert!(merged.contains("Units: 3 of 9 solved"), "{merged}");
    assert!(merged.contains("Winner not proven yet"), "{merged}");
    assert!(
        merged.contains("Winning moves for Black (so far): "),
        "{merged}"
    );
    let listed: Vec<&str> = merged
        .lines()
        .skip_while(|l| !l.starts_with("Still needed: "))
        .collect();
    assert_eq!(listed[0], "Still needed: 6 units", "{merged}");
    assert!(listed[1].starts_with("Proof numbers: "), "{merged}");
    assert!(listed[2].starts_with("Cheapest proof: if "), "{merged}");
    // Each needed unit once, as its units file line, none of them solved already.
    let file = std::fs::read_to_string(&units).unwrap();
    let solved = std::fs::read_to_string(&results).unwrap();
    let lines: Vec<&&str> = listed[3..].iter().filter(|l| **l != "Others:").collect();
    assert_eq!(lines.len(), 6);
    for line in lines {
        assert!(file.contains(&format!("{line}\n")), "{line}");
        let id = line.split_whitespace().next().unwrap();
        assert!(
            !solved.lines().any(|l| l.starts_with(&format!("{id} "))),
            "{id}"
        );
    }
}

#[test]
fn rounds_of_cheapest_proofs_decide_with_fewer_units() {
    let dir = folder("rounds");
    let units = dir.join("units.txt");
    split("6x4", "5", &units);
    let count: usize = std::fs::read_to_string(&units)
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix("units "))
        .unwrap()
        .parse()
        .unwrap();
    let results = [dir.join("results-1.txt"), dir.join("results-2.txt")];
    let round = dir.join("round.txt");
    let mut merged = run_ok(&["solve", "--units", text(&units), "--merge"]);
    assert!(
        merged.contains(&format!("Still needed: {count} units")),
        "{merged}"
    );
    let mut rounds = 0;
    while merged.contains("Winner not proven yet") {
        rounds += 1;
        assert!(rounds <= count, "no progress:\n{merged}");
        // The cheapest proof's units, shared by two shards.
        let proof: String = merged
            .lines()
            .skip_while(|l| !l.starts_with("Cheapest proof"))
            .take_while(|l| *l != "Others:")
            .map(|l| format!("{l}\n"))
            .collect();
        std::fs::write(&round, proof).unwrap();
        for (k, out) in results.iter().enumerate() {
            let shard = format!("{}/2", k + 1);
            // Units left out by --only are not counted as solved.
            let solved = std::fs::read_to_string(out).map_or(0, |t| {
                t.lines()
                    .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                    .count()
            });
            let stdout = run_ok(&shard_args(&units, &shard, out, &["--only", text(&round)]));
            assert!(
                stdout.contains(&format!(", {solved} already in ")),
                "{stdout}"
            );
        }
        merged = run_ok(&[
            "solve",
            "--units",
            text(&units),
            "--merge",
            text(&results[0]),
            text(&results[1]),
        ]);
    }
    let plain = run_ok(&["solve", "--size", "6x4", "--threads", "1"]);
    assert_eq!(
        verdict(&merged).first(),
        verdict(&plain).first(),
        "{merged}"
    );
    let solved: usize = merged
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("Units: "))
        .and_then(|l| l.split_whitespace().next())
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        solved < count,
        "{solved} of {count} units solved:\n{merged}"
    );
    // A unit the units file does not have.
    std::fs::write(&round, format!("{} x\n", count + 1)).unwrap();
    let error = fails(&shard_args(
        &units,
        "1/2",
        &results[0],
        &["--only", text(&round)],
    ));
    assert!(error.contains("is not in"), "{error}");
}

/// Starts a shard process with `args` and waits for its first line, which it prints
/// once it holds its results file and catches Ctrl-C; the output stays open.
fn start_shard(args: &[&str]) -> (Child, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let watchdog = common::Watchdog::new(child.id(), common::COMMAND_LIMIT);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    watchdog.check(&format!("{args:?}"));
    assert!(line.starts_with("Shard "), "{line}");
    (child, out)
}

/// Every line of a results file is whole: the header, then `ID WINNER NODES SECONDS`.
fn assert_whole_lines(path: &Path) -> usize {
    let results = std::fs::read_to_string(path).unwrap();
    assert!(results.ends_with('\n'), "{results}");
    let mut lines = results.lines();
    assert!(lines.next().unwrap().starts_with("konane-results 1 units="));
    lines
        .inspect(|l| assert_eq!(l.split_whitespace().count(), 4, "{l}"))
        .count()
}

#[test]
fn a_shard_stopped_or_killed_keeps_its_results_and_resumes() {
    let dir = folder("resume");
    let units = dir.join("units.txt");
    // 6x6 cut at one ply: two units (a corner and a centre removal) of seconds each.
    split("6x6", "1", &units);
    let results = dir.join("results.txt");
    let args = shard_args(&units, "1/1", &results, &["--threads", "1"]);
    let (first, _first_out) = start_shard(&args);
    // Ctrl-C at once (the work takes seconds): the unit in progress is dropped, the
    // process says how to resume.
    let status = Command::new("kill")
        .args(["-INT", &first.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let watchdog = common::Watchdog::new(first.id(), common::COMMAND_LIMIT);
    let output = first.wait_with_output().unwrap();
    watchdog.check("the stopped shard");
    assert!(!output.status.success());
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(
        error.contains("run the same command again to resume"),
        "{error}"
    );
    let kept = assert_whole_lines(&results);
    // Killed outright in the middle of a unit: whole lines only, nothing lost. While it
    // runs (its first line comes once it holds the file), a second shard process on the
    // same results file is refused.
    let (mut second, _second_out) = start_shard(&args);
    let error = fails(&args);
    assert!(
        error.contains("is being written by another process"),
        "{error}"
    );
    second.kill().unwrap();
    second.wait().unwrap();
    assert!(assert_whole_lines(&results) >= kept);
    // Resumed to the end: each unit once.
    let out = run_ok(&args);
    assert!(out.contains("Shard 1/1 complete: 2 units"), "{out}");
    assert_eq!(assert_whole_lines(&results), 2);
    let again = run_ok(&args);
    assert!(again.contains("2 already in"), "{again}");
    assert!(again.contains("0 to solve"), "{again}");
    let merged = run_ok(&["solve", "--units", text(&units), "--merge", text(&results)]);
    assert!(merged.contains("White wins"), "{merged}");
}

#[test]
fn a_resumed_shard_solves_only_the_units_not_yet_written() {
    let dir = folder("partial");
    let units = dir.join("units.txt");
    split("5x5", "4", &units);
    let results = dir.join("results.txt");
    let args = shard_args(&units, "1/1", &results, &[]);
    run_ok(&args);
    let full = std::fs::read_to_string(&results).unwrap();
    // Keep the header and two results, and half of a third line (a write cut off).
    let lines: Vec<&str> = full.lines().collect();
    let cut = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        lines[1],
        lines[2],
        &lines[3][..3]
    );
    std::fs::write(&results, &cut).unwrap();
    let output = konane(&args);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("2 already in"), "{stdout}");
    assert!(stdout.contains("7 to solve"), "{stdout}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("the last line was cut off"), "{stderr}");
    let resumed = std::fs::read_to_string(&results).unwrap();
    assert!(resumed.starts_with(&format!("{}\n{}\n{}\n", lines[0], lines[1], lines[2])));
    assert_eq!(assert_whole_lines(&results), 9);
}

#[test]
fn bad_units_files_are_one_clear_error() {
    let dir = folder("bad-units");
    let units = dir.join("units.txt");
    split("5x5", "4", &units);
    let good = std::fs::read_to_string(&units).unwrap();
    let results = dir.join("results.txt");
    let write = |name: &str, content: &str| {
        let path = dir.join(name);
        std::fs::write(&path, content).unwrap();
        path
    };
    let line_two = good.lines().nth(6).unwrap();
    let cases = [
        (
            write("truncated.txt", &good[..good.len() - 40]),
            "is truncated",
        ),
        (
            // The side to move changed (units 4 plies down have Black to move).
            write(
                "edited.txt",
                &good.replacen(
                    line_two,
                    &format!("{} w", line_two.strip_suffix(" b").unwrap()),
                    1,
                ),
            ),
            "is not the position its path leads to",
        ),
        (
            write("edited-split.txt", &good.replace("split 4", "split 3")),
            "the path has 4 moves, not the split depth 3",
        ),
        (write("foreign.txt", "hello\n"), "not a units file"),
    ];
    for (path, needle) in cases {
        for mode in [
            vec!["--shard", "1/2", "--results", text(&results)],
            vec!["--merge", text(&results)],
        ] {
            let mut args = vec!["solve", "--units", text(&path)];
            args.extend(&mode);
            let error = fails(&args);
            assert!(error.contains(needle), "{needle}: {error}");
            assert!(error.contains(text(&path)), "{error}");
        }
    }
    assert!(
        !results.exists(),
        "a bad units file creates no results file"
    );
    // The file of another board or split than the command names.
    for (check, needle) in [
        (["--size", "6x6"], "has board 5x5, not 6x6"),
        (["--split", "3"], "has split depth 4, not 3"),
        (["--moves", "c3"], "has root"),
    ] {
        let mut args = vec!["solve", "--units", text(&units), "--merge", text(&results)];
        if check[0] == "--moves" {
            args.extend(["--size", "5x5"]);
        }
        args.extend(check);
        let error = fails(&args);
        assert!(error.contains(needle), "{needle}: {error}");
    }
    let error = fails(&["solve", "--units", text(&units)]);
    assert!(error.contains("give --split D"), "{error}");
    let error = fails(&[
        "solve",
        "--size",
        "5x5",
        "--split",
        "0",
        "--units",
        text(&units),
    ]);
    assert!(error.contains("from 1 to"), "{error}");
}

#[test]
fn bad_results_are_one_clear_error_and_lose_nothing() {
    let dir = folder("bad-results");
    let units = dir.join("units.txt");
    split("5x5", "4", &units);
    let results = dir.join("results-1.txt");
    let shard = |k: &str, path: &Path| -> Vec<String> {
        shard_args(&units, k, path, &[])
            .into_iter()
            .map(str::to_string)
            .collect()
    };
    let fails_with = |args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        fails(&args)
    };
    run_ok(
        &shard("1/2", &results)
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
    );
    let good = std::fs::read_to_string(&results).unwrap();
    // Another shard on a finished shard's results file.
    let error = fails_with(shard("2/2", &results));
    assert!(
        error.contains("holds the results of shard 1/2, not 2/2"),
        "{error}"
    );
    assert_eq!(std::fs::read_to_string(&results).unwrap(), good);
    // The results of another units file (another split of the same board).
    let other_units = dir.join("other-units.txt");
    split("5x5", "3", &other_units);
    let error = fails(&[
        "solve",
        "--units",
        text(&other_units),
        "--merge",
        text(&results),
    ]);
    assert!(
        error.contains("holds the results of another units file"),
        "{error}"
    );
    // Malformed and contradictory lines, for the merge and for a resumed shard.
    let header = good.lines().next().unwrap();
    let first = good.lines().nth(1).unwrap();
    let (id, rest) = first.split_once(' ').unwrap();
    let flipped = if rest.starts_with("black") {
        rest.replacen("black", "white", 1)
    } else {
        rest.replacen("white", "black", 1)
    };
    let cases = [
        (format!("{good}{id} {flipped}\n"), "says"),
        (format!("{good}{id} blue 1 1\n"), "winner 'blue'"),
        (format!("{good}{id}\n"), "is not 'ID WINNER NODES SECONDS'"),
        (
            format!("{header}\n2 black 1 0.1\n"),
            "unit 2 is not in shard 1/2",
        ),
    ];
    for (content, needle) in cases {
        std::fs::write(&results, &content).unwrap();
        let error = fails(&["solve", "--units", text(&units), "--merge", text(&results)]);
        assert!(
            error.contains(needle) && error.contains(text(&results)),
            "{needle}: {error}"
        );
        let error = fails_with(shard("1/2", &results));
        assert!(error.contains(needle), "{needle}: {error}");
        assert_eq!(
            std::fs::read_to_string(&results).unwrap(),
            content,
            "nothing lost"
        );
    }
    // Two results files that disagree about a unit.
    std::fs::write(&results, &good).unwrap();
    let twin = dir.join("twin.txt");
    std::fs::write(&twin, format!("{header}\n{id} {flipped}\n")).unwrap();
    let error = fails(&[
        "solve",
        "--units",
        text(&units),
        "--merge",
        text(&results),
        text(&twin),
    ]);
    assert!(
        error.contains(&format!("unit {id}: ")) && error.contains(text(&twin)),
        "{error}"
    );
}

/// A split solve proven in pieces: each shard writes its units' certificates, the
/// merge writes the top's and names the units it needs, and `konane verify` accepts
/// the top with those units (and the set turned onto the transposed board with
/// `--transpose`) and refuses it alone, without one of them, or with a unit
/// won by the other side.
#[test]
fn shards_and_merge_write_certificates_that_verify_as_one_proof() {
    let dir = folder("certificates");
    let units = dir.join("units.txt");
    split("6x5", "4", &units);
    let certs = dir.join("certs");
    let results: Vec<PathBuf> = (1..=2)
        .map(|k| {
            let path = dir.join(format!("results-{k}.txt"));
            let shard = format!("{k}/2");
            let extra = ["--certificates", text(&certs), "--leaf-pieces", "10"];
            run_ok(&shard_args(&units, &shard, &path, &extra));
            path
        })
        .collect();
    // Every unit with a result has its certificate.
    for path in &results {
        let text = std::fs::read_to_string(path).unwrap();
        for id in text.lines().skip(1).map(|l| l.split(' ').next().unwrap()) {
            assert!(certs.join(format!("unit-{id}.cert")).is_file(), "unit {id}");
        }
    }
    let top = dir.join("top.cert");
    let mut merge = vec!["solve", "--units", text(&units), "--merge"];
    merge.extend(results.iter().map(|p| text(p)));
    merge.extend(["--certificate", text(&top), "--leaf-pieces", "10"]);
    let out = run_ok(&merge);
    assert!(out.contains("Certificate of the top: "), "{out}");
    let needed: Vec<String> = out
        .lines()
        .find_map(|l| l.split_once("It needs the certificates of "))
        .map(|(_, rest)| rest.split_once(": ").unwrap().1)
        .unwrap_or_else(|| panic!("{out}"))
        .split_whitespace()
        .map(|id| text(&certs.join(format!("unit-{id}.cert"))).to_string())
        .collect();
    assert!(!needed.is_empty());
    let mut verify = vec!["verify", text(&top)];
    verify.extend(needed.iter().map(String::as_str));
    let out = run_ok(&verify);
    assert!(out.contains("Verified: "), "{out}");
    // The same set turned onto 5x6 is one proof there too.
    let turned = dir.join("turned");
    verify.extend(["--transpose", text(&turned)]);
    let both = run_ok(&verify);
    assert_eq!(
        both.matches("Transposed ").count(),
        needed.len() + 1,
        "{both}"
    );
    assert!(both.contains("5x6 claims"), "{both}");
    assert_eq!(both.matches("Verified: ").count(), 2, "{both}");
    // The top alone proves nothing below it.
    let error = fails(&["verify", text(&top)]);
    assert!(error.contains("is not a valid proof"), "{error}");
    // A unit won by the other side is no part of this proof.
    let winner = out
        .lines()
        .find_map(|l| l.strip_prefix("Verified: "))
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let other = std::fs::read_dir(&certs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            let out = run_ok(&["verify", text(p)]);
            !out.contains(&format!("Verified: {winner} wins"))
        })
        .expect("some unit is won by the other side");
    let error = fails(&["verify", text(&top), text(&other)]);
    assert!(error.contains("are not one proof"), "{error}");
}

#[test]
fn a_shard_logs_its_progress_with_the_nodes_of_units_still_running() {
    // The nodes of the first line count the units being solved (before, only finished
    // units counted: a unit of hours showed 0 nodes until it was proven).
    let first = first_progress_line_of_a_6x6_shard("progress", " units  ");
    let nodes: u64 = first
        .split("units  ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no node count in {first}"));
    assert!(nodes > 0, "{first}");
}

#[test]
fn a_shard_logs_how_far_its_running_units_have_searched_their_moves() {
    // `…, unit 12 3/7 moves lost`: one unit runs on one thread.
    let line = first_progress_line_of_a_6x6_shard("progress-moves", " moves lost");
    let standing = line.rsplit(", ").next().unwrap();
    let words: Vec<&str> = standing.split(' ').collect();
    assert_eq!(words.len(), 5, "{line}");
    assert_eq!(
        (words[0], words[3], words[4]),
        ("unit", "moves", "lost"),
        "{line}"
    );
    let id: u64 = words[1].parse().unwrap_or_else(|_| panic!("{line}"));
    let (lost, moves) = words[2].split_once('/').unwrap();
    let (lost, moves): (usize, usize) = (lost.parse().unwrap(), moves.parse().unwrap());
    assert!(id >= 1 && lost <= moves && moves > 0, "{line}");
}

/// The first progress line holding `marker` of a one-thread shard of 6x6's units 3 plies
/// deep, in folder `name`, its line written every 0.2 s.
fn first_progress_line_of_a_6x6_shard(name: &str, marker: &str) -> String {
    let dir = folder(name);
    let units = dir.join("units.txt");
    split("6x6", "3", &units);
    let results = dir.join("results.txt");
    let args = shard_args(
        &units,
        "1/1",
        &results,
        &["--threads", "1", "--progress-every", "0.2"],
    );
    common::first_progress_line(&args, marker)
}
