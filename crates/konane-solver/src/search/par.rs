//! Threads sharing one proof-number search: a searcher with work to spare hands a
//! child of one of its nodes to a thread that has none, and that thread proves it.
//!
//! A node of the proof-number search whose numbers say that its mover probably loses
//! (`dn <= pn`: every child must then be proven won for the other side) is where work
//! splits without waste: when another thread waits for work, the searcher offers the
//! best child other than the one it goes into itself as a **job**, and leaves that
//! child to the job while it goes on with the others. The thread that takes the job
//! proves it to the end with its own proof-number search; proven positions go to the
//! shared proof table, so each side finds the other's proofs there. A searcher that
//! has nothing left to do but children it gave away waits for them, and while it
//! waits it takes jobs itself (from the searcher it waits for, typically), so no core
//! idles while one subtree still holds the work.
//!
//! A searcher waits only for jobs it offered from the node it waits in: each such job
//! was offered after every job on the waiter's own stack was taken, so no chain of
//! waits can close on itself. A child that another node's job holds (a transposition,
//! or the same node entered again) is left alone while there is other work, and
//! searched again otherwise. A job whose node is decided without it is abandoned, as
//! are a finished root move's jobs. With one thread nothing is ever offered, so the
//! search is exactly the sequential one.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use konane_core::{Bitboard, Word};

use super::Searcher;
use crate::symmetry::Key;

/// A job is offered only at nodes with at least this many pieces more than the
/// proof-number search's threshold, so that it is worth a hand-over (7x6 with 2
/// threads: 22.9 M nodes at 6, 54.9 M at 1, where jobs are small and many of them
/// are not needed).
const JOB_PIECES_ABOVE: u32 = 6;

/// How long a thread with nothing to do sleeps before looking for a job again.
const NAP: Duration = Duration::from_micros(100);

const RUNNING: u8 = 0;
const WON: u8 = 1;
const LOST: u8 = 2;
const DROPPED: u8 = 3;

/// A position handed to another thread to prove.
pub(crate) struct Job<W: Word> {
    /// Its proof-table key.
    pub key: Key<W>,
    me: Bitboard<W>,
    opp: Bitboard<W>,
    white: bool,
    /// The root move whose search offered it (directly or through other jobs).
    class: usize,
    /// Set when its result is no longer needed.
    cancel: AtomicBool,
    /// `RUNNING`, then `WON` or `LOST` (its mover's result) or `DROPPED` (stopped).
    state: AtomicU8,
}

impl<W: Word> Job<W> {
    /// Whether the job is still to finish.
    #[inline(always)]
    pub fn running(&self) -> bool {
        self.state.load(Ordering::Acquire) == RUNNING
    }

    /// Its result once finished: whether its mover wins (`None`: running or dropped).
    #[inline(always)]
    pub fn result(&self) -> Option<bool> {
        match self.state.load(Ordering::Acquire) {
            WON => Some(true),
            LOST => Some(false),
            _ => None,
        }
    }

    /// Asks whoever runs it to stop.
    pub fn abandon(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    #[inline(always)]
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    fn finish(&self, result: Option<bool>) {
        let state = match result {
            Some(true) => WON,
            Some(false) => LOST,
            None => DROPPED,
        };
        self.state.store(state, Ordering::Release);
    }
}

/// What the threads of one parallel proof-number solve share besides the proof table.
pub(crate) struct Parallel<W: Word> {
    /// Nodes with at least this many pieces may offer a child.
    job_pieces: u32,
    /// Threads waiting for a job.
    idle: AtomicUsize,
    /// Jobs offered and not yet taken (as `queue.len()`, read without the lock).
    queued: AtomicUsize,
    queue: Mutex<Vec<Arc<Job<W>>>>,
    /// Jobs offered and not yet finished.
    active: Mutex<Vec<Arc<Job<W>>>>,
    /// Bumped whenever `active` changes, so that a searcher copies it only then.
    generation: AtomicU64,
    /// Jobs offered so far.
    offered: AtomicU64,
    /// Nanoseconds threads spent waiting for a job, all together.
    waited: AtomicU64,
}

impl<W: Word> Parallel<W> {
    /// The shared state of a solve whose proof-number search starts at `pn_pieces`.
    pub fn new(pn_pieces: u32) -> Parallel<W> {
        Parallel {
            job_pieces: pn_pieces + JOB_PIECES_ABOVE,
            idle: AtomicUsize::new(0),
            queued: AtomicUsize::new(0),
            queue: Mutex::new(Vec::new()),
            active: Mutex::new(Vec::new()),
            generation: AtomicU64::new(1),
            offered: AtomicU64::new(0),
            waited: AtomicU64::new(0),
        }
    }

