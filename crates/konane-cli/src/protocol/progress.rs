//! A search's progress as the protocol prints it: an iteration (all its multipv lines)
//! at most every 250 ms, and always the last one before the `bestmove`.

use std::time::{Duration, Instant};

use konane_engine::SearchInfo;

use super::output::{info_line, Output};

/// The shortest gap between two printed iterations of a long search.
const INFO_INTERVAL: Duration = Duration::from_millis(250);

/// Thins a search's reports and prints the ones kept.
pub struct Reporter {
    out: Output,
    last_printed: Option<Instant>,
    printing: bool,
    pending: Vec<SearchInfo>,
}

impl Reporter {
    pub fn new(out: Output) -> Reporter {
        Reporter {
            out,
            last_printed: None,
            printing: false,
            pending: Vec::new(),
        }
    }

    /// One report: printed now, or kept until the next iteration replaces it.
    pub fn report(&mut self, info: &SearchInfo) {
        if info.multipv <= 1 {
            self.pending.clear();
            self.printing = self
                .last_printed
                .is_none_or(|at| at.elapsed() >= INFO_INTERVAL);
            if self.printing {
                self.last_printed = Some(Instant::now());
            }
        }
        if self.printing {
            self.out.line(&info_line(info));
        } else {
            self.pending.push(info.clone());
        }
    }

    /// Prints the last iteration if it was held back (before the `bestmove`).
    pub fn finish(&mut self) {
        for info in self.pending.drain(..) {
            self.out.line(&info_line(&info));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Captured;
    use konane_engine::Score;

    fn info(depth: u32, multipv: usize) -> SearchInfo {
        SearchInfo {
            depth,
            seldepth: depth,
            multipv,
            score: Score::Cp(0),
            nodes: 1,
            nps: 1,
            hashfull: 0,
            time_ms: 0,
            pv: Vec::new(),
        }
    }

    #[test]
    fn quick_iterations_are_thinned_but_the_last_is_always_printed() {
        let (out, captured) = Captured::output();
        let mut reporter = Reporter::new(out);
        for depth in 1..=20 {
            reporter.report(&info(depth, 1));
            reporter.report(&info(depth, 2));
        }
        reporter.finish();
        let depths: Vec<String> = captured
            .take()
            .lines()
            .map(|l| l.split_whitespace().take(7).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(
            depths,
            [
                "info depth 1 seldepth 1 multipv 1",
                "info depth 1 seldepth 1 multipv 2",
                "info depth 20 seldepth 20 multipv 1",
                "info depth 20 seldepth 20 multipv 2",
            ]
        );
    }
}
