//! The proof table's key: the canonical (smallest) image of a position under its
//! board's symmetries (konane-core's bitboard maps).
//!
//! Who wins from a position depends only on the pieces of the side to move, the other
//! side's pieces and the board, never on which colour each side plays: the rules treat
//! both colours alike once the two first removals are made. So a symmetry that
//! exchanges the board's two square colours (a reflection across a line between two
//! middle files or ranks, on a side of even length) maps a position to one of the other
//! side to move, with each side's pieces where the other side's images lie: Black's
//! pieces become White's, White's become Black's, and White moves where Black did. The
//! two are the same game, and share one key (docs/solver.md, "Proof table keyed by the
//! whole position").

use konane_core::{mix64, BitPosition, Bitboard, Color, Geometry, Symmetry, Word};

/// A position as the proof table keys it: both bitboards and the side to move, in full.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Ord, PartialOrd)]
pub struct TableKey<W: Word> {
    pub black: Bitboard<W>,
    pub white: Bitboard<W>,
    pub white_to_move: bool,
}

impl<W: Word> TableKey<W> {
    /// The key of `position` as it stands (no symmetry applied).
    #[inline(always)]
    pub fn of(position: &BitPosition<W>) -> TableKey<W> {
        TableKey {
            black: position.pieces(Color::Black),
            white: position.pieces(Color::White),
            white_to_move: position.side_to_move() == Color::White,
        }
    }

    /// A well-mixed 64-bit digest: places the key in a table, and stands for the
    /// whole position where a table keeps only digests (the threads' shared table of
    /// numbers, where a rare mistake only steers the search). Mixed by SplitMix64's
    /// finaliser ([`mix64`]): the digest before it mixed each bitboard by one
    /// multiplication, whose high input bits reach only high output bits, so positions
    /// that differ only in their boards' high squares collided, some 6 in a million
    /// lookups of a 7x7 solve's shared table of numbers.
    #[inline(always)]
    pub fn digest(&self) -> u64 {
        let part = |bb: Bitboard<W>| match W::BITS {
            64 => bb.0.low_u64(),
            _ => bb.0.low_u64() ^ mix64(bb.0.fold_high()),
        };
        let side = if self.white_to_move {
            0x9e37_79b9_7f4a_7c15
        } else {
            0
        };
        mix64(mix64(part(self.black) ^ side) ^ part(self.white))
    }
}

/// The symmetries of one board, identity left out.
#[derive(Clone, Debug)]
pub struct Symmetries<W: Word> {
    geometry: &'static Geometry<W>,
    /// Those that keep the colours: an image has the same side to move.
    keeping: Vec<Symmetry>,
    /// Those that exchange the colours: an image has the sides exchanged.
    swapping: Vec<Symmetry>,
}

impl<W: Word> Symmetries<W> {
    /// The symmetries of the board of `geometry`, identity left out.
    pub fn new(geometry: &'static Geometry<W>) -> Symmetries<W> {
        let board = geometry.board();
        Symmetries {
            geometry,
            keeping: Symmetry::colour_preserving(board)
                .into_iter()
                .filter(|&s| s != Symmetry::Identity)
                .collect(),
            swapping: Symmetry::colour_swapping(board),
        }
    }

