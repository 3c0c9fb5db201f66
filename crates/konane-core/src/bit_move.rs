//! [`BitMove`]: a move as the bit indices of its two squares on one board, the form
//! the inner loops (search, solver, perft) play and store.

/// A move as the bit indices of its origin and landing square on one board (a removal
/// has both equal): the origin in bits 0-7, the landing square in bits 8-15.
/// [`Geometry::to_move`](crate::Geometry::to_move) names it.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq, Hash, Ord, PartialOrd)]
pub struct BitMove(u16);

impl BitMove {
    /// The move from bit index `from` to `to` (equal for a removal).
    #[inline(always)]
    pub const fn new(from: u8, to: u8) -> BitMove {
        BitMove(from as u16 | (to as u16) << 8)
    }

    /// The origin's bit index.
    #[inline(always)]
    pub const fn from(self) -> u8 {
        self.0 as u8
    }

    /// The landing square's bit index.
    #[inline(always)]
    pub const fn to(self) -> u8 {
        (self.0 >> 8) as u8
    }

    /// Whether this removes a piece instead of jumping.
    #[inline(always)]
    pub const fn is_removal(self) -> bool {
        self.from() == self.to()
    }

    /// The 16-bit encoding, for tables.
    #[inline(always)]
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// The move with encoding `raw` (as returned by [`BitMove::raw`]).
    #[inline(always)]
    pub const fn from_raw(raw: u16) -> BitMove {
        BitMove(raw)
    }
}
