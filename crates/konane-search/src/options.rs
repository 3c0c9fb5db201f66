//! The settings of the search that outlive one search.

use std::sync::Arc;

use konane_core::Position;

use crate::eval::{EvalTerm, EvalWeights, Evaluation};
use crate::nnue::Network;

/// Engine settings that outlive one search.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct SearchOptions {
    /// Evaluation weights.
    pub eval: EvalWeights,
    /// The learned evaluation: 8x8 positions are evaluated by this net instead of the
    /// weights (other boards keep the weights). The built-in net by default; `None`
    /// evaluates every board by the weights.
    pub net: Option<Arc<Network>>,
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
            net: Some(Network::embedded()),
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
            endgame_solver: true,
        }
    }
}

impl SearchOptions {
    /// The static evaluation of `position` as the search sees it: the net's, as one
    /// term `nnue`, when a net is chosen and handles the board; the weights' terms
    /// otherwise.
    pub fn evaluate(&self, position: &Position) -> Evaluation {
        match (&self.net, position.bits::<u64>()) {
            (Some(net), Some(bits)) if Network::handles(position.board()) => {
                let total = net.evaluate_position(bits);
                Evaluation {
                    terms: vec![EvalTerm {
                        name: "nnue",
                        raw: total,
                        value: total,
                    }],
                    total,
                }
            }
            _ => self.eval.explain(position),
        }
    }
}
