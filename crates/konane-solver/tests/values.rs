//! The solver against known results and against a plain exhaustive negamax on many
//! small positions reached by random play.

mod common;

use common::{on_threads, pn_solver, pn_solver_with, random_play};
use konane_core::{Board, Color, Position};
use konane_solver::{solve_limited, RootReport, Solver, SolverOptions, TableKind};
use rand::{Rng, SeedableRng};

/// Whether the side to move wins, by exhaustive negamax with no table and no pruning
/// beyond stopping at the first winning move.
fn negamax_wins(position: &Position) -> bool {
    position
        .legal_moves()
        .iter()
        .any(|&mv| !negamax_wins(&position.after(mv)))
}

fn options(table: TableKind) -> SolverOptions {
    SolverOptions {
        table,
        capacity: 1 << 18,
        split_plies: 2,
        ..SolverOptions::default()
    }
}

fn start(w: u32, h: u32) -> Position {
    Position::start(Board::new(w, h).unwrap())
}

/// Solves every root move of `position` on a pool of `threads`.
fn root_report(position: &Position, table: TableKind, threads: usize) -> konane_solver::RootReport {
    let solver = Solver::new(position.board(), options(table));
    let report = on_threads(threads, || solver.solve_moves(position, |_, _| {}));
    assert!(report.complete);
    report
}

#[test]
fn known_start_values() {
    for (w, h, winner) in [(4, 4, Color::White), (5, 5, Color::Black)] {
        for table in [TableKind::Packed, TableKind::DashMap] {
            let report = root_report(&start(w, h), table, 2);
            assert_eq!(report.winner(), Some(winner), "{w}x{h} {table:?}");
        }
    }
    // On 5x5 every one of Black's five removals wins.
    let report = root_report(&start(5, 5), TableKind::Packed, 1);
    assert_eq!(report.winning_moves().len(), 5);
}

#[test]
fn six_by_six_is_a_white_win_after_each_black_removal() {
    let report = root_report(&start(6, 6), TableKind::Packed, 2);
    assert_eq!(report.values.len(), 4);
    assert!(report.values.iter().all(|v| !v.wins));
    assert_eq!(report.winner(), Some(Color::White));
}

/// Every root move of `report` has the value plain negamax gives it.
fn assert_moves_agree_with_negamax(position: &Position, report: &RootReport) {
    for value in &report.values {
        assert_eq!(
            value.wins,
            !negamax_wins(&position.after(value.mv)),
            "{} move {}",
            position.to_fen(),
            value.mv
        );
    }
}

#[test]
fn small_boards_agree_with_negamax_move_by_move() {
    for (w, h) in [
        (1, 1),
        (2, 1),
        (3, 1),
        (2, 2),
        (3, 2),
        (2, 3),
        (3, 3),
        (4, 2),
        (4, 3),
        (3, 4),
        (4, 4),
        (5, 2),
        (2, 5),
    ] {
        let position = start(w, h);
        let report = root_report(&position, TableKind::Packed, 2);
        assert_moves_agree_with_negamax(&position, &report);
        let expected = if negamax_wins(&position) {
            Color::Black
        } else {
            Color::White
        };
        assert_eq!(report.winner(), Some(expected), "{w}x{h}");
    }
}

#[test]
fn random_positions_agree_with_negamax() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2026);
    for (w, h) in [(3, 3), (4, 3), (3, 4), (4, 4), (5, 4), (4, 5)] {
        let board = Board::new(w, h).unwrap();
        // One solver per board: its table carries over, as in the engine.
        let solver = Solver::new(board, options(TableKind::Packed));
        for _ in 0..60 {
            let plies = rng.gen_range(2..10);
            let position = random_play(board, plies, &mut rng);
            if w * h > 16 && position.empty_count() < 5 {
                continue; // too slow for plain negamax
            }
            let expected = negamax_wins(&position);
            let verdict = solver.solve_limited(&position, u64::MAX).unwrap();
            let side = position.side_to_move();
            assert_eq!(verdict.winner == side, expected, "{}", position.to_fen());
            assert_eq!(verdict.winning_move.is_some(), expected);
            if let Some(mv) = verdict.winning_move {
                assert!(
                    !negamax_wins(&position.after(mv)),
                    "{} {mv}",
                    position.to_fen()
                );
            }
            let fresh = solve_limited(&position, u64::MAX).unwrap();
            assert_eq!(fresh.winner, verdict.winner);
        }
    }
}

#[test]
fn a_small_budget_gives_up_and_a_large_one_answers() {
    let position = start(5, 5);
    assert_eq!(solve_limited(&position, 10), None);
    let verdict = solve_limited(&position, 1_000_000).unwrap();
    assert_eq!(verdict.winner, Color::Black);
    assert!(verdict.nodes > 10);
}

