//! The package's exceptions and how the rules' errors become Python exceptions: a bad
//! FEN, board size or move text is a `ValueError`; a well-formed move that the rules do
//! not allow is an `IllegalMoveError` (a `ValueError` too). The messages are the ones
//! the protocol prints after `info string error:`.

use konane_core::MoveError;
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::PyErr;

create_exception!(
    konane,
    IllegalMoveError,
    PyValueError,
    "A well-formed move that the rules do not allow in the position (a ValueError); the message lists the legal moves."
);

create_exception!(
    konane,
    EngineBusyError,
    PyRuntimeError,
    "The engine is already searching (an unfinished analyse() or a search on another thread): stop it or let it finish first."
);

/// The exception for a move that could not be read or played.
pub fn move_error(error: MoveError) -> PyErr {
    match error {
        MoveError::Illegal { .. } => IllegalMoveError::new_err(error.to_string()),
        _ => PyValueError::new_err(error.to_string()),
    }
}

/// A `ValueError` carrying the error's message.
pub fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}
