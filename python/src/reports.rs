//! What a search reports to Python: `Score`, `SearchInfo` (one per finished
//! iteration) and `SearchResult` (the answer).

use konane_engine::{Score, SearchInfo};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::moves::{moves_to_python, PyMove};
use crate::numbers::whole_opt;
use crate::pickle::{record_class, NewReduction};

/// A search's score from the side to move's view: ``cp`` in centi-moves (a heuristic),
/// or ``mate``: ``n > 0``, the side to move wins with its n-th move from now; ``n < 0``,
/// it loses after the opponent's ``|n|``-th move; ``0``, it has no move now.
/// ``str(score)`` is the protocol's ``cp 35`` or ``mate 3``. Scores are ordered by how
/// good they are for the side to move: every win above every ``cp`` score (a quicker
/// win above a slower one), every loss below (``mate 0`` lowest, a slower loss above a
/// quicker one), so ``max(scores)`` is the best.
#[pyclass(module = "konane", name = "Score", frozen, eq, ord, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PyScore(pub Score);

#[pymethods]
impl PyScore {
    /// ``Score(cp=35)`` or ``Score(mate=3)``: exactly one of the two.
    #[new]
    #[pyo3(signature = (cp = None, mate = None))]
    fn new(cp: Option<&Bound<'_, PyAny>>, mate: Option<&Bound<'_, PyAny>>) -> PyResult<PyScore> {
        let range = |name, value| whole_opt::<i32>(name, value, i32::MIN.into(), i32::MAX.into());
        match (range("cp", cp)?, range("mate", mate)?) {
            (Some(cp), None) => Ok(PyScore(Score::Cp(cp))),
            (None, Some(n)) => Ok(PyScore(Score::Mate(n))),
            _ => Err(PyValueError::new_err(
                "a Score is either cp=... or mate=...",
            )),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<NewReduction<'py>> {
        let score = slf.get();
        let fields = (score.cp(), score.mate()).into_pyobject(slf.py())?;
        Ok((slf.get_type(), fields))
    }

    /// The heuristic score in centi-moves, or ``None`` for a proven result.
    #[getter]
    fn cp(&self) -> Option<i32> {
        match self.0 {
            Score::Cp(cp) => Some(cp),
            Score::Mate(_) => None,
        }
    }

    /// The moves to the end of a proven result (see the class), or ``None``.
    #[getter]
    fn mate(&self) -> Option<i32> {
        match self.0 {
            Score::Cp(_) => None,
            Score::Mate(n) => Some(n),
        }
    }

    /// Whether the result is proven (a ``mate`` score).
    #[getter]
    fn is_mate(&self) -> bool {
        matches!(self.0, Score::Mate(_))
    }

    fn __str__(&self) -> String {
        match self.0 {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(n) => format!("mate {n}"),
        }
    }

    fn __repr__(&self) -> String {
        match self.0 {
            Score::Cp(cp) => format!("Score(cp={cp})"),
            Score::Mate(n) => format!("Score(mate={n})"),
        }
    }
}

record_class! {
    /// One finished iteration of a search (one per line with ``multipv`` above 1), as
    /// the protocol's ``info`` line gives it. ``time`` is in seconds.
    #[pyclass(module = "konane", name = "SearchInfo", frozen, get_all)]
    pub struct PySearchInfo {
        pub depth: u32,
        pub seldepth: u32,
        pub multipv: usize,
        pub score: PyScore,
        pub nodes: u64,
        pub nps: u64,
        pub hashfull: u32,
        pub time: f64,
        pub pv: Vec<PyMove>,
    }

    fn __repr__(&self) -> String {
        format!(
            "SearchInfo(depth={}, multipv={}, score={}, nodes={}, pv=[{}])",
            self.depth,
            self.multipv,
            self.score.__repr__(),
            self.nodes,
            pv_text(&self.pv)
        )
    }
}

impl From<&SearchInfo> for PySearchInfo {
    fn from(info: &SearchInfo) -> PySearchInfo {
        PySearchInfo {
            depth: info.depth,
            seldepth: info.seldepth,
            multipv: info.multipv,
            score: PyScore(info.score),
            nodes: info.nodes,
            nps: info.nps,
            hashfull: info.hashfull,
            time: info.time_ms as f64 / 1000.0,
            pv: moves_to_python(&info.pv),
        }
    }
}

record_class! {
    /// The answer of a search: ``best_move`` (``None`` only when the game is over) with
    /// its ``score``, the ``depth`` reached, the ``nodes`` searched, the principal
    /// variation ``pv`` (starting with ``best_move``), the expected reply
    /// ``ponder_move`` and the ``time`` taken in seconds.
    #[pyclass(module = "konane", name = "SearchResult", frozen, get_all)]
    pub struct PySearchResult {
        pub best_move: Option<PyMove>,
        pub ponder_move: Option<PyMove>,
        pub score: PyScore,
        pub depth: u32,
        pub seldepth: u32,
        pub nodes: u64,
        pub time: f64,
        pub pv: Vec<PyMove>,
    }

    fn __repr__(&self) -> String {
        let best = self
            .best_move
            .map_or("None".to_string(), |mv| mv.__repr__());
        format!(
            "SearchResult(best_move={best}, score={}, depth={}, nodes={}, pv=[{}])",
            self.score.__repr__(),
            self.depth,
            self.nodes,
            pv_text(&self.pv)
        )
    }
}

fn pv_text(pv: &[PyMove]) -> String {
    pv.iter()
        .map(|mv| mv.__repr__())
        .collect::<Vec<_>>()
        .join(", ")
}