#[test]
fn a_root_solve_within_a_budget_stops_or_agrees() {
    let position = start(5, 5);
    let solver = Solver::new(position.board(), options(TableKind::DashMap));
    let report = on_threads(1, || solver.solve_moves_within(&position, 100, |_, _| {}));
    assert!(!report.complete);
    // The searcher looks at the budget every thousand nodes or so.
    assert!(report.nodes < 100 + 2 * 1024, "{} nodes", report.nodes);
    let solver = Solver::new(position.board(), options(TableKind::DashMap));
    let report = solver.solve_moves_within(&position, 100_000_000, |_, _| {});
    assert!(report.complete);
    assert_eq!(report.winner(), Some(Color::Black));
    assert_eq!(report.winning_moves().len(), 5);
}

#[test]
fn a_stopped_solve_reports_only_what_it_proved() {
    let position = start(5, 5);
    let solver = Solver::new(position.board(), options(TableKind::DashMap));
    solver
        .stop_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let report = solver.solve_moves(&position, |_, _| {});
    // Every root move's search checks the flag at its first node, before any proof.
    assert!(!report.complete);
    assert!(report.values.is_empty());
    assert_eq!(report.winner(), None);
}

#[test]
fn late_positions_of_random_8x8_and_7x7_games_agree_with_negamax() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(88);
    for (w, h) in [(8, 8), (7, 7), (8, 5)] {
        let board = Board::new(w, h).unwrap();
        for _ in 0..10 {
            let game = random_game(board, &mut rng);
            for position in game.iter().rev().take(7) {
                let verdict = solve_limited(position, u64::MAX).unwrap();
                let side_wins = verdict.winner == position.side_to_move();
                assert_eq!(side_wins, negamax_wins(position), "{}", position.to_fen());
                if let Some(mv) = verdict.winning_move {
                    assert!(
                        !negamax_wins(&position.after(mv)),
                        "{} {mv}",
                        position.to_fen()
                    );
                }
            }
        }
    }
}

#[test]
fn table_kinds_parse_with_a_typed_error() {
    assert_eq!("packed".parse::<TableKind>(), Ok(TableKind::Packed));
    assert_eq!("dashmap".parse::<TableKind>(), Ok(TableKind::DashMap));
    let error = "array".parse::<TableKind>().unwrap_err();
    assert_eq!(error, konane_solver::TableKindError("array".to_string()));
    assert_eq!(
        error.to_string(),
        "unknown table 'array': expected dashmap or packed"
    );
}

#[test]
fn a_tiny_table_that_keeps_overwriting_stays_exact() {
    // 64 positions for boards whose proofs hold thousands: nearly every proof is
    // replaced, which costs nodes but must never change a value.
    for (w, h) in [(4, 4), (5, 4), (4, 5), (5, 5)] {
        let position = start(w, h);
        let solver = Solver::new(
            position.board(),
            SolverOptions {
                table: TableKind::Packed,
                capacity: 64,
                split_plies: 0,
                ..SolverOptions::default()
            },
        );
        let report = solver.solve_moves(&position, |_, _| {});
        assert!(report.complete);
        assert_moves_agree_with_negamax(&position, &report);
    }
}

/// Solves the root moves of late positions from random games with the default options
/// (a small table) and with each of `settings` on top of them, asserts that every
/// setting gives every root move the plain solve's value (and, where it is cheap, plain
/// negamax's), and returns for each setting the positions where it searched fewer nodes.
fn late_root_values_agree(settings: &[(String, SolverOptions)]) -> Vec<usize> {
    let plain_options = SolverOptions {
        capacity: 1 << 16,
        ..SolverOptions::default()
    };
    let positions = late_positions(25, &[(6, 6), (7, 5), (8, 8), (7, 7), (6, 4)], 12, 10, 22);
    assert!(positions.len() > 200, "{}", positions.len());
    let mut fewer_nodes = vec![0; settings.len()];
    for position in &positions {
        let board = position.board();
        let plain = Solver::new(board, plain_options).solve_moves(position, |_, _| {});
        for ((label, options), fewer) in settings.iter().zip(&mut fewer_nodes) {
            let options = SolverOptions {
                capacity: plain_options.capacity,
                ..*options
            };
            let report = Solver::new(board, options).solve_moves(position, |_, _| {});
            assert_eq!(report.values, plain.values, "{} {label}", position.to_fen());
            *fewer += usize::from(report.nodes < plain.nodes);
        }
        if position.empty_count() + 12 >= board.area() {
            assert_moves_agree_with_negamax(position, &plain);
        }
    }
    fewer_nodes
}

