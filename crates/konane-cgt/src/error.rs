//! The errors of the value arithmetic: the limits that keep every operation bounded in
//! depth (no stack overflow) and size.

use thiserror::Error;

/// Why a value could not be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CgtError {
    /// The value, or the sum being formed, could be born later than
    /// [`MAX_BIRTHDAY`](crate::MAX_BIRTHDAY): the recursion it needs is refused rather
    /// than risking the stack.
    #[error("the value would be born after day {limit} (bound {birthday}); the limit keeps the recursion within the stack")]
    TooDeep {
        /// The bound on the birthday of the value asked for.
        birthday: u64,
        /// The limit, [`MAX_BIRTHDAY`](crate::MAX_BIRTHDAY).
        limit: u32,
    },
    /// A side of a game given to [`Games::game`](crate::Games::game) has more distinct
    /// options than [`MAX_OPTIONS`](crate::MAX_OPTIONS) (simplification compares options
    /// pairwise).
    #[error("{count} distinct options on one side, more than the limit of {limit}")]
    TooManyOptions {
        /// The number of distinct options on the larger side.
        count: usize,
        /// The limit, [`MAX_OPTIONS`](crate::MAX_OPTIONS).
        limit: usize,
    },
    /// A number outside the exact range of [`Dyadic`](crate::Dyadic): a magnitude of
    /// `2^32` or more, or a denominator above `2^62`.
    #[error("a number outside the exact range (magnitude below 2^32, denominator at most 2^62)")]
    NumberOutOfRange,
    /// Cooling by a negative temperature, which [`Games::cool`](crate::Games::cool)
    /// does not do.
    /// The temperature is given as written (`-1/2`), so that this module stands
    /// below the numbers rather than beside them.
    #[error("cannot cool by {0}: the temperature must be at least 0")]
    NegativeCooling(String),
    /// The table holds `u32::MAX` values and cannot name another.
    #[error("the value table is full ({0} values)")]
    TableFull(usize),
}
