//! Exact numbers between konane-cgt and Python: a [`Dyadic`] (`m / 2^k`) becomes a
//! `fractions.Fraction`, and a Python `int` or `Fraction` (any `numbers.Rational`)
//! becomes a `Dyadic` when it is one (game values have no other numbers).

use konane_cgt::{Dyadic, MAX_EXPONENT};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt, PyType};

use crate::numbers::short;

static FRACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static RATIONAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// `x` as a `fractions.Fraction`.
pub fn to_fraction(py: Python<'_>, x: Dyadic) -> PyResult<Bound<'_, PyAny>> {
    let denominator = 1u64 << x.exponent();
    FRACTION
        .import(py, "fractions", "Fraction")?
        .call1((x.numerator(), denominator))
}

/// A pair of numbers as a pair of `Fraction`s.
pub fn fraction_pair(py: Python<'_>, (a, b): (Dyadic, Dyadic)) -> PyResult<Bound<'_, PyAny>> {
    Ok((to_fraction(py, a)?, to_fraction(py, b)?)
        .into_pyobject(py)?
        .into_any())
}

/// What a Python object is as a number of game values.
pub enum Number {
    /// A dyadic rational within konane-cgt's range.
    Dyadic(Dyadic),
    /// A rational number that is no such dyadic (`1/3`, `2**40`), with its text.
    Other(String),
    /// No rational number (a bool, a float, a string, ...).
    Neither,
}

/// `value` as a number: an `int` (not a bool) or a `numbers.Rational` such as
/// `Fraction`.
pub fn number_of(value: &Bound<'_, PyAny>) -> PyResult<Number> {
    let py = value.py();
    if value.is_instance_of::<PyBool>() {
        return Ok(Number::Neither);
    }
    let (numerator, denominator): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
        if value.is_instance_of::<PyInt>() {
            (value.clone(), 1i32.into_pyobject(py)?.into_any())
        } else if value.is_instance(RATIONAL.import(py, "numbers", "Rational")?)? {
            (value.getattr("numerator")?, value.getattr("denominator")?)
        } else {
            return Ok(Number::Neither);
        };
    let other = || Number::Other(short(value));
    let (Ok(numerator), Ok(denominator)) =
        (numerator.extract::<i128>(), denominator.extract::<u128>())
    else {
        return Ok(other());
    };
    if !denominator.is_power_of_two() || denominator.trailing_zeros() > MAX_EXPONENT {
        return Ok(other());
    }
    Ok(Dyadic::new(numerator, denominator.trailing_zeros())
        .map_or_else(|_| other(), Number::Dyadic))
}

/// `value` as a dyadic number, `name` naming it in the `ValueError` for any other
/// number; `None` for what is no number at all.
pub fn dyadic_of(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Option<Dyadic>> {
    match number_of(value)? {
        Number::Dyadic(x) => Ok(Some(x)),
        Number::Other(text) => Err(PyValueError::new_err(format!(
            "{name} {text} is no game value: a number must be m/2^k, k at most {MAX_EXPONENT}, of magnitude below 2^32"
        ))),
        Number::Neither => Ok(None),
    }
}
