//! Results files: one line per solved unit (id, winner, nodes, seconds) after a header
//! naming the units file (by its checksum) and the shard. Lines are appended whole and
//! synced to disk one by one, under an exclusive lock on the file, so that a killed run
//! loses at most the units in progress and two shards cannot write one file.
//!
//! ```text
//! konane-results 1 units=9f0c4b1e2d3a5f67 shard=2/8
//! 2 white 15307 0.021
//! 10 black 8841 0.012
//! ```

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use konane_core::{Color, Shard};

use super::error::{io_error, Place, UnitsError};
use super::file::UnitsFile;

/// The first word of a results file, with the format's version.
const HEADER: &str = "konane-results 1";

/// What solving a unit found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnitResult {
    pub id: u64,
    /// Who wins the unit's position with best play.
    pub winner: Color,
    /// Positions searched to prove it.
    pub nodes: u64,
    pub seconds: f64,
}

impl UnitResult {
    /// The result's line, with its newline.
    fn line(&self) -> String {
        format!(
            "{} {} {} {:.3}\n",
            self.id,
            self.winner.name().to_ascii_lowercase(),
            self.nodes,
            self.seconds
        )
    }
}

/// The results of a units file, gathered from results files: each unit's result and
/// where it was read.
#[derive(Clone, Debug, Default)]
pub struct Results {
    pub by_unit: BTreeMap<u64, (UnitResult, Place)>,
}

impl Results {
    /// Adds the results of the results file at `path`, which must belong to `units`;
    /// a unit given two winners is an error naming both lines.
    pub fn add_file(&mut self, path: &Path, units: &UnitsFile) -> Result<(), UnitsError> {
        let text = std::fs::read_to_string(path).map_err(io_error(path))?;
        let read = parse(path, &text, units)?;
        for (result, place) in read.results {
            self.insert(result, place)?;
        }
        Ok(())
    }

    /// Adds one result read at `place`; the same winner twice keeps the first, two
    /// winners are an error naming both places.
    pub fn insert(&mut self, result: UnitResult, place: Place) -> Result<(), UnitsError> {
        match self.by_unit.get(&result.id) {
            Some((earlier, _)) if earlier.winner == result.winner => Ok(()),
            Some((earlier, first)) => Err(UnitsError::Contradiction {
                unit: result.id,
                first: (first.clone(), earlier.winner),
                second: (place, result.winner),
            }),
            None => {
                self.by_unit.insert(result.id, (result, place));
                Ok(())
            }
        }
    }
}

/// A results file as read: its shard, its whole lines, and whether its last line was
/// cut off (by a crash in the middle of a write).
struct ReadFile {
    shard: Shard,
    results: Vec<(UnitResult, Place)>,
    /// The length of the text up to the end of its last whole line.
    whole_len: usize,
}

/// Reads a results file's text; the results must be of `units`' units in the file's
/// shard, and agree with each other.
fn parse(path: &Path, text: &str, units: &UnitsFile) -> Result<ReadFile, UnitsError> {
    let at = |line: usize| Place {
        path: path.to_path_buf(),
        line,
    };
    let fail = |line: usize, message: String| UnitsError::BadResults {
        at: at(line),
        message,
    };
    let whole_len = text.rfind('\n').map_or(0, |i| i + 1);
    let mut lines = text[..whole_len]
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    let Some((_, header)) = lines.next() else {
        return Err(fail(1, format!("the file has no '{HEADER}' line")));
    };
    let mut words = header.split_whitespace();
    let (Some("konane-results"), Some("1"), Some(units_word), Some(shard_word), None) = (
        words.next(),
        words.next(),
        words.next(),
        words.next(),
        words.next(),
    ) else {
        return Err(fail(
            1,
            format!("not a results file: the first line is not '{HEADER} units=… shard=K/N'"),
        ));
    };
    let checksum = units_word
        .strip_prefix("units=")
        .and_then(|c| u64::from_str_radix(c, 16).ok())
        .ok_or_else(|| fail(1, format!("bad '{units_word}'")))?;
    if checksum != units.checksum {
        return Err(UnitsError::OtherUnits {
            path: path.to_path_buf(),
        });
    }
    let shard: Shard = shard_word
        .strip_prefix("shard=")
        .ok_or_else(|| fail(1, format!("bad '{shard_word}'")))?
        .parse()
        .map_err(|e| fail(1, format!("{e}")))?;
    let mut results = Results::default();
    for (number, line) in lines {
        let result = parse_line(line, units, shard).map_err(|m| fail(number, m))?;
        results.insert(result, at(number))?;
    }
    Ok(ReadFile {
        shard,
        results: results.by_unit.into_values().collect(),
        whole_len,
    })
}

