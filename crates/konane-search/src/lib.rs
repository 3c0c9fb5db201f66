//! Konane search: deciding what to play. An API only; it never prints.
//!
//! This crate is the building block of the engine layer (the `konane-engine` crate),
//! which owns a [`Searcher`] and runs it on its own thread: front ends drive that
//! engine, never the searcher. [`Searcher::search`] takes a position, [`SearchLimits`]
//! and a callback that receives [`SearchInfo`] progress reports, and is stopped from
//! another thread through a shared [`SearchControl`]; one
//! [`timeman::TimeManager`] per search makes every stop decision.
//!
//! The rest of the crate, in the order a search uses it: [`SearchOptions`] (settings
//! that outlive one search: table size, threads, evaluation weights, the endgame
//! handover), [`SearchLimits`] and the protocol's [`Clock`]s ([`limits`]); [`tt`], the
//! lock-free transposition table (`dashtable`, behind the `dashmap-table` feature, only
//! for benchmarks); [`ordering`]; [`eval`], the static evaluation, and [`nnue`], the
//! learned one for 8x8 (chosen by [`SearchOptions::net`]); [`threads`], Lazy
//! SMP; [`endgame`], the handover to the exact solvers, and [`winning_moves`] with its [`WinningMovesBudget`] ([`winning`]),
//! the one way the engine, the browser board and Python ask which root moves win. A
//! search ends in a [`SearchResult`]; a [`Score`] is from the side to move's view,
//! mates counted in plies up to [`MAX_PLY`]. [`mod@bench`] holds the bench positions whose
//! node count is the search's signature, [`players`] the built-in baseline players.

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod baseline;
pub mod bench;
mod busy;
mod control;
#[cfg(feature = "dashmap-table")]
pub mod dashtable;
pub mod endgame;
pub mod eval;
mod evaluator;
pub mod limits;
pub mod nnue;
mod options;
pub mod ordering;
pub mod players;
mod reductions;
mod report;
mod score;
mod search;
mod searcher;
mod skips;
pub mod threads;
pub mod timeman;
pub mod tt;
pub mod winning;

pub use control::SearchControl;
pub use limits::{Clock, SearchLimits};
pub use options::SearchOptions;
pub use report::{SearchInfo, SearchResult};
pub use score::{Score, MAX_PLY};
pub use searcher::Searcher;
pub use winning::{winning_moves, WinningMovesBudget};
