//! The bench: a fixed search over built-in positions (several sizes and phases) at
//! Threads 1 and Hash 16; its total node count is a signature of the search.

use std::time::{Duration, Instant};

use konane_core::Position;

use crate::limits::SearchLimits;
use crate::search::{SearchControl, SearchOptions, Searcher};

/// Search depth of every bench position.
pub const BENCH_DEPTH: u32 = 11;

/// The bench positions: openings, middlegames and endgames on several board sizes.
pub const BENCH_FENS: [&str; 11] = [
    "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b",
    "2bwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b",
    "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbw1/bwbwbwb1/wbwb2wb b",
    "bwbwbwbw/wbwbwbwb/bwbwb1bw/wbwbw1w1/bwbwbw2/wbwbw2b/bwbwbwbw/wbwbwb1b b",
    "bwbw1wbw/wbwb2wb/1wbwbw2/w2b1bwb/b1bwbwbw/w3wbwb/b1bwbwbw/wbwbwbwb b",
    "bwbwbwbw/w3wbwb/2b3bw/wb5b/b1bw3w/w1w5/bwbw1wbw/wbwbwbwb b",
    "bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwb2w/wbw2b b",
    "bwbwbw/wbwbw1/bwb2w/2wb2/bw2b1/wbwbwb b",
    "2bwbwb/1bw1wbw/1wb1bwb/wbwbwbw/bwbwbwb/wbwbwbw/bwbwbwb b",
    "bwbwb/wb2w/1wb2/w1wb1/b1bwb/wbwbw/bwbwb/wbwbw b",
    "bwbwbwbw/w2bwbwb/bwb1b2w/wbwbw3/bwbwb2w/wbwb1bw1 b",
];

/// The result of searching one bench position.
#[derive(Clone, Debug)]
pub struct BenchLine {
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
/// thread, calling `on_line` after each.
pub fn run(on_line: &mut dyn FnMut(&BenchLine)) -> BenchReport {
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
    for fen in BENCH_FENS {
        let position = Position::from_fen(fen).expect("bench FENs are valid");
        searcher.new_game();
        let started = Instant::now();
        let result = searcher.search(&position, &limits, &SearchControl::default(), &mut |_| {});
        let line = BenchLine {
            fen,
            nodes: result.nodes,
            elapsed: started.elapsed(),
        };
        total.nodes += line.nodes;
        total.elapsed += line.elapsed;
        on_line(&line);
    }
    total
}
