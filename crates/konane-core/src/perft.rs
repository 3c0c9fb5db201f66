//! Perft: counting the leaves of the move tree, with bulk counting at the last ply,
//! per-move division, parallel versions over the top of the tree (rayon), and an
//! abortable division that gives up when asked to stop. Written once over the board's
//! word: every function takes a [`Position`] of any size.

use rayon::prelude::*;

use crate::bitboard::Bitboard;
use crate::geometry::Geometry;
use crate::leaf_batch::LeafBatch;
use crate::line_count::LineCounter;
use crate::moves::Move;
use crate::position::{BitPosition, Phase, Position, PositionVisitor};
use crate::word::Word;

/// Plies from the root that the parallel perft splits into separate tasks.
const SPLIT_PLIES: u32 = 3;
/// Nodes at least this many plies above the leaves ask whether to stop; below them a
/// subtree is microseconds of work, so a stop is seen at once and costs no speed.
const STOP_CHECK_DEPTH: u32 = 3;

/// The number of move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    position.visit(Split {
        depth,
        plies_left: 0,
        stop: &never,
    })
}

/// [`perft`] split into tasks over the first plies, run on the current rayon pool.
pub fn perft_parallel(position: &Position, depth: u32) -> u64 {
    position.visit(Split {
        depth,
        plies_left: SPLIT_PLIES,
        stop: &never,
    })
}

/// The perft count after each legal move (`depth` counts the move itself), in move order.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    position.visit(Divide {
        depth,
        parallel: false,
        stop: &never,
    })
}

/// [`divide`] with the work split over the current rayon pool.
pub fn divide_parallel(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    position.visit(Divide {
        depth,
        parallel: true,
        stop: &never,
    })
}

/// [`divide_parallel`] that gives up once `stop` says so (it is asked often enough that
/// a stop takes effect within milliseconds): `None` when stopped, else the same counts.
pub fn divide_parallel_until<S: Fn() -> bool + Sync>(
    position: &Position,
    depth: u32,
    stop: &S,
) -> Option<Vec<(Move, u64)>> {
    let parts = position.visit(Divide {
        depth,
        parallel: true,
        stop,
    });
    (!stop()).then_some(parts)
}

/// Never asks to stop: the plain perft.
fn never() -> bool {
    false
}

/// Perft of a position on its word, split over rayon for the first `plies_left` plies.
struct Split<'a, S> {
    depth: u32,
    plies_left: u32,
    stop: &'a S,
}

impl<S: Fn() -> bool + Sync> PositionVisitor for Split<'_, S> {
    type Output = u64;
    fn visit<W: Word>(self, position: &BitPosition<W>) -> u64 {
        split(position, self.depth, self.plies_left, self.stop)
    }
}

/// Per-move counts of a position on its word.
struct Divide<'a, S> {
    depth: u32,
    parallel: bool,
    stop: &'a S,
}

impl<S: Fn() -> bool + Sync> PositionVisitor for Divide<'_, S> {
    type Output = Vec<(Move, u64)>;
    fn visit<W: Word>(self, position: &BitPosition<W>) -> Vec<(Move, u64)> {
        let depth = self.depth.max(1);
        let geometry = position.geometry();
        let moves = position.legal_moves();
        let count = |mv: &crate::BitMove| {
            let plies_left = if self.parallel { SPLIT_PLIES - 1 } else { 0 };
            let leaves = split(&position.after(*mv), depth - 1, plies_left, self.stop);
            (geometry.to_move(*mv), leaves)
        };
        if self.parallel {
            moves.par_iter().map(count).collect()
        } else {
            moves.iter().map(count).collect()
        }
    }
}

fn split<W: Word, S: Fn() -> bool + Sync>(
    position: &BitPosition<W>,
    depth: u32,
    plies_left: u32,
    stop: &S,
) -> u64 {
    if plies_left == 0 || depth <= 3 {
        return count(position, depth, stop);
    }
    position
        .legal_moves()
        .par_iter()
        .map(|&mv| split(&position.after(mv), depth - 1, plies_left - 1, stop))
        .sum()
}

