//! The signals a front end sends the running job (stop, ponderhit), and the hold: a
//! search that may not answer yet waits here until a signal releases it.

use std::sync::{Arc, Condvar, Mutex};

use konane_search::{SearchControl, SearchLimits};

/// The stop and ponderhit flags of the engine's jobs, with a way to wait for them.
#[derive(Debug, Default)]
pub(crate) struct Signals {
    control: SearchControl,
    lock: Mutex<()>,
    changed: Condvar,
}

impl Signals {
    /// The flags the search polls.
    pub fn control(&self) -> &SearchControl {
        &self.control
    }

    /// Asks the running job to stop, and releases a held answer.
    pub fn stop(&self) {
        self.control.stop();
        self.notify();
    }

    /// The pondered move was played: the search goes on with its clock running.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
        self.notify();
    }

    /// Clears both flags before a new job.
    pub fn reset(&self) {
        self.control.reset();
    }

    fn notify(&self) {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.changed.notify_all();
    }

    /// Waits until the answer of a search under `hold` may go out.
    pub fn hold(&self, hold: Hold) {
        let mut guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while !hold.released(&self.control) {
            guard = self.changed.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// When a search's answer may go out. UCI wants the `bestmove` of an `infinite` (or
/// limitless) search only after `stop`, and that of a pondering search only after
/// `ponderhit` or `stop`, even when the search itself is done: this is the one place
/// that says so.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hold {
    until_stopped: bool,
    ponder: bool,
}

impl Hold {
    /// The hold of a search under `limits`.
    pub fn new(limits: &SearchLimits) -> Hold {
        Hold {
            until_stopped: limits.until_stopped(),
            ponder: limits.ponder,
        }
    }

    /// Whether the search answers without a stop, given the signals so far.
    pub fn ends_by_itself(self, control: &SearchControl) -> bool {
        !self.until_stopped && (!self.ponder || control.is_ponderhit())
    }

    /// Whether the answer may go out now.
    fn released(self, control: &SearchControl) -> bool {
        control.is_stopped() || self.ends_by_itself(control)
    }
}

/// A handle that stops the engine's running job (or tells it ponderhit) from any
/// thread, for example one that waits for a key press while the engine searches. A
/// signal sent while no job runs is forgotten when the next job starts.
#[derive(Clone, Debug)]
pub struct Stopper(pub(crate) Arc<Signals>);

impl Stopper {
    /// Stops the running job (see [`crate::Engine::stop`]).
    pub fn stop(&self) {
        self.0.stop();
    }

    /// Tells the running search that the pondered move was played.
    pub fn ponderhit(&self) {
        self.0.ponderhit();
    }
}
