//! The reflections and rotations of a board, and which of them keep the start layout's
//! colouring (those map reachable positions to reachable positions).

use crate::board::{Board, Color, Square};
use crate::moves::Move;
use crate::position::Position;

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

/// One of the eight symmetries of a square (the first four also fit any rectangle).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Symmetry {
    Identity,
    /// Files reversed (left-right mirror).
    FlipFiles,
    /// Ranks reversed (top-bottom mirror).
    FlipRanks,
    /// Half turn.
    Rotate180,
    /// Mirror in the a1 diagonal (square boards only).
    Transpose,
    /// Mirror in the other diagonal (square boards only).
    AntiTranspose,
    /// Quarter turn clockwise (square boards only).
    Rotate90,
    /// Quarter turn anticlockwise (square boards only).
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

    /// Whether this symmetry swaps files and ranks (needs a square board).
    pub const fn swaps_axes(self) -> bool {
        matches!(
            self,
            Symmetry::Transpose
                | Symmetry::AntiTranspose
                | Symmetry::Rotate90
                | Symmetry::Rotate270
        )
    }

    /// The image of `square` on `board` (which must be square if this swaps axes).
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

    /// The image of every square of `bb` on `board` (which must be square if this swaps
    /// axes), by byte swaps, bit reversal and a diagonal mirror: no loop over squares,
    /// fast enough for the solver's canonical table keys.
    #[inline(always)]
    pub fn bitboard(self, board: Board, bb: u64) -> u64 {
        // Reverse the bits of every byte, then slide the files back to start at file a.
        let flip_files = |x: u64| x.reverse_bits().swap_bytes() >> (8 - board.width());
        let flip_ranks = |x: u64| x.swap_bytes() >> (8 * (8 - board.height() as u32));
        match self {
            Symmetry::Identity => bb,
            Symmetry::FlipFiles => flip_files(bb),
            Symmetry::FlipRanks => flip_ranks(bb),
            Symmetry::Rotate180 => flip_ranks(flip_files(bb)),
            Symmetry::Transpose => transpose(bb),
            Symmetry::AntiTranspose => flip_ranks(flip_files(transpose(bb))),
            Symmetry::Rotate90 => flip_ranks(transpose(bb)),
            Symmetry::Rotate270 => flip_files(transpose(bb)),
        }
    }

    /// The image of `mv` on `board`.
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

    /// The image of `position` (same side to move).
    pub fn apply(self, position: &Position) -> Position {
        let board = position.board();
        let black = self.bitboard(board, position.pieces(Color::Black));
        let white = self.bitboard(board, position.pieces(Color::White));
        Position::from_parts(board, black, white, position.side_to_move())
            .expect("a symmetry maps a valid position to a valid one")
    }

    /// The symmetries of `board` that map its start layout onto itself, identity first.
    pub fn colour_preserving(board: Board) -> Vec<Symmetry> {
        let start = Position::start(board);
        Symmetry::ALL
            .into_iter()
            .filter(|s| !s.swaps_axes() || board.width() == board.height())
            .filter(|s| s.apply(&start) == start)
            .collect()
    }
}
