//! Helpers the solver's test files share: running on a pool of a given number of
//! threads, solvers with proof-number search, and positions reached by random play.

#![allow(dead_code)] // Each test file uses a different part of this module.

use konane_core::{Board, Position};
use konane_solver::{Solver, SolverOptions};
use rand::{Rng, SeedableRng};

/// Runs `work` on a fresh rayon pool of `threads` threads, so that the solver's
/// parallel parts use exactly that many.
pub fn on_threads<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool builds")
        .install(work)
}

/// A solver for `board` that searches by proof numbers above `pn_pieces` pieces (0:
/// depth first only), starting with `pn_entries` proof-number slots, and keeps
/// `capacity` positions in its proof table.
pub fn pn_solver(board: Board, pn_pieces: u32, pn_entries: usize, capacity: usize) -> Solver {
    let options = SolverOptions {
        capacity,
        pn_pieces,
        pn_entries,
        ..SolverOptions::default()
    };
    Solver::new(board, options)
}

/// The position after `plies` uniformly random moves from the start of `board`, or
/// fewer where the game ends first.
pub fn random_play(board: Board, plies: i32, rng: &mut impl Rng) -> Position {
    let mut position = Position::start(board);
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position.play(moves[rng.gen_range(0..moves.len())]);
    }
    position
}

/// Late positions of random games, of at most `max_pieces` pieces: on each of `boards`
/// (width, height), `games` games from the generator seeded with `seed`, and of each
/// game the `per_game` positions before its last (which has no move), latest first.
pub fn late_positions(
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
pub fn random_game(board: Board, rng: &mut impl Rng) -> Vec<Position> {
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
