//! Board geometry: sizes from 1x1 to 8x8, squares and their names, colours, start layout.

use std::fmt;
use std::str::FromStr;

use crate::bitboard::{neighbours, FILE_A};
use crate::text::clip;

/// The largest width and height supported (one `u64` bitboard holds the board).
pub const MAX_SIDE: u8 = 8;

/// A player: Black moves first (UGI's `p1`), White second (`p2`).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Color {
    Black,
    White,
}

impl Color {
    /// The other player.
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `0` for Black, `1` for White: an index for per-colour tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter: `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// `Black` or `White`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opponent()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A square of the 8x8 grid, stored as `rank * 8 + file` (both from 0).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank` (both from 0, both below 8).
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < MAX_SIDE && rank < MAX_SIDE);
        Square(rank * 8 + file)
    }

    /// The square with bit index `index` (below 64).
    pub const fn from_index(index: u8) -> Square {
        debug_assert!(index < 64);
        Square(index)
    }

    /// The bit index, `rank * 8 + file`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, from 0 (rank `1`).
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The bitboard holding only this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    /// Writes the square's name: file letter, then rank number (`d5`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Parses a square's name such as `d5` or `D5` on the largest board (`a1` to `h8`);
    /// [`Board::parse_square`] also checks that it lies on a given board.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        Board::STANDARD.parse_square(text)
    }
}

/// Why a square's name was refused.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum SquareError {
    /// Not a file letter followed by a rank number from 1 (`d5`).
    Syntax(String),
    /// A square outside the board, such as `i9` on 8x8.
    OffBoard { square: String, board: Board },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::Syntax(text) => write!(
                f,
                "'{text}' is not a square: expected a file letter and a rank number like d5"
            ),
            SquareError::OffBoard { square, board } => {
                write!(f, "square '{square}' is off the {board} board")
            }
        }
    }
}

impl std::error::Error for SquareError {}

/// Why a board size was refused.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum BoardSizeError {
    /// Not of the form `WxH` (for example `8x8`).
    Syntax(String),
    /// A side is zero or larger than [`MAX_SIDE`].
    OutOfRange { width: u32, height: u32 },
}

impl fmt::Display for BoardSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardSizeError::Syntax(text) => {
                write!(f, "board size '{text}' is not of the form WxH (for example 8x8)")
            }
            BoardSizeError::OutOfRange { width, height } => write!(
                f,
                "board size {width}x{height} is out of range: width and height must be 1 to {MAX_SIDE}"
            ),
        }
    }
}

impl std::error::Error for BoardSizeError {}

/// The geometry of a rectangular board of `width` files and `height` ranks.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
    mask: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::STANDARD
    }
}

impl Board {
    /// The standard 8x8 board.
    pub const STANDARD: Board = Board {
        width: 8,
        height: 8,
        mask: u64::MAX,
    };

    /// A board `width` files wide and `height` ranks high, each from 1 to 8.
    pub fn new(width: u32, height: u32) -> Result<Board, BoardSizeError> {
        if !(1..=MAX_SIDE as u32).contains(&width) || !(1..=MAX_SIDE as u32).contains(&height) {
            return Err(BoardSizeError::OutOfRange { width, height });
        }
        let rank_mask = (FILE_A * ((1u64 << width) - 1)) & 0xff;
        let mut mask = 0;
        for rank in 0..height {
            mask |= rank_mask << (8 * rank);
        }
        Ok(Board {
            width: width as u8,
            height: height as u8,
            mask,
        })
    }

    /// Number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// The bitboard of every square on the board.
    pub const fn mask(self) -> u64 {
        self.mask
    }

    /// Number of squares.
    pub const fn area(self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// Whether `square` lies on this board.
    pub const fn contains(self, square: Square) -> bool {
        self.mask & square.bit() != 0
    }

    /// The square at `file`, `rank` if it lies on this board.
    pub fn square(self, file: u32, rank: u32) -> Option<Square> {
        (file < self.width as u32 && rank < self.height as u32)
            .then(|| Square::new(file as u8, rank as u8))
    }

    /// The colour whose piece stands on `square` at the start: the top-left square is Black.
    pub const fn start_color(self, square: Square) -> Color {
        if (square.file() + (self.height - 1 - square.rank())).is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The squares `color` fills at the start.
    pub fn start_pieces(self, color: Color) -> u64 {
        crate::bitboard::Bits(self.mask)
            .filter(|&i| self.start_color(Square::from_index(i)) == color)
            .fold(0, |bb, i| bb | 1u64 << i)
    }

    /// The four corner squares (fewer on boards one square wide or high).
    pub fn corners(self) -> u64 {
        let (w, h) = (self.width - 1, self.height - 1);
        Square::new(0, 0).bit()
            | Square::new(w, 0).bit()
            | Square::new(0, h).bit()
            | Square::new(w, h).bit()
    }

    /// The centre: middle files (two on even widths, one on odd) times middle ranks.
    pub fn centre(self) -> u64 {
        let middle = |n: u8| -> (u8, u8) {
            if n.is_multiple_of(2) {
                (n / 2 - 1, n / 2)
            } else {
                (n / 2, n / 2)
            }
        };
        let (f0, f1) = middle(self.width);
        let (r0, r1) = middle(self.height);
        Square::new(f0, r0).bit()
            | Square::new(f0, r1).bit()
            | Square::new(f1, r0).bit()
            | Square::new(f1, r1).bit()
    }

    /// The orthogonal neighbours of the squares in `bb` that lie on this board.
    pub const fn neighbours(self, bb: u64) -> u64 {
        neighbours(bb) & self.mask
    }

    /// Parses a square's name such as `d5` or `D5` that must lie on this board.
    pub fn parse_square(self, text: &str) -> Result<Square, SquareError> {
        let bytes = text.as_bytes();
        let syntax = || SquareError::Syntax(clip(text));
        if bytes.len() < 2 || !bytes[0].is_ascii_alphabetic() {
            return Err(syntax());
        }
        if !bytes[1..].iter().all(u8::is_ascii_digit) || bytes[1] == b'0' {
            return Err(syntax());
        }
        let file = (bytes[0].to_ascii_lowercase() - b'a') as u32;
        let rank = text[1..]
            .parse::<u32>()
            .unwrap_or(u32::MAX)
            .saturating_sub(1);
        self.square(file, rank)
            .ok_or_else(|| SquareError::OffBoard {
                square: clip(&text.to_ascii_lowercase()),
                board: self,
            })
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Board {
    type Err = BoardSizeError;

    /// Parses `WxH` such as `8x8` or `6X7`.
    fn from_str(text: &str) -> Result<Board, BoardSizeError> {
        let syntax = || BoardSizeError::Syntax(text.to_string());
        let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(syntax)?;
        let parse = |s: &str| -> Result<u32, BoardSizeError> {
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            Ok(s.parse::<u32>().unwrap_or(u32::MAX))
        };
        Board::new(parse(w)?, parse(h)?)
    }
}
