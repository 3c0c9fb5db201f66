//! The solver badge: on a position small enough, the exact solvers (konane-solver) prove
//! who wins, in how many plies, and every winning move, within the budget
//! [`WinningMovesBudget::Analysis`], so a position too big for it costs a bounded moment
//! and shows no badge. Past the opening removals the badge also shows the position's
//! combinatorial game value (konane-solver's regions), when a small budget of regions
//! is enough, with its mean and temperature and the hottest of its regions (konane-cgt's
//! thermography).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use konane_core::{Board, Phase, Position};
use konane_engine::{winning_moves, WinningMovesBudget};
use konane_solver::regions::{RegionValues, ValueError};
use konane_solver::{DistanceSolver, Solver, SolverOptions, TableKind};

use crate::messages::{color_name, HotRegionView, SolvedView, ValueView};

/// The badge's budget: 28 pieces, 1.5 million nodes for the proof and as many for the
/// distance.
const BUDGET: WinningMovesBudget = WinningMovesBudget::Analysis;
/// Positions kept in the distance search's table.
const TABLE_CAPACITY: usize = 1 << 21;
/// Positions kept in the proof table (8 bytes each).
const PROOF_CAPACITY: usize = 1 << 20;
/// New regions valued for one position's value (a few milliseconds).
const VALUE_BUDGET: u64 = 2_000;
/// Entries kept in the tab's value database (emptied when full).
const VALUE_CAPACITY: usize = 1 << 18;

/// A tab's solvers, their tables kept while the board stays the same, and its database
/// of region values. The tables go with the prover: a tab drops it when it closes or
/// its analysis ends.
pub struct Prover {
    solvers: Option<(Board, DistanceSolver, Solver, Held)>,
    values: RegionValues,
    /// Stops the proof of the winning moves when set (by the tab, when it moves on).
    cancel: Arc<AtomicBool>,
    /// Counts the provers of the server that hold tables.
    holding: Arc<AtomicUsize>,
}

/// One prover's share of the count of provers holding tables, given back when its
/// tables go.
struct Held(Arc<AtomicUsize>);

impl Held {
    fn new(count: &Arc<AtomicUsize>) -> Held {
        count.fetch_add(1, Ordering::SeqCst);
        Held(count.clone())
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Default for Prover {
    fn default() -> Prover {
        Prover::new(Arc::default(), Arc::default())
    }
}

impl Prover {
    /// A prover whose proofs stop when `cancel` is set ([`Prover::prove`] clears it as
    /// it starts), counted in `holding` while it holds solver tables.
    pub fn new(cancel: Arc<AtomicBool>, holding: Arc<AtomicUsize>) -> Prover {
        Prover {
            solvers: None,
            values: RegionValues::new(VALUE_CAPACITY),
            cancel,
            holding,
        }
    }

    /// The proof for `position` (shown after `ply` moves), or `None` when the game is
    /// over, the position is too big, the budget runs out, or `stop` says the tab moved
    /// on.
    pub fn prove(
        &mut self,
        position: &Position,
        ply: usize,
        stop: &dyn Fn() -> bool,
    ) -> Option<SolvedView> {
        if position.is_game_over() || !BUDGET.admits(position) {
            return None;
        }
        self.cancel.store(false, Ordering::SeqCst);
        if stop() {
            return None;
        }
        let board = position.board();
        if self.solvers.as_ref().is_none_or(|(b, ..)| *b != board) {
            // The old tables go before the new ones are made.
            self.solvers = None;
            let options = SolverOptions {
                table: TableKind::Packed,
                capacity: PROOF_CAPACITY,
                split_plies: 0,
                ..SolverOptions::default()
            };
            let proof = Solver::new(board, options).with_stop_flag(self.cancel.clone());
            let held = Held::new(&self.holding);
            self.solvers = Some((board, DistanceSolver::new(TABLE_CAPACITY), proof, held));
        }
        let (_, distance_solver, proof, _) = self.solvers.as_mut()?;
        let mut should_stop = || stop();
        let distance =
            distance_solver.solve(position, &[], BUDGET.distance_nodes(), &mut should_stop)?;
        let report = winning_moves(proof, position, &[], BUDGET)?;
        if !report.complete || report.winner() != Some(winner_of(position, distance.wins)) {
            return None;
        }
        let winning = report
            .winning_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        let value = self.value(position, stop);
        Some(SolvedView {
            ply,
            fen: position.to_fen(),
            winner: color_name(winner_of(position, distance.wins)),
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
        let thermal = value.thermography(self.values.games()).ok()?;
        // One region is the whole board: only among several is one the hottest.
        let hottest = thermal
            .hottest()
            .filter(|_| value.regions.len() > 1)
            .map(|index| {
                let (mean, temperature) = thermal.regions[index];
                HotRegionView {
                    squares: value.regions[index]
                        .0
                        .reach
                        .squares()
                        .map(|s| s.to_string())
                        .collect(),
                    mean: mean.to_string(),
                    temperature: temperature.to_string(),
                }
            });
        let games = self.values.games_ref();
        Some(ValueView {
            human: games.display(value.total).to_string(),
            canonical: games.strict(value.total),
            regions: value.regions.len(),
            mean: thermal.total.mean().to_string(),
            temperature: thermal.total.temperature().to_string(),
            hottest,
        })
    }
}

/// The winner of `position` when the side to move `wins` or not.
fn winner_of(position: &Position, wins: bool) -> konane_core::Color {
    let side = position.side_to_move();
    if wins {
        side
    } else {
        !side
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
        assert_eq!(
            (value.mean.as_str(), value.temperature.as_str()),
            ("1/2", "1/2")
        );
        assert_eq!(value.hottest, None, "one region is the whole board");
        // Two regions: the hot one ({1|0} on rank 3) is marked, not the cold 1.
        let two = Position::from_fen("bw1bw2/7/bw5 b").unwrap();
        let value = Prover::default()
            .prove(&two, 0, &|| false)
            .unwrap()
            .value
            .unwrap();
        assert_eq!(
            (value.mean.as_str(), value.temperature.as_str()),
            ("3/2", "1/2")
        );
        let hot = value.hottest.unwrap();
        assert_eq!(
            (hot.mean.as_str(), hot.temperature.as_str()),
            ("1/2", "1/2")
        );
        assert!(
            hot.squares.iter().all(|s| s.ends_with('3')),
            "{:?}",
            hot.squares
        );
        assert!(hot.squares.contains(&"a3".to_string()));
        // Too big, over, or stopped: no badge.
        let eight = Position::start(Board::STANDARD);
        assert_eq!(Prover::default().prove(&eight, 0, &|| false), None);
        let over = Position::from_fen("bb1 w").unwrap();
        assert_eq!(Prover::default().prove(&over, 0, &|| false), None);
        assert_eq!(Prover::default().prove(&start, 0, &|| true), None);
        // Cancelled while it proves: no badge; the next try clears the flag.
        let cancel = Arc::new(AtomicBool::new(false));
        let holding = Arc::new(AtomicUsize::new(0));
        let mut prover = Prover::new(cancel.clone(), holding.clone());
        let cancelled = || {
            cancel.store(true, Ordering::SeqCst);
            false
        };
        assert_eq!(prover.prove(&start, 0, &cancelled), None);
        assert!(prover.prove(&start, 0, &|| false).is_some());
        assert_eq!(holding.load(Ordering::SeqCst), 1, "its tables are counted");
        drop(prover);
        assert_eq!(holding.load(Ordering::SeqCst), 0, "and given back with it");
    }
}
