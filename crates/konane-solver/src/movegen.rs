//! Move generation on bare bitboards (the mover's pieces, the other side's), the
//! opening removals included: what the solver's inner loop runs instead of `Position`.

/// Squares on file `a` and on file `h` of the 8-wide grid.
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Squares strictly between two squares on one rank or file (empty otherwise).
static BETWEEN: [[u64; 64]; 64] = {
    let mut table = [[0u64; 64]; 64];
    let mut from = 0;
    while from < 64 {
        let mut to = 0;
        while to < 64 {
            let (ff, fr, tf, tr) = (from % 8, from / 8, to % 8, to / 8);
            if from != to && (ff == tf || fr == tr) {
                let step: i32 = if ff == tf { 8 } else { 1 };
                let step = if to > from { step } else { -step };
                let mut sq = from as i32 + step;
                while sq != to as i32 {
                    table[from][to] |= 1u64 << sq;
                    sq += step;
                }
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// One step north, south, east or west; bits leaving the 8x8 grid vanish.
#[inline(always)]
const fn shift(dir: usize, bb: u64) -> u64 {
    match dir {
        0 => bb << 8,
        1 => bb >> 8,
        2 => (bb & !FILE_H) << 1,
        _ => (bb & !FILE_A) >> 1,
    }
}

/// The change of square index for one step in direction `dir`.
const STEP: [i32; 4] = [8, -8, 1, -1];

/// The orthogonal neighbours of the squares in `bb` on the 8x8 grid.
#[inline(always)]
pub const fn neighbours(bb: u64) -> u64 {
    shift(0, bb) | shift(1, bb) | shift(2, bb) | shift(3, bb)
}

/// What the move generator needs to know about the board.
#[derive(Copy, Clone, Debug)]
pub struct Geometry {
    /// Every square of the board.
    pub mask: u64,
    /// Corners and centre: where the first removal may be made.
    pub first_removals: u64,
}

impl Geometry {
    /// The geometry of `board`.
    pub fn new(board: konane_core::Board) -> Geometry {
        Geometry {
            mask: board.mask(),
            first_removals: board.corners() | board.centre(),
        }
    }

    /// The squares whose piece the mover may remove (none once two squares are empty).
    #[inline(always)]
    fn removable(&self, me: u64, empty: u64) -> u64 {
        match empty.count_ones() {
            0 => me & self.first_removals,
            1 => me & neighbours(empty) & self.mask,
            _ => 0,
        }
    }

    /// The number of legal moves of the mover `me` against `opp`.
    #[inline(always)]
    pub fn count_moves(&self, me: u64, opp: u64) -> u32 {
        let empty = self.mask & !(me | opp);
        if empty.count_ones() < 2 {
            self.removable(me, empty).count_ones()
        } else {
            count_jumps(me, opp, empty)
        }
    }

    /// Calls `visit(from, to, me_after, opp_after)` for every legal move of `me`, in
    /// the order of `Position::legal_moves` (removals have `from == to`).
    #[inline(always)]
    pub fn for_each_move<F: FnMut(u8, u8, u64, u64)>(&self, me: u64, opp: u64, mut visit: F) {
        let empty = self.mask & !(me | opp);
        if empty.count_ones() < 2 {
            let mut removable = self.removable(me, empty);
            while removable != 0 {
                let sq = removable.trailing_zeros() as u8;
                removable &= removable - 1;
                visit(sq, sq, me & !(1u64 << sq), opp);
            }
            return;
        }
        for (dir, step) in STEP.iter().enumerate() {
            let mut frontier = me;
            let mut distance = 0;
            loop {
                let mut landings = shift(dir, shift(dir, frontier) & opp) & empty;
                if landings == 0 {
                    break;
                }
                frontier = landings;
                distance += 2 * step;
                while landings != 0 {
                    let to = landings.trailing_zeros();
                    landings &= landings - 1;
                    let from = (to as i32 - distance) as u32;
                    let captured = BETWEEN[from as usize][to as usize];
                    visit(
                        from as u8,
                        to as u8,
                        me ^ (1u64 << from) ^ (1u64 << to),
                        opp & !captured,
                    );
                }
            }
        }
    }
}

/// The number of jumps of `me` over `opp` onto `empty`, four directions at once.
#[inline(always)]
pub fn count_jumps(me: u64, opp: u64, empty: u64) -> u32 {
    let (mut n, mut s, mut e, mut w) = (me, me, me, me);
    let mut count = 0;
    loop {
        n = shift(0, shift(0, n) & opp) & empty;
        s = shift(1, shift(1, s) & opp) & empty;
        e = shift(2, shift(2, e) & opp) & empty;
        w = shift(3, shift(3, w) & opp) & empty;
        if n | s | e | w == 0 {
            return count;
        }
        count += n.count_ones() + s.count_ones() + e.count_ones() + w.count_ones();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Position};
    use rand::{Rng, SeedableRng};

    /// The moves of `position` as the core generator lists them, as (from, to, after).
    fn core_moves(position: &Position) -> Vec<(u8, u8, u64, u64)> {
        let side = position.side_to_move();
        position
            .legal_moves()
            .iter()
            .map(|&mv| {
                let next = position.after(mv);
                (
                    mv.from().index(),
                    mv.to().index(),
                    next.pieces(side),
                    next.pieces(!side),
                )
            })
            .collect()
    }

    #[test]
    fn agrees_with_the_core_generator_on_random_games() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for (w, h) in [(3, 3), (4, 5), (6, 6), (7, 7), (8, 8), (8, 3)] {
            let board = Board::new(w, h).unwrap();
            let geometry = Geometry::new(board);
            for _ in 0..30 {
                let mut position = Position::start(board);
                loop {
                    let side = position.side_to_move();
                    let (me, opp) = (position.pieces(side), position.pieces(!side));
                    let mut ours = Vec::new();
                    geometry.for_each_move(me, opp, |f, t, m, o| ours.push((f, t, m, o)));
                    assert_eq!(ours, core_moves(&position), "{}", position.to_fen());
                    assert_eq!(geometry.count_moves(me, opp) as usize, ours.len());
                    let moves = position.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    position.play(moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
    }
}
