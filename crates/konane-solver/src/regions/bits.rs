//! The region rule of [`super::split`] on a board's own bitboards, for the solver's
//! inner loop: the same groups, the same reaches (exact for small groups, the closure
//! otherwise), the same merging, so the regions found are the same; only the sets are
//! words instead of square names.

use fnv::FnvHashMap;
use konane_core::{Bitboard, Direction, Geometry, Word};

use super::split::{EXACT_ARRANGEMENTS, EXACT_PIECES};

/// A region on bitboards: its pieces and every square they could ever stand on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct BitRegion<W: Word> {
    pub black: Bitboard<W>,
    pub white: Bitboard<W>,
    pub reach: Bitboard<W>,
}

impl<W: Word> BitRegion<W> {
    /// The number of pieces.
    #[inline(always)]
    pub fn pieces(&self) -> u32 {
        self.black.count() + self.white.count()
    }

    /// Whether neither side has a move in the region (then neither ever will: nothing
    /// in it can change). Its value is 0 and it can be dropped from the position.
    #[inline(always)]
    pub fn dead(&self) -> bool {
        // The exact reach is the pieces alone exactly when no jump is possible; the
        // closure adds the landing square of every possible jump (it is empty when the
        // region plays alone), so the same holds for it.
        self.reach == (self.black | self.white)
    }
}

/// The regions of the pieces `black` and `white` (jumping phase), into `out` (cleared
/// first), ordered by their lowest square like [`super::regions`]. When the pieces
/// form one connected group, the one region is given the whole board as its reach
/// (a superset, which saves computing it) unless `single_reach` asks for the rule's.
pub(crate) fn split_bits<W: Word>(
    geometry: &Geometry<W>,
    black: Bitboard<W>,
    white: Bitboard<W>,
    single_reach: bool,
    reaches: &mut ReachCache<W>,
    out: &mut Vec<BitRegion<W>>,
) {
    out.clear();
    let occupied = black | white;
    let mut rest = occupied;
    while let Some(seed) = rest.lowest() {
        let mut group = Bitboard::from_index(seed);
        loop {
            let grown = (group | geometry.neighbours(group)) & occupied;
            if grown == group {
                break;
            }
            group = grown;
        }
        rest = rest.without(group);
        if group == occupied && !single_reach {
            out.push(BitRegion {
                black,
                white,
                reach: geometry.mask(),
            });
            return;
        }
        out.push(reaches.region(geometry, black & group, white & group));
    }
    'merge: loop {
        for i in 0..out.len() {
            for j in i + 1..out.len() {
                let near = out[j].reach | geometry.neighbours(out[j].reach);
                if (out[i].reach & near).any() {
                    let other = out.remove(j);
                    let (black, white) = (out[i].black | other.black, out[i].white | other.white);
                    out[i] = reaches.region(geometry, black, white);
                    continue 'merge;
                }
            }
        }
        break;
    }
    out.sort_unstable_by_key(|r| (r.black | r.white).lowest());
}

/// The reaches of groups of pieces computed so far, up to a size (then it starts again).
pub(crate) struct ReachCache<W: Word> {
    known: FnvHashMap<(Bitboard<W>, Bitboard<W>), Bitboard<W>>,
    capacity: usize,
}

impl<W: Word> ReachCache<W> {
    /// An empty cache of at most `capacity` reaches.
    pub fn new(capacity: usize) -> ReachCache<W> {
        ReachCache {
            known: FnvHashMap::default(),
            capacity,
        }
    }

    /// The group of pieces with its reach ([`super::split::reach`] on bitboards).
    fn region(
        &mut self,
        geometry: &Geometry<W>,
        black: Bitboard<W>,
        white: Bitboard<W>,
    ) -> BitRegion<W> {
        let small = black.count() + white.count() <= EXACT_PIECES;
        let reach = if small {
            match self.known.get(&(black, white)) {
                Some(&reach) => reach,
                None => {
                    let reach = exact_reach(geometry, black, white)
                        .unwrap_or_else(|| closure(geometry, black, white));
                    if self.known.len() >= self.capacity {
                        self.known.clear();
                    }
                    self.known.insert((black, white), reach);
                    reach
                }
            }
        } else {
            closure(geometry, black, white)
        };
        BitRegion {
            black,
            white,
            reach,
        }
    }
}

