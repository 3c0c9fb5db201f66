//! Why a units file, a results file or a merge of results cannot be used: each error
//! names the file, and the line where there is one.

use std::fmt;
use std::io;
use std::path::PathBuf;

use konane_core::{Color, Shard};

/// Where a result was read: the file and the line (from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub path: PathBuf,
    pub line: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} line {}", self.path.display(), self.line)
    }
}

/// An error of the units, results and merge files.
#[derive(Debug)]
#[non_exhaustive]
pub enum UnitsError {
    /// A file could not be read, created or written.
    Io { path: PathBuf, source: io::Error },
    /// A line of a units file is not what it must be.
    BadUnits { at: Place, message: String },
    /// A units file ends before its `end` line.
    Truncated {
        path: PathBuf,
        read: u64,
        announced: u64,
    },
    /// A units file's lines do not add up to the checksum of its `end` line.
    Edited { path: PathBuf },
    /// A units file is not the split of its root (written by another version?).
    NotTheSplit { path: PathBuf },
    /// A units file is for another board, root or split depth than the command's.
    OtherSplit {
        path: PathBuf,
        what: &'static str,
        file: String,
        given: String,
    },
    /// A line of a results file is not what it must be.
    BadResults { at: Place, message: String },
    /// A results file holds the results of another units file.
    OtherUnits { path: PathBuf },
    /// A results file holds the results of another shard than the one to write.
    OtherShard {
        path: PathBuf,
        found: Shard,
        given: Shard,
    },
    /// Another process (another shard?) is writing the results file.
    Locked { path: PathBuf },
    /// Two results lines give a unit different winners.
    Contradiction {
        unit: u64,
        first: (Place, Color),
        second: (Place, Color),
    },
}

impl fmt::Display for UnitsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UnitsError::Io { path, .. } => write!(f, "cannot read or write {}", path.display()),
            UnitsError::BadUnits { at, message } => write!(f, "units file {at}: {message}"),
            UnitsError::Truncated {
                path,
                read,
                announced,
            } => write!(
                f,
                "units file {} is truncated: {read} of its {announced} units, and no 'end' line",
                path.display()
            ),
            UnitsError::Edited { path } => write!(
                f,
                "units file {} was edited: its lines do not match the checksum of its 'end' line",
                path.display()
            ),
            UnitsError::NotTheSplit { path } => write!(
                f,
                "units file {} is not the split of its root (written by another version of konane?)",
                path.display()
            ),
            UnitsError::OtherSplit {
                path,
                what,
                file,
                given,
            } => write!(
                f,
                "units file {} has {what} {file}, not {given} as given",
                path.display()
            ),
            UnitsError::BadResults { at, message } => write!(f, "results file {at}: {message}"),
            UnitsError::OtherUnits { path } => write!(
                f,
                "results file {} holds the results of another units file",
                path.display()
            ),
            UnitsError::OtherShard { path, found, given } => write!(
                f,
                "results file {} holds the results of shard {found}, not {given}: give each shard its own results file",
                path.display()
            ),
            UnitsError::Locked { path } => write!(
                f,
                "results file {} is being written by another process (another shard?): give each shard its own results file",
                path.display()
            ),
            UnitsError::Contradiction {
                unit,
                first,
                second,
            } => write!(
                f,
                "unit {unit}: {} says {} wins, {} says {} wins",
                first.0, first.1, second.0, second.1
            ),
        }
    }
}

impl std::error::Error for UnitsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            UnitsError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// `io::Error` on `path` as a [`UnitsError`].
pub(crate) fn io_error(path: &std::path::Path) -> impl FnOnce(io::Error) -> UnitsError + '_ {
    move |source| UnitsError::Io {
        path: path.to_path_buf(),
        source,
    }
}
