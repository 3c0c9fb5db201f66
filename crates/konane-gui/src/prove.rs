//! The solver badge: on a position small enough, the exact solver (konane-solver) proves
//! who wins, in how many plies, and every winning move. Each try has a node budget, so
//! a position too big for it costs a bounded moment and shows no badge.

use konane_core::{Board, Position};
use konane_solver::DistanceSolver;

use crate::messages::{color_name, SolvedView};

/// Positions the solver may enter for one proof (each winning move counts apart).
const NODE_BUDGET: u64 = 1_500_000;
/// Positions kept in the solver's table.
const TABLE_CAPACITY: usize = 1 << 21;
/// Positions with more pieces than this are not tried (they are never small enough).
const MAX_PIECES: u32 = 28;

/// A tab's solver, its table kept while the board stays the same.
#[derive(Default)]
pub struct Prover {
    solver: Option<(Board, DistanceSolver)>,
}

impl Prover {
    /// The proof for `position` (shown after `ply` moves), or `None` when the game is
    /// over, the position is too big, or `stop` says the tab moved on.
    pub fn prove(
        &mut self,
        position: &Position,
        ply: usize,
        stop: &dyn Fn() -> bool,
    ) -> Option<SolvedView> {
        if position.is_game_over() || position.piece_count() > MAX_PIECES {
            return None;
        }
        let board = position.board();
        if self.solver.as_ref().is_none_or(|(b, _)| *b != board) {
            self.solver = Some((board, DistanceSolver::new(TABLE_CAPACITY)));
        }
        let (_, solver) = self.solver.as_mut()?;
        let mut should_stop = || stop();
        let distance = solver.solve(position, &[], NODE_BUDGET, &mut should_stop)?;
        let mut winning = Vec::new();
        if distance.wins {
            for &mv in position.legal_moves().iter() {
                let value = solver.solve(position, &[mv], NODE_BUDGET, &mut should_stop)?;
                if value.wins {
                    winning.push(mv.to_string());
                }
            }
        }
        let side = position.side_to_move();
        Some(SolvedView {
            ply,
            fen: position.to_fen(),
            winner: color_name(if distance.wins { side } else { !side }),
            plies: distance.plies,
            winning,
            line: distance.line.iter().map(ToString::to_string).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_positions_are_proven_with_every_winning_move() {
        // 5x5: every opening removal wins for Black.
        let start = Position::start("5x5".parse().unwrap());
        let proof = Prover::default().prove(&start, 0, &|| false).unwrap();
        assert_eq!(proof.winner, "black");
        assert_eq!(proof.winning.len(), start.legal_moves().len());
        assert_eq!(proof.line.len() as u32, proof.plies);
        assert_eq!(proof.plies % 2, 1, "the winner makes the last move");
        // 4x4: White wins; Black, to move, has no winning move.
        let four = Position::start("4x4".parse().unwrap());
        let proof = Prover::default().prove(&four, 0, &|| false).unwrap();
        assert_eq!(proof.winner, "white");
        assert!(proof.winning.is_empty());
        // Too big, over, or stopped: no badge.
        let eight = Position::start(Board::STANDARD);
        assert_eq!(Prover::default().prove(&eight, 0, &|| false), None);
        let over = Position::from_fen("bb1 w").unwrap();
        assert_eq!(Prover::default().prove(&over, 0, &|| false), None);
        assert_eq!(Prover::default().prove(&start, 0, &|| true), None);
    }
}
