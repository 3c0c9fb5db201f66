//! `konane.Position` and `konane.Outcome`: a position with the moves played to reach it
//! (for `push`/`pop`), its legal moves, the game's end, FEN, a NumPy view of the board
//! and its symmetric images.

use konane_core::{Board, Color, Move, Position, Square, Symmetry};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyType};

use crate::board_size::{board_of, side};
use crate::color::PyColor;
use crate::errors::value_error;
use crate::moves::{legal_move, moves_to_python, PyMove};
use crate::symmetry::PySymmetry;

/// How a game ended: ``winner`` (a ``Color``) and ``reason`` (in Konane always that the
/// loser, to move, has no legal move).
#[pyclass(
    module = "konane",
    name = "Outcome",
    frozen,
    eq,
    get_all,
    from_py_object
)]
#[derive(Clone, PartialEq, Eq)]
pub struct PyOutcome {
    pub winner: PyColor,
    pub reason: String,
}

#[pymethods]
impl PyOutcome {
    #[new]
    fn new(winner: PyColor, reason: String) -> PyOutcome {
        PyOutcome { winner, reason }
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner=Color.{}, reason='{}')",
            self.winner.name(),
            self.reason
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (PyColor, String)) {
        let this = slf.get();
        (slf.get_type(), (this.winner, this.reason.clone()))
    }
}

/// A Konane position on any board from 1x1 to 16x16, with the moves played on it.
///
/// ``Position()`` is the 8x8 start, ``Position(fen)`` reads a FEN (as
/// ``Position.from_fen``). Black moves first: the first two moves remove a piece
/// (``d5``), every later move is a jump (``d3d5``, or ``d3d7`` for two pieces in a
/// line). Moves may be given as ``Move`` objects or as text. ``play`` returns a new
/// position; ``push`` and ``pop`` play and take back in place. Two positions are equal
/// when their boards, pieces and side to move are (the moves that led there do not
/// count); the hash follows the same rule, so do not change a position (``push``,
/// ``pop``) while it is a key of a dict or in a set.
#[pyclass(module = "konane", name = "Position")]
#[derive(Clone)]
pub struct PyPosition {
    pub position: Position,
    /// The positions before each move played, with the move: what `pop` takes back.
    history: Vec<(Position, Move)>,
}

impl PyPosition {
    pub fn new_root(position: Position) -> PyPosition {
        PyPosition {
            position,
            history: Vec::new(),
        }
    }
}

#[pymethods]
impl PyPosition {
    #[new]
    #[pyo3(signature = (fen = None))]
    fn new(fen: Option<&str>) -> PyResult<PyPosition> {
        match fen {
            Some(fen) => PyPosition::from_fen(fen),
            None => Ok(PyPosition::new_root(Position::start(Board::STANDARD))),
        }
    }

    /// The start position of a board of ``size`` (default 8x8): every square filled,
    /// the top-left square Black, Black to move. ``size`` is spelled as everywhere in
    /// the package: an int ``N`` for ``N`` x ``N``, a ``(width, height)`` pair or a
    /// ``"WxH"`` string, each side 1 to 16; ``start(width, height)`` with two ints is
    /// the same as ``start((width, height))``.
    #[staticmethod]
    #[pyo3(signature = (size = None, height = None))]
    pub fn start(
        size: Option<&Bound<'_, PyAny>>,
        height: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPosition> {
        let size = size.filter(|size| !size.is_none());
        let board = match (size, height.filter(|height| !height.is_none())) {
            (None, None) => Board::STANDARD,
            (Some(size), None) => board_of("size", size)?,
            (width, Some(height)) => {
                let width = match width {
                    Some(width) => side("width", width)?,
                    None => u32::from(Board::STANDARD.width()),
                };
                Board::new(width, side("height", height)?).map_err(value_error)?
            }
        };
        Ok(PyPosition::new_root(Position::start(board)))
    }

    /// Reads a FEN such as ``"bwbw/wbwb/bwbw/wbwb b"``: ranks from the top, ``b`` Black,
    /// ``w`` White, digits for empty squares, then the side to move. The board's size
    /// is read from it. A bad FEN raises ``ValueError`` saying what is wrong and where.
    #[staticmethod]
    pub fn from_fen(fen: &str) -> PyResult<PyPosition> {
        Position::from_fen(fen)
            .map(PyPosition::new_root)
            .map_err(value_error)
    }

    /// The FEN of the position (its canonical form).
    fn fen(&self) -> String {
        self.position.to_fen()
    }

    /// Number of files (columns).
    #[getter]
    fn width(&self) -> u8 {
        self.position.board().width()
    }

    /// Number of ranks (rows).
    #[getter]
    fn height(&self) -> u8 {
        self.position.board().height()
    }

    /// The player to move.
    #[getter]
    fn side_to_move(&self) -> PyColor {
        self.position.side_to_move().into()
    }

    /// The legal moves: removals by square, then jumps.
    fn legal_moves(&self) -> Vec<PyMove> {
        moves_to_python(&self.position.legal_moves())
    }

    /// Whether ``move`` (a ``Move`` or its text) is legal here; ``False`` also for text
    /// that is not a move on this board.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        match legal_move(&self.position, r#move) {
            Ok(_) => Ok(true),
            Err(error) if error.is_instance_of::<PyValueError>(r#move.py()) => Ok(false),
            Err(error) => Err(error),
        }
    }

