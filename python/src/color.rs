//! `konane.Color` for the native module: the players are the members of the Python
//! `IntEnum` `konane._color.Color` (so that `Color` has `name`, lists its members and
//! pickles as an enum), which [`PyColor`] is converted to and from.

use konane_core::Color;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

/// A player, as the native module's functions take and return it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PyColor {
    Black,
    White,
}

static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static MEMBERS: PyOnceLock<[Py<PyAny>; 2]> = PyOnceLock::new();

/// The class `konane._color.Color`.
pub fn color_class(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    CLASS.import(py, "konane._color", "Color")
}

/// `Color.BLACK` and `Color.WHITE`.
fn members(py: Python<'_>) -> PyResult<&[Py<PyAny>; 2]> {
    MEMBERS.get_or_try_init(py, || {
        let class = color_class(py)?;
        Ok([
            class.getattr("BLACK")?.unbind(),
            class.getattr("WHITE")?.unbind(),
        ])
    })
}

impl PyColor {
    /// The member's name, ``BLACK`` or ``WHITE``.
    pub fn name(self) -> &'static str {
        match self {
            PyColor::Black => "BLACK",
            PyColor::White => "WHITE",
        }
    }

    /// The member's text, ``black`` or ``white`` (its ``str``).
    pub fn text(self) -> &'static str {
        match self {
            PyColor::Black => "black",
            PyColor::White => "white",
        }
    }
}

impl From<Color> for PyColor {
    fn from(color: Color) -> PyColor {
        match color {
            Color::Black => PyColor::Black,
            Color::White => PyColor::White,
        }
    }
}

impl From<PyColor> for Color {
    fn from(color: PyColor) -> Color {
        match color {
            PyColor::Black => Color::Black,
            PyColor::White => Color::White,
        }
    }
}

impl<'py> IntoPyObject<'py> for PyColor {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        Ok(members(py)?[self as usize].bind(py).clone())
    }
}

impl<'py> IntoPyObject<'py> for &PyColor {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        (*self).into_pyobject(py)
    }
}

/// A member of `Color` (no other int).
impl FromPyObject<'_, '_> for PyColor {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, '_, PyAny>) -> PyResult<PyColor> {
        let py = obj.py();
        if !obj.is_instance(color_class(py)?)? {
            return Err(PyTypeError::new_err(format!(
                "expected a Color, not {}",
                obj.get_type().name()?
            )));
        }
        match obj.extract::<u8>()? {
            0 => Ok(PyColor::Black),
            _ => Ok(PyColor::White),
        }
    }
}
