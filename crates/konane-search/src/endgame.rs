//! Endgame handover: before a search of a small position, the exact solver tries to
//! prove it won, and a proven win restricts the root to the moves proven to win.
//!
//! The solver gives the winner, not the distance to the end, so the scores stay the
//! search's own: a `Mate(n)` is only reported once the search itself reaches the end of
//! the game, and its distance is the search's (the shortest win among the proven moves
//! the search sees). What the handover guarantees is the move: a proven win is never
//! thrown away, whatever the depth or time left. A proven loss changes nothing (every
//! move loses; the search picks the one that resists longest by its own lights).

use std::fmt;

use konane_core::{Board, Color, Move, Position};
use konane_solver::{Solver, SolverOptions, TableKind};

use crate::limits::SearchLimits;

/// Positions with at most this many pieces (both sides) are handed to the solver.
/// On 6x6, random games' positions of 24 pieces were all solved within 65,000 solver
/// nodes, those of 22 within 11,000 (see docs/README-handover.md).
pub const MAX_PIECES: u32 = 24;
/// Solver nodes one search may spend on the handover (a few milliseconds at most).
pub const NODE_BUDGET: u64 = 50_000;
/// Proof table entries kept between searches (8 bytes each in the packed table).
const TABLE_ENTRIES: usize = 1 << 18;

/// The exact solver kept by a [`crate::Searcher`] between the searches of one game.
#[derive(Default)]
pub struct Endgame {
    solver: Option<(Board, Solver)>,
}

impl fmt::Debug for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endgame")
            .field("board", &self.solver.as_ref().map(|(board, _)| *board))
            .finish()
    }
}

impl Endgame {
    /// Forgets every proven position.
    pub fn clear(&mut self) {
        self.solver = None;
    }

    fn solver(&mut self, board: Board) -> &Solver {
        if self.solver.as_ref().is_none_or(|(b, _)| *b != board) {
            let options = SolverOptions {
                table: TableKind::Packed,
                capacity: TABLE_ENTRIES,
                split_plies: 0,
            };
            self.solver = Some((board, Solver::new(board, options)));
        }
        &self.solver.as_ref().expect("just made").1
    }

    /// The limits of a search of `position` with the root restricted to the moves
    /// (among `limits.search_moves`, when given) that the solver proves winning, or
    /// `None` when no win is proven within the budget or the position is too large.
    pub fn restrict(&mut self, position: &Position, limits: &SearchLimits) -> Option<SearchLimits> {
        let pieces = (position.pieces(Color::Black) | position.pieces(Color::White)).count_ones();
        if pieces > MAX_PIECES || position.is_game_over() {
            return None;
        }
        let winning = self.winning_moves(position, &limits.search_moves)?;
        Some(SearchLimits {
            search_moves: winning,
            ..limits.clone()
        })
    }

    /// The root moves proven to win for the side to move, among `allowed` (all legal
    /// moves when empty, as in `searchmoves`); `None` when none is proven.
    pub fn winning_moves(&mut self, position: &Position, allowed: &[Move]) -> Option<Vec<Move>> {
        let side = position.side_to_move();
        let solver = self.solver(position.board());
        let mut budget = NODE_BUDGET;
        let verdict = solver.solve_limited(position, budget)?;
        if verdict.winner != side {
            return None;
        }
        budget = budget.saturating_sub(verdict.nodes);
        let is_allowed = |mv: &Move| allowed.is_empty() || allowed.contains(mv);
        let mut winning: Vec<Move> = verdict
            .winning_move
            .into_iter()
            .filter(is_allowed)
            .collect();
        for &mv in position.legal_moves().iter() {
            if !is_allowed(&mv) || winning.contains(&mv) {
                continue;
            }
            if budget == 0 {
                break;
            }
            match solver.solve_limited(&position.after(mv), budget) {
                Some(reply) => {
                    budget = budget.saturating_sub(reply.nodes);
                    if reply.winner == side {
                        winning.push(mv);
                    }
                }
                None => budget = 0,
            }
        }
        (!winning.is_empty()).then_some(winning)
    }
}
