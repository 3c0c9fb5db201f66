//! The solver badge: on a position small enough, the exact solver (konane-solver) proves
//! who wins, in how many plies, and every winning move. Each try has a node budget, so
//! a position too big for it costs a bounded moment and shows no badge. Past the
//! opening removals the badge also shows the position's combinatorial game value
//! (konane-solver's regions), when a small budget of regions is enough.

use konane_core::{Board, Phase, Position};
use konane_solver::regions::{RegionValues, ValueError};
use konane_solver::DistanceSolver;

use crate::messages::{color_name, SolvedView, ValueView};

/// Positions the solver may enter for one proof (each winning move counts apart).
const NODE_BUDGET: u64 = 1_500_000;
/// Positions kept in the solver's table.
const TABLE_CAPACITY: usize = 1 << 21;
/// Positions with more pieces than this are not tried (they are never small enough).
const MAX_PIECES: u32 = 28;
/// New regions valued for one position's value (a few milliseconds).
const VALUE_BUDGET: u64 = 2_000;
/// Entries kept in the tab's value database (emptied when full).
const VALUE_CAPACITY: usize = 1 << 18;

/// A tab's solver, its table kept while the board stays the same, and its database of
/// region values.
pub struct Prover {
    solver: Option<(Board, DistanceSolver)>,
    values: RegionValues,
}

impl Default for Prover {
    fn default() -> Prover {
        Prover {
            solver: None,
            values: RegionValues::new(VALUE_CAPACITY),
        }
    }
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
        let value = self.value(position, stop);
        Some(SolvedView {
            ply,
            fen: position.to_fen(),
            winner: color_name(if distance.wins { side } else { !side }),
            plies: distance.plies,
            winning,
            line: distance.line.iter().map(ToString::to_string).collect(),
            value,
        })
    }

    /// The value of `position`, or `None` in the opening removals, when it needs more
    /// than the budget, or when `stop` says the tab moved on.
    fn value(&mut self, position: &Position, stop: &dyn Fn() -> bool) -> Option<ValueView> {
        if position.phase() != Phase::Jumps {
            return None;
        }
        let mut found = self.values.position_value(position, VALUE_BUDGET, stop);
        if matches!(found, Err(ValueError::Full(_))) {
            self.values.clear();
            found = self.values.position_value(position, VALUE_BUDGET, stop);
        }
        let value = found.ok()?;
        let games = self.values.games_ref();
        Some(ValueView {
            human: games.display(value.total).to_string(),
            canonical: games.strict(value.total),
            regions: value.regions.len(),
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
        assert_eq!(proof.value, None, "no value in the opening removals");
        // 4x4: White wins; Black, to move, has no winning move.
        let four = Position::start("4x4".parse().unwrap());
        let proof = Prover::default().prove(&four, 0, &|| false).unwrap();
        assert_eq!(proof.winner, "white");
        assert!(proof.winning.is_empty());
        // Past the removals: the value too, hot here ({1|0}: Black to move wins).
        let hot = Position::from_fen("bw1bw2 b").unwrap();
        let proof = Prover::default().prove(&hot, 0, &|| false).unwrap();
        assert_eq!(proof.winner, "black");
        let value = proof.value.unwrap();
        assert_eq!((value.canonical.as_str(), value.regions), ("{1|0}", 1));
        // Too big, over, or stopped: no badge.
        let eight = Position::start(Board::STANDARD);
        assert_eq!(Prover::default().prove(&eight, 0, &|| false), None);
        let over = Position::from_fen("bb1 w").unwrap();
        assert_eq!(Prover::default().prove(&over, 0, &|| false), None);
        assert_eq!(Prover::default().prove(&start, 0, &|| true), None);
    }
}