    /// Jobs offered so far.
    pub fn offered(&self) -> u64 {
        self.offered.load(Ordering::Relaxed)
    }

    /// The time threads spent waiting for a job, all together.
    pub fn waited(&self) -> Duration {
        Duration::from_nanos(self.waited.load(Ordering::Relaxed))
    }

    /// Sleeps a little, counting it as waiting.
    fn nap(&self) {
        let started = Instant::now();
        std::thread::sleep(NAP);
        let waited = started.elapsed().as_nanos() as u64;
        self.waited.fetch_add(waited, Ordering::Relaxed);
    }

    /// Whether a thread waits for a job that nobody has offered yet.
    #[inline(always)]
    fn wanted(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > self.queued.load(Ordering::Relaxed)
    }

    fn offer(&self, job: &Arc<Job<W>>) {
        self.active
            .lock()
            .expect("no panics while holding the lock")
            .push(Arc::clone(job));
        self.generation.fetch_add(1, Ordering::Release);
        let mut queue = self.queue.lock().expect("no panics while holding the lock");
        queue.push(Arc::clone(job));
        self.queued.store(queue.len(), Ordering::Relaxed);
        self.offered.fetch_add(1, Ordering::Relaxed);
    }

    /// The oldest job offered and not taken (abandoned ones are dropped on the way).
    fn take(&self) -> Option<Arc<Job<W>>> {
        if self.queued.load(Ordering::Relaxed) == 0 {
            return None;
        }
        let mut queue = self.queue.lock().expect("no panics while holding the lock");
        let mut taken = None;
        while !queue.is_empty() {
            let job = queue.remove(0);
            if job.cancelled() {
                job.finish(None);
                self.retire(&job);
                continue;
            }
            taken = Some(job);
            break;
        }
        self.queued.store(queue.len(), Ordering::Relaxed);
        taken
    }

    /// Takes a finished job off the active list.
    fn retire(&self, job: &Arc<Job<W>>) {
        self.active
            .lock()
            .expect("no panics while holding the lock")
            .retain(|j| !Arc::ptr_eq(j, job));
        self.generation.fetch_add(1, Ordering::Release);
    }

    /// Abandons every job of the root move `class` (its value is known or will not be).
    pub fn abandon_class(&self, class: usize) {
        for job in self
            .active
            .lock()
            .expect("no panics while holding the lock")
            .iter()
            .filter(|j| j.class == class)
        {
            job.abandon();
        }
    }
}

/// A child of a node on a searcher's stack that a job holds.
pub(crate) struct Busy<W: Word> {
    /// The child's index among its node's children.
    pub child: usize,
    pub job: Arc<Job<W>>,
    /// Whether this node offered it (only then may the node wait for it).
    pub own: bool,
}

impl<W: Word> Searcher<'_, W> {
    /// Whether the search must stop: the stop flag, the budget, a cancelled split or
    /// job on this searcher's stack.
    pub(super) fn must_stop(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
            || self.shared.nodes.load(Ordering::Relaxed) > self.shared.budget
            || self.cancels.iter().any(|c| c.load(Ordering::Relaxed))
            || self.running.iter().any(|j| j.cancelled())
    }

