//! Safe moves: moves the opponent can never prevent, counted against the most moves
//! the opponent can ever make, to decide a position without searching it (after
//! "Solving Narrow Konane Boards", ICGA Journal 43(3), 2021; the rules below are this
//! crate's own, argued in docs/proof-search.md, "Safe moves").
//!
//! The mover `P` plays only safe moves: single jumps from the board's edge inward
//! (`a`, off the edge behind it, over `b` onto the empty `c`) whose three squares no
//! move of the other side `O` can ever touch, three squares apart from every other
//! safe move's. Under that plan `P`'s pieces only ever stand where they stand now or
//! on the safe moves' landing squares, so the squares `O` can ever reach are within
//! the closure of its jumps over those squares, and each `O` move captures a piece of
//! `P` that stands next to that closure. `P` to move wins with more safe moves than
//! `O` can ever make; it loses when `O` has as many safe moves as `P` can ever make.

use konane_core::{Bitboard, Direction, Geometry, Word};

/// The safe moves of `me` against `opp`, and the most moves `opp` can make while `me`
/// plays only those.
struct Count {
    safe: u32,
    most_replies: u32,
}

/// The verdict of the position where `me` is to move against `opp`, when the safe
/// moves decide it: `Some(true)` when `me` wins, `Some(false)` when it loses.
#[inline]
pub(crate) fn verdict<W: Word>(
    geometry: &Geometry<W>,
    me: Bitboard<W>,
    opp: Bitboard<W>,
) -> Option<bool> {
    if geometry.mask().without(me | opp).count() < 2 {
        return None;
    }
    let mine = count(geometry, me, opp);
    if mine.safe > mine.most_replies {
        return Some(true);
    }
    let theirs = count(geometry, opp, me);
    (theirs.safe >= theirs.most_replies).then_some(false)
}

/// `bb` one step in `dir`, kept on the board.
#[inline(always)]
fn step<W: Word>(geometry: &Geometry<W>, dir: Direction, bb: Bitboard<W>) -> Bitboard<W> {
    geometry.shift(dir, bb) & geometry.mask()
}

/// The two directions across `dir`.
#[inline(always)]
fn across(dir: Direction) -> [Direction; 2] {
    if dir.is_vertical() {
        [Direction::East, Direction::West]
    } else {
        [Direction::North, Direction::South]
    }
}

/// Every square a piece of `movers` could ever stand on by jumping pieces that stand
/// only on `over` (emptiness ignored, so a superset).
#[inline(always)]
fn closure<W: Word>(geometry: &Geometry<W>, movers: Bitboard<W>, over: Bitboard<W>) -> Bitboard<W> {
    let mut reach = movers;
    loop {
        let more = Direction::ALL.iter().fold(reach, |acc, &dir| {
            acc | step(geometry, dir, geometry.shift(dir, reach) & over)
        });
        if more == reach {
            return reach;
        }
        reach = more;
    }
}

/// The squares of `pieces` that a piece standing on `attackers` could jump: a
/// neighbour in `attackers` and a square of the board on the other side.
#[inline(always)]
fn exposed<W: Word>(
    geometry: &Geometry<W>,
    pieces: Bitboard<W>,
    attackers: Bitboard<W>,
) -> Bitboard<W> {
    let mask = geometry.mask();
    Direction::ALL.iter().fold(Bitboard::EMPTY, |acc, &dir| {
        acc | (pieces & step(geometry, dir, attackers) & step(geometry, dir.opposite(), mask))
    })
}

