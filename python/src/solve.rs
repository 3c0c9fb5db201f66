//! `konane.solve`: the exact value of a position with perfect play, from the solver
//! crate: the winner and every winning move (the win/loss proof), then the distance to
//! the end and the line both sides play (the distance search), each within a budget.

use std::sync::atomic::{AtomicBool, Ordering};

use konane_engine::{winning_moves, WinningMovesBudget};
use konane_solver::{DistanceSolver, Solver, SolverOptions, TableKind};
use pyo3::prelude::*;

use crate::background;
use crate::color::PyColor;
use crate::moves::{moves_to_python, PyMove};
use crate::numbers::{threads_opt, whole_opt};
use crate::pickle::record_class;
use crate::position::PyPosition;

/// The proof table keeps at most this many positions (it grows as needed).
const PROOF_TABLE_POSITIONS: usize = 1 << 23;
/// The distance search's table keeps at most this many positions.
const DISTANCE_TABLE_POSITIONS: usize = 1 << 22;

record_class! {
    /// What ``solve`` proved. ``winner`` is the player who wins with perfect play
    /// (``None`` when the node limit stopped the proof first); ``winning_moves`` are the
    /// side to move's moves proven to win and ``losing_moves`` those proven to lose
    /// (``complete`` when every legal move was proven). ``distance`` is the number of
    /// moves (plies) to the end with perfect play, the winner taking the shortest way and
    /// the loser the longest, and ``line`` those moves; both are ``None`` when the
    /// distance search was not asked for or ran out of its budget. ``nodes`` counts the
    /// positions searched.
    #[pyclass(module = "konane", name = "Solution", frozen, get_all)]
    pub struct PySolution {
        pub winner: Option<PyColor>,
        pub winning_moves: Vec<PyMove>,
        pub losing_moves: Vec<PyMove>,
        pub complete: bool,
        pub distance: Option<u32>,
        pub line: Option<Vec<PyMove>>,
        pub nodes: u64,
    }

    fn __repr__(&self) -> String {
        let moves = |moves: &[PyMove]| {
            moves
                .iter()
                .map(|mv| mv.__repr__())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let winner = match self.winner {
            Some(PyColor::Black) => "Color.BLACK",
            Some(PyColor::White) => "Color.WHITE",
            None => "None",
        };
        let distance = self.distance.map_or("None".to_string(), |d| d.to_string());
        format!(
            "Solution(winner={winner}, winning_moves=[{}], complete={}, distance={distance}, nodes={})",
            moves(&self.winning_moves),
            if self.complete { "True" } else { "False" },
            self.nodes
        )
    }
}

/// Solves ``position`` exactly: who wins with perfect play and every winning move (the
/// proof), then, with ``distance``, the number of moves to the end and the line both
/// sides play (the distance search, which costs more). ``node_limit`` bounds the
/// positions each of the two searches may visit (the proof may pass it by up to two
/// positions on one thread, and by up to 1,024 for each further thread; ``nodes`` says
/// how many were visited); without it the proof runs to the end
/// and the distance search gives up after 2 million positions. ``threads``: the
/// proof's threads (``None``: all cores). Releases the GIL; Ctrl-C stops it. Boards up
/// to 6x5 take under a second, 6x6 about 10 to 20 seconds on two cores, and endgames of
/// any board are in reach; the 8x8 start is not.
#[pyfunction]
#[pyo3(signature = (position, node_limit = None, *, distance = true, threads = None))]
pub fn solve(
    py: Python<'_>,
    position: &PyPosition,
    node_limit: Option<&Bound<'_, PyAny>>,
    distance: bool,
    threads: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySolution> {
    let node_limit = whole_opt("node_limit", node_limit, 0, u64::MAX.into())?;
    let threads = threads_opt(threads)?;
    let position = position.position;
    let solver = Solver::new(
        position.board(),
        SolverOptions {
            table: TableKind::DashMap,
            capacity: PROOF_TABLE_POSITIONS,
            ..SolverOptions::default()
        },
    );
    let proof_stop = solver.stop_flag();
    let interrupted = AtomicBool::new(false);
    let budget = WinningMovesBudget::Python { node_limit };
    let work = || {
        let report = background::on_threads(threads, || {
            winning_moves(&solver, &position, &[], budget).expect("Python's budget admits all")
        });
        let distance = if position.is_game_over() {
            Some((0, Vec::new(), 0))
        } else if distance && report.winner().is_some() {
            let mut distance_solver = DistanceSolver::new(DISTANCE_TABLE_POSITIONS);
            distance_solver
                .solve(&position, &[], budget.distance_nodes(), &mut || {
                    interrupted.load(Ordering::Relaxed)
                })
                .map(|found| (found.plies, found.line, found.nodes))
        } else {
            None
        };
        (report, distance)
    };
    let stop = || {
        proof_stop.store(true, Ordering::Relaxed);
        interrupted.store(true, Ordering::Relaxed);
    };
    let (report, distance) = background::run(py, work, &stop)?;
    let proven = |wins: bool| -> Vec<PyMove> {
        report
            .values
            .iter()
            .filter(|value| value.wins == wins)
            .map(|value| PyMove(value.mv))
            .collect()
    };
    Ok(PySolution {
        winner: report.winner().map(PyColor::from),
        winning_moves: proven(true),
        losing_moves: proven(false),
        complete: report.complete,
        distance: distance.as_ref().map(|(plies, _, _)| *plies),
        line: distance.as_ref().map(|(_, line, _)| moves_to_python(line)),
        nodes: report.nodes + distance.as_ref().map_or(0, |(_, _, nodes)| *nodes),
    })
}
