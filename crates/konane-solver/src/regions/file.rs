//! The value database on disk, to share between runs: a text file of region values,
//! written whole (to a temporary file renamed over the old one) and checked on load:
//! every value is computed again from the region's moves (with the values of smaller
//! regions, which are checked first), so a wrong or edited entry is refused.
//!
//! ```text
//! konane-values 1
//! 4x1 b1 c1 *
//! 3x1 a1 b1 1
//! end 2
//! ```
//!
//! After the header, one line per region: its box as `WxH`, its Black pieces and its
//! White pieces (square names on the box as a board, comma-separated, `-` for none),
//! and its value in the strict form of [konane-cgt](konane_cgt::Form); then `end` and
//! the number of regions.

use std::fmt::Write as _;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use konane_cgt::Form;
use konane_core::Board;
use thiserror::Error;

use super::key::RegionKey;
use super::squares::RegionSquares;
use super::values::{RegionValues, ValueError};

const HEADER: &str = "konane-values 1";

/// Why a values file could not be written or read.
#[derive(Debug, Error)]
pub enum ValuesFileError {
    /// The file could not be read or written.
    #[error("{}: {error}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What went wrong (in the message, not a separate source, so that a chain of
        /// errors does not print it twice).
        error: io::Error,
    },
    /// A line is not what the format says.
    #[error("{} line {line}: {message}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// A region's stored value is not its value.
    #[error("{} line {line}: the stored value {stored} is wrong: the region's value is {computed}", path.display())]
    Wrong {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The value in the file (strict form).
        stored: String,
        /// The value computed again (strict form).
        computed: String,
    },
    /// Checking a region's value ran into a limit of the database.
    #[error("{} line {line}: {error}", path.display())]
    Value {
        /// The file.
        path: PathBuf,
        /// The line, from 1.
        line: usize,
        /// The limit (in the message, not a separate source).
        error: ValueError,
    },
}

/// One region read from a file, before it is checked.
struct Entry {
    line: usize,
    board: Board,
    black: RegionSquares,
    white: RegionSquares,
    value: Form,
}

impl RegionValues {
    /// Writes every stored region value to `path`, replacing the file whole; returns
    /// how many regions it wrote.
    pub fn save(&self, path: &Path) -> Result<usize, ValuesFileError> {
        let mut text = format!("{HEADER}\n");
        let mut count = 0;
        for (key, g) in self.stored() {
            let board = key.board();
            let _ = writeln!(
                text,
                "{board} {} {} {}",
                squares(key.black()),
                squares(key.white()),
                self.games_ref().strict(g)
            );
            count += 1;
        }
        let _ = writeln!(text, "end {count}");
        let io_error = |error| ValuesFileError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(".tmp");
        let temporary = PathBuf::from(temporary);
        fs::write(&temporary, text).map_err(io_error)?;
        fs::rename(&temporary, path).map_err(io_error)?;
        Ok(count)
    }

    /// Reads the region values of `path` into the database after checking each one
    /// (computing it again with at most `budget` new regions per region); returns how
    /// many it read. On an error the regions checked before it stay (with the values
    /// computed for them, which are right).
    pub fn load(&mut self, path: &Path, budget: u64) -> Result<usize, ValuesFileError> {
        let text = fs::read_to_string(path).map_err(|error| ValuesFileError::Io {
            path: path.to_path_buf(),
            error,
        })?;
        let mut entries = parse(&text).map_err(|(line, message)| ValuesFileError::Format {
            path: path.to_path_buf(),
            line,
            message,
        })?;
        // Smaller regions first: a region's moves leave only regions with fewer pieces.
        entries.sort_by_key(|e| (e.black.len() + e.white.len(), e.line));
        let count = entries.len();
        for entry in entries {
            let value_error = |error| ValuesFileError::Value {
                path: path.to_path_buf(),
                line: entry.line,
                error,
            };
            let stored = self
                .games()
                .value_of_form(&entry.value)
                .map_err(|e| value_error(ValueError::Arithmetic(e)))?;
            let (w, h) = (entry.board.width(), entry.board.height());
            let key = RegionKey::normalised(w, h, entry.black, entry.white);
            let pieces = (entry.black, entry.white);
            let computed = self
                .value_on_board(key, entry.board, pieces, budget)
                .map_err(value_error)?;
            if computed != stored {
                return Err(ValuesFileError::Wrong {
                    path: path.to_path_buf(),
                    line: entry.line,
                    stored: self.games_ref().strict(stored),
                    computed: self.games_ref().strict(computed),
                });
            }
        }
        Ok(count)
    }
}

/// The squares' names, comma-separated, or `-`.
fn squares(set: RegionSquares) -> String {
    if set.is_empty() {
        return "-".to_string();
    }
    set.squares()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// The entries of a values file, or the line (from 1) and what is wrong there.
fn parse(text: &str) -> Result<Vec<Entry>, (usize, String)> {
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
    match lines.next() {
        Some((_, HEADER)) => {}
        _ => {
            return Err((
                1,
                format!("not a values file: the first line is not '{HEADER}'"),
            ))
        }
    }
    let mut entries = Vec::new();
    for (line, content) in lines {
        if let Some(count) = content.strip_prefix("end ") {
            if count.parse::<usize>().ok() != Some(entries.len()) {
                return Err((
                    line,
                    format!("'end {count}' after {} regions", entries.len()),
                ));
            }
            if let Some((extra, _)) = text.lines().enumerate().nth(line) {
                return Err((extra + 1, "text after the end line".to_string()));
            }
            return Ok(entries);
        }
        entries.push(parse_entry(line, content).map_err(|message| (line, message))?);
    }
    Err((
        text.lines().count() + 1,
        "the file ends before its end line (cut short?)".to_string(),
    ))
}

fn parse_entry(line: usize, content: &str) -> Result<Entry, String> {
    let fields: Vec<&str> = content.split(' ').collect();
    let &[size, black, white, value] = fields.as_slice() else {
        return Err(format!(
            "expected 4 fields (size, Black, White, value), found {}",
            fields.len()
        ));
    };
    let board: Board = size.parse().map_err(|e| format!("{e}"))?;
    let pieces = |field: &str| -> Result<RegionSquares, String> {
        if field == "-" {
            return Ok(RegionSquares::EMPTY);
        }
        field
            .split(',')
            .try_fold(RegionSquares::EMPTY, |set, name| {
                let square = board.parse_square(name).map_err(|e| format!("{e}"))?;
                if set.contains(square) {
                    return Err(format!("square {name} twice"));
                }
                Ok(set.or(RegionSquares::single(square)))
            })
    };
    let (black, white) = (pieces(black)?, pieces(white)?);
    if !black.and(white).is_empty() {
        return Err("a square holds a Black and a White piece".to_string());
    }
    let value: Form = value.parse().map_err(|e| format!("value: {e}"))?;
    Ok(Entry {
        line,
        board,
        black,
        white,
        value,
    })
}
