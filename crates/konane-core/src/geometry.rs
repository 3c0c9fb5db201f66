//! [`Geometry`]: a board's layout on its word (which bit each square is, the masks of
//! its edges, the shifts that move a set of squares one step) and the move generator
//! on bare bitboards that every inner loop shares (positions, perft, the solver).
//!
//! Square (file, rank) is bit `rank * stride + file`: the stride is 8 on boards up to
//! 8x8 (on `u64`) and the width on larger ones (ranks packed one after another).

use std::sync::OnceLock;

use crate::bit_move::BitMove;
use crate::bitboard::{Bitboard, Direction};
use crate::board::{Board, Color, Square, MAX_SIDE};
use crate::moves::Move;
use crate::word::{EachWord, PerWord, Word};

/// The longest multi-jump on any board: one jump per two squares of a line.
pub const MAX_JUMP_LENGTH: usize = (MAX_SIDE as usize - 1) / 2;

/// A board's layout on the word `W`. Built once per board ([`Geometry::of`]) and shared.
#[derive(Debug, Eq, PartialEq)]
pub struct Geometry<W: Word> {
    board: Board,
    stride: u32,
    mask: Bitboard<W>,
    not_first_file: Bitboard<W>,
    not_last_file: Bitboard<W>,
    first_removals: Bitboard<W>,
    start: [Bitboard<W>; 2],
    /// Bits `0, stride, 2·stride, …`: a file's pattern, for the squares a jump passes.
    column: Bitboard<W>,
    /// `[vertical][k]`: the squares a k-jump captures, relative to its lower end.
    captures: [[Bitboard<W>; MAX_JUMP_LENGTH + 1]; 2],
}

/// The boards on one word: a geometry per board, built on first use.
struct Slots;

impl PerWord for Slots {
    type On<W: Word> = [OnceLock<Box<Geometry<W>>>; MAX_SIDE as usize * MAX_SIDE as usize];
}

/// One geometry per board, on its word (each board has exactly one word, so only that
/// word's slot of the board is ever filled).
static GEOMETRIES: EachWord<Slots> = EachWord::new(
    [const { OnceLock::new() }; MAX_SIDE as usize * MAX_SIDE as usize],
    [const { OnceLock::new() }; MAX_SIDE as usize * MAX_SIDE as usize],
    [const { OnceLock::new() }; MAX_SIDE as usize * MAX_SIDE as usize],
);

