//! Solving a position on many machines: cut it into units, the positions a fixed
//! number of plies below it ([`Split`]); write them to a units file ([`write_units`],
//! read back and checked by [`UnitsFile::read`]); let each machine solve its shard of
//! the units ([`solve_units`]) and append the results to its own results file
//! ([`ResultsWriter`], resumable and locked); then read every results file
//! ([`Results`]) and back the results up to the root ([`back_up`]): the winner, the
//! winning first moves, and while undecided the units still needed, cheapest proof
//! first. Once decided, [`top_certificate`] writes the proof of the positions above
//! the units; with a certificate of each unit it proves the whole solve.
//!
//! ```
//! use konane_core::{Board, Color, Position};
//! use konane_solver::units::{back_up, solve_units, Place, Results, RunningUnits, Split};
//! use konane_solver::{Solver, SolverOptions};
//!
//! let root = Position::start(Board::new(5, 4).unwrap());
//! let split = Split::new(root, 3);
//! let solver = Solver::new(root.board(), SolverOptions::default());
//! let mut results = Results::default();
//! let found = std::sync::Mutex::new(Vec::new());
//! solve_units(&solver, split.units(), &RunningUnits::default(), |result| {
//!     found.lock().unwrap().push(result)
//! });
//! for result in found.into_inner().unwrap() {
//!     results.insert(result, Place { path: "memory".into(), line: 0 })?;
//! }
//! let backup = back_up(&split, &results);
//! assert!(backup.winner.is_some() && backup.needed.is_empty());
//! # Ok::<(), konane_solver::units::UnitsError>(())
//! ```

mod backup;
mod error;
mod file;
mod results;
mod solve;
mod split;
mod top_certificate;

pub use backup::{back_up, Backup, Proof};
pub use error::{Place, UnitsError};
pub use file::{write_units, UnitsFile};
pub use results::{Results, ResultsWriter, Resumed, UnitResult};
pub use solve::{solve_units, RunningUnits};
pub use split::{Split, Unit};
pub use top_certificate::{top_certificate, TopCertificate};