    /// Marks the children of a node (their keys are `keys[from..]`) that an active
    /// job holds, pushing them onto `busy`.
    #[inline(always)]
    pub(super) fn mark_busy(&mut self, from: usize) {
        let Some(par) = self.shared.par else {
            return;
        };
        let generation = par.generation.load(Ordering::Acquire);
        if generation != self.seen_generation {
            self.seen_generation = generation;
            self.seen_jobs.clear();
            self.seen_jobs.extend(
                par.active
                    .lock()
                    .expect("no panics while holding the lock")
                    .iter()
                    .cloned(),
            );
        }
        if self.seen_jobs.is_empty() {
            return;
        }
        for (child, key) in self.keys[from..].iter().enumerate() {
            if let Some(job) = self.seen_jobs.iter().find(|j| j.key == *key) {
                self.busy.push(Busy {
                    child,
                    job: Arc::clone(job),
                    own: false,
                });
            }
        }
    }

    /// Whether a node of `pieces` pieces should offer a child: a thread wants a job
    /// and the node is large enough.
    #[inline(always)]
    pub(super) fn may_offer(&self, pieces: u32) -> bool {
        match self.shared.par {
            Some(par) => pieces >= par.job_pieces && par.wanted(),
            None => false,
        }
    }

    /// Offers the position (`me`, `opp`, `white` to move), child `child` of the node
    /// being searched, as a job, and marks it busy there.
    pub(super) fn offer(&mut self, child: usize, me: Bitboard<W>, opp: Bitboard<W>, white: bool) {
        let par = self.shared.par.expect("offers only in parallel solves");
        let job = Arc::new(Job {
            key: self.key(me, opp, white),
            me,
            opp,
            white,
            class: self.class,
            cancel: AtomicBool::new(false),
            state: AtomicU8::new(RUNNING),
        });
        par.offer(&job);
        self.busy.push(Busy {
            child,
            job,
            own: true,
        });
    }

    /// Proves `job` on this searcher (its own proof-number search, to the end unless
    /// stopped or abandoned), records the result and retires it.
    fn run_job(&mut self, job: Arc<Job<W>>) {
        let par = self.shared.par.expect("jobs only in parallel solves");
        let class = std::mem::replace(&mut self.class, job.class);
        self.running.push(Arc::clone(&job));
        let result = self.search(job.me, job.opp, job.white);
        self.running.pop();
        self.class = class;
        self.flush();
        job.finish(result);
        par.retire(&job);
    }

    /// Waits until one of the jobs this node offered (`busy[from..]`, those marked
    /// `own`) finishes, proving other threads' jobs meanwhile; `None` when the search
    /// must stop first.
    pub(super) fn wait_for_own(&mut self, from: usize) -> Option<()> {
        let par = self.shared.par.expect("waits only in parallel solves");
        self.flush();
        par.idle.fetch_add(1, Ordering::Relaxed);
        let result = loop {
            if self.busy[from..].iter().any(|b| b.own && !b.job.running()) {
                break Some(());
            }
            if self.must_stop() {
                break None;
            }
            match par.take() {
                Some(job) => {
                    par.idle.fetch_sub(1, Ordering::Relaxed);
                    self.run_job(job);
                    par.idle.fetch_add(1, Ordering::Relaxed);
                }
                None => par.nap(),
            }
        };
        par.idle.fetch_sub(1, Ordering::Relaxed);
        result
    }

    /// Proves other threads' jobs until `finished()` (or the stop flag): a thread
    /// whose root moves are all done.
    pub fn help(&mut self, finished: impl Fn() -> bool) {
        let par = self.shared.par.expect("helps only in parallel solves");
        par.idle.fetch_add(1, Ordering::Relaxed);
        while !finished() && !self.shared.stop.load(Ordering::Relaxed) {
            match par.take() {
                Some(job) => {
                    par.idle.fetch_sub(1, Ordering::Relaxed);
                    self.run_job(job);
                    par.idle.fetch_add(1, Ordering::Relaxed);
                }
                None => par.nap(),
            }
        }
        par.idle.fetch_sub(1, Ordering::Relaxed);
    }
}