/// The root moves of late positions from random games, solved with regions (split and
/// valued far more eagerly than the defaults, so that values decide many nodes) and
/// without, agree with each other and, where it is cheap, with plain negamax.
#[test]
fn region_values_leave_every_root_move_value_unchanged() {
    let settings: Vec<(String, SolverOptions)> = [(40, 0), (40, 6), (40, 12), (14, 8)]
        .into_iter()
        .map(|(region_pieces, value_pieces)| {
            let options = SolverOptions {
                region_pieces,
                value_pieces,
                ..SolverOptions::default()
            };
            (format!("{region_pieces}/{value_pieces}"), options)
        })
        .collect();
    let fewer_nodes: usize = late_root_values_agree(&settings).iter().sum();
    assert!(fewer_nodes > 50, "{fewer_nodes}");
}

/// The root moves of late positions from random games, solved with safe moves deciding
/// positions (`safe_pieces`, in both searches) and without, agree with each other and,
/// where it is cheap, with plain negamax; and the safe moves save nodes on some.
#[test]
fn safe_moves_leave_every_root_move_value_unchanged() {
    let settings: Vec<(String, SolverOptions)> = [(40, 0), (10, 0), (40, 12)]
        .into_iter()
        .map(|(safe_pieces, pn_pieces)| {
            let options = SolverOptions {
                safe_pieces,
                pn_pieces,
                ..SolverOptions::default()
            };
            (format!("safe {safe_pieces}, pn {pn_pieces}"), options)
        })
        .collect();
    let fewer_nodes = late_root_values_agree(&settings);
    assert!(fewer_nodes[0] > 20, "{fewer_nodes:?}");
}

/// Proof-number search (df-pn above `pn_pieces`, depth first below) gives every root
/// move the value of the depth-first search and of plain negamax: on the small boards
/// move by move, on positions of random games, with tables small enough to overwrite
/// entries all the time, with df-pn everywhere (`pn_pieces` 1), with other first
/// numbers (`pn_first_dn`, `pn_first_dn_ours`, `pn_first_pn`) and with damped disproof sums
/// (`pn_dn_share`).
#[test]
fn proof_number_search_leaves_every_root_move_value_unchanged() {
    let settings = [
        (1, 1 << 12, 1 << 16, (1, 0, 0, 100)),
        (1, 1 << 12, 1 << 16, (2, 1, 3, 60)),
        (6, 4, 1 << 16, (2, 0, 0, 0)),
        (6, 4, 1 << 16, (2, 3, 1, 100)),
        (10, 1 << 10, 64, (1, 0, 0, 100)),
        (10, 1 << 10, 64, (2, 1, 3, 60)),
        (14, 1 << 16, 1 << 16, (3, 2, 2, 25)),
    ];
    for (w, h) in [
        (3, 3),
        (4, 3),
        (3, 4),
        (4, 4),
        (5, 2),
        (2, 5),
        (5, 4),
        (4, 5),
        (5, 5),
    ] {
        let position = start(w, h);
        let plain = pn_solver(position.board(), 0, 0, 1 << 16).solve_moves(&position, |_, _| {});
        for (pn_pieces, pn_entries, capacity, first) in settings {
            let report = pn_solver_with(position.board(), pn_pieces, pn_entries, capacity, first)
                .solve_moves(&position, |_, _| {});
            assert!(report.complete);
            assert_eq!(report.values, plain.values, "{w}x{h} pn {pn_pieces}");
        }
        if w * h <= 16 {
            assert_moves_agree_with_negamax(&position, &plain);
        }
    }
    let boards = [(6, 6), (7, 5), (8, 8), (7, 7), (6, 4), (8, 5)];
    let positions = late_positions(2025, &boards, 8, 12, 24);
    for position in &positions {
        let board = position.board();
        let plain = pn_solver(board, 0, 0, 1 << 16).solve_moves(position, |_, _| {});
        for (pn_pieces, pn_entries, capacity, first) in settings {
            let solver = pn_solver_with(board, pn_pieces, pn_entries, capacity, first);
            let report = solver.solve_moves(position, |_, _| {});
            assert_eq!(
                report.values,
                plain.values,
                "{} pn {pn_pieces} numbers {first:?}",
                position.to_fen()
            );
            // The root's numbers, for progress displays, end proven the same way.
            let wins = plain.values.iter().any(|v| v.wins);
            let root = solver.root_numbers().expect("a solve ran");
            assert_eq!(root.proven, root.moves, "{}", position.to_fen());
            assert!(root.moves >= 1 && root.moves <= report.values.len());
            assert_eq!((root.proof == 0, root.disproof == 0), (wins, !wins));
            // The budget-limited verdict (the engine's and the certificate writer's
            // call) agrees too, with a winning move that wins.
            let verdict = solver.solve_limited(position, u64::MAX).unwrap();
            assert_eq!(verdict.winner == position.side_to_move(), wins);
            if let Some(mv) = verdict.winning_move {
                assert!(plain.values.iter().any(|v| v.mv == mv && v.wins));
            }
        }
        if position.empty_count() + 12 >= board.area() {
            assert_moves_agree_with_negamax(position, &plain);
        }
    }
    assert!(positions.len() > 150, "{}", positions.len());
}

