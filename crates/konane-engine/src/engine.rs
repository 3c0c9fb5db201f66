//! The engine: the position, the options, the searcher with its transposition table and
//! threads, and the one running job (a search, a perft or the bench) with the signals
//! that stop it. Every front end drives this API.

use std::sync::mpsc::channel;
use std::sync::Arc;

use konane_core::perft::divide_parallel_until;
use konane_core::{Move, Position};
use konane_search::eval::Evaluation;
use konane_search::{SearchInfo, SearchLimits, Searcher};

use crate::bench::{self, BenchLine, BenchReport};
use crate::go::{self, Answer};
use crate::job::{Job, JobKind};
use crate::options::{Effect, OptionError, Options};
use crate::signals::{Hold, Signals, Stopper};

/// What the engine is doing.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Activity {
    /// No job runs: any job may start.
    Idle,
    /// A job that answers by itself: a limited search, a perft, the bench.
    Finishing,
    /// A search that answers only after a stop (infinite, without limits, or pondering
    /// before ponderhit).
    Holding,
}

/// Refusal to start a job while another runs (jobs run one at a time).
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Busy;

impl std::fmt::Display for Busy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the engine is running a job; stop it or wait for it first")
    }
}

impl std::error::Error for Busy {}

/// What a search tells its front end, on the search's thread: progress, then the
/// answer (after any hold), exactly once per [`Engine::go`].
pub struct SearchCallbacks {
    on_info: Box<dyn FnMut(&SearchInfo) + Send>,
    on_searched: Option<Box<dyn FnOnce() + Send>>,
    on_bestmove: Box<dyn FnOnce(&Answer) + Send>,
}

impl SearchCallbacks {
    /// `on_info` gets each finished iteration (each line with MultiPV), `on_bestmove`
    /// the answer.
    pub fn new(
        on_info: impl FnMut(&SearchInfo) + Send + 'static,
        on_bestmove: impl FnOnce(&Answer) + Send + 'static,
    ) -> SearchCallbacks {
        SearchCallbacks {
            on_info: Box::new(on_info),
            on_searched: None,
            on_bestmove: Box::new(on_bestmove),
        }
    }

    /// Also calls `on_searched` once the search is done, before its answer is held (a
    /// front end that holds back progress lines prints them then).
    pub fn on_searched(mut self, on_searched: impl FnOnce() + Send + 'static) -> SearchCallbacks {
        self.on_searched = Some(Box::new(on_searched));
        self
    }
}

/// The per-move counts of a perft (`None` when it was stopped).
pub type Divide = Option<Vec<(Move, u64)>>;

/// The engine layer (see the crate documentation).
pub struct Engine {
    options: Options,
    position: Position,
    /// The search state kept between searches; `None` before the first search and
    /// while a search holds it.
    searcher: Option<Searcher>,
    /// A new game was announced: the searcher forgets at the next search.
    new_game_pending: bool,
    signals: Arc<Signals>,
    job: Option<Job>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new(Options::default())
    }
}

impl Engine {
    /// An engine with `options`, at the start position of their board.
    pub fn new(options: Options) -> Engine {
        Engine {
            position: Position::start(options.board),
            searcher: None,
            options,
            new_game_pending: false,
            signals: Arc::default(),
            job: None,
        }
    }

