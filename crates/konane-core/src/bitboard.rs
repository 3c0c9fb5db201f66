//! [`Bitboard`]: a set of squares as the bits of a machine word, one bit a square at
//! the board's bit index (see [`Geometry`](crate::Geometry) for the layout), with the
//! set operators and iteration over the bits.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

use crate::word::Word;

/// A set of bit indices of a board, on the word `W` (`u64` for boards up to 8x8).
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct Bitboard<W: Word = u64>(pub W);

impl<W: Word> Bitboard<W> {
    /// No square.
    pub const EMPTY: Self = Bitboard(W::ZERO);

    /// The set holding only bit `index`.
    #[inline(always)]
    pub fn from_index(index: u8) -> Self {
        Bitboard(W::bit(index as u32))
    }

    /// The bits `0..n`.
    #[inline(always)]
    pub fn low_bits(n: u32) -> Self {
        Bitboard(W::low_bits(n))
    }

    /// Whether no bit is set.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == W::ZERO
    }

    /// Whether some bit is set.
    #[inline(always)]
    pub fn any(self) -> bool {
        self.0 != W::ZERO
    }

    /// The number of bits set.
    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether bit `index` is set.
    #[inline(always)]
    pub fn contains(self, index: u8) -> bool {
        (self & Self::from_index(index)).any()
    }

    /// The lowest set bit's index, if any.
    #[inline(always)]
    pub fn lowest(self) -> Option<u8> {
        self.any().then(|| self.0.trailing_zeros() as u8)
    }

    /// The bits of `self` not in `other`.
    #[inline(always)]
    pub fn without(self, other: Self) -> Self {
        Bitboard(self.0 & !other.0)
    }

    /// The bit indices set, lowest first.
    #[inline(always)]
    pub fn iter(self) -> Bits<W> {
        Bits(self.0)
    }
}

impl<W: Word> IntoIterator for Bitboard<W> {
    type Item = u8;
    type IntoIter = Bits<W>;

    #[inline(always)]
    fn into_iter(self) -> Bits<W> {
        Bits(self.0)
    }
}

impl<W: Word> FromIterator<u8> for Bitboard<W> {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
        iter.into_iter()
            .fold(Self::EMPTY, |bb, i| bb | Self::from_index(i))
    }
}

impl<W: Word> fmt::Debug for Bitboard<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! binary_operator {
    ($trait:ident, $method:ident, $assign:ident, $assign_method:ident, $op:tt) => {
        impl<W: Word> $trait for Bitboard<W> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl<W: Word> $assign for Bitboard<W> {
            #[inline(always)]
            fn $assign_method(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}

binary_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binary_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binary_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<W: Word> Not for Bitboard<W> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bitboard(!self.0)
    }
}

impl<W: Word> Shl<u32> for Bitboard<W> {
    type Output = Self;
    #[inline(always)]
    fn shl(self, n: u32) -> Self {
        Bitboard(self.0 << n)
    }
}

impl<W: Word> Shr<u32> for Bitboard<W> {
    type Output = Self;
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        Bitboard(self.0 >> n)
    }
}

/// Iterator over the set bits of a word, lowest first, as bit indices.
#[derive(Copy, Clone, Debug)]
pub struct Bits<W: Word = u64>(pub W);

impl<W: Word> Iterator for Bits<W> {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == W::ZERO {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 = self.0.clear_lowest();
        Some(index)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<W: Word> ExactSizeIterator for Bits<W> {}

/// The four orthogonal directions a jump can take.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
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

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Direction {
        match self {
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::East => Direction::West,
            Direction::West => Direction::East,
        }
    }

    /// Whether this direction runs along a file (north or south).
    pub const fn is_vertical(self) -> bool {
        matches!(self, Direction::North | Direction::South)
    }

    /// Whether one step in this direction raises the bit index.
    pub const fn is_increasing(self) -> bool {
        matches!(self, Direction::North | Direction::East)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::U256;

    fn check<W: Word>() {
        let bb: Bitboard<W> = [3u8, 7, 60].into_iter().collect();
        assert_eq!(bb.iter().collect::<Vec<_>>(), vec![3, 7, 60]);
        assert_eq!(bb.count(), 3);
        assert!(bb.contains(7) && !bb.contains(8));
        assert_eq!(bb.lowest(), Some(3));
        assert_eq!(Bitboard::<W>::EMPTY.lowest(), None);
        assert_eq!((bb >> 1) << 1, bb);
        assert_eq!(bb.without(Bitboard::from_index(7)).count(), 2);
        assert_eq!(
            bb ^ Bitboard::from_index(3),
            [7u8, 60].into_iter().collect()
        );
        assert_eq!(format!("{bb:?}"), "{3, 7, 60}");
    }

    #[test]
    fn operators_and_iteration_on_every_word() {
        check::<u64>();
        check::<u128>();
        check::<U256>();
    }
}
