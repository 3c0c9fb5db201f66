//! End-to-end: `konane solve` run as a process.

mod common;

fn solve(args: &[&str]) -> String {
    common::run_ok(&[&["solve"], args].concat())
}

#[test]
fn white_wins_4x4() {
    let text = solve(&["--size", "4x4", "--threads", "1"]);
    assert!(text.contains("White wins"), "{text}");
    assert!(text.contains("Winning moves for Black: none"), "{text}");
    assert!(text.contains("Nodes: "), "{text}");
}

#[test]
fn all_lists_every_root_move_of_5x5() {
    let text = solve(&["--size", "5x5", "--all", "--threads", "2"]);
    assert!(text.contains("Black wins"), "{text}");
    for mv in ["a1", "e1", "a5", "e5", "c3"] {
        assert!(
            text.contains(&format!("\n{mv}: ")),
            "{mv} missing in {text}"
        );
    }
}

#[test]
fn a_fen_is_solved_with_its_winning_move() {
    // Black on a1 jumps White on b1 and leaves White without a move.
    let text = solve(&["--fen", "bw2 b"]);
    assert!(text.contains("Black wins"), "{text}");
    assert!(text.contains("Winning moves for Black: a1c1"), "{text}");
    let text = solve(&["--fen", "4/4 b"]);
    assert!(text.contains("White wins"), "{text}");
}

#[test]
fn a_bad_size_is_one_clear_error() {
    let out = common::run(&["solve", "--size", "17x17"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("17x17"), "{err}");
}

#[test]
fn moves_are_played_before_solving() {
    // After Black's c3 on 5x5 White is to move and loses whatever it removes.
    let text = solve(&["--size", "5x5", "--moves", "c3", "--all"]);
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("Black wins"), "{text}");
    assert!(text.contains("Winning moves for White: none"), "{text}");
    let out = common::run(&["solve", "--size", "5x5", "--moves", "c3 a1"]);
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("move 2 of --moves"), "{err}");
}
