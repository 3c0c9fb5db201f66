//! Why a file is not a well-formed certificate: [`ReadError`], and [`RecordProblem`]
//! for one record.

use std::fmt;
use std::io;

use konane_core::U256;

use super::{Section, MAGIC};
use crate::key::KeyError;

/// What is wrong with one record.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum RecordProblem {
    /// The file ends inside the record (or before it).
    Truncated,
    /// A number longer than the version allows (64 bits in version 1, 256 in version 2).
    OversizedNumber,
    /// A number not in its shortest LEB128 form (a last byte 0 after other bytes, such
    /// as `80 00` for 0): every number has exactly one encoding.
    NonMinimalNumber,
    /// The occupancy delta carries past the largest occupancy.
    OccupancyOverflow,
    /// Not after the previous record in key order (a repeat or out of order).
    Unsorted,
    /// The key names no position of the board.
    Key(KeyError),
    /// A move code naming a square off the board.
    MoveOffBoard(U256),
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::Truncated => f.write_str("the file ends inside it (truncated)"),
            RecordProblem::OversizedNumber => {
                f.write_str("a number is longer than its format version allows")
            }
            RecordProblem::NonMinimalNumber => {
                f.write_str("a number is not in its shortest form (a last byte 0)")
            }
            RecordProblem::OccupancyOverflow => {
                f.write_str("its occupancy delta overflows the largest number")
            }
            RecordProblem::Unsorted => {
                f.write_str("it does not follow the previous record in key order")
            }
            RecordProblem::Key(KeyError::OffBoard) => {
                f.write_str("it occupies a square beyond the board")
            }
            RecordProblem::Key(KeyError::StrayException) => {
                f.write_str("its colour exceptions name more pieces than it has")
            }
            RecordProblem::MoveOffBoard(code) => {
                write!(f, "its move code {code} names a square off the board")
            }
        }
    }
}

/// Why a file is not a well-formed certificate.
#[derive(Debug)]
pub enum ReadError {
    /// Reading failed.
    Io(io::Error),
    /// The first line is not `konane-certificate VERSION`.
    NotACertificate,
    /// A header line (counted from 1) is wrong.
    Header {
        /// The line's number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A record (counted from 0 in its section) is wrong.
    Record {
        /// The record's section.
        section: Section,
        /// Its place in the section.
        index: u64,
        /// What is wrong with it.
        problem: RecordProblem,
    },
    /// The records are not followed by exactly the line `end`.
    Trailer,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the certificate: {e}"),
            ReadError::NotACertificate => {
                write!(
                    f,
                    "not a certificate: the first line is not '{MAGIC} VERSION'"
                )
            }
            ReadError::Header { line, message } => write!(f, "header line {line}: {message}"),
            ReadError::Record {
                section,
                index,
                problem,
            } => write!(f, "{section} record {index}: {problem}"),
            ReadError::Trailer => f.write_str(
                "the records are not followed by the line 'end' and the end of the file \
                 (truncated, or data left over)",
            ),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// A failure inside the records: of the reader, or of the data.
pub(super) enum Fail {
    Io(io::Error),
    Problem(RecordProblem),
}

impl From<RecordProblem> for Fail {
    fn from(problem: RecordProblem) -> Fail {
        Fail::Problem(problem)
    }
}

/// The error for `fail` in record `index` of `section`.
pub(super) fn fail_at(section: Section, index: u64, fail: Fail) -> ReadError {
    match fail {
        Fail::Io(e) => ReadError::Io(e),
        Fail::Problem(problem) => ReadError::Record {
            section,
            index,
            problem,
        },
    }
}
