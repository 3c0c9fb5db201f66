//! The searcher: the transposition table, the options and the endgame solvers that
//! outlive one search, and the entry point that hands a position to the solvers or to
//! the threads.

use std::time::Instant;

use konane_core::Position;
use konane_solver::Distance;

use crate::control::SearchControl;
use crate::endgame::{Endgame, Handover};
use crate::eval::Evaluation;
use crate::limits::SearchLimits;
use crate::options::SearchOptions;
use crate::report::{nodes_per_second, SearchInfo, SearchResult};
use crate::score::{to_score, MATE};
use crate::timeman::TimeManager;
use crate::tt::{Table, TranspositionTable};

/// The engine's search state: transposition table, options and the endgame solvers.
///
/// The engine layer's building block: `konane_engine::Engine` owns one and runs it on
/// its job thread, and front ends drive that engine, not this.
#[derive(Debug)]
pub struct Searcher {
    options: SearchOptions,
    table: TranspositionTable,
    endgame: Endgame,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(SearchOptions::default())
    }
}

impl Searcher {
    /// A searcher with `options`.
    pub fn new(options: SearchOptions) -> Searcher {
        Searcher {
            table: TranspositionTable::new(options.hash_mib),
            endgame: Endgame::default(),
            options,
        }
    }

    /// The current options.
    pub fn options(&self) -> &SearchOptions {
        &self.options
    }

    /// Changes the options (resizing the table when the hash size changes).
    pub fn set_options(&mut self, options: SearchOptions) {
        if options.hash_mib != self.options.hash_mib {
            self.table.resize(options.hash_mib);
        }
        self.options = options;
    }

    /// The static evaluation of `position` with its terms.
    pub fn evaluate(&self, position: &Position) -> Evaluation {
        self.options.evaluate(position)
    }

    /// Forgets everything learnt from earlier games (table, history).
    pub fn new_game(&mut self) {
        self.table.clear();
        self.endgame.clear();
    }

    /// Searches `position` within `limits`, calling `report` with progress, until a
    /// limit is reached or `control` is stopped, and returns at once: holding the answer
    /// of an infinite or pondering search is the engine layer's job.
    ///
    /// # Panics
    /// If the game is over: the engine layer answers finished games itself.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        control: &SearchControl,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        assert!(
            !position.is_game_over(),
            "a search needs a position with a legal move"
        );
        let started = Instant::now();
        self.table.new_search();
        let time = TimeManager::new(limits, position, self.options.move_overhead_ms, started);
        let handover = if self.options.endgame_solver {
            let deadline = time.handover_deadline();
            let mut should_stop =
                || control.is_stopped() || deadline.is_some_and(|d| Instant::now() >= d);
            let exact_wanted = self.options.multipv <= 1;
            self.endgame.consult(
                position,
                limits,
                time.node_limit(),
                exact_wanted,
                &mut should_stop,
            )
        } else {
            Handover::Unsolved
        };
        let limits = match &handover {
            Handover::Solved { distance, nodes } => {
                return settled(distance, *nodes, started, self.table.hashfull(), report);
            }
            Handover::Winning(winning) => winning,
            Handover::Unsolved => limits,
        };
        crate::threads::search_with_table(
            &self.table,
            &self.options,
            position,
            limits,
            time,
            control,
            report,
        )
    }
}

/// The result of a position the endgame solvers settled: one report with the exact line.
fn settled(
    distance: &Distance,
    nodes: u64,
    started: Instant,
    hashfull: u32,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let value = MATE - distance.plies as i32;
    let score = to_score(if distance.wins { value } else { -value });
    let elapsed = started.elapsed();
    report(&SearchInfo {
        depth: distance.plies,
        seldepth: distance.plies,
        multipv: 1,
        score,
        nodes,
        nps: nodes_per_second(nodes, elapsed),
        hashfull,
        time_ms: elapsed.as_millis() as u64,
        pv: distance.line.clone(),
    });
    SearchResult {
        best_move: distance.line.first().copied(),
        ponder_move: distance.line.get(1).copied(),
        score,
        depth: distance.plies,
        nodes,
    }
}
