//! The machine words a bitboard can be built on: `u64` for boards up to 8x8, `u128` and
//! a 256-bit word for larger boards. [`Board::word`](crate::Board::word) picks one from
//! the board's size; everything generic over [`Word`] is written once for all three.
//!
//! The one bridge from a size known at run time to that generic code is here: the
//! [`with_word!`](crate::with_word) macro names the word of a board, and a value kept
//! on its board's word sits in a [`OneWord`] (a position, the solver's tables), which
//! [`on_word!`](crate::on_word) opens on its word. Per-word tables and statics sit in
//! an [`EachWord`], which generic code reaches by [`EachWord::get`]. These two macros
//! and the hooks of [`Word`]'s three implementations are the only places that branch
//! over the words.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

pub use ethnum::U256;

use crate::bit_move::BitMove;

/// Which word a board's bitboards use (see [`Board::word`](crate::Board::word)).
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum WordSize {
    /// `u64`: every board up to 8x8 (eight bits a rank).
    W64,
    /// `u128`: larger boards of at most 128 squares, packed rank after rank.
    W128,
    /// 256 bits: every other board up to 16x16, packed rank after rank.
    W256,
}

impl WordSize {
    /// The number of bits of the word.
    pub const fn bits(self) -> u32 {
        match self {
            WordSize::W64 => 64,
            WordSize::W128 => 128,
            WordSize::W256 => 256,
        }
    }
}

/// Runs `$body` with the type `$W` standing for the word of `$board` (a
/// [`Board`](crate::Board)), so that code generic over [`Word`] runs on the board in
/// hand without a match on [`WordSize`] of its own.
///
/// ```
/// use konane_core::{with_word, Board, Geometry};
/// let board: Board = "10x10".parse().unwrap();
/// let squares = with_word!(board, W => Geometry::<W>::of(board).mask().count());
/// assert_eq!(squares, 100);
/// ```
#[macro_export]
macro_rules! with_word {
    ($board:expr, $W:ident => $body:expr) => {
        match $crate::Board::word($board) {
            $crate::WordSize::W64 => {
                type $W = u64;
                $body
            }
            $crate::WordSize::W128 => {
                type $W = u128;
                $body
            }
            $crate::WordSize::W256 => {
                type $W = $crate::U256;
                $body
            }
        }
    };
}

/// Runs `$body` with `$x` bound to the value inside `$one` (a [`OneWord`], or a
/// reference to one) and the type `$W` standing for its word.
///
/// ```
/// use konane_core::{on_word, BitPosition, Board, OneWord, PerWord, Word};
/// struct Positions;
/// impl PerWord for Positions {
///     type On<W: Word> = BitPosition<W>;
/// }
/// let board: Board = "10x10".parse().unwrap();
/// let one = OneWord::<Positions>::new(BitPosition::<u128>::start(board));
/// assert_eq!(on_word!(&one, W, p => W::BITS + p.occupied().count()), 228);
/// ```
#[macro_export]
macro_rules! on_word {
    ($one:expr, $W:ident, $x:ident => $body:expr) => {
        match $one {
            $crate::OneWord::W64($x) => {
                #[allow(dead_code)]
                type $W = u64;
                $body
            }
            $crate::OneWord::W128($x) => {
                #[allow(dead_code)]
                type $W = u128;
                $body
            }
            $crate::OneWord::W256($x) => {
                #[allow(dead_code)]
                type $W = $crate::U256;
                $body
            }
        }
    };
}

/// A type with one form on each word, `Self::On<W>`: what an [`EachWord`] holds one of
/// for every word and a [`OneWord`] one of for one word.
pub trait PerWord {
    /// The form on the word `W`.
    type On<W: Word>;
}

/// One `F::On<W>` for each of the three words: per-word tables and statics, which
/// code generic over the word reaches by [`EachWord::get`] and [`EachWord::get_mut`].
pub struct EachWord<F: PerWord> {
    w64: F::On<u64>,
    w128: F::On<u128>,
    w256: F::On<U256>,
}

impl<F: PerWord> EachWord<F> {
    /// The three forms.
    pub const fn new(w64: F::On<u64>, w128: F::On<u128>, w256: F::On<U256>) -> Self {
        EachWord { w64, w128, w256 }
    }

    /// The form on the word `W`.
    #[inline(always)]
    pub fn get<W: Word>(&self) -> &F::On<W> {
        W::of_each(self)
    }

    /// The form on the word `W`, to change.
    #[inline(always)]
    pub fn get_mut<W: Word>(&mut self) -> &mut F::On<W> {
        W::of_each_mut(self)
    }
}

impl<F: PerWord> Default for EachWord<F>
where
    F::On<u64>: Default,
    F::On<u128>: Default,
    F::On<U256>: Default,
{
    fn default() -> Self {
        EachWord::new(Default::default(), Default::default(), Default::default())
    }
}