/// One result line of a unit of `units` in `shard`.
fn parse_line(line: &str, units: &UnitsFile, shard: Shard) -> Result<UnitResult, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [id, winner, nodes, seconds] = fields[..] else {
        return Err(format!("'{line}' is not 'ID WINNER NODES SECONDS'"));
    };
    let id: u64 = id
        .parse()
        .ok()
        .filter(|&id| id >= 1 && id <= units.units.len() as u64)
        .ok_or_else(|| {
            format!(
                "'{id}' is not a unit of the units file (1 to {})",
                units.units.len()
            )
        })?;
    if !shard.deals(id - 1) {
        return Err(format!("unit {id} is not in shard {shard}"));
    }
    let winner = match winner {
        "black" => Color::Black,
        "white" => Color::White,
        _ => return Err(format!("winner '{winner}' is not black or white")),
    };
    let nodes = nodes
        .parse()
        .map_err(|_| format!("'{nodes}' is not a number of nodes"))?;
    let seconds = seconds
        .parse()
        .ok()
        .filter(|s: &f64| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("'{seconds}' is not a number of seconds"))?;
    Ok(UnitResult {
        id,
        winner,
        nodes,
        seconds,
    })
}

/// A results file open for one shard to append to, locked against other writers.
pub struct ResultsWriter {
    file: File,
    path: PathBuf,
}

/// A results file opened for a shard: the writer, the results already in it, and
/// whether a cut-off last line (a write interrupted by a crash) was dropped.
pub struct Resumed {
    pub writer: ResultsWriter,
    pub done: Vec<UnitResult>,
    pub dropped_partial_line: bool,
}

