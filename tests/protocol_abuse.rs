//! End-to-end: protocol abuse an arena or a careless GUI may commit — fast go/stop
//! storms, isready floods during a search, hash resizes and new games between searches,
//! a position with thousands of moves, megabyte lines, quit or end of input in the
//! middle of a search, ponderhit without ponder. The engine must answer every go with
//! exactly one bestmove, stay responsive, and exit cleanly.

mod common;

use std::time::Duration;

use common::{Engine, PROMPT};
use konane_core::{Board, Position};

fn count_bestmoves(lines: &[String]) -> usize {
    lines.iter().filter(|l| l.starts_with("bestmove ")).count()
}

#[test]
fn go_stop_storm_gives_one_bestmove_per_go() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves d5 d4");
    let rounds = 300;
    for _ in 0..rounds {
        engine.send("go infinite");
        engine.send("stop");
    }
    let mut lines = engine.sync();
    // isready is answered at once, even if the last bestmove is still on its way.
    while count_bestmoves(&lines) < rounds {
        let more = engine.until(PROMPT, |l| l.starts_with("bestmove "));
        lines.extend(more);
    }
    assert_eq!(count_bestmoves(&lines), rounds);
    assert!(engine
        .next_line(Duration::from_millis(300))
        .is_none_or(|l| !l.starts_with("bestmove")));
    let position = {
        let mut p = Position::start(Board::STANDARD);
        p.play_all(["d5", "d4"]).unwrap();
        p
    };
    for line in lines.iter().filter(|l| l.starts_with("bestmove ")) {
        let mv = line.split_whitespace().nth(1).unwrap();
        assert!(position.parse_move(mv).is_ok(), "{line}");
    }
}

#[test]
fn isready_flood_during_a_search_is_answered_in_full() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos");
    engine.send("go infinite");
    for _ in 0..500 {
        engine.send("isready");
    }
    let lines = engine.until(PROMPT, |l| l == "readyok");
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 1);
    let mut seen = 1;
    while seen < 500 {
        let line = engine
            .next_line(PROMPT)
            .expect("every isready gets its readyok");
        seen += (line == "readyok") as usize;
        assert!(
            !line.starts_with("bestmove"),
            "no bestmove before stop: {line}"
        );
    }
    engine.send("stop");
    engine.until(PROMPT, |l| l.starts_with("bestmove "));
}

#[test]
fn hash_resizes_and_new_games_between_searches() {
    let mut engine = Engine::start(&[]);
    for (i, hash) in [1, 64, 2, 256, 16, 1].iter().enumerate() {
        engine.send(&format!("setoption name Hash value {hash}"));
        if i % 2 == 0 {
            engine.send("ucinewgame");
        }
        engine.send("position startpos moves e4 e5");
        engine.send("go depth 4");
        engine.until(Duration::from_secs(20), |l| l.starts_with("bestmove "));
    }
    assert!(engine.sync().iter().all(|l| !l.contains("error")));
}

#[test]
fn a_position_with_thousands_of_moves_is_refused_whole() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves d5 d4");
    let before = engine.fen();
    let moves = ["b5d5", "d3d5"].repeat(2000).join(" ");
    engine.send(&format!("position startpos moves d5 d4 {moves}"));
    let lines = engine.sync();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(lines[0].starts_with("info string error"), "{lines:?}");
    assert_eq!(engine.fen(), before);
    // A whole legal game given as one long position command is accepted.
    let mut position = Position::start(Board::STANDARD);
    let mut line = Vec::new();
    while let Some(&mv) = position.legal_moves().first() {
        position.play(mv);
        line.push(mv.to_string());
    }
    engine.send(&format!("position startpos moves {}", line.join(" ")));
    assert_eq!(engine.fen(), position.to_fen());
}

#[test]
fn megabyte_lines_are_errors_and_the_engine_stays_alive() {
    let mut engine = Engine::start(&[]);
    let before = engine.fen();
    for line in [
        format!("position fen {}", "b".repeat(1 << 20)),
        format!("go depth {}", "9".repeat(1 << 20)),
        "x".repeat(1 << 20),
    ] {
        engine.send(&line);
        let lines = engine.sync();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("info string error"),
            "{}",
            &lines[0][..lines[0].len().min(200)]
        );
        assert!(lines[0].len() < 1000);
    }
    assert_eq!(engine.fen(), before);
}

#[test]
fn quit_during_a_search_exits_at_once() {
    let mut engine = Engine::start(&[]);
    engine.send("go infinite");
    engine.sync();
    engine.send("quit");
    let (status, _) = engine.finish(PROMPT);
    assert!(status.success());
}

#[test]
fn end_of_input_during_a_search_exits_cleanly() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name Threads value 2");
    engine.send("go infinite");
    engine.sync();
    let (status, _) = engine.finish(PROMPT);
    assert!(status.success());
}

#[test]
fn ponderhit_and_stop_without_a_search_are_ignored() {
    let mut engine = Engine::start(&[]);
    engine.send("ponderhit");
    engine.send("stop");
    engine.send("ponderhit");
    assert!(engine.sync().is_empty());
    // ponderhit during a normal (non-ponder) search changes nothing.
    engine.send("go depth 3");
    engine.send("ponderhit");
    let lines = engine.until(Duration::from_secs(20), |l| l.starts_with("bestmove "));
    assert_eq!(count_bestmoves(&lines), 1);
    assert!(engine.sync().iter().all(|l| !l.starts_with("bestmove")));
}
