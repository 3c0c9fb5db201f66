//! The search entry point and its report types.
//!
//! PLACEHOLDER BODY: `Searcher::search` below only picks the first legal move so that
//! the front ends can be built against this API; the search issue replaces it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use konane_core::{Move, Position};

use crate::eval::{EvalWeights, Evaluation};
use crate::limits::SearchLimits;

/// A score from the side to move's view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Score {
    /// A heuristic evaluation in centi-moves.
    Cp(i32),
    /// An exact result: `Mate(n)` with n > 0, the side to move wins with its n-th move
    /// from now; n < 0, it loses after the opponent's |n|-th move; `Mate(0)`, no move now.
    Mate(i32),
}

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
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            eval: EvalWeights::default(),
            hash_mib: 16,
            threads: 1,
            multipv: 1,
            move_overhead_ms: 30,
        }
    }
}

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

/// Signals from the front end to a running search; shared between threads.
#[derive(Debug, Default)]
pub struct SearchControl {
    stop: AtomicBool,
    ponderhit: AtomicBool,
}

impl SearchControl {
    /// Asks the search to stop as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked for.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Tells a pondering search that the expected move was played: the clock now runs.
    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Ordering::Relaxed);
    }

    /// Whether `ponderhit` has been received.
    pub fn is_ponderhit(&self) -> bool {
        self.ponderhit.load(Ordering::Relaxed)
    }

    /// Clears both flags before the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.ponderhit.store(false, Ordering::Relaxed);
    }
}

/// The engine's search state: transposition table, history, options.
#[derive(Debug, Default)]
pub struct Searcher {
    options: SearchOptions,
}

impl Searcher {
    /// A searcher with `options`.
    pub fn new(options: SearchOptions) -> Searcher {
        Searcher { options }
    }

    /// The current options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Changes the options (resizing the table when the hash size changes).
    pub fn set_options(&mut self, options: SearchOptions) {
        self.options = options;
    }

    /// The static evaluation of `position` with its terms.
    pub fn evaluate(&self, position: &Position) -> Evaluation {
        self.options.eval.explain(position)
    }

    /// Forgets everything learnt from earlier games (table, history).
    pub fn new_game(&mut self) {}

    /// Searches `position` within `limits`, calling `report` with progress, until a
    /// limit is reached or `control` is stopped.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        control: &SearchControl,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let started = Instant::now();
        let moves = position.legal_moves();
        let best_move = moves
            .iter()
            .copied()
            .find(|mv| limits.search_moves.is_empty() || limits.search_moves.contains(mv));
        let score = if best_move.is_some() {
            Score::Cp(0)
        } else {
            Score::Mate(0)
        };
        let _ = control.is_stopped();
        report(&SearchInfo {
            depth: 1,
            seldepth: 1,
            multipv: 1,
            score,
            nodes: moves.len() as u64,
            nps: 0,
            hashfull: 0,
            time_ms: started.elapsed().as_millis() as u64,
            pv: best_move.into_iter().collect(),
        });
        SearchResult {
            best_move,
            ponder_move: None,
            score,
            depth: 1,
            nodes: moves.len() as u64,
        }
    }
}
