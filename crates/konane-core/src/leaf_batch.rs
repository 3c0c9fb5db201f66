//! [`LeafBatch`]: the last ply of a perft counted in batches. Positions one ply above
//! the leaves are queued (the mover's pieces and the other side's) and their jumps are
//! counted a batch at a time by one branch-free loop of fixed length per board, which
//! LLVM turns into vector code (on `u64`, with the CPU's vector popcount).
//!
//! Each position's jumps are counted per direction as in [`Geometry::count_jumps`], in
//! another form: the squares a jump in a direction may land on (empty, with an enemy
//! piece just behind them) are computed once, and each further jump is one shift by two
//! steps and one `and`. Jumps of different lengths in one direction land on different
//! squares (a k-jump's landing is a piece the longer one needs empty), so the union of
//! a direction's landings counts its jumps.

use crate::bitboard::{Bitboard, Direction};
use crate::geometry::{Geometry, MAX_JUMP_LENGTH};
use crate::word::Word;

/// Positions queued before they are counted.
const CAPACITY: usize = 256;

/// A queue of positions one ply above the leaves, all with the same board, and the
/// number of leaves below those already counted.
pub(crate) struct LeafBatch<W: Word> {
    masks: LandingMasks<W>,
    /// The longest jump on the board's longer side: the length of the counting loop.
    longest_jump: usize,
    /// `[axis][length]`, relative to a jump's lower end (axis 0: along a rank, 1: along
    /// a file): the squares the jump's piece leaves and reaches, and those it captures.
    moved: [[Bitboard<W>; MAX_JUMP_LENGTH + 1]; 2],
    captured: [[Bitboard<W>; MAX_JUMP_LENGTH + 1]; 2],
    own: [Bitboard<W>; CAPACITY],
    opp: [Bitboard<W>; CAPACITY],
    len: usize,
    total: u64,
}

/// What the counter needs of the board's geometry.
#[derive(Copy, Clone)]
struct LandingMasks<W: Word> {
    board: Bitboard<W>,
    /// The squares two files or more from the first: where an eastward jump may land.
    east: Bitboard<W>,
    /// The squares two files or more from the last: where a westward jump may land.
    west: Bitboard<W>,
    stride: u32,
}

impl<W: Word> LandingMasks<W> {
    /// Per direction (north, south, east, west), the squares a jump of `own` over `opp`
    /// may land on: empty, with a piece of `opp` just behind.
    #[inline(always)]
    fn targets(&self, own: Bitboard<W>, opp: Bitboard<W>) -> [Bitboard<W>; 4] {
        let empty = self.board.without(own | opp);
        [
            (opp << self.stride) & empty,
            (opp >> self.stride) & empty,
            (opp << 1) & empty & self.east,
            (opp >> 1) & empty & self.west,
        ]
    }
}

impl<W: Word> LeafBatch<W> {
    /// An empty batch for the board of `geometry`.
    pub(crate) fn new(geometry: &Geometry<W>) -> Self {
        let board = geometry.mask();
        let twice = |dir| geometry.shift(dir, geometry.shift(dir, board)) & board;
        let size = geometry.board();
        let longest_jump = (size.width().max(size.height()) as usize - 1) / 2;
        let mut moved = [[Bitboard::EMPTY; MAX_JUMP_LENGTH + 1]; 2];
        let mut captured = [[Bitboard::EMPTY; MAX_JUMP_LENGTH + 1]; 2];
        for (axis, step) in [(0, 1), (1, geometry.stride())] {
            for length in 1..=longest_jump {
                let far = 2 * length as u32 * step;
                if far < W::BITS {
                    let over = Bitboard::from_index((far - step) as u8);
                    captured[axis][length] = captured[axis][length - 1] | over;
                    moved[axis][length] = Bitboard::from_index(0) | Bitboard::from_index(far as u8);
                }
            }
        }
        LeafBatch {
            masks: LandingMasks {
                board,
                east: twice(Direction::East),
                west: twice(Direction::West),
                stride: geometry.stride(),
            },
            longest_jump,
            moved,
            captured,
            own: [Bitboard::EMPTY; CAPACITY],
            opp: [Bitboard::EMPTY; CAPACITY],
            len: 0,
            total: 0,
        }
    }

    /// Queues every position one jump of `own` (over `opp`) away: those positions are
    /// one ply above the leaves when `own` moves two plies above them.
    ///
    /// The jumps of one axis are walked in one loop over keys: a jump up the axis is
    /// keyed by its landing, one down it by the square beyond its landing (the last it
    /// jumps over), and the bits of its length are kept per key. The keys of the two
    /// directions never meet, in any position: an upward key is empty (a landing) and a
    /// downward key holds an enemy piece (it is jumped over).
    #[inline(always)]
    pub(crate) fn push_children(&mut self, own: Bitboard<W>, opp: Bitboard<W>) {
        match self.longest_jump {
            0 => {}
            1 => self.push_children_of::<1>(own, opp),
            2 => self.push_children_of::<2>(own, opp),
            3 => self.push_children_of::<3>(own, opp),
            4 => self.push_children_of::<4>(own, opp),
            5 => self.push_children_of::<5>(own, opp),
            6 => self.push_children_of::<6>(own, opp),
            _ => self.push_children_of::<MAX_JUMP_LENGTH>(own, opp),
        }
    }

