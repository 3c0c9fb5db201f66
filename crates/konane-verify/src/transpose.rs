//! A certificate turned onto the transposed board (`Board::transposed`: W×H to H×W by
//! the reflection in the anti-diagonal, under which the rules and the start layout are
//! the same): every record's position and move turned, then stored again by the
//! canonical image on the new board. A proof of 8x7 so becomes a proof of 7x8 that the
//! checker verifies on 7x8's own terms.

use konane_core::{Move, Position};

use crate::format::{AnyCertificate, Certificate, Section};
use crate::key::{Canonical, Key, KeyWord};

impl<W: KeyWord> Certificate<W> {
    /// The same proof on the transposed board: the root, each won record's position
    /// and winning move, and each lost record's position turned, keyed by their
    /// canonical images there; the winner and the leaf limit are the same.
    pub fn transposed(&self) -> Certificate<W> {
        let board = self.root().board();
        let turned_board = board.transposed();
        let canonical = Canonical::new(turned_board);
        let turned = |section: Section, key: Key<W>| -> Position {
            self.position(section, key).transposed()
        };
        let won: Vec<(Key<W>, Move)> = self
            .won()
            .iter()
            .map(|&(key, mv)| {
                // The record's move is a move of its position; on the new board it is a
                // move of the position turned, and of its canonical image by the symmetry
                // that makes the image.
                let (image, symmetry) = canonical.of(&turned(Section::Won, key));
                (
                    image,
                    symmetry.apply_move(turned_board, mv.transposed(board)),
                )
            })
            .collect();
        let lost: Vec<Key<W>> = self
            .lost()
            .iter()
            .map(|&key| canonical.of(&turned(Section::Lost, key)).0)
            .collect();
        Certificate::new(
            self.root().transposed(),
            self.winner(),
            self.leaf_pieces(),
            won,
            lost,
        )
    }
}

impl AnyCertificate {
    /// The same proof on the transposed board ([`Certificate::transposed`]).
    pub fn transposed(&self) -> AnyCertificate {
        match self {
            AnyCertificate::Narrow(c) => c.transposed().into(),
            AnyCertificate::Wide(c) => c.transposed().into(),
        }
    }
}
