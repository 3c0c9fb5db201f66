//! The units file: the header (board, root, split depth, number of units), one line
//! per unit (id, move path from the root, FEN) and an `end` line with a checksum of
//! everything above it, so that a truncated or edited file is refused.
//!
//! ```text
//! konane-units 1
//! board 6x6
//! root bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/wbwbwb b
//! split 2
//! units 3
//! 1 a1,b1 bwbwbw/wbwbwb/bwbwbw/wbwbwb/bwbwbw/2bwbw b
//! …
//! end 9f0c4b1e2d3a5f67
//! ```

use std::hash::Hasher;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use fnv::FnvHasher;
use konane_core::{Board, Move, Position};

use super::error::{io_error, Place, UnitsError};
use super::split::{Split, Unit};

/// The first line of a units file, with the format's version.
const HEADER: &str = "konane-units 1";

/// The text of a split's units file.
pub fn units_text(split: &Split) -> String {
    let root = split.root();
    let mut text = format!(
        "{HEADER}\nboard {}\nroot {}\nsplit {}\nunits {}\n",
        root.board(),
        root.to_fen(),
        split.depth(),
        split.units().len()
    );
    for unit in split.units() {
        let path: Vec<String> = unit.path.iter().map(Move::to_string).collect();
        text.push_str(&format!(
            "{} {} {}\n",
            unit.id,
            path.join(","),
            unit.position.to_fen()
        ));
    }
    let checksum = checksum(&text);
    text.push_str(&format!("end {checksum:016x}\n"));
    text
}

/// FNV-1a of `text`.
fn checksum(text: &str) -> u64 {
    let mut hasher = FnvHasher::default();
    hasher.write(text.as_bytes());
    hasher.finish()
}

/// Writes the units file of `split` to `path` (through a temporary file renamed into
/// place, so that a file at `path` is always whole).
pub fn write_units(split: &Split, path: &Path) -> Result<(), UnitsError> {
    let temporary = path.with_extension("partial");
    let write = || -> io::Result<()> {
        let mut file = std::fs::File::create(&temporary)?;
        file.write_all(units_text(split).as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temporary, path)
    };
    write().map_err(io_error(path))
}

/// A units file read back and checked.
#[derive(Clone, Debug)]
pub struct UnitsFile {
    pub path: PathBuf,
    pub root: Position,
    /// Plies from the root to the units.
    pub depth: u32,
    pub units: Vec<Unit>,
    /// The checksum of the `end` line, which names this file in results files.
    pub checksum: u64,
}

impl UnitsFile {
    /// Reads and checks the units file at `path`: the header, each unit's path from the
    /// root to its FEN, the ids in order, and the checksum.
    pub fn read(path: &Path) -> Result<UnitsFile, UnitsError> {
        let text = std::fs::read_to_string(path).map_err(io_error(path))?;
        parse(path, &text)
    }

    /// The board of the units.
    pub fn board(&self) -> Board {
        self.root.board()
    }

    /// Checks that the file is the split of its root made afresh (the same units in
    /// the same order), and returns that split.
    pub fn split(&self) -> Result<Split, UnitsError> {
        let split = Split::new(self.root, self.depth);
        if checksum_of(&split) != self.checksum {
            return Err(UnitsError::NotTheSplit {
                path: self.path.clone(),
            });
        }
        Ok(split)
    }
}

/// The checksum a split's units file carries.
fn checksum_of(split: &Split) -> u64 {
    let text = units_text(split);
    let body = &text[..text.rfind("end ").expect("the text ends with its end line")];
    checksum(body)
}

