//! `konane.value` and `konane.values`: the combinatorial game value of a position past
//! the opening removals (konane-solver's regions, Left = Black), or of many at once on
//! several threads, as `Value`s with their regions. Each position is valued in a table
//! of its own, within a budget of new regions; the GIL is released and Ctrl-C stops it.

use std::sync::atomic::{AtomicBool, Ordering};

use konane_core::Position;
use konane_solver::regions::{RegionSquares, RegionValues, ValueError};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::prelude::*;

use crate::background;
use crate::game_value::{PyValue, PyValueRegion, ValueData};
use crate::numbers::{threads_opt, whole_opt};
use crate::position::PyPosition;

/// The regions one call values at most when no budget is given (a few seconds).
const DEFAULT_BUDGET: u64 = 100_000;

/// Entries one position's value database may hold.
const CAPACITY: usize = 1 << 23;

/// The stack of the threads of `values`: values recurse as deep as their birthdays.
const STACK: usize = 64 << 20;

/// A region found without the GIL: its pieces, its squares and its value.
struct RegionData {
    black: Vec<String>,
    white: Vec<String>,
    squares: Vec<String>,
    value: ValueData,
}

/// A position's value and its regions, found without the GIL.
struct Valued {
    total: ValueData,
    regions: Vec<RegionData>,
}

fn names(set: RegionSquares) -> Vec<String> {
    set.squares().map(|s| s.to_string()).collect()
}

/// `position` valued in a table of its own with `budget` new regions.
fn valued(position: &Position, budget: u64, stopped: &AtomicBool) -> Result<Valued, ValueError> {
    let mut db = RegionValues::new(CAPACITY);
    let value = db.position_value(position, budget, &|| stopped.load(Ordering::Relaxed))?;
    let games = db.games();
    let regions = value
        .regions
        .iter()
        .map(|(region, g)| {
            Ok(RegionData {
                black: names(region.black),
                white: names(region.white),
                squares: names(region.reach),
                value: ValueData::of(games, *g)?,
            })
        })
        .collect::<Result<_, ValueError>>()?;
    Ok(Valued {
        total: ValueData::of(games, value.total)?,
        regions,
    })
}

/// Why a position could not be valued.
fn refusal(error: ValueError) -> String {
    match error {
        ValueError::Budget(_) => format!("{error}: give a larger budget, or a smaller position"),
        _ => error.to_string(),
    }
}

/// The Python value of a valued position.
fn to_python(py: Python<'_>, valued: Valued) -> PyResult<PyValue> {
    let regions = valued
        .regions
        .into_iter()
        .map(|region| {
            let value = Py::new(py, PyValue::bare(region.value))?;
            Py::new(
                py,
                PyValueRegion {
                    black: region.black,
                    white: region.white,
                    squares: region.squares,
                    value,
                },
            )
        })
        .collect::<PyResult<_>>()?;
    Ok(PyValue {
        regions,
        ..PyValue::bare(valued.total)
    })
}

/// The budget argument: a whole number, 100,000 when `None`.
fn budget_of(budget: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    Ok(whole_opt("budget", budget, 0, u64::MAX.into())?.unwrap_or(DEFAULT_BUDGET))
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
    let budget = budget_of(budget)?;
    let position = position.position;
    let stopped = AtomicBool::new(false);
    let work = || valued(&position, budget, &stopped);
    let found = background::run(py, work, &|| stopped.store(true, Ordering::Relaxed))?;
    to_python(py, found.map_err(|e| PyValueError::new_err(refusal(e)))?)
}

/// The values of ``positions`` (an iterable of ``Position``), in their order, found on
/// ``threads`` threads (``None``: all cores), each position in a table of its own with
/// ``budget`` new regions as in ``value``. The first position that cannot be valued
/// raises ``ValueError`` naming its index. Releases the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (positions, budget = None, *, threads = None))]
pub fn values(
    py: Python<'_>,
    positions: &Bound<'_, PyAny>,
    budget: Option<&Bound<'_, PyAny>>,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyValue>> {
    let budget = budget_of(budget)?;
    let threads = threads_opt(threads)?;
    let positions: Vec<Position> = positions
        .try_iter()?
        .map(|item| Ok(item?.cast::<PyPosition>()?.borrow().position))
        .collect::<PyResult<_>>()?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .stack_size(STACK)
        .build()
        .map_err(|e| PyValueError::new_err(format!("cannot start {threads:?} threads: {e}")))?;
    let stopped = AtomicBool::new(false);
    let work = || {
        pool.install(|| {
            positions
                .par_iter()
                .map(|position| valued(position, budget, &stopped))
                .collect::<Vec<_>>()
        })
    };
    let found = background::run(py, work, &|| stopped.store(true, Ordering::Relaxed))?;
    found
        .into_iter()
        .enumerate()
        .map(|(i, valued)| {
            let valued = valued
                .map_err(|e| PyValueError::new_err(format!("position {i}: {}", refusal(e))))?;
            to_python(py, valued)
        })
        .collect()
}
