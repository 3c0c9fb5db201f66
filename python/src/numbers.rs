//! Whole-number arguments: a Python `int` in a range, or a `ValueError` that names the
//! argument and the range (never the `OverflowError` of a conversion, and never a
//! `bool` taken for 0 or 1).

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

/// `value` as a whole number from `min` to `max` (which must fit in `T`).
pub fn whole<T: TryFrom<i128>>(
    name: &str,
    value: &Bound<'_, PyAny>,
    min: i128,
    max: i128,
) -> PyResult<T> {
    let py = value.py();
    let out_of_range = || {
        PyValueError::new_err(format!(
            "{name} must be a whole number from {min} to {max}, not {}",
            short(value)
        ))
    };
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{name} must be a whole number, not a bool"
        )));
    }
    let number: i128 = value.extract().map_err(|error: PyErr| {
        if error.is_instance_of::<PyOverflowError>(py) {
            out_of_range()
        } else {
            error
        }
    })?;
    if number < min || number > max {
        return Err(out_of_range());
    }
    T::try_from(number).map_err(|_| out_of_range())
}

/// `value` as whole number when given.
pub fn whole_opt<T: TryFrom<i128>>(
    name: &str,
    value: Option<&Bound<'_, PyAny>>,
    min: i128,
    max: i128,
) -> PyResult<Option<T>> {
    value
        .filter(|value| !value.is_none())
        .map(|value| whole(name, value, min, max))
        .transpose()
}

/// The most threads a call may ask for.
pub const MAX_THREADS: i128 = 1024;

/// A `threads` argument: `None` (all cores) or a whole number from 1 to
/// [`MAX_THREADS`].
pub fn threads_opt(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<usize>> {
    whole_opt("threads", value, 1, MAX_THREADS)
}

/// A number for a message: its text, shortened when it is very long.
pub fn short(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .repr()
        .map(|repr| repr.to_string())
        .unwrap_or_else(|_| "?".to_string());
    shorten(&text)
}

/// `text`, its middle cut out when it is longer than 40 characters.
pub fn shorten(text: &str) -> String {
    const KEEP: usize = 18;
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= 2 * KEEP + 4 {
        return text.to_string();
    }
    let head: String = chars[..KEEP].iter().collect();
    let tail: String = chars[chars.len() - KEEP..].iter().collect();
    format!("{head}...{tail} ({} characters)", chars.len())
}
