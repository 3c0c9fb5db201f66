//! The status line of a long solve: while the work runs, a thread refreshes the
//! progress bar's message (nodes, speed, resident memory, where the work stands: the
//! root's proof and disproof numbers, or the running units' moves) every 200 ms and writes out
//! the kept proven positions every 10 s, so that a kill loses little. Where the bar
//! cannot be drawn (standard error is a log file or a batch job's output, not a
//! terminal), the same line is written to standard error as plain text every
//! `--progress-every` seconds instead.

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use konane_solver::Solver;

use crate::solve_memory::{resident, show};

/// How often the message is refreshed.
const TICK: Duration = Duration::from_millis(200);

/// Ticks between two writes of the kept proven positions (10 s).
const FLUSH_TICKS: u32 = 50;

/// Where the status goes when the bar is hidden: a plain line every `every`, whose
/// count of done items is of `counted` ("units", "root moves").
#[derive(Clone, Copy, Debug)]
pub struct PlainStatus {
    pub every: Duration,
    pub counted: &'static str,
}

/// Runs `work` while `bar` shows the nodes `solver` searched since `started`
/// ([`Solver::nodes`]), the speed, the resident memory and where the work stands
/// (`standing`: nothing when empty), as plain lines by `plain` when the bar is hidden,
/// and `solver` writes out its kept proven positions now and then (their errors show
/// when the caller flushes at the end).
pub fn with_status<T>(
    bar: &ProgressBar,
    solver: &Solver,
    started: Instant,
    plain: PlainStatus,
    standing: &(dyn Fn() -> String + Sync),
    work: impl FnOnce() -> T,
) -> T {
    let (done, finished) = mpsc::channel::<()>();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            let mut ticks = 0u32;
            let mut next_line = plain.every;
            while finished.recv_timeout(TICK) == Err(RecvTimeoutError::Timeout) {
                ticks += 1;
                if ticks == FLUSH_TICKS {
                    ticks = 0;
                    let _ = solver.flush_proven();
                }
                let elapsed = started.elapsed();
                let message = status(solver.nodes(), elapsed, &standing());
                if bar.is_hidden() && elapsed >= next_line {
                    next_line = elapsed + plain.every;
                    let done = (bar.position(), bar.length().unwrap_or(0));
                    eprintln!("{}", plain_line(elapsed, done, plain.counted, &message));
                }
                bar.set_message(message);
            }
        });
        let result = work();
        drop(done);
        result
    })
}

/// `00:10:00 1/5 units  1234 nodes, …`: the bar's line without the bar.
fn plain_line(elapsed: Duration, (done, of): (u64, u64), counted: &str, message: &str) -> String {
    let secs = elapsed.as_secs();
    format!(
        "{:02}:{:02}:{:02} {done}/{of} {counted}  {message}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// `1234 nodes, 2.1 M nodes/s, 5.3 GB, root pn 3, dn 41, 1/5 moves proven`: the
/// nodes, their rate over `elapsed`, the resident memory where the system says, and
/// where the work stands when `standing` says anything.
fn status(nodes: u64, elapsed: Duration, standing: &str) -> String {
    let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    let memory = resident().map_or_else(String::new, |b| format!(", {}", show(b)));
    let standing = if standing.is_empty() {
        String::new()
    } else {
        format!(", {standing}")
    };
    format!(
        "{nodes} nodes, {:.1} M nodes/s{memory}{standing}",
        rate / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_line_is_the_bar_without_the_bar() {
        let line = plain_line(Duration::from_secs(3723), (1, 5), "units", "7 nodes");
        assert_eq!(line, "01:02:03 1/5 units  7 nodes");
    }

    #[test]
    fn the_status_gives_nodes_speed_memory_and_where_the_work_stands() {
        let text = status(3_000_000, Duration::from_secs(2), "");
        assert!(text.starts_with("3000000 nodes, 1.5 M nodes/s"), "{text}");
        if cfg!(target_os = "linux") {
            assert!(text.contains("B"), "{text}");
        }
        assert!(!text.ends_with(", "), "{text}");
        let text = status(3_000_000, Duration::from_secs(2), "unit 3 1/5 moves lost");
        assert!(text.ends_with(", unit 3 1/5 moves lost"), "{text}");
    }
}
