//! Solving the units of a shard: several at a time on the current rayon pool, sharing
//! the solver's proof table, each result handed over as soon as it is proven, and where
//! the running ones stand ([`RunningUnits`]) for progress displays.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use super::results::UnitResult;
use super::split::Unit;
use crate::root::{MovesSearched, Solver};

/// The units being solved, each with how far its position's moves have been searched
/// (see [`Solver::solve_limited_reporting`]), by unit id.
#[derive(Default, Debug)]
pub struct RunningUnits {
    units: Mutex<BTreeMap<u64, MovesSearched>>,
}

impl RunningUnits {
    fn set(&self, id: u64, standing: Option<MovesSearched>) {
        let mut units = self.units.lock().expect("no panic while holding the lock");
        match standing {
            Some(standing) => units.insert(id, standing),
            None => units.remove(&id),
        };
    }

    /// The running units and where each stands, by id.
    pub fn snapshot(&self) -> Vec<(u64, MovesSearched)> {
        let units = self.units.lock().expect("no panic while holding the lock");
        units
            .iter()
            .map(|(&id, &standing)| (id, standing))
            .collect()
    }
}

impl fmt::Display for RunningUnits {
    /// `unit 3 3/5 moves lost, unit 7 0/4 moves lost` (the moves of each unit's side to
    /// move searched and proven to lose, of all its moves), nothing when none runs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (id, standing)) in self.snapshot().into_iter().enumerate() {
            let sep = if i == 0 { "" } else { ", " };
            write!(
                f,
                "{sep}unit {id} {}/{} moves lost",
                standing.lost, standing.moves
            )?;
        }
        Ok(())
    }
}

/// Solves `units` with `solver` on the current rayon pool (one unit per thread at a
/// time); `done` receives each result as it is proven, from the thread that proved it,
/// and `running` shows the units under way. Units still running when the solver's stop
/// flag is set are dropped. Returns the number of units solved.
pub fn solve_units<F>(solver: &Solver, units: &[Unit], running: &RunningUnits, done: F) -> usize
where
    F: Fn(UnitResult) + Sync,
{
    units
        .par_iter()
        .with_max_len(1)
        .filter_map(|unit| {
            let started = Instant::now();
            let verdict = solver.solve_limited_reporting(&unit.position, u64::MAX, &|standing| {
                running.set(unit.id, Some(standing))
            });
            running.set(unit.id, None);
            let verdict = verdict?;
            done(UnitResult {
                id: unit.id,
                winner: verdict.winner,
                nodes: verdict.nodes,
                seconds: started.elapsed().as_secs_f64(),
            });
            Some(())
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::Split;
    use crate::SolverOptions;
    use konane_core::{Board, Position};

    #[test]
    fn running_units_read_as_the_moves_each_has_lost() {
        let running = RunningUnits::default();
        assert_eq!(running.to_string(), "");
        let standing = |lost, moves| MovesSearched {
            lost,
            moves,
            won: false,
        };
        running.set(7, Some(standing(0, 4)));
        running.set(3, Some(standing(3, 5)));
        assert_eq!(
            running.to_string(),
            "unit 3 3/5 moves lost, unit 7 0/4 moves lost"
        );
        running.set(3, None);
        assert_eq!(running.to_string(), "unit 7 0/4 moves lost");
    }

    #[test]
    fn solved_units_leave_the_running_ones() {
        let root = Position::start(Board::new(5, 4).unwrap());
        let split = Split::new(root, 3);
        let solver = Solver::new(root.board(), SolverOptions::default());
        let running = RunningUnits::default();
        let solved = solve_units(&solver, split.units(), &running, |result| {
            assert!(running.snapshot().iter().all(|&(id, _)| id != result.id));
        });
        assert_eq!(solved, split.units().len());
        assert!(running.snapshot().is_empty());
    }

    #[test]
    fn a_limited_solve_reports_each_move_it_searches() {
        let root = Position::start(Board::new(5, 4).unwrap());
        let solver = Solver::new(root.board(), SolverOptions::default());
        for unit in Split::new(root, 3).units() {
            let reports = Mutex::new(Vec::new());
            let verdict = solver
                .solve_limited_reporting(&unit.position, u64::MAX, &|standing| {
                    reports.lock().unwrap().push(standing)
                })
                .unwrap();
            let reports = reports.into_inner().unwrap();
            let moves = unit.position.legal_moves().len();
            assert_eq!(
                reports[0],
                MovesSearched {
                    lost: 0,
                    moves,
                    won: false
                }
            );
            for pair in reports.windows(2) {
                let lost = pair[0].lost + usize::from(!pair[1].won);
                assert_eq!(
                    pair[1],
                    MovesSearched {
                        lost,
                        moves,
                        won: pair[1].won
                    }
                );
            }
            let last = reports.last().unwrap();
            if verdict.winner == unit.position.side_to_move() {
                assert!(last.won);
            } else {
                assert_eq!((last.lost, last.won), (moves, false));
            }
        }
    }
}
