//! The compact `Move` type, its notation (`d5`, `d3d5`, `d3-d5`) and why a move's text
//! was refused.

use std::fmt;
use std::str::FromStr;

use crate::board::{Board, Square, SquareError};
use crate::text::clip;

/// A move: the removal of one piece (the two opening moves) or a jump in one line,
/// named by its squares, the same on every board.
///
/// Stored in 16 bits: the origin's [`Square::code`] in bits 0-7, the landing square's in
/// bits 8-15; a removal has origin equal to landing square.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Move(u16);

impl Move {
    /// The removal of the piece on `square`.
    pub const fn removal(square: Square) -> Move {
        Move::from_squares(square, square)
    }

    /// A jump from `from` to `to` (in one line, over one or more pieces).
    pub const fn jump(from: Square, to: Square) -> Move {
        Move::from_squares(from, to)
    }

    /// The move from `from` to `to`: a removal when they are equal.
    #[inline(always)]
    pub(crate) const fn from_squares(from: Square, to: Square) -> Move {
        Move(from.code() as u16 | (to.code() as u16) << 8)
    }

    /// The square the piece leaves (for a removal, the square emptied).
    pub const fn from(self) -> Square {
        Square::from_code(self.0 as u8)
    }

    /// The landing square (for a removal, the square emptied).
    pub const fn to(self) -> Square {
        Square::from_code((self.0 >> 8) as u8)
    }

    /// Whether this move removes a piece instead of jumping.
    pub const fn is_removal(self) -> bool {
        self.0 as u8 == (self.0 >> 8) as u8
    }

    /// The raw 16-bit encoding, for tables indexed by move.
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The move with raw encoding `raw` (as returned by [`Move::raw`]).
    pub const fn from_raw(raw: u16) -> Move {
        Move(raw)
    }

    /// Parses a move's text on `board`: `d5` (removal), `d3d5` or `d3-d5` (jump),
    /// in any case. Only the syntax and the squares are checked, not legality.
    pub fn parse(board: Board, text: &str) -> Result<Move, MoveError> {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            return Err(MoveError::Empty);
        }
        if !trimmed.is_ascii() {
            return Err(MoveError::Syntax(clip(trimmed)));
        }
        // Split after the first square: a letter followed by digits.
        let bytes = trimmed.as_bytes();
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        let first_len = 1 + digits;
        let first = board
            .parse_square(&trimmed[..first_len.min(trimmed.len())])
            .map_err(|e| MoveError::in_move(e, trimmed))?;
        let rest = &trimmed[first_len..];
        if rest.is_empty() {
            return Ok(Move::removal(first));
        }
        let rest = rest.strip_prefix('-').unwrap_or(rest);
        let second = board
            .parse_square(rest)
            .map_err(|e| MoveError::in_move(e, trimmed))?;
        if first == second {
            return Err(MoveError::Syntax(clip(trimmed)));
        }
        let (df, dr) = (
            second.file() as i32 - first.file() as i32,
            second.rank() as i32 - first.rank() as i32,
        );
        let distance = df.abs() + dr.abs();
        if (df != 0 && dr != 0) || distance % 2 != 0 {
            return Err(MoveError::NotAJump(clip(trimmed)));
        }
        Ok(Move::jump(first, second))
    }
}

impl fmt::Display for Move {
    /// Writes the canonical notation: `d5` for a removal, `d3d5` for a jump.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_removal() {
            write!(f, "{}", self.from())
        } else {
            write!(f, "{}{}", self.from(), self.to())
        }
    }
}

impl FromStr for Move {
    type Err = MoveError;

    /// Parses a move's text on the largest board (squares `a1` to `p16`): the syntax and
    /// the line are checked; [`Move::parse`] also checks the squares against a board and
    /// [`Position::parse_move`](crate::Position::parse_move) the legality.
    fn from_str(text: &str) -> Result<Move, MoveError> {
        Move::parse(Board::LARGEST, text)
    }
}

/// Why a square or move could not be read, or could not be played.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum MoveError {
    /// Nothing was given.
    Empty,
    /// The text is not a square or a move (`d5`, `d3d5`, `d3-d5`).
    Syntax(String),
    /// A square outside the board, such as `i9` on 8x8.
    OffBoard { square: String, board: Board },
    /// Two squares that are not on one line an even number of steps apart.
    NotAJump(String),
    /// A well-formed move that the rules do not allow in this position.
    Illegal { text: String, legal: Vec<String> },
}

impl MoveError {
    /// The error of a move whose square could not be read: a syntax error names the
    /// whole move `text`.
    fn in_move(error: SquareError, text: &str) -> MoveError {
        match error {
            SquareError::Syntax(_) => MoveError::Syntax(clip(text)),
            SquareError::OffBoard { square, board } => MoveError::OffBoard { square, board },
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Empty => f.write_str("empty move"),
            MoveError::Syntax(text) => write!(
                f,
                "'{text}' is not a move: expected a square like d5 or a jump like d3d5 or d3-d5"
            ),
            MoveError::OffBoard { square, board } => {
                write!(f, "square '{square}' is off the {board} board")
            }
            MoveError::NotAJump(text) => write!(
                f,
                "'{text}' is not a jump: a jump goes straight along a file or rank an even number of squares"
            ),
            MoveError::Illegal { text, legal } => {
                if legal.is_empty() {
                    write!(f, "illegal move '{text}': the game is over, there is no legal move")
                } else {
                    write!(f, "illegal move '{text}': legal moves are {}", legal.join(" "))
                }
            }
        }
    }
}

impl std::error::Error for MoveError {}
