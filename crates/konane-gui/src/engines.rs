//! The engines a tab may use and the threads that run them. The built-in engine runs in
//! process through the engine layer (`konane_engine::Engine`); the engines of `--engine`
//! run as processes through the arena's engine-process code (`konane_arena`). Both are
//! driven the same way: a [`Driver`] owns one engine on its own thread, takes one
//! [`Think`] at a time and reports lines and the answer as [`EngineEvent`]s.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::sync::{mpsc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use konane_arena::{EngineProcess, EngineSpec, GameClocks, Watch};
use konane_core::{Color, Move, Position};
use konane_engine::{Engine, Options, SearchCallbacks, SearchLimits};
use tokio::sync::mpsc::UnboundedSender;

use crate::info::parse_info;
use crate::messages::{EngineView, LineView};

/// The engines offered to the page: the built-in one first, then those of `--engine`.
pub struct Catalog {
    /// Options of the built-in engine (engine.toml and the flags).
    pub builtin: Options,
    pub processes: Vec<EngineSpec>,
    /// How long a process engine may stay silent outside an analysis.
    pub stall: Duration,
}

/// How far past its time an engine program may answer before it loses (generous: a
/// board is not a tournament, and the machine may be busy).
const PROCESS_MARGIN: Duration = Duration::from_millis(1000);

/// The name of the built-in engine.
pub const BUILTIN_NAME: &str = "Konane (built-in)";

impl Catalog {
    /// The number of engines.
    pub fn len(&self) -> usize {
        1 + self.processes.len()
    }

    /// The name of engine `index` (which must exist).
    pub fn name(&self, index: usize) -> &str {
        match index {
            0 => BUILTIN_NAME,
            _ => &self.processes[index - 1].name,
        }
    }

    /// The page's list.
    pub fn views(&self) -> Vec<EngineView> {
        (0..self.len())
            .map(|index| EngineView {
                index,
                name: self.name(index).to_string(),
                builtin: index == 0,
            })
            .collect()
    }

    /// Checks an engine index from the page.
    pub fn check(&self, index: usize) -> Result<usize, UnknownEngine> {
        if index < self.len() {
            Ok(index)
        } else {
            Err(UnknownEngine {
                index,
                count: self.len(),
            })
        }
    }
}

/// An engine index that names no engine of the catalog.
#[derive(Debug, thiserror::Error)]
#[error("unknown engine {index}: there are {count} (0 to {})", count - 1)]
pub struct UnknownEngine {
    pub index: usize,
    pub count: usize,
}

