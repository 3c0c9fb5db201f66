//! The bench job: a fixed search of the bench positions at Threads 1 and Hash 16, each
//! on a fresh table; its total node count is a signature of the search.

use std::time::{Duration, Instant};

use konane_core::Position;
use konane_search::bench::{BENCH_DEPTH, BENCH_FENS};
use konane_search::{SearchControl, SearchLimits, SearchOptions, Searcher};

/// The result of searching one bench position.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// Which position, from 1, of how many.
    pub number: usize,
    pub of: usize,
    /// The depth searched.
    pub depth: u32,
    pub fen: &'static str,
    pub nodes: u64,
    pub elapsed: Duration,
}

/// Totals over all bench positions.
#[derive(Clone, Debug)]
pub struct BenchReport {
    pub nodes: u64,
    pub elapsed: Duration,
}

impl BenchReport {
    /// Nodes per second over the whole bench.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

/// Searches every bench position to [`BENCH_DEPTH`] with a fresh 16 MiB table and one
/// thread, calling `on_line` after each; `None` once `control` is stopped.
pub(crate) fn run(
    control: &SearchControl,
    on_line: &mut dyn FnMut(&BenchLine),
) -> Option<BenchReport> {
    let mut searcher = Searcher::new(SearchOptions {
        hash_mib: 16,
        threads: 1,
        ..SearchOptions::default()
    });
    let limits = SearchLimits::depth(BENCH_DEPTH);
    let mut total = BenchReport {
        nodes: 0,
        elapsed: Duration::ZERO,
    };
    for (index, fen) in BENCH_FENS.into_iter().enumerate() {
        let position = Position::from_fen(fen).expect("bench FENs are valid");
        searcher.new_game();
        let started = Instant::now();
        let result = searcher.search(&position, &limits, control, &mut |_| {});
        if control.is_stopped() {
            return None;
        }
        let line = BenchLine {
            number: index + 1,
            of: BENCH_FENS.len(),
            depth: BENCH_DEPTH,
            fen,
            nodes: result.nodes,
            elapsed: started.elapsed(),
        };
        total.nodes += line.nodes;
        total.elapsed += line.elapsed;
        on_line(&line);
    }
    Some(total)
}
