//! A job on its own thread (a search, a perft or the bench), one at a time: what the
//! engine keeps of it, whether it answers by itself, and the answered flag that lets the
//! engine take the searcher back as soon as the final callback has run.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use konane_search::{SearchControl, Searcher};

use crate::signals::Hold;

/// What a job does, as far as the engine must know.
#[derive(Copy, Clone, Debug)]
pub(crate) enum JobKind {
    Search(Hold),
    Perft,
    Bench,
}

/// Marks a job answered just before its final callback runs.
pub(crate) struct Finish(Arc<AtomicBool>);

impl Finish {
    /// Calls `callback` with the job's `outcome`, once.
    pub fn deliver<T>(self, callback: impl FnOnce(T), outcome: T) {
        self.0.store(true, Ordering::SeqCst);
        callback(outcome);
    }
}

/// A running job.
pub(crate) struct Job {
    kind: JobKind,
    answered: Arc<AtomicBool>,
    /// Gives the searcher back (search jobs).
    handle: JoinHandle<Option<Searcher>>,
}

impl Job {
    /// Runs `body` on a new thread; it calls [`Finish::deliver`] with its outcome.
    pub fn spawn(
        kind: JobKind,
        body: impl FnOnce(Finish) -> Option<Searcher> + Send + 'static,
    ) -> Job {
        let answered = Arc::new(AtomicBool::new(false));
        let finish = Finish(answered.clone());
        Job {
            kind,
            answered,
            handle: std::thread::spawn(move || body(finish)),
        }
    }

    /// Whether the job has answered (or ended without answering: a bug).
    pub fn is_done(&self) -> bool {
        self.answered.load(Ordering::SeqCst) || self.handle.is_finished()
    }

    /// Whether the job answers without a stop, given the signals so far.
    pub fn ends_by_itself(&self, control: &SearchControl) -> bool {
        match self.kind {
            JobKind::Search(hold) => hold.ends_by_itself(control),
            JobKind::Perft | JobKind::Bench => true,
        }
    }

    /// Waits for the thread to end; the searcher back from a search that did not fail.
    pub fn join(self) -> Option<Searcher> {
        self.handle.join().ok().flatten()
    }
}
