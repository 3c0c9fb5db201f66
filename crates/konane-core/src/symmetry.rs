//! The reflections and rotations of a board, and which of them keep the start layout's
//! colouring (those map reachable positions to reachable positions).

use crate::bitboard::Bitboard;
use crate::board::{Board, Color, Square};
use crate::geometry::Geometry;
use crate::moves::Move;
use crate::position::{BitPosition, Position};
use crate::square_set::SquareSet;
use crate::word::Word;

/// Mirror in the a1-h8 diagonal of the 8x8 grid: (file, rank) to (rank, file), by
/// three rounds of swapping blocks across the diagonal.
#[inline(always)]
fn transpose(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = K1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// One of the eight symmetries of a square (the first four also fit any rectangle; on a
/// rectangle that is not square, the four that swap files and ranks map a square, a move
/// or a position of W×H onto the transposed board, H×W: [`Board::transposed`]).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Symmetry {
    Identity,
    /// Files reversed (left-right mirror).
    FlipFiles,
    /// Ranks reversed (top-bottom mirror).
    FlipRanks,
    /// Half turn.
    Rotate180,
    /// Mirror in the a1 diagonal.
    Transpose,
    /// Mirror in the other diagonal.
    AntiTranspose,
    /// Quarter turn clockwise.
    Rotate90,
    /// Quarter turn anticlockwise.
    Rotate270,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipFiles,
        Symmetry::FlipRanks,
        Symmetry::Rotate180,
        Symmetry::Transpose,
        Symmetry::AntiTranspose,
        Symmetry::Rotate90,
        Symmetry::Rotate270,
    ];

    /// Whether this symmetry swaps files and ranks (so maps a board that is not square
    /// onto its transpose, and is no symmetry of that board).
    pub const fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Transpose
                | Symmetry::AntiTranspose
                | Symmetry::Rotate90
                | Symmetry::Rotate270
        )
    }

    /// The image of `square` of `board` (on the transposed board if this swaps axes).
    pub fn square(self, board: Board, square: Square) -> Square {
        let (w, h) = (board.width() - 1, board.height() - 1);
        let (f, r) = (square.file(), square.rank());
        let (nf, nr) = match self {
            Symmetry::Identity => (f, r),
            Symmetry::FlipFiles => (w - f, r),
            Symmetry::FlipRanks => (f, h - r),
            Symmetry::Rotate180 => (w - f, h - r),
            Symmetry::Transpose => (r, f),
            Symmetry::AntiTranspose => (h - r, w - f),
            Symmetry::Rotate90 => (r, w - f),
            Symmetry::Rotate270 => (h - r, f),
        };
        Square::new(nf, nr)
    }

    /// The image of every square of `bb` on the board of `geometry` (which must be
    /// square if this swaps axes), by whole-word operations: bit reversal for the half
    /// turn, byte swaps and a diagonal mirror on boards up to 8x8 (eight bits a rank),
    /// a rank or square at a time on larger boards.
    #[inline(always)]
    pub fn bitboard<W: Word>(self, geometry: &Geometry<W>, bb: Bitboard<W>) -> Bitboard<W> {
        let board = geometry.board();
        let (width, height, stride) = (
            board.width() as u32,
            board.height() as u32,
            geometry.stride(),
        );
        let rotate_180 = |x: Bitboard<W>| {
            Bitboard(x.0.reverse_bits()) >> (W::BITS - (stride * (height - 1) + width))
        };
        let flip_ranks = |x: Bitboard<W>| {
            if stride == 8 {
                Bitboard(x.0.swap_bytes()) >> (W::BITS - 8 * height)
            } else {
                let rank = Bitboard::<W>::low_bits(width);
                (0..height).fold(Bitboard::EMPTY, |image, r| {
                    image | ((x >> (r * stride)) & rank) << ((height - 1 - r) * stride)
                })
            }
        };
        let flip_files = |x: Bitboard<W>| flip_ranks(rotate_180(x));
        let transpose = |x: Bitboard<W>| {
            if W::BITS == 64 && stride == 8 {
                Bitboard(W::from_u64(transpose(x.0.low_u64())))
            } else {
                x.iter().fold(Bitboard::EMPTY, |image, index| {
                    let (file, rank) = (index as u32 % stride, index as u32 / stride);
                    image | Bitboard::from_index((file * stride + rank) as u8)
                })
            }
        };
        match self {
            Symmetry::Identity => bb,
            Symmetry::FlipFiles => flip_files(bb),
            Symmetry::FlipRanks => flip_ranks(bb),
            Symmetry::Rotate180 => rotate_180(bb),
            Symmetry::Transpose => transpose(bb),
            Symmetry::AntiTranspose => rotate_180(transpose(bb)),
            Symmetry::Rotate90 => flip_ranks(transpose(bb)),
            Symmetry::Rotate270 => flip_files(transpose(bb)),
        }
    }

    /// The image of `mv`, made on `board` (on the transposed board if this swaps axes).
    pub fn apply_move(self, board: Board, mv: Move) -> Move {
        if mv.is_removal() {
            Move::removal(self.square(board, mv.from()))
        } else {
            Move::jump(self.square(board, mv.from()), self.square(board, mv.to()))
        }
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }

    /// The image of `position` (same side to move; on the transposed board if this
    /// swaps axes).
    pub fn apply(self, position: &Position) -> Position {
        let board = position.board();
        let image_board = match self.swaps_axes() {
            true => board.transposed(),
            false => board,
        };
        let image =
            |set: SquareSet| -> SquareSet { set.iter().map(|s| self.square(board, s)).collect() };
        let black = image(position.pieces(Color::Black));
        let white = image(position.pieces(Color::White));
        Position::from_squares(image_board, black, white, position.side_to_move())
            .expect("a symmetry maps a valid position to a valid one")
    }

    /// The image of `position` on its own word (same side to move).
    pub fn apply_bits<W: Word>(self, position: &BitPosition<W>) -> BitPosition<W> {
        let geometry = position.geometry();
        let black = self.bitboard(geometry, position.pieces(Color::Black));
        let white = self.bitboard(geometry, position.pieces(Color::White));
        BitPosition::from_bitboards(geometry.board(), black, white, position.side_to_move())
            .expect("a symmetry maps a valid position to a valid one")
    }

    /// The symmetries of `board` that map its start layout onto itself, identity first.
    pub fn colour_preserving(board: Board) -> Vec<Symmetry> {
        Symmetry::of_board(board)
            .filter(|s| s.keeps_colours(board))
            .collect()
    }

    /// The symmetries of `board` that map its start layout onto the layout with the
    /// colours exchanged (every black square onto a white one): the reflections across
    /// a line between two middle files or ranks, on a side of even length. None on a
    /// board whose sides are both odd.
    pub fn colour_swapping(board: Board) -> Vec<Symmetry> {
        Symmetry::of_board(board)
            .filter(|s| !s.keeps_colours(board))
            .collect()
    }

    /// The symmetries that map `board` onto itself (those that exchange files and
    /// ranks only on a square board), identity first.
    fn of_board(board: Board) -> impl Iterator<Item = Symmetry> {
        Symmetry::ALL
            .into_iter()
            .filter(move |s| !s.swaps_axes() || board.width() == board.height())
    }

    /// Whether this symmetry of `board` keeps every square's colour. The start layout
    /// fills the board as a chequerboard, and a symmetry moves the parity of file +
    /// rank by the same amount on every square: it keeps the colours when it keeps the
    /// colour of one square.
    fn keeps_colours(self, board: Board) -> bool {
        let corner = Square::new(0, 0);
        board.start_color(self.square(board, corner)) == board.start_color(corner)
    }
}

impl Position {
    /// The smallest FEN among the images of this position under its board's
    /// colour-preserving symmetries ([`Symmetry::colour_preserving`]): the same for a
    /// position and all its symmetric images, so it names the position up to symmetry.
    pub fn canonical_fen(&self) -> String {
        Symmetry::colour_preserving(self.board())
            .into_iter()
            .map(|symmetry| symmetry.apply(self).to_fen())
            .min()
            .expect("the identity is always there")
    }
}
