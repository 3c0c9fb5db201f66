//! `konane.Engine` and its `Analysis`: the engine layer (`konane_engine::Engine`)
//! driven from Python. A search runs as the engine's job, without the GIL; its
//! progress and answer come back over a channel that `Analysis` reads, so `search`
//! (read to the end), `analyse` (one report at a time) and `stop` from any thread
//! share one path.

use std::sync::mpsc::{channel, Receiver};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use konane_core::Position;
use konane_engine::options::{Kind, OptionError, OPTIONS};
use konane_engine::{Answer, Engine, Options, SearchCallbacks, SearchInfo, SearchLimits, Stopper};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

use crate::background::receive;
use crate::board_size::board_of;
use crate::errors::{value_error, EngineBusyError};
use crate::moves::{legal_moves_arg, moves_to_python, PyMove};
use crate::numbers::{shorten, whole_opt};
use crate::position::PyPosition;
use crate::reports::{PyScore, PySearchInfo, PySearchResult};

/// What a running search sends back.
enum Report {
    Info(SearchInfo),
    Answer(Answer),
}

/// The Konane engine: iterative deepening alpha-beta with a transposition table, on one
/// or more threads, handing small endgames to an exact solver.
///
/// Options are the protocol's (``Hash`` in MiB, ``Threads``, ``MultiPV``,
/// ``MoveOverhead``, ``EndgameSolver``, ``Player``, ...), given as keywords in any case
/// with or without underscores: ``Engine(hash=64, threads=2, multipv=3)``, or later with
/// ``set_option``. ``Player`` makes a built-in player (``random``, ``greedy``,
/// ``alphabetaN``) answer instead of the search. The engine keeps its table between
/// searches; ``new_game()`` forgets it.
#[pyclass(module = "konane", name = "Engine", frozen)]
pub struct PyEngine {
    engine: Mutex<Engine>,
    /// Stops the running search from any thread, without waiting for the lock.
    stopper: Stopper,
}

impl PyEngine {
    fn lock(&self) -> MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Starts searching `position` within `limits`; the reports come on the receiver.
    fn start(&self, position: Position, limits: SearchLimits) -> PyResult<Receiver<Report>> {
        let (sender, reports) = channel();
        let info_sender = sender.clone();
        // A closed receiver (an analysis dropped) only means nobody listens any more.
        let callbacks = SearchCallbacks::new(
            move |info| {
                let _ = info_sender.send(Report::Info(info.clone()));
            },
            move |answer| {
                let _ = sender.send(Report::Answer(answer.clone()));
            },
        );
        let mut engine = self.lock();
        engine.set_position(position);
        engine
            .go(limits, callbacks)
            .map_err(|busy| EngineBusyError::new_err(busy.to_string()))?;
        Ok(reports)
    }
}

/// The protocol option that `name` means: its name in any case, underscores and spaces
/// ignored (``move_overhead`` is ``MoveOverhead``).
fn option_name(name: &str) -> PyResult<&'static str> {
    let simple = |text: &str| -> String {
        text.chars()
            .filter(|c| *c != '_' && *c != ' ')
            .flat_map(char::to_lowercase)
            .collect()
    };
    OPTIONS
        .iter()
        .find(|spec| spec.in_protocol && simple(spec.name) == simple(name))
        .map(|spec| spec.name)
        .ok_or_else(|| value_error(OptionError::Unknown(name.to_string())))
}