    /// The position after ``move`` (a ``Move`` or its text), as a new position that
    /// remembers the move; this one is unchanged. Raises ``IllegalMoveError`` for a move
    /// the rules do not allow here, ``ValueError`` for text that is not a move.
    fn play(&self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let mut next = self.clone();
        next.push(r#move)?;
        Ok(next)
    }

    /// Plays ``move`` (a ``Move`` or its text) in place; ``pop()`` takes it back.
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let mv = legal_move(&self.position, r#move)?;
        self.history.push((self.position, mv));
        self.position.play(mv);
        Ok(())
    }

    /// Takes back the last move played with ``push`` or ``play`` and returns it;
    /// ``IndexError`` when there is none.
    fn pop(&mut self) -> PyResult<PyMove> {
        let (before, mv) = self
            .history
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a position with no moves played"))?;
        self.position = before;
        Ok(PyMove(mv))
    }

    /// The moves played to reach this position (by ``play`` and ``push``), oldest first.
    #[getter]
    fn history(&self) -> Vec<PyMove> {
        self.history.iter().map(|&(_, mv)| PyMove(mv)).collect()
    }

    /// Whether the game is over: the side to move has no legal move (and has lost).
    fn is_over(&self) -> bool {
        self.position.is_game_over()
    }

    /// The winner once the game is over (the player not to move), else ``None``.
    fn winner(&self) -> Option<PyColor> {
        self.position.winner().map(PyColor::from)
    }

    /// The colour of the piece on ``square`` (such as ``"d5"``), or ``None`` if empty.
    fn piece_at(&self, square: &str) -> PyResult<Option<PyColor>> {
        let square: Square = self
            .position
            .board()
            .parse_square(square)
            .map_err(value_error)?;
        Ok(self.position.piece_at(square).map(PyColor::from))
    }

    /// The board as a NumPy ``int8`` array of shape ``(height, width)``: row 0 is the top
    /// rank (as in the FEN and ``str(position)``), column 0 file ``a``; ``1`` is a Black
    /// piece, ``-1`` a White one, ``0`` an empty square. A new array each call.
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let board = self.position.board();
        let (width, height) = (board.width(), board.height());
        let mut cells = Vec::with_capacity(board.area() as usize);
        for rank in (0..height).rev() {
            for file in 0..width {
                let cell: i8 = match self.position.piece_at(Square::new(file, rank)) {
                    Some(Color::Black) => 1,
                    Some(Color::White) => -1,
                    None => 0,
                };
                cells.push(cell as u8);
            }
        }
        let numpy = py.import("numpy")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", numpy.getattr("int8")?)?;
        numpy
            .call_method("frombuffer", (PyBytes::new(py, &cells),), Some(&kwargs))?
            .call_method1("reshape", ((height, width),))?
            // `frombuffer` views immutable bytes: the copy is the caller's to change.
            .call_method0("copy")
    }

    /// The symmetries that map this board's start colouring onto itself (identity
    /// first): those that turn every reachable position into a reachable one. Four on
    /// a rectangle, eight on a square board.
    fn symmetries(&self) -> Vec<PySymmetry> {
        Symmetry::colour_preserving(self.position.board())
            .into_iter()
            .map(PySymmetry::from)
            .collect()
    }

