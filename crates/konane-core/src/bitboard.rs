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
