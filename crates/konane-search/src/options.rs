//! The settings of the search that outlive one search.

use crate::eval::EvalWeights;

/// Engine settings that outlive one search.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SearchOptions {
    /// Evaluation weights.
    pub eval: EvalWeights,
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Root moves reported with full lines.
    pub multipv: usize,
    /// Milliseconds kept in reserve per move for communication delays.
    pub move_overhead_ms: u64,
    /// Hand small endgames to the exact solver (see [`crate::endgame`]).
    pub endgame_solver: bool,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            eval: EvalWeights::default(),
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            endgame_solver: true,
        }
    }
}
