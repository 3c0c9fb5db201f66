//! The match runner: engines as processes, clocks, openings, adjudication, statistics
//! (Elo, pentanomial pairs, SPRT) and game records, for `konane match`, `konane selfplay`
//! and `konane replay`.

pub mod adjudication;
pub mod clock;
pub mod collect;
pub mod engine;
pub mod game;
pub mod openings;
pub mod record;
pub mod runner;
pub mod schedule;
pub mod series;
pub mod spec;
pub mod stats;
pub mod tally;
