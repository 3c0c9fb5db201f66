//! Legal move generation: [`MoveList`], a fixed-capacity list of [`BitMove`]s, and the
//! move methods of [`BitPosition`] and [`Position`] over the shared generator of
//! [`Geometry`](crate::Geometry).

use std::ops::Deref;

use crate::bit_move::BitMove;
use crate::bitboard::Bitboard;
use crate::board::Color;
use crate::moves::Move;
use crate::position::{BitPosition, Position, PositionVisitor};
use crate::square_set::SquareSet;
use crate::word::Word;

/// A fixed-capacity list of moves of a board on the word `W`, filled without allocation.
#[derive(Clone)]
pub struct MoveList<W: Word = u64> {
    moves: W::MoveArray,
    len: usize,
}

impl<W: Word> MoveList<W> {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> Self {
        MoveList {
            moves: W::EMPTY_MOVES,
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: BitMove) {
        self.moves.as_mut()[self.len] = mv;
        self.len += 1;
    }

    /// The moves as a mutable slice (for reordering).
    pub fn as_mut_slice(&mut self) -> &mut [BitMove] {
        &mut self.moves.as_mut()[..self.len]
    }
}

impl<W: Word> Default for MoveList<W> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<W: Word> Deref for MoveList<W> {
    type Target = [BitMove];

    #[inline(always)]
    fn deref(&self) -> &[BitMove] {
        &self.moves.as_ref()[..self.len]
    }
}

impl<W: Word> std::fmt::Debug for MoveList<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<W: Word> BitPosition<W> {
    /// The squares whose piece the side to move may remove (empty once jumping starts).
    #[inline(always)]
    pub fn removable(&self) -> Bitboard<W> {
        self.geometry()
            .removable(self.pieces(self.side_to_move()), self.empty())
    }

    /// Every legal move, removals first by square, then jumps by direction.
    pub fn legal_moves(&self) -> MoveList<W> {
        let mut list = MoveList::new();
        self.for_each_move(|mv| list.push(mv));
        list
    }

    /// Calls `visit` on every legal move, in the order of [`BitPosition::legal_moves`],
    /// without building a list.
    #[inline(always)]
    pub fn for_each_move<F: FnMut(BitMove)>(&self, mut visit: F) {
        let own = self.pieces(self.side_to_move());
        let opp = self.pieces(!self.side_to_move());
        self.geometry()
            .for_each_move(own, opp, |mv, _, _| visit(mv));
    }

    /// The number of legal moves, without listing them.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let side = self.side_to_move();
        self.geometry()
            .count_moves(self.pieces(side), self.pieces(!side))
    }

    /// The number of jumps `color` would have here if it were its turn (mobility).
    #[inline(always)]
    pub fn count_jumps_for(&self, color: Color) -> u32 {
        self.geometry()
            .count_jumps(self.pieces(color), self.pieces(!color), self.empty())
    }

    /// The squares from which `color` could jump now (pieces that can move).
    pub fn movable_pieces(&self, color: Color) -> Bitboard<W> {
        self.geometry()
            .movable(self.pieces(color), self.pieces(!color), self.empty())
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: BitMove) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Whether the side to move has no legal move (and so has lost).
    pub fn is_game_over(&self) -> bool {
        self.count_moves() == 0
    }
}

/// The legal moves of a position by name, in generation order.
struct LegalMoves;

impl PositionVisitor for LegalMoves {
    type Output = Vec<Move>;
    fn visit<W: Word>(self, position: &BitPosition<W>) -> Vec<Move> {
        let geometry = position.geometry();
        let mut moves = Vec::new();
        position.for_each_move(|mv| moves.push(geometry.to_move(mv)));
        moves
    }
}

impl Position {
    /// Every legal move, removals first by square, then jumps by direction.
    pub fn legal_moves(&self) -> Vec<Move> {
        self.visit(LegalMoves)
    }

    /// Calls `visit` on every legal move, in the order of [`Position::legal_moves`],
    /// without building a list.
    pub fn for_each_move<F: FnMut(Move)>(&self, visit: F) {
        struct ForEach<F>(F);
        impl<F: FnMut(Move)> PositionVisitor for ForEach<F> {
            type Output = ();
            fn visit<W: Word>(mut self, position: &BitPosition<W>) {
                let geometry = position.geometry();
                position.for_each_move(|mv| (self.0)(geometry.to_move(mv)));
            }
        }
        self.visit(ForEach(visit))
    }

    /// The number of legal moves, without listing them.
    pub fn count_moves(&self) -> u32 {
        struct Count;
        impl PositionVisitor for Count {
            type Output = u32;
            fn visit<W: Word>(self, position: &BitPosition<W>) -> u32 {
                position.count_moves()
            }
        }
        self.visit(Count)
    }

    /// The number of jumps `color` would have here if it were its turn (mobility).
    pub fn count_jumps_for(&self, color: Color) -> u32 {
        struct CountFor(Color);
        impl PositionVisitor for CountFor {
            type Output = u32;
            fn visit<W: Word>(self, position: &BitPosition<W>) -> u32 {
                position.count_jumps_for(self.0)
            }
        }
        self.visit(CountFor(color))
    }

    /// The squares whose piece the side to move may remove (empty once jumping starts).
    pub fn removable(&self) -> SquareSet {
        struct Removable;
        impl PositionVisitor for Removable {
            type Output = SquareSet;
            fn visit<W: Word>(self, position: &BitPosition<W>) -> SquareSet {
                position.squares(position.removable())
            }
        }
        self.visit(Removable)
    }

    /// The squares from which `color` could jump now (pieces that can move).
    pub fn movable_pieces(&self, color: Color) -> SquareSet {
        struct Movable(Color);
        impl PositionVisitor for Movable {
            type Output = SquareSet;
            fn visit<W: Word>(self, position: &BitPosition<W>) -> SquareSet {
                position.squares(position.movable_pieces(self.0))
            }
        }
        self.visit(Movable(color))
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let board = self.board();
        board.contains(mv.from()) && board.contains(mv.to()) && self.legal_moves().contains(&mv)
    }
}
