//! Legal move generation by bitboard shifts and masks: removals in the opening, then
//! jumps in one line with every stopping point of a multi-jump.

use std::ops::Deref;

use crate::bitboard::{neighbours, Bits, Direction};
use crate::moves::Move;
use crate::position::Position;

/// The most legal moves any position can have: each landing square, direction and
/// length fixes the origin, so at most 31 empty squares x 4 directions x 3 lengths.
pub const MAX_MOVES: usize = 384;

/// A fixed-capacity list of moves, filled without allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::from_raw(0); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MAX_MOVES);
        self.moves[self.len] = mv;
        self.len += 1;
    }

    /// The moves as a mutable slice (for reordering).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline(always)]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Calls `emit(from, to)` for every jump of `own` over `opp` onto `empty` in `dir`,
/// one call per stopping point of each multi-jump.
#[inline(always)]
fn jumps_in<F: FnMut(u8, u8)>(dir: Direction, own: u64, opp: u64, empty: u64, mut emit: F) {
    let back = 2 * dir.step() as i32;
    let mut distance = 0;
    let mut frontier = own;
    loop {
        let landings = dir.shift(dir.shift(frontier) & opp) & empty;
        if landings == 0 {
            return;
        }
        distance += back;
        for to in Bits(landings) {
            emit((to as i32 - distance) as u8, to);
        }
        frontier = landings;
    }
}

/// Calls `emit(from, to)` for every jump of `own` over `opp` onto `empty` in any
/// direction (north, south, east, west), one call per stopping point: move generation
/// on bare bitboards, for inner loops (perft, the solver) that keep no `Position`.
#[inline(always)]
pub fn for_each_jump<F: FnMut(u8, u8)>(own: u64, opp: u64, empty: u64, mut emit: F) {
    for dir in Direction::ALL {
        jumps_in(dir, own, opp, empty, &mut emit);
    }
}

/// The number of jumps of `own` over `opp` onto `empty`, all four directions advanced
/// together one jump at a time (one branch per step, independent work in between).
#[inline(always)]
pub fn count_jumps(own: u64, opp: u64, empty: u64) -> u32 {
    let [n, s, e, w] = Direction::ALL;
    let (mut fn_, mut fs, mut fe, mut fw) = (own, own, own, own);
    let mut count = 0;
    loop {
        fn_ = n.shift(n.shift(fn_) & opp) & empty;
        fs = s.shift(s.shift(fs) & opp) & empty;
        fe = e.shift(e.shift(fe) & opp) & empty;
        fw = w.shift(w.shift(fw) & opp) & empty;
        if fn_ | fs | fe | fw == 0 {
            return count;
        }
        count += fn_.count_ones() + fs.count_ones() + fe.count_ones() + fw.count_ones();
    }
}

/// The squares of `own` that may be removed, given the board's `empty` squares and its
/// `first_removals` squares (corners and centre): none once two squares are empty.
#[inline(always)]
pub fn removable(own: u64, empty: u64, first_removals: u64) -> u64 {
    match empty.count_ones() {
        0 => own & first_removals,
        1 => own & neighbours(empty),
        _ => 0,
    }
}

impl Position {
    /// The squares whose piece the side to move may remove (empty once jumping starts).
    #[inline(always)]
    pub fn removable(&self) -> u64 {
        let first_removals = self.board().corners() | self.board().centre();
        removable(
            self.pieces(self.side_to_move()),
            self.empty(),
            first_removals,
        )
    }

    /// Every legal move, removals first by square, then jumps by direction.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.for_each_move(|mv| list.push(mv));
        list
    }

    /// Calls `visit` on every legal move, in the order of [`Position::legal_moves`],
    /// without building a list.
    #[inline(always)]
    pub fn for_each_move<F: FnMut(Move)>(&self, mut visit: F) {
        let empty = self.empty();
        if empty.count_ones() < 2 {
            Bits(self.removable()).for_each(|sq| visit(Move::from_indices(sq, sq)));
            return;
        }
        let own = self.pieces(self.side_to_move());
        let opp = self.pieces(!self.side_to_move());
        for_each_jump(own, opp, empty, |from, to| {
            visit(Move::from_indices(from, to))
        });
    }

    /// The number of legal moves, without listing them.
    #[inline(always)]
    pub fn count_moves(&self) -> u32 {
        let empty = self.empty();
        if empty.count_ones() < 2 {
            return self.removable().count_ones();
        }
        self.count_jumps_for(self.side_to_move())
    }

    /// The number of jumps `color` would have here if it were its turn (mobility).
    #[inline(always)]
    pub fn count_jumps_for(&self, color: crate::Color) -> u32 {
        count_jumps(self.pieces(color), self.pieces(!color), self.empty())
    }

    /// The squares from which `color` could jump now (pieces that can move).
    pub fn movable_pieces(&self, color: crate::Color) -> u64 {
        let (own, opp, empty) = (self.pieces(color), self.pieces(!color), self.empty());
        Direction::ALL.iter().fold(0, |acc, &dir| {
            let landings = dir.shift(dir.shift(own) & opp) & empty;
            let back = dir.opposite();
            acc | back.shift(back.shift(landings))
        })
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }
}
