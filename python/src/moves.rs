//! `konane.Move`: a removal (`d5`) or a jump (`d3d5`), written and read in the protocol's
//! notation, and how a method that takes a move accepts a `Move` or its text.

use konane_core::{Move, Position};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};

use crate::errors::move_error;

/// A move: the removal of one piece (the two opening moves) or a jump along a line.
///
/// ``Move("d3d5")`` reads the protocol's notation (``d5``, ``d3d5``, ``d3-d5``, any
/// case) on the largest board; whether the move is legal is checked only when it is
/// played. ``str(move)`` gives the canonical notation. Moves are immutable, hashable
/// and compare equal when they move the same squares; a move also equals any text of it
/// (``Move("d3d5") == "D3-d5"``, so ``"C4" in position.legal_moves()`` works) and hashes
/// as its canonical text (so a set or dict finds it by that text, or by a ``Move``). Moves are ordered by origin square, then landing square, each square
/// in python-chess's order (``a1``, ``b1``, ..., then ``a2``, ...): a removal before
/// the jumps from its square.
#[pyclass(module = "konane", name = "Move", frozen, from_py_object)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct PyMove(pub Move);

#[pymethods]
impl PyMove {
    #[new]
    fn new(text: &str) -> PyResult<PyMove> {
        text.parse().map(PyMove).map_err(move_error)
    }

    /// The square the piece leaves (for a removal, the square emptied), such as ``"d3"``.
    #[getter(from_square)]
    fn origin_name(&self) -> String {
        self.0.from().to_string()
    }

    /// The landing square (for a removal, the square emptied), such as ``"d5"``.
    #[getter(to_square)]
    fn landing_name(&self) -> String {
        self.0.to().to_string()
    }

    /// Whether this move removes a piece (the two opening moves) instead of jumping.
    #[getter]
    fn is_removal(&self) -> bool {
        self.0.is_removal()
    }

    /// The origin's ``(file, rank)``, both counted from 0 (``a1`` is ``(0, 0)``).
    #[getter(from_coords)]
    fn origin_coords(&self) -> (u8, u8) {
        (self.0.from().file(), self.0.from().rank())
    }

    /// The landing square's ``(file, rank)``, both counted from 0.
    #[getter(to_coords)]
    fn landing_coords(&self) -> (u8, u8) {
        (self.0.to().file(), self.0.to().rank())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    /// Equal to the same move, or to a text of it (``"C4"``, ``"d3-d5"``), as ``push``
    /// reads it.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(other) = other.cast::<PyMove>() {
            return other.get().0 == self.0;
        }
        other.cast::<PyString>().is_ok_and(|text| {
            text.to_cow()
                .is_ok_and(|text| text.parse::<Move>().is_ok_and(|mv| mv == self.0))
        })
    }

    fn __lt__(&self, other: PyRef<'_, PyMove>) -> bool {
        order_key(self.0) < order_key(other.0)
    }

    fn __le__(&self, other: PyRef<'_, PyMove>) -> bool {
        order_key(self.0) <= order_key(other.0)
    }

    fn __gt__(&self, other: PyRef<'_, PyMove>) -> bool {
        order_key(self.0) > order_key(other.0)
    }

    fn __ge__(&self, other: PyRef<'_, PyMove>) -> bool {
        order_key(self.0) >= order_key(other.0)
    }

    /// The hash of the canonical text, as equality with it requires.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        PyString::new(py, &self.0.to_string()).hash()
    }

    pub fn __repr__(&self) -> String {
        format!("Move('{}')", self.0)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,)) {
        (slf.get_type(), (slf.get().0.to_string(),))
    }
}

/// The key of the moves' order: origin (rank, file), then landing (rank, file), with
/// a removal (origin = landing) first among the moves from its square.
fn order_key(mv: Move) -> (u8, u8, bool, u8, u8) {
    let (from, to) = (mv.from(), mv.to());
    (
        from.rank(),
        from.file(),
        !mv.is_removal(),
        to.rank(),
        to.file(),
    )
}

/// The legal move of `position` that `arg` names: a `Move`, or its text. A text that is
/// not a move on this board gives a `ValueError`, a move the rules refuse an
/// `IllegalMoveError`, with the protocol's messages.
pub fn legal_move(position: &Position, arg: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(mv) = arg.cast::<PyMove>() {
        let mv = mv.get().0;
        if position.is_legal(mv) {
            return Ok(mv);
        }
        // The error of the same move typed in: off the board, or illegal here.
        return position.parse_move(&mv.to_string()).map_err(move_error);
    }
    if let Ok(text) = arg.cast::<PyString>() {
        return position.parse_move(&text.to_cow()?).map_err(move_error);
    }
    Err(PyTypeError::new_err(format!(
        "expected a Move or a str, not {}",
        arg.get_type().name()?
    )))
}

/// The legal moves of `position` that `arg` names: one move (a `Move` or its text), or
/// an iterable of them.
pub fn legal_moves_arg(position: &Position, arg: &Bound<'_, PyAny>) -> PyResult<Vec<Move>> {
    if arg.cast::<PyMove>().is_ok() || arg.cast::<PyString>().is_ok() {
        return Ok(vec![legal_move(position, arg)?]);
    }
    let items = arg.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "moves must be a move, its text or an iterable of them, not {}",
            arg.get_type()
                .name()
                .map_or("?".to_string(), |n| n.to_string())
        ))
    })?;
    items.map(|item| legal_move(position, &item?)).collect()
}

/// Python's moves for `moves`.
pub fn moves_to_python(moves: &[Move]) -> Vec<PyMove> {
    moves.iter().copied().map(PyMove).collect()
}
