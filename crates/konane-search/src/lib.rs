//! Konane search: deciding what to play. An API only; it never prints.
//!
//! This crate is the building block of the engine layer (the `konane-engine` crate),
//! which owns a [`Searcher`] and runs it on its own thread: front ends drive that
//! engine, never the searcher. [`Searcher::search`] takes a position, [`SearchLimits`]
//! and a callback that receives [`SearchInfo`] progress reports, and is stopped from
//! another thread through a shared [`SearchControl`]; one
//! [`timeman::TimeManager`] per search makes every stop decision.

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
pub mod limits;
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
