//! Helpers the solver's test files share: running on a pool of a given number of
//! threads, a small depth-first solver, solvers with proof-number search, and positions
//! reached by random play.

#![allow(dead_code)] // Each test file uses a different part of this module.

use konane_core::{Board, Position};
use konane_solver::{Solver, SolverOptions, TableKind};
use rand::Rng;

/// Runs `work` on a fresh rayon pool of `threads` threads, so that the solver's
/// parallel parts use exactly that many.
pub fn on_threads<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> R {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool builds")
        .install(work)
}

/// A depth-first solver for `board` with a `DashMap` table of 2^20 positions and no
/// parallel split: what the certificate tests write their proofs with.
pub fn dashmap_solver(board: Board) -> Solver {
    let options = SolverOptions {
        table: TableKind::DashMap,
        capacity: 1 << 20,
        split_plies: 0,
        ..SolverOptions::default()
    };
    Solver::new(board, options)
}

/// A solver for `board` that searches by proof numbers above `pn_pieces` pieces (0:
/// depth first only), starting with `pn_entries` proof-number slots, and keeps
/// `capacity` positions in its proof table.
pub fn pn_solver(board: Board, pn_pieces: u32, pn_entries: usize, capacity: usize) -> Solver {
    pn_solver_with(board, pn_pieces, pn_entries, capacity, (1, 0, 0, 100))
}

/// [`pn_solver`] with numbers `(pn_first_dn, pn_first_dn_ours, pn_first_pn,
/// pn_dn_share)`: the first disproof number per move of the mover, what each move of
/// the other side takes off it, the other side's moves per unit of the first proof
/// number, and the percentage of the children's proof numbers but the
/// largest that a disproof number counts.
pub fn pn_solver_with(
    board: Board,
    pn_pieces: u32,
    pn_entries: usize,
    capacity: usize,
    (pn_first_dn, pn_first_dn_ours, pn_first_pn, pn_dn_share): (u32, u32, u32, u32),
) -> Solver {
    let options = SolverOptions {
        capacity,
        pn_pieces,
        pn_entries,
        pn_first_dn,
        pn_first_dn_ours,
        pn_first_pn,
        pn_dn_share,
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
