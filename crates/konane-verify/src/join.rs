//! One proof from several certificates: the certificate of the top of a split solve
//! (the positions above its units) joined with the certificates of its units, checked
//! as one proof. Joining only pools the records: the checker then follows the proof from
//! the top's root, reaching the units' records through the positions where the top
//! stops, and still refuses a record that nothing reaches.
//!
//! Why pooling is sound: every record is about the claimed winner (a won record: the
//! winner to move wins by its move; a lost record: the loser to move loses to every
//! move), and the checker checks each record it reaches, by induction on the pieces;
//! which file a record came from plays no part. So every part must claim the same
//! winner, on the same board, with the same leaf limit.

use konane_core::{Board, Color};
use thiserror::Error;

use crate::format::{AnyCertificate, Certificate};
use crate::key::KeyWord;

/// Why certificates cannot be joined into one proof.
#[derive(Clone, Debug, Eq, PartialEq, Error)]
pub enum JoinError {
    /// A part is of another board than the top.
    #[error("part {part} is a certificate of {found}, the top one of {expected}")]
    Board {
        part: usize,
        expected: Board,
        found: Board,
    },
    /// A part claims the other winner: its records say nothing of the top's winner.
    #[error("part {part} claims {found} wins, the top certificate {expected}")]
    Winner {
        part: usize,
        expected: Color,
        found: Color,
    },
    /// A part leaves other positions to the checker than the top does.
    #[error("part {part} has a leaf limit of {found} pieces, the top certificate {expected}")]
    LeafLimit {
        part: usize,
        expected: u32,
        found: u32,
    },
}

impl JoinError {
    /// The part at fault, counted from 1.
    pub fn part(&self) -> usize {
        match *self {
            JoinError::Board { part, .. }
            | JoinError::Winner { part, .. }
            | JoinError::LeafLimit { part, .. } => part,
        }
    }
}

impl<W: KeyWord> Certificate<W> {
    /// This certificate's root and claim with the records of `parts` added (parts
    /// counted from 1 in errors). Every part must be of the same board, claim the same
    /// winner and have the same leaf limit.
    pub fn join(&self, parts: &[Certificate<W>]) -> Result<Certificate<W>, JoinError> {
        for (i, part) in parts.iter().enumerate() {
            let part_number = i + 1;
            if part.root().board() != self.root().board() {
                return Err(JoinError::Board {
                    part: part_number,
                    expected: self.root().board(),
                    found: part.root().board(),
                });
            }
            if part.winner() != self.winner() {
                return Err(JoinError::Winner {
                    part: part_number,
                    expected: self.winner(),
                    found: part.winner(),
                });
            }
            if part.leaf_pieces() != self.leaf_pieces() {
                return Err(JoinError::LeafLimit {
                    part: part_number,
                    expected: self.leaf_pieces(),
                    found: part.leaf_pieces(),
                });
            }
        }
        let all = || std::iter::once(self).chain(parts);
        let won = all().flat_map(|c| c.won().iter().copied()).collect();
        let lost = all().flat_map(|c| c.lost().iter().copied()).collect();
        Ok(Certificate::new(
            self.root(),
            self.winner(),
            self.leaf_pieces(),
            won,
            lost,
        ))
    }
}

impl AnyCertificate {
    /// [`Certificate::join`] whatever the key word (the same for every part of one
    /// board).
    pub fn join(&self, parts: Vec<AnyCertificate>) -> Result<AnyCertificate, JoinError> {
        let board_error = |part: usize, found: &AnyCertificate| JoinError::Board {
            part,
            expected: self.root().board(),
            found: found.root().board(),
        };
        match self {
            AnyCertificate::Narrow(top) => {
                let mut narrow = Vec::with_capacity(parts.len());
                for (i, part) in parts.into_iter().enumerate() {
                    match part {
                        AnyCertificate::Narrow(c) => narrow.push(c),
                        other => return Err(board_error(i + 1, &other)),
                    }
                }
                Ok(top.join(&narrow)?.into())
            }
            AnyCertificate::Wide(top) => {
                let mut wide = Vec::with_capacity(parts.len());
                for (i, part) in parts.into_iter().enumerate() {
                    match part {
                        AnyCertificate::Wide(c) => wide.push(c),
                        other => return Err(board_error(i + 1, &other)),
                    }
                }
                Ok(top.join(&wide)?.into())
            }
        }
    }
}
