//! What a second search thread adds: time to depth, nodes, and how much of the
//! helper's work the main thread also does (docs/search.md, "Lazy SMP").
//!
//! ```sh
//! cargo run --release -p konane-search --example smp_overlap -- THREADS DEPTH [MOVES...]
//! ```
//!
//! Searches the 8x8 start after MOVES (default: the three positions of issue 22) with a
//! fresh 64 MiB table, through a table wrapper that records which thread probed which
//! position (every node with 2 or more plies left) and which thread wrote the entries
//! that probes found. The recording slows the search by a few per cent; the figures of
//! time are for comparing 1 and 2 threads under the same wrapper.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread::ThreadId;
use std::time::Instant;

use konane_core::{BitMove, Board, Position};
use konane_search::threads::search_with_table;
use konane_search::timeman::TimeManager;
use konane_search::tt::{Bound, Table, TranspositionTable, TtHit};
use konane_search::{SearchControl, SearchLimits, SearchOptions};

/// Slots of the writer map (each a key with the writer in its low byte).
const OWNER_SLOTS: usize = 1 << 22;
/// Probed keys a thread buffers before adding them to its set.
const BATCH: usize = 1 << 14;

/// A table that records, per thread, the probed keys and whose entries the hits were.
struct Recording<'a> {
    inner: &'a TranspositionTable,
    main: ThreadId,
    owners: Vec<AtomicU64>,
    /// hits[reader][writer]
    hits: [[AtomicU64; 2]; 2],
    probes: [AtomicU64; 2],
    seen: [Mutex<HashSet<u64>>; 2],
}

thread_local! {
    static BUFFER: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Recording<'_> {
    fn thread(&self) -> usize {
        usize::from(std::thread::current().id() != self.main)
    }

    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.owners[(key >> 40) as usize % OWNER_SLOTS]
    }

    fn flush(&self, id: usize) {
        BUFFER.with(|buffer| {
            let mut buffer = buffer.borrow_mut();
            self.seen[id].lock().unwrap().extend(buffer.drain(..));
        });
    }
}

impl Table for Recording<'_> {
    fn probe(&self, key: u64) -> Option<TtHit> {
        let id = self.thread();
        self.probes[id].fetch_add(1, Ordering::Relaxed);
        let full = BUFFER.with(|buffer| {
            let mut buffer = buffer.borrow_mut();
            buffer.push(key);
            buffer.len() >= BATCH
        });
        if full {
            self.flush(id);
        }
        let hit = self.inner.probe(key);
        if hit.is_some() {
            let owner = self.slot(key).load(Ordering::Relaxed);
            if owner & !0xff == key & !0xff && owner & 0xff != 0 {
                let writer = (owner & 0xff) as usize - 1;
                self.hits[id][writer.min(1)].fetch_add(1, Ordering::Relaxed);
            }
        }
        hit
    }

    fn store(&self, key: u64, mv: Option<BitMove>, score: i32, depth: i32, bound: Bound) {
        let id = self.thread() as u64;
        self.slot(key)
            .store((key & !0xff) | (id + 1), Ordering::Relaxed);
        self.inner.store(key, mv, score, depth, bound);
    }

    fn new_search(&self) {
        self.inner.new_search();
    }

    fn hashfull(&self) -> u32 {
        self.inner.hashfull()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2);
    let depth: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(15);
    let lines: Vec<Vec<String>> = if args.len() > 2 {
        vec![args[2..].to_vec()]
    } else {
        ["d5 d4", "d5 d4 d7d5 f6d6", "a8 b8 a6a8"]
            .iter()
            .map(|l| l.split(' ').map(String::from).collect())
            .collect()
    };
    let options = SearchOptions {
        threads,
        hash_mib: 64,
        ..SearchOptions::default()
    };
    let mut total_ms = 0;
    for moves in lines {
        let mut position = Position::start(Board::STANDARD);
        position.play_all(moves.iter().map(String::as_str)).unwrap();
        let table = TranspositionTable::new(64);
        let recording = Recording {
            inner: &table,
            main: std::thread::current().id(),
            owners: (0..OWNER_SLOTS).map(|_| AtomicU64::new(0)).collect(),
            hits: Default::default(),
            probes: Default::default(),
            seen: Default::default(),
        };
        recording.new_search();
        let limits = SearchLimits::depth(depth);
        let started = Instant::now();
        let time = TimeManager::new(&limits, &position, 0, started);
        let mut reached = Vec::new();
        let result = search_with_table(
            &recording,
            &options,
            &position,
            &limits,
            time,
            &SearchControl::default(),
            &mut |info| reached.push((info.depth, info.time_ms)),
        );
        let ms = started.elapsed().as_millis();
        total_ms += ms;
        recording.flush(0);
        let (main, helper) = (
            recording.seen[0].lock().unwrap(),
            recording.seen[1].lock().unwrap(),
        );
        let common = main.intersection(&helper).count();
        let hit = |r: usize, w: usize| recording.hits[r][w].load(Ordering::Relaxed);
        let probes = |r: usize| recording.probes[r].load(Ordering::Relaxed);
        println!(
            "[{}] threads {threads} depth {depth}: {ms} ms, {} nodes, best {}, score {:?}",
            moves.join(" "),
            result.nodes,
            result.best_move.unwrap(),
            result.score
        );
        let last: Vec<String> = reached
            .iter()
            .rev()
            .take(4)
            .rev()
            .map(|(d, t)| format!("d{d} {t} ms"))
            .collect();
        println!("  main reached {}", last.join(", "));
        println!(
            "  probes main {} helper {}; distinct positions main {} helper {} (helper's also probed by main: {:.1}%)",
            probes(0),
            probes(1),
            main.len(),
            helper.len(),
            100.0 * common as f64 / helper.len().max(1) as f64
        );
        println!(
            "  hits main<-main {} main<-helper {} helper<-helper {} helper<-main {}",
            hit(0, 0),
            hit(0, 1),
            hit(1, 1),
            hit(1, 0)
        );
    }
    println!("total {total_ms} ms");
}
