//! `konane replay` on one game's text (the browser board's export): the headers, the
//! main line move by move with its branch points, the final board; and a bad game text
//! refused with the line and move that are wrong.

mod common;

#[test]
fn a_game_text_replays_its_main_line() {
    let dir = std::env::temp_dir().join(format!("konane-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.txt");
    std::fs::write(
        &path,
        "[Event \"study\"]\n[Black \"You\"]\n[Board \"8x8\"]\n\n\
         1. d5 d4 (1... d6 2. b5d5 (2. d3d5 d8d6) 2... c3c5) 2. b5d5 d2d4 *\n",
    )
    .unwrap();
    let out = common::run_ok(&["replay", path.to_str().unwrap()]);
    for expected in [
        "Event: study",
        "Black: You",
        "Start: bwbwbwbw/",
        "  2. White d4      (1 other move here)",
        "  4. White d2d4",
        "Moves: 4 in the main line, 9 in the tree",
    ] {
        assert!(out.contains(expected), "{expected}:\n{out}");
    }
    std::fs::write(&path, "[Board \"8x8\"]\n\n1. d5 d5\n").unwrap();
    let output = common::run(&["replay", path.to_str().unwrap()]);
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("line 3: move 2 of the list (1... d5): illegal move 'd5'"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
