//! The schedule of a series: the list of game pairs to play, and running it on several
//! workers at once, in the list's order, with the results handed to one thread that may
//! stop the series early.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

use konane_core::Shard;

use crate::record::GameRecord;

/// The pairs a series plays, in order, by number from 0: pair `n` starts from the
/// openings' position `n` and holds games `2n + 1` and `2n + 2`. The list is fixed
/// before the first game, so that equal settings play equal pairs whatever the number
/// of workers. A shard of a schedule ([`Schedule::part`]) plays one block of its pairs
/// with their own numbers, so that shards together play exactly the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pairs: Vec<u64>,
    /// Pairs of the whole schedule this one is a part of.
    total: u64,
    shard: Shard,
}

impl Schedule {
    /// The first `pairs` pairs.
    pub fn new(pairs: u64) -> Schedule {
        Schedule {
            pairs: (0..pairs).collect(),
            total: pairs,
            shard: Shard::WHOLE,
        }
    }

    /// Enough pairs for `games` games (rounded up to an even number).
    pub fn for_games(games: u64) -> Schedule {
        Schedule::new(games.div_ceil(2))
    }

    /// Part `shard` of the whole schedule: one block of consecutive pairs, the blocks
    /// of parts 1, 2, … following each other.
    pub fn part(&self, shard: Shard) -> Schedule {
        Schedule {
            pairs: shard.block(self.total).collect(),
            total: self.total,
            shard,
        }
    }

    /// The pair numbers, in the order they are handed out.
    pub fn pairs(&self) -> &[u64] {
        &self.pairs
    }

    /// The number of games planned: two per pair.
    pub fn games(&self) -> u64 {
        2 * self.pairs.len() as u64
    }

    /// The number of pairs of the whole schedule (of every shard together).
    pub fn total_pairs(&self) -> u64 {
        self.total
    }

    /// Which part of the whole schedule this is.
    pub fn shard(&self) -> Shard {
        self.shard
    }
}

/// Plays the pairs of `schedule` with `workers.len()` threads, each owning one worker
/// (its engines or agents). `play_pair` plays one pair on a worker; `on_pair` receives
/// each finished pair on the calling thread and may break to stop handing out new pairs
/// (pairs already started still finish and are handed over). A worker waits until its
/// pair is taken before it starts another, so at most one pair per worker is played
/// after a break. Returns the workers.
pub fn run_pairs<W, P, R>(
    workers: Vec<W>,
    schedule: &Schedule,
    play_pair: P,
    mut on_pair: R,
) -> Vec<W>
where
    W: Send,
    P: Fn(&mut W, u64) -> [GameRecord; 2] + Sync,
    R: FnMut([GameRecord; 2]) -> ControlFlow<()>,
{
    let next = AtomicUsize::new(0);
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
                        let Some(&pair) = schedule.pairs.get(next.fetch_add(1, Ordering::Relaxed))
                        else {
                            break;
                        };
                        if sender.send(play_pair(&mut worker, pair)).is_err() {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adjudication::Reason;
    use crate::record::PlayedGame;
    use konane_core::{Board, Color, Position};

    /// A pair whose games carry the pair number and the worker's id as Black's name.
    fn pair_of(worker: &mut usize, pair: u64) -> [GameRecord; 2] {
        let game = PlayedGame {
            start: Position::start(Board::STANDARD),
            moves: Vec::new(),
            times_ms: Vec::new(),
            winner: Color::White,
            reason: Reason::NoMoves,
        };
        let names = [worker.to_string(), "x".to_string()];
        GameRecord::pair(pair, &names, [game.clone(), game])
    }

    #[test]
    fn schedules_list_whole_pairs_in_order() {
        let schedule = Schedule::for_games(5);
        assert_eq!(schedule.pairs(), [0, 1, 2]);
        assert_eq!(schedule.games(), 6);
        assert_eq!(Schedule::for_games(6), Schedule::new(3));
    }

    #[test]
    fn parts_of_a_schedule_play_each_pair_once_in_order() {
        let whole = Schedule::for_games(20);
        let parts: Vec<Schedule> = (1..=3)
            .map(|k| whole.part(Shard::new(k, 3).unwrap()))
            .collect();
        assert_eq!(parts[0].pairs(), [0, 1, 2]);
        assert_eq!(parts[2].pairs(), [6, 7, 8, 9]);
        let joined: Vec<u64> = parts.iter().flat_map(|p| p.pairs().to_vec()).collect();
        assert_eq!(joined, whole.pairs());
        assert_eq!((parts[1].total_pairs(), parts[1].games()), (10, 6));
        assert_eq!(parts[1].shard().to_string(), "2/3");
        assert_eq!(whole.part(Shard::WHOLE), whole);
    }

    #[test]
    fn every_pair_is_played_once_across_workers() {
        let mut seen = Vec::new();
        let workers = run_pairs(vec![0usize, 1, 2], &Schedule::new(20), pair_of, |[a, b]| {
            assert_eq!(
                (a.pair, a.number, b.number),
                (a.pair, 2 * a.pair - 1, 2 * a.pair)
            );
            seen.push(a.pair);
            ControlFlow::Continue(())
        });
        assert_eq!(workers.len(), 3);
        seen.sort();
        assert_eq!(seen, (1..=20).collect::<Vec<_>>());
    }

    #[test]
    fn a_break_stops_handing_out_pairs() {
        let mut received = 0;
        run_pairs(vec![0usize, 1], &Schedule::new(1000), pair_of, |_| {
            received += 1;
            if received == 5 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        // At most one more pair per worker after the break.
        assert!((5..=7).contains(&received), "{received}");
    }
}
