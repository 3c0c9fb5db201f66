//! `konane.Symmetry`: the reflections and rotations of a board, for data augmentation
//! and for recognising symmetric positions.

use konane_core::Symmetry;
use pyo3::prelude::*;

use crate::pickle::{enum_reduce, EnumReduction};

/// One of the eight symmetries of a square board; the first four fit any rectangle.
/// ``Position.symmetries()`` lists those that keep a board's start colouring,
/// ``Position.transform`` and ``Position.transform_move`` apply one.
#[pyclass(
    module = "konane",
    name = "Symmetry",
    frozen,
    eq,
    eq_int,
    hash,
    from_py_object
)]
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub enum PySymmetry {
    #[pyo3(name = "IDENTITY")]
    Identity,
    /// Files reversed (left-right mirror).
    #[pyo3(name = "FLIP_FILES")]
    FlipFiles,
    /// Ranks reversed (top-bottom mirror).
    #[pyo3(name = "FLIP_RANKS")]
    FlipRanks,
    /// Half turn.
    #[pyo3(name = "ROTATE_180")]
    Rotate180,
    /// Mirror in the a1 diagonal (square boards only).
    #[pyo3(name = "TRANSPOSE")]
    Transpose,
    /// Mirror in the other diagonal (square boards only).
    #[pyo3(name = "ANTI_TRANSPOSE")]
    AntiTranspose,
    /// Quarter turn clockwise (square boards only).
    #[pyo3(name = "ROTATE_90")]
    Rotate90,
    /// Quarter turn anticlockwise (square boards only).
    #[pyo3(name = "ROTATE_270")]
    Rotate270,
}

/// Each symmetry with its Python counterpart, in `Symmetry::ALL`'s order.
const PAIRS: [(Symmetry, PySymmetry); 8] = [
    (Symmetry::Identity, PySymmetry::Identity),
    (Symmetry::FlipFiles, PySymmetry::FlipFiles),
    (Symmetry::FlipRanks, PySymmetry::FlipRanks),
    (Symmetry::Rotate180, PySymmetry::Rotate180),
    (Symmetry::Transpose, PySymmetry::Transpose),
    (Symmetry::AntiTranspose, PySymmetry::AntiTranspose),
    (Symmetry::Rotate90, PySymmetry::Rotate90),
    (Symmetry::Rotate270, PySymmetry::Rotate270),
];

impl From<Symmetry> for PySymmetry {
    fn from(symmetry: Symmetry) -> PySymmetry {
        PAIRS
            .iter()
            .find(|(s, _)| *s == symmetry)
            .expect("every symmetry is paired")
            .1
    }
}

impl From<PySymmetry> for Symmetry {
    fn from(symmetry: PySymmetry) -> Symmetry {
        PAIRS
            .iter()
            .find(|(_, p)| *p == symmetry)
            .expect("every symmetry is paired")
            .0
    }
}

#[pymethods]
impl PySymmetry {
    /// All eight, identity first.
    #[classattr]
    #[allow(non_snake_case)]
    fn ALL() -> Vec<PySymmetry> {
        PAIRS.iter().map(|&(_, p)| p).collect()
    }

    /// The symmetry that undoes this one.
    fn inverse(&self) -> PySymmetry {
        Symmetry::from(*self).inverse().into()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<EnumReduction<'py>> {
        enum_reduce(slf)
    }

    /// Whether this symmetry swaps files and ranks (it then needs a square board).
    #[getter]
    fn swaps_axes(&self) -> bool {
        Symmetry::from(*self).swaps_axes()
    }
}
