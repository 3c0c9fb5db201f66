//! End-to-end: `konane play` driven through a pipe plays whole games to their result,
//! with an illegal move explained, a hint and an undo on the way.

mod common;

use std::time::Duration;

use common::Engine;

/// Plays the first legal move each turn until the result; returns the output.
fn play_game(args: &[&str], extras: &[&str]) -> Vec<String> {
    let mut game = Engine::start(args);
    let mut extras = extras.iter();
    let mut seen = Vec::new();
    loop {
        let lines = game.until(Duration::from_secs(20), |l| {
            l.starts_with("Your moves: ") || l.starts_with("Result: ")
        });
        let last = lines.last().unwrap().clone();
        seen.extend(lines);
        if last.starts_with("Result: ") {
            break;
        }
        if let Some(extra) = extras.next() {
            game.send(extra);
        }
        let first = last
            .split_whitespace()
            .nth(2)
            .expect("a legal move")
            .to_string();
        game.send(&first);
    }
    let (status, rest) = game.finish(Duration::from_secs(5));
    assert!(status.success());
    seen.extend(rest);
    seen
}

#[test]
fn a_whole_game_as_black_on_4x4_ends_with_a_result() {
    let lines = play_game(
        &["play", "--size", "4x4", "--movetime", "20"],
        &["zz", "hint", "E9"],
    );
    let text = lines.join("\n");
    assert!(text.contains("'zz' is not a move"), "{text}");
    assert!(text.contains("Hint: "), "{text}");
    assert!(text.contains("square 'e9' is off the 4x4 board"), "{text}");
    assert!(text.contains("Engine (White) plays "), "{text}");
    assert!(
        text.contains("    a  b  c  d\n 4 "),
        "board with coordinates: {text}"
    );
    assert!(text.contains('['), "last move marked: {text}");
    let result = lines.iter().find(|l| l.starts_with("Result: ")).unwrap();
    assert!(result.contains(" wins"), "{result}");
}

#[test]
fn a_whole_game_as_white_on_5x3_with_an_undo() {
    let lines = play_game(
        &["play", "--as", "white", "--size", "5x3", "--movetime", "20"],
        &["", "undo"],
    );
    let text = lines.join("\n");
    assert!(text.contains("Engine (Black) plays "), "{text}");
    assert!(
        text.contains("Taken back.") || text.contains("Nothing to take back."),
        "{text}"
    );
    assert!(lines.iter().any(|l| l.starts_with("Result: ")), "{text}");
}

#[test]
fn illegal_moves_list_the_legal_ones_and_resign_ends_the_game() {
    let mut game = Engine::start(&["play", "--movetime", "20"]);
    game.until(Duration::from_secs(5), |l| l.starts_with("Your moves: "));
    game.send("d4");
    let lines = game.until(Duration::from_secs(5), |l| l.contains("illegal move"));
    let error = lines.last().unwrap();
    assert!(
        error.contains("'d4'") && error.contains("legal moves are"),
        "{error}"
    );
    for mv in ["a8", "d5", "e4", "h1"] {
        assert!(error.contains(mv), "{error}");
    }
    game.send("D5");
    game.until(Duration::from_secs(5), |l| {
        l.starts_with("Engine (White) plays")
    });
    game.send("resign");
    let lines = game.until(Duration::from_secs(5), |l| l.starts_with("Result: "));
    assert_eq!(
        lines.last().unwrap(),
        "Result: White wins - the engine wins."
    );
    assert!(game.finish(Duration::from_secs(5)).0.success());
}
