//! End-to-end: `konane value` run as a process, with a deadline on every run.

use std::io::Read;
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use konane_core::{random_opening, Board, Color, Position};

/// Generous for the shared machine; every position here is valued in well under a second.
const DEADLINE: Duration = Duration::from_secs(60);

/// Runs `konane value ARGS` to its end within [`DEADLINE`]: status, stdout, stderr.
fn value(args: &[&str]) -> (ExitStatus, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
        .arg("value")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("konane starts");
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
    let (mut out, mut err) = (String::new(), String::new());
    child.stdout.unwrap().read_to_string(&mut out).unwrap();
    child.stderr.unwrap().read_to_string(&mut err).unwrap();
    (status, out, err)
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
