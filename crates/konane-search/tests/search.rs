//! The search against an exhaustive negamax on small boards, and its limits and
//! controls: stop, multipv, searchmoves, nodes, mate, ponder, threads.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use konane_core::{random_opening, Board, Move, Position};
use konane_search::{Score, SearchControl, SearchInfo, SearchLimits, SearchOptions, Searcher};

/// The exact result by plain exhaustive negamax: `(wins, plies)` where the side to move
/// wins (quickest) or loses (slowest) with the game ending after `plies` plies.
/// Every position below [`small_positions`] is solved once and shared by the tests.
fn solve(position: &Position) -> (bool, u32) {
    static SOLVED: OnceLock<HashMap<Position, (bool, u32)>> = OnceLock::new();
    let solved = SOLVED.get_or_init(|| {
        let mut memo = HashMap::new();
        for position in small_positions() {
            solve_memo(&position, &mut memo);
        }
        memo
    });
    match solved.get(position) {
        Some(&known) => known,
        None => solve_memo(position, &mut HashMap::new()),
    }
}

/// [`solve`] remembering every position's result (no pruning: every move is visited).
fn solve_memo(position: &Position, memo: &mut HashMap<Position, (bool, u32)>) -> (bool, u32) {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let moves = position.legal_moves();
    let children: Vec<(bool, u32)> = moves
        .iter()
        .map(|&mv| solve_memo(&position.after(mv), memo))
        .collect();
    let result = match children.iter().filter(|c| !c.0).map(|c| c.1).min() {
        Some(plies) => (true, plies + 1),
        None => (false, children.iter().map(|c| c.1 + 1).max().unwrap_or(0)),
    };
    memo.insert(*position, result);
    result
}

/// The protocol's `mate N` for an exact result.
fn mate_of((wins, plies): (bool, u32)) -> Score {
    if wins {
        Score::Mate((plies as i32 + 1) / 2)
    } else {
        Score::Mate(-(plies as i32 / 2))
    }
}

fn searcher(threads: usize) -> Searcher {
    Searcher::new(SearchOptions {
        hash_mib: 4,
        threads,
        ..SearchOptions::default()
    })
}

fn search(
    searcher: &mut Searcher,
    position: &Position,
    limits: SearchLimits,
) -> (konane_search::SearchResult, Vec<SearchInfo>) {
    let mut infos = Vec::new();
    let result = searcher.search(position, &limits, &SearchControl::default(), &mut |i| {
        infos.push(i.clone())
    });
    (result, infos)
}

/// Positions after seeded random openings on small boards, game not over.
fn small_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for (size, jumps) in [
        ("4x4", 0),
        ("4x4", 2),
        ("5x4", 1),
        ("5x5", 3),
        ("6x4", 2),
        ("5x5", 6),
    ] {
        let board: Board = size.parse().unwrap();
        for seed in 0..6 {
            let mut position = Position::start(board);
            for mv in random_opening(board, jumps, seed) {
                position.play(mv);
            }
            if !position.is_game_over() {
                positions.push(position);
            }
        }
    }
    positions
}

#[test]
fn verdict_and_distance_equal_exhaustive_negamax() {
    // With and without the endgame handover to the exact solver.
    for (threads, endgame_solver) in [(1, false), (1, true), (2, true)] {
        let mut searcher = searcher(threads);
        searcher.set_options(SearchOptions {
            endgame_solver,
            ..searcher.options().clone()
        });
        for position in small_positions() {
            let exact = mate_of(solve(&position));
            searcher.new_game();
            let (result, _) = search(&mut searcher, &position, SearchLimits::depth(60));
            assert_eq!(
                result.score,
                exact,
                "{} threads {threads}",
                position.to_fen()
            );
            let best = result.best_move.unwrap();
            // The move played keeps the exact result: a win in N leaves a loss in N-1.
            let after = solve(&position.after(best));
            let Score::Mate(n) = exact else {
                unreachable!()
            };
            if n > 0 {
                assert_eq!(
                    mate_of(after),
                    Score::Mate(-(n - 1)),
                    "{}",
                    position.to_fen()
                );
            }
        }
    }
}

