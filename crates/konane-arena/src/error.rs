//! Why a match, a self-play series or the reading of a record file failed.

use std::io;
use std::path::PathBuf;

use crate::engine::StartError;

/// An error of the arena's entry points. Errors that wrap another (a file's I/O
/// error, a record line's problem) give it as their [`source`](std::error::Error::source)
/// and leave it out of their own message.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError {
    /// Both players of a match carry this name.
    #[error("both engines are named '{0}': give each a different name=")]
    SameName(String),
    /// An engine has no time control, neither its own nor the match's.
    #[error(
        "an engine has no time control: give --tc, --movetime, --depth or --nodes, or tc= (movetime=, depth=, nodes=) in its --engine"
    )]
    NoTimeControl,
    /// An engine could not be started or did not complete its handshake.
    #[error(transparent)]
    EngineStart(StartError),
    /// The record file could not be created.
    #[error("cannot create the record file {}", path.display())]
    CreateRecord { path: PathBuf, source: io::Error },
    /// A file the series writes (records, positions) could not be written.
    #[error("cannot write {}", path.display())]
    Write { path: PathBuf, source: io::Error },
    /// The protocol log could not be created.
    #[error("cannot create the log {}", path.display())]
    CreateLog { path: PathBuf, source: io::Error },
    /// The positions file of a self-play series could not be created.
    #[error("cannot create {}", path.display())]
    CreatePositions { path: PathBuf, source: io::Error },
    /// A record file could not be read.
    #[error("cannot read {}", path.display())]
    ReadRecords { path: PathBuf, source: io::Error },
    /// A record file was read but is not a valid one.
    #[error("bad record file {}", path.display())]
    BadRecords { path: PathBuf, source: RecordError },
    /// A game was played by a player that is not in the match.
    #[error("a game was played by '{0}', not in the match")]
    UnknownPlayer(String),
    /// A record file holds the games of this many players, not two.
    #[error("the record file holds games of {0} players, not 2")]
    PlayerCount(usize),
}

/// Why a record file cannot be read, with the line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("record line {line}: {message}")]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}
