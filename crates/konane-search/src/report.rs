//! What a search reports: progress lines while it runs and its result.

use konane_core::Move;

use crate::score::Score;

/// Progress of one search, one report per finished iteration and multipv line.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    pub depth: u32,
    pub seldepth: u32,
    /// 1 for the best line, 2 for the second best, ...
    pub multipv: usize,
    pub score: Score,
    pub nodes: u64,
    pub nps: u64,
    /// Per-mille fill of the transposition table.
    pub hashfull: u32,
    pub time_ms: u64,
    pub pv: Vec<Move>,
}

/// The outcome of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// `None` only when the side to move has no legal move.
    pub best_move: Option<Move>,
    /// The expected reply, when the principal variation has one.
    pub ponder_move: Option<Move>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// Nodes per second over `elapsed` (never a division by zero).
pub(crate) fn nodes_per_second(nodes: u64, elapsed: std::time::Duration) -> u64 {
    (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64
}
