//! The proof table's key: the canonical (smallest) image of a position under its
//! board's colour-preserving symmetries (konane-core's bitboard maps).

use konane_core::{Board, Symmetry};

/// A position as the proof table keys it: both bitboards and the side to move, in full.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
pub struct Key {
    pub black: u64,
    pub white: u64,
    pub white_to_move: bool,
}

impl Key {
    /// A well-mixed 64-bit digest, used only to place the key in a table (never to
    /// compare positions).
    #[inline(always)]
    pub fn digest(&self) -> u64 {
        let mut x = self.black.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ self
                .white
                .rotate_left(29)
                .wrapping_mul(0xbf58_476d_1ce4_e5b9)
            ^ self.white_to_move as u64;
        x ^= x >> 32;
        x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 29)
    }
}

/// The non-identity colour-preserving symmetries of one board.
#[derive(Clone, Debug)]
pub struct Symmetries {
    board: Board,
    maps: Vec<Symmetry>,
}

impl Symmetries {
    /// The symmetries of `board` that keep its start colouring, identity left out.
    pub fn new(board: Board) -> Symmetries {
        Symmetries {
            board,
            maps: Symmetry::colour_preserving(board)
                .into_iter()
                .filter(|&s| s != Symmetry::Identity)
                .collect(),
        }
    }

    /// The smallest key among the images of (`black`, `white`): equal for positions
    /// that are symmetric to each other, so they share one table entry.
    #[inline(always)]
    pub fn canonical(&self, black: u64, white: u64, white_to_move: bool) -> Key {
        let mut best = (black, white);
        for &symmetry in &self.maps {
            let image = (
                symmetry.bitboard(self.board, black),
                symmetry.bitboard(self.board, white),
            );
            best = best.min(image);
        }
        Key {
            black: best.0,
            white: best.1,
            white_to_move,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Color, Position};

    #[test]
    fn symmetric_positions_share_a_key() {
        let board = Board::new(5, 5).unwrap();
        let symmetries = Symmetries::new(board);
        let mut position = Position::start(board);
        position.play_all(["c3", "c2"]).unwrap();
        let key = |p: &Position| {
            symmetries.canonical(p.pieces(Color::Black), p.pieces(Color::White), true)
        };
        for symmetry in Symmetry::colour_preserving(board) {
            assert_eq!(key(&symmetry.apply(&position)), key(&position));
        }
        let mut other = Position::start(board);
        other.play_all(["a1", "a2"]).unwrap();
        assert_ne!(key(&other), key(&position));
    }
}
