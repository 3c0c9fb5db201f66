//! Speed figures: the bench (its node signature and speed), depth reached and nodes per second in a fixed time from the 8x8
//! position after `d5 d4`, time to a fixed depth at 1 and 2 threads, and the same
//! searches on the lock-free table and on the DashMap table.
//!
//! `cargo bench -p konane-engine --bench speed -- [seconds] [depth]` (defaults 1 and 14).

use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use konane_core::{Board, Position};
use konane_engine::Engine;
use konane_search::dashtable::DashTable;
use konane_search::threads::search_with_table;
use konane_search::timeman::TimeManager;
use konane_search::tt::{Table, TranspositionTable};
use konane_search::{SearchControl, SearchLimits, SearchOptions};

fn after_d5_d4() -> Position {
    let mut position = Position::start(Board::STANDARD);
    position.play_all(["d5", "d4"]).expect("legal opening");
    position
}

/// One search on a fresh table; prints and returns (depth, nodes, seconds).
fn run<T: Table>(label: &str, table: &T, threads: usize, limits: &SearchLimits) -> (u32, u64, f64) {
    let options = SearchOptions {
        threads,
        hash_mib: 64,
        ..SearchOptions::default()
    };
    table.new_search();
    let position = after_d5_d4();
    let started = Instant::now();
    let time = TimeManager::new(limits, &position, options.move_overhead_ms, started);
    let result = search_with_table(
        table,
        &options,
        &position,
        limits,
        time,
        &SearchControl::default(),
        &mut |_| {},
    );
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{label:<28} threads {threads}  depth {:>2}  nodes {:>11}  time {:>7.3} s  nps {:>10.0}  best {}",
        result.depth,
        result.nodes,
        seconds,
        result.nodes as f64 / seconds,
        result.best_move.map(|m| m.to_string()).unwrap_or_default()
    );
    (result.depth, result.nodes, seconds)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let seconds: f64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1.0);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(14);
    let timed = SearchLimits::movetime(Duration::from_secs_f64(seconds));
    let fixed = SearchLimits::depth(depth);
    let (sender, reports) = channel();
    let mut engine = Engine::default();
    engine
        .bench(
            |_| {},
            move |report| sender.send(report).expect("main waits"),
        )
        .expect("a new engine is idle");
    let bench = reports.recv().unwrap().expect("nothing stops the bench");
    println!(
        "bench (depth {}): {} nodes {} nps in {:.2} s",
        konane_search::bench::BENCH_DEPTH,
        bench.nodes,
        bench.nps(),
        bench.elapsed.as_secs_f64()
    );
    println!("8x8 after d5 d4; fixed time {seconds} s, fixed depth {depth}; Hash 64 MiB");
    for threads in [1, 2] {
        run(
            "lock-free, fixed time",
            &TranspositionTable::new(64),
            threads,
            &timed,
        );
    }
    for threads in [1, 2] {
        run(
            "lock-free, fixed depth",
            &TranspositionTable::new(64),
            threads,
            &fixed,
        );
        run("dashmap, fixed depth", &DashTable::new(64), threads, &fixed);
    }
}
