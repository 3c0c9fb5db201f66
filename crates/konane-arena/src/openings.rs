//! Opening positions: read from a file (FENs or move lists, one a line) or generated
//! from a seed (both removals and a few random jumps: [`konane_core::random_opening`]).

use std::fmt;
use std::hash::Hasher;
use std::path::Path;

use fnv::FnvHasher;

use konane_core::{random_opening, Board, Position};

/// Why an openings file cannot be used.
#[derive(Debug)]
pub enum OpeningsError {
    Read(std::io::Error),
    /// A line that is neither a FEN nor a legal move list, with its number (from 1).
    Line {
        line: usize,
        message: String,
    },
    /// The file holds no opening.
    Empty,
}

impl fmt::Display for OpeningsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningsError::Read(_) => f.write_str("cannot read the openings file"),
            OpeningsError::Line { line, message } => {
                write!(f, "openings file, line {line}: {message}")
            }
            OpeningsError::Empty => f.write_str("the openings file holds no opening"),
        }
    }
}

impl std::error::Error for OpeningsError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpeningsError::Read(error) => Some(error),
            OpeningsError::Line { .. } | OpeningsError::Empty => None,
        }
    }
}

/// Parses one opening line: a FEN (it holds a `/` or is a one-rank board followed by a
/// side) or moves from the start of `board`, separated by spaces or commas.
fn parse_opening(text: &str, board: Board) -> Result<Position, String> {
    let text = text.trim();
    let position = if text.contains('/') || text.ends_with(" b") || text.ends_with(" w") {
        Position::from_fen(text).map_err(|e| e.to_string())?
    } else {
        let mut position = Position::start(board);
        position
            .play_all(text.split([' ', ',']).filter(|m| !m.is_empty()))
            .map_err(|e| e.to_string())?;
        position
    };
    if position.is_game_over() {
        return Err(format!("the game is already over in {}", position.to_fen()));
    }
    Ok(position)
}

/// The openings of a file: one a line; blank lines and lines starting with `#` skipped.
fn load(path: &Path, board: Board) -> Result<Vec<Position>, OpeningsError> {
    let text = std::fs::read_to_string(path).map_err(OpeningsError::Read)?;
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let position = parse_opening(line, board).map_err(|message| OpeningsError::Line {
            line: i + 1,
            message,
        })?;
        openings.push(position);
    }
    if openings.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(openings)
}

/// Where a match's openings come from.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Positions read from a file, used in turn (and again from the top when used up).
    List(Vec<Position>),
    /// Random openings on `board`: both removals and `jumps` jumps, from `seed` + pair.
    Random {
        board: Board,
        jumps: usize,
        seed: u64,
    },
}

impl OpeningSource {
    /// The openings of the file at `path`, one a line (blank lines and lines starting
    /// with `#` skipped): a FEN, or moves from the start of `board` separated by spaces
    /// or commas.
    pub fn from_file(path: &Path, board: Board) -> Result<OpeningSource, OpeningsError> {
        load(path, board).map(OpeningSource::List)
    }

    /// What decides the openings, as `key=value` words for a record file's header: the
    /// board, jumps and seed of generated ones, or the number and checksum of a file's.
    pub fn settings(&self) -> String {
        match self {
            OpeningSource::List(list) => {
                let mut hasher = FnvHasher::default();
                for position in list {
                    hasher.write(position.to_fen().as_bytes());
                    hasher.write(b"\n");
                }
                format!(
                    "openings=file positions={} checksum={:016x}",
                    list.len(),
                    hasher.finish()
                )
            }
            OpeningSource::Random { board, jumps, seed } => {
                format!("openings=random board={board} jumps={jumps} seed={seed}")
            }
        }
    }

    /// The start position of pair `pair` (from 0).
    pub fn position(&self, pair: usize) -> Position {
        match self {
            OpeningSource::List(list) => list[pair % list.len()],
            OpeningSource::Random { board, jumps, seed } => {
                let mut position = Position::start(*board);
                for mv in random_opening(*board, *jumps, seed.wrapping_add(pair as u64)) {
                    position.play(mv);
                }
                position
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_fens_or_move_lists() {
        let board = Board::STANDARD;
        let after = parse_opening("d5 d4, b5d5", board).unwrap();
        let mut expected = Position::start(board);
        expected.play_all(["d5", "d4", "b5d5"]).unwrap();
        assert_eq!(after, expected);
        let fen = expected.to_fen();
        assert_eq!(parse_opening(&fen, board).unwrap(), expected);
        let small: Board = "5x1".parse().unwrap();
        assert_eq!(parse_opening("b1bw1 b", small).unwrap().board(), small);
        assert!(parse_opening("d5 a1", board)
            .unwrap_err()
            .contains("move 2"));
        assert!(parse_opening("zz/zz b", board).is_err());
        assert!(parse_opening("b1b1w w", small)
            .unwrap_err()
            .contains("over"));
    }

    #[test]
    fn files_report_the_bad_line() {
        let dir = std::env::temp_dir().join(format!("konane-openings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("openings.txt");
        std::fs::write(&path, "# two openings\nd5 d4\n\na8 b8\nh1 h1\n").unwrap();
        let error = load(&path, Board::STANDARD).unwrap_err().to_string();
        assert!(error.contains("line 5"), "{error}");
        std::fs::write(&path, "d5 d4\na8 b8\n").unwrap();
        let list = load(&path, Board::STANDARD).unwrap();
        assert_eq!(list.len(), 2);
        let source = OpeningSource::from_file(&path, Board::STANDARD).unwrap();
        assert_eq!(source.position(3), list[1]);
        let settings = source.settings();
        assert!(settings.starts_with("openings=file positions=2 checksum="));
        std::fs::write(&path, "d5 d4\na8 a7\n").unwrap();
        let other = OpeningSource::from_file(&path, Board::STANDARD).unwrap();
        assert_ne!(other.settings(), settings);
        std::fs::write(&path, "# nothing\n").unwrap();
        assert!(matches!(
            load(&path, Board::STANDARD),
            Err(OpeningsError::Empty)
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn random_openings_differ_by_pair_and_repeat_by_seed() {
        let board: Board = "6x6".parse().unwrap();
        let source = OpeningSource::Random {
            board,
            jumps: 2,
            seed: 7,
        };
        let first = source.position(0);
        assert_eq!(first.empty_count(), 4);
        assert_eq!(first, source.position(0));
        assert!((1..10).any(|pair| source.position(pair) != first));
        assert_eq!(
            source.settings(),
            "openings=random board=6x6 jumps=2 seed=7"
        );
    }
}
