//! Work that the threads of one proof-number solve share below the root moves.
//!
//! A df-pn node with many pieces whose numbers say its mover probably loses (so that
//! every child must be proven) offers a child to an idle thread as a [`Job`], with the
//! proof-number threshold the node would give that child itself; the taker searches
//! the child by df-pn until it is proven or its proof number reaches that threshold,
//! and posts its numbers (a node near the root, whose thresholds are infinite, has its
//! job proven to the end). Any node that has a live job among its children leaves that
//! child to it, and once nothing else is left to search it waits for the job, taking
//! open jobs meanwhile.
//!
//! Waiting cannot deadlock. A thread waits only at a parent of the job it waits for,
//! and while it waits at a node it takes only jobs with fewer pieces than that node, so
//! the positions on each thread's stack, nested jobs included, have fewer pieces the
//! higher they are. If thread A waits at node `a` for job `x` that thread B runs, B's
//! top node `b` lies above `x` on B's stack: `b` < `x` < `a` in pieces. In a cycle of
//! threads each waiting for the next, the top nodes would have fewer pieces all the
//! way round. (Without the piece rule a thread could wait inside a job it took while
//! waiting, for a thread that waits for the outer job: 6x6 on 3 threads hung so.)
//!
//! With one thread nothing is offered (no thread is ever idle), so the search, node
//! count included, is the one-thread search.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use konane_core::{Bitboard, Word};

use crate::symmetry::TableKey;

/// Nodes with at least this many pieces more than the proof-number threshold offer
/// jobs (7x6: 579 to 823 jobs a solve at 6, 16,026 at 1, which cost twice the nodes).
pub(crate) const OFFER_ABOVE_PN_PIECES: u32 = 6;

/// How long an idle thread sleeps before it looks for work again (it is also woken
/// whenever a job is offered or finished).
const IDLE_WAIT: Duration = Duration::from_millis(1);

const OPEN: u8 = 0;
const TAKEN: u8 = 1;
const DONE: u8 = 2;
const DROPPED: u8 = 3;

/// One position handed to another thread to search.
pub(crate) struct Job<W: Word> {
    /// Its canonical key, by which the nodes that have it as a child find it.
    pub key: TableKey<W>,
    /// The mover's pieces, the other side's, and whether White is to move.
    pub me: Bitboard<W>,
    pub opp: Bitboard<W>,
    pub white: bool,
    /// The proof-number threshold it is searched under: the one the node that offered
    /// it would have given it (its disproof number is not bounded).
    pub th_pn: u32,
    /// The root move (class) it was offered under: once that is proven, the job is
    /// dropped.
    pub class: usize,
    state: AtomicU8,
    /// Its proof and disproof numbers once done (proof number in the high half).
    numbers: AtomicU64,
    /// Set when the node that offered it no longer needs it (it was proven otherwise).
    cancelled: AtomicBool,
}

/// Where a job stands.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub(crate) enum JobState {
    /// Offered or being searched.
    Live,
    /// Searched until its numbers reached the thresholds or it was proven: its proof
    /// and disproof numbers then.
    Done((u32, u32)),
    /// Given up (its root move was proven, or the solve stopped).
    Dropped,
}

impl<W: Word> Job<W> {
    pub fn state(&self) -> JobState {
        match self.state.load(Ordering::Acquire) {
            OPEN | TAKEN => JobState::Live,
            DONE => {
                let numbers = self.numbers.load(Ordering::Relaxed);
                JobState::Done(((numbers >> 32) as u32, numbers as u32))
            }
            _ => JobState::Dropped,
        }
    }
}

/// The jobs of one solve, and who is idle.
pub(crate) struct JobBoard<W: Word> {
    /// Open and taken jobs, oldest first.
    live: Mutex<Vec<Arc<Job<W>>>>,
    /// Signalled when a job is offered or finished.
    changed: Condvar,
    live_jobs: AtomicUsize,
    open_jobs: AtomicUsize,
    /// Threads waiting for work.
    idle: AtomicUsize,
    /// Root moves (classes) proven, whose jobs are dropped.
    class_done: Vec<AtomicBool>,
    /// Jobs offered so far.
    offered: AtomicU64,
}

