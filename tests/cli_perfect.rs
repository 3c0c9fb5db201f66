//! End-to-end: `konane perfect label` on a small board, its labels checked against a
//! plain negamax (the certificate checker's, which shares nothing with the solver but
//! the rules), its resumption, and `konane perfect score` of the engine on them.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{run_ok as konane, OutputWithin, COMMAND_LIMIT};
use konane_core::{Position, Symmetry};
use konane_verify::LeafSolver;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-perfect-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `konane` with `args`; it must fail. Its standard error.
fn fails(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(args)
        .output_within(COMMAND_LIMIT)
        .unwrap();
    assert!(!output.status.success(), "{args:?} succeeded");
    String::from_utf8(output.stderr).unwrap()
}

const LABEL: [&str; 11] = [
    "perfect",
    "label",
    "--size",
    "5x4",
    "--pieces",
    "10-16",
    "--count",
    "21",
    "--seed",
    "4",
    "--table-mpos",
];

fn label(out: &Path) -> String {
    let mut args = LABEL.to_vec();
    args.extend(["1", "--out", out.to_str().unwrap()]);
    konane(&args)
}

/// The position lines of a labels file: (position, winning moves as text, legal moves).
fn positions(text: &str) -> Vec<(Position, Vec<String>, usize)> {
    text.lines()
        .filter(|line| !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(" | ").collect();
            assert_eq!(fields.len(), 6, "{line}");
            let position = Position::from_fen(fields[0]).unwrap();
            assert_eq!(fields[1], position.piece_count().to_string(), "{line}");
            let winning = fields[2].split(' ').map(str::to_string).collect();
            (position, winning, fields[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn labels_are_every_winning_move_by_plain_negamax() {
    let dir = folder("negamax");
    let out = dir.join("5x4.txt");
    let stdout = label(&out);
    assert!(stdout.contains("Done: 21 positions"), "{stdout}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("# made by: konane perfect label --size 5x4 --pieces 10-16 --count 21 --seed 4 --table-mpos 1 --out "),
        "{text}"
    );
    let labelled = positions(&text);
    assert_eq!(labelled.len(), 21);
    let mut negamax = LeafSolver::new();
    let mut images = HashSet::new();
    let mut per_count = [0; 7];
    for (position, winning, legal) in &labelled {
        assert!(negamax.wins(position), "{position:?} is not won");
        let expected: Vec<String> = position
            .legal_moves()
            .into_iter()
            .filter(|&mv| !negamax.wins(&position.after(mv)))
            .map(|mv| mv.to_string())
            .collect();
        assert_eq!(winning, &expected, "{position:?}");
        assert_eq!(*legal, position.legal_moves().len());
        per_count[(position.piece_count() - 10) as usize] += 1;
        // No position is a symmetric image of another.
        assert!(images.insert(*position), "{position:?} twice");
        for symmetry in Symmetry::colour_preserving(position.board()) {
            let image = symmetry.apply(position);
            if image != *position {
                assert!(!labelled.iter().any(|(p, _, _)| *p == image), "{image:?}");
            }
        }
    }
    assert_eq!(per_count, [3; 7], "21 positions shared by 7 piece counts");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_stopped_run_resumes_to_the_same_file() {
    let dir = folder("resume");
    let whole = dir.join("whole.txt");
    label(&whole);
    let text = std::fs::read_to_string(&whole).unwrap();
    // Stopped after the header and 5 positions, in the middle of the sixth line.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let cut = lines[..8].concat() + &lines[8][..12];
    let resumed = dir.join("resumed.txt");
    std::fs::write(&resumed, &cut).unwrap();
    let stdout = label(&resumed);
    assert!(stdout.contains("5 of 21 kept"), "{stdout}");
    let again = std::fs::read_to_string(&resumed).unwrap();
    // The header (naming the first run's --out) is kept, and the rest is the same.
    assert_eq!(again, text);
    // A finished file stays as it is.
    let stdout = label(&resumed);
    assert!(stdout.contains("21 of 21 kept"), "{stdout}");
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), again);
    // Other settings are refused.
    let mut args = LABEL.to_vec();
    args.extend(["2", "--out", resumed.to_str().unwrap()]);
    let error = fails(&args);
    assert!(error.contains("other settings"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_engine_keeps_every_win_on_a_small_board() {
    let dir = folder("score");
    let out = dir.join("5x4.txt");
    label(&out);
    let engine = format!(
        "name=self cmd={} option.Hash=16 option.Threads=1",
        env!("CARGO_BIN_EXE_konane")
    );
    let stdout = konane(&[
        "perfect",
        "score",
        "--engine",
        &engine,
        "--movetime",
        "20",
        out.to_str().unwrap(),
    ]);
    // At 16 pieces or fewer the engine hands the position to the exact solvers.
    assert!(
        stdout.contains("| **5x4, all** | 21 | 21 | 100.0% |"),
        "{stdout}"
    );
    assert!(stdout.contains("| 5x4, 16 | 3 | 3 | 100.0% |"), "{stdout}");
    assert!(stdout.contains("21 moves"), "{stdout}");
    // A bad line is one clear error naming it.
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[3].push_str(" | 99");
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    let error = fails(&[
        "perfect",
        "score",
        "--engine",
        &engine,
        out.to_str().unwrap(),
    ]);
    assert!(error.contains("line 4: expected 6 fields"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}
