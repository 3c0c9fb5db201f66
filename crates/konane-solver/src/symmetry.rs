//! The proof table's key: the canonical (smallest) image of a position under its
//! board's colour-preserving symmetries (konane-core's bitboard maps).

use konane_core::{Bitboard, Geometry, Symmetry, Word};

/// A position as the proof table keys it: both bitboards and the side to move, in full.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
pub struct Key<W: Word> {
    pub black: Bitboard<W>,
    pub white: Bitboard<W>,
    pub white_to_move: bool,
}

impl<W: Word> Key<W> {
    /// A well-mixed 64-bit digest, used only to place the key in a table (never to
    /// compare positions).
    #[inline(always)]
    pub fn digest(&self) -> u64 {
        let part =
            |bb: Bitboard<W>| bb.0.low_u64() ^ bb.0.fold_high().wrapping_mul(0xff51_afd7_ed55_8ccd);
        let mut x = part(self.black).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ part(self.white)
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
pub struct Symmetries<W: Word> {
    geometry: &'static Geometry<W>,
    maps: Vec<Symmetry>,
}

impl<W: Word> Symmetries<W> {
    /// The symmetries of the board of `geometry` that keep its start colouring,
    /// identity left out.
    pub fn new(geometry: &'static Geometry<W>) -> Symmetries<W> {
        Symmetries {
            geometry,
            maps: Symmetry::colour_preserving(geometry.board())
                .into_iter()
                .filter(|&s| s != Symmetry::Identity)
                .collect(),
        }
    }

    /// The smallest key among the images of (`black`, `white`): equal for positions
    /// that are symmetric to each other, so they share one table entry.
    #[inline(always)]
    pub fn canonical(&self, black: Bitboard<W>, white: Bitboard<W>, white_to_move: bool) -> Key<W> {
        let mut best = (black, white);
        for &symmetry in &self.maps {
            let image = (
                symmetry.bitboard(self.geometry, black),
                symmetry.bitboard(self.geometry, white),
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
    use konane_core::{BitPosition, Board, Color, Position};

    #[test]
    fn symmetric_positions_share_a_key() {
        let board = Board::new(5, 5).unwrap();
        let symmetries = Symmetries::new(Geometry::<u64>::of(board));
        let mut position = Position::start(board);
        position.play_all(["c3", "c2"]).unwrap();
        let key = |p: &Position| {
            let p: &BitPosition<u64> = p.bits().unwrap();
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
