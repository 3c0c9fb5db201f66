//! The record key of a position (its occupied squares, then which pieces stand off
//! their square's start colour) and the canonical image of a position: the one with
//! the smallest key among its images under the board's colour-preserving symmetries.

use konane_core::{Bits, Board, Color, Position, Square, SquareSet, Symmetry, Word, U256};

/// The word a key is held in: `u64` for boards of at most 64 squares, [`U256`] for
/// every board up to 16x16 (the narrowest that holds a board is its
/// [`Board::key_word`]). The file format does not depend on it; it only sets how
/// much memory a record takes.
pub trait KeyWord: Word {
    /// The word as 256 bits.
    fn to_u256(self) -> U256;
    /// The word holding `value`, if it fits.
    fn from_u256(value: U256) -> Option<Self>;
}

impl KeyWord for u64 {
    fn to_u256(self) -> U256 {
        U256::from(self)
    }

    fn from_u256(value: U256) -> Option<u64> {
        (value >> 64u32 == U256::ZERO).then(|| value.as_u64())
    }
}

impl KeyWord for U256 {
    fn to_u256(self) -> U256 {
        self
    }

    fn from_u256(value: U256) -> Option<U256> {
        Some(value)
    }
}

/// A position's board contents: the occupied squares and which of them hold the colour
/// that did not start there. Records are sorted by it (occupancy first) and canonical
/// images minimise it.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Key<W = u64> {
    /// Bit `rank * width + file` set for every occupied square.
    pub occupancy: W,
    /// Bit `j` set when the `j`-th occupied square (in the order of `occupancy`'s bits)
    /// holds the colour that did not start there; 0 for every position reachable from
    /// the start, where pieces never leave their own shade.
    pub exceptions: W,
}

/// The key of the pieces `black` and `white` on `board`.
///
/// # Panics
///
/// If the board has more squares than `W` has bits.
pub fn key_of<W: KeyWord>(board: Board, black: SquareSet, white: SquareSet) -> Key<W> {
    assert!(board.area() <= W::BITS, "{board} needs a wider key word");
    let width = board.width() as u32;
    let (mut occupancy, mut exceptions) = (W::ZERO, W::ZERO);
    // Squares iterate rank after rank from a1, the order of the compact numbers
    // (`rank * width + file`), so one pass numbers the occupied squares.
    for (j, square) in (black | white).iter().enumerate() {
        occupancy = occupancy | W::bit(square.rank() as u32 * width + square.file() as u32);
        let color = if black.contains(square) {
            Color::Black
        } else {
            Color::White
        };
        if color != board.start_color(square) {
            exceptions = exceptions | W::bit(j as u32);
        }
    }
    Key {
        occupancy,
        exceptions,
    }
}

/// Why a number read from a file is not the key of any position on the board.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum KeyError {
    /// An occupied square beyond the board's last square.
    OffBoard,
    /// A colour exception beyond the number of occupied squares.
    StrayException,
}

/// Checks that the 256-bit `occupancy` and `exceptions` are a key of `board`: no square
/// beyond the board's last, no exception bit at or beyond the number of pieces.
pub(crate) fn check_key_bits(
    board: Board,
    occupancy: U256,
    exceptions: U256,
) -> Result<(), KeyError> {
    let area = board.area();
    if area < 256 && occupancy >> area != U256::ZERO {
        return Err(KeyError::OffBoard);
    }
    let count = occupancy.count_ones();
    if count < 256 && exceptions >> count != U256::ZERO {
        return Err(KeyError::StrayException);
    }
    Ok(())
}

/// The pieces `(black, white)` of `key` on `board`.
pub(crate) fn pieces_of<W: KeyWord>(
    board: Board,
    key: Key<W>,
) -> Result<(SquareSet, SquareSet), KeyError> {
    let Key {
        occupancy,
        exceptions,
    } = key;
    check_key_bits(board, occupancy.to_u256(), exceptions.to_u256())?;
    let width = board.width() as u32;
    let (mut black, mut white) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for (j, compact) in Bits(occupancy).enumerate() {
        let square = Square::new(
            (compact as u32 % width) as u8,
            (compact as u32 / width) as u8,
        );
        let start = board.start_color(square);
        let color = if (exceptions >> j as u32) & W::bit(0) == W::ZERO {
            start
        } else {
            !start
        };
        match color {
            Color::Black => black = black.with(square),
            Color::White => white = white.with(square),
        }
    }
    Ok((black, white))
}

/// The canonical images of positions on one board.
#[derive(Clone, Debug)]
pub struct Canonical {
    board: Board,
    symmetries: Vec<Symmetry>,
}

impl Canonical {
    /// For positions on `board`: its colour-preserving symmetries (from the rules crate).
    pub fn new(board: Board) -> Canonical {
        Canonical {
            board,
            symmetries: Symmetry::colour_preserving(board),
        }
    }

