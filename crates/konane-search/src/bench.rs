//! The bench positions: a fixed search over them (several sizes and phases, at Threads 1
//! and Hash 16; the engine layer runs it) counts a total of nodes that is a signature of
//! the search.

/// Search depth of every bench position.
pub const BENCH_DEPTH: u32 = 12;

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
