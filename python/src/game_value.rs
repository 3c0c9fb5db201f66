//! `konane.Value` and `konane.ValueRegion`: a value of combinatorial game theory (Left
//! = Black) in canonical form, compared, added, negated and cooled by konane-cgt, with
//! its outcome and thermography, and, for the value of a position, its regions. A
//! value keeps its canonical form, a tree that belongs to no table: each operation reads
//! its operands into a fresh konane-cgt table, so values from any call, thread or
//! process combine, and nothing is kept between operations.

use std::borrow::Cow;

use konane_cgt::{CgtError, Dyadic, Form, GameId, Games, Outcome, Thermograph};
use konane_core::Color;
use konane_solver::regions::winner;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple, PyType};

use crate::color::PyColor;
use crate::fraction::{dyadic_of, fraction_pair, number_of, to_fraction, Number};
use crate::thermograph::PyThermograph;

/// What a value is, found in the table that held it (made without the GIL).
pub struct ValueData {
    form: Form,
    canonical: String,
    human: String,
    outcome: Outcome,
    thermograph: Thermograph,
}

impl ValueData {
    /// The value `g` of `games`.
    pub fn of(games: &mut Games, g: GameId) -> Result<ValueData, CgtError> {
        let form = games.form(g);
        Ok(ValueData {
            canonical: form.to_string(),
            human: games.display(g).to_string(),
            outcome: games.outcome(g),
            thermograph: games.thermograph(g)?,
            form,
        })
    }

    /// The value of `form` (any form, canonical or not).
    fn read(form: &Form) -> Result<ValueData, CgtError> {
        let mut games = Games::new();
        let g = games.value_of_form(form)?;
        ValueData::of(&mut games, g)
    }
}

/// One region of a position: its pieces by colour, every square they could ever stand
/// on (square names, lowest first), and its value.
#[pyclass(module = "konane", name = "ValueRegion", frozen, get_all)]
pub struct PyValueRegion {
    pub black: Vec<String>,
    pub white: Vec<String>,
    pub squares: Vec<String>,
    pub value: Py<PyValue>,
}

#[pymethods]
impl PyValueRegion {
    /// A region as ``konane.value`` gives it (the constructor is for pickling).
    #[new]
    fn new(
        black: Vec<String>,
        white: Vec<String>,
        squares: Vec<String>,
        value: Py<PyValue>,
    ) -> PyValueRegion {
        PyValueRegion {
            black,
            white,
            squares,
            value,
        }
    }

    /// The region's value in the strict form (``value.canonical``).
    #[getter]
    fn canonical(&self) -> &str {
        &self.value.get().data.canonical
    }

    /// The region's value in human notation (``value.human``).
    #[getter]
    fn human(&self) -> &str {
        &self.value.get().data.human
    }

