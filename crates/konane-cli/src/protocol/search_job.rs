//! One `go`: the search on its own thread, its progress printed at a few lines a
//! second, and exactly one `bestmove`, held under `infinite`/`ponder` until
//! `stop`/`ponderhit` as UCI requires.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use konane_core::{Move, Position};
use konane_search::players::{Agent, BuiltinKind, BuiltinPlayer};
use konane_search::{Score, SearchControl, SearchInfo, SearchLimits, SearchResult, Searcher};

use super::output::{bestmove_line, info_line, Output};

/// The shortest gap between two printed iterations of a long search.
const INFO_INTERVAL: Duration = Duration::from_millis(250);

/// Wakes the search thread when it holds its `bestmove` and `stop` or `ponderhit` comes.
#[derive(Default)]
struct Release {
    lock: Mutex<()>,
    signal: Condvar,
}

impl Release {
    fn notify(&self) {
        let _guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        self.signal.notify_all();
    }

    fn wait_until(&self, done: impl Fn() -> bool) {
        let mut guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        while !done() {
            guard = self
                .signal
                .wait_timeout(guard, Duration::from_millis(50))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }
}

/// What the command loop keeps of a running search.
pub struct SearchJob {
    control: Arc<SearchControl>,
    release: Arc<Release>,
    answered: Arc<AtomicBool>,
    /// Only `stop` ends this search (`infinite`, or no limit at all).
    until_stop: bool,
    /// A `go ponder` search: it waits for `ponderhit` (or `stop`).
    ponder: bool,
    handle: JoinHandle<Option<Searcher>>,
}

/// Whether a search with these limits may end only on `stop` (no limit, or `infinite`).
fn runs_until_stop(limits: &SearchLimits) -> bool {
    limits.infinite
        || (limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clocks.iter().all(Option::is_none)
            && limits.mate.is_none())
}

/// Prints a search's progress: an iteration (all its multipv lines) at most every
/// [`INFO_INTERVAL`], and always the last one before the `bestmove`.
struct Reporter {
    out: Output,
    last_printed: Option<Instant>,
    printing: bool,
    pending: Vec<SearchInfo>,
    best_line: Vec<Move>,
}

impl Reporter {
    fn new(out: Output) -> Reporter {
        Reporter {
            out,
            last_printed: None,
            printing: false,
            pending: Vec::new(),
            best_line: Vec::new(),
        }
    }