/// An option's value as the protocol's text: `true`/`false` for a bool, the board's
/// `WxH` for `BoardSize` (given in any of the package's board-size forms), else `str()`.
fn option_text(name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<String>> {
    match value {
        None => Ok(None),
        Some(value) if name == "BoardSize" => Ok(Some(board_of(name, value)?.to_string())),
        Some(value) if value.is_none() => Ok(None),
        Some(value) if value.is_instance_of::<PyBool>() => Ok(Some(value.is_truthy()?.to_string())),
        Some(value) => Ok(Some(value.str()?.to_cow()?.into_owned())),
    }
}

/// The limits of one search, checked: each given one must be positive, and `moves` (the
/// root moves to consider) legal in `position`.
fn limits(
    position: &Position,
    depth: Option<&Bound<'_, PyAny>>,
    nodes: Option<&Bound<'_, PyAny>>,
    movetime: Option<f64>,
    mate: Option<&Bound<'_, PyAny>>,
    moves: Option<&Bound<'_, PyAny>>,
) -> PyResult<SearchLimits> {
    let depth = whole_opt("depth", depth, 1, u32::MAX.into())?;
    let nodes = whole_opt("nodes", nodes, 1, u64::MAX.into())?;
    let mate = whole_opt("mate", mate, 1, u32::MAX.into())?;
    let movetime = match movetime {
        None => None,
        Some(seconds) if seconds > 0.0 => {
            Some(Duration::try_from_secs_f64(seconds).map_err(|_| {
                PyValueError::new_err(format!(
                    "movetime {} is not a number of seconds",
                    shorten(&seconds.to_string())
                ))
            })?)
        }
        Some(seconds) => {
            return Err(PyValueError::new_err(format!(
                "movetime must be a positive number of seconds, not {}",
                shorten(&seconds.to_string())
            )))
        }
    };
    let search_moves = match moves {
        Some(moves) if !moves.is_none() => legal_moves_arg(position, moves)?,
        _ => Vec::new(),
    };
    Ok(SearchLimits {
        depth,
        nodes,
        mate,
        search_moves,
        ..movetime.map_or_else(SearchLimits::default, SearchLimits::movetime)
    })
}

#[pymethods]
impl PyEngine {
    #[new]
    #[pyo3(signature = (**options))]
    fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<PyEngine> {
        let mut engine = Engine::new(Options::default());
        for (name, value) in options.into_iter().flatten() {
            let name = option_name(&name.str()?.to_cow()?)?;
            let value = option_text(name, Some(&value))?;
            engine
                .set_option(name, value.as_deref())
                .map_err(value_error)?;
        }
        let stopper = engine.stopper();
        Ok(PyEngine {
            engine: Mutex::new(engine),
            stopper,
        })
    }

    /// Sets the protocol option ``name`` (any case, underscores ignored) to ``value``
    /// (``None`` presses a button such as ``"Clear Hash"``). A bad name or value raises
    /// ``ValueError`` with the protocol's message; a running search keeps its values.
    #[pyo3(signature = (name, value = None))]
    fn set_option(&self, name: &str, value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let name = option_name(name)?;
        let value = option_text(name, value)?;
        self.lock()
            .set_option(name, value.as_deref())
            .map_err(value_error)
    }

    /// The protocol options and their values, by protocol name.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let engine = self.lock();
        let options = engine.options();
        let dict = PyDict::new(py);
        for spec in OPTIONS.iter().filter(|spec| spec.in_protocol) {
            match spec.kind {
                Kind::Check { get, .. } => dict.set_item(spec.name, get(options))?,
                Kind::Spin { get, .. } => dict.set_item(spec.name, get(options))?,
                Kind::Text { get, .. } => dict.set_item(spec.name, get(options))?,
                Kind::Button => {}
            }
        }
        Ok(dict)
    }

    /// Searches ``position`` and returns the ``SearchResult``. Limits, any mix (the first
    /// reached ends the search): ``depth`` in plies, ``nodes``, ``movetime`` in seconds,
    /// ``mate`` (stop once a win in that many moves is proven); ``moves`` restricts the
    /// root moves. With no limit the search runs until ``stop()`` (from another thread)
    /// or Ctrl-C. The GIL is released while it runs. A finished game gives
    /// ``best_move=None`` and the score ``mate 0``.
    #[pyo3(signature = (position, *, depth = None, nodes = None, movetime = None, mate = None, moves = None))]
    #[allow(clippy::too_many_arguments)]
    fn search(
        slf: &Bound<'_, Self>,
        position: &PyPosition,
        depth: Option<Bound<'_, PyAny>>,
        nodes: Option<Bound<'_, PyAny>>,
        movetime: Option<f64>,
        mate: Option<Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PySearchResult>> {
        let py = slf.py();
        let analysis = PyEngine::analyse(slf, position, depth, nodes, movetime, mate, moves)?;
        while analysis.next_report(py)?.is_some() {}
        analysis
            .result(py)
            .ok_or_else(|| PyRuntimeError::new_err("internal error: the search gave no answer"))
    }

    /// Starts searching ``position`` (limits as for ``search``) and returns an
    /// ``Analysis``: iterate over it for a ``SearchInfo`` at each finished depth; its
    /// ``result`` is the answer once the iteration ends. With no limit it runs until
    /// ``stop()``. Use it in a ``with`` block, or exhaust it, so that the engine is free
    /// for the next search.
    #[pyo3(signature = (position, *, depth = None, nodes = None, movetime = None, mate = None, moves = None))]
    #[allow(clippy::too_many_arguments)]
    fn analyse(
        slf: &Bound<'_, Self>,
        position: &PyPosition,
        depth: Option<Bound<'_, PyAny>>,
        nodes: Option<Bound<'_, PyAny>>,
        movetime: Option<f64>,
        mate: Option<Bound<'_, PyAny>>,
        moves: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyAnalysis> {
        let position = position.position;
        let limits = limits(
            &position,
            depth.as_ref(),
            nodes.as_ref(),
            movetime,
            mate.as_ref(),
            moves,
        )?;
        let started = Instant::now();
        let reports = slf.get().start(position, limits)?;
        Ok(PyAnalysis {
            engine: slf.clone().unbind(),
            reports: Mutex::new(reports),
            state: Mutex::new(AnalysisState {
                started,
                best_line: None,
                result: None,
                finished: false,
            }),
        })
    }

    /// Stops the running search, from any thread: it answers at once with the best move
    /// found so far. Does nothing when no search runs.
    fn stop(&self) {
        self.stopper.stop();
    }

    /// A new game: the next search forgets what earlier ones learnt (the table, proven
    /// endgames).
    fn new_game(&self) {
        self.lock().new_game();
    }

    /// The static evaluation of ``position`` in centi-moves, from the side to move's
    /// view (the protocol's ``eval`` total).
    fn evaluate(&self, position: &PyPosition) -> i32 {
        self.lock()
            .options()
            .search
            .eval
            .explain(&position.position)
            .total
    }
}

/// Where an analysis stands.
struct AnalysisState {
    started: Instant,
    /// The latest best line (`multipv` 1), for the result's principal variation.
    best_line: Option<SearchInfo>,
    result: Option<Py<PySearchResult>>,
    /// The answer came (or the analysis was abandoned): no more reports.
    finished: bool,
}

/// A running search, as an iterator of ``SearchInfo``: one at each finished depth
/// (one per line with ``MultiPV``), ending when the search answers. ``result`` is then
/// the ``SearchResult``. ``stop()`` ends it early (from any thread); leaving a ``with``
/// block stops it too.
#[pyclass(module = "konane", name = "Analysis", frozen)]
pub struct PyAnalysis {
    engine: Py<PyEngine>,
    reports: Mutex<Receiver<Report>>,
    state: Mutex<AnalysisState>,
}

impl PyAnalysis {
    fn state(&self) -> MutexGuard<'_, AnalysisState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next progress report, or `None` once the search has answered (the result is
    /// then stored and the engine free).
    fn next_report(&self, py: Python<'_>) -> PyResult<Option<PySearchInfo>> {
        if self.state().finished {
            return Ok(None);
        }
        let engine = self.engine.get();
        match receive(py, &self.reports, &|| engine.stopper.stop()) {
            Ok(Some(Report::Info(info))) => {
                let report = PySearchInfo::from(&info);
                if info.multipv <= 1 {
                    self.state().best_line = Some(info);
                }
                Ok(Some(report))
            }
            Ok(Some(Report::Answer(answer))) => {
                self.finish(py, Some(&answer))?;
                Ok(None)
            }
            Ok(None) => {
                // The answer went to a `stop()` on another thread, which records it.
                if self.finished_elsewhere(py) {
                    return Ok(None);
                }
                self.finish(py, None)?;
                Err(PyRuntimeError::new_err(
                    "internal error: the search ended without an answer",
                ))
            }
            Err(signal) => {
                self.abandon(py);
                Err(signal)
            }
        }
    }

    /// Whether another thread that took the answer records it (waiting for it a
    /// moment: it has the answer but may not have stored it yet).
    fn finished_elsewhere(&self, py: Python<'_>) -> bool {
        for _ in 0..1000 {
            if self.state().finished {
                return true;
            }
            py.detach(|| std::thread::sleep(Duration::from_millis(1)));
        }
        false
    }

    /// Stops the search, waits for its answer and frees the engine.
    fn abandon(&self, py: Python<'_>) {
        if self.state().finished {
            return;
        }
        self.engine.get().stopper.stop();
        let answer = py.detach(|| loop {
            let reports = self.reports.lock().unwrap_or_else(|e| e.into_inner());
            match reports.recv() {
                Ok(Report::Answer(answer)) => break Some(answer),
                Ok(Report::Info(_)) => {}
                Err(_) => break None,
            }
        });
        // Only a failure to build the result is lost here: the engine is free anyway.
        let _ = self.finish(py, answer.as_ref());
    }

    /// Records the answer, if any, and frees the engine.
    fn finish(&self, py: Python<'_>, answer: Option<&Answer>) -> PyResult<()> {
        let engine = self.engine.get();
        // Takes back the answered job (its thread ends at once); a job that another
        // thread started since is left to run.
        py.detach(|| engine.lock().activity());
        let mut state = self.state();
        state.finished = true;
        if let Some(answer) = answer {
            let result = search_result(answer, state.best_line.as_ref(), state.started.elapsed());
            state.result = Some(Py::new(py, result)?);
        }
        Ok(())
    }
}

/// The answer as Python's result: the principal variation is the latest best line when
/// it starts with the best move.
fn search_result(
    answer: &Answer,
    best_line: Option<&SearchInfo>,
    elapsed: Duration,
) -> PySearchResult {
    let result = &answer.result;
    let pv = match (result.best_move, best_line) {
        (Some(best), Some(info)) if info.pv.first() == Some(&best) => info.pv.clone(),
        (Some(best), _) => vec![best],
        (None, _) => Vec::new(),
    };
    PySearchResult {
        best_move: result.best_move.map(PyMove),
        ponder_move: result.ponder_move.map(PyMove),
        score: PyScore(result.score),
        depth: result.depth,
        seldepth: best_line.map_or(0, |info| info.seldepth),
        nodes: result.nodes,
        time: elapsed.as_secs_f64(),
        pv: moves_to_python(&pv),
    }
}

#[pymethods]
impl PyAnalysis {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PySearchInfo>> {
        self.next_report(py)
    }

    /// Stops the search (from any thread) and waits for its answer: ``result`` is then
    /// set and the engine free for the next search; an iteration on another thread ends.
    fn stop(&self, py: Python<'_>) {
        self.abandon(py);
    }

    /// The ``SearchResult`` once the search has answered, else ``None``.
    #[getter]
    fn result(&self, py: Python<'_>) -> Option<Py<PySearchResult>> {
        self.state()
            .result
            .as_ref()
            .map(|result| result.clone_ref(py))
    }

    fn __enter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// Leaving the ``with`` block stops the search and waits for its answer.
    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, py: Python<'_>, _exc: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        self.abandon(py);
        false
    }
}

impl Drop for PyAnalysis {
    /// An analysis dropped before its end stops the search, so the engine is free.
    fn drop(&mut self) {
        Python::attach(|py| self.abandon(py));
    }
}