/// One `F::On<W>` on one of the three words: a value of any board behind one type
/// (such as a [`Position`](crate::Position)), opened on its word by
/// [`on_word!`](crate::on_word) or [`OneWord::get`].
pub enum OneWord<F: PerWord> {
    /// On `u64`.
    W64(F::On<u64>),
    /// On `u128`.
    W128(F::On<u128>),
    /// On 256 bits.
    W256(F::On<U256>),
}

impl<F: PerWord> OneWord<F> {
    /// `value` behind the type of every word.
    #[inline(always)]
    pub fn new<W: Word>(value: F::On<W>) -> Self {
        W::into_one(value)
    }

    /// The value, if its word is `W`.
    #[inline(always)]
    pub fn get<W: Word>(&self) -> Option<&F::On<W>> {
        W::of_one(self)
    }
}

impl<F: PerWord> Clone for OneWord<F>
where
    F::On<u64>: Clone,
    F::On<u128>: Clone,
    F::On<U256>: Clone,
{
    fn clone(&self) -> Self {
        match self {
            OneWord::W64(x) => OneWord::W64(x.clone()),
            OneWord::W128(x) => OneWord::W128(x.clone()),
            OneWord::W256(x) => OneWord::W256(x.clone()),
        }
    }
}

impl<F: PerWord> Copy for OneWord<F>
where
    F::On<u64>: Copy,
    F::On<u128>: Copy,
    F::On<U256>: Copy,
{
}

impl<F: PerWord> PartialEq for OneWord<F>
where
    F::On<u64>: PartialEq,
    F::On<u128>: PartialEq,
    F::On<U256>: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (OneWord::W64(a), OneWord::W64(b)) => a == b,
            (OneWord::W128(a), OneWord::W128(b)) => a == b,
            (OneWord::W256(a), OneWord::W256(b)) => a == b,
            _ => false,
        }
    }
}

impl<F: PerWord> Eq for OneWord<F>
where
    F::On<u64>: Eq,
    F::On<u128>: Eq,
    F::On<U256>: Eq,
{
}

mod sealed {
    /// Only the three words implement [`super::Word`]: its hooks know all three.
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl Sealed for super::U256 {}
}

/// An unsigned machine word used as a set of up to `BITS` squares: `u64`, `u128` or
/// [`U256`] (sealed).
pub trait Word:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The number of bits.
    const BITS: u32;
    /// Which word this is.
    const SIZE: WordSize;
    /// No bit set.
    const ZERO: Self;
    /// The most legal moves a position on any board using this word can have.
    const MAX_MOVES: usize;
    /// Room for `MAX_MOVES` moves, for fixed-capacity move lists.
    type MoveArray: AsRef<[BitMove]> + AsMut<[BitMove]> + Copy + Send + Sync + 'static;
    /// A move array of default moves.
    const EMPTY_MOVES: Self::MoveArray;

    /// The word with only bit `index` set (`index < BITS`).
    fn bit(index: u32) -> Self;
    /// The word with bits `0..n` set (`n <= BITS`).
    fn low_bits(n: u32) -> Self;
    /// The number of set bits.
    fn count_ones(self) -> u32;
    /// The index of the lowest set bit (`BITS` when none is set).
    fn trailing_zeros(self) -> u32;
    /// The word with its lowest set bit cleared.
    fn clear_lowest(self) -> Self;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// The bytes in reverse order.
    fn swap_bytes(self) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// The word holding `value` in its low 64 bits.
    fn from_u64(value: u64) -> Self;
    /// The bits above the low 64 folded into 64 (0 for `u64`), for hashing.
    fn fold_high(self) -> u64;

    /// This word's form in `each` ([`EachWord::get`]).
    #[doc(hidden)]
    fn of_each<F: PerWord>(each: &EachWord<F>) -> &F::On<Self>;
    /// This word's form in `each`, to change ([`EachWord::get_mut`]).
    #[doc(hidden)]
    fn of_each_mut<F: PerWord>(each: &mut EachWord<F>) -> &mut F::On<Self>;
    /// `value` behind the type of every word ([`OneWord::new`]).
    #[doc(hidden)]
    fn into_one<F: PerWord>(value: F::On<Self>) -> OneWord<F>;
    /// The value in `one` if it is on this word ([`OneWord::get`]).
    #[doc(hidden)]
    fn of_one<F: PerWord>(one: &OneWord<F>) -> Option<&F::On<Self>>;
}

/// The hooks of [`Word`] that pick the word's own place in an [`EachWord`] and a
/// [`OneWord`]: `$field` and `$variant` are the word's.
macro_rules! word_hooks {
    ($t:ty, $field:ident, $variant:ident) => {
        #[inline(always)]
        fn of_each<F: PerWord>(each: &EachWord<F>) -> &F::On<$t> {
            &each.$field
        }

        #[inline(always)]
        fn of_each_mut<F: PerWord>(each: &mut EachWord<F>) -> &mut F::On<$t> {
            &mut each.$field
        }

        #[inline(always)]
        fn into_one<F: PerWord>(value: F::On<$t>) -> OneWord<F> {
            OneWord::$variant(value)
        }

        #[inline(always)]
        fn of_one<F: PerWord>(one: &OneWord<F>) -> Option<&F::On<$t>> {
            match one {
                OneWord::$variant(value) => Some(value),
                _ => None,
            }
        }
    };
}

