//! Lazy SMP: every thread runs its own iterative deepening on the same position and
//! they share the transposition table and the "being searched" marks
//! ([`crate::busy`]). Helper threads skip depths ([`helper_skips`]) so that they
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
    let Search {
        table,
        options,
        limits,
        time,
        control,
        report,
    } = search;
    let threads = options.threads.max(1);
    let busy = (threads > 1).then(BusyMarks::default);
    let shared = Shared {
        table,
        options,
        limits,
        control,
        max_depth: time.max_depth(),
        node_limit: time.node_limit(),
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        started: time.clock_start(),
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
        let mut main = Worker::new(&shared, 0, position, Some(time));
        main.iterate(report);
        shared.abort.store(true, Ordering::Relaxed);
        main.flush_nodes();
        let mut chosen = main.result();
        let mut deepest = main.completed_depth();
        for helper in helpers {
            let (depth, result, info) = helper.join().expect("a search thread panicked");
            // A helper that finished the depth limit before the main thread answers (one
            // line only: helpers search no other lines). Otherwise the main thread does:
            // taking any deeper helper iteration lost games (docs/search.md, Lazy SMP).
            if options.multipv <= 1 && depth > deepest && depth == shared.max_depth {
                deepest = depth;
                chosen = result;
                report(&SearchInfo {
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

/// Sizes and phases of the depths helper threads skip (the tables of Stockfish 8):
/// helper `id` skips `depth` when `(depth + PHASE) / SIZE` is odd, so the first helper
/// searches every other depth, the next ones other patterns.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether thread `id` skips the iteration at `depth` of a search to `max_depth`: the
/// main thread (0) never does, and no thread skips the deepest iteration or depth 1.
pub(crate) fn helper_skips(id: usize, depth: u32, max_depth: u32) -> bool {
    if id == 0 || depth == max_depth || depth == 1 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    (depth + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_helper_searches_every_other_depth() {
        let searched: Vec<u32> = (1..=12).filter(|&d| !helper_skips(1, d, 12)).collect();
        assert_eq!(searched, [1, 2, 4, 6, 8, 10, 12]);
        // The deepest iteration is never skipped, odd or not.
        let searched: Vec<u32> = (1..=9).filter(|&d| !helper_skips(1, d, 9)).collect();
        assert_eq!(searched, [1, 2, 4, 6, 8, 9]);
        // The second helper takes the other depths.
        let searched: Vec<u32> = (1..=9).filter(|&d| !helper_skips(2, d, 20)).collect();
        assert_eq!(searched, [1, 3, 5, 7, 9]);
    }

    #[test]
    fn the_main_thread_never_skips() {
        assert!((1..=40).all(|d| !helper_skips(0, d, 40)));
        // Every helper searches some depths and skips others.
        for id in 1..=21 {
            let searched = (1..=40).filter(|&d| !helper_skips(id, d, 40)).count();
            assert!((10..=30).contains(&searched), "helper {id}: {searched}");
        }
    }
}