    /// The option values.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Sets the protocol option `name` (any case) from `value` as `setoption` gives it;
    /// unchanged on an error. A running job keeps the values it started with.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        match self.options.set(name, value)? {
            Effect::Stored => {}
            Effect::NewBoard => self.position = Position::start(self.options.board),
            Effect::ClearHash => self.new_game_pending = true,
        }
        Ok(())
    }

    /// The position the next job starts from.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Sets the position the next job starts from.
    pub fn set_position(&mut self, position: Position) {
        self.position = position;
    }

    /// A new game: the start position, and the next search forgets what earlier ones
    /// learnt (table, proven endgames).
    pub fn new_game(&mut self) {
        self.new_game_pending = true;
        self.position = Position::start(self.options.board);
    }

    /// The static evaluation of the position, with its terms.
    pub fn evaluate(&self) -> Evaluation {
        self.options.search.evaluate(&self.position)
    }

    /// What the engine is doing (a job that has answered is taken back first).
    pub fn activity(&mut self) -> Activity {
        if self.job.as_ref().is_some_and(Job::is_done) {
            self.wait();
        }
        match &self.job {
            None => Activity::Idle,
            Some(job) if job.ends_by_itself(self.signals.control()) => Activity::Finishing,
            Some(_) => Activity::Holding,
        }
    }

    /// Starts searching the position within `limits` and returns at once. `callbacks`
    /// get the progress and then the answer, which an infinite or limitless search (see
    /// [`SearchLimits::until_stopped`]) gives only after [`Engine::stop`], and a pondering
    /// one only after [`Engine::ponderhit`] or a stop. A finished game is answered with
    /// one `mate 0` report and no move; the `Player` option may answer instead of the
    /// search.
    pub fn go(&mut self, limits: SearchLimits, callbacks: SearchCallbacks) -> Result<(), Busy> {
        self.start_job()?;
        let searcher = self.searcher_for_search();
        let (position, player, signals) =
            (self.position, self.options.player, self.signals.clone());
        let hold = Hold::new(&limits);
        self.job = Some(Job::spawn(JobKind::Search(hold), move |finish| {
            let SearchCallbacks {
                mut on_info,
                on_searched,
                on_bestmove,
            } = callbacks;
            let (answer, searcher) = go::answer(
                searcher,
                player,
                &position,
                &limits,
                signals.control(),
                &mut *on_info,
            );
            if let Some(on_searched) = on_searched {
                on_searched();
            }
            signals.hold(hold);
            finish.deliver(on_bestmove, &answer);
            searcher
        }));
        Ok(())
    }

    /// Searches within `limits` and waits for the answer: [`Engine::go`] then
    /// [`Engine::wait`]. With limits that hold the answer, only a [`Stopper`] used from
    /// another thread ends it.
    pub fn search(
        &mut self,
        limits: SearchLimits,
        on_info: impl FnMut(&SearchInfo) + Send + 'static,
    ) -> Result<Answer, Busy> {
        let (sender, answers) = channel();
        let on_bestmove = move |answer: &Answer| {
            // The receiver waits below.
            let _ = sender.send(answer.clone());
        };
        self.go(limits, SearchCallbacks::new(on_info, on_bestmove))?;
        self.wait();
        Ok(answers.recv().expect("every search answers once"))
    }

    /// Starts counting the leaves `depth` plies below the position, per legal move, on
    /// `threads` threads (all cores when `None`); `on_done` gets the counts, or `None`
    /// when stopped.
    pub fn perft(
        &mut self,
        depth: u32,
        threads: Option<usize>,
        on_done: impl FnOnce(Divide) + Send + 'static,
    ) -> Result<(), Busy> {
        self.start_job()?;
        let (position, signals) = (self.position, self.signals.clone());
        self.job = Some(Job::spawn(JobKind::Perft, move |finish| {
            let stopped = || signals.control().is_stopped();
            let count = || divide_parallel_until(&position, depth, &stopped);
            let pool =
                threads.and_then(|n| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok());
            let parts = match pool {
                Some(pool) => pool.install(count),
                None => count(),
            };
            finish.deliver(on_done, parts);
            None
        }));
        Ok(())
    }

    /// Starts the bench: `on_line` after each position, then `on_done` with the totals,
    /// or `None` when stopped.
    pub fn bench(
        &mut self,
        mut on_line: impl FnMut(&BenchLine) + Send + 'static,
        on_done: impl FnOnce(Option<BenchReport>) + Send + 'static,
    ) -> Result<(), Busy> {
        self.start_job()?;
        let signals = self.signals.clone();
        self.job = Some(Job::spawn(JobKind::Bench, move |finish| {
            let report = bench::run(signals.control(), &mut on_line);
            finish.deliver(on_done, report);
            None
        }));
        Ok(())
    }

    /// Stops the running job, if any: a search answers with the best move found so far
    /// (within milliseconds), a perft or the bench gives up.
    pub fn stop(&self) {
        self.signals.stop();
    }

    /// The pondered move was played: the pondering search goes on with its clock.
    pub fn ponderhit(&self) {
        self.signals.ponderhit();
    }

    /// A handle that stops the running job from another thread.
    pub fn stopper(&self) -> Stopper {
        Stopper(self.signals.clone())
    }

    /// Waits until the running job, if any, has answered and ended.
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            if let Some(searcher) = job.join() {
                self.searcher = Some(searcher);
            }
        }
    }

    /// Clears the signals for a new job, unless one runs.
    fn start_job(&mut self) -> Result<(), Busy> {
        if self.activity() != Activity::Idle {
            return Err(Busy);
        }
        self.signals.reset();
        Ok(())
    }

    /// The searcher, with the current options and forgetting earlier games if asked.
    fn searcher_for_search(&mut self) -> Searcher {
        let options = self.options.search.clone();
        let mut searcher = match self.searcher.take() {
            Some(mut searcher) => {
                searcher.set_options(options);
                searcher
            }
            None => Searcher::new(options),
        };
        if std::mem::take(&mut self.new_game_pending) {
            searcher.new_game();
        }
        searcher
    }
}

impl Drop for Engine {
    /// Stops the running job and waits for it.
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}
