//! End-to-end: the engine protocol through pipes — handshakes, searches and their
//! limits, stop/isready/ponderhit during a search, game over, UGI queries, extensions,
//! and the end of input.

mod common;

use std::time::{Duration, Instant};

use common::{Engine, PROMPT};
use konane_core::{Board, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A position where Black, to move, has no move: White has won.
const GAME_OVER: &str = "b1w/3/w1b b";

fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .and_then(|l| l.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove in {lines:?}"))
        .to_string()
}

#[test]
fn uci_and_ugi_handshakes_list_id_and_options() {
    for (hello, ok) in [("uci", "uciok"), ("ugi", "ugiok")] {
        let mut engine = Engine::start(&[]);
        engine.send(hello);
        let lines = engine.until(PROMPT, |l| l == ok);
        assert!(lines[0].starts_with("id name Konane"), "{lines:?}");
        assert!(lines[1].starts_with("id author "), "{lines:?}");
        for option in [
            "option name Hash type spin default 16 min 1",
            "option name Threads type spin default 1 min 1",
            "option name MultiPV type spin default 1 min 1",
            "option name BoardSize type string default 8x8",
            "option name Ponder type check default false",
            "option name MoveOverhead type spin default 30 min 0",
            "option name EndgameSolver type check default true",
            "option name Eval type string default nnue",
            "option name EvalFile type string default",
            "option name Player type string default engine",
        ] {
            assert!(
                lines.iter().any(|l| l.starts_with(option)),
                "{option}: {lines:?}"
            );
        }
        assert_eq!(engine.sync(), Vec::<String>::new());
    }
}

#[test]
fn bestmove_is_legal_after_random_play_on_every_kind_of_board() {
    let mut rng = StdRng::seed_from_u64(4);
    let mut engine = Engine::start(&[]);
    for size in [
        "8x8", "6x6", "5x7", "4x3", "7x2", "1x1", "10x10", "16x16", "3x16", "16x4", "12x9",
    ] {
        let board: Board = size.parse().unwrap();
        engine.send(&format!("setoption name BoardSize value {size}"));
        engine.send("ucinewgame");
        for _ in 0..4 {
            let mut position = Position::start(board);
            let mut played = Vec::new();
            let plies = rng.gen_range(0..board.area());
            for _ in 0..plies {
                let Some(&mv) = position.legal_moves().choose(&mut rng) else {
                    break;
                };
                played.push(mv.to_string());
                position.play(mv);
            }
            let command = if rng.gen_bool(0.5) {
                format!("position startpos moves {}", played.join(" "))
            } else {
                format!("position fen {}", position.to_fen())
            };
            engine.send(&command);
            engine.send("go depth 3");
            let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
            let answer = bestmove(&lines);
            if position.is_game_over() {
                assert_eq!(answer, "(none)", "{command}");
            } else {
                let best = answer.split_whitespace().next().unwrap();
                assert!(position.parse_move(best).is_ok(), "{command}: {answer}");
                assert_eq!(
                    answer.split_whitespace().count(),
                    1,
                    "no ponder part: {answer}"
                );
            }
        }
    }
}

#[test]
fn go_movetime_answers_within_the_time_and_a_margin() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves d5 d4");
    engine.sync();
    let started = Instant::now();
    engine.send("go movetime 300");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    let elapsed = started.elapsed();
    assert!(elapsed < Duration::from_millis(300 + 1500), "{elapsed:?}");
    let best = bestmove(&lines);
    assert!(["d7d5", "b5d5", "f5d5"].contains(&best.as_str()), "{best}");
}

#[test]
fn a_builtin_player_keeps_to_movetime_answers_isready_and_stops() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name Player value alphabeta14");
    engine.send("position startpos moves d5 d4");
    engine.sync();
    let started = Instant::now();
    engine.send("go movetime 200");
    engine.send("isready");
    let lines = engine.until(Duration::from_secs(1), |l| l == "readyok");
    assert!(
        lines.iter().all(|l| !l.starts_with("bestmove")),
        "{lines:?}"
    );
    // Kept to within seconds on a loaded machine (a 1 s bound failed once at load 3-4),
    // where a search that ignored movetime would take minutes.
    engine.until(Duration::from_secs(5), |l| l.starts_with("bestmove"));
    assert!(started.elapsed() < Duration::from_secs(5));
    // Held until stop, and stopped at once: a 14-ply search would take minutes.
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("stop");
    engine.send("isready");
    let lines = engine.until(Duration::from_secs(1), |l| l == "readyok");
    assert!(lines.iter().any(|l| l.starts_with("bestmove")), "{lines:?}");
    engine.send("go nodes 5000");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(
        lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
}

