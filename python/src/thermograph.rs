//! `konane.Thermograph`: the thermograph of a value, from konane-cgt, as exact
//! `Fraction`s: the break points of its Left and Right walls, the mean and the
//! temperature.

use std::hash::{DefaultHasher, Hash, Hasher};

use konane_cgt::{Thermograph, Wall};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;

use crate::fraction::{fraction_pair, to_fraction};

static METHOD_CALLER: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The thermograph of a value (``Value.thermograph()``), as in Siegel's *Combinatorial
/// Game Theory* and CGSuite, exact: ``left`` and ``right`` are the walls' break points,
/// ``(t, x)`` pairs of ``Fraction``\s from ``t = 0`` on; each wall is straight
/// between its points and vertical (the mast, at ``x = mean``) above its last. At
/// ``t = 0`` the walls stand at the Left and Right stops; they meet at the
/// ``temperature``. ``x`` grows towards Left (Black), so the Left wall has the larger
/// values, drawn on the left when the axis runs right to left, as is usual.
/// Thermographs are equal when their walls are (``G`` and ``G + *`` have one).
#[pyclass(module = "konane", name = "Thermograph", frozen)]
pub struct PyThermograph {
    graph: Thermograph,
    /// The canonical text of the value it is the thermograph of, to pickle it by.
    canonical: String,
}

impl PyThermograph {
    /// The thermograph `graph` of the value written `canonical`.
    pub fn new(graph: Thermograph, canonical: String) -> PyThermograph {
        PyThermograph { graph, canonical }
    }
}

/// A wall's break points as `(t, x)` pairs of `Fraction`s.
fn points<'py>(py: Python<'py>, wall: &Wall) -> PyResult<Vec<Bound<'py, PyAny>>> {
    wall.points()
        .into_iter()
        .map(|point| fraction_pair(py, point))
        .collect()
}

/// A wall's break points as text, for `repr`.
fn points_text(wall: &Wall) -> String {
    let pairs: Vec<String> = wall
        .points()
        .iter()
        .map(|(t, x)| format!("({t}, {x})"))
        .collect();
    format!("[{}]", pairs.join(", "))
}

#[pymethods]
impl PyThermograph {
    /// The Left wall's break points ``(t, x)``, from ``(0, Left stop)``.
    #[getter]
    fn left<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        points(py, self.graph.left())
    }

    /// The Right wall's break points ``(t, x)``, from ``(0, Right stop)``.
    #[getter]
    fn right<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>> {
        points(py, self.graph.right())
    }

    /// The mean: where the mast stands.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, self.graph.mean())
    }

    /// The temperature: where the walls meet.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, self.graph.temperature())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyThermograph>()
            .is_ok_and(|other| other.get().graph == self.graph)
    }

    fn __hash__(&self) -> u64 {
        let mut hasher = DefaultHasher::new();
        self.graph.hash(&mut hasher);
        hasher.finish()
    }

    fn __repr__(&self) -> String {
        format!(
            "Thermograph(left={}, right={}, mean={}, temperature={})",
            points_text(self.graph.left()),
            points_text(self.graph.right()),
            self.graph.mean(),
            self.graph.temperature()
        )
    }

    /// Pickled as ``Value(canonical).thermograph()``.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let caller = METHOD_CALLER.import(py, "operator", "methodcaller")?;
        let value = py
            .import("konane")?
            .getattr("Value")?
            .call1((self.canonical.clone(),))?;
        Ok((caller.call1(("thermograph",))?, (value,).into_pyobject(py)?))
    }
}