    fn __repr__(&self) -> String {
        let list = |names: &[String]| {
            let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
            format!("[{}]", quoted.join(", "))
        };
        format!(
            "ValueRegion(black={}, white={}, canonical='{}')",
            list(&self.black),
            list(&self.white),
            self.canonical()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyValueRegion>().is_ok_and(|other| {
            let other = other.get();
            (&self.black, &self.white, &self.squares)
                == (&other.black, &other.white, &other.squares)
                && self.canonical() == other.canonical()
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        (
            self.black.clone(),
            self.white.clone(),
            self.canonical().to_string(),
        )
            .into_pyobject(py)?
            .hash()
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let fields = (
            this.black.clone(),
            this.white.clone(),
            this.squares.clone(),
            this.value.clone_ref(py),
        );
        Ok((slf.get_type(), fields.into_pyobject(py)?))
    }
}

/// A game value in canonical form (Left = Black: positive values favour Black), as
/// ``konane.value`` finds for a position, or ``Value(text)`` reads from the strict
/// form (``Value("{1|-1}")``, ``Value("*")``, ``Value("1/2")``).
///
/// Compared by game value (``G <= H`` when Left wins ``H - G`` with Right moving
/// first, that is ``H - G >= 0``; two values may also be confused, ``confused_with``),
/// so the order is partial; added and subtracted (``+``, ``-``: the disjoint sum and
/// the negative), also with numbers (``int``, or a ``Fraction`` ``m/2^k``). Equal
/// values have the same ``canonical`` text and hash. ``mean``, ``temperature`` and
/// ``stops`` are exact ``Fraction``s; ``thermograph()`` gives the walls. ``regions``
/// are the regions of the position it is the value of (empty for a value made by
/// arithmetic or from text).
/// Values pickle.
#[pyclass(module = "konane", name = "Value", frozen)]
pub struct PyValue {
    pub data: ValueData,
    pub regions: Vec<Py<PyValueRegion>>,
}

impl PyValue {
    /// A value of no position.
    pub fn bare(data: ValueData) -> PyValue {
        PyValue {
            data,
            regions: Vec::new(),
        }
    }
}

/// A `ValueError` for an operation the arithmetic refused.
fn refused(error: CgtError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// The form of a value or a number (`None` for anything else).
fn operand<'a>(other: &'a Bound<'_, PyAny>) -> PyResult<Option<Cow<'a, Form>>> {
    if let Ok(value) = other.cast::<PyValue>() {
        return Ok(Some(Cow::Borrowed(&value.get().data.form)));
    }
    Ok(dyadic_of("the number", other)?.map(|x| Cow::Owned(Form::Number(x))))
}

/// `work` on `a` and `b` read into a fresh table.
fn in_table<T>(
    a: &Form,
    b: &Form,
    work: impl FnOnce(&mut Games, GameId, GameId) -> Result<T, CgtError>,
) -> PyResult<T> {
    let mut games = Games::new();
    let found = games
        .value_of_form(a)
        .and_then(|a| Ok((a, games.value_of_form(b)?)))
        .and_then(|(a, b)| work(&mut games, a, b));
    found.map_err(refused)
}

#[pymethods]
impl PyValue {
    /// The value written in the strict form (``{1|0}``, ``*``, ``-3/4``, ``{0,*|0}``),
    /// canonical or not. A text that is not a game raises ``ValueError``.
    #[new]
    fn new(text: &str) -> PyResult<PyValue> {
        let form: Form = text
            .parse()
            .map_err(|e| PyValueError::new_err(format!("not a game in the strict form: {e}")))?;
        ValueData::read(&form).map(PyValue::bare).map_err(refused)
    }

    /// A value with its regions (pickling's constructor).
    #[staticmethod]
    fn _with_regions(text: &str, regions: Vec<Py<PyValueRegion>>) -> PyResult<PyValue> {
        Ok(PyValue {
            regions,
            ..PyValue::new(text)?
        })
    }

    /// The canonical form in the strict form of ``konane value``: ``{1|0}``, ``*``,
    /// ``-3/4``; one text for one value.
    #[getter]
    fn canonical(&self) -> &str {
        &self.data.canonical
    }

    /// The value in human notation: ``±1``, ``↑*``, ``{2|1}``.
    #[getter]
    fn human(&self) -> &str {
        &self.data.human
    }

    /// Who wins: ``"L"`` (Black, whoever starts), ``"R"`` (White), ``"N"`` (whoever
    /// moves first) or ``"P"`` (whoever moves second).
    #[getter]
    fn outcome(&self) -> String {
        self.data.outcome.to_string()
    }

    /// The winner with Black to move.
    #[getter]
    fn winner_black_to_move(&self) -> PyColor {
        winner(self.data.outcome, Color::Black).into()
    }

    /// The winner with White to move.
    #[getter]
    fn winner_white_to_move(&self) -> PyColor {
        winner(self.data.outcome, Color::White).into()
    }

    /// The mean (a ``Fraction``): the number the value is worth on average.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, self.data.thermograph.mean())
    }

    /// The temperature (a ``Fraction``): how much moving first is worth; -1 for an
    /// integer, ``-1/2^k`` for a number ``m/2^k``, 0 for an infinitesimal such as ``*``.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        to_fraction(py, self.data.thermograph.temperature())
    }

    /// The Left and Right stops (``Fraction``\s): the number play stops at when Black,
    /// or White, moves first.
    #[getter]
    fn stops<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let graph = &self.data.thermograph;
        fraction_pair(py, (graph.left().start(), graph.right().start()))
    }

    /// The regions of the position this is the value of, each with its own value (their
    /// sum); empty for a value made by arithmetic or read from text.
    #[getter]
    fn regions(&self, py: Python<'_>) -> Vec<Py<PyValueRegion>> {
        self.regions.iter().map(|r| r.clone_ref(py)).collect()
    }

    /// The thermograph: the exact walls, the mean and the temperature.
    fn thermograph(&self) -> PyThermograph {
        PyThermograph::new(self.data.thermograph.clone(), self.data.canonical.clone())
    }

    /// Whether the two values are confused (incomparable, ``G || H``): the first player
    /// wins ``G - H``.
    fn confused_with(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Some(form) = operand(other)? else {
            return Err(PyTypeError::new_err(format!(
                "confused_with takes a Value or a number, not {}",
                other.get_type().name()?
            )));
        };
        in_table(&self.data.form, &form, |games, a, b| {
            Ok(games.confused(a, b))
        })
    }

    /// The value cooled by ``t`` (a number ``m/2^k`` at least 0): ``±1`` cooled by 1
    /// is ``*``; past the temperature, the mean.
    fn cool(&self, t: &Bound<'_, PyAny>) -> PyResult<PyValue> {
        let Some(t) = dyadic_of("t", t)? else {
            return Err(PyTypeError::new_err(format!(
                "t must be an int or a Fraction, not {}",
                t.get_type().name()?
            )));
        };
        let mut games = Games::new();
        let found = games
            .value_of_form(&self.data.form)
            .and_then(|g| games.cool(g, t))
            .and_then(|g| ValueData::of(&mut games, g));
        found.map(PyValue::bare).map_err(refused)
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let equality = matches!(op, CompareOp::Eq | CompareOp::Ne);
        if equality {
            if let Number::Other(_) = number_of(other)? {
                // A rational number that is no dyadic is no game value.
                return Ok(matches!(op, CompareOp::Ne)
                    .into_pyobject(py)?
                    .to_owned()
                    .into_any()
                    .unbind());
            }
        }
        let Some(form) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let (le, ge) = in_table(&self.data.form, &form, |games, a, b| {
            Ok((games.le(a, b), games.ge(a, b)))
        })?;
        let result = match op {
            CompareOp::Lt => le && !ge,
            CompareOp::Le => le,
            CompareOp::Eq => le && ge,
            CompareOp::Ne => !(le && ge),
            CompareOp::Gt => ge && !le,
            CompareOp::Ge => ge,
        };
        Ok(result.into_pyobject(py)?.to_owned().into_any().unbind())
    }

    /// The hash of the canonical text, or of the number for a value that is one (so
    /// that ``Value("1") == 1`` hash alike).
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        match self.data.form {
            Form::Number(x) => to_fraction(py, x)?.hash(),
            _ => PyString::new(py, &self.data.canonical).hash(),
        }
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(other, |games, a, b| games.add(a, b))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(other, |games, a, b| games.add(b, a))
    }

    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(other, |games, a, b| games.sub(a, b))
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.combine(other, |games, a, b| games.sub(b, a))
    }

    fn __neg__(&self) -> PyResult<PyValue> {
        let zero = Form::Number(Dyadic::ZERO);
        in_table(&self.data.form, &zero, |games, a, _| {
            let negated = games.neg(a)?;
            ValueData::of(games, negated)
        })
        .map(PyValue::bare)
    }

    fn __pos__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __str__(&self) -> &str {
        &self.data.human
    }

    fn __repr__(&self) -> String {
        format!(
            "Value(canonical='{}', human='{}', outcome='{}', regions={})",
            self.data.canonical,
            self.data.human,
            self.data.outcome,
            self.regions.len()
        )
    }

    /// Pickled as its canonical text and regions, so that it comes back from a worker
    /// process.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let this = slf.get();
        let canonical = this.data.canonical.clone();
        if this.regions.is_empty() {
            return Ok((slf.get_type().into_any(), (canonical,).into_pyobject(py)?));
        }
        Ok((
            slf.get_type().getattr("_with_regions")?,
            (canonical, this.regions(py)).into_pyobject(py)?,
        ))
    }
}

impl PyValue {
    /// `self` and a value or number combined into a new value, or `NotImplemented`.
    fn combine(
        &self,
        other: &Bound<'_, PyAny>,
        op: impl FnOnce(&mut Games, GameId, GameId) -> Result<GameId, CgtError>,
    ) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(form) = operand(other)? else {
            return Ok(py.NotImplemented());
        };
        let data = in_table(&self.data.form, &form, |games, a, b| {
            let g = op(games, a, b)?;
            ValueData::of(games, g)
        })?;
        Ok(Py::new(py, PyValue::bare(data))?.into_any())
    }
}
