//! Move generation on bare bitboards (the mover's pieces, the other side's), the
//! opening removals included: what the solver's inner loop runs instead of `Position`.

use konane_core::bitboard::apply_jump;
use konane_core::movegen::{count_jumps, for_each_jump, removable};
use konane_core::Bits;

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

    /// The number of legal moves of the mover `me` against `opp`.
    #[inline(always)]
    pub fn count_moves(&self, me: u64, opp: u64) -> u32 {
        let empty = self.mask & !(me | opp);
        if empty.count_ones() < 2 {
            removable(me, empty, self.first_removals).count_ones()
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
            for sq in Bits(removable(me, empty, self.first_removals)) {
                visit(sq, sq, me & !(1u64 << sq), opp);
            }
            return;
        }
        for_each_jump(me, opp, empty, |from, to| {
            let (me_after, opp_after) = apply_jump(me, opp, from, to);
            visit(from, to, me_after, opp_after);
        });
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
