//! `konane.Player`: the built-in baseline players (random, greedy, alpha-beta to a
//! fixed depth), for course-style experiments and as opponents for learning agents.

use std::sync::Mutex;

use konane_engine::{BuiltinKind, BuiltinPlayer, SearchControl, SearchLimits};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::background;
use crate::errors::value_error;
use crate::moves::PyMove;
use crate::numbers::whole_opt;
use crate::position::PyPosition;

/// A built-in player: ``"random"`` (a uniformly random legal move), ``"greedy"`` (the
/// move that leaves it the most moves compared with the opponent) or ``"alphabetaN"``
/// (plain alpha-beta to depth N, 1 to 20, on the same mobility count; ``"alphabeta"``
/// is depth 3). Ties are broken at random, following ``seed`` (0 to 2**64 - 1), so a
/// player with the same seed plays the same game again; without one (``None``) it
/// draws its own, so two players do not play alike.
#[pyclass(module = "konane", name = "Player", frozen)]
pub struct PyPlayer {
    kind: BuiltinKind,
    player: Mutex<BuiltinPlayer>,
}

/// A seed no other player shares: the standard library's random hasher keys.
fn drawn_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish()
}

#[pymethods]
impl PyPlayer {
    #[new]
    #[pyo3(signature = (kind, seed = None))]
    fn new(kind: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyPlayer> {
        let kind: BuiltinKind = kind.parse().map_err(value_error)?;
        let seed = match whole_opt("seed", seed, 0, u64::MAX.into())? {
            Some(seed) => seed,
            None => drawn_seed(),
        };
        Ok(PyPlayer {
            kind,
            player: Mutex::new(BuiltinPlayer::new(kind, seed)),
        })
    }

    /// The player's name, such as ``"alphabeta3"``.
    #[getter]
    fn name(&self) -> String {
        self.kind.to_string()
    }

    /// The player's move in ``position``; ``ValueError`` when the game is over. Releases
    /// the GIL while it thinks, and Ctrl-C stops it (``KeyboardInterrupt``).
    fn choose(&self, py: Python<'_>, position: &PyPosition) -> PyResult<PyMove> {
        let position = position.position;
        if position.is_game_over() {
            return Err(PyValueError::new_err(
                "the game is over: there is no legal move",
            ));
        }
        let control = SearchControl::default();
        let think = || {
            let mut player = self.player.lock().unwrap_or_else(|e| e.into_inner());
            player.search(
                &position,
                &SearchLimits::default(),
                &control,
                0,
                &mut |_| {},
            )
        };
        let result = background::run(py, think, &|| control.stop())?;
        let best = result
            .best_move
            .expect("a built-in player always finds a move");
        Ok(PyMove(best))
    }

    fn __repr__(&self) -> String {
        format!("Player('{}')", self.kind)
    }
}