#[test]
fn go_with_clocks_answers_and_uses_either_clock_name() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves d5");
    engine.send("go wtime 2000 btime 2000 winc 10 binc 10");
    let lines = engine.until(Duration::from_secs(4), |l| l.starts_with("bestmove"));
    assert!(["c5", "e5", "d4", "d6"].contains(&bestmove(&lines).as_str()));
    engine.send("go p1time 2000 p2time 2000 p1inc 10 p2inc 10 movestogo 5");
    let lines = engine.until(Duration::from_secs(4), |l| l.starts_with("bestmove"));
    assert!(["c5", "e5", "d4", "d6"].contains(&bestmove(&lines).as_str()));
}

#[test]
fn infinite_holds_bestmove_until_stop_and_isready_answers_meanwhile() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos");
    engine.send("go infinite");
    std::thread::sleep(Duration::from_millis(200));
    let before = engine.sync();
    assert!(
        before.iter().all(|l| !l.starts_with("bestmove")),
        "bestmove before stop: {before:?}"
    );
    engine.send("go depth 1"); // ignored while a search runs
    let started = Instant::now();
    engine.send("stop");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    // Within seconds even on a loaded machine; an ignored stop would never answer.
    assert!(started.elapsed() < Duration::from_secs(5), "stop was slow");
    assert!(["a8", "d5", "e4", "h1"].contains(&bestmove(&lines).as_str()));
    let after = engine.sync();
    assert!(after.is_empty(), "one bestmove per search: {after:?}");
}

#[test]
fn go_without_limits_runs_until_stop() {
    let mut engine = Engine::start(&[]);
    engine.send("go");
    std::thread::sleep(Duration::from_millis(100));
    assert!(engine.sync().iter().all(|l| !l.starts_with("bestmove")));
    engine.send("stop");
    engine.until(PROMPT, |l| l.starts_with("bestmove"));
}

#[test]
fn ponder_waits_for_ponderhit_and_the_ponder_part_follows_the_option() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name Ponder value true");
    engine.send("position startpos moves d5");
    engine.send("go ponder wtime 1000 btime 1000");
    std::thread::sleep(Duration::from_millis(150));
    assert!(engine.sync().iter().all(|l| !l.starts_with("bestmove")));
    engine.send("ponderhit");
    let lines = engine.until(Duration::from_secs(4), |l| l.starts_with("bestmove"));
    let words: Vec<&str> = lines.last().unwrap().split_whitespace().collect();
    assert!(
        words.len() == 2 || (words.len() == 4 && words[2] == "ponder"),
        "{words:?}"
    );
    engine.send("setoption name Ponder value false");
    engine.send("position startpos moves d5 d4");
    engine.send("go depth 4");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(lines.last().unwrap().split_whitespace().count(), 2);
}

#[test]
fn game_over_gives_mate_zero_then_bestmove_none() {
    let mut engine = Engine::start(&[]);
    engine.send(&format!("position fen {GAME_OVER}"));
    engine.send("go depth 5");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    assert_eq!(
        lines[lines.len() - 2..],
        ["info depth 0 score mate 0", "bestmove (none)"]
    );
}

#[test]
fn a_solved_endgame_is_reported_as_mate_and_played_along_its_line() {
    // 6x6 after 14 plies: 22 pieces, Black to move loses after White's 6th move.
    let moves = "d3 c3 f3d3 a3c3 d3b3 a5a3 a2a4 c5a5 c2a2 e5c5 b3b5 b6b4 e2c2 d6b6";
    let mut engine = Engine::start(&[]);
    engine.send("setoption name BoardSize value 6x6");
    engine.send(&format!("position startpos moves {moves}"));
    engine.send("go depth 1");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    let info = &lines[lines.len() - 2];
    assert!(info.starts_with("info depth 12 "), "{lines:?}");
    assert!(info.contains(" score mate -6 "), "{lines:?}");
    let pv: Vec<&str> = info.split(" pv ").nth(1).unwrap().split(' ').collect();
    assert_eq!(pv.len(), 12);
    assert_eq!(bestmove(&lines), pv[0]);
    // White, after Black's best defence, wins in 6 along the same line.
    engine.send(&format!("position startpos moves {moves} {}", pv[0]));
    engine.send("go depth 1");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(
        lines[lines.len() - 2].contains(" score mate 6 "),
        "{lines:?}"
    );
}

