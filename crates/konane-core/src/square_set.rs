//! [`SquareSet`]: a set of squares of any board, by name, for front ends (which pieces
//! stand where, what a move captures) that need no bit layout.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitXor};

use crate::board::Square;
use crate::word::U256;

/// A set of squares of any board up to 16x16, kept as one bit per [`Square::code`].
#[derive(Copy, Clone, Default, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct SquareSet(U256);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(U256::ZERO);

    /// Whether `square` is in the set.
    pub fn contains(self, square: Square) -> bool {
        (self.0 >> square.code() as u32) & U256::ONE != U256::ZERO
    }

    /// The set with `square` added.
    pub fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | U256::ONE << square.code() as u32)
    }

    /// The set with `square` taken out.
    pub fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !(U256::ONE << square.code() as u32))
    }

    /// The number of squares.
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == U256::ZERO
    }

    /// The squares, rank after rank from `a1`.
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

/// The squares of a [`SquareSet`], rank after rank from `a1`.
#[derive(Clone, Debug)]
pub struct Squares(U256);

impl Iterator for Squares {
    type Item = Square;

    fn next(&mut self) -> Option<Square> {
        if self.0 == U256::ZERO {
            return None;
        }
        let code = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - U256::ONE;
        Some(Square::from_code(code))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for SquareSet {
    type Item = Square;
    type IntoIter = Squares;

    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> SquareSet {
        iter.into_iter().fold(SquareSet::EMPTY, SquareSet::with)
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitXor for SquareSet {
    type Output = SquareSet;
    fn bitxor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ rhs.0)
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|s| s.to_string()))
            .finish()
    }
}

impl fmt::Display for SquareSet {
    /// The squares' names separated by spaces, rank after rank from `a1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, square) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_squares_of_the_largest_board() {
        let squares: Vec<Square> = ["a1", "p1", "c10", "p16"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let set: SquareSet = squares.iter().copied().collect();
        assert_eq!(set.len(), 4);
        assert_eq!(set.iter().collect::<Vec<_>>(), squares);
        assert!(set.contains(squares[2]) && !set.without(squares[2]).contains(squares[2]));
        assert_eq!(set.to_string(), "a1 p1 c10 p16");
        assert_eq!((set ^ set.without(squares[0])).len(), 1);
    }
}