    /// [`LeafBatch::push_children`] with jumps at most `LONGEST` long.
    #[inline(always)]
    fn push_children_of<const LONGEST: usize>(&mut self, own: Bitboard<W>, opp: Bitboard<W>) {
        let masks = self.masks;
        let targets = masks.targets(own, opp);
        let stride = masks.stride;
        let mut reached = [own; 4];
        // Per direction, the landings whose jump length has bit `b` set.
        let mut length_bits = [[Bitboard::EMPTY; 3]; 4];
        for length in 1..=LONGEST {
            reached[0] = (reached[0] << (2 * stride)) & targets[0];
            reached[1] = (reached[1] >> (2 * stride)) & targets[1];
            reached[2] = (reached[2] << 2) & targets[2];
            reached[3] = (reached[3] >> 2) & targets[3];
            for (bits, reached) in length_bits.iter_mut().zip(reached) {
                for (b, bits) in bits.iter_mut().enumerate() {
                    if length >> b & 1 == 1 {
                        *bits |= reached;
                    }
                }
            }
        }
        let landings = length_bits.map(|[b0, b1, b2]| b0 | b1 | b2);
        for (axis, step, up, down) in [(1, stride, 0, 1), (0, 1, 2, 3)] {
            let downs = landings[down] << step;
            let keys = landings[up] | downs;
            let length_keys: [Bitboard<W>; 3] =
                std::array::from_fn(|b| length_bits[up][b] | (length_bits[down][b] << step));
            self.push_keyed(own, opp, keys, downs, length_keys, axis, step);
        }
    }

    /// Queues the jumps of one axis from their keys (see [`LeafBatch::push_children`]):
    /// `downs` holds the keys of jumps down the axis, `length_keys[b]` those whose length
    /// has bit `b` set.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn push_keyed(
        &mut self,
        own: Bitboard<W>,
        opp: Bitboard<W>,
        keys: Bitboard<W>,
        downs: Bitboard<W>,
        length_keys: [Bitboard<W>; 3],
        axis: usize,
        step: u32,
    ) {
        if self.len + keys.count() as usize > CAPACITY {
            self.flush();
        }
        let bit = |bb: Bitboard<W>, key: u32| ((bb >> key).0.low_u64() & 1) as u32;
        let (moved, captured) = (&self.moved[axis], &self.captured[axis]);
        let (own_after, opp_after) = (&mut self.own, &mut self.opp);
        let mut len = self.len;
        for key in keys {
            let key = key as u32;
            let length = bit(length_keys[0], key)
                | bit(length_keys[1], key) << 1
                | bit(length_keys[2], key) << 2;
            let down = bit(downs, key);
            let landing = key - down * step;
            let low = landing - (1 - down) * 2 * length * step;
            let length = length as usize & MAX_JUMP_LENGTH;
            own_after[len] = opp ^ (captured[length] << low);
            opp_after[len] = own ^ (moved[length] << low);
            len += 1;
        }
        self.len = len;
    }

    /// The number of jumps of every position pushed so far.
    pub(crate) fn finish(mut self) -> u64 {
        self.flush();
        self.total
    }

    /// Counts the queued positions and empties the queue.
    fn flush(&mut self) {
        let (own, opp) = (&self.own[..self.len], &self.opp[..self.len]);
        let masks = self.masks;
        self.total += match self.longest_jump {
            0 => 0,
            1 => count_all::<W, 1>(masks, own, opp),
            2 => count_all::<W, 2>(masks, own, opp),
            3 => count_all::<W, 3>(masks, own, opp),
            4 => count_all::<W, 4>(masks, own, opp),
            5 => count_all::<W, 5>(masks, own, opp),
            6 => count_all::<W, 6>(masks, own, opp),
            _ => count_all::<W, MAX_JUMP_LENGTH>(masks, own, opp),
        };
        self.len = 0;
    }
}

/// The jumps of every position `(own[i], opp[i])`, jumps at most `LONGEST` long.
#[inline(never)]
fn count_all<W: Word, const LONGEST: usize>(
    masks: LandingMasks<W>,
    own: &[Bitboard<W>],
    opp: &[Bitboard<W>],
) -> u64 {
    own.iter()
        .zip(opp)
        .map(|(&own, &opp)| count_one::<W, LONGEST>(&masks, own, opp) as u64)
        .sum()
}

