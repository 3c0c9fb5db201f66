//! Konane search: deciding what to play. An API only; it never prints.
//!
//! A front end builds a [`Searcher`], calls [`Searcher::search`] with a position,
//! [`SearchLimits`] and a callback that receives [`SearchInfo`] progress reports, and
//! stops it from another thread through a shared [`SearchControl`].

pub mod bench;
pub mod dashtable;
pub mod endgame;
pub mod eval;
pub mod limits;
pub mod ordering;
pub mod players;
pub mod search;
pub mod threads;
pub mod timeman;
pub mod tt;

pub use limits::{Clock, SearchLimits};
pub use search::{Score, SearchControl, SearchInfo, SearchOptions, SearchResult, Searcher};
