//! Sets of squares for the region code: the one place that knows squares are bits of a
//! `u64` (the core's bitboard), so that the regions port to a wider bitboard by
//! changing this file only.

use konane_core::bitboard::{apply_jump, Bits, Direction};
use konane_core::movegen::for_each_jump;
use konane_core::{Board, Color, Position, Square};

/// A set of squares of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SquareSet(u64);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// The pieces of `color` in `position`.
    pub fn pieces(position: &Position, color: Color) -> SquareSet {
        SquareSet(position.pieces(color))
    }

    /// Every square of `board`.
    pub fn board(board: Board) -> SquareSet {
        SquareSet(board.mask())
    }

    /// The set of one square.
    pub fn single(square: Square) -> SquareSet {
        SquareSet(square.bit())
    }

    /// Whether `square` is in the set.
    pub fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// The squares, lowest index first.
    pub fn squares(self) -> impl Iterator<Item = Square> + Clone {
        Bits(self.0).map(Square::from_index)
    }

    /// How many squares.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether there is no square.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The squares in both.
    pub fn and(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & other.0)
    }

    /// The squares in either.
    pub fn or(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 | other.0)
    }

    /// The squares of `self` not in `other`.
    pub fn minus(self, other: SquareSet) -> SquareSet {
        SquareSet(self.0 & !other.0)
    }

    /// The orthogonal neighbours of the set's squares on `board`.
    pub fn neighbours(self, board: Board) -> SquareSet {
        SquareSet(board.neighbours(self.0))
    }

    /// The squares of `board` two steps along a line from a square of `self` over an
    /// adjacent square of `over`: where a piece on `self` lands jumping a piece on
    /// `over`, if the landing square is free.
    pub fn jump_landings(self, over: SquareSet, board: Board) -> SquareSet {
        let landings = Direction::ALL
            .iter()
            .fold(0, |acc, dir| acc | dir.shift(dir.shift(self.0) & over.0));
        SquareSet(landings & board.mask())
    }

    /// Every jump of a piece of `movers` over a piece of `others` on `board` (one per
    /// stopping point of a multi-jump), as the movers and the others after it. Unlike
    /// [`Position::legal_moves`] this does not depend on how many squares are empty,
    /// so it also serves a region on a board of its own that leaves fewer than two
    /// squares empty.
    pub fn jumps(
        movers: SquareSet,
        others: SquareSet,
        board: Board,
    ) -> Vec<(SquareSet, SquareSet)> {
        let empty = board.mask() & !(movers.0 | others.0);
        let mut after = Vec::new();
        for_each_jump(movers.0, others.0, empty, |from, to| {
            let (movers, others) = apply_jump(movers.0, others.0, from, to);
            after.push((SquareSet(movers), SquareSet(others)));
        });
        after
    }

    /// A position on `board` with these pieces (`black`, `white`, disjoint and on the
    /// board) and `side` to move.
    pub fn position(board: Board, black: SquareSet, white: SquareSet, side: Color) -> Position {
        Position::from_parts(board, black.0, white.0, side)
            .expect("region pieces are disjoint squares of the board")
    }
}