/// The jumps of `own` over `opp`, jumps at most `LONGEST` long, without a branch.
#[inline(always)]
fn count_one<W: Word, const LONGEST: usize>(
    masks: &LandingMasks<W>,
    own: Bitboard<W>,
    opp: Bitboard<W>,
) -> u32 {
    let targets = masks.targets(own, opp);
    let stride = masks.stride;
    let mut reached = [own; 4];
    let mut landings = [Bitboard::EMPTY; 4];
    for _ in 0..LONGEST {
        reached[0] = (reached[0] << (2 * stride)) & targets[0];
        reached[1] = (reached[1] >> (2 * stride)) & targets[1];
        reached[2] = (reached[2] << 2) & targets[2];
        reached[3] = (reached[3] >> 2) & targets[3];
        for (union, reached) in landings.iter_mut().zip(reached) {
            *union |= reached;
        }
    }
    landings.iter().map(|bb| bb.count()).sum()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{Board, Color};
    use crate::position::{BitPosition, Position, PositionVisitor};
    use crate::square_set::SquareSet;
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// The jumps of each child of a position, for both sides to move: by the batch, and
    /// by `Geometry::for_each_jump` and `Geometry::count_jumps`.
    struct Compare;

    /// Per side to move, the sum of `count_jumps` over the children of `for_each_jump`.
    pub(crate) fn plain_grandchildren<W: Word>(
        geometry: &Geometry<W>,
        own: Bitboard<W>,
        opp: Bitboard<W>,
    ) -> u64 {
        let mut total = 0;
        let empty = geometry.mask().without(own | opp);
        geometry.for_each_jump(own, opp, empty, |from, to, captured| {
            let moved = Bitboard::from_index(from) | Bitboard::from_index(to);
            total +=
                geometry.count_jumps(opp ^ captured, own ^ moved, empty ^ moved ^ captured) as u64;
        });
        total
    }

    impl PositionVisitor for Compare {
        type Output = (u64, u64);
        fn visit<W: Word>(self, position: &BitPosition<W>) -> (u64, u64) {
            let geometry = position.geometry();
            let mut batch = LeafBatch::new(geometry);
            let mut plain = 0;
            let mover = position.side_to_move();
            let (own, opp) = (position.pieces(mover), position.pieces(!mover));
            for (own, opp) in [(own, opp), (opp, own)] {
                batch.push_children(own, opp);
                plain += plain_grandchildren(geometry, own, opp);
            }
            (batch.finish(), plain)
        }
    }

    /// Pieces on random squares, off their shade as often as on it.
    fn scattered(board: Board, rng: &mut StdRng) -> Position {
        let mut black = SquareSet::default();
        let mut white = SquareSet::default();
        for square in board.squares() {
            match rng.gen_range(0..5) {
                0 | 1 => black = black.with(square),
                2 | 3 => white = white.with(square),
                _ => {}
            }
        }
        Position::from_squares(board, black, white, Color::White).unwrap()
    }

    /// A position some random moves into a game from the start.
    fn played(board: Board, rng: &mut StdRng) -> Position {
        let mut position = Position::start(board);
        for _ in 0..rng.gen_range(0..=board.area()) {
            match position.legal_moves().choose(rng) {
                Some(&mv) if !position.after(mv).is_game_over() => position.play(mv),
                _ => break,
            }
        }
        position
    }

    /// `boards` random boards of every size, and on each a position with scattered
    /// pieces and one of a random game.
    pub(crate) fn random_positions(seed: u64, boards: usize) -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut positions = Vec::new();
        for _ in 0..boards {
            let board = Board::new(rng.gen_range(1..=16), rng.gen_range(1..=16)).unwrap();
            positions.push(scattered(board, &mut rng));
            positions.push(played(board, &mut rng));
        }
        positions
    }

    #[test]
    fn batch_counts_equal_the_plain_count_on_random_positions_of_every_size() {
        for position in random_positions(21, 2000) {
            let (batch, plain) = position.visit(Compare);
            assert_eq!(batch, plain, "{position}");
        }
    }

    #[test]
    fn a_full_batch_is_counted_before_more_are_queued() {
        let position = Position::start(Board::new(8, 8).unwrap());
        let position = position
            .after("d5".parse().unwrap())
            .after("d4".parse().unwrap());
        let bits = position.bits::<u64>().unwrap();
        let geometry = bits.geometry();
        let (own, opp) = (bits.pieces(Color::Black), bits.pieces(Color::White));
        let one = plain_grandchildren(geometry, own, opp);
        assert!(one > 0);
        let mut batch = LeafBatch::new(geometry);
        let pushes = CAPACITY as u64 * 2 + 7;
        for _ in 0..pushes {
            batch.push_children(own, opp);
        }
        assert_eq!(batch.finish(), one * pushes);
    }
}