impl<W: Word> Geometry<W> {
    /// The shared geometry of `board`, whose word must be `W` (see [`Board::word`]).
    pub fn of(board: Board) -> &'static Geometry<W> {
        assert_eq!(
            board.word(),
            W::SIZE,
            "the {board} board's bitboards are not {}-bit words",
            W::BITS
        );
        let slot = (board.width() as usize - 1) * MAX_SIDE as usize + board.height() as usize - 1;
        GEOMETRIES.get::<W>()[slot].get_or_init(|| Box::new(Geometry::build(board)))
    }

    fn build(board: Board) -> Geometry<W> {
        let stride = board.stride();
        assert!(
            W::BITS != 64 || stride == 8,
            "{board}: u64 boards have stride 8"
        );
        assert!(stride * (board.height() as u32 - 1) + board.width() as u32 <= W::BITS);
        assert!(board.max_moves() <= W::MAX_MOVES, "{board}: move bound");
        let bit = |square: Square| {
            Bitboard::<W>::from_index((square.rank() as u32 * stride + square.file() as u32) as u8)
        };
        let set = |keep: &dyn Fn(Square) -> bool| {
            board
                .squares()
                .filter(|&s| keep(s))
                .fold(Bitboard::EMPTY, |bb, s| bb | bit(s))
        };
        let last_file = board.width() - 1;
        let mut column = Bitboard::EMPTY;
        let mut index = 0;
        while index < W::BITS {
            column |= Bitboard::from_index(index as u8);
            index += stride;
        }
        let mut captures = [[Bitboard::EMPTY; MAX_JUMP_LENGTH + 1]; 2];
        for (vertical, step) in [(0, 1), (1, stride)] {
            for k in 1..=MAX_JUMP_LENGTH {
                let over = (2 * k as u32 - 1) * step;
                if over < W::BITS {
                    captures[vertical][k] =
                        captures[vertical][k - 1] | Bitboard::from_index(over as u8);
                }
            }
        }
        Geometry {
            board,
            stride,
            mask: set(&|_| true),
            not_first_file: set(&|s| s.file() != 0),
            not_last_file: set(&|s| s.file() != last_file),
            first_removals: set(&|s| board.is_first_removal(s)),
            start: [
                set(&|s| board.start_color(s) == Color::Black),
                set(&|s| board.start_color(s) == Color::White),
            ],
            column,
            captures,
        }
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> Board {
        self.board
    }

    /// The bit-index distance from a square to the one above it.
    #[inline(always)]
    pub fn stride(&self) -> u32 {
        // Every u64 board has stride 8 (`Board::word`): a constant the compiler folds
        // into every shift of the move generator and the symmetries.
        if W::BITS == 64 {
            8
        } else {
            self.stride
        }
    }

    /// Every square of the board.
    #[inline(always)]
    pub fn mask(&self) -> Bitboard<W> {
        self.mask
    }

    /// The squares `color` fills at the start (its shade: a piece never leaves it).
    #[inline(always)]
    pub fn start_pieces(&self, color: Color) -> Bitboard<W> {
        self.start[color.index()]
    }

    /// The corners and the centre: where the first removal is made.
    #[inline(always)]
    pub fn first_removals(&self) -> Bitboard<W> {
        self.first_removals
    }

    /// The bit index of `square` (which must lie on the board).
    #[inline(always)]
    pub fn index(&self, square: Square) -> u8 {
        debug_assert!(self.board.contains(square));
        (square.rank() as u32 * self.stride() + square.file() as u32) as u8
    }

    /// The square of bit index `index`.
    #[inline(always)]
    pub fn square(&self, index: u8) -> Square {
        let index = index as u32;
        Square::new((index % self.stride()) as u8, (index / self.stride()) as u8)
    }

    /// The bitboard of one square.
    #[inline(always)]
    pub fn bit(&self, square: Square) -> Bitboard<W> {
        Bitboard::from_index(self.index(square))
    }

    /// The move `mv` names, in bit indices.
    #[inline(always)]
    pub fn bit_move(&self, mv: Move) -> BitMove {
        BitMove::new(self.index(mv.from()), self.index(mv.to()))
    }

    /// The move `mv` stands for, by its squares' names.
    #[inline(always)]
    pub fn to_move(&self, mv: BitMove) -> Move {
        Move::from_squares(self.square(mv.from()), self.square(mv.to()))
    }

    /// Every bit of `bb` moved one step in `dir`; bits leaving the board's files vanish
    /// (bits past the top or bottom rank may remain off the board: mask them).
    #[inline(always)]
    pub fn shift(&self, dir: Direction, bb: Bitboard<W>) -> Bitboard<W> {
        match dir {
            Direction::North => bb << self.stride(),
            Direction::South => bb >> self.stride(),
            Direction::East => (bb & self.not_last_file) << 1,
            Direction::West => (bb & self.not_first_file) >> 1,
        }
    }

    /// The orthogonal neighbours on the board of the squares in `bb`.
    #[inline(always)]
    pub fn neighbours(&self, bb: Bitboard<W>) -> Bitboard<W> {
        (self.shift(Direction::North, bb)
            | self.shift(Direction::South, bb)
            | self.shift(Direction::East, bb)
            | self.shift(Direction::West, bb))
            & self.mask
    }

    /// The squares strictly between two squares on one rank or file: what a jump from
    /// `from` to `to` passes over. Empty when they are neighbours.
    #[inline(always)]
    pub fn between(&self, from: u8, to: u8) -> Bitboard<W> {
        let (low, high) = (from.min(to) as u32, from.max(to) as u32);
        let below_high = Bitboard::low_bits(high);
        if high - low < self.stride() {
            below_high.without(Bitboard::low_bits(low + 1))
        } else {
            (self.column << (low + self.stride())) & below_high
        }
    }

    /// The mover's and the other side's pieces after the mover jumps from `from` to
    /// `to` (on one line), capturing the pieces of `opp` in between.
    #[inline(always)]
    pub fn apply_jump(
        &self,
        own: Bitboard<W>,
        opp: Bitboard<W>,
        from: u8,
        to: u8,
    ) -> (Bitboard<W>, Bitboard<W>) {
        (
            own ^ Bitboard::from_index(from) ^ Bitboard::from_index(to),
            opp.without(self.between(from, to)),
        )
    }

    /// Calls `emit(from, to, captured)` for every jump of `own` over `opp` onto `empty`
    /// in `dir`, one call per stopping point of each multi-jump.
    #[inline(always)]
    fn jumps_in<F: FnMut(u8, u8, Bitboard<W>)>(
        &self,
        dir: Direction,
        own: Bitboard<W>,
        opp: Bitboard<W>,
        empty: Bitboard<W>,
        mut emit: F,
    ) {
        let step = if dir.is_vertical() { self.stride() } else { 1 };
        let captures = &self.captures[dir.is_vertical() as usize];
        let mut frontier = own;
        let mut length = 0;
        loop {
            let landings = self.shift(dir, self.shift(dir, frontier) & opp) & empty;
            if landings.is_empty() {
                return;
            }
            length += 1;
            let distance = 2 * length as u32 * step;
            let captured = captures[length];
            for to in landings {
                if dir.is_increasing() {
                    let from = (to as u32 - distance) as u8;
                    emit(from, to, captured << from as u32);
                } else {
                    let from = (to as u32 + distance) as u8;
                    emit(from, to, captured << to as u32);
                }
            }
            frontier = landings;
        }
    }

    /// Calls `emit(from, to, captured)` for every jump of `own` over `opp` onto
    /// `empty` (north, south, east, then west), one call per stopping point;
    /// `captured` is the set of squares of `opp` the jump takes.
    #[inline(always)]
    pub fn for_each_jump<F: FnMut(u8, u8, Bitboard<W>)>(
        &self,
        own: Bitboard<W>,
        opp: Bitboard<W>,
        empty: Bitboard<W>,
        mut emit: F,
    ) {
        // One call per direction, not a loop: each inlined copy then shifts by its own
        // direction without a branch (a loop compiled to a jump table per shift).
        self.jumps_in(Direction::North, own, opp, empty, &mut emit);
        self.jumps_in(Direction::South, own, opp, empty, &mut emit);
        self.jumps_in(Direction::East, own, opp, empty, &mut emit);
        self.jumps_in(Direction::West, own, opp, empty, &mut emit);
    }

    /// The number of jumps of `own` over `opp` onto `empty`, all four directions
    /// advanced together one jump at a time.
    #[inline(always)]
    pub fn count_jumps(&self, own: Bitboard<W>, opp: Bitboard<W>, empty: Bitboard<W>) -> u32 {
        let [n, s, e, w] = Direction::ALL;
        let (mut fn_, mut fs, mut fe, mut fw) = (own, own, own, own);
        let mut count = 0;
        loop {
            fn_ = self.shift(n, self.shift(n, fn_) & opp) & empty;
            fs = self.shift(s, self.shift(s, fs) & opp) & empty;
            fe = self.shift(e, self.shift(e, fe) & opp) & empty;
            fw = self.shift(w, self.shift(w, fw) & opp) & empty;
            if (fn_ | fs | fe | fw).is_empty() {
                return count;
            }
            count += fn_.count() + fs.count() + fe.count() + fw.count();
        }
    }

    /// The squares of `own` that may be removed, given the board's `empty` squares:
    /// a corner or centre piece on a full board, a neighbour of the hole after the
    /// first removal, none once two squares are empty.
    #[inline(always)]
    pub fn removable(&self, own: Bitboard<W>, empty: Bitboard<W>) -> Bitboard<W> {
        match empty.count() {
            0 => own & self.first_removals,
            1 => own & self.neighbours(empty),
            _ => Bitboard::EMPTY,
        }
    }

    /// The squares of `own` that could jump over `opp` onto `empty` now.
    pub fn movable(&self, own: Bitboard<W>, opp: Bitboard<W>, empty: Bitboard<W>) -> Bitboard<W> {
        Direction::ALL.iter().fold(Bitboard::EMPTY, |acc, &dir| {
            let landings = self.shift(dir, self.shift(dir, own) & opp) & empty;
            let back = dir.opposite();
            acc | self.shift(back, self.shift(back, landings))
        })
    }

    /// The number of legal moves of the mover `own` against `opp` (removals included).
    #[inline(always)]
    pub fn count_moves(&self, own: Bitboard<W>, opp: Bitboard<W>) -> u32 {
        let empty = self.mask.without(own | opp);
        if empty.count() < 2 {
            self.removable(own, empty).count()
        } else {
            self.count_jumps(own, opp, empty)
        }
    }

    /// Calls `visit(mv, own_after, opp_after)` for every legal move of the mover `own`
    /// against `opp`: removals by square, then jumps by direction.
    #[inline(always)]
    pub fn for_each_move<F: FnMut(BitMove, Bitboard<W>, Bitboard<W>)>(
        &self,
        own: Bitboard<W>,
        opp: Bitboard<W>,
        mut visit: F,
    ) {
        let empty = self.mask.without(own | opp);
        if empty.count() < 2 {
            for sq in self.removable(own, empty) {
                visit(BitMove::new(sq, sq), own ^ Bitboard::from_index(sq), opp);
            }
            return;
        }
        self.for_each_jump(own, opp, empty, |from, to, captured| {
            let moved = Bitboard::from_index(from) | Bitboard::from_index(to);
            visit(BitMove::new(from, to), own ^ moved, opp ^ captured);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_board<W: Word>(board: Board) {
        let geometry = Geometry::<W>::of(board);
        assert_eq!(geometry.mask().count(), board.area());
        for square in board.squares() {
            let index = geometry.index(square);
            assert_eq!(geometry.square(index), square, "{board}");
            assert!(geometry.mask().contains(index));
        }
        assert_eq!(
            geometry.start_pieces(Color::Black) | geometry.start_pieces(Color::White),
            geometry.mask()
        );
    }

    #[test]
    fn every_board_has_a_geometry_on_its_word() {
        for board in Board::all() {
            crate::with_word!(board, W => check_board::<W>(board));
        }
    }

    #[test]
    fn between_follows_ranks_and_files() {
        let board = Board::new(10, 10).unwrap();
        let geometry = Geometry::<u128>::of(board);
        let sq = |name: &str| geometry.index(board.parse_square(name).unwrap());
        let names = |bb: Bitboard<u128>| -> Vec<String> {
            bb.iter().map(|i| geometry.square(i).to_string()).collect()
        };
        assert_eq!(
            names(geometry.between(sq("a1"), sq("e1"))),
            ["b1", "c1", "d1"]
        );
        assert_eq!(
            names(geometry.between(sq("j10"), sq("j6"))),
            ["j7", "j8", "j9"]
        );
        assert!(geometry.between(sq("a1"), sq("b1")).is_empty());
    }
}
