//! The Konane engine layer: one [`Engine`] under every front end (the protocol loop,
//! `konane analyse`, `play`, `bench`, `perft`, self-play).
//!
//! Shaped like Stockfish's `Engine`, it owns the position, the [`Options`] (every one
//! declared once in the [option table](options::OPTIONS), which also reads engine.toml
//! through [`config`]), the transposition table and the search threads. Work runs as
//! *jobs* on their own thread, one at a time:
//!
//! - [`Engine::go`] starts a search and returns at once; [`SearchCallbacks`] get each
//!   finished iteration ([`SearchInfo`]) and then, exactly once, the [`Answer`] (the
//!   `bestmove`). An infinite or limitless search holds its answer until
//!   [`Engine::stop`], a pondering one until [`Engine::ponderhit`] or a stop.
//! - [`Engine::perft`] and [`Engine::bench`] are jobs too, so a front end stays
//!   responsive while they run, and a stop ends them within milliseconds.
//! - [`Engine::activity`] says whether a job runs and whether it ends by itself,
//!   [`Engine::wait`] waits for it, and a [`Stopper`] stops it from another thread.
//! - [`Engine::search`] is the synchronous convenience: `go`, then `wait`.
//!
//! Front ends never touch the search itself: they set the position and options, start
//! jobs and format what the callbacks report.
//!
//! ```
//! use std::time::Duration;
//!
//! use konane_core::Position;
//! use konane_engine::{Engine, Options, SearchLimits};
//!
//! let mut engine = Engine::new(Options::default());
//! engine.set_option("Hash", Some("8")).unwrap();
//! let mut position = Position::start(engine.options().board);
//! position.play_all(["d5", "d4"]).unwrap();
//! engine.set_position(position);
//!
//! let answer = engine
//!     .search(SearchLimits::depth(4), |info| {
//!         println!("depth {} score {:?}", info.depth, info.score)
//!     })
//!     .unwrap();
//! let best = answer.result.best_move.unwrap();
//! assert!(position.is_legal(best));
//!
//! // The same through the non-blocking API, stopped by hand.
//! let limits = SearchLimits {
//!     infinite: true,
//!     ..SearchLimits::default()
//! };
//! let on_bestmove = |answer: &konane_engine::Answer| println!("bestmove {:?}", answer.result.best_move);
//! engine
//!     .go(limits, konane_engine::SearchCallbacks::new(|_| {}, on_bestmove))
//!     .unwrap();
//! std::thread::sleep(Duration::from_millis(20));
//! engine.stop();
//! engine.wait();
//! ```
//!
//! # The rest of the public API
//!
//! - [`Engine::go`] refuses with [`Busy`] while a job runs; [`Activity`] is what
//!   [`Engine::activity`] reports; [`Divide`] is a perft's count per move,
//!   [`BenchReport`] the bench's totals over its [`BenchLine`]s.
//! - [`Options`] and its errors: [`OptionError`] (an option that cannot be set),
//!   [`Player`] (who answers `go`: the search or a built-in player, [`BuiltinKind`]),
//!   [`PlayerError`]; [`config`] reads engine.toml, [`go_words`] is the one text form of
//!   [`SearchLimits`] (the protocol's `go` words).
//! - [`EnginePlayer`]: the engine as a player of self-play, searching each move within
//!   fixed limits.
//! - Re-exported from the search so that front ends need no other crate: the limits
//!   ([`SearchLimits`], [`Clock`]), what a search reports ([`SearchInfo`],
//!   [`SearchResult`], [`Score`]), the evaluation's weights and breakdown
//!   ([`EvalWeights`], [`Evaluation`]), and [`winning_moves`] with its
//!   [`WinningMovesBudget`], the exact solver's answer of which root moves win.
//! - The baseline players that engine changes are measured against, re-exported from
//!   the search too: a [`BuiltinPlayer`] of each [`BuiltinKind`] plays as an [`Agent`]
//!   (the trait [`EnginePlayer`] implements), and its search stops through a
//!   [`SearchControl`]. Self-play (konane-arena) and the Python package take them from
//!   here.

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod bench;
pub mod config;
mod engine;
mod go;
pub mod go_words;
mod job;
pub mod options;
mod parse_error;
mod player;
mod signals;

pub use bench::{BenchLine, BenchReport};
pub use engine::{Activity, Busy, Divide, Engine, SearchCallbacks};
pub use go::Answer;
pub use options::{OptionError, Options, Player, PlayerError};
pub use parse_error::{NumberProblem, ParseError};
pub use player::EnginePlayer;
pub use signals::Stopper;

pub use konane_search::eval::{EvalWeights, Evaluation};
pub use konane_search::players::{Agent, BuiltinKind, BuiltinPlayer};
pub use konane_search::{winning_moves, WinningMovesBudget};
pub use konane_search::{Clock, Score, SearchControl, SearchInfo, SearchLimits, SearchResult};
