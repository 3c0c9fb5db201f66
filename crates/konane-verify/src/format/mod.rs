//! The certificate file, versions 1 and 2: a text header (board, root, claimed winner,
//! leaf limit, record counts) and two sorted sections of delta-coded binary records,
//! then an `end` line. Version 1 holds boards of at most 64 squares, version 2 every
//! board up to 16x16; they differ only in the largest number and the move code.
//! Reading checks the layout only; [`crate::verify`] checks the proof. The exact layout
//! is documented in docs/certificates.md, section "File format, versions 1 and 2".
//!
//! By concern: certificate.rs (the certificate types, writing and reading the
//! records), header.rs (the header reader), record.rs (a record's key and move),
//! varint.rs (the LEB128 codec of the numbers) and error.rs (what a file that breaks
//! the format is).

use std::fmt;

mod certificate;
mod error;
mod header;
mod record;
mod varint;

pub use certificate::{AnyCertificate, Certificate};
pub use error::{ReadError, RecordProblem};

/// The newest format version, which holds every board up to 16x16. [`Certificate::write`]
/// writes the oldest version that holds the board: 1 up to 64 squares, else 2.
pub const FORMAT_VERSION: u32 = 2;
/// The most squares a board of a version 1 certificate may have: its numbers have at
/// most 64 bits.
pub const V1_MAX_SQUARES: u32 = 64;

/// The first word of every certificate.
const MAGIC: &str = "konane-certificate";

/// The largest leaf limit a certificate may set: positions of at most this many pieces
/// are solved by the checker itself, so the limit bounds its work per leaf.
pub const MAX_LEAF_PIECES: u32 = 20;

/// What the two versions differ in.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct Layout {
    version: u32,
}

impl Layout {
    /// The layout of `version`, if it is one this crate reads.
    fn of(version: u32) -> Option<Layout> {
        matches!(version, 1 | 2).then_some(Layout { version })
    }

    /// The most squares a board may have.
    fn max_squares(self) -> u32 {
        if self.version == 1 {
            V1_MAX_SQUARES
        } else {
            256
        }
    }

    /// The most bits a number may have (64, ten LEB128 bytes; 256, thirty-seven).
    fn number_bits(self) -> u32 {
        self.max_squares()
    }

    /// A move's code is `from + M * to`: M is 64 in version 1, 256 in version 2.
    fn move_base(self) -> u64 {
        self.max_squares() as u64
    }

    /// The longest header line, not counting its line feed. Version 1: 256 bytes (its
    /// longest valid line, the root of an 8x8 board, has 78). Version 2: 512 (the root
    /// line of a full 16x16 board has 278).
    fn max_line(self) -> usize {
        if self.version == 1 {
            256
        } else {
            512
        }
    }
}

/// The line limit of the first line, before the version is known (every valid first
/// line has at most 21 bytes).
const FIRST_LINE_MAX: usize = 256;

/// The two record sections, in file order.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Section {
    /// Positions where the claimed winner is to move, each with a winning move.
    Won,
    /// Positions where the claimed loser is to move: every move loses.
    Lost,
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Section::Won => "won",
            Section::Lost => "lost",
        })
    }
}