    fn report(&mut self, info: &SearchInfo) {
        if info.multipv <= 1 {
            self.best_line.clone_from(&info.pv);
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

    fn finish(&mut self) {
        for info in self.pending.drain(..) {
            self.out.line(&info_line(&info));
        }
    }
}

impl SearchJob {
    /// Starts searching `position` on a new thread (or asks the built-in `player`, when
    /// one is set); `show_ponder` adds the `ponder` part.
    pub fn start(
        mut searcher: Searcher,
        player: Option<BuiltinKind>,
        position: Position,
        limits: SearchLimits,
        show_ponder: bool,
        out: Output,
        on_done: Arc<dyn Fn() + Send + Sync>,
    ) -> SearchJob {
        let control = Arc::new(SearchControl::default());
        let release = Arc::new(Release::default());
        let answered = Arc::new(AtomicBool::new(false));
        let until_stop = runs_until_stop(&limits);
        let ponder = limits.ponder;
        let (thread_control, thread_release, thread_answered) =
            (control.clone(), release.clone(), answered.clone());
        let handle = std::thread::spawn(move || {
            let control = thread_control;
            let mut reporter = Reporter::new(out.clone());
            let (result, searcher) = if position.is_game_over() {
                out.line("info depth 0 score mate 0");
                (None, Some(searcher))
            } else {
                let outcome = catch_unwind(AssertUnwindSafe(|| match player {
                    Some(kind) => builtin_move(kind, &position),
                    None => searcher.search(&position, &limits, &control, &mut |info| {
                        reporter.report(info)
                    }),
                }));
                reporter.finish();
                match outcome {
                    Ok(result) => (Some(result), Some(searcher)),
                    Err(_) => {
                        out.error(&"the search failed; playing the first legal move");
                        (None, None)
                    }
                }
            };
            thread_release.wait_until(|| {
                control.is_stopped() || (!until_stop && (!ponder || control.is_ponderhit()))
            });
            let (best, ponder) = chosen_moves(&position, result.as_ref(), &reporter.best_line);
            thread_answered.store(true, Ordering::SeqCst);
            out.line(&bestmove_line(best, ponder.filter(|_| show_ponder)));
            on_done();
            searcher
        });
        SearchJob {
            control,
            release,
            answered,
            until_stop,
            ponder,
            handle,
        }
    }

    /// Asks the search to stop and releases a held `bestmove`.
    pub fn stop(&self) {
        self.control.stop();
        self.release.notify();
    }

    /// The pondered move was played: the search goes on with its clock.
    pub fn ponderhit(&self) {
        self.control.ponderhit();
        self.release.notify();
    }

    /// Whether the search will answer without `stop`: limited, and not pondering.
    pub fn ends_by_itself(&self) -> bool {
        !self.until_stop && (!self.ponder || self.control.is_ponderhit())
    }

    /// Whether the `bestmove` line has been (or is being) written.
    pub fn has_answered(&self) -> bool {
        self.answered.load(Ordering::SeqCst)
    }

    /// Waits for the thread to end; the searcher back, or `None` if the search panicked.
    pub fn join(self) -> Option<Searcher> {
        self.handle.join().ok().flatten()
    }
}

/// The answer of a built-in player, seeded by the position so that it is repeatable.
fn builtin_move(kind: BuiltinKind, position: &Position) -> SearchResult {
    let best = BuiltinPlayer::new(kind, position.hash()).choose(position);
    SearchResult {
        best_move: Some(best),
        ponder_move: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
    }
}

/// The move to play and the expected reply: from the result, else from the best line
/// reported. A failed search, or one that answers no move or an illegal one while moves
/// exist, falls back to the first legal move: a GUI must never get a wrong `bestmove`.
fn chosen_moves(
    position: &Position,
    result: Option<&SearchResult>,
    best_line: &[Move],
) -> (Option<Move>, Option<Move>) {
    let fallback = || (position.legal_moves().first().copied(), None);
    let Some(result) = result else {
        return fallback();
    };
    let Some(best) = result.best_move.filter(|&mv| position.is_legal(mv)) else {
        return fallback();
    };
    let ponder = result
        .ponder_move
        .or_else(|| (best_line.first() == Some(&best)).then(|| best_line.get(1).copied())?)
        .filter(|&reply| position.after(best).is_legal(reply));
    (Some(best), ponder)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Captured;
    use konane_search::Score;

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

    fn result(best: Option<Move>, ponder: Option<Move>) -> SearchResult {
        SearchResult {
            best_move: best,
            ponder_move: ponder,
            score: Score::Cp(0),
            depth: 1,
            nodes: 1,
        }
    }

    #[test]
    fn the_answer_is_always_legal() {
        let position = Position::start(konane_core::Board::STANDARD);
        let d5 = position.parse_move("d5").unwrap();
        let d4 = position.after(d5).parse_move("d4").unwrap();
        let a1 = Move::parse(position.board(), "a1").unwrap();
        assert_eq!(
            chosen_moves(&position, Some(&result(Some(d5), None)), &[d5, d4]),
            (Some(d5), Some(d4))
        );
        assert_eq!(
            chosen_moves(&position, Some(&result(Some(d5), Some(a1))), &[]),
            (Some(d5), None),
            "an illegal reply is dropped"
        );
        let first = position.legal_moves()[0];
        assert_eq!(
            chosen_moves(&position, Some(&result(Some(a1), None)), &[]),
            (Some(first), None),
            "an illegal best move is replaced"
        );
        assert_eq!(
            chosen_moves(&position, Some(&result(None, None)), &[]),
            (Some(first), None)
        );
        assert_eq!(chosen_moves(&position, None, &[]), (Some(first), None));
    }
}
