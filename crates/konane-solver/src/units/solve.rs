//! Solving the units of a shard: several at a time on the current rayon pool, sharing
//! the solver's proof table, each result handed over as soon as it is proven.

use std::time::Instant;

use rayon::prelude::*;

use super::results::UnitResult;
use super::split::Unit;
use crate::root::Solver;

/// Solves `units` with `solver` on the current rayon pool (one unit per thread at a
/// time); `done` receives each result as it is proven, from the thread that proved it.
/// Units still running when the solver's stop flag is set are dropped. Returns the
/// number of units solved.
pub fn solve_units<F>(solver: &Solver, units: &[Unit], done: F) -> usize
where
    F: Fn(UnitResult) + Sync,
{
    units
        .par_iter()
        .with_max_len(1)
        .filter_map(|unit| {
            let started = Instant::now();
            let verdict = solver.solve_limited(&unit.position, u64::MAX)?;
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
