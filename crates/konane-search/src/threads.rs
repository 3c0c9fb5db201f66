//! Lazy SMP: every thread runs its own iterative deepening on the same position and
//! they share only the transposition table; the main thread decides when to stop.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use konane_core::Position;

use crate::limits::SearchLimits;
use crate::search::{
    to_score, Score, SearchControl, SearchInfo, SearchOptions, SearchResult, Shared, Worker,
};
use crate::tt::Table;

/// Searches `position` with `options.threads` threads sharing `table` (see
/// [`crate::Searcher::search`]); any [`Table`] works, for comparing tables. The move's
/// time counts from `started` (work done before the search, such as the endgame
/// solver's, is charged to it).
pub fn search_with_table<T: Table>(
    started: Instant,
    table: &T,
    options: &SearchOptions,
    position: &Position,
    limits: &SearchLimits,
    control: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    if position.is_game_over() {
        report(&SearchInfo {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score: Score::Mate(0),
            nodes: 0,
            nps: 0,
            hashfull: table.hashfull(),
            time_ms: 0,
            pv: Vec::new(),
        });
        return SearchResult {
            best_move: None,
            ponder_move: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
        };
    }
    let shared = Shared {
        table,
        options,
        limits,
        control,
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        started,
    };
    let (best, ponder, score, depth) = std::thread::scope(|scope| {
        for id in 1..options.threads.max(1) {
            let shared = &shared;
            scope.spawn(move || {
                let mut helper = Worker::new(shared, id, position);
                helper.iterate(&mut |_| {});
                helper.flush_nodes();
            });
        }
        let mut main = Worker::new(&shared, 0, position);
        main.iterate(report);
        crate::search::wait_until_released(limits, control);
        shared.abort.store(true, Ordering::Relaxed);
        main.flush_nodes();
        main.result()
    });
    SearchResult {
        best_move: Some(best),
        ponder_move: ponder,
        score: to_score(score),
        depth,
        nodes: shared.nodes.load(Ordering::Relaxed),
    }
}
