//! Regions of a Konane position and their values in combinatorial game theory.
//!
//! Late in a game the board falls apart into regions that no jump, now or later, can
//! join ([`regions`]; the rule and why it is sound are in `docs/regions.md`). The
//! position is then the disjunctive sum of its regions, and who wins follows from the
//! regions' canonical values (crate `konane_cgt`, Left = Black): a
//! [`RegionValues`] database computes each region's value once, keyed by a
//! [`RegionKey`] that is the same for the region translated, mirrored or turned.
//!
//! ```
//! use konane_core::Position;
//! use konane_solver::regions::{regions, RegionValues};
//!
//! // Two Black pieces that can each jump a White one, far apart on 6x6: two regions.
//! let position: Position = "6/6/bw4/6/6/4wb w".parse()?;
//! assert_eq!(regions(&position).len(), 2);
//! let mut values = RegionValues::new(1 << 16);
//! let value = values.value(&position, 1000)?;
//! // a1-b1 (empty c1): Black jumps once, White cannot: 1. The other is its mirror: 1.
//! assert_eq!(values.games().display(value).to_string(), "2");
//! assert!(!values.side_to_move_wins(&position, 1000)?); // White to move loses
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The squares are handled as [`RegionSquares`]s, the one type here that knows the core's
//! bitboard layout.

mod bits;
mod cache;
mod file;
mod key;
mod position_value;
mod split;
mod squares;
mod values;

pub(crate) use bits::{split_bits, BitRegion, ReachCache};
pub(crate) use cache::RegionCache;
pub use file::ValuesFileError;
pub use key::RegionKey;
pub use position_value::{winner, PositionValue, Thermography};
pub use split::{regions, Region, EXACT_ARRANGEMENTS, EXACT_PIECES};
pub use squares::RegionSquares;
pub use values::{RegionValues, ValueError};
