//! Exact Konane solver: proves whether the side to move wins, with a proof table keyed
//! by the full canonical position, move ordering, symmetry and parallel splitting.
//!
//! # Example
//!
//! Who wins 4x4 Konane with perfect play:
//!
//! ```
//! use konane_core::{Board, Color, Position};
//! use konane_solver::{Solver, SolverOptions};
//!
//! let board = Board::new(4, 4)?;
//! let options = SolverOptions {
//!     capacity: 1 << 16, // positions the proof table keeps; small boards need few
//!     ..SolverOptions::default()
//! };
//! let report = Solver::new(board, options).solve_moves(&Position::start(board), |_, _| {});
//! let winner = report.winner().expect("a complete solve names the winner");
//! println!("4x4: {winner} wins ({} nodes)", report.nodes);
//! assert_eq!(winner, Color::White);
//! assert!(report.winning_moves().is_empty()); // no first removal saves Black
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Use
//!
//! - [`solve_limited`]`(position, node_budget) -> Option<Verdict>`: the exact winner
//!   and, when the side to move wins, a winning move; `None` when the proof needs more
//!   than `node_budget` positions. Cheap on small endgames (a few thousand nodes cost
//!   well under a millisecond). For repeated calls in one game, keep a [`Solver`] and
//!   call [`Solver::solve_limited`]: its proof table carries over between calls.
//!
//! ```
//! use konane_core::{Board, Color, Position};
//!
//! let mut position = Position::start(Board::new(5, 5).unwrap());
//! position.play_all(["c3", "c2"]).unwrap();
//! let verdict = konane_solver::solve_limited(&position, 100_000).expect("small enough");
//! assert_eq!(verdict.winner, Color::Black); // every 5x5 opening removal wins for Black
//! let winning = verdict.winning_move.expect("Black is to move and wins");
//! assert!(position.legal_moves().contains(&winning));
//! ```
//!
//! - [`DistanceSolver::solve`]: the exact number of plies to the end with best play
//!   (the shortest win, the longest loss) and the line that gets there ([`Distance`]),
//!   within a node budget: what the engine needs to play a solved endgame and show it
//!   as a mate. [`Verdict`] is what [`solve_limited`] answers.
//!
//! - [`Solver::solve_moves`]: the value of every root move ([`RootReport`], one
//!   [`MoveValue`] each), in parallel on the current rayon pool, with a progress
//!   callback and a stop flag ([`Solver::stop_flag`]) that ends the solve early, keeping
//!   what was proven; [`Solver::solve_moves_within`] gives up beyond a node budget and
//!   [`Solver::solve_root`] chooses where the root moves run ([`RootThreads`]). A
//!   [`Solver`] is made from [`SolverOptions`]: the proof table's kind ([`TableKind`],
//!   parsed from text with [`TableKindError`]) and size, and the proof-number search's
//!   settings ([`SolverOptions::pn_pieces`]).
//!
//! - [`certify_any`]: the proof certificate of what a [`RootReport`] proved, for
//!   `konane verify` ([`konane_verify`] checks it with code of its own); [`certify`]
//!   with the key word chosen by the caller, [`DEFAULT_LEAF_PIECES`] the default leaf
//!   limit, [`CertifyError`] why none was written.
//!
//! ```
//! use konane_core::{Board, Position};
//! use konane_solver::{certify_any, Solver, SolverOptions, DEFAULT_LEAF_PIECES};
//!
//! let board = Board::new(5, 4)?;
//! let solver = Solver::new(board, SolverOptions { capacity: 1 << 16, ..SolverOptions::default() });
//! let root = Position::start(board);
//! let report = solver.solve_moves(&root, |_, _| {});
//! let certificate = certify_any(&solver, &root, &report, DEFAULT_LEAF_PIECES, |_| {})?;
//! let mut file = Vec::new();
//! certificate.write(&mut file)?; // the bytes `konane verify` reads
//! let summary = konane_verify::AnyCertificate::read(file.as_slice())?.verify()?;
//! assert_eq!((summary.won, summary.lost), (certificate.won_count(), certificate.lost_count()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`Labeller`]: positions won for the side to move, reached in [`Games`] (random
//!   play, or games played such as engine games) and labelled with every winning move
//!   (`konane perfect label`): resumable
//!   ([`Labeller::resume_kept`], [`Labeller::resume_lost`]), reporting each position
//!   as a [`LabelEvent`]; [`GIVE_UP_GAMES`] games without a new position end a piece
//!   count's share, [`LabelError`] and [`LabelStop`] say why a run stopped.
//!
//! - [`regions`]: the regions a position falls apart into (no jump can ever join two),
//!   and their canonical values (through `konane_cgt`) in a [`regions::RegionValues`]
//!   database.
//!
//! - [`units`]: a solve cut into units that many machines solve apart, their results
//!   backed up to the root.
//!
//! # Exactness
//!
//! A value is only ever stored for a position whose search finished, and the proof
//! table's key is the whole position (both bitboards and the side to move) under the
//! board's symmetries (with the sides exchanged under those that exchange the square
//! colours, which the rules treat alike), never a hash: a lookup can only answer for
//! the very position (or a symmetric image) that was proven.
//!
//! # Node counts
//!
//! A node is one position the search enters: a call of the recursive search, whether
//! it is then answered by the table or searched. Children that leave the opponent
//! without a move are seen while ordering the moves and not entered. The count is
//! the same on every board and, with one thread, the same on every run.

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod certificate;
mod distance;
mod huge_pages;
mod labeller;
mod prefetch;
mod proof_search;
mod proven_file;
pub mod regions;
mod root;
mod safe_moves;
mod symmetry;
mod table;
pub mod units;

pub use certificate::{certify, certify_any, certify_position, CertifyError, DEFAULT_LEAF_PIECES};
pub use distance::{Distance, DistanceSolver};
pub use labeller::{Games, LabelError, LabelEvent, LabelStop, Labeller, GIVE_UP_GAMES};
pub use proof_search::RootNumbers;
pub use proven_file::ProvenFileError;
pub use root::{
    solve_limited, KeptProven, MoveValue, MovesSearched, RootReport, RootThreads, Solver,
    SolverOptions, Verdict,
};
pub use table::{TableKind, TableKindError};
