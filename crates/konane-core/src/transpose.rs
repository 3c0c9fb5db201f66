//! The transposed board: a W×H board turned into an H×W one by the reflection in its
//! anti-diagonal (the square at file f, rank r goes to file H−1−r, rank W−1−f: a1 to
//! the top right's mirror, the top-left corner stays the top-left corner). The start
//! layout, whose top-left square is always Black's, keeps every square's colour (a
//! plain swap of files and ranks would not when W − H is odd: 8x7 has a1 Black, 7x8 a1
//! White), and the opening removals (corners and centre squares) map onto each other,
//! so a game on one board is the same game on the other, move for move: a proof of one
//! board is a proof of its transpose, turned.

use crate::board::Board;
use crate::moves::Move;
use crate::position::Position;
use crate::symmetry::Symmetry;

/// The turn from a board onto its transpose: the mirror in the anti-diagonal.
const TURN: Symmetry = Symmetry::AntiTranspose;

impl Board {
    /// The board with width and height swapped (8x7 gives 7x8).
    pub fn transposed(self) -> Board {
        Board::new(self.height().into(), self.width().into())
            .expect("a board's sides are in range either way round")
    }
}

impl Move {
    /// The same move, made on `board`, on the transposed board.
    pub fn transposed(self, board: Board) -> Move {
        TURN.apply_move(board, self)
    }
}

impl Position {
    /// The same position on the transposed board ([`Board::transposed`]), the same side
    /// to move.
    pub fn transposed(&self) -> Position {
        TURN.apply(self)
    }
}

#[cfg(test)]
mod tests {
    use crate::{random_opening, Board, Move, Position};

    /// Every position of random games on boards of every shape: the legal moves of the
    /// transposed position are the transposed legal moves, and turning twice gives the
    /// position back.
    #[test]
    fn a_game_on_a_board_is_the_same_game_on_its_transpose() {
        for (width, height) in [(8, 7), (5, 9), (3, 4), (16, 2), (6, 6), (11, 13)] {
            let board = Board::new(width, height).unwrap();
            assert_eq!(board.transposed(), Board::new(height, width).unwrap());
            assert_eq!(
                Position::start(board).transposed(),
                Position::start(board.transposed())
            );
            for seed in 0..8 {
                let mut position = Position::start(board);
                for mv in random_opening(board, board.area() as usize, seed) {
                    let turned = position.transposed();
                    assert_eq!(turned.transposed(), position);
                    let mut expected: Vec<Move> = position
                        .legal_moves()
                        .into_iter()
                        .map(|m| m.transposed(board))
                        .collect();
                    let mut moves: Vec<Move> = turned.legal_moves().into_iter().collect();
                    expected.sort();
                    moves.sort();
                    assert_eq!(moves, expected, "{position:?}");
                    assert_eq!(
                        turned.after(mv.transposed(board)),
                        position.after(mv).transposed()
                    );
                    position.play(mv);
                }
                assert_eq!(
                    position.transposed().legal_moves().len(),
                    position.legal_moves().len()
                );
            }
        }
    }
}