/// The safe moves of `p` against `o` and the most moves `o` can make meanwhile.
fn count<W: Word>(geometry: &Geometry<W>, p: Bitboard<W>, o: Bitboard<W>) -> Count {
    let mask = geometry.mask();
    let empty = mask.without(p | o);
    // Single jumps from the edge inward, by direction: the squares they start from.
    let starts = Direction::ALL.map(|dir| {
        let back = dir.opposite();
        let over = step(geometry, back, o);
        let onto = step(geometry, back, step(geometry, back, empty));
        let on_edge = mask.without(step(geometry, dir, mask));
        p & over & onto & on_edge
    });
    let landings = Direction::ALL
        .iter()
        .zip(starts)
        .fold(Bitboard::EMPTY, |acc, (&dir, from)| {
            acc | step(geometry, dir, step(geometry, dir, from))
        });
    // Where P's pieces may stand under the plan (a superset: every candidate's
    // landing), and where O's pieces may ever stand.
    let p_squares = p | landings;
    let o_reach = closure(geometry, o, p_squares);
    let mut used = Bitboard::EMPTY;
    let mut safe = 0;
    let mut movers = Bitboard::EMPTY;
    let mut jumped = Bitboard::EMPTY;
    let mut landed = Bitboard::EMPTY;
    for (&dir, from) in Direction::ALL.iter().zip(starts) {
        let back = dir.opposite();
        let mut ok = from;
        // c is never O's.
        ok = ok.without(step(geometry, back, step(geometry, back, o_reach)));
        for side in across(dir) {
            let other = side.opposite();
            // a is never jumped across: no O square on one side with the board on the other.
            ok = ok.without(step(geometry, side, o_reach) & step(geometry, other, mask));
            // b never jumps across: no P square beside it with the board beyond.
            let beside_b = step(geometry, other, p_squares)
                & step(geometry, other, step(geometry, other, mask));
            ok = ok.without(step(geometry, back, beside_b));
        }
        // b never jumps back over a: a is on the edge (the start squares are).
        for a in ok {
            let a_bit = Bitboard::from_index(a);
            let b_bit = step(geometry, dir, a_bit);
            let c_bit = step(geometry, dir, b_bit);
            let squares = a_bit | b_bit | c_bit;
            if (used & squares).any() {
                continue;
            }
            used |= squares;
            safe += 1;
            movers |= a_bit;
            jumped |= b_bit;
            landed |= c_bit;
        }
    }
    // Each O move captures a piece of P that stands next to where O's pieces can ever
    // be: the pieces that stay where they are, and the safe movers once they have
    // landed (before, nothing can jump them). The pieces the safe moves jump never
    // move, so only the others' reach counts.
    let o_reach = closure(geometry, o.without(jumped), p_squares);
    let stay = p.without(movers);
    let most_replies =
        exposed(geometry, stay, o_reach).count() + exposed(geometry, landed, o_reach).count();
    Count { safe, most_replies }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{BitPosition, Board, Phase, Position};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    /// Whether the mover `me` wins against `opp`, by plain negamax.
    fn wins(geometry: &Geometry<u64>, me: Bitboard<u64>, opp: Bitboard<u64>) -> bool {
        let mut win = false;
        geometry.for_each_move(me, opp, |_, me_after, opp_after| {
            win = win || !wins(geometry, opp_after, me_after);
        });
        win
    }

    /// Every verdict the safe moves give agrees with plain search, on positions of
    /// random games, and they give many.
    #[test]
    fn safe_moves_agree_with_search() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let (mut decided, mut won, mut seen) = (0, 0, 0);
        for game in 0..3000 {
            let size = [(6, 6), (7, 5), (5, 7), (8, 4), (6, 5), (4, 8)][game % 6];
            let board = Board::new(size.0, size.1).unwrap();
            let geometry = Geometry::<u64>::of(board);
            let mut position = Position::start(board);
            while let Some(&mv) = position.legal_moves().choose(&mut rng) {
                position.play(mv);
                if position.phase() != Phase::Jumps || position.occupied().len() > 14 {
                    continue;
                }
                let bits: &BitPosition<u64> = position.bits().unwrap();
                let mover = position.side_to_move();
                let me = bits.pieces(mover);
                let opp = bits.pieces(mover.opponent());
                seen += 1;
                if geometry.count_moves(me, opp) == 0 {
                    continue;
                }
                if let Some(verdict) = verdict(geometry, me, opp) {
                    assert_eq!(verdict, wins(geometry, me, opp), "{position}");
                    decided += 1;
                    won += usize::from(verdict);
                }
            }
        }
        assert!(decided > 100, "{decided} of {seen}");
        assert!(won > 10 && decided - won > 10, "{won} of {decided}");
    }
}
