//! FEN parsing and printing for every board size, with a typed error saying what is
//! wrong and where.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Color, Square, MAX_SIDE};
use crate::position::Position;
use crate::square_set::SquareSet;
use crate::text::clip;

/// Why a FEN string was refused. Ranks are named as on the board (`rank 8` is the top
/// rank of an 8x8 board, the first field of the string).
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum FenError {
    /// The string is empty or blank.
    Empty,
    /// No side-to-move field after the board.
    MissingSide,
    /// The side-to-move field is not `b` or `w`.
    BadSide(String),
    /// Something follows the side to move.
    ExtraField(String),
    /// More ranks than the largest board has.
    TooManyRanks(usize),
    /// A rank field between two `/` (or at an end) is empty.
    EmptyRank { rank: usize },
    /// A character that is not `b`, `w` or a digit.
    BadChar { rank: usize, ch: char },
    /// A count of empty squares of zero (`0`, or a leading zero).
    ZeroCount { rank: usize },
    /// A rank wider than the largest board (`squares` is `usize::MAX` when the count
    /// itself is too large to hold).
    TooWide { rank: usize, squares: usize },
    /// A rank whose width differs from the top rank's.
    RankWidth {
        rank: usize,
        squares: usize,
        expected: usize,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("empty FEN"),
            FenError::MissingSide => {
                f.write_str("FEN has no side to move: add ' b' or ' w' after the board")
            }
            FenError::BadSide(side) => write!(f, "FEN side to move '{side}' must be 'b' or 'w'"),
            FenError::ExtraField(field) => {
                write!(f, "FEN has an extra field '{field}' after the side to move")
            }
            FenError::TooManyRanks(n) => {
                write!(f, "FEN has {n} ranks, at most {MAX_SIDE} are supported")
            }
            FenError::EmptyRank { rank } => write!(f, "rank {rank} is empty in the FEN"),
            FenError::BadChar { rank, ch } => write!(
                f,
                "rank {rank} has the character '{}': only 'b', 'w' and digits are allowed",
                ch.escape_debug()
            ),
            FenError::ZeroCount { rank } => {
                write!(f, "rank {rank} has an empty-square count of zero")
            }
            FenError::TooWide { rank, squares } if *squares == usize::MAX => {
                write!(
                    f,
                    "rank {rank} has more than {MAX_SIDE} squares, at most {MAX_SIDE} are supported"
                )
            }
            FenError::TooWide { rank, squares } => {
                write!(
                    f,
                    "rank {rank} has {squares} squares, at most {MAX_SIDE} are supported"
                )
            }
            FenError::RankWidth {
                rank,
                squares,
                expected,
            } => {
                write!(f, "rank {rank} has {squares} squares, expected {expected}")
            }
        }
    }
}

impl std::error::Error for FenError {}

/// Reads one rank field into its cells, left to right; `rank` is its number on the board.
fn parse_rank(field: &str, rank: usize) -> Result<Vec<Option<Color>>, FenError> {
    if field.is_empty() {
        return Err(FenError::EmptyRank { rank });
    }
    let mut cells = Vec::new();
    let mut chars = field.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            'b' => cells.push(Some(Color::Black)),
            'w' => cells.push(Some(Color::White)),
            '0'..='9' => {
                if ch == '0' {
                    return Err(FenError::ZeroCount { rank });
                }
                let mut count = ch as usize - '0' as usize;
                while let Some(&d @ '0'..='9') = chars.peek() {
                    chars.next();
                    count = count
                        .saturating_mul(10)
                        .saturating_add(d as usize - '0' as usize);
                }
                if count > MAX_SIDE as usize {
                    return Err(FenError::TooWide {
                        rank,
                        squares: count.saturating_add(cells.len()),
                    });
                }
                cells.extend(std::iter::repeat_n(None, count));
            }
            other => return Err(FenError::BadChar { rank, ch: other }),
        }
        if cells.len() > MAX_SIDE as usize {
            return Err(FenError::TooWide {
                rank,
                squares: cells.len(),
            });
        }
    }
    Ok(cells)
}

impl Position {
    /// Parses a FEN such as `bwbwbwbw/…/wbwbwbwb b`; the board's size is read from it.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let mut fields = fen.split_whitespace();
        let layout = fields.next().ok_or(FenError::Empty)?;
        let side = match fields.next() {
            None => return Err(FenError::MissingSide),
            Some("b") | Some("B") => Color::Black,
            Some("w") | Some("W") => Color::White,
            Some(other) => return Err(FenError::BadSide(clip(other))),
        };
        if let Some(extra) = fields.next() {
            return Err(FenError::ExtraField(clip(extra)));
        }
        let rank_fields: Vec<&str> = layout.split('/').collect();
        let height = rank_fields.len();
        if height > MAX_SIDE as usize {
            return Err(FenError::TooManyRanks(height));
        }
        let mut expected = None;
        let (mut black, mut white) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for (i, field) in rank_fields.iter().enumerate() {
            let rank_number = height - i;
            let cells = parse_rank(field, rank_number)?;
            let width = cells.len();
            let expected = *expected.get_or_insert(width);
            if width != expected {
                return Err(FenError::RankWidth {
                    rank: rank_number,
                    squares: width,
                    expected,
                });
            }
            for (file, cell) in cells.iter().enumerate() {
                let square = Square::new(file as u8, (rank_number - 1) as u8);
                match cell {
                    Some(Color::Black) => black = black.with(square),
                    Some(Color::White) => white = white.with(square),
                    None => {}
                }
            }
        }
        let board = Board::new(expected.unwrap_or(0) as u32, height as u32)
            .expect("width and height were checked to be 1 to MAX_SIDE");
        Ok(Position::from_squares(board, black, white, side)
            .expect("parsed squares are disjoint and on the board"))
    }

    /// The FEN of this position (canonical: lower case, runs of empty squares as numbers).
    pub fn to_fen(&self) -> String {
        let board = self.board();
        let mut fen = String::new();
        for rank in (0..board.height()).rev() {
            let mut run = 0;
            for file in 0..board.width() {
                let letter = match self.piece_at(Square::new(file, rank)) {
                    Some(color) => color.letter(),
                    None => {
                        run += 1;
                        continue;
                    }
                };
                if run > 0 {
                    fen.push_str(&run.to_string());
                    run = 0;
                }
                fen.push(letter);
            }
            if run > 0 {
                fen.push_str(&run.to_string());
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        fen.push(' ');
        fen.push(self.side_to_move().letter());
        fen
    }
}

impl fmt::Display for Position {
    /// Writes the FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl FromStr for Position {
    type Err = FenError;

    /// Parses a FEN, as [`Position::from_fen`].
    fn from_str(fen: &str) -> Result<Position, FenError> {
        Position::from_fen(fen)
    }
}