macro_rules! primitive_word {
    ($t:ty, $field:ident, $variant:ident, $size:expr, $max_moves:expr, $fold_high:expr) => {
        impl Word for $t {
            word_hooks!($t, $field, $variant);

            const BITS: u32 = <$t>::BITS;
            const SIZE: WordSize = $size;
            const ZERO: Self = 0;
            const MAX_MOVES: usize = $max_moves;
            type MoveArray = [BitMove; $max_moves];
            const EMPTY_MOVES: Self::MoveArray = [BitMove::new(0, 0); $max_moves];

            #[inline(always)]
            fn bit(index: u32) -> Self {
                1 << index
            }

            #[inline(always)]
            fn low_bits(n: u32) -> Self {
                if n >= Self::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }

            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }

            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }

            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }

            #[inline(always)]
            fn swap_bytes(self) -> Self {
                <$t>::swap_bytes(self)
            }

            #[inline(always)]
            fn low_u64(self) -> u64 {
                self as u64
            }

            #[inline(always)]
            fn from_u64(value: u64) -> Self {
                value as $t
            }

            #[inline(always)]
            fn fold_high(self) -> u64 {
                $fold_high(self)
            }
        }
    };
}

// The move bounds: a piece has at most ⌊(W-1)/2⌋ landings along its rank and
// ⌊(H-1)/2⌋ along its file, and a colour at most ⌈W·H/2⌉ pieces. The largest products
// over the boards each word holds: 8x8 (32 · 6, within 256), 16x8 and 8x16 (64 · 10),
// 16x16 (128 · 14); `Geometry::of` checks every board against its word's bound.
primitive_word!(u64, w64, W64, WordSize::W64, 256, |_| 0);
primitive_word!(u128, w128, W128, WordSize::W128, 640, |x: u128| (x >> 64)
    as u64);

impl Word for U256 {
    word_hooks!(U256, w256, W256);

    const BITS: u32 = 256;
    const SIZE: WordSize = WordSize::W256;
    const ZERO: Self = U256::ZERO;
    const MAX_MOVES: usize = 1792;
    type MoveArray = [BitMove; 1792];
    const EMPTY_MOVES: Self::MoveArray = [BitMove::new(0, 0); 1792];

    #[inline(always)]
    fn bit(index: u32) -> Self {
        U256::ONE << index
    }

    #[inline(always)]
    fn low_bits(n: u32) -> Self {
        if n >= 256 {
            U256::MAX
        } else {
            (U256::ONE << n) - U256::ONE
        }
    }

    #[inline(always)]
    fn count_ones(self) -> u32 {
        U256::count_ones(self)
    }

    #[inline(always)]
    fn trailing_zeros(self) -> u32 {
        U256::trailing_zeros(self)
    }

    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & self.wrapping_sub(U256::ONE)
    }

    #[inline(always)]
    fn reverse_bits(self) -> Self {
        U256::reverse_bits(self)
    }

    #[inline(always)]
    fn swap_bytes(self) -> Self {
        U256::swap_bytes(self)
    }

    #[inline(always)]
    fn low_u64(self) -> u64 {
        *self.low() as u64
    }

    #[inline(always)]
    fn from_u64(value: u64) -> Self {
        U256::from(value)
    }

    #[inline(always)]
    fn fold_high(self) -> u64 {
        let (high, low) = self.into_words();
        (low >> 64) as u64 ^ (high as u64).rotate_left(21) ^ ((high >> 64) as u64).rotate_left(42)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_word<W: Word>() {
        assert_eq!(W::low_bits(0), W::ZERO);
        assert_eq!(W::low_bits(W::BITS), !W::ZERO);
        assert_eq!(W::low_bits(3).count_ones(), 3);
        let top = W::bit(W::BITS - 1);
        assert_eq!(top.trailing_zeros(), W::BITS - 1);
        assert_eq!(W::ZERO.trailing_zeros(), W::BITS);
        assert_eq!(top.reverse_bits(), W::bit(0));
        assert_eq!(W::bit(0).swap_bytes(), W::bit(W::BITS - 8));
        assert_eq!((W::bit(5) | W::bit(9)).clear_lowest(), W::bit(9));
        assert_eq!(W::from_u64(0xabcd).low_u64(), 0xabcd);
        assert_eq!(W::SIZE.bits(), W::BITS);
    }

    #[test]
    fn every_word_has_the_same_bit_operations() {
        check_word::<u64>();
        check_word::<u128>();
        check_word::<U256>();
    }
}