/// Reads a units file's text.
fn parse(path: &Path, text: &str) -> Result<UnitsFile, UnitsError> {
    let fail = |line: usize, message: String| UnitsError::BadUnits {
        at: Place {
            path: path.to_path_buf(),
            line,
        },
        message,
    };
    let mut lines = text
        .split_inclusive('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    let mut body = String::new();
    // The header: each key in its place.
    let mut header = |key: &str| -> Result<(usize, String), UnitsError> {
        let (number, line) = lines
            .next()
            .ok_or_else(|| fail(0, format!("the file ends before its '{key}' line")))?;
        body.push_str(line);
        let value = line
            .trim_end()
            .strip_prefix(key)
            .filter(|v| key == HEADER || v.starts_with(' '))
            .ok_or_else(|| {
                if key == HEADER {
                    fail(
                        number,
                        format!("not a units file: the first line is not '{HEADER}'"),
                    )
                } else {
                    fail(number, format!("expected the '{key}' line"))
                }
            })?;
        Ok((number, value.trim().to_string()))
    };
    header(HEADER)?;
    let (number, board_text) = header("board")?;
    let board: Board = board_text
        .parse()
        .map_err(|e| fail(number, format!("{e}")))?;
    let (number, fen) = header("root")?;
    let root = Position::from_fen(&fen).map_err(|e| fail(number, format!("{e}")))?;
    if root.board() != board {
        return Err(fail(number, format!("the root is not a {board} position")));
    }
    let (number, depth_text) = header("split")?;
    let depth: u32 = depth_text
        .parse()
        .map_err(|_| fail(number, format!("bad split depth '{depth_text}'")))?;
    let (number, count_text) = header("units")?;
    let announced: u64 = count_text
        .parse()
        .map_err(|_| fail(number, format!("bad number of units '{count_text}'")))?;
    let mut units = Vec::new();
    for (number, line) in lines.by_ref() {
        if let Some(checksum_text) = line.trim_end().strip_prefix("end ") {
            let found = u64::from_str_radix(checksum_text.trim(), 16)
                .map_err(|_| fail(number, format!("bad checksum '{}'", checksum_text.trim())))?;
            if !line.ends_with('\n') || found != checksum(&body) {
                return Err(UnitsError::Edited {
                    path: path.to_path_buf(),
                });
            }
            if units.len() as u64 != announced {
                return Err(fail(
                    number,
                    format!(
                        "{} units, but the header announces {announced}",
                        units.len()
                    ),
                ));
            }
            return Ok(UnitsFile {
                path: path.to_path_buf(),
                root,
                depth,
                units,
                checksum: found,
            });
        }
        if !line.ends_with('\n') {
            break;
        }
        body.push_str(line);
        units.push(
            parse_unit(line, units.len() as u64 + 1, &root, depth).map_err(|m| fail(number, m))?,
        );
    }
    Err(UnitsError::Truncated {
        path: path.to_path_buf(),
        read: units.len() as u64,
        announced,
    })
}

/// One unit line, which must carry id `id` and a path of `depth` moves from `root` to
/// its FEN.
fn parse_unit(line: &str, id: u64, root: &Position, depth: u32) -> Result<Unit, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let [id_text, path_text, board_text, side_text] = fields[..] else {
        return Err(format!("'{}' is not 'ID PATH FEN'", line.trim_end()));
    };
    if id_text != id.to_string() {
        return Err(format!("unit {id_text} where unit {id} was expected"));
    }
    let mut position = *root;
    let mut path = Vec::new();
    for (i, text) in path_text.split(',').enumerate() {
        let mv = position
            .parse_move(text)
            .map_err(|e| format!("move {} of the path: {e}", i + 1))?;
        position.play(mv);
        path.push(mv);
    }
    if path.len() != depth as usize {
        return Err(format!(
            "the path has {} moves, not the split depth {depth}",
            path.len()
        ));
    }
    let fen = format!("{board_text} {side_text}");
    if position.to_fen() != fen {
        return Err(format!(
            "the FEN {fen} is not the position its path leads to ({})",
            position.to_fen()
        ));
    }
    Ok(Unit { id, path, position })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Split, String) {
        let split = Split::new(Position::start(Board::new(5, 4).unwrap()), 3);
        let text = units_text(&split);
        (split, text)
    }

    fn error(text: &str) -> String {
        parse(Path::new("u.txt"), text).unwrap_err().to_string()
    }

    #[test]
    fn units_files_round_trip() {
        let (split, text) = sample();
        let file = parse(Path::new("u.txt"), &text).unwrap();
        assert_eq!(file.units, split.units());
        assert_eq!((file.root, file.depth), (*split.root(), 3));
        assert_eq!(file.split().unwrap().units(), split.units());
        assert!(text.starts_with("konane-units 1\nboard 5x4\nroot "));
    }

    #[test]
    fn truncated_and_edited_files_are_refused() {
        let (split, text) = sample();
        assert!(split.units().len() > 3);
        let cut = &text[..text.find("\n3 ").unwrap() + 1];
        assert!(error(cut).contains("truncated: 2 of its"), "{}", error(cut));
        // A unit line removed: the next id is out of place.
        let second = text.find("\n2 ").unwrap() + 1;
        let third = text.find("\n3 ").unwrap() + 1;
        let removed = format!("{}{}", &text[..second], &text[third..]);
        assert!(error(&removed).contains("unit 3 where unit 2 was expected"));
        // A FEN changed to another real position: the path does not lead there.
        let first_line = text.lines().nth(5).unwrap();
        let other_fen = split.units()[1].position.to_fen();
        let fields: Vec<&str> = first_line.split_whitespace().collect();
        let edited = text.replace(
            first_line,
            &format!("{} {} {other_fen}", fields[0], fields[1]),
        );
        assert!(error(&edited).contains("is not the position its path leads to"));
        // A consistent edit of one line (another unit's path and FEN) breaks the checksum.
        let line_two = text.lines().nth(6).unwrap();
        let swapped = text.replace(first_line, &line_two.replacen("2 ", "1 ", 1));
        assert!(
            error(&swapped).contains("was edited"),
            "{}",
            error(&swapped)
        );
        for (bad, needle) in [
            (
                text.replace("konane-units 1", "konane-records 1"),
                "not a units file",
            ),
            (text.replace("board 5x4", "board 4x5"), "not a 4x5 position"),
            (text.replace("split 3", "split three"), "bad split depth"),
            (
                text.replace("\nunits ", "\ncount "),
                "expected the 'units' line",
            ),
            (text.replacen(",", ",zz,", 1), "move 2 of the path"),
            (text.replacen(",", " ", 1), "is not 'ID PATH FEN'"),
        ] {
            assert!(error(&bad).contains(needle), "{needle}: {}", error(&bad));
        }
    }

    #[test]
    fn a_file_of_another_split_is_not_the_split_of_its_root() {
        // Units of depth 3 with their header claiming depth 3 but made from another
        // order: simulated by dropping a unit and renumbering, with a fresh checksum.
        let (split, text) = sample();
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let count = split.units().len();
        lines.remove(5 + count - 1);
        lines.pop();
        lines[4] = format!("units {}", count - 1);
        let mut body: String = lines.iter().map(|l| format!("{l}\n")).collect();
        body.push_str(&format!("end {:016x}\n", checksum(&body)));
        let file = parse(Path::new("u.txt"), &body).unwrap();
        assert!(file
            .split()
            .unwrap_err()
            .to_string()
            .contains("not the split of its root"));
    }
}
