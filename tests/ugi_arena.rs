//! End-to-end: `konane` run unchanged under a strict UGI arena, emulated here the way
//! the generic UGI arena (cutegames) drives engines: `ugi` answered by exactly `ugiok`,
//! `isready` before each command block, `position startpos moves …`, `query p1turn`,
//! `query gameover`, `go p1time … p2time … p1inc … p2inc …`, a `bestmove` line of
//! exactly two tokens, and `query result` asked of both engines at the end. Every move
//! is checked with konane-core, and the clocks are kept: no engine may run out of time.

mod common;

use std::time::{Duration, Instant};

use common::{Engine, PROMPT};
use konane_core::{Board, Color, Position};

/// The two-token answer a strict arena waits for (`response X` / `bestmove X`).
fn two_token_answer(engine: &mut Engine, head: &str, timeout: Duration) -> (String, Vec<String>) {
    let lines = engine.until(timeout, |l| {
        let parts: Vec<&str> = l.split_whitespace().collect();
        parts.len() == 2 && parts[0] == head
    });
    let answer = lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string();
    (answer, lines)
}

fn query(engine: &mut Engine, what: &str) -> String {
    engine.send(&format!("query {what}"));
    two_token_answer(engine, "response", PROMPT).0
}

fn set_position(engine: &mut Engine, moves: &[String]) {
    engine.sync();
    if moves.is_empty() {
        engine.send("position startpos");
    } else {
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
    }
}

#[test]
fn plays_whole_games_under_a_strict_ugi_arena() {
    let mut engines = [Engine::start(&[]), Engine::start(&[])];
    for engine in &mut engines {
        engine.send("ugi");
        let lines = engine.until(PROMPT, |l| l == "ugiok");
        assert!(lines.iter().all(|l| !l.starts_with("uciok")));
        engine.sync();
    }
    let (start_ms, inc_ms) = (1000i64, 10i64);
    for game in 0..2 {
        for engine in &mut engines {
            engine.sync();
            engine.send("uginewgame");
        }
        // Engine `game % 2` plays p1 (Black).
        let mut position = Position::start(Board::STANDARD);
        let mut moves: Vec<String> = Vec::new();
        let mut clocks = [start_ms, start_ms];
        loop {
            let side = position.side_to_move();
            let mover = if side == Color::Black {
                game % 2
            } else {
                1 - game % 2
            };
            let engine = &mut engines[mover];
            set_position(engine, &moves);
            let p1turn = query(engine, "p1turn");
            assert_eq!(
                p1turn,
                if side == Color::Black {
                    "true"
                } else {
                    "false"
                }
            );
            let over = query(engine, "gameover");
            assert_eq!(
                over == "true",
                position.is_game_over(),
                "{}",
                engine.transcript()
            );
            if over == "true" {
                break;
            }
            engine.send(&format!(
                "go p1time {} p2time {} p1inc {inc_ms} p2inc {inc_ms}",
                clocks[0], clocks[1]
            ));
            let started = Instant::now();
            let (text, lines) = two_token_answer(engine, "bestmove", Duration::from_secs(10));
            let spent = started.elapsed().as_millis() as i64;
            assert!(
                lines
                    .iter()
                    .all(|l| !l.starts_with("bestmove") || l.split_whitespace().count() == 2),
                "bestmove must have two tokens: {lines:?}"
            );
            let clock = &mut clocks[side.index()];
            *clock -= spent;
            assert!(*clock > 0, "{side} lost on time:\n{}", engine.transcript());
            *clock += inc_ms;
            let mv = position
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{e}\n{}", engine.transcript()));
            position.play(mv);
            moves.push(text);
        }
        let expected = match position.winner() {
            Some(Color::Black) => "p1win",
            Some(Color::White) => "p2win",
            None => unreachable!("the loop ends at game over"),
        };
        for engine in &mut engines {
            set_position(engine, &moves);
            assert_eq!(query(engine, "gameover"), "true");
            assert_eq!(query(engine, "result"), expected);
        }
    }
    for engine in engines {
        let (status, _) = engine.finish(PROMPT);
        assert!(status.success());
    }
}
