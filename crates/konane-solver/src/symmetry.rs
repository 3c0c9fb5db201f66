//! The colour-preserving symmetries of a board as fast bitboard maps, and the canonical
//! (smallest) image of a position under them: the key of the proof table.

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

/// Mirror in the a1-h8 diagonal of the 8x8 grid: (file, rank) to (rank, file).
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

/// The non-identity colour-preserving symmetries of one board, as bitboard maps.
#[derive(Clone, Debug)]
pub struct Symmetries {
    width: u32,
    height: u32,
    maps: Vec<Symmetry>,
}

impl Symmetries {
    /// The symmetries of `board` that keep its start colouring, identity left out.
    pub fn new(board: Board) -> Symmetries {
        Symmetries {
            width: board.width() as u32,
            height: board.height() as u32,
            maps: Symmetry::colour_preserving(board)
                .into_iter()
                .filter(|&s| s != Symmetry::Identity)
                .collect(),
        }
    }

    #[inline(always)]
    fn flip_files(&self, x: u64) -> u64 {
        x.reverse_bits().swap_bytes() >> (8 - self.width)
    }

    #[inline(always)]
    fn flip_ranks(&self, x: u64) -> u64 {
        x.swap_bytes() >> (8 * (8 - self.height))
    }

    /// The image of `x` under `symmetry` (equal to `Symmetry::bitboard`, only faster).
    #[inline(always)]
    pub fn apply(&self, symmetry: Symmetry, x: u64) -> u64 {
        match symmetry {
            Symmetry::Identity => x,
            Symmetry::FlipFiles => self.flip_files(x),
            Symmetry::FlipRanks => self.flip_ranks(x),
            Symmetry::Rotate180 => self.flip_ranks(self.flip_files(x)),
            Symmetry::Transpose => transpose(x),
            Symmetry::AntiTranspose => self.flip_ranks(self.flip_files(transpose(x))),
            Symmetry::Rotate90 => self.flip_ranks(transpose(x)),
            Symmetry::Rotate270 => self.flip_files(transpose(x)),
        }
    }

    /// The smallest key among the images of (`black`, `white`): equal for positions
    /// that are symmetric to each other, so they share one table entry.
    #[inline(always)]
    pub fn canonical(&self, black: u64, white: u64, white_to_move: bool) -> Key {
        let mut best = (black, white);
        for &symmetry in &self.maps {
            let image = (self.apply(symmetry, black), self.apply(symmetry, white));
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
    fn maps_agree_with_the_core_symmetries() {
        for w in 1..=8 {
            for h in 1..=8 {
                let board = Board::new(w, h).unwrap();
                let symmetries = Symmetries::new(board);
                for symmetry in Symmetry::ALL {
                    if symmetry.swaps_axes() && w != h {
                        continue;
                    }
                    for sq in konane_core::Bits(board.mask()) {
                        let bb = 1u64 << sq;
                        assert_eq!(
                            symmetries.apply(symmetry, bb),
                            symmetry.bitboard(board, bb),
                            "{symmetry:?} on {board}, square {sq}"
                        );
                    }
                }
            }
        }
    }

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
