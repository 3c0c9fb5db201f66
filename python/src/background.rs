//! Long calls from Python: the work runs without the GIL (on its own thread, or as an
//! engine job) while the calling thread waits for its messages, waking every few
//! milliseconds to let Python handle a signal. Ctrl-C stops the work and raises
//! `KeyboardInterrupt` as soon as it has ended. Work that splits over threads runs on
//! as many as the caller asks.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::Mutex;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a waiting call looks for a signal (Ctrl-C), and so its latency.
const SIGNAL_POLL: Duration = Duration::from_millis(20);

/// The next message of `messages`, waiting without the GIL, or `None` when every
/// sender is gone. On a signal (Ctrl-C) from Python it calls `stop`, which asks the
/// work to end soon, and gives the signal's error at once.
pub fn receive<T: Send>(
    py: Python<'_>,
    messages: &Mutex<Receiver<T>>,
    stop: &dyn Fn(),
) -> PyResult<Option<T>> {
    loop {
        let waited = py.detach(|| {
            let messages = messages.lock().unwrap_or_else(|e| e.into_inner());
            messages.recv_timeout(SIGNAL_POLL)
        });
        match waited {
            Ok(message) => return Ok(Some(message)),
            Err(RecvTimeoutError::Disconnected) => return Ok(None),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(signal) = py.check_signals() {
                    stop();
                    return Err(signal);
                }
            }
        }
    }
}

/// Runs `work` on a new thread without the GIL and returns its result. After a
/// signal (Ctrl-C) it calls `stop`, waits for the work to end, then raises the
/// signal's exception. A panic in `work` becomes a `RuntimeError`.
pub fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send,
    stop: &dyn Fn(),
) -> PyResult<T> {
    std::thread::scope(|scope| {
        let (sender, results) = channel();
        scope.spawn(move || {
            // The receiver waits below.
            let _ = sender.send(catch_unwind(AssertUnwindSafe(work)));
        });
        let results = Mutex::new(results);
        let outcome = match receive(py, &results, stop) {
            Ok(outcome) => outcome,
            Err(signal) => {
                let _ = py.detach(|| results.lock().unwrap_or_else(|e| e.into_inner()).recv());
                return Err(signal);
            }
        };
        match outcome {
            Some(Ok(result)) => Ok(result),
            _ => Err(PyRuntimeError::new_err(
                "internal error: the computation failed",
            )),
        }
    })
}

/// Runs `work` on a pool of `threads` threads, or on the global pool (all cores) for
/// `None`.
pub fn on_threads<T: Send>(threads: Option<usize>, work: impl FnOnce() -> T + Send) -> T {
    let pool = threads.and_then(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok());
    match pool {
        Some(pool) => pool.install(work),
        None => work(),
    }
}
