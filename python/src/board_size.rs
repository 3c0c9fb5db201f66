//! The board size, spelled one way in every API (`Position.start`, `konane.env`,
//! `Engine(board_size=...)`, the action encoding and so the OpenSpiel parameters): an
//! int `N` for an `N` x `N` board (any integer with `__index__`, such as NumPy's, but
//! never a bool), a `(width, height)` pair, or the engine option's text `"WxH"`
//! (`"6x6"`, `"8X4"`). A bool or any other type raises `TypeError`; a size off the
//! board's range (1 to 16) or a malformed string raises `ValueError`.

use konane_core::{Board, MAX_SIDE};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList, PyString, PyTuple};

use crate::errors::value_error;
use crate::numbers::{short, whole};

/// The forms a board size takes, for messages.
const FORMS: &str = "an int, a (width, height) pair or a 'WxH' string";

/// `value` as a board, `name` naming the argument in messages.
pub fn board_of(name: &str, value: &Bound<'_, PyAny>) -> PyResult<Board> {
    if let Ok(text) = value.cast::<PyString>() {
        return text
            .to_cow()?
            .parse::<Board>()
            .map_err(|error| PyValueError::new_err(format!("{name}: {error}")));
    }
    if value.is_instance_of::<PyTuple>() || value.is_instance_of::<PyList>() {
        let sides: Vec<Bound<'_, PyAny>> = value.try_iter()?.collect::<PyResult<_>>()?;
        let [width, height] = sides.as_slice() else {
            return Err(PyValueError::new_err(format!(
                "{name} must be a (width, height) pair, not {}",
                short(value)
            )));
        };
        let width = side(&format!("{name} width"), width)?;
        let height = side(&format!("{name} height"), height)?;
        return Board::new(width, height).map_err(value_error);
    }
    let side = side(name, value)?;
    Board::new(side, side).map_err(value_error)
}

/// One side of a board: a whole number (a Python int or anything with `__index__`), not
/// a bool, from 1 to [`MAX_SIDE`].
pub fn side(name: &str, value: &Bound<'_, PyAny>) -> PyResult<u32> {
    if is_bool(value)? {
        return Err(PyTypeError::new_err(format!(
            "{name} must be {FORMS}, not a bool"
        )));
    }
    if !value.hasattr("__index__")? {
        return Err(PyTypeError::new_err(format!(
            "{name} must be {FORMS}, not {}",
            short(value)
        )));
    }
    whole(
        name,
        &value.call_method0("__index__")?,
        1,
        i128::from(MAX_SIDE),
    )
}

/// Whether `value` is a bool: Python's, or NumPy's (which is no Python bool but has
/// `__index__`).
fn is_bool(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    if value.is_instance_of::<PyBool>() {
        return Ok(true);
    }
    let kind = value.get_type();
    Ok(kind.module()?.to_cow()?.starts_with("numpy") && kind.name()?.to_cow()?.starts_with("bool"))
}

/// The ``(width, height)`` of a board size in any of its forms: an int ``N`` for ``N`` x
/// ``N`` (NumPy integers too), a ``(width, height)`` pair, or a ``"WxH"`` string such as
/// ``"6x6"``, each side 1 to 16. A bool or another type raises ``TypeError``, a size
/// off the board or a malformed string ``ValueError``.
#[pyfunction]
pub fn board_size(size: &Bound<'_, PyAny>) -> PyResult<(u8, u8)> {
    let board = board_of("board_size", size)?;
    Ok((board.width(), board.height()))
}
