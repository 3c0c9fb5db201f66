//! Konane matches: is one player stronger than another?
//!
//! Two kinds of series, with one set of statistics and one record format:
//! - [`run_match`] plays two engine programs that speak the protocol (UCI or UGI
//!   handshake) as processes: it keeps their clocks, checks every answer with
//!   konane-core, adjudicates failures (illegal or unreadable moves, crashes, hangs,
//!   time losses) and restarts crashed engines;
//! - [`run_selfplay`] plays the engine and the built-in players in process, with no
//!   pipes.
//!
//! Both play game pairs (each opening once with each colour) from a fixed
//! [`Schedule`], on several workers at once, write each game to a record file
//! ([`Records`] reads it back), and count the results in a [`Tally`]: wins per colour,
//! pair (pentanomial) counts and how games ended. From the pairs come the logistic
//! Elo difference with its 95% interval and the SPRT's log-likelihood ratio, which
//! stops a series as soon as it decides. The crate prints nothing: a front end gets
//! the tally after each pair and formats it.
//!
//! A series can be cut into shards ([`Schedule::part`]) that separate processes or
//! machines play; [`merge`] puts their record files back together and counts them as
//! one unsharded run would, deciding the SPRT on them.
//!
//! One game with its variations reads and writes as a PGN-like [`GameText`] (the
//! browser board's import and export); a match record's games convert to it.
//!
//! # The public items, by concern
//!
//! - **Engines**: an [`EngineSpec`] (parsed from words, [`split_words`], [`SpecError`])
//!   names a program and its [`Protocol`]; an [`EngineProcess`] runs it, restarted on
//!   demand ([`StartError`] when it does not start, [`Failure`] when it gives no usable
//!   answer, [`EngineAnswer`] when it does, [`Watch`] to follow a search that may be
//!   ended early); a [`ProtocolLog`] keeps the exchange.
//! - **Clocks and adjudication**: a [`TimeControl`] per player (parsed, with
//!   [`TimeControlError`]), the [`GameClocks`] of one game, [`Overstepped`] for a move
//!   that took too long; [`judge_bestmove`] reads an answer in a position, and a
//!   [`Reason`] says how a game ended.
//! - **Series**: [`run_match`] with a [`MatchConfig`] (openings from an
//!   [`OpeningSource`], [`OpeningsError`]) and [`run_selfplay`] with a [`SelfPlayConfig`]
//!   of two [`SelfPlayer`]s, each a [`Contestant`] ([`play_game`] plays one in-process
//!   game); both play the pairs of a [`Series`] on its [`Schedule`], report [`Progress`]
//!   and end in a [`MatchOutcome`] (with its [`SprtOutcome`]), or an [`ArenaError`].
//! - **Records**: each [`PlayedGame`] is written as a [`GameRecord`] under a
//!   [`SeriesHeader`]; [`Records`] reads a file back ([`RecordError`] with its line);
//!   [`merge`] counts the [`ShardRecords`] of several shards as one run ([`Merged`],
//!   [`MergeError`]); a [`Tally`] counts them ([`UnknownPlayer`] for a game of an engine
//!   not in the match).
//! - **Statistics**: [`Pentanomial`] pair counts and their [`EloEstimate`];
//!   [`elo_from_games`] for unpaired games; [`elo_to_score`] and [`score_to_elo`]
//!   convert; an [`Sprt`] (parsed, [`SprtError`]) reaches a [`Decision`].
//! - **Game text**: [`GameText`] holds a [`MoveTree`] of [`NodeId`]s, each with the
//!   [`Notes`] (comment, annotations) the text gave its move; [`GameTextError`]
//!   and [`IllegalMove`] say why a text or a move is refused.
//!
//! ```
//! use konane_arena::{Decision, Pentanomial, Sprt};
//!
//! // Ten pairs, by the first player's points: 2 lost both games, 5 split, 3 won both.
//! let pairs = Pentanomial { counts: [2, 0, 5, 0, 3] };
//! let elo = pairs.elo().expect("some pairs");
//! assert_eq!(elo.to_string(), "+34.9 +/- 163.8 (95%: -120.6 .. +206.9)");
//!
//! // Too few pairs to tell 0 Elo from 20 Elo: the test goes on.
//! let sprt: Sprt = "elo0=0 elo1=20 alpha=0.05 beta=0.05".parse()?;
//! let llr = sprt.llr(&pairs);
//! assert!(llr > 0.0 && sprt.decide(llr).is_none());
//! // Fifty pairs more, each won twice, accept H1: the player is stronger.
//! let sweep = Pentanomial { counts: [2, 0, 5, 0, 53] };
//! assert_eq!(sprt.decide(sprt.llr(&sweep)), Some(Decision::H1));
//! # Ok::<(), konane_arena::SprtError>(())
//! ```

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod adjudication;
mod clock;
mod collect;
mod engine;
mod error;
mod game;
mod game_text;
mod log;
mod merge;
mod openings;
mod record;
mod runner;
mod schedule;
mod selfplay;
mod series;
mod spec;
mod stats;
mod tally;

pub use adjudication::{judge_bestmove, Reason};
pub use clock::{GameClocks, Overstepped, TimeControl, TimeControlError};
pub use collect::{MatchOutcome, Progress, SprtOutcome};
pub use engine::{Answer as EngineAnswer, EngineProcess, Failure, StartError, Watch};
pub use error::{ArenaError, RecordError};
pub use game_text::{GameText, GameTextError, IllegalMove, MoveTree, NodeId, Notes};
pub use log::ProtocolLog;
pub use merge::{merge, MergeError, Merged, ShardRecords};
pub use openings::{OpeningSource, OpeningsError};
pub use record::{GameRecord, PlayedGame, Records, SeriesHeader};
pub use runner::{run_match, MatchConfig};
pub use schedule::Schedule;
pub use selfplay::{play_game, run_selfplay, Contestant, SelfPlayConfig, SelfPlayer};
pub use series::Series;
pub use spec::{split_words, EngineSpec, Protocol, SpecError};
pub use stats::{
    elo_from_games, elo_to_score, score_to_elo, Decision, EloEstimate, Pentanomial, Sprt, SprtError,
};
pub use tally::{Tally, UnknownPlayer};
