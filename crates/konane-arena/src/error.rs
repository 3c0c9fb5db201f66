//! Why a match, a self-play series or the reading of a record file failed.

use std::fmt;
use std::io;
use std::path::PathBuf;

use crate::engine::StartError;

/// An error of the arena's entry points. Errors that wrap another (a file's I/O
/// error, a record line's problem) give it as their [`source`](std::error::Error::source)
/// and leave it out of their own message.
#[derive(Debug)]
#[non_exhaustive]
pub enum ArenaError {
    /// Both players of a match carry this name.
    SameName(String),
    /// An engine has no time control, neither its own nor the match's.
    NoTimeControl,
    /// An engine could not be started or did not complete its handshake.
    EngineStart(StartError),
    /// The record file could not be created.
    CreateRecord { path: PathBuf, source: io::Error },
    /// A file the series writes (records, positions) could not be written.
    Write { path: PathBuf, source: io::Error },
    /// The protocol log could not be created.
    CreateLog { path: PathBuf, source: io::Error },
    /// The positions file of a self-play series could not be created.
    CreatePositions { path: PathBuf, source: io::Error },
    /// A record file could not be read.
    ReadRecords { path: PathBuf, source: io::Error },
    /// A record file was read but is not a valid one.
    BadRecords { path: PathBuf, source: RecordError },
    /// A game was played by a player that is not in the match.
    UnknownPlayer(String),
    /// A record file holds the games of this many players, not two.
    PlayerCount(usize),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::SameName(name) => write!(
                f,
                "both engines are named '{name}': give each a different name="
            ),
            ArenaError::NoTimeControl => f.write_str(
                "an engine has no time control: give --tc, --movetime, --depth or --nodes, or tc= (movetime=, depth=, nodes=) in its --engine",
            ),
            ArenaError::EngineStart(error) => error.fmt(f),
            ArenaError::CreateRecord { path, .. } => {
                write!(f, "cannot create the record file {}", path.display())
            }
            ArenaError::Write { path, .. } => write!(f, "cannot write {}", path.display()),
            ArenaError::CreateLog { path, .. } => {
                write!(f, "cannot create the log {}", path.display())
            }
            ArenaError::CreatePositions { path, .. } => {
                write!(f, "cannot create {}", path.display())
            }
            ArenaError::ReadRecords { path, .. } => write!(f, "cannot read {}", path.display()),
            ArenaError::BadRecords { path, .. } => {
                write!(f, "bad record file {}", path.display())
            }
            ArenaError::UnknownPlayer(name) => {
                write!(f, "a game was played by '{name}', not in the match")
            }
            ArenaError::PlayerCount(count) => {
                write!(f, "the record file holds games of {count} players, not 2")
            }
        }
    }
}

impl std::error::Error for ArenaError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ArenaError::EngineStart(error) => error.source(),
            ArenaError::CreateRecord { source, .. }
            | ArenaError::Write { source, .. }
            | ArenaError::CreateLog { source, .. }
            | ArenaError::CreatePositions { source, .. }
            | ArenaError::ReadRecords { source, .. } => Some(source),
            ArenaError::BadRecords { source, .. } => Some(source),
            ArenaError::SameName(_)
            | ArenaError::NoTimeControl
            | ArenaError::UnknownPlayer(_)
            | ArenaError::PlayerCount(_) => None,
        }
    }
}

/// Why a record file cannot be read, with the line number (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "record line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for RecordError {}
