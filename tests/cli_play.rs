//! End-to-end: `konane play` driven through a pipe plays whole games to their result,
//! with an illegal move explained, a hint and an undo on the way.

mod common;

use std::time::Duration;

use common::Engine;

/// `mv` as a person may write it: jumps with a dash (`b1-b3`), upper case on odd turns.
fn other_notation(mv: &str, turn: usize) -> String {
    let split = 1 + mv[1..]
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(mv.len() - 1);
    let typed = match mv.split_at(split) {
        (square, "") => square.to_string(),
        (from, to) => format!("{from}-{to}"),
    };
    if turn % 2 == 1 {
        typed.to_ascii_uppercase()
    } else {
        typed
    }
}

/// Plays the first legal move each turn (in varied notation) until the result; returns
/// the output, with a `typed X for Y` line for each jump typed with a dash.
fn play_game(args: &[&str], extras: &[&str]) -> Vec<String> {
    let mut game = Engine::start(args);
    let mut extras = extras.iter();
    let mut seen = Vec::new();
    let mut turn = 0;
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
        turn += 1;
        let typed = other_notation(&first, turn);
        if typed.contains('-') {
            seen.push(format!("typed {typed} for {first}"));
        }
        game.send(&typed);
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
    let dashed = lines
        .iter()
        .find_map(|l| l.strip_prefix("typed "))
        .expect("a jump typed as B1-B3");
    let meant = dashed.split(" for ").nth(1).unwrap();
    assert!(text.contains(&format!("You play {meant}.")), "{text}");
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
