//! Splitting a position into regions that no jump, now or later, can join: the rule
//! whose soundness argument is in `docs/regions.md`.
//!
//! The reach of a group of pieces holds every square its pieces could ever stand on
//! when the group plays alone, moves of either colour in any order (in a sum, a player
//! may answer elsewhere). A small group (at most [`EXACT_PIECES`] pieces) gets its
//! exact reach, by visiting every arrangement its moves lead to (if there are at most
//! [`EXACT_ARRANGEMENTS`]); any other group the closure: start from where the pieces stand; a square two steps along a line from a
//! square a piece of one colour could reach, over an adjacent square a piece of the
//! other colour could reach, is reachable by the first colour; iterate to a fixpoint.
//! Groups start as the orthogonally connected groups of pieces; two groups whose
//! reaches share a square or touch orthogonally are merged, and the reach is computed
//! again, until every two groups are apart.

use fnv::FnvHashSet;
use konane_core::{Board, Color, Phase, Position};

use super::squares::RegionSquares;

/// A part of a position that plays as a game of its own: its pieces and the squares
/// they could ever stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    /// The region's Black pieces.
    pub black: RegionSquares,
    /// The region's White pieces.
    pub white: RegionSquares,
    /// Every square a piece of the region could ever stand on (its pieces' squares
    /// included); the moves of the region never touch another square.
    pub reach: RegionSquares,
}

impl Region {
    /// The region alone on `board` (every other square empty), `side` to move.
    pub fn position(&self, board: Board, side: Color) -> Position {
        RegionSquares::position(board, self.black, self.white, side)
    }

    /// Whether a jump of one region could ever touch a square the other could use.
    fn interacts(&self, other: &Region, board: Board) -> bool {
        let near = other.reach.or(other.reach.neighbours(board));
        !self.reach.and(near).is_empty()
    }
}

/// The regions of `position` (the side to move does not matter), ordered by their
/// lowest square. Their pieces partition the position's pieces, and the position is
/// the disjunctive sum of the regions: each move is a move of one region, and moves
/// of one region change nothing the others can see.
///
/// In the opening removals (fewer than two empty squares) the whole board is one
/// region.
pub fn regions(position: &Position) -> Vec<Region> {
    let board = position.board();
    let black = RegionSquares::pieces(position, Color::Black);
    let white = RegionSquares::pieces(position, Color::White);
    if position.phase() != Phase::Jumps {
        let reach = RegionSquares::board(board);
        return vec![Region {
            black,
            white,
            reach,
        }];
    }
    split(board, black, white, &mut |black, white| {
        reach(black, white, board)
    })
}

/// The regions of the pieces `black` and `white` on `board` (in the jumping phase, or
/// a region's own board), with the reach of a group of pieces given by `reach` (a
/// cache of [`reach`]).
pub(crate) fn split(
    board: Board,
    black: RegionSquares,
    white: RegionSquares,
    reach: &mut dyn FnMut(RegionSquares, RegionSquares) -> RegionSquares,
) -> Vec<Region> {
    let occupied = black.or(white);
    let mut regions = Vec::new();
    let mut rest = occupied;
    while let Some(seed) = rest.squares().next() {
        let mut group = RegionSquares::single(seed);
        loop {
            let grown = group.or(group.neighbours(board).and(occupied));
            if grown == group {
                break;
            }
            group = grown;
        }
        rest = rest.minus(group);
        let (black, white) = (black.and(group), white.and(group));
        let reach = reach(black, white);
        regions.push(Region {
            black,
            white,
            reach,
        });
    }
    while let Some((i, j)) = interacting_pair(&regions, board) {
        let other = regions.remove(j);
        let black = regions[i].black.or(other.black);
        let white = regions[i].white.or(other.white);
        let reach = reach(black, white);
        regions[i] = Region {
            black,
            white,
            reach,
        };
    }
    regions.sort_by_key(|r| r.black.or(r.white).squares().next());
    regions
}