    /// The smallest key among the images of (`black`, `white`, `white_to_move`): equal
    /// for positions that are symmetric to each other, so they share one table entry.
    /// An image under a symmetry that exchanges the colours has the sides exchanged.
    #[inline(always)]
    pub fn canonical(
        &self,
        black: Bitboard<W>,
        white: Bitboard<W>,
        white_to_move: bool,
    ) -> TableKey<W> {
        let map = |symmetry: Symmetry, bits| symmetry.bitboard(self.geometry, bits);
        // The smallest first board decides alone but for ties (symmetric positions,
        // rare), so the second board is mapped only for the images that tie it.
        let mut best = (black, white, white_to_move);
        for &symmetry in &self.keeping {
            let first = map(symmetry, black);
            if first <= best.0 {
                best = best.min((first, map(symmetry, white), white_to_move));
            }
        }
        for &symmetry in &self.swapping {
            let first = map(symmetry, white);
            if first <= best.0 {
                best = best.min((first, map(symmetry, black), !white_to_move));
            }
        }
        TableKey {
            black: best.0,
            white: best.1,
            white_to_move: best.2,
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

    /// On 6x6 a reflection exchanges the colours: a position and its reflection with
    /// the colours exchanged back (Black's pieces where White's images lie, and the
    /// other side to move) are the same game and share a key; the position with the
    /// other side to move but the same pieces is another game.
    #[test]
    fn a_reflection_with_the_colours_exchanged_shares_the_key() {
        let board = Board::new(6, 6).unwrap();
        let geometry = Geometry::<u64>::of(board);
        let symmetries = Symmetries::new(geometry);
        let start = Position::start(board);
        let squares = |position: &Position, colour| {
            let bits: &BitPosition<u64> = position.bits().unwrap();
            bits.pieces(colour)
        };
        // Three plies in: the two removals and a jump.
        let mut position = start;
        for _ in 0..3 {
            position.play(position.legal_moves()[0]);
        }
        let bits: &BitPosition<u64> = position.bits().unwrap();
        let (black, white) = (bits.pieces(Color::Black), bits.pieces(Color::White));
        let white_to_move = bits.side_to_move() == Color::White;
        let key = symmetries.canonical(black, white, white_to_move);
        for symmetry in Symmetry::colour_swapping(board) {
            let (image_black, image_white) = (
                symmetry.bitboard(geometry, white),
                symmetry.bitboard(geometry, black),
            );
            // The image is a position of the start colouring again.
            assert!(image_black
                .without(squares(&start, Color::Black))
                .is_empty());
            assert!(image_white
                .without(squares(&start, Color::White))
                .is_empty());
            let image = BitPosition::<u64>::from_bitboards(
                board,
                image_black,
                image_white,
                if white_to_move {
                    Color::Black
                } else {
                    Color::White
                },
            )
            .unwrap();
            assert_eq!(image.legal_moves().len(), bits.legal_moves().len());
            assert_eq!(
                symmetries.canonical(image_black, image_white, !white_to_move),
                key
            );
        }
        assert_ne!(symmetries.canonical(black, white, !white_to_move), key);
    }

    /// The key is the smallest of all the images, whether or not the position is
    /// symmetric (ties in the first board): random positions of each board and their
    /// symmetric images, against the minimum taken over every image in full.
    #[test]
    fn the_key_is_the_smallest_image() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        for (width, height) in [(5, 5), (6, 6), (7, 7), (8, 6), (6, 8), (8, 7), (8, 8)] {
            let board = Board::new(width, height).unwrap();
            let geometry = Geometry::<u64>::of(board);
            let symmetries = Symmetries::new(geometry);
            let all = geometry.mask();
            let keeping = Symmetry::colour_preserving(board);
            let plainest = |black: Bitboard<u64>, white: Bitboard<u64>, wtm: bool| {
                let map = |s: Symmetry, bits| s.bitboard(geometry, bits);
                let keeping = keeping.iter().map(|&s| (map(s, black), map(s, white), wtm));
                let swapping = Symmetry::colour_swapping(board)
                    .into_iter()
                    .map(|s| (map(s, white), map(s, black), !wtm));
                keeping.chain(swapping).min().unwrap()
            };
            for round in 0..2_000 {
                let black = Bitboard(rng.gen::<u64>()) & all;
                let mut white = Bitboard(rng.gen::<u64>()) & all & !black;
                let wtm = rng.gen();
                // Every third position symmetric under one symmetry: ties to break.
                let symmetric = keeping[1 + round % (keeping.len() - 1)];
                let black = if round % 3 == 0 {
                    white = Bitboard::EMPTY;
                    black | symmetric.bitboard(geometry, black)
                } else {
                    black
                };
                let key = symmetries.canonical(black, white, wtm);
                assert_eq!(
                    (key.black, key.white, key.white_to_move),
                    plainest(black, white, wtm),
                    "{board}"
                );
            }
        }
    }

    /// Positions that differ only in a few squares have different digests: pairs that
    /// the digest before the SplitMix finaliser gave one digest (met in a 7x7 solve),
    /// and 2^20 positions that vary ten squares of each colour.
    #[test]
    fn nearby_positions_have_different_digests() {
        let key = |black: u64, white: u64, white_to_move: bool| TableKey {
            black: Bitboard(black),
            white: Bitboard(white),
            white_to_move,
        };
        let pairs = [
            (
                0x0005_0245_0a15_2a55,
                0x0022_510a_052a_152a,
                0x0041_0245_0a15_2a55,
                0x0022_5108_550a_152a,
                false,
            ),
            (
                0x0005_0045_0a55_2a55,
                0x0000_4020_552a_552a,
                0x0011_0045_0a55_2a55,
                0x0000_4022_550a_552a,
                true,
            ),
            (
                0x0011_2245_0255_2a55,
                0x0022_050a_1502_552a,
                0x0005_2245_0255_2a55,
                0x0022_0508_1522_552a,
                true,
            ),
        ];
        for (b1, w1, b2, w2, white) in pairs {
            assert_ne!(key(b1, w1, white).digest(), key(b2, w2, white).digest());
        }
        let squares =
            |bits: u64, base: u32| (0..10).map(move |i| ((bits >> i) & 1) << (base + 5 * i));
        let mut digests: Vec<u64> = (0..1u64 << 20)
            .map(|i| {
                let black = squares(i, 3).fold(0x0055_2a55_2a55_2a55, |b, bit| b ^ bit);
                let white = squares(i >> 10, 5).fold(0x002a_552a_552a_552a, |w, bit| w ^ bit);
                key(black, white, i & 1 == 0).digest()
            })
            .collect();
        digests.sort_unstable();
        digests.dedup();
        assert_eq!(digests.len(), 1 << 20);
    }
}
