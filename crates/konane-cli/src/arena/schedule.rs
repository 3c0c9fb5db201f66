//! Running pairs of games on several workers at once, in order of pair number, with
//! the results handed to one thread that may stop the match early.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread;

use super::record::GameRecord;

/// Plays pairs `0..pairs` with `workers.len()` threads, each owning one worker (its
/// engines or agents). `play_pair` plays one pair on a worker; `on_pair` receives each
/// finished pair on the calling thread and may break to stop handing out new pairs
/// (pairs already started still finish and are handed over). A worker waits until its
/// pair is taken before it starts another, so at most one pair per worker is played
/// after a break. Returns the workers.
pub fn run_pairs<W, P, R>(workers: Vec<W>, pairs: u64, play_pair: P, mut on_pair: R) -> Vec<W>
where
    W: Send,
    P: Fn(&mut W, u64) -> [GameRecord; 2] + Sync,
    R: FnMut([GameRecord; 2]) -> ControlFlow<()>,
{
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    thread::scope(|scope| {
        let (sender, results) = mpsc::sync_channel(0);
        let handles: Vec<_> = workers
            .into_iter()
            .map(|mut worker| {
                let sender = sender.clone();
                let (next, stop, play_pair) = (&next, &stop, &play_pair);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let pair = next.fetch_add(1, Ordering::Relaxed);
                        if pair >= pairs || sender.send(play_pair(&mut worker, pair)).is_err() {
                            break;
                        }
                    }
                    worker
                })
            })
            .collect();
        drop(sender);
        for result in results {
            if on_pair(result).is_break() {
                stop.store(true, Ordering::Relaxed);
            }
        }
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a match worker panicked"))
            .collect()
    })
}