#[test]
fn ugi_queries_answer_for_the_current_position() {
    let mut engine = Engine::start(&[]);
    engine.send("ugi");
    engine.until(PROMPT, |l| l == "ugiok");
    engine.send("uginewgame");
    let ask = |engine: &mut Engine, what: &str| {
        engine.send(&format!("query {what}"));
        engine
            .until(PROMPT, |l| l.starts_with("response"))
            .pop()
            .unwrap()
    };
    engine.send("position startpos");
    assert_eq!(ask(&mut engine, "gameover"), "response false");
    assert_eq!(ask(&mut engine, "p1turn"), "response true");
    assert_eq!(ask(&mut engine, "result"), "response none");
    engine.send("position startpos moves d5");
    assert_eq!(ask(&mut engine, "p1turn"), "response false");
    engine.send(&format!("position fen {GAME_OVER}"));
    assert_eq!(ask(&mut engine, "gameover"), "response true");
    assert_eq!(ask(&mut engine, "result"), "response p2win");
    engine.send("position fen w1b/3/b1w w");
    assert_eq!(ask(&mut engine, "result"), "response p1win");
}

#[test]
fn commands_after_a_limited_search_wait_for_its_bestmove() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves d5 d4");
    engine.send("go depth 3");
    engine.send("perft 1");
    engine.send("position startpos");
    engine.send("go depth 1");
    let lines = engine.until(PROMPT, |l| l.starts_with("Nodes searched"));
    let bestmove_at = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    let perft_at = lines.iter().position(|l| l.starts_with("d7d5: ")).unwrap();
    assert!(bestmove_at < perft_at, "{lines:?}");
    assert_eq!(lines.last().unwrap(), "Nodes searched: 3");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    assert!(["a8", "d5", "e4", "h1"].contains(&bestmove(&lines).as_str()));
}

#[test]
fn d_perft_eval_and_help_extensions() {
    let mut engine = Engine::start(&[]);
    engine.send("setoption name BoardSize value 6x6");
    assert_eq!(engine.fen(), "bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb b");
    engine.send("perft 4");
    let lines = engine.until(PROMPT, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 156");
    assert_eq!(
        lines.iter().filter(|l| l.contains(": ")).count(),
        5,
        "{lines:?}"
    );
    assert_eq!(lines[lines.len() - 2], "");
    engine.send("eval");
    let lines = engine.until(PROMPT, |l| l.starts_with("total"));
    assert!(lines.iter().any(|l| l.starts_with("mobility")), "{lines:?}");
    engine.send("help");
    let lines = engine.until(PROMPT, |l| l.contains("Moves:"));
    for command in [
        "uci",
        "isready",
        "setoption",
        "position",
        "go",
        "query",
        "perft",
        "bench",
    ] {
        assert!(
            lines.iter().any(|l| l.contains(command)),
            "{command}: {lines:?}"
        );
    }
}

#[test]
fn end_of_input_exits_with_status_zero_even_during_a_search() {
    let mut engine = Engine::start(&[]);
    engine.send("uci");
    engine.send("go infinite");
    let (status, rest) = engine.finish(PROMPT);
    assert!(status.success());
    assert!(rest.iter().any(|l| l.starts_with("bestmove")), "{rest:?}");
    let engine = Engine::start(&[]);
    let (status, rest) = engine.finish(PROMPT);
    assert!(status.success());
    assert!(rest.is_empty(), "no banner when stdin is a pipe: {rest:?}");
    let mut engine = Engine::start(&[]);
    engine.send("quit");
    assert!(engine.finish(PROMPT).0.success());
}

#[test]
fn a_long_search_prints_few_info_lines() {
    let mut engine = Engine::start(&[]);
    engine.send("go movetime 1000");
    let lines = engine.until(Duration::from_secs(4), |l| l.starts_with("bestmove"));
    let infos = lines.iter().filter(|l| l.starts_with("info depth")).count();
    assert!(
        (1..=8).contains(&infos),
        "{infos} info lines in 1 s: {lines:?}"
    );
}