    /// The image of this position under ``symmetry`` (same side to move), with the
    /// images of the moves played. Symmetries that swap files and ranks need a square
    /// board.
    fn transform(&self, symmetry: PySymmetry) -> PyResult<PyPosition> {
        let symmetry = self.fitting(symmetry)?;
        let board = self.position.board();
        let history = self
            .history
            .iter()
            .map(|(before, mv)| (symmetry.apply(before), symmetry.apply_move(board, *mv)))
            .collect();
        Ok(PyPosition {
            position: symmetry.apply(&self.position),
            history,
        })
    }

    /// The image of ``move`` (a ``Move`` or its text) under ``symmetry`` on this board,
    /// for mapping a move of this position to the same move of ``transform(symmetry)``.
    fn transform_move(&self, symmetry: PySymmetry, r#move: &Bound<'_, PyAny>) -> PyResult<PyMove> {
        let symmetry = self.fitting(symmetry)?;
        let board = self.position.board();
        let mv = match r#move.cast::<PyMove>() {
            Ok(mv) => mv.get().0,
            Err(_) => Move::parse(board, &r#move.extract::<String>()?)
                .map_err(crate::errors::move_error)?,
        };
        if !board.contains(mv.from()) || !board.contains(mv.to()) {
            return Err(PyValueError::new_err(format!(
                "move {mv} is off the {board} board"
            )));
        }
        Ok(PyMove(symmetry.apply_move(board, mv)))
    }

    /// A copy, with the moves played.
    fn copy(&self) -> PyPosition {
        self.clone()
    }

    fn __copy__(&self) -> PyPosition {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        self.clone()
    }

    fn __eq__(&self, other: PyRef<'_, PyPosition>) -> bool {
        self.position == other.position
    }

    fn __hash__(&self) -> u64 {
        self.position.hash()
    }

    /// The board as text, top rank first: ``b`` Black, ``w`` White, ``.`` empty, the
    /// last move's squares in brackets.
    fn __str__(&self) -> String {
        self.position
            .diagram(self.history.last().map(|&(_, mv)| mv))
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", self.position.to_fen())
    }

    /// Pickled as the FEN it started from and the moves played since (as ``copy``).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyType>, (String,), Vec<String>) {
        let this = slf.borrow();
        let root = this
            .history
            .first()
            .map_or(this.position, |&(before, _)| before);
        let moves = this.history.iter().map(|(_, mv)| mv.to_string()).collect();
        (slf.get_type(), (root.to_fen(),), moves)
    }

    /// Plays the moves of a pickled position again.
    fn __setstate__(&mut self, moves: Vec<String>) -> PyResult<()> {
        for text in moves {
            let mv = self
                .position
                .parse_move(&text)
                .map_err(crate::errors::move_error)?;
            self.history.push((self.position, mv));
            self.position.play(mv);
        }
        Ok(())
    }

    /// How many moves ``color`` has here (default: the side to move): the legal moves
    /// of the side to move, or the jumps the other side could make were it its turn
    /// (the mobility count of evaluations). During the two opening removals the other
    /// side has no jump.
    #[pyo3(signature = (color = None))]
    fn count_moves(&self, color: Option<PyColor>) -> u32 {
        let color = color.map_or(self.position.side_to_move(), Color::from);
        if color == self.position.side_to_move() {
            self.position.count_moves()
        } else {
            self.position.count_jumps_for(color)
        }
    }

    /// How the game ended, or ``None`` while it goes on: an ``Outcome`` with the
    /// ``winner`` and the ``reason``.
    fn outcome(&self) -> Option<PyOutcome> {
        let winner = self.position.winner()?;
        Some(PyOutcome {
            winner: winner.into(),
            reason: format!("{} has no legal move", PyColor::from(!winner).text()),
        })
    }
}

impl PyPosition {
    /// `symmetry` as the rules' symmetry, if it fits this board.
    fn fitting(&self, symmetry: PySymmetry) -> PyResult<Symmetry> {
        let symmetry = Symmetry::from(symmetry);
        let board = self.position.board();
        if symmetry.swaps_axes() && board.width() != board.height() {
            return Err(PyValueError::new_err(format!(
                "{symmetry:?} swaps files and ranks: it needs a square board, not {board}"
            )));
        }
        Ok(symmetry)
    }
}