/// With one thread the proof-number search is deterministic: the same nodes every run.
#[test]
fn proof_number_search_counts_the_same_nodes_every_run() {
    let position = start(6, 5);
    let nodes = || {
        let solver = pn_solver(position.board(), 16, 1 << 12, 1 << 16);
        let report = on_threads(1, || solver.solve_moves(&position, |_, _| {}));
        assert_eq!(report.winner(), Some(Color::White));
        report.nodes
    };
    assert_eq!(nodes(), nodes());
}

/// Late positions of random games, of at most `max_pieces` pieces: on each of `boards`
/// (width, height), `games` games from the generator seeded with `seed`, and of each
/// game the `per_game` positions before its last (which has no move), latest first.
fn late_positions(
    seed: u64,
    boards: &[(u32, u32)],
    games: usize,
    per_game: usize,
    max_pieces: u32,
) -> Vec<Position> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut positions = Vec::new();
    for &(w, h) in boards {
        let board = Board::new(w, h).unwrap();
        for _ in 0..games {
            let game = random_game(board, &mut rng);
            let late = game.iter().rev().skip(1).take(per_game);
            positions.extend(late.filter(|p| p.piece_count() <= max_pieces).copied());
        }
    }
    positions
}

/// The positions of one game of uniformly random moves from the start of `board`, the
/// start first and the final position (no move) last.
fn random_game(board: Board, rng: &mut impl Rng) -> Vec<Position> {
    let mut game = vec![Position::start(board)];
    loop {
        let moves = game.last().unwrap().legal_moves();
        if moves.is_empty() {
            return game;
        }
        let next = game
            .last()
            .unwrap()
            .after(moves[rng.gen_range(0..moves.len())]);
        game.push(next);
    }
}

/// Threads that share the proof-number search below the root moves (one thread hands
/// a child to an idle one to prove) give every root move the value of the one-thread
/// depth-first search, on 2 and 3 threads, with tables small enough to overwrite and
/// with a single root move (where only shared work keeps the other threads busy), with
/// the plain and the damped disproof sum. The solves run under a time limit, so that a
/// deadlock fails the test instead of hanging it.
#[test]
fn threads_sharing_proof_number_work_agree_with_one_thread() {
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut positions = vec![start(5, 5), start(6, 5), start(5, 6)];
        // 6x6 after d3 and its reply c3: one root position, Black's jumps below it.
        let mut opened = start(6, 6);
        opened
            .play_all(["d3", "c3"])
            .expect("opening removals of 6x6");
        positions.push(opened);
        let mut jobs = 0;
        for position in &positions {
            let plain = on_threads(1, || {
                pn_solver(position.board(), 0, 0, 1 << 16).solve_moves(position, |_, _| {})
            });
            // The library's first numbers, then `konane solve`'s.
            for (threads, pn_pieces, pn_entries, capacity, numbers) in [
                (2, 8, 1 << 12, 1 << 16, (1, 0, 0, 100)),
                (3, 6, 1 << 8, 1 << 12, (2, 1, 3, 60)),
                (2, 12, 1 << 16, 1 << 18, (2, 1, 3, 50)),
            ] {
                let share = numbers.3;
                let solver =
                    pn_solver_with(position.board(), pn_pieces, pn_entries, capacity, numbers);
                let report = on_threads(threads, || solver.solve_moves(position, |_, _| {}));
                assert!(report.complete);
                assert_eq!(
                    report.values,
                    plain.values,
                    "{} on {threads} threads, pn {pn_pieces}, share {share}",
                    position.to_fen()
                );
                jobs += report.jobs;
            }
        }
        done.send(jobs).expect("the test waits");
    });
    let jobs = finished
        .recv_timeout(std::time::Duration::from_secs(600))
        .expect("the parallel solves finish within 10 minutes");
    assert!(jobs > 0, "no work was shared");
}
