//! Bitboard constants and helpers: one bit per square, index `rank * 8 + file`.

/// Squares on file `a` (file 0) of the 8-wide grid.
pub const FILE_A: u64 = 0x0101_0101_0101_0101;
/// Squares on file `h` (file 7) of the 8-wide grid.
pub const FILE_H: u64 = FILE_A << 7;

/// The four orthogonal directions a jump can take.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Direction {
    North,
    South,
    East,
    West,
}

impl Direction {
    /// All directions, in the fixed order move generation uses.
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::South,
        Direction::East,
        Direction::West,
    ];

    /// The change of square index for one step in this direction.
    pub const fn step(self) -> i8 {
        match self {
            Direction::North => 8,
            Direction::South => -8,
            Direction::East => 1,
            Direction::West => -1,
        }
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }

    /// Moves every bit one step in this direction; bits that would leave the 8x8 grid vanish.
    #[inline(always)]
    pub const fn shift(self, bb: u64) -> u64 {
        match self {
            Direction::North => bb << 8,
            Direction::South => bb >> 8,
            Direction::East => (bb & !FILE_H) << 1,
            Direction::West => (bb & !FILE_A) >> 1,
        }
    }
}

/// Iterator over the set bits of a bitboard, lowest first, as square indices.
#[derive(Copy, Clone, Debug)]
pub struct Bits(pub u64);

impl Iterator for Bits {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// The orthogonal neighbours of every square in `bb`, on the 8x8 grid.
#[inline(always)]
pub const fn neighbours(bb: u64) -> u64 {
    Direction::North.shift(bb)
        | Direction::South.shift(bb)
        | Direction::East.shift(bb)
        | Direction::West.shift(bb)
}

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
                let mut bits = 0u64;
                while sq != to as i32 {
                    bits |= 1u64 << sq;
                    sq += step;
                }
                table[from][to] = bits;
            }
            to += 1;
        }
        from += 1;
    }
    table
};

/// The squares strictly between two squares (bit indices) on one rank or file: what a
/// jump from `from` to `to` passes over. Empty when they share no line.
#[inline(always)]
pub fn between(from: u8, to: u8) -> u64 {
    BETWEEN[from as usize & 63][to as usize & 63]
}

/// The mover's and the other side's pieces after the mover jumps from `from` to `to`
/// (bit indices on one line), capturing the pieces of `opp` in between: the one way
/// every make-move ([`Position::play`](crate::Position::play), perft, the solver)
/// applies a jump to bitboards.
#[inline(always)]
pub fn apply_jump(own: u64, opp: u64, from: u8, to: u8) -> (u64, u64) {
    (
        own ^ (1u64 << from) ^ (1u64 << to),
        opp & !between(from, to),
    )
}
