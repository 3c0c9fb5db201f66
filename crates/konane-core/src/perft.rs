//! Perft: counting the leaves of the move tree, with bulk counting at the last ply,
//! per-move division, parallel versions over the top of the tree (rayon), and an
//! abortable division that gives up when asked to stop.

use rayon::prelude::*;

use crate::bitboard::apply_jump;
use crate::movegen::{count_jumps, for_each_jump};
use crate::moves::Move;
use crate::position::{Phase, Position};

/// Plies from the root that the parallel perft splits into separate tasks.
const SPLIT_PLIES: u32 = 3;
/// Nodes at least this many plies above the leaves ask whether to stop; below them a
/// subtree is microseconds of work, so a stop is seen at once and costs no speed.
const STOP_CHECK_DEPTH: u32 = 3;

/// The number of move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    count(position, depth, &never)
}

/// Never asks to stop: the plain perft.
fn never() -> bool {
    false
}

/// [`perft`] that counts 0 for every subtree it reaches once `stop` says so.
fn count<S: Fn() -> bool + Sync>(position: &Position, depth: u32, stop: &S) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves() as u64,
        _ if depth >= STOP_CHECK_DEPTH && stop() => 0,
        _ if position.phase() == Phase::Jumps => {
            let own = position.pieces(position.side_to_move());
            let opp = position.pieces(!position.side_to_move());
            count_jumps_tree(own, opp, position.empty(), depth, stop)
        }
        _ => {
            let mut total = 0;
            position.for_each_move(|mv| total += count(&position.after(mv), depth - 1, stop));
            total
        }
    }
}

/// Perft in the jumping phase on bare bitboards (the mover's, the other side's, the
/// empty squares): no hash or side to update, which makes it about twice as fast.
fn count_jumps_tree<S: Fn() -> bool + Sync>(
    own: u64,
    opp: u64,
    empty: u64,
    depth: u32,
    stop: &S,
) -> u64 {
    if depth == 1 {
        return count_jumps(own, opp, empty) as u64;
    }
    if depth >= STOP_CHECK_DEPTH && stop() {
        return 0;
    }
    let mut total = 0;
    for_each_jump(own, opp, empty, |from, to| {
        let (own_after, opp_after) = apply_jump(own, opp, from, to);
        let empty = empty ^ (own ^ own_after) ^ (opp ^ opp_after);
        let (own, opp) = (opp_after, own_after);
        // The last two plies inline: the common case, without a call per leaf parent.
        total += if depth == 2 {
            count_jumps(own, opp, empty) as u64
        } else {
            count_jumps_tree(own, opp, empty, depth - 1, stop)
        };
    });
    total
}

/// [`perft`] split into tasks over the first plies, run on the current rayon pool.
pub fn perft_parallel(position: &Position, depth: u32) -> u64 {
    split(position, depth, SPLIT_PLIES, &never)
}

fn split<S: Fn() -> bool + Sync>(
    position: &Position,
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

/// The perft count after each legal move (`depth` counts the move itself), in move order.
pub fn divide(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    position
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&position.after(mv), depth - 1)))
        .collect()
}

/// [`divide`] with the work split over the current rayon pool.
pub fn divide_parallel(position: &Position, depth: u32) -> Vec<(Move, u64)> {
    split_divide(position, depth, &never)
}

/// [`divide_parallel`] that gives up once `stop` says so (it is asked often enough that
/// a stop takes effect within milliseconds): `None` when stopped, else the same counts.
pub fn divide_parallel_until<S: Fn() -> bool + Sync>(
    position: &Position,
    depth: u32,
    stop: &S,
) -> Option<Vec<(Move, u64)>> {
    let parts = split_divide(position, depth, stop);
    (!stop()).then_some(parts)
}

fn split_divide<S: Fn() -> bool + Sync>(
    position: &Position,
    depth: u32,
    stop: &S,
) -> Vec<(Move, u64)> {
    let depth = depth.max(1);
    position
        .legal_moves()
        .par_iter()
        .map(|&mv| {
            (
                mv,
                split(&position.after(mv), depth - 1, SPLIT_PLIES - 1, stop),
            )
        })
        .collect()
}
