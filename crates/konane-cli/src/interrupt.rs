//! Ctrl-C for the long subcommands (`solve`, `solve --units`, `value`): it sets the stop
//! flag that the running work polls, so the work ends cleanly and keeps what it has.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{Context, Result};

/// Makes Ctrl-C set `stop` (once per process: a second handler is an error).
pub fn stop_on_ctrl_c(stop: Arc<AtomicBool>) -> Result<()> {
    ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed))
        .context("cannot install the Ctrl-C handler")
}
