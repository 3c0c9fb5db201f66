//! Boards from 1x1 to 16x16, squares and their names, colours, the start layout, and
//! which machine word holds a board's bitboards.

use std::fmt;
use std::str::FromStr;

use crate::text::clip;
use crate::word::WordSize;

/// The largest width and height supported.
pub const MAX_SIDE: u8 = 16;

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

/// A square of any board up to 16x16, named by its file and rank (both from 0): the same
/// square on every board, stored as `rank * 16 + file`. Its bit in a bitboard depends on
/// the board ([`Geometry::index`](crate::Geometry::index)).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Square(u8);

impl Square {
    /// The square on `file` and `rank` (both from 0, both below 16).
    pub const fn new(file: u8, rank: u8) -> Square {
        debug_assert!(file < MAX_SIDE && rank < MAX_SIDE);
        Square(rank << 4 | (file & 15))
    }

    /// The square with code `code` (as returned by [`Square::code`]).
    pub const fn from_code(code: u8) -> Square {
        Square(code)
    }

    /// The code `rank * 16 + file`, the same on every board.
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The file, from 0 (`a`).
    pub const fn file(self) -> u8 {
        self.0 & 15
    }

    /// The rank, from 0 (rank `1`).
    pub const fn rank(self) -> u8 {
        self.0 >> 4
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

    /// Parses a square's name such as `d5` or `D5` on the largest board (`a1` to `p16`);
    /// [`Board::parse_square`] also checks that it lies on a given board.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        Board::LARGEST.parse_square(text)
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

/// The size of a rectangular board of `width` files and `height` ranks, each from 1 to
/// [`MAX_SIDE`].
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Board {
    width: u8,
    height: u8,
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
    };

    /// The largest board, 16x16.
    pub const LARGEST: Board = Board {
        width: MAX_SIDE,
        height: MAX_SIDE,
    };

    /// A board `width` files wide and `height` ranks high, each from 1 to [`MAX_SIDE`].
    pub fn new(width: u32, height: u32) -> Result<Board, BoardSizeError> {
        if !(1..=MAX_SIDE as u32).contains(&width) || !(1..=MAX_SIDE as u32).contains(&height) {
            return Err(BoardSizeError::OutOfRange { width, height });
        }
        Ok(Board {
            width: width as u8,
            height: height as u8,
        })
    }

    /// Every board from 1x1 to 16x16, by width, then height.
    pub fn all() -> impl Iterator<Item = Board> {
        (1..=MAX_SIDE).flat_map(|width| (1..=MAX_SIDE).map(move |height| Board { width, height }))
    }

    /// Number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of squares.
    pub const fn area(self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// The word that holds this board's bitboards: `u64` for boards up to 8x8 (eight
    /// bits a rank, whatever the width, so the move generator shifts by a constant),
    /// otherwise the smallest of `u128` and 256 bits that holds the squares (ranks
    /// packed one after another). The one place a board's word is chosen.
    pub const fn word(self) -> WordSize {
        if self.width <= 8 && self.height <= 8 {
            WordSize::W64
        } else if self.area() <= 128 {
            WordSize::W128
        } else {
            WordSize::W256
        }
    }

    /// The bit-index distance between a square and the one above it: 8 on boards up to
    /// 8x8, the width on every other board.
    pub const fn stride(self) -> u32 {
        match self.word() {
            WordSize::W64 => 8,
            _ => self.width as u32,
        }
    }

    /// The word a certificate key of this board is held in (a set of its squares
    /// numbered rank after rank, `rank * width + file`): `u64` for boards of at most 64
    /// squares, 256 bits for every other board. The one place this rule is written:
    /// the solver's certificates and the checker, which share only this crate, both
    /// follow it.
    pub const fn key_word(self) -> WordSize {
        if self.area() <= u64::BITS {
            WordSize::W64
        } else {
            WordSize::W256
        }
    }

    /// The most legal moves a position on this board can have: ⌈W·H/2⌉ pieces of one
    /// colour, each with at most ⌊(W-1)/2⌋ landings along its rank and ⌊(H-1)/2⌋ along
    /// its file (and at most 8 removals in the opening).
    pub const fn max_moves(self) -> usize {
        let pieces = self.area().div_ceil(2) as usize;
        let per_piece = (self.width as usize - 1) / 2 + (self.height as usize - 1) / 2;
        let jumps = pieces * per_piece;
        if jumps > 8 {
            jumps
        } else {
            8
        }
    }

    /// Whether `square` lies on this board.
    pub const fn contains(self, square: Square) -> bool {
        square.file() < self.width && square.rank() < self.height
    }

    /// The square at `file`, `rank` if it lies on this board.
    pub fn square(self, file: u32, rank: u32) -> Option<Square> {
        (file < self.width as u32 && rank < self.height as u32)
            .then(|| Square::new(file as u8, rank as u8))
    }

    /// Every square of the board, rank after rank from `a1`.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.height)
            .flat_map(move |rank| (0..self.width).map(move |file| Square::new(file, rank)))
    }

    /// The colour whose piece stands on `square` at the start: the top-left square is Black.
    pub const fn start_color(self, square: Square) -> Color {
        if (square.file() + (self.height - 1 - square.rank())).is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether Black may make the first removal on `square`: a corner, or one of the
    /// centre squares (the middle files, two on even widths and one on odd, times the
    /// middle ranks).
    pub const fn is_first_removal(self, square: Square) -> bool {
        const fn edge_or_middle(i: u8, n: u8) -> (bool, bool) {
            let edge = i == 0 || i == n - 1;
            let middle = if n.is_multiple_of(2) {
                i == n / 2 - 1 || i == n / 2
            } else {
                i == n / 2
            };
            (edge, middle)
        }
        let (file_edge, file_middle) = edge_or_middle(square.file(), self.width);
        let (rank_edge, rank_middle) = edge_or_middle(square.rank(), self.height);
        self.contains(square) && ((file_edge && rank_edge) || (file_middle && rank_middle))
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