#[test]
fn finds_the_only_winning_move() {
    let mut found = 0;
    for position in small_positions() {
        let moves = position.legal_moves();
        let winning: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| !solve(&position.after(mv)).0)
            .collect();
        if winning.len() != 1 || moves.len() < 3 {
            continue;
        }
        found += 1;
        let mut searcher = searcher(1);
        let (result, _) = search(&mut searcher, &position, SearchLimits::depth(60));
        assert_eq!(result.best_move, Some(winning[0]), "{}", position.to_fen());
    }
    // Hand-made: Black's a1e1 double jump takes both white pieces and wins at once;
    // a1c1 would lose to d1b1.
    let position = Position::from_fen("bw1w1 b").unwrap();
    let (result, _) = search(&mut searcher(1), &position, SearchLimits::depth(5));
    assert_eq!(result.best_move.map(|m| m.to_string()), Some("a1e1".into()));
    assert_eq!(result.score, Score::Mate(1));
    assert!(
        found >= 3,
        "only {found} positions with a single winning move"
    );
}

#[test]
fn node_counts_repeat_exactly_at_one_thread() {
    let fens = &konane_search::bench::BENCH_FENS[..4];
    let run = || {
        let mut searcher = searcher(1);
        fens.iter()
            .map(|fen| {
                searcher.new_game();
                let position = Position::from_fen(fen).unwrap();
                search(&mut searcher, &position, SearchLimits::depth(6))
                    .0
                    .nodes
            })
            .collect::<Vec<u64>>()
    };
    assert_eq!(run(), run());
}

fn middlegame() -> Position {
    let mut position = Position::start(Board::STANDARD);
    position.play_all(["d5", "d4"]).unwrap();
    position
}

#[test]
fn a_stop_returns_a_legal_move_within_milliseconds() {
    for threads in [1, 2] {
        let control = Arc::new(SearchControl::default());
        let position = middlegame();
        let stopper = {
            let control = Arc::clone(&control);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                control.stop();
                Instant::now()
            })
        };
        let limits = SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        };
        let result = searcher(threads).search(&position, &limits, &control, &mut |_| {});
        let returned = Instant::now();
        let stopped = stopper.join().unwrap();
        assert!(returned.duration_since(stopped) < Duration::from_millis(100));
        assert!(position.is_legal(result.best_move.unwrap()));
    }
}

#[test]
fn a_stop_before_the_first_iteration_still_gives_a_legal_move() {
    let control = SearchControl::default();
    control.stop();
    let position = middlegame();
    let result = searcher(1).search(&position, &SearchLimits::depth(30), &control, &mut |_| {});
    assert!(position.is_legal(result.best_move.unwrap()));
}

#[test]
fn multipv_reports_distinct_root_moves_best_first() {
    for threads in [1, 2] {
        multipv_reports_distinct_root_moves_best_first_with(threads);
    }
}

fn multipv_reports_distinct_root_moves_best_first_with(threads: usize) {
    let mut position = middlegame();
    position.play_all(["d7d5", "f4d4"]).unwrap();
    let mut searcher = Searcher::new(SearchOptions {
        multipv: 3,
        threads,
        ..SearchOptions::default()
    });
    let (result, infos) = search(&mut searcher, &position, SearchLimits::depth(6));
    let last: Vec<&SearchInfo> = infos.iter().filter(|i| i.depth == 6).collect();
    assert_eq!(
        last.iter().map(|i| i.multipv).collect::<Vec<_>>(),
        [1, 2, 3]
    );
    let firsts: Vec<Move> = last.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let value = |s: Score| match s {
        Score::Cp(v) => v,
        Score::Mate(n) if n > 0 => 100_000 - n,
        Score::Mate(n) => -100_000 - n,
    };
    assert!(value(last[0].score) >= value(last[1].score));
    assert!(value(last[1].score) >= value(last[2].score));
    assert_eq!(result.best_move, Some(firsts[0]));
}

