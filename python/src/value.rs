//! `konane.value`: the combinatorial game value of a position past the opening
//! removals (konane-solver's regions, Left = Black): its regions with their values,
//! the sum in human notation and in the strict form, and who wins with either side to
//! move. Within a budget of new regions; releases the GIL; Ctrl-C stops it.

use std::sync::atomic::{AtomicBool, Ordering};

use konane_core::Color;
use konane_solver::regions::{RegionSquares, RegionValues, ValueError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::background;
use crate::numbers::whole_opt;
use crate::position::{PyColor, PyPosition};

/// The regions one call values at most when no budget is given (a few seconds).
const DEFAULT_BUDGET: u64 = 100_000;

/// Entries one call's value database may hold.
const CAPACITY: usize = 1 << 23;

/// One region of a position: its pieces by colour and every square they could ever
/// stand on (square names, lowest first), with its value.
#[pyclass(module = "konane", name = "ValueRegion", frozen, get_all)]
pub struct PyValueRegion {
    pub black: Vec<String>,
    pub white: Vec<String>,
    pub squares: Vec<String>,
    pub human: String,
    pub canonical: String,
}

#[pymethods]
impl PyValueRegion {
    fn __repr__(&self) -> String {
        let list = |names: &[String]| {
            let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
            format!("[{}]", quoted.join(", "))
        };
        format!(
            "ValueRegion(black={}, white={}, canonical='{}')",
            list(&self.black),
            list(&self.white),
            self.canonical
        )
    }
}

/// What ``value`` found: ``canonical`` (strict form, e.g. ``{1|0}``), ``human``
/// (notation such as ``±1`` or ``↑*``), ``outcome`` (``"L"``, ``"R"``, ``"N"`` or
/// ``"P"``), the winner with Black and with White to move, and the regions.
#[pyclass(module = "konane", name = "Value", frozen, get_all)]
pub struct PyValue {
    pub canonical: String,
    pub human: String,
    pub outcome: String,
    pub winner_black_to_move: PyColor,
    pub winner_white_to_move: PyColor,
    pub regions: Vec<Py<PyValueRegion>>,
}

#[pymethods]
impl PyValue {
    fn __repr__(&self) -> String {
        format!(
            "Value(canonical='{}', human='{}', outcome='{}', regions={})",
            self.canonical,
            self.human,
            self.outcome,
            self.regions.len()
        )
    }
}

fn names(set: RegionSquares) -> Vec<String> {
    set.squares().map(|s| s.to_string()).collect()
}

/// The value of ``position`` (past the opening removals), valuing at most ``budget``
/// regions (``None``: 100,000, a few seconds); a position that needs more raises
/// ``ValueError``, as does one in the opening removals.
#[pyfunction]
#[pyo3(signature = (position, budget = None))]
pub fn value(
    py: Python<'_>,
    position: &PyPosition,
    budget: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyValue> {
    let budget = whole_opt("budget", budget, 0, u64::MAX.into())?.unwrap_or(DEFAULT_BUDGET);
    let position = position.position;
    let stopped = AtomicBool::new(false);
    let work = || {
        let mut db = RegionValues::new(CAPACITY);
        let found = db.position_value(&position, budget, &|| stopped.load(Ordering::Relaxed));
        found.map(|value| {
            let games = db.games_ref();
            let regions: Vec<PyValueRegion> = value
                .regions
                .iter()
                .map(|(region, g)| PyValueRegion {
                    black: names(region.black),
                    white: names(region.white),
                    squares: names(region.reach),
                    human: games.display(*g).to_string(),
                    canonical: games.strict(*g),
                })
                .collect();
            let whole = (
                games.strict(value.total),
                games.display(value.total).to_string(),
                value.outcome.to_string(),
                value.winner(Color::Black),
                value.winner(Color::White),
            );
            (whole, regions)
        })
    };
    let found = background::run(py, work, &|| stopped.store(true, Ordering::Relaxed))?;
    let ((canonical, human, outcome, black, white), regions) = found.map_err(|e| match e {
        ValueError::Budget(_) => {
            PyValueError::new_err(format!("{e}: give a larger budget, or a smaller position"))
        }
        _ => PyValueError::new_err(e.to_string()),
    })?;
    Ok(PyValue {
        canonical,
        human,
        outcome,
        winner_black_to_move: black.into(),
        winner_white_to_move: white.into(),
        regions: regions
            .into_iter()
            .map(|r| Py::new(py, r))
            .collect::<PyResult<_>>()?,
    })
}