impl ResultsWriter {
    /// Opens (or creates) the results file of shard `shard` of `units` at `path`, takes
    /// an exclusive lock on it (refused while another process holds one), and reads the
    /// results already there, which must be of the same units and shard.
    pub fn open(path: &Path, units: &UnitsFile, shard: Shard) -> Result<Resumed, UnitsError> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io_error(path))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(UnitsError::Locked {
                    path: path.to_path_buf(),
                })
            }
            Err(TryLockError::Error(source)) => return Err(io_error(path)(source)),
        }
        let mut text = String::new();
        file.read_to_string(&mut text).map_err(io_error(path))?;
        let mut writer = ResultsWriter {
            file,
            path: path.to_path_buf(),
        };
        if !text.contains('\n') {
            // A new file, or one whose header was cut off: nothing was recorded yet.
            writer.file.set_len(0).map_err(io_error(path))?;
            writer.write(&format!(
                "{HEADER} units={:016x} shard={shard}\n",
                units.checksum
            ))?;
            return Ok(Resumed {
                writer,
                done: Vec::new(),
                dropped_partial_line: !text.is_empty(),
            });
        }
        let read = parse(path, &text, units)?;
        if read.shard != shard {
            return Err(UnitsError::OtherShard {
                path: path.to_path_buf(),
                found: read.shard,
                given: shard,
            });
        }
        let dropped_partial_line = read.whole_len < text.len();
        if dropped_partial_line {
            writer
                .file
                .set_len(read.whole_len as u64)
                .map_err(io_error(path))?;
        }
        Ok(Resumed {
            writer,
            done: read.results.into_iter().map(|(result, _)| result).collect(),
            dropped_partial_line,
        })
    }

    /// Appends `result`'s line in one write and syncs it to disk.
    pub fn append(&mut self, result: &UnitResult) -> Result<(), UnitsError> {
        self.write(&result.line())
    }

    fn write(&mut self, line: &str) -> Result<(), UnitsError> {
        self.file
            .write_all(line.as_bytes())
            .and_then(|()| self.file.sync_data())
            .map_err(io_error(&self.path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::file::write_units;
    use crate::units::split::Split;
    use konane_core::{Board, Position};

    fn folder(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("konane-results-{}-{test}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn units(dir: &Path) -> UnitsFile {
        let path = dir.join("units.txt");
        let split = Split::new(Position::start(Board::new(5, 4).unwrap()), 3);
        write_units(&split, &path).unwrap();
        UnitsFile::read(&path).unwrap()
    }

    fn result(id: u64, winner: Color) -> UnitResult {
        UnitResult {
            id,
            winner,
            nodes: 10 * id,
            seconds: 0.5,
        }
    }

    #[test]
    fn results_are_appended_resumed_and_locked() {
        let dir = folder("resume");
        let units = units(&dir);
        let path = dir.join("results.txt");
        let shard: Shard = "2/3".parse().unwrap();
        let mut opened = ResultsWriter::open(&path, &units, shard).unwrap();
        assert!(opened.done.is_empty());
        opened.writer.append(&result(2, Color::White)).unwrap();
        // A second writer is refused while the first holds the lock.
        let error = ResultsWriter::open(&path, &units, shard).err().unwrap();
        assert!(matches!(error, UnitsError::Locked { .. }), "{error}");
        opened.writer.append(&result(5, Color::Black)).unwrap();
        drop(opened);
        // A crash in the middle of a write leaves part of a line: dropped on resume.
        let mut file = OpenOptions::new().append(true).open(&path).unwrap();
        file.write_all(b"8 whi").unwrap();
        drop(file);
        let resumed = ResultsWriter::open(&path, &units, shard).unwrap();
        assert_eq!(
            resumed.done,
            [result(2, Color::White), result(5, Color::Black)]
        );
        assert!(resumed.dropped_partial_line);
        drop(resumed);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("5 black 50 0.500\n"), "{text}");
        // Another shard may not write here.
        let error = ResultsWriter::open(&path, &units, "1/3".parse().unwrap())
            .err()
            .unwrap();
        assert!(error
            .to_string()
            .contains("holds the results of shard 2/3, not 1/3"));
    }

    #[test]
    fn bad_and_contradictory_lines_are_refused_with_their_place() {
        let dir = folder("bad");
        let units = units(&dir);
        let header = format!("konane-results 1 units={:016x} shard=1/2\n", units.checksum);
        let count = units.units.len();
        let cases = [
            (
                format!("{header}1 white 10\n"),
                "is not 'ID WINNER NODES SECONDS'",
            ),
            (
                format!("{header}2 white 10 0.1\n"),
                "unit 2 is not in shard 1/2",
            ),
            (
                format!("{header}{} white 10 0.1\n", count + 1),
                "is not a unit",
            ),
            (format!("{header}1 grey 10 0.1\n"), "winner 'grey'"),
            (format!("{header}1 white x 0.1\n"), "number of nodes"),
            (format!("{header}1 white 1 -1\n"), "number of seconds"),
            (
                format!("{header}1 white 1 0.1\n3 black 2 0.1\n1 black 1 0.1\n"),
                "line 4 says Black wins",
            ),
            (
                "konane-results 1 units=0000000000000001 shard=1/2\n".to_string(),
                "another units file",
            ),
            ("hello\n".to_string(), "not a results file"),
        ];
        for (text, needle) in cases {
            let path = dir.join("bad.txt");
            std::fs::write(&path, &text).unwrap();
            let error = Results::default()
                .add_file(&path, &units)
                .unwrap_err()
                .to_string();
            assert!(error.contains(needle), "{needle}: {error}");
            assert!(error.contains("bad.txt"), "{error}");
            // Nothing already written is lost: the file is left as it was.
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
        // Two files that disagree about a unit.
        std::fs::write(dir.join("a.txt"), format!("{header}1 white 1 0.1\n")).unwrap();
        std::fs::write(dir.join("b.txt"), format!("{header}1 black 1 0.1\n")).unwrap();
        let mut results = Results::default();
        results.add_file(&dir.join("a.txt"), &units).unwrap();
        let error = results
            .add_file(&dir.join("b.txt"), &units)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("a.txt line 2 says White wins")
                && error.contains("b.txt line 2 says Black wins"),
            "{error}"
        );
    }
}
