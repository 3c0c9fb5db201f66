//! `konane.perft`: counting the move sequences of a given length, on all cores or a
//! given number of threads, without the GIL and interruptible.

use std::sync::atomic::{AtomicBool, Ordering};

use konane_core::perft::{divide_parallel_until, perft as count};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::background;
use crate::numbers::{threads_opt, whole};
use crate::position::PyPosition;

/// Depths up to this are counted on the calling thread: microseconds of work, where a
/// thread of its own would cost more than the count.
const INLINE_DEPTH: u32 = 3;

/// The number of move sequences of ``depth`` moves from ``position`` (perft), the
/// classic test of a move generator: 4, 12, 28, 172, ... from the 8x8 start.
/// ``threads`` is the number of threads (``None``: all cores). Releases the GIL;
/// Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (position, depth, *, threads = None))]
pub fn perft(
    py: Python<'_>,
    position: &PyPosition,
    depth: &Bound<'_, PyAny>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let threads = threads_opt(threads)?;
    let depth: u32 = whole("depth", depth, 0, u32::MAX.into())?;
    let position = position.position;
    if depth <= INLINE_DEPTH {
        return Ok(py.detach(|| count(&position, depth)));
    }
    let stopped = AtomicBool::new(false);
    let is_stopped = || stopped.load(Ordering::Relaxed);
    let work = || {
        background::on_threads(threads, || {
            divide_parallel_until(&position, depth, &is_stopped)
        })
    };
    let parts = background::run(py, work, &|| stopped.store(true, Ordering::Relaxed))?;
    parts
        .map(|parts| parts.iter().map(|&(_, n)| n).sum())
        .ok_or_else(|| PyValueError::new_err("perft was stopped"))
}
