//! Why a tab refuses a request: one variant per reason, each with the message the page
//! shows. A refused request changes nothing.

use konane_arena::{GameTextError, RecordError, TimeControlError};
use konane_core::{BoardSizeError, Color, FenError, MoveError};
use konane_engine::PlayerError;

use super::{MAX_ANALYSIS_DEPTH, MAX_ANALYSIS_MS, MAX_MULTIPV, MAX_READ_BYTES, MAX_REQUEST_BYTES};
use crate::engines::UnknownEngine;
use crate::messages::AnalysisLimit;
use crate::tags::MAX_SHAPES;

/// A request the tab does not carry out, and why.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("request too large: {bytes} bytes (the limit is {} MiB)", MAX_REQUEST_BYTES >> 20)]
    TooLarge { bytes: usize },
    #[error("request too large: over {} MiB, more than the connection reads (the limit is {} MiB)", MAX_READ_BYTES >> 20, MAX_REQUEST_BYTES >> 20)]
    OverRead,
    #[error("malformed request: {0}")]
    Malformed(#[from] serde_json::Error),
    #[error("binary messages are not understood: send JSON text")]
    Binary,
    #[error("bad FEN: {0}")]
    Fen(#[from] FenError),
    #[error("bad board size '{text}': {error}")]
    BoardSize { text: String, error: BoardSizeError },
    #[error("colour '{0}' is not black or white")]
    Colour(String),
    #[error(transparent)]
    UnknownEngine(#[from] UnknownEngine),
    #[error("bad level '{text}': {error}")]
    Level { text: String, error: PlayerError },
    #[error("{key} {value} is out of range: a move's time from 10 ms, a clock from 1 s, each up to 3 hours; a depth from 1 to {max_depth}")]
    TimeRange {
        key: &'static str,
        value: String,
        max_depth: u32,
    },
    #[error(transparent)]
    TimeControl(#[from] TimeControlError),
    #[error("analysis limit {0:?} is out of range: a depth from 1 to {MAX_ANALYSIS_DEPTH}, a time from 100 ms to {minutes} minutes", minutes = MAX_ANALYSIS_MS / 60_000)]
    AnalysisLimit(AnalysisLimit),
    #[error("multipv {0} is out of range (1 to {MAX_MULTIPV})")]
    MultiPv(usize),
    #[error("{0}")]
    Move(#[from] MoveError),
    #[error("the engines make the moves in this game")]
    EnginesMove,
    #[error("the game is over ({0}): open it in Analysis to try other moves")]
    GameOver(String),
    #[error("go to the last position to move: this game cannot branch while it runs")]
    NotAtEnd,
    #[error("it is the engine's turn ({0} to move)")]
    EnginesTurn(Color),
    #[error("moves of a game between engines cannot be taken back")]
    EnginesTakeBack,
    #[error("there is no move to take back")]
    NothingToTakeBack,
    #[error("there is no move of yours to take back")]
    NoMoveOfYours,
    #[error("the game is already over")]
    AlreadyOver,
    #[error("only a player in a game can resign")]
    NotAPlayer,
    #[error("only a game between engines can be paused")]
    NotPausable,
    #[error("there is no position after {ply} moves: the line has {moves}")]
    NoSuchPly { ply: usize, moves: usize },
    #[error("there is no move {0} in this game (it may have been deleted)")]
    NoSuchNode(usize),
    #[error("the start position cannot be deleted")]
    DeleteStart,
    #[error("branches are edited in analysis only: this game is played")]
    NotAnalysis,
    #[error("bad game text: {0}")]
    GameText(#[from] GameTextError),
    #[error("bad record file: {0}")]
    Record(#[from] RecordError),
    #[error("the record file has no game")]
    EmptyRecord,
    #[error("no record file is loaded")]
    NoRecord,
    #[error("the record has no game {0}")]
    NoRecordGame(usize),
    #[error("a game is reviewed in Analysis: the Analysis button opens it there")]
    ReviewNotAnalysis,
    #[error("a review's time per position of {0} ms is out of range (100 ms to 60 s)")]
    ReviewTime(u64),
    #[error("bad drawing: {0}")]
    Shape(String),
    #[error("too many circles and arrows: {0} (at most {MAX_SHAPES} on a position)")]
    TooManyShapes(usize),
}