impl<W: Word> JobBoard<W> {
    /// A board for a solve of `classes` root moves.
    pub fn new(classes: usize) -> JobBoard<W> {
        JobBoard {
            live: Mutex::new(Vec::new()),
            changed: Condvar::new(),
            live_jobs: AtomicUsize::new(0),
            open_jobs: AtomicUsize::new(0),
            idle: AtomicUsize::new(0),
            class_done: (0..classes).map(|_| AtomicBool::new(false)).collect(),
            offered: AtomicU64::new(0),
        }
    }

    fn live(&self) -> std::sync::MutexGuard<'_, Vec<Arc<Job<W>>>> {
        self.live.lock().expect("no panics while holding the lock")
    }

    /// Takes the job at `at` off the `live` list (held locked), out of the counts of
    /// live jobs and, if it is still open, of open ones.
    fn unlist(&self, live: &mut Vec<Arc<Job<W>>>, at: usize) -> Arc<Job<W>> {
        let job = live.remove(at);
        self.live_jobs.fetch_sub(1, Ordering::Relaxed);
        if job.state.load(Ordering::Relaxed) == OPEN {
            self.open_jobs.fetch_sub(1, Ordering::Relaxed);
        }
        job
    }

    /// Whether an idle thread would take a job offered now.
    #[inline(always)]
    pub fn wants_work(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > self.open_jobs.load(Ordering::Relaxed)
    }

    /// Whether `job` was given up (its root move is proven, or its node is).
    #[inline(always)]
    pub fn is_dropped(&self, job: &Job<W>) -> bool {
        job.cancelled.load(Ordering::Relaxed) || self.class_done[job.class].load(Ordering::Relaxed)
    }

    /// The node that offered `job` is proven: it is dropped if still open, and its
    /// taker stops at the next check.
    pub fn cancel(&self, job: &Arc<Job<W>>) {
        job.cancelled.store(true, Ordering::Relaxed);
        let mut live = self.live();
        if job.state.load(Ordering::Relaxed) == OPEN {
            if let Some(at) = live.iter().position(|j| Arc::ptr_eq(j, job)) {
                self.unlist(&mut live, at)
                    .state
                    .store(DROPPED, Ordering::Release);
            }
        }
        drop(live);
        self.changed.notify_all();
    }

    /// The live jobs whose positions are among `keys`, each with its index there.
    pub fn among(&self, keys: &[TableKey<W>]) -> Vec<(usize, Arc<Job<W>>)> {
        if self.live_jobs.load(Ordering::Relaxed) == 0 {
            return Vec::new();
        }
        let live = self.live();
        keys.iter()
            .enumerate()
            .filter_map(|(i, key)| live.iter().find(|j| j.key == *key).map(|j| (i, j.clone())))
            .collect()
    }

    /// Offers (`me`, `opp`), key `key`, to be searched under the proof-number
    /// threshold `th_pn`, under root move `class`; the live job of that position if
    /// there is one already.
    pub fn offer(
        &self,
        key: TableKey<W>,
        me: Bitboard<W>,
        opp: Bitboard<W>,
        white: bool,
        th_pn: u32,
        class: usize,
    ) -> Arc<Job<W>> {
        let mut live = self.live();
        if let Some(job) = live.iter().find(|j| j.key == key) {
            return job.clone();
        }
        let job = Arc::new(Job {
            key,
            me,
            opp,
            white,
            th_pn,
            class,
            state: AtomicU8::new(OPEN),
            numbers: AtomicU64::new(0),
            cancelled: AtomicBool::new(false),
        });
        live.push(job.clone());
        self.offered.fetch_add(1, Ordering::Relaxed);
        self.live_jobs.fetch_add(1, Ordering::Relaxed);
        self.open_jobs.fetch_add(1, Ordering::Relaxed);
        drop(live);
        self.changed.notify_all();
        job
    }

    /// The oldest open job of fewer than `below` pieces, now taken by the caller.
    pub fn take(&self, below: u32) -> Option<Arc<Job<W>>> {
        if self.open_jobs.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let live = self.live();
        let job = live
            .iter()
            .find(|j| {
                j.state.load(Ordering::Relaxed) == OPEN
                    && (j.me | j.opp).count() < below
                    && !self.is_dropped(j)
            })?
            .clone();
        job.state.store(TAKEN, Ordering::Relaxed);
        self.open_jobs.fetch_sub(1, Ordering::Relaxed);
        Some(job)
    }

    /// Posts what the taker of `job` found: its numbers, or `None` (given up).
    pub fn finish(&self, job: &Arc<Job<W>>, numbers: Option<(u32, u32)>) {
        let state = match numbers {
            Some((pn, dn)) => {
                job.numbers
                    .store((pn as u64) << 32 | dn as u64, Ordering::Relaxed);
                DONE
            }
            None => DROPPED,
        };
        let mut live = self.live();
        if let Some(at) = live.iter().position(|j| Arc::ptr_eq(j, job)) {
            self.unlist(&mut live, at);
        }
        job.state.store(state, Ordering::Release);
        drop(live);
        self.changed.notify_all();
    }

    /// Root move `class` is proven: its open jobs are dropped, and its taken ones
    /// stop at their next check.
    pub fn finish_class(&self, class: usize) {
        self.class_done[class].store(true, Ordering::Relaxed);
        let mut live = self.live();
        while let Some(at) = live
            .iter()
            .position(|j| j.class == class && j.state.load(Ordering::Relaxed) == OPEN)
        {
            self.unlist(&mut live, at)
                .state
                .store(DROPPED, Ordering::Release);
        }
        drop(live);
        self.changed.notify_all();
    }

    /// Jobs offered so far.
    pub fn offered(&self) -> u64 {
        self.offered.load(Ordering::Relaxed)
    }

    /// Counts the caller as idle (`true`) or busy again.
    pub fn set_idle(&self, idle: bool) {
        if idle {
            self.idle.fetch_add(1, Ordering::Relaxed);
        } else {
            self.idle.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// Sleeps until a job is offered or finished, or a millisecond has passed.
    pub fn wait(&self) {
        let live = self.live();
        if self.open_jobs.load(Ordering::Relaxed) == 0 {
            let _ = self
                .changed
                .wait_timeout(live, IDLE_WAIT)
                .expect("no panics while holding the lock");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(bits: u64) -> TableKey<u64> {
        TableKey {
            black: Bitboard(bits),
            white: Bitboard(bits << 1),
            white_to_move: false,
        }
    }

    #[test]
    fn a_job_carries_its_threshold_and_posts_its_numbers() {
        let board = JobBoard::new(1);
        let (me, opp) = (Bitboard(0b101), Bitboard(0b010));
        let job = board.offer(key(1), me, opp, true, 40, 0);
        assert_eq!(job.th_pn, 40);
        // The same position offered again is the same job.
        let again = board.offer(key(1), me, opp, true, 7, 0);
        assert!(Arc::ptr_eq(&job, &again));
        assert_eq!(board.among(&[key(2), key(1)]).len(), 1);
        // Only jobs of fewer pieces than the taker's node are taken.
        assert!(board.take(3).is_none());
        let taken = board.take(4).expect("open and small enough");
        assert!(Arc::ptr_eq(&job, &taken));
        assert_eq!(job.state(), JobState::Live);
        // Unproven numbers at its thresholds come back as they are.
        board.finish(&taken, Some((41, 12)));
        assert_eq!(job.state(), JobState::Done((41, 12)));
        assert!(board.among(&[key(1)]).is_empty());
        // A job given up is dropped.
        let other = board.offer(key(2), me, opp, false, 5, 0);
        board.finish(&other, None);
        assert_eq!(other.state(), JobState::Dropped);
    }
}