#[test]
fn searchmoves_restricts_the_root() {
    let position = middlegame();
    for text in ["b5d5", "f5d5", "d7d5"] {
        let mv = position.parse_move(text).unwrap();
        let limits = SearchLimits {
            depth: Some(5),
            search_moves: vec![mv],
            ..SearchLimits::default()
        };
        let (result, infos) = search(&mut searcher(1), &position, limits);
        assert_eq!(result.best_move, Some(mv));
        assert!(infos.iter().all(|i| i.pv[0] == mv));
    }
}

#[test]
fn node_limit_and_depth_limit_are_honoured() {
    let position = middlegame();
    let limits = SearchLimits {
        nodes: Some(20_000),
        ..SearchLimits::default()
    };
    let (result, _) = search(&mut searcher(1), &position, limits);
    assert!(
        result.nodes >= 20_000 && result.nodes < 22_000,
        "{}",
        result.nodes
    );
    let (result, infos) = search(&mut searcher(1), &position, SearchLimits::depth(4));
    assert_eq!(result.depth, 4);
    assert_eq!(infos.last().unwrap().depth, 4);
    assert_eq!(result.ponder_move, Some(infos.last().unwrap().pv[1]));
}

#[test]
fn movetime_is_kept() {
    let position = middlegame();
    let started = Instant::now();
    let (result, _) = search(
        &mut searcher(1),
        &position,
        SearchLimits::movetime(Duration::from_millis(150)),
    );
    let spent = started.elapsed();
    // 120 ms after the 30 ms overhead; the slack is for a busy shared machine.
    assert!(spent < Duration::from_millis(400), "{spent:?}");
    assert!(spent > Duration::from_millis(60), "{spent:?}");
    assert!(result.depth >= 4);
}

#[test]
fn two_threads_keep_movetime_and_clocks_and_play_legal_moves() {
    let mut position = middlegame();
    position.play_all(["d7d5", "f6d6"]).unwrap();
    for limits in [
        SearchLimits::movetime(Duration::from_millis(150)),
        SearchLimits {
            clocks: [Some(konane_search::Clock {
                time_ms: 2000,
                increment_ms: 20,
            }); 2],
            ..SearchLimits::default()
        },
    ] {
        let started = Instant::now();
        let (result, infos) = search(&mut searcher(2), &position, limits.clone());
        let spent = started.elapsed();
        // Movetime: 120 ms after the overhead; clocks: a soft target of about 115 ms and a
        // hard limit of four times that. The slack is for a busy shared machine.
        assert!(spent < Duration::from_millis(700), "{limits:?}: {spent:?}");
        assert!(position.is_legal(result.best_move.unwrap()), "{limits:?}");
        assert!(result.depth >= 4, "{limits:?}: depth {}", result.depth);
        // The move played is the first move of the last line reported.
        assert_eq!(result.best_move, Some(infos.last().unwrap().pv[0]));
    }
}

#[test]
fn two_threads_at_a_depth_limit_finish_that_depth() {
    for moves in [&["d5", "d4"][..], &["a8", "b8", "a6a8"]] {
        let mut position = Position::start(Board::STANDARD);
        position.play_all(moves.iter().copied()).unwrap();
        for depth in [1, 2, 7, 10] {
            let (result, infos) = search(&mut searcher(2), &position, SearchLimits::depth(depth));
            let last = infos.last().unwrap();
            assert_eq!((result.depth, last.depth), (depth, depth), "{moves:?}");
            assert!(position.is_legal(result.best_move.unwrap()));
            assert_eq!(
                result.best_move,
                Some(last.pv[0]),
                "{moves:?} depth {depth}"
            );
            assert_eq!(result.score, last.score, "{moves:?} depth {depth}");
            assert!(infos.iter().all(|i| i.depth <= depth));
        }
    }
}

#[test]
fn mate_limit_stops_once_a_short_enough_win_is_proved() {
    // Search small positions until one is a win; `mate N` must report it.
    for position in small_positions() {
        let (wins, plies) = solve(&position);
        if !wins {
            continue;
        }
        let n = plies.div_ceil(2);
        let limits = SearchLimits {
            mate: Some(n),
            ..SearchLimits::default()
        };
        let (result, _) = search(&mut searcher(1), &position, limits);
        assert_eq!(result.score, Score::Mate(n as i32), "{}", position.to_fen());
    }
}