    /// The image of `position` with the smallest key, its key, and the symmetry that
    /// maps `position` onto it (the first such in `Symmetry::ALL` order).
    pub fn of<W: KeyWord>(&self, position: &Position) -> (Key<W>, Symmetry) {
        debug_assert_eq!(position.board(), self.board);
        let (black, white) = (position.pieces(Color::Black), position.pieces(Color::White));
        let image = |s: Symmetry, set: SquareSet| -> SquareSet {
            set.iter()
                .map(|square| s.square(self.board, square))
                .collect()
        };
        self.symmetries
            .iter()
            .map(|&s| (key_of(self.board, image(s, black), image(s, white)), s))
            .min_by_key(|&(image, _)| image)
            .expect("the identity is always a symmetry")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::WordSize;
    use rand::{Rng, SeedableRng};

    /// Random positions reached by random play from the start of `board`.
    fn random_positions(board: Board, count: usize) -> Vec<Position> {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut found = Vec::new();
        while found.len() < count {
            let mut position = Position::start(board);
            loop {
                found.push(position);
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                position.play(moves[rng.gen_range(0..moves.len())]);
            }
        }
        found
    }

    #[test]
    fn keys_round_trip_on_every_board_size() {
        for width in 1..=16 {
            for height in 1..=16 {
                let board = Board::new(width, height).unwrap();
                for position in random_positions(board, 10) {
                    let (black, white) =
                        (position.pieces(Color::Black), position.pieces(Color::White));
                    let wide: Key<U256> = key_of(board, black, white);
                    assert_eq!(pieces_of(board, wide), Ok((black, white)), "{position}");
                    // Reachable positions keep every piece on its own shade.
                    assert_eq!(wide.exceptions, U256::ZERO, "{position}");
                    if board.key_word() == WordSize::W64 {
                        // The same key in either word.
                        let narrow: Key<u64> = key_of(board, black, white);
                        assert_eq!(narrow.occupancy.to_u256(), wide.occupancy);
                        assert_eq!(pieces_of(board, narrow), Ok((black, white)));
                    }
                }
            }
        }
    }

    #[test]
    fn off_shade_pieces_are_exceptions() {
        let position = Position::from_fen("wb1/w2 b").unwrap();
        let board = position.board();
        let key: Key = key_of(
            board,
            position.pieces(Color::Black),
            position.pieces(Color::White),
        );
        // a1 holds White (its start colour); a2 and b2 hold the other colour.
        assert_eq!(key.occupancy, 0b1_1001);
        assert_eq!(key.exceptions, 0b110);
        assert_eq!(
            pieces_of(board, key),
            Ok((position.pieces(Color::Black), position.pieces(Color::White)))
        );
    }

    #[test]
    fn numbers_that_are_no_position_are_refused() {
        let board = Board::new(3, 3).unwrap();
        let key = |occupancy: u64, exceptions: u64| Key {
            occupancy,
            exceptions,
        };
        assert_eq!(pieces_of(board, key(1 << 9, 0)), Err(KeyError::OffBoard));
        assert_eq!(
            pieces_of(board, key(0b11, 0b100)),
            Err(KeyError::StrayException)
        );
        assert!(pieces_of(Board::STANDARD, key(u64::MAX, u64::MAX)).is_ok());
        assert!(pieces_of("4x16".parse().unwrap(), key(u64::MAX, 0)).is_ok());
        // On a 16x16 board every one of the 256 bits is a square.
        let wide = |occupancy: U256, exceptions: U256| Key {
            occupancy,
            exceptions,
        };
        let full: Board = "16x16".parse().unwrap();
        assert!(pieces_of(full, wide(U256::MAX, U256::MAX)).is_ok());
        let board: Board = "9x8".parse().unwrap();
        assert_eq!(
            pieces_of(board, wide(U256::ONE << 72u32, U256::ZERO)),
            Err(KeyError::OffBoard)
        );
        assert_eq!(
            pieces_of(board, wide(U256::ONE << 71u32, U256::from(2u64))),
            Err(KeyError::StrayException)
        );
    }

    /// Every image of a position has one canonical key, which the returned symmetry gives.
    fn check_canonical<W: KeyWord>(board: Board) {
        let canonical = Canonical::new(board);
        for position in random_positions(board, 30) {
            let (key, symmetry) = canonical.of::<W>(&position);
            for &s in &canonical.symmetries {
                assert_eq!(canonical.of::<W>(&s.apply(&position)).0, key);
            }
            let image = symmetry.apply(&position);
            assert_eq!(
                key_of::<W>(
                    board,
                    image.pieces(Color::Black),
                    image.pieces(Color::White)
                ),
                key
            );
        }
    }

    #[test]
    fn symmetric_positions_share_one_canonical_image() {
        for board in ["6x6", "5x5", "7x6", "4x3", "4x16"] {
            check_canonical::<u64>(board.parse().unwrap());
        }
        for board in ["9x9", "10x7", "16x16", "6x6"] {
            check_canonical::<U256>(board.parse().unwrap());
        }
    }
}
