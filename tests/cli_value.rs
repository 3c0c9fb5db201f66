//! End-to-end: `konane value` run as a process, with a deadline on every run.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use konane_core::{random_opening, Board, Color, Position};

/// Generous for the shared machine; every position here is valued in well under a second.
const DEADLINE: Duration = Duration::from_secs(60);

/// Runs `konane value ARGS` to its end within [`DEADLINE`]: status, stdout, stderr.
fn value(args: &[&str]) -> (ExitStatus, String, String) {
    value_with_input(args, b"")
}

/// [`value`] with `input` on standard input.
fn value_with_input(args: &[&str], input: &[u8]) -> (ExitStatus, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
        .arg("value")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("konane starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Written on a thread, so that a full output pipe cannot block the writing.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    // Read on threads too, so that a full pipe cannot block konane.
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).unwrap();
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("konane value {args:?} ran past {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    writer.join().unwrap();
    (
        status,
        out_reader.join().unwrap(),
        err_reader.join().unwrap(),
    )
}

/// The output of a run that must succeed.
fn value_ok(args: &[&str]) -> String {
    let (status, out, err) = value(args);
    assert!(status.success(), "{args:?}: {err}");
    out
}

/// The error of a run that must fail.
fn value_err(args: &[&str]) -> String {
    let (status, out, err) = value(args);
    assert!(!status.success(), "{args:?} succeeded: {out}");
    assert!(err.starts_with("konane: "), "{err}");
    err
}

/// The canonical form: the last line, `canonical: G`.
fn canonical(out: &str) -> &str {
    let last = out.lines().last().expect("output");
    last.strip_prefix("canonical: ")
        .expect("last line is canonical")
}

/// Who wins with `side` to move, as printed.
fn printed_winner(out: &str, side: Color) -> Color {
    let prefix = format!("{side} to move: ");
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no '{prefix}' line in {out}"));
    match line {
        "Black wins" => Color::Black,
        "White wins" => Color::White,
        other => panic!("bad winner line {other}"),
    }
}

/// Whether the side to move wins, by plain exhaustive negamax.
fn negamax_wins(position: &Position) -> bool {
    position
        .legal_moves()
        .iter()
        .any(|&mv| !negamax_wins(&position.after(mv)))
}

#[test]
fn textbook_values() {
    // A lone Black piece that can jump once, White stuck against the edge: 1.
    let out = value_ok(&["--fen", "bw2 b"]);
    assert_eq!(canonical(&out), "1", "{out}");
    assert!(out.contains("Black to move: Black wins"), "{out}");
    assert!(out.contains("White to move: Black wins"), "{out}");
    // One jump each, and then nothing: {0|0} = *, the first player wins.
    let out = value_ok(&["--fen", "1bw1 b"]);
    assert_eq!(canonical(&out), "*", "{out}");
    assert!(out.contains("Black to move: Black wins"), "{out}");
    assert!(out.contains("White to move: White wins"), "{out}");
    // Two such stars far apart: * + * = 0, the second player wins.
    let out = value_ok(&["--fen", "5/1bw2/5/5/1bw2 w"]);
    assert_eq!(out.matches("   value *").count(), 2, "{out}");
    assert_eq!(canonical(&out), "0", "{out}");
    assert!(out.contains("Black to move: White wins"), "{out}");
    assert!(out.contains("White to move: Black wins"), "{out}");
    // Hot: Black moving first gets 1, White moving first gets 0.
    let out = value_ok(&["--fen", "bw1bw2 b"]);
    assert_eq!(canonical(&out), "{1|0}", "{out}");
    assert!(out.contains("White to move: White wins"), "{out}");
}

#[test]
fn the_report_lists_each_region_with_its_squares_and_value() {
    let out = value_ok(&["--fen", "6/6/bw4/6/6/4wb b"]);
    assert!(out.contains("Regions: 2"), "{out}");
    assert!(
        out.contains("Black f1; White e1; squares d1 e1 f1\n   value 1   alone: 6/6/6/6/6/4wb b"),
        "{out}"
    );
    assert!(
        out.contains("Black a4; White b4; squares a4 b4 c4"),
        "{out}"
    );
    assert!(
        out.contains("Value (sum of the regions, Left = Black): 2"),
        "{out}"
    );
    assert_eq!(canonical(&out), "2");
}

#[test]
fn moves_lead_past_the_opening() {
    // 4x4 after the two removals: 0, White (second to jump) wins, as the solver finds.
    let out = value_ok(&["--size", "4x4", "--moves", "a4", "b4"]);
    assert_eq!(canonical(&out), "0", "{out}");
    assert!(out.contains("Black to move: White wins"), "{out}");
}

#[test]
fn the_winner_agrees_with_negamax_for_both_sides_to_move() {
    let mut checked = 0;
    for (seed, (w, h)) in (0..24).zip([(4, 4), (5, 4), (4, 5), (6, 3)].into_iter().cycle()) {
        let board = Board::new(w, h).unwrap();
        let mut position = Position::start(board);
        for mv in random_opening(board, 2 + seed as usize % 4, seed) {
            position.play(mv);
        }
        if position.is_game_over() {
            continue;
        }
        let fen = position.to_fen();
        let out = value_ok(&["--fen", &fen]);
        for side in [Color::Black, Color::White] {
            let turned = position.with_side_to_move(side);
            let expected = if negamax_wins(&turned) { side } else { !side };
            assert_eq!(
                printed_winner(&out, side),
                expected,
                "{fen}, {side} to move:\n{out}"
            );
        }
        checked += 1;
    }
    assert!(checked >= 12, "only {checked} positions checked");
}

#[test]
fn bad_input_is_one_clear_error() {
    let err = value_err(&["--fen", "bw2 x"]);
    assert!(err.contains("--fen"), "{err}");
    let err = value_err(&["--size", "6x6"]);
    assert!(err.contains("opening removals"), "{err}");
    let err = value_err(&["--size", "6x6", "--moves", "f1"]);
    assert!(err.contains("opening removals"), "{err}");
    let (status, _, err) = value(&[]);
    assert!(!status.success());
    assert!(err.contains("--size") || err.contains("--fen"), "{err}");
    // Too large for the budget: refused, saying so, rather than running on.
    let err = value_err(&["--size", "6x6", "--moves", "f1", "e1", "--budget", "50"]);
    assert!(err.contains("more than 50 new regions"), "{err}");
    assert!(err.contains("too large"), "{err}");
}

#[test]
fn means_and_temperatures_are_printed_for_the_position_and_each_region() {
    // {1|0} + 1: a hot region and a number.
    let out = value_ok(&["--fen", "bw1bw2/7/7/5wb b"]);
    assert!(
        out.contains("   value {1|0}   alone: bw1bw2/7/7/7 b\n   mean 1/2   temperature 1/2\n"),
        "{out}"
    );
    assert!(
        out.contains("   value 1   alone: 7/7/7/5wb b\n   mean 1   temperature -1\n"),
        "{out}"
    );
    assert!(
        out.contains("\nstops: 2 (Black first), 1 (White first)\nmean: 3/2\ntemperature: 1/2\n"),
        "{out}"
    );
    assert_eq!(canonical(&out), "{2|1}", "{out}");
    // An infinitesimal: temperature 0.
    let out = value_ok(&["--fen", "1bw1 b"]);
    assert!(
        out.contains("\nmean: 0\ntemperature: 0\ncanonical: *\n"),
        "{out}"
    );
}

#[test]
fn json_gives_the_same_as_one_object() {
    let out = value_ok(&["--fen", "bw1bw2/7/7/5wb b", "--json"]);
    assert_eq!(out.lines().count(), 1, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["fen"], "bw1bw2/7/7/5wb b");
    assert_eq!(report["canonical"], "{2|1}");
    assert_eq!(report["value"], "{2|1}");
    assert_eq!(report["outcome"], "L");
    assert_eq!(report["black_to_move"], "Black");
    assert_eq!(report["mean"], "3/2");
    assert_eq!(report["temperature"], "1/2");
    assert_eq!(
        (report["left_stop"].as_str(), report["right_stop"].as_str()),
        (Some("2"), Some("1"))
    );
    assert_eq!(
        report["thermograph"]["left"],
        serde_json::json!([["0", "2"], ["1/2", "3/2"]])
    );
    assert_eq!(
        report["thermograph"]["right"],
        serde_json::json!([["0", "1"], ["1/2", "3/2"]])
    );
    let regions = report["regions"].as_array().unwrap();
    assert_eq!(regions.len(), 2);
    assert_eq!(regions[0]["canonical"], "1");
    assert_eq!(regions[0]["temperature"], "-1");
    assert_eq!(regions[1]["canonical"], "{1|0}");
    assert_eq!(regions[1]["mean"], "1/2");
    assert_eq!(regions[1]["black"], serde_json::json!(["a4", "d4"]));
    assert_eq!(regions[1]["alone"], "bw1bw2/7/7/7 b");
}

#[test]
fn the_thermograph_is_written_as_svg() {
    let dir = std::env::temp_dir().join(format!("konane-cli-value-svg-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hot.svg");
    let out = value_ok(&["--fen", "bw1bw2 b", "--thermograph", file.to_str().unwrap()]);
    assert_eq!(canonical(&out), "{1|0}");
    let svg = std::fs::read_to_string(&file).unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.trim_end().ends_with("</svg>"), "{svg}");
    assert_eq!(svg.matches("<polyline").count(), 2, "{svg}");
    assert!(
        svg.contains(">temperature 1/2<") && svg.contains(">mean 1/2<"),
        "{svg}"
    );
    // Left's wall (blue) starts at the Left stop, 1, left of the Right stop, 0.
    let start_x = |colour: &str| -> f64 {
        let line = svg
            .lines()
            .find(|l| l.contains(&format!("stroke=\"{colour}\"")))
            .unwrap();
        let points = line.split("points=\"").nth(1).unwrap();
        points.split(',').next().unwrap().parse().unwrap()
    };
    assert!(start_x("blue") < start_x("red"), "{svg}");
    let err = value_err(&[
        "--fen",
        "bw1bw2 b",
        "--thermograph",
        dir.join("no/such/dir.svg").to_str().unwrap(),
    ]);
    assert!(err.contains("--thermograph"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The JSON lines of a batch that must succeed, with `input` on standard input.
fn batch(args: &[&str], input: &[u8]) -> Vec<serde_json::Value> {
    let (status, out, err) = value_with_input(args, input);
    assert!(status.success(), "{args:?}: {err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn a_batch_gives_one_json_line_each_in_order_and_bad_lines_their_error() {
    let mut input = b"bw1bw2 b\n\nbw2 x\n  1bw1 b  \nbwbw/wbwb/bwbw/wbwb b\n".to_vec();
    input.extend_from_slice(b"\xff\xfe\nbwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwb2 b\n");
    input.extend_from_slice(b"bw1bw2/7/7/5wb b");
    let lines = batch(&["--batch", "-", "--budget", "50"], &input);
    let numbers: Vec<u64> = lines.iter().map(|l| l["line"].as_u64().unwrap()).collect();
    assert_eq!(
        numbers,
        [1, 3, 4, 5, 6, 7, 8],
        "the blank line 2 is skipped"
    );
    assert_eq!(lines[0]["canonical"], "{1|0}");
    assert_eq!(lines[0]["mean"], "1/2");
    assert_eq!(lines[0]["temperature"], "1/2");
    assert_eq!(lines[0]["outcome"], "N");
    assert_eq!(lines[0]["regions"].as_array().unwrap().len(), 1);
    assert!(lines[0]["time"].as_f64().unwrap() >= 0.0);
    assert_eq!(lines[1]["fen"], "bw2 x");
    assert!(
        lines[1]["error"].as_str().unwrap().contains("bad FEN"),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2]["canonical"], "*", "surrounding spaces are trimmed");
    assert!(
        lines[3]["error"]
            .as_str()
            .unwrap()
            .contains("opening removals"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4]["error"].as_str().unwrap().contains("UTF-8"),
        "{}",
        lines[4]
    );
    assert!(
        lines[5]["error"]
            .as_str()
            .unwrap()
            .contains("more than 50 new regions"),
        "{}",
        lines[5]
    );
    assert_eq!(
        lines[6]["canonical"], "{2|1}",
        "the last line needs no newline"
    );
    for line in &lines {
        assert!(
            line.get("error").is_some() != line.get("canonical").is_some(),
            "{line}"
        );
    }
}

#[test]
fn a_batch_file_on_several_threads_gives_what_one_thread_and_single_runs_give() {
    let mut fens = Vec::new();
    for (seed, (w, h)) in (0..24).zip([(4, 4), (5, 4), (4, 5), (6, 3)].into_iter().cycle()) {
        let board = Board::new(w, h).unwrap();
        let mut position = Position::start(board);
        for mv in random_opening(board, 2 + seed as usize % 6, seed) {
            position.play(mv);
        }
        fens.push(position.to_fen());
    }
    let dir = std::env::temp_dir().join(format!("konane-cli-value-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("fens.txt");
    std::fs::write(&file, fens.join("\n")).unwrap();
    let path = file.to_str().unwrap();
    let without_time = |lines: Vec<serde_json::Value>| -> Vec<serde_json::Value> {
        lines
            .into_iter()
            .map(|mut l| {
                l.as_object_mut().unwrap().remove("time");
                l
            })
            .collect()
    };
    let one = without_time(batch(&["--batch", path, "--threads", "1"], b""));
    let three = without_time(batch(&["--batch", path, "--threads", "3"], b""));
    assert_eq!(one.len(), fens.len());
    assert_eq!(one, three);
    for (i, (line, fen)) in one.iter().zip(&fens).enumerate() {
        assert_eq!(line["line"], i + 1);
        assert_eq!(line["fen"].as_str(), Some(fen.as_str()));
    }
    // Each line is what `konane value --json` gives for that position.
    for i in [0, 13, 23] {
        let out = value_ok(&["--fen", &fens[i], "--json"]);
        let mut single: serde_json::Value = serde_json::from_str(&out).unwrap();
        single["line"] = serde_json::json!(i + 1);
        assert_eq!(single, one[i]);
    }
    let err = value_err(&["--batch", dir.join("missing.txt").to_str().unwrap()]);
    assert!(
        err.contains("--batch") && err.contains("missing.txt"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_values_file_is_saved_loaded_and_checked() {
    let dir = std::env::temp_dir().join(format!("konane-cli-value-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("values.txt");
    let path = file.to_str().unwrap();
    let fen = "6/6/6/bwbw2/6/bw1bw1 b";
    let first = value_ok(&["--fen", fen, "--values", path]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("konane-values 1\n"), "{text}");
    assert!(text.lines().last().unwrap().starts_with("end "), "{text}");
    assert!(!Path::new(&format!("{path}.tmp")).exists());
    // Alone, a budget of one region is too small for this position; with the file
    // loaded (each entry checked again from its moves, one region each) it is enough.
    let err = value_err(&["--fen", fen, "--budget", "1"]);
    assert!(err.contains("more than 1 new regions"), "{err}");
    let second = value_ok(&["--fen", fen, "--values", path, "--budget", "1"]);
    assert_eq!(first, second);
    // An edited value is refused, naming the line.
    let edited = text.replacen(" 1\n", " 2\n", 1);
    assert_ne!(edited, text, "the file has a region of value 1: {text}");
    std::fs::write(&file, &edited).unwrap();
    let err = value_err(&["--fen", fen, "--values", path]);
    assert!(err.contains("line "), "{err}");
    assert!(err.contains("values.txt"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        edited,
        "a refused file is kept"
    );
    // Not a values file at all.
    std::fs::write(&file, "hello\n").unwrap();
    let err = value_err(&["--fen", fen, "--values", path]);
    assert!(err.contains("line 1"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_long_value_and_keeps_the_values_found() {
    let dir = std::env::temp_dir().join(format!("konane-cli-value-int-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("values.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(["value", "--size", "8x8", "--moves", "d5", "d4", "--budget"])
        .arg(u64::MAX.to_string())
        .arg("--values")
        .arg(&file)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("konane starts");
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "8x8 is not valued in 1.5 s"
    );
    let signalled = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signalled.success());
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            panic!("konane value did not stop on Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let mut err = String::new();
    child.stderr.unwrap().read_to_string(&mut err).unwrap();
    assert!(!status.success());
    assert!(err.contains("stopped (Ctrl-C)"), "{err}");
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.starts_with("konane-values 1\n") && saved.contains("\nend "),
        "{saved}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The rows of a census CSV (header first), read with the csv crate.
fn census_rows(args: &[&str]) -> Vec<Vec<String>> {
    let out = value_ok(args);
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(out.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

#[test]
fn a_census_values_every_filling_up_to_symmetry() {
    let rows = census_rows(&["--census", "2x2"]);
    assert_eq!(
        rows[0].join(","),
        "window,orbit,black,white,fen,regions,canonical,outcome,mean,temperature,left_stop,right_stop,error"
    );
    let rows = &rows[1..];
    // 81 fillings of 2x2 fall into 21 classes under the square's 8 symmetries.
    assert_eq!(rows.len(), 21);
    let orbits: u64 = rows.iter().map(|r| r[1].parse::<u64>().unwrap()).sum();
    assert_eq!(orbits, 81);
    let windows: std::collections::HashSet<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(windows.len(), 21);
    assert_eq!(rows[0][..4], ["../..", "1", "0", "0"]);
    assert_eq!(rows[0][6..10], ["0", "P", "0", "-1"]);
    for row in rows {
        assert_eq!(row[12], "", "{row:?}");
        let pieces = |c: char| row[0].chars().filter(|&x| x == c).count().to_string();
        assert_eq!((&row[2], &row[3]), (&pieces('b'), &pieces('w')), "{row:?}");
    }
    // Each row is what `konane value` says of its FEN.
    for row in rows.iter().step_by(5) {
        let out = value_ok(&["--fen", &row[4]]);
        assert_eq!(canonical(&out), row[6], "{row:?}");
        assert!(
            out.contains(&format!("\nmean: {}\ntemperature: {}\n", row[8], row[9])),
            "{out}"
        );
    }
    // A rectangle has 4 symmetries: 3^6 = 729 fillings of 3x2; restricted to 3 pieces,
    // and the same on one thread and on three.
    let one = census_rows(&["--census", "3x2", "--pieces", "3-3", "--threads", "1"]);
    let three = census_rows(&["--census", "3x2", "--pieces", "3", "--threads", "3"]);
    assert_eq!(one, three);
    let orbits: u64 = one[1..].iter().map(|r| r[1].parse::<u64>().unwrap()).sum();
    // C(6,3) * 2^3 = 160 fillings with 3 pieces.
    assert_eq!(orbits, 160);
    assert!(one[1..]
        .iter()
        .all(|r| r[2].parse::<u32>().unwrap() + r[3].parse::<u32>().unwrap() == 3));
    // Too large, and a board past 16x16.
    let err = value_err(&["--census", "5x4"]);
    assert!(err.contains("at most 16 squares"), "{err}");
    let err = value_err(&["--census", "4x4", "--margin", "7"]);
    assert!(err.contains("--margin 7"), "{err}");
}
