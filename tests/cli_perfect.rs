//! End-to-end: `konane perfect label` on a small board, its labels checked against a
//! plain negamax (the certificate checker's, which shares nothing with the solver but
//! the rules), depth first and with proof-number search, its resumption, positions
//! taken from match records, and `konane perfect score` of the engine on them.

mod common;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use common::{run_fails as fails, run_ok as konane};
use konane_core::{Position, Symmetry};
use konane_verify::LeafSolver;

/// A fresh folder for one test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("konane-perfect-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

/// Proof-number search from this many pieces: the 5x4 positions of 12-16 pieces and the
/// children of 13 or more go by df-pn, the rest depth first.
const PN_PIECES: &str = "12";

/// Labels the 5x4 positions into `out`, df-pn from `pn_pieces` (0: depth first only).
fn label_with(out: &Path, pn_pieces: &str) -> String {
    let mut args = LABEL.to_vec();
    args.extend([
        "1",
        "--pn-pieces",
        pn_pieces,
        "--out",
        out.to_str().unwrap(),
    ]);
    konane(&args)
}

fn label(out: &Path) -> String {
    label_with(out, PN_PIECES)
}

/// A labels file without its node counts (which depend on what the run's table held).
fn without_nodes(text: &str) -> String {
    text.lines()
        .map(|line| match line.starts_with('#') {
            true => line.to_string(),
            false => {
                let mut fields: Vec<&str> = line.split(" | ").collect();
                fields.remove(4);
                fields.join(" | ")
            }
        })
        .collect::<Vec<String>>()
        .join("\n")
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
    for pn_pieces in ["0", PN_PIECES] {
        let out = dir.join(format!("5x4-pn{pn_pieces}.txt"));
        let stdout = label_with(&out, pn_pieces);
        assert!(stdout.contains("Done: 21 positions"), "{stdout}");
        let text = std::fs::read_to_string(&out).unwrap();
        let made_by = format!(
            "# made by: konane perfect label --size 5x4 --pieces 10-16 --count 21 --seed 4 \
             --table-mpos 1 --pn-pieces {pn_pieces} --out "
        );
        assert!(text.contains(&made_by), "{text}");
        check_against_negamax(&text);
    }
    // Both searches pick the same positions and find the same winning moves.
    let read = |pn: &str| std::fs::read_to_string(dir.join(format!("5x4-pn{pn}.txt"))).unwrap();
    let lines = |text: String| -> Vec<String> {
        without_nodes(&text)
            .lines()
            .filter(|line| !line.starts_with('#'))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(lines(read("0")), lines(read(PN_PIECES)));
    // Root moves in parallel: the same positions and labels.
    let threaded = dir.join("threaded.txt");
    let mut args = LABEL.to_vec();
    args.extend([
        "1",
        "--pn-pieces",
        PN_PIECES,
        "--threads",
        "2",
        "--out",
        threaded.to_str().unwrap(),
    ]);
    konane(&args);
    assert_eq!(
        lines(std::fs::read_to_string(&threaded).unwrap()),
        lines(read(PN_PIECES))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The 21 positions of the labels file `text` labelled right ([`check_labels`]), three
/// of each piece count.
fn check_against_negamax(text: &str) {
    let labelled = check_labels(text);
    assert_eq!(labelled.len(), 21);
    let mut per_count = [0; 7];
    for (position, _, _) in &labelled {
        per_count[(position.piece_count() - 10) as usize] += 1;
    }
    assert_eq!(per_count, [3; 7], "21 positions shared by 7 piece counts");
}

/// Every position of the labels file `text` won, its winning moves exactly those after
/// which a plain negamax says the opponent loses, and none a symmetric image of
/// another, and every position it records as lost lost; the positions.
fn check_labels(text: &str) -> Vec<(Position, Vec<String>, usize)> {
    let labelled = positions(text);
    let mut negamax = LeafSolver::new();
    let mut images = HashSet::new();
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
        // No position is a symmetric image of another.
        assert!(images.insert(*position), "{position:?} twice");
        for symmetry in Symmetry::colour_preserving(position.board()) {
            let image = symmetry.apply(position);
            if image != *position {
                assert!(!labelled.iter().any(|(p, _, _)| *p == image), "{image:?}");
            }
        }
    }
    // Every position on record as lost is lost.
    for line in text.lines().filter_map(|l| l.strip_prefix("# lost: ")) {
        let fen = line.split(" | ").next().unwrap();
        let position = Position::from_fen(fen).unwrap();
        assert!(!negamax.wins(&position), "{line} is not lost");
    }
    labelled
}

#[test]
fn a_stopped_run_resumes_to_the_same_file() {
    let dir = folder("resume");
    let whole = dir.join("whole.txt");
    let first = label(&whole);
    let text = std::fs::read_to_string(&whole).unwrap();
    // Stopped after the header and 5 positions (and the lost ones found before the
    // sixth), in the middle of the sixth position's line.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let sixth = (0..lines.len())
        .filter(|&i| !lines[i].starts_with('#'))
        .nth(5)
        .unwrap();
    let cut = lines[..sixth].concat() + &lines[sixth][..12];
    let resumed = dir.join("resumed.txt");
    std::fs::write(&resumed, &cut).unwrap();
    let stdout = label(&resumed);
    assert!(stdout.contains("5 of 21 kept"), "{stdout}");
    // The lost positions on record are not solved again.
    let lost_before = lines[..sixth]
        .iter()
        .filter(|l| l.starts_with("# lost: "))
        .count();
    assert!(
        lost_before > 0,
        "the test needs a lost position before the cut"
    );
    assert_eq!(
        stdout.matches(" loses ").count() + lost_before,
        first.matches(" loses ").count(),
        "{stdout}"
    );
    let again = std::fs::read_to_string(&resumed).unwrap();
    // The header (naming the first run's --out) is kept, and the rest is the same but
    // for the node counts of the positions solved after the resumption (the run's
    // table held less then).
    assert_eq!(without_nodes(&again), without_nodes(&text));
    assert_eq!(
        again.lines().take(sixth).collect::<Vec<_>>(),
        text.lines().take(sixth).collect::<Vec<_>>()
    );
    // A finished file stays as it is.
    let stdout = label(&resumed);
    assert!(stdout.contains("21 of 21 kept"), "{stdout}");
    assert_eq!(std::fs::read_to_string(&resumed).unwrap(), again);
    // Other solver settings resume it: the same positions and labels, and a header
    // line naming the command that went on from where.
    let fifth_game: u64 = lines[..sixth]
        .iter()
        .rev()
        .find(|line| !line.starts_with('#'))
        .and_then(|line| line.trim_end().rsplit(" | ").next())
        .unwrap()
        .parse()
        .unwrap();
    let other = dir.join("other.txt");
    std::fs::write(&other, &cut).unwrap();
    let mut args = LABEL.to_vec();
    args.extend([
        "2",
        "--pn-pieces",
        "0",
        "--pn-mpos",
        "2",
        "--pn-first-dn",
        "2",
        "--pn-first-pn",
        "3",
        "--out",
        other.to_str().unwrap(),
    ]);
    let stdout = konane(&args);
    assert!(stdout.contains("5 of 21 kept"), "{stdout}");
    let other_text = std::fs::read_to_string(&other).unwrap();
    let resumed_at = format!(
        "# resumed at game {}: konane perfect label --size 5x4 --pieces 10-16 --count 21 \
         --seed 4 --table-mpos 2 --pn-pieces 0 --pn-mpos 2 --pn-first-dn 2 \
         --pn-first-pn 3 --out {}",
        fifth_game + 1,
        other.display()
    );
    assert!(
        other_text.contains(&format!("\n{resumed_at}\n")),
        "{other_text}"
    );
    let without_resumed = |text: &str| -> String {
        without_nodes(text)
            .lines()
            .filter(|line| !line.starts_with("# resumed at game "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_resumed(&other_text), without_nodes(&text));
    // Resumed again with the same settings, finished: no second line.
    konane(&args);
    assert_eq!(std::fs::read_to_string(&other).unwrap(), other_text);
    // Settings that choose other positions are refused: another seed, count or range.
    for (flag, value) in [("--seed", "5"), ("--count", "22"), ("--pieces", "10-15")] {
        let mut args = LABEL.to_vec();
        args.extend(["1", "--out", resumed.to_str().unwrap()]);
        let at = args.iter().position(|a| *a == flag).unwrap();
        args[at + 1] = value;
        let error = fails(&args);
        assert!(error.contains("other settings"), "{error}");
    }
    // A file of the earlier format, whose header names no --pn-pieces, resumes.
    let old = dir.join("old.txt");
    let old_text = cut.replacen(&format!(" --pn-pieces {PN_PIECES}"), "", 1);
    assert_ne!(old_text, cut);
    std::fs::write(&old, old_text).unwrap();
    label(&old);
    assert_eq!(
        without_resumed(&std::fs::read_to_string(&old).unwrap()).replacen(
            " --out",
            &format!(" --pn-pieces {PN_PIECES} --out"),
            1
        ),
        without_nodes(&text)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 5x4 has 13 distinct won positions of 16 pieces: asked for 30 each of 15 and 16,
/// the labeller passes 16's unfilled share to 15 after 20,000 games without a new
/// position, fails (naming the cause) once 15 runs dry too, and a resumed run finds
/// the same exhaustions from the file alone.
#[test]
fn an_exhausted_count_passes_its_share_on() {
    let dir = folder("exhausted");
    let whole = dir.join("whole.txt");
    let args = |out: &Path| {
        let flags = [
            "perfect",
            "label",
            "--size",
            "5x4",
            "--pieces",
            "15-16",
            "--count",
            "60",
            "--seed",
            "4",
            "--table-mpos",
            "1",
        ];
        with_out(&flags, out)
    };
    let run = |out: &Path| fails(&as_strs(&args(out)));
    let error = run(&whole);
    assert!(
        error.contains("too few distinct won positions of 15-16 pieces"),
        "{error}"
    );
    let text = std::fs::read_to_string(&whole).unwrap();
    let found = check_labels(&text);
    let of = |pieces: u32| {
        found
            .iter()
            .filter(|(p, _, _)| p.piece_count() == pieces)
            .count()
    };
    // All 13 of 16 pieces, and more than 15's first share of 30.
    assert_eq!(of(16), 13);
    assert!(of(15) > 30 && of(15) <= 47, "{}", of(15));
    // Cut after the first 45 positions (the 44th is the first past 16's exhaustion,
    // once 30 of 15 and 13 of 16 were in): the resumed run must give 15 its larger
    // share again.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let header = lines.iter().take_while(|l| l.starts_with('#')).count();
    let cut = header + 45;
    assert!(lines.len() > cut);
    let resumed = dir.join("resumed.txt");
    std::fs::write(&resumed, lines[..cut].concat()).unwrap();
    let again = run(&resumed);
    assert!(again.contains("too few"), "{again}");
    assert_eq!(
        without_nodes(&std::fs::read_to_string(&resumed).unwrap()),
        without_nodes(&text)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `flags`, then `--out OUT`, as owned arguments.
fn with_out(flags: &[&str], out: &Path) -> Vec<String> {
    let out = out.to_str().unwrap();
    flags
        .iter()
        .chain(&["--out", out])
        .map(|s| s.to_string())
        .collect()
}

/// The arguments as `&str`, as the runners take them.
fn as_strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// Every position of every game of the record file `text` (the start, then each move).
fn positions_of_records(text: &str) -> HashSet<Position> {
    let mut seen = HashSet::new();
    let mut start = None;
    for line in text.lines() {
        if let Some(fen) = line.strip_prefix("start ") {
            start = Some(Position::from_fen(fen).unwrap());
        } else if let Some(moves) = line.strip_prefix("moves") {
            let mut position = start.take().expect("a start line before the moves");
            seen.insert(position);
            for mv in moves.split_whitespace() {
                position.play(position.parse_move(mv).unwrap());
                seen.insert(position);
            }
        }
    }
    seen
}

/// `--records`: the positions come from the games of match records (here 5x4 games of
/// the built-in players), each labelled as negamax says and found in those games; the
/// same command resumes the finished file unchanged; too few games, games of another
/// board and `--seed` beside `--records` are refused, naming the cause.
#[test]
fn positions_come_from_the_games_of_match_records() {
    let dir = folder("records");
    let records = dir.join("games.txt");
    let records_arg = records.to_str().unwrap();
    konane(&[
        "selfplay",
        "--player",
        "greedy",
        "--opponent",
        "random",
        "--size",
        "5x4",
        "--games",
        "40",
        "--seed",
        "7",
        "--record",
        records_arg,
    ]);
    let out = dir.join("from-games.txt");
    let label = |count: &str, size: &str, out: &Path| -> Vec<String> {
        let flags = [
            "perfect",
            "label",
            "--size",
            size,
            "--pieces",
            "10-13",
            "--count",
            count,
            "--records",
            records_arg,
            "--table-mpos",
            "1",
        ];
        with_out(&flags, out)
    };
    let stdout = konane(&as_strs(&label("8", "5x4", &out)));
    assert!(stdout.contains("Done: 8 positions"), "{stdout}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("reached in the games of 1 match record file on 5x4"),
        "{text}"
    );
    assert!(
        text.contains(&format!("--count 8 --records {records_arg} --table-mpos 1")),
        "{text}"
    );
    let labelled = check_labels(&text);
    assert_eq!(labelled.len(), 8);
    let played = positions_of_records(&std::fs::read_to_string(&records).unwrap());
    for (position, _, _) in &labelled {
        assert!(
            played.contains(position),
            "{position:?} is in no game of the records"
        );
    }
    // Resumed when done: nothing to do, the file as it was.
    let again = konane(&as_strs(&label("8", "5x4", &out)));
    assert!(again.contains("Done: 8 positions"), "{again}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    // 40 games hold fewer distinct won positions than 500.
    let error = fails(&as_strs(&label("500", "5x4", &dir.join("many.txt"))));
    assert!(error.contains("the 40 games of --records gave"), "{error}");
    assert!(error.contains("fewer than --count 500"), "{error}");
    let error = fails(&as_strs(&label("8", "4x5", &dir.join("other.txt"))));
    assert!(
        error.contains("game 1: it is on 5x4, not on --size 4x5"),
        "{error}"
    );
    let mut with_seed = label("8", "5x4", &dir.join("seed.txt"));
    with_seed.extend(["--seed".to_string(), "3".to_string()]);
    let error = fails(&as_strs(&with_seed));
    assert!(
        error.contains("--seed") && error.contains("--records"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `konane perfect score` of `engine` on `file` at 20 ms a move: its output.
fn score(engine: &str, file: &Path) -> String {
    konane(&[
        "perfect",
        "score",
        "--engine",
        engine,
        "--movetime",
        "20",
        file.to_str().unwrap(),
    ])
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
    let stdout = score(&engine, &out);
    // At 16 pieces or fewer the engine hands the position to the exact solvers.
    assert!(
        stdout.contains("| **5x4, all** | 21 | 21 | 100.0% |"),
        "{stdout}"
    );
    assert!(stdout.contains("| 5x4, 16 | 3 | 3 | 100.0% |"), "{stdout}");
    assert!(stdout.contains("21 moves"), "{stdout}");
    assert!(stdout.contains("Missed: 0 of 21"), "{stdout}");
    // A position whose winning list names a losing move instead: the engine, which
    // plays a true win, misses it, and the list of misses names it and its move.
    let text = std::fs::read_to_string(&out).unwrap();
    let (position, winning, _) = positions(&text)
        .into_iter()
        .find(|(_, winning, legal)| winning.len() == 1 && *legal > 1)
        .expect("a position with one winning move among several");
    let (fen, played) = (position.to_fen(), &winning[0]);
    let losing = position
        .legal_moves()
        .into_iter()
        .map(|mv| mv.to_string())
        .find(|mv| mv != played)
        .unwrap();
    let edited_line = |line: &str| match line.starts_with(&format!("{fen} | ")) {
        true => line.replacen(&format!(" | {played} | "), &format!(" | {losing} | "), 1),
        false => line.to_string(),
    };
    let lines: Vec<String> = text.lines().map(edited_line).collect();
    let edited = dir.join("edited.txt");
    std::fs::write(&edited, lines.join("\n") + "\n").unwrap();
    let stdout = score(&engine, &edited);
    assert!(
        stdout.contains("| **5x4, all** | 21 | 20 | 95.2% |"),
        "{stdout}"
    );
    assert!(stdout.contains("Missed: 1 of 21"), "{stdout}");
    assert!(
        stdout.contains(&format!("- {fen} ("))
            && stdout.contains(&format!("played {played}; winning {losing}\n")),
        "{stdout}"
    );
    // A bad line is one clear error naming it.
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
