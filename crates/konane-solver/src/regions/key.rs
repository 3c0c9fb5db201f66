//! Normalised region keys: a region is a game played inside the bounding box of its
//! reach, so the key is that box's size and the pieces inside it, taken under whichever
//! of the box's eight reflections and rotations gives the smallest key. One region seen
//! anywhere on any board, mirrored or turned, has one key.

use konane_core::{Board, Square};

use super::split::Region;
use super::squares::RegionSquares;

/// A region up to translation and symmetry (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RegionKey {
    width: u8,
    height: u8,
    black: RegionSquares,
    white: RegionSquares,
}

impl RegionKey {
    /// The key of `region`.
    pub fn of(region: &Region) -> RegionKey {
        let span = |coordinate: fn(Square) -> u8| {
            let values = region.reach.squares().map(coordinate);
            let low = values.clone().min().unwrap_or(0);
            (low, values.max().unwrap_or(0))
        };
        let ((f0, f1), (r0, r1)) = (span(Square::file), span(Square::rank));
        let (w, h) = (f1 - f0 + 1, r1 - r0 + 1);
        let local = |set: RegionSquares| {
            set.squares()
                .map(|s| RegionSquares::single(Square::new(s.file() - f0, s.rank() - r0)))
                .fold(RegionSquares::EMPTY, RegionSquares::or)
        };
        RegionKey::normalised(w, h, local(region.black), local(region.white))
    }

    /// The key of the pieces `black` and `white` of a `w` x `h` box: the smallest of
    /// the box's eight images.
    pub(crate) fn normalised(
        w: u8,
        h: u8,
        black: RegionSquares,
        white: RegionSquares,
    ) -> RegionKey {
        (0..8)
            .map(|symmetry| {
                let map = |set: RegionSquares| {
                    set.squares()
                        .map(|s| {
                            RegionSquares::single(transform(symmetry, s.file(), s.rank(), w, h))
                        })
                        .fold(RegionSquares::EMPTY, RegionSquares::or)
                };
                let (width, height) = if symmetry >= 4 { (h, w) } else { (w, h) };
                RegionKey {
                    width,
                    height,
                    black: map(black),
                    white: map(white),
                }
            })
            .min()
            .expect("a box has eight symmetries")
    }

    /// The box as a board of its own, on which the region plays the same game.
    pub fn board(&self) -> Board {
        Board::new(u32::from(self.width), u32::from(self.height))
            .expect("a region's box fits the board it came from")
    }

    /// The Black pieces, on [`RegionKey::board`].
    pub fn black(&self) -> RegionSquares {
        self.black
    }

    /// The White pieces, on [`RegionKey::board`].
    pub fn white(&self) -> RegionSquares {
        self.white
    }

    /// The width and height of the box the region is played in.
    pub fn size(&self) -> (u8, u8) {
        (self.width, self.height)
    }

    /// How many pieces the region has.
    pub fn pieces(&self) -> u32 {
        self.black.len() + self.white.len()
    }
}

/// Square `(f, r)` of a `w` x `h` box under symmetry `0..8`: the identity, the three
/// mirrors and half turn, then the four that swap files and ranks (onto an `h` x `w` box).
fn transform(symmetry: u8, f: u8, r: u8, w: u8, h: u8) -> Square {
    let (f, r) = match symmetry {
        0 => (f, r),
        1 => (w - 1 - f, r),
        2 => (f, h - 1 - r),
        3 => (w - 1 - f, h - 1 - r),
        4 => (r, f),
        5 => (h - 1 - r, f),
        6 => (r, w - 1 - f),
        _ => (h - 1 - r, w - 1 - f),
    };
    Square::new(f, r)
}