/// Why a search gave no move, in the words the page shows.
#[derive(Debug, thiserror::Error)]
pub enum EngineFailure {
    /// The built-in engine refused the search's settings (its level or MultiPV).
    #[error(transparent)]
    Settings(#[from] konane_engine::OptionError),
    /// A process engine could not be started.
    #[error(transparent)]
    Start(#[from] konane_arena::StartError),
    /// A process engine failed during a search.
    #[error("engine {name}: {failure}")]
    Process {
        name: String,
        failure: konane_arena::Failure,
    },
}

/// What a driver reports, tagged with the search it belongs to.
#[derive(Debug)]
pub enum EngineEvent {
    /// A line of the running search.
    Line { search: u64, line: LineView },
    /// The search is over: the engine's move (`None` when it found none, or when the
    /// search was only an analysis that was stopped), as the engine wrote it.
    Done {
        search: u64,
        answer: Result<Option<String>, EngineFailure>,
        elapsed: Duration,
    },
}

/// How long the engine may think.
#[derive(Clone, Debug)]
pub enum Budget {
    /// Until stopped (analysis).
    Infinite,
    /// By the game's clocks (or fixed time or depth) for the side to move; an
    /// analysis with a limit has the limit as both clocks.
    Clocks(GameClocks),
}

/// One search for a driver.
pub struct Think {
    pub search: u64,
    pub start: Position,
    pub moves: Vec<Move>,
    pub budget: Budget,
    /// The search is for a game's move (else an analysis): it goes first for a slot.
    pub for_move: bool,
    pub multipv: usize,
    /// The built-in engine's strength (its `Player` option); ignored by processes.
    pub level: String,
    /// Set when the tab no longer wants this search.
    pub cancel: Arc<AtomicBool>,
    /// The driver forgets earlier games first.
    pub new_game: bool,
}

/// The searches running in the whole server, with their cap. A search waits for a slot
/// rather than being refused, and a game's move goes before any analysis that waits: a
/// game is never lost because the server is busy analysing. Each tab runs one search at
/// a time and there are no more tabs than slots ([`crate::app`]), so a waiting search
/// waits only for searches that were stopped to end, or for a game's move.
#[derive(Debug)]
pub struct SearchSlots {
    state: Mutex<SlotCounts>,
    freed: Condvar,
    cap: usize,
}

#[derive(Debug, Default)]
struct SlotCounts {
    running: usize,
    /// Games' searches waiting for a slot (analyses wait behind them).
    moves_waiting: usize,
}

/// How often a waiting search looks whether its tab still wants it.
const SLOT_POLL: Duration = Duration::from_millis(20);

impl SearchSlots {
    pub fn new(cap: usize) -> SearchSlots {
        SearchSlots {
            state: Mutex::new(SlotCounts::default()),
            freed: Condvar::new(),
            cap,
        }
    }

    fn counts(&self) -> MutexGuard<'_, SlotCounts> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The number of searches running now.
    pub fn running(&self) -> usize {
        self.counts().running
    }

    /// Takes a slot, waiting for one while the server is full; a game's move (`for_move`)
    /// goes before analyses. `None` when `cancel` is set meanwhile.
    fn take(self: &Arc<Self>, for_move: bool, cancel: &AtomicBool) -> Option<SlotGuard> {
        let mut counts = self.counts();
        if for_move {
            counts.moves_waiting += 1;
        }
        let taken = loop {
            if cancel.load(Ordering::SeqCst) {
                break false;
            }
            if counts.running < self.cap && (for_move || counts.moves_waiting == 0) {
                counts.running += 1;
                break true;
            }
            counts = self
                .freed
                .wait_timeout(counts, SLOT_POLL)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        };
        if for_move {
            counts.moves_waiting -= 1;
        }
        drop(counts);
        // A move that gave up may have held analyses back.
        self.freed.notify_all();
        taken.then(|| SlotGuard(self.clone()))
    }
}

/// A taken search slot, given back when dropped.
struct SlotGuard(Arc<SearchSlots>);

impl Drop for SlotGuard {
    fn drop(&mut self) {
        self.0.counts().running -= 1;
        self.0.freed.notify_all();
    }
}

/// One engine on its own thread. Dropping the driver ends the thread after the running
/// search, which the owner cancels first.
pub struct Driver {
    thinks: mpsc::Sender<Think>,
    /// Stops the built-in engine's running search at once (process engines watch the
    /// cancel flag).
    stopper: Option<konane_engine::Stopper>,
}

impl Driver {
    /// Starts the thread of engine `index` of `catalog`; its events go to `events`.
    pub fn spawn(
        catalog: &Catalog,
        index: usize,
        slots: Arc<SearchSlots>,
        events: UnboundedSender<EngineEvent>,
    ) -> Driver {
        let (thinks, queue) = mpsc::channel::<Think>();
        if index == 0 {
            let engine = Engine::new(catalog.builtin.clone());
            let stopper = engine.stopper();
            thread::spawn(move || run_builtin(engine, queue, slots, events));
            Driver {
                thinks,
                stopper: Some(stopper),
            }
        } else {
            let spec = catalog.processes[index - 1].clone();
            let stall = catalog.stall;
            thread::spawn(move || run_process(&spec, stall, queue, slots, events));
            Driver {
                thinks,
                stopper: None,
            }
        }
    }

    /// Queues a search (the driver skips it if it is cancelled before it starts).
    pub fn think(&self, think: Think) {
        // The thread ends only when the driver is dropped.
        let _ = self.thinks.send(think);
    }

    /// Stops the search of `cancel`: the flag first, so that a search that has not
    /// started yet is skipped, then the engine.
    pub fn stop(&self, cancel: &AtomicBool) {
        cancel.store(true, Ordering::SeqCst);
        if let Some(stopper) = &self.stopper {
            stopper.stop();
        }
    }
}

/// The position a think is about.
fn position_of(think: &Think) -> Position {
    let mut position = think.start;
    for &mv in &think.moves {
        position.play(mv);
    }
    position
}

/// The built-in engine's limits for `budget` with `side` to move: the clocks' own
/// ([`GameClocks::limits`], as an engine process gets them in its `go`), or an analysis
/// that runs until stopped.
fn builtin_limits(budget: &Budget, side: Color) -> SearchLimits {
    match budget {
        Budget::Clocks(clocks) => clocks.limits(side),
        Budget::Infinite => SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        },
    }
}

fn run_builtin(
    mut engine: Engine,
    queue: mpsc::Receiver<Think>,
    slots: Arc<SearchSlots>,
    events: UnboundedSender<EngineEvent>,
) {
    while let Ok(think) = queue.recv() {
        if think.cancel.load(Ordering::SeqCst) {
            continue;
        }
        let search = think.search;
        let Some(slot) = slots.take(think.for_move, &think.cancel) else {
            continue;
        };
        if think.new_game {
            engine.new_game();
        }
        let multipv = think.multipv.to_string();
        let settings = engine
            .set_option("MultiPV", Some(&multipv))
            .and_then(|()| engine.set_option("Player", Some(&think.level)));
        if let Err(error) = settings {
            let _ = events.send(EngineEvent::Done {
                search,
                answer: Err(error.into()),
                elapsed: Duration::ZERO,
            });
            continue;
        }
        let position = position_of(&think);
        engine.set_position(position);
        let limits = builtin_limits(&think.budget, position.side_to_move());
        let started = std::time::Instant::now();
        let (lines, answers) = (events.clone(), events.clone());
        let callbacks = SearchCallbacks::new(
            move |info| {
                let _ = lines.send(EngineEvent::Line {
                    search,
                    line: info.into(),
                });
            },
            move |answer| {
                let _ = answers.send(EngineEvent::Done {
                    search,
                    answer: Ok(answer.result.best_move.map(|mv| mv.to_string())),
                    elapsed: started.elapsed(),
                });
            },
        );
        if engine.go(limits, callbacks).is_ok() && think.cancel.load(Ordering::SeqCst) {
            // Cancelled between the check above and the start: the stop was forgotten.
            engine.stop();
        }
        engine.wait();
        drop(slot);
    }
}

fn run_process(
    spec: &EngineSpec,
    stall: Duration,
    queue: mpsc::Receiver<Think>,
    slots: Arc<SearchSlots>,
    events: UnboundedSender<EngineEvent>,
) {
    let mut process: Option<EngineProcess> = None;
    let mut multipv = 1;
    while let Ok(think) = queue.recv() {
        if think.cancel.load(Ordering::SeqCst) {
            continue;
        }
        let search = think.search;
        let fail = |failure: EngineFailure| {
            let _ = events.send(EngineEvent::Done {
                search,
                answer: Err(failure),
                elapsed: Duration::ZERO,
            });
        };
        let Some(slot) = slots.take(think.for_move, &think.cancel) else {
            continue;
        };
        let engine = match process.as_mut() {
            Some(engine) => engine,
            None => match EngineProcess::start(spec, stall, None) {
                Ok(engine) => {
                    multipv = 1;
                    process.insert(engine)
                }
                Err(error) => {
                    fail(error.into());
                    continue;
                }
            },
        };
        let mut ready = Ok(());
        if think.new_game {
            ready = engine.new_game();
        }
        if ready.is_ok() && think.multipv != multipv {
            ready = engine.set_option("MultiPV", &think.multipv.to_string());
            multipv = think.multipv;
        }
        if let Err(failure) = ready {
            fail(EngineFailure::Process {
                name: spec.name.clone(),
                failure,
            });
            process = None;
            continue;
        }
        let position = position_of(&think);
        let side = position.side_to_move();
        let mut command = format!("position fen {}", think.start.to_fen());
        if !think.moves.is_empty() {
            command.push_str(" moves");
            for mv in &think.moves {
                command.push_str(&format!(" {mv}"));
            }
        }
        let (go, limit) = match &think.budget {
            Budget::Infinite => ("go infinite".to_string(), None),
            Budget::Clocks(clocks) => (
                clocks.go_command(side, engine.is_ugi()),
                clocks.deadline(side, PROCESS_MARGIN),
            ),
        };
        let mut on_line = |line: &str| {
            if let Some(line) = parse_info(line, &position) {
                let _ = events.send(EngineEvent::Line { search, line });
            }
        };
        let watch = Watch {
            stop: &think.cancel,
            on_line: &mut on_line,
            until_stopped: matches!(think.budget, Budget::Infinite),
        };
        let outcome = engine.think_watched(&command, &go, limit, watch);
        drop(slot);
        match outcome {
            Ok(answer) => {
                let _ = events.send(EngineEvent::Done {
                    search,
                    answer: Ok(Some(answer.arguments)),
                    elapsed: answer.elapsed,
                });
            }
            Err(failure) => {
                // The arena has stopped or ended an engine that failed: the next think
                // starts a fresh process.
                process = None;
                fail(EngineFailure::Process {
                    name: spec.name.clone(),
                    failure,
                });
            }
        }
    }
    if let Some(engine) = process {
        engine.quit();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_read_as_words() {
        let crash = EngineFailure::Process {
            name: "other".to_string(),
            failure: konane_arena::Failure::Crash,
        };
        assert_eq!(crash.to_string(), "engine other: the process ended");
        let late = EngineFailure::Process {
            name: "other".to_string(),
            failure: konane_arena::Failure::TimeUp(Duration::from_millis(250)),
        };
        assert_eq!(late.to_string(), "engine other: out of time after 250 ms");
    }

    #[test]
    fn a_full_server_makes_searches_wait_and_moves_go_first() {
        let slots = Arc::new(SearchSlots::new(1));
        let (go, stop) = (AtomicBool::new(false), AtomicBool::new(true));
        let first = slots.take(false, &go).expect("one slot free");
        assert_eq!(slots.running(), 1);
        // A cancelled search gives up its wait.
        assert!(slots.take(true, &stop).is_none());
        // An analysis and a move wait for the slot; the move gets it first.
        let order = Arc::new(Mutex::new(Vec::new()));
        let waiter = |for_move: bool, name: &'static str| {
            let (slots, order) = (slots.clone(), order.clone());
            thread::spawn(move || {
                let slot = slots.take(for_move, &AtomicBool::new(false)).unwrap();
                order.lock().unwrap().push(name);
                thread::sleep(Duration::from_millis(50));
                drop(slot);
            })
        };
        let analysis = waiter(false, "analysis");
        thread::sleep(Duration::from_millis(100));
        let game = waiter(true, "move");
        while slots.counts().moves_waiting == 0 {
            thread::sleep(Duration::from_millis(5));
        }
        drop(first);
        game.join().unwrap();
        analysis.join().unwrap();
        assert_eq!(*order.lock().unwrap(), ["move", "analysis"]);
        assert_eq!(slots.running(), 0);
    }
}
