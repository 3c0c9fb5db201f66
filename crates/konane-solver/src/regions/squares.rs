//! Sets of squares for the region code, by name ([`konane_core::SquareSet`]), with the
//! few operations that need the board's bit layout done on the board's own word.

use konane_core::{
    with_word, Bitboard, Board, Color, Direction, Geometry, Position, Square, SquareSet, Word,
};

/// A set of squares of a board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RegionSquares(SquareSet);

/// The bitboard of `set` on the word of `geometry`.
fn bits<W: Word>(geometry: &Geometry<W>, set: RegionSquares) -> Bitboard<W> {
    set.squares()
        .fold(Bitboard::EMPTY, |bb, square| bb | geometry.bit(square))
}

/// The squares of a bitboard.
fn named<W: Word>(geometry: &Geometry<W>, bb: Bitboard<W>) -> RegionSquares {
    RegionSquares(bb.iter().map(|index| geometry.square(index)).collect())
}

fn neighbours<W: Word>(geometry: &Geometry<W>, set: RegionSquares) -> RegionSquares {
    named(geometry, geometry.neighbours(bits(geometry, set)))
}

fn jump_landings<W: Word>(
    geometry: &Geometry<W>,
    from: RegionSquares,
    over: RegionSquares,
) -> RegionSquares {
    let (from, over) = (bits(geometry, from), bits(geometry, over));
    let landings = Direction::ALL.iter().fold(Bitboard::EMPTY, |acc, &dir| {
        acc | geometry.shift(dir, geometry.shift(dir, from) & over)
    });
    named(geometry, landings & geometry.mask())
}

fn jumps<W: Word>(
    geometry: &Geometry<W>,
    movers: RegionSquares,
    others: RegionSquares,
) -> Vec<(RegionSquares, RegionSquares)> {
    let (movers, others) = (bits(geometry, movers), bits(geometry, others));
    let empty = geometry.mask().without(movers | others);
    let mut after = Vec::new();
    geometry.for_each_jump(movers, others, empty, |from, to, captured| {
        let moved = Bitboard::from_index(from) | Bitboard::from_index(to);
        after.push((
            named(geometry, movers ^ moved),
            named(geometry, others ^ captured),
        ));
    });
    after
}

impl RegionSquares {
    /// No square.
    pub const EMPTY: RegionSquares = RegionSquares(SquareSet::EMPTY);

    /// The pieces of `color` in `position`.
    pub fn pieces(position: &Position, color: Color) -> RegionSquares {
        RegionSquares(position.pieces(color))
    }

    /// Every square of `board`.
    pub fn board(board: Board) -> RegionSquares {
        RegionSquares(board.squares().collect())
    }

    /// The set of one square.
    pub fn single(square: Square) -> RegionSquares {
        RegionSquares(SquareSet::EMPTY.with(square))
    }

    /// Whether `square` is in the set.
    pub fn contains(self, square: Square) -> bool {
        self.0.contains(square)
    }

    /// The squares, rank after rank from `a1`.
    pub fn squares(self) -> impl Iterator<Item = Square> + Clone {
        self.0.iter()
    }

    /// How many squares.
    pub fn len(self) -> u32 {
        self.0.len()
    }

    /// Whether there is no square.
    pub fn is_empty(self) -> bool {
        self.0.is_empty()
    }

    /// The squares in both.
    pub fn and(self, other: RegionSquares) -> RegionSquares {
        RegionSquares(self.0 & other.0)
    }

    /// The squares in either.
    pub fn or(self, other: RegionSquares) -> RegionSquares {
        RegionSquares(self.0 | other.0)
    }

    /// The squares of `self` not in `other`.
    pub fn minus(self, other: RegionSquares) -> RegionSquares {
        RegionSquares(self.0 ^ (self.0 & other.0))
    }

    /// The orthogonal neighbours of the set's squares on `board`.
    pub fn neighbours(self, board: Board) -> RegionSquares {
        with_word!(board, W => neighbours(Geometry::<W>::of(board), self))
    }

    /// The squares of `board` two steps along a line from a square of `self` over an
    /// adjacent square of `over`: where a piece on `self` lands jumping a piece on
    /// `over`, if the landing square is free.
    pub fn jump_landings(self, over: RegionSquares, board: Board) -> RegionSquares {
        with_word!(board, W => jump_landings(Geometry::<W>::of(board), self, over))
    }

    /// Every jump of a piece of `movers` over a piece of `others` on `board` (one per
    /// stopping point of a multi-jump), as the movers and the others after it. Unlike
    /// [`Position::legal_moves`] this does not depend on how many squares are empty,
    /// so it also serves a region on a board of its own that leaves fewer than two
    /// squares empty.
    pub fn jumps(
        movers: RegionSquares,
        others: RegionSquares,
        board: Board,
    ) -> Vec<(RegionSquares, RegionSquares)> {
        with_word!(board, W => jumps(Geometry::<W>::of(board), movers, others))
    }

    /// A position on `board` with these pieces (`black`, `white`, disjoint and on the
    /// board) and `side` to move.
    pub fn position(
        board: Board,
        black: RegionSquares,
        white: RegionSquares,
        side: Color,
    ) -> Position {
        Position::from_squares(board, black.0, white.0, side)
            .expect("region pieces are disjoint squares of the board")
    }
}
