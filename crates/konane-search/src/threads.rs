//! Lazy SMP: every thread runs its own iterative deepening on the same position and
//! they share the transposition table and the "being searched" marks
//! (the private `busy` module). Helper threads skip depths (the private `skips` module) so that they
//! search ahead of the main thread; the main thread decides when to stop and gives the
//! answer, unless a helper finished the depth limit first.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use konane_core::{BitPosition, Position, PositionVisitor, Word};

use crate::busy::BusyMarks;
use crate::control::SearchControl;
use crate::limits::SearchLimits;
use crate::options::SearchOptions;
use crate::report::{SearchInfo, SearchResult};
use crate::score::to_score;
use crate::search::{Shared, Worker};
use crate::timeman::TimeManager;
use crate::tt::Table;

/// Searches `position` (which has a legal move) with `options.threads` threads sharing
/// `table` (see [`crate::Searcher::search`]); any [`Table`] works, for comparing
/// tables. `time` makes every stop decision; its clock may have started before the
/// search (work done first, such as the endgame solver's, is charged to the move).
pub fn search_with_table<T: Table>(
    table: &T,
    options: &SearchOptions,
    position: &Position,
    limits: &SearchLimits,
    time: TimeManager,
    control: &SearchControl,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    position.visit(Search {
        table,
        options,
        limits,
        time,
        control,
        report,
    })
}

/// The arguments of [`search_with_table`], run on the position's own word.
struct Search<'a, T> {
    table: &'a T,
    options: &'a SearchOptions,
    limits: &'a SearchLimits,
    time: TimeManager,
    control: &'a SearchControl,
    report: &'a mut dyn FnMut(&SearchInfo),
}

impl<T: Table> PositionVisitor for Search<'_, T> {
    type Output = SearchResult;
    fn visit<W: Word>(self, position: &BitPosition<W>) -> SearchResult {
        search_on(self, position)
    }
}

fn search_on<T: Table, W: Word>(search: Search<'_, T>, position: &BitPosition<W>) -> SearchResult {
    let threads = search.options.threads.max(1);
    let busy = (threads > 1).then(BusyMarks::default);
    let shared = Shared {
        table: search.table,
        options: search.options,
        limits: search.limits,
        control: search.control,
        max_depth: search.time.max_depth(),
        node_limit: search.time.node_limit(),
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        started: search.time.clock_start(),
        busy: busy.as_ref(),
    };
    let (best, ponder, score, depth) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|id| {
                let shared = &shared;
                scope.spawn(move || {
                    let mut helper = Worker::new(shared, id, position, None);
                    helper.iterate(&mut |_| {});
                    helper.flush_nodes();
                    (
                        helper.completed_depth(),
                        helper.result(),
                        helper.final_info(),
                    )
                })
            })
            .collect();
        let mut main = Worker::new(&shared, 0, position, Some(search.time));
        main.iterate(search.report);
        shared.abort.store(true, Ordering::Relaxed);
        main.flush_nodes();
        let mut chosen = main.result();
        let mut deepest = main.completed_depth();
        for helper in helpers {
            let (depth, result, info) = helper.join().expect("a search thread panicked");
            // A helper that finished the depth limit before the main thread answers (one
            // line only: helpers search no other lines). Otherwise the main thread does:
            // taking any deeper helper iteration lost games (docs/search.md, Lazy SMP).
            if search.options.multipv <= 1 && depth > deepest && depth == shared.max_depth {
                deepest = depth;
                chosen = result;
                (search.report)(&SearchInfo {
                    nodes: shared.nodes.load(Ordering::Relaxed),
                    ..info
                });
            }
        }
        chosen
    });
    SearchResult {
        best_move: Some(best),
        ponder_move: ponder,
        score: to_score(score),
        depth,
        nodes: shared.nodes.load(Ordering::Relaxed),
    }
}
