//! The native module `konane._konane` behind the Python package `konane`: the rules
//! (positions, moves, perft, symmetries), the engine, the exact solver and the built-in
//! players as Python classes. The package's `__init__.py` re-exports everything here
//! and adds the PettingZoo and OpenSpiel bindings, which are plain Python.
//!
//! Every call that may run long (perft, a search, a solve, a player's move) releases
//! the GIL and can be interrupted with Ctrl-C ([`background`]); errors are Python
//! exceptions with the messages the protocol gives ([`errors`]), never panics.

use pyo3::prelude::*;

mod background;
mod board_size;
mod color;
mod engine;
mod errors;
mod fraction;
mod game_value;
mod moves;
mod numbers;
mod perft;
mod pickle;
mod players;
mod position;
mod reports;
mod solve;
mod symmetry;
mod thermograph;
mod value;

#[pymodule]
fn _konane(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = module.py();
    module.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    module.add("EngineBusyError", py.get_type::<errors::EngineBusyError>())?;
    module.add("Color", color::color_class(py)?)?;
    module.add_class::<moves::PyMove>()?;
    module.add_class::<position::PyPosition>()?;
    module.add_class::<position::PyOutcome>()?;
    module.add_class::<symmetry::PySymmetry>()?;
    module.add_function(wrap_pyfunction!(perft::perft, module)?)?;
    module.add_function(wrap_pyfunction!(board_size::board_size, module)?)?;
    module.add_class::<reports::PyScore>()?;
    module.add_class::<reports::PySearchInfo>()?;
    module.add_class::<reports::PySearchResult>()?;
    module.add_class::<engine::PyEngine>()?;
    module.add_class::<engine::PyAnalysis>()?;
    module.add_class::<solve::PySolution>()?;
    module.add_function(wrap_pyfunction!(solve::solve, module)?)?;
    module.add_class::<players::PyPlayer>()?;
    module.add_class::<game_value::PyValue>()?;
    module.add_class::<game_value::PyValueRegion>()?;
    module.add_class::<thermograph::PyThermograph>()?;
    module.add_function(wrap_pyfunction!(value::value, module)?)?;
    module.add_function(wrap_pyfunction!(value::values, module)?)?;
    Ok(())
}