/// Two regions, `i < j`, that could interact.
fn interacting_pair(regions: &[Region], board: Board) -> Option<(usize, usize)> {
    (0..regions.len()).find_map(|i| {
        (i + 1..regions.len())
            .find(|&j| regions[i].interacts(&regions[j], board))
            .map(|j| (i, j))
    })
}

/// The most arrangements of a group visited for its exact reach; a group with more gets
/// the closure.
pub const EXACT_ARRANGEMENTS: usize = 32;

/// The most pieces of a group whose exact reach is tried; a larger one gets the
/// closure at once.
pub const EXACT_PIECES: u32 = 6;

/// Every square the group's pieces could ever stand on (a superset of it for a large
/// group). The board has at least two empty squares besides the group's pieces.
pub(crate) fn reach(black: RegionSquares, white: RegionSquares, board: Board) -> RegionSquares {
    let small = black.len() + white.len() <= EXACT_PIECES;
    small
        .then(|| exact_reach(black, white, board, EXACT_ARRANGEMENTS))
        .flatten()
        .unwrap_or_else(|| closure(black, white, board))
}

/// The squares occupied in any arrangement the group's moves (either colour, any
/// order) lead to, or `None` when there are more than `limit` arrangements.
fn exact_reach(
    black: RegionSquares,
    white: RegionSquares,
    board: Board,
    limit: usize,
) -> Option<RegionSquares> {
    let mut seen = FnvHashSet::default();
    seen.insert((black, white));
    let mut pending = vec![(black, white)];
    let mut reach = RegionSquares::EMPTY;
    while let Some((black, white)) = pending.pop() {
        reach = reach.or(black).or(white);
        for side in [Color::Black, Color::White] {
            for next in after_jumps(black, white, side, board) {
                if seen.insert(next) {
                    if seen.len() > limit {
                        return None;
                    }
                    pending.push(next);
                }
            }
        }
    }
    Some(reach)
}

/// The pieces (Black, White) after each jump of `side`, on `board`.
pub(crate) fn after_jumps(
    black: RegionSquares,
    white: RegionSquares,
    side: Color,
    board: Board,
) -> Vec<(RegionSquares, RegionSquares)> {
    match side {
        Color::Black => RegionSquares::jumps(black, white, board),
        Color::White => RegionSquares::jumps(white, black, board)
            .into_iter()
            .map(|(white, black)| (black, white))
            .collect(),
    }
}

/// A superset of the squares the pieces could ever stand on, each colour on its own (a
/// jump lands two steps from its start, over a piece of the other colour).
fn closure(black: RegionSquares, white: RegionSquares, board: Board) -> RegionSquares {
    let (mut black, mut white) = (black, white);
    loop {
        let more_black = black.or(black.jump_landings(white, board));
        let more_white = white.or(white.jump_landings(black, board));
        if more_black == black && more_white == white {
            return black.or(white);
        }
        black = more_black;
        white = more_white;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// The closure contains the exact reach, on groups from random play.
    #[test]
    fn the_closure_contains_the_exact_reach() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut compared = 0;
        for game in 0..60 {
            let size = [(6, 6), (8, 8), (7, 5)][game % 3];
            let mut position = Position::start(Board::new(size.0, size.1).unwrap());
            while let Some(&mv) = position.legal_moves().choose(&mut rng) {
                position.play(mv);
                if position.phase() != Phase::Jumps {
                    continue;
                }
                for region in regions(&position) {
                    let board = position.board();
                    let (black, white) = (region.black, region.white);
                    if let Some(exact) = exact_reach(black, white, board, 5000) {
                        let closure = closure(black, white, board);
                        assert!(exact.minus(closure).is_empty(), "{position}");
                        assert!(exact.minus(region.reach).is_empty(), "{position}");
                        compared += 1;
                    }
                }
            }
        }
        assert!(compared > 500, "{compared}");
    }
}