/// The squares occupied in any arrangement the group's moves (either colour, any order,
/// the group alone on the board) lead to, or `None` past [`EXACT_ARRANGEMENTS`].
fn exact_reach<W: Word>(
    geometry: &Geometry<W>,
    black: Bitboard<W>,
    white: Bitboard<W>,
) -> Option<Bitboard<W>> {
    let mut seen: Vec<(Bitboard<W>, Bitboard<W>)> = Vec::with_capacity(EXACT_ARRANGEMENTS);
    seen.push((black, white));
    let mut next = 0;
    let mut reach = Bitboard::EMPTY;
    let mut overflow = false;
    while next < seen.len() {
        let (black, white) = seen[next];
        next += 1;
        reach |= black | white;
        let empty = geometry.mask().without(black | white);
        for black_moves in [true, false] {
            let (movers, others) = if black_moves {
                (black, white)
            } else {
                (white, black)
            };
            geometry.for_each_jump(movers, others, empty, |from, to, captured| {
                let moved = Bitboard::from_index(from) | Bitboard::from_index(to);
                let (m, o) = (movers ^ moved, others ^ captured);
                let after = if black_moves { (m, o) } else { (o, m) };
                if !seen.contains(&after) {
                    if seen.len() >= EXACT_ARRANGEMENTS {
                        overflow = true;
                    } else {
                        seen.push(after);
                    }
                }
            });
            if overflow {
                return None;
            }
        }
    }
    Some(reach)
}

/// Where a piece of `from` lands jumping a piece of `over`, ignoring what stands there.
#[inline(always)]
fn landings<W: Word>(geometry: &Geometry<W>, from: Bitboard<W>, over: Bitboard<W>) -> Bitboard<W> {
    Direction::ALL.iter().fold(Bitboard::EMPTY, |acc, &dir| {
        acc | geometry.shift(dir, geometry.shift(dir, from) & over)
    }) & geometry.mask()
}

/// The closure ([`super::split`]): each colour's squares grown by its jumps over the
/// other colour's squares, to a fixpoint.
fn closure<W: Word>(geometry: &Geometry<W>, black: Bitboard<W>, white: Bitboard<W>) -> Bitboard<W> {
    let (mut black, mut white) = (black, white);
    loop {
        let more_black = black | landings(geometry, black, white);
        let more_white = white | landings(geometry, white, black);
        if more_black == black && more_white == white {
            return black | white;
        }
        black = more_black;
        white = more_white;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::regions::{regions, RegionSquares};
    use konane_core::{BitPosition, Board, Color, Phase, Position};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    fn squares<W: Word>(geometry: &Geometry<W>, bb: Bitboard<W>) -> RegionSquares {
        bb.iter()
            .map(|i| RegionSquares::single(geometry.square(i)))
            .fold(RegionSquares::EMPTY, RegionSquares::or)
    }

    /// The bitboard split finds exactly the regions of the square-set split.
    #[test]
    fn the_bitboard_split_is_the_square_set_split() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let mut split_positions = 0;
        for game in 0..80 {
            let size = [(6, 6), (8, 8), (7, 5), (4, 7)][game % 4];
            let board = Board::new(size.0, size.1).unwrap();
            let geometry = Geometry::<u64>::of(board);
            let mut position = Position::start(board);
            let mut out = Vec::new();
            let mut reaches = ReachCache::new(1000);
            while let Some(&mv) = position.legal_moves().choose(&mut rng) {
                position.play(mv);
                if position.phase() != Phase::Jumps {
                    continue;
                }
                let bits: &BitPosition<u64> = position.bits().unwrap();
                split_bits(
                    geometry,
                    bits.pieces(Color::Black),
                    bits.pieces(Color::White),
                    true,
                    &mut reaches,
                    &mut out,
                );
                let expected = regions(&position);
                assert_eq!(out.len(), expected.len(), "{position}");
                for (found, region) in out.iter().zip(&expected) {
                    assert_eq!(squares(geometry, found.black), region.black, "{position}");
                    assert_eq!(squares(geometry, found.white), region.white, "{position}");
                    assert_eq!(squares(geometry, found.reach), region.reach, "{position}");
                }
                split_positions += usize::from(out.len() > 1);
            }
        }
        assert!(split_positions > 100, "{split_positions}");
    }
}
