//! The record key of a position (its occupied squares, then which pieces stand off
//! their square's start colour) and the canonical image of a position: the one with
//! the smallest key among its images under the board's colour-preserving symmetries.

use konane_core::{Bits, Board, Color, Position, Square, SquareSet, Symmetry};

/// A position's board contents: the occupied squares and which of them hold the colour
/// that did not start there. Records are sorted by it (occupancy first) and canonical
/// images minimise it.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Ord, PartialOrd, Hash)]
pub struct Key {
    /// Bit `rank * width + file` set for every occupied square.
    pub occupancy: u64,
    /// Bit `j` set when the `j`-th occupied square (in the order of `occupancy`'s bits)
    /// holds the colour that did not start there; 0 for every position reachable from
    /// the start, where pieces never leave their own shade.
    pub exceptions: u64,
}

/// The key of the pieces `black` and `white` on `board`.
pub fn key_of(board: Board, black: SquareSet, white: SquareSet) -> Key {
    let width = board.width() as u32;
    let (mut occupancy, mut exceptions) = (0u64, 0u64);
    // Squares iterate rank after rank from a1, the order of the compact numbers
    // (`rank * width + file`), so one pass numbers the occupied squares.
    for (j, square) in (black | white).iter().enumerate() {
        occupancy |= 1 << (square.rank() as u32 * width + square.file() as u32);
        let color = if black.contains(square) {
            Color::Black
        } else {
            Color::White
        };
        if color != board.start_color(square) {
            exceptions |= 1 << j;
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

/// The pieces `(black, white)` of `key` on `board`.
pub(crate) fn pieces_of(board: Board, key: Key) -> Result<(SquareSet, SquareSet), KeyError> {
    let Key {
        occupancy,
        exceptions,
    } = key;
    let area = board.area();
    if area < 64 && occupancy >> area != 0 {
        return Err(KeyError::OffBoard);
    }
    let count = occupancy.count_ones();
    if count < 64 && exceptions >> count != 0 {
        return Err(KeyError::StrayException);
    }
    let width = board.width() as u32;
    let (mut black, mut white) = (SquareSet::EMPTY, SquareSet::EMPTY);
    for (j, compact) in Bits(occupancy).enumerate() {
        let square = Square::new(
            (compact as u32 % width) as u8,
            (compact as u32 / width) as u8,
        );
        let start = board.start_color(square);
        let color = if exceptions >> j & 1 == 0 {
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
    pub fn of(&self, position: &Position) -> (Key, Symmetry) {
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
            for height in (1..=16).filter(|h| h * width <= 64) {
                let board = Board::new(width, height).unwrap();
                for position in random_positions(board, 50) {
                    let (black, white) =
                        (position.pieces(Color::Black), position.pieces(Color::White));
                    let key = key_of(board, black, white);
                    assert_eq!(pieces_of(board, key), Ok((black, white)), "{position}");
                    // Reachable positions keep every piece on its own shade.
                    assert_eq!(key.exceptions, 0, "{position}");
                }
            }
        }
    }

    #[test]
    fn off_shade_pieces_are_exceptions() {
        let position = Position::from_fen("wb1/w2 b").unwrap();
        let board = position.board();
        let key = key_of(
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
        let key = |occupancy, exceptions| Key {
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
    }

    #[test]
    fn symmetric_positions_share_one_canonical_image() {
        for board in ["6x6", "5x5", "7x6", "4x3"] {
            let board: Board = board.parse().unwrap();
            let canonical = Canonical::new(board);
            for position in random_positions(board, 30) {
                let (key, _) = canonical.of(&position);
                for &s in &canonical.symmetries {
                    assert_eq!(canonical.of(&s.apply(&position)).0, key);
                }
                let (_, symmetry) = canonical.of(&position);
                let image = symmetry.apply(&position);
                assert_eq!(
                    key_of(
                        board,
                        image.pieces(Color::Black),
                        image.pieces(Color::White)
                    ),
                    key
                );
            }
        }
    }
}