/// [`perft`] that counts 0 for every subtree it reaches once `stop` says so.
fn count<W: Word, S: Fn() -> bool + Sync>(position: &BitPosition<W>, depth: u32, stop: &S) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        _ if depth >= STOP_CHECK_DEPTH && stop() => 0,
        _ if position.phase() == Phase::Jumps => {
            // On bare bitboards (the mover's, the other side's, the empty squares): no
            // hash or side to update, which makes it about twice as fast.
            let own = position.pieces(position.side_to_move());
            let opp = position.pieces(!position.side_to_move());
            let geometry = position.geometry();
            let board = geometry.board();
            let lines = LineCounter::new(board.width(), board.height());
            match lines.zip(LineCounter::mover_on_even(own.0.low_u64(), opp.0.low_u64())) {
                Some((lines, on_even)) => {
                    let empty = position.empty();
                    walk_lines(&lines, geometry, own, opp, empty, depth, on_even, stop)
                }
                None => {
                    let mut batch = LeafBatch::new(geometry);
                    let empty = position.empty();
                    queue_leaf_parents(geometry, own, opp, empty, depth, stop, &mut batch);
                    batch.finish()
                }
            }
        }
        _ => {
            let mut total = 0;
            position.for_each_move(|mv| total += count(&position.after(mv), depth - 1, stop));
            total
        }
    }
}

/// Counts the leaves of the jumping tree below a position `depth >= 2` plies above
/// them on a board up to 8x8 whose pieces are on their shade (the mover's on the even
/// squares when `on_even`): the positions two plies above the leaves are counted by
/// `lines` without making their children. Once `stop` says so, it counts no more.
#[allow(clippy::too_many_arguments)]
fn walk_lines<W: Word, S: Fn() -> bool + Sync>(
    lines: &LineCounter,
    geometry: &Geometry<W>,
    own: Bitboard<W>,
    opp: Bitboard<W>,
    empty: Bitboard<W>,
    depth: u32,
    on_even: bool,
    stop: &S,
) -> u64 {
    if depth == 2 {
        return lines.grandchildren((own | opp).0.low_u64(), on_even);
    }
    if depth >= STOP_CHECK_DEPTH && stop() {
        return 0;
    }
    let mut total = 0;
    geometry.for_each_jump(own, opp, empty, |from, to, captured| {
        let moved = Bitboard::from_index(from) | Bitboard::from_index(to);
        let (own, opp) = (opp ^ captured, own ^ moved);
        let empty = empty ^ moved ^ captured;
        total += walk_lines(lines, geometry, own, opp, empty, depth - 1, !on_even, stop);
    });
    total
}

/// Walks the jumping tree below a position `depth >= 2` plies above the leaves and
/// queues the positions one ply above them in `batch`, which counts their jumps; once
/// `stop` says so, it queues no more.
fn queue_leaf_parents<W: Word, S: Fn() -> bool + Sync>(
    geometry: &Geometry<W>,
    own: Bitboard<W>,
    opp: Bitboard<W>,
    empty: Bitboard<W>,
    depth: u32,
    stop: &S,
    batch: &mut LeafBatch<W>,
) {
    if depth == 2 {
        return batch.push_children(own, opp);
    }
    if depth >= STOP_CHECK_DEPTH && stop() {
        return;
    }
    geometry.for_each_jump(own, opp, empty, |from, to, captured| {
        let moved = Bitboard::from_index(from) | Bitboard::from_index(to);
        let empty = empty ^ moved ^ captured;
        queue_leaf_parents(
            geometry,
            opp ^ captured,
            own ^ moved,
            empty,
            depth - 1,
            stop,
            batch,
        );
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leaf_batch::tests::random_positions;

    /// Perft by playing every legal move: no bulk counting, no batch.
    fn plain_perft(position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = position.legal_moves();
        moves
            .iter()
            .map(|&mv| plain_perft(&position.after(mv), depth - 1))
            .sum()
    }

    #[test]
    fn perft_equals_the_plain_perft_on_random_positions_of_every_size() {
        for (index, position) in random_positions(7, 150).iter().enumerate() {
            let depth = index as u32 % 4 + 1;
            assert_eq!(
                perft(position, depth),
                plain_perft(position, depth),
                "{position} {depth}"
            );
        }
    }
}
