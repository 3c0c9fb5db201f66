//! The certificate of the top of a split solve: the positions above its units, each
//! with its record (one winning move where the winner moves, every move where the loser
//! does), backed by the units' results. It stops where the units begin: their own
//! certificates ([`crate::certify_position`], one a unit) prove them, and
//! `konane verify TOP UNITS…` checks the top joined with them as one proof
//! ([`konane_verify::Certificate::join`]).

use std::collections::HashSet;

use konane_core::{Color, Position, WordSize, U256};
use konane_verify::{AnyCertificate, Canonical, Certificate, Key, KeyWord};

use super::backup::node_wins;
use super::results::Results;
use super::split::{Node, Split};
use crate::certificate::CertifyError;

/// The proof of the top of a split: its certificate, and the units it leaves to theirs.
#[derive(Clone, Debug)]
pub struct TopCertificate {
    /// The records of the positions above the units.
    pub certificate: AnyCertificate,
    /// The ids of the units the proof reaches, in the order reached: with a certificate
    /// of each (all won by the root's winner), the proof is whole.
    pub units: Vec<u64>,
}

/// The certificate of the top of `split` that the `results` prove: the root's winner
/// wins, by the positions above the units (records of those of more than
/// `leaf_pieces` pieces). [`CertifyError::NotProven`] while the results leave the
/// root open.
pub fn top_certificate(
    split: &Split,
    results: &Results,
    leaf_pieces: u32,
) -> Result<TopCertificate, CertifyError> {
    Ok(match split.root().board().key_word() {
        WordSize::W64 => {
            let (certificate, units) = top::<u64>(split, results, leaf_pieces)?;
            TopCertificate {
                certificate: certificate.into(),
                units,
            }
        }
        _ => {
            let (certificate, units) = top::<U256>(split, results, leaf_pieces)?;
            TopCertificate {
                certificate: certificate.into(),
                units,
            }
        }
    })
}

fn top<W: KeyWord>(
    split: &Split,
    results: &Results,
    leaf_pieces: u32,
) -> Result<(Certificate<W>, Vec<u64>), CertifyError> {
    if leaf_pieces > konane_verify::MAX_LEAF_PIECES {
        return Err(CertifyError::LeafLimit(leaf_pieces));
    }
    let wins = node_wins(split, results);
    let root = *split.root();
    let winner = match wins[0] {
        Some(true) => root.side_to_move(),
        Some(false) => !root.side_to_move(),
        None => return Err(CertifyError::NotProven),
    };
    let mut walk = TopWalk {
        split,
        wins: &wins,
        winner,
        leaf_pieces,
        canonical: Canonical::new(root.board()),
        seen: HashSet::new(),
        won: Vec::new(),
        lost: Vec::new(),
        units: Vec::new(),
    };
    walk.visit(0, root);
    let certificate = Certificate::new(root, winner, leaf_pieces, walk.won, walk.lost);
    Ok((certificate, walk.units))
}

/// The walk down the split from its root.
struct TopWalk<'a, W> {
    split: &'a Split,
    wins: &'a [Option<bool>],
    winner: Color,
    leaf_pieces: u32,
    canonical: Canonical,
    /// The canonical positions given a record so far, with their side to move.
    seen: HashSet<(Key<W>, Color)>,
    won: Vec<(Key<W>, konane_core::Move)>,
    lost: Vec<Key<W>>,
    /// The units reached.
    units: Vec<u64>,
}

impl<W: KeyWord> TopWalk<'_, W> {
    /// Gives `position`, node `index` of the split, its record (unless the checker
    /// decides it itself, or it is a unit) and visits the nodes the proof needs below
    /// it: the winner's move where the winner moves, every move where the loser does.
    fn visit(&mut self, index: usize, position: Position) {
        let children = match &self.split.nodes()[index] {
            Node::Inner(children) => children,
            // A unit is proven by its own certificate (each unit is one node, met once).
            Node::Unit(id) => {
                if !self.units.contains(id) {
                    self.units.push(*id);
                }
                return;
            }
            // The side to move has no move: lost by the rules.
            Node::Lost => return,
        };
        if position.occupied().len() <= self.leaf_pieces {
            // A leaf: the checker decides it with its own search.
            return;
        }
        let (key, symmetry) = self.canonical.of::<W>(&position);
        let side = position.side_to_move();
        if !self.seen.insert((key, side)) {
            return;
        }
        if side == self.winner {
            let &(mv, child) = children
                .iter()
                .find(|&&(_, c)| self.wins[c] == Some(false))
                .expect("a position the winner wins has a child the mover there loses");
            self.won
                .push((key, symmetry.apply_move(position.board(), mv)));
            self.visit(child, position.after(mv));
        } else {
            self.lost.push(key);
            for &(mv, child) in children {
                self.visit(child, position.after(mv));
            }
        }
    }
}
