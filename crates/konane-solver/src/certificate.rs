//! Writing a proof certificate: a walk from the root that asks the solver for one
//! winning move where the winner moves (the one its proof-number search proved, where
//! it searched by proof numbers) and follows every move where the loser moves,
//! one record per canonical position above the leaf limit. Built on the public
//! [`Solver`] API only; the file format and its checker live in `konane-verify`.

use std::collections::hash_map::Entry;
use std::fmt;

use fnv::FnvHashMap;
use konane_core::{Color, Move, Position, WordSize, U256};
use konane_verify::{AnyCertificate, Canonical, Certificate, Key, KeyWord};
use rayon::prelude::*;

use crate::root::{RootReport, Solver};

/// The default leaf limit: positions of at most this many pieces get no record; the
/// checker solves them itself (measured in docs/certificates.md, "The leaf limit").
pub const DEFAULT_LEAF_PIECES: u32 = 16;

/// Why no certificate was written.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum CertifyError {
    /// The report does not prove a winner.
    NotProven,
    /// The leaf limit is above [`konane_verify::MAX_LEAF_PIECES`], which a certificate
    /// file cannot hold.
    LeafLimit(u32),
    /// The board has more squares than the key word asked for holds (only when
    /// [`certify`] is asked for `u64` keys on a board of more than 64 squares;
    /// [`certify_any`] chooses the word from the board).
    BoardTooLarge(konane_core::Board),
    /// The solver's stop flag was set.
    Stopped,
    /// The solver found a position of the proof won by the side that must lose it (a
    /// solver bug: the certificate would not verify).
    Contradiction {
        /// The position, with the side that should win it to move.
        position: Position,
    },
}

impl fmt::Display for CertifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CertifyError::NotProven => f.write_str("the winner is not proven"),
            CertifyError::LeafLimit(pieces) => write!(
                f,
                "a leaf limit of {pieces} pieces is above {}, the most a certificate holds",
                konane_verify::MAX_LEAF_PIECES
            ),
            CertifyError::BoardTooLarge(board) => write!(
                f,
                "{board} has {} squares, more than the certificate's key word holds",
                board.area()
            ),
            CertifyError::Stopped => f.write_str("stopped before the certificate was complete"),
            CertifyError::Contradiction { position } => write!(
                f,
                "the solver contradicts itself: {position} was needed won for {} and is not",
                position.side_to_move()
            ),
        }
    }
}

impl std::error::Error for CertifyError {}

/// Positions proven in parallel per thread at a time: enough to keep the threads busy,
/// few enough that the walk stays close to depth-first order.
const BATCH_PER_THREAD: usize = 64;

/// A certificate of what `report` (a solve of `root`'s moves) proved: its winner wins
/// `root`, by its first winning move when the side to move wins. Records are kept for
/// the positions of more than `leaf_pieces` pieces, proven by `solver` (whose table
/// may already hold the proof) on the current rayon pool. The winner's move in each of
/// its positions is the first one in [`Solver::solve_limited`]'s order that is proven
/// to win, which depends on the game alone, so the certificate does not depend on the
/// threads or the table; except where `solver` searches by proof numbers
/// ([`crate::SolverOptions::pn_pieces`]): there the move is the first the table
/// already knows to win ([`Solver::known_winning_move`]), the solve's own proof, and
/// the certificate is the same on every run with one thread and a table that does
/// not overflow, but may differ with more threads. `progress(positions)` is
/// called as the walk goes. Keys are held in `W` (`u64` holds boards of at most 64
/// squares, [`U256`] every board); [`certify_any`] chooses it from the board.
pub fn certify<W: KeyWord, F: FnMut(usize)>(
    solver: &Solver,
    root: &Position,
    report: &RootReport,
    leaf_pieces: u32,
    progress: F,
) -> Result<Certificate<W>, CertifyError> {
    let winner = report.winner().ok_or(CertifyError::NotProven)?;
    let first_move = report.winning_moves().first().copied();
    certify_claim(solver, root, winner, first_move, leaf_pieces, progress)
}

/// [`certify_any`] for a position whose winner is known but whose root moves were not
/// each solved, such as a unit of a split solve (solved by [`Solver::solve_limited`]):
/// where `winner` is to move at `root`, its move there is found as at every other
/// position of the winner. `winner` must be the true winner (the solver proves it
/// again as it goes; a wrong one gives [`CertifyError::Contradiction`]).
pub fn certify_position<F: FnMut(usize)>(
    solver: &Solver,
    root: &Position,
    winner: Color,
    leaf_pieces: u32,
    progress: F,
) -> Result<AnyCertificate, CertifyError> {
    Ok(match root.board().key_word() {
        WordSize::W64 => {
            certify_claim::<u64, F>(solver, root, winner, None, leaf_pieces, progress)?.into()
        }
        _ => certify_claim::<U256, F>(solver, root, winner, None, leaf_pieces, progress)?.into(),
    })
}

/// The certificate that `winner` wins `root`, by `first_move` there if given.
fn certify_claim<W: KeyWord, F: FnMut(usize)>(
    solver: &Solver,
    root: &Position,
    winner: Color,
    first_move: Option<Move>,
    leaf_pieces: u32,
    mut progress: F,
) -> Result<Certificate<W>, CertifyError> {
    if root.board().area() > W::BITS {
        return Err(CertifyError::BoardTooLarge(root.board()));
    }
    if leaf_pieces > konane_verify::MAX_LEAF_PIECES {
        return Err(CertifyError::LeafLimit(leaf_pieces));
    }
    let mut walk = Walk {
        canonical: Canonical::new(root.board()),
        leaf_pieces,
        records: FnvHashMap::default(),
        stack: Vec::new(),
    };
    // Where the side to move wins, the report's winning move is the root's.
    match first_move {
        Some(mv) if walk.needs_record(root) => {
            let (key, symmetry) = walk.canonical.of::<W>(root);
            let image = symmetry.apply(root);
            walk.won(key, &image, symmetry.apply_move(root.board(), mv));
        }
        _ => walk.reach(root),
    }
    // Where the solve searched by proof numbers, its proof is the one to follow: df-pn
    // proves with small subtrees, and those are in the table (4x10: 2,835 nodes, where
    // the proof in solve_limited's order needs a search of millions).
    let pn_pieces = solver.options().pn_pieces;
    let by_proof_numbers =
        |position: &Position| pn_pieces > 0 && position.occupied().len() >= pn_pieces;
    while !walk.stack.is_empty() {
        let take = BATCH_PER_THREAD * rayon::current_num_threads();
        let batch = walk.stack.split_off(walk.stack.len().saturating_sub(take));
        // The winner's move in each of the winner's positions.
        let moves: Vec<Result<Option<Move>, CertifyError>> = batch
            .par_iter()
            .map(|(_, position)| {
                if position.side_to_move() != winner {
                    return Ok(None);
                }
                if by_proof_numbers(position) {
                    if let Some(mv) = solver.known_winning_move(position) {
                        return Ok(Some(mv));
                    }
                }
                let verdict = solver
                    .solve_limited(position, u64::MAX)
                    .ok_or(CertifyError::Stopped)?;
                match verdict.winning_move {
                    Some(mv) => Ok(Some(mv)),
                    None => Err(CertifyError::Contradiction {
                        position: *position,
                    }),
                }
            })
            .collect();
        for ((key, position), winning_move) in batch.into_iter().zip(moves) {
            match winning_move? {
                Some(mv) => walk.won(key, &position, mv),
                None => {
                    for &mv in position.legal_moves().iter() {
                        walk.reach(&position.after(mv));
                    }
                }
            }
        }
        progress(walk.records.len() - walk.stack.len());
    }
    let mut won = Vec::new();
    let mut lost = Vec::new();
    for ((key, _), winning_move) in walk.records {
        match winning_move {
            Some(mv) => won.push((key, mv)),
            None => lost.push(key),
        }
    }
    Ok(Certificate::new(*root, winner, leaf_pieces, won, lost))
}

/// [`certify`] with the narrowest key word that holds the board
/// ([`Board::key_word`](konane_core::Board::key_word)): `u64` up to 64 squares (8 bytes
/// a key, the memory of the walk and of the checker), else `U256`.
pub fn certify_any<F: FnMut(usize)>(
    solver: &Solver,
    root: &Position,
    report: &RootReport,
    leaf_pieces: u32,
    progress: F,
) -> Result<AnyCertificate, CertifyError> {
    Ok(match root.board().key_word() {
        WordSize::W64 => certify::<u64, F>(solver, root, report, leaf_pieces, progress)?.into(),
        _ => certify::<U256, F>(solver, root, report, leaf_pieces, progress)?.into(),
    })
}

/// The state of the walk from the root.
struct Walk<W> {
    canonical: Canonical,
    leaf_pieces: u32,
    /// Each canonical position reached once, by its key and side to move: its winning
    /// move when the winner is to move (once proven), `None` for the loser's positions.
    records: FnvHashMap<(Key<W>, Color), Option<Move>>,
    /// Reached positions still to prove, as their canonical images.
    stack: Vec<(Key<W>, Position)>,
}

impl<W: KeyWord> Walk<W> {
    /// Whether `position` needs a record: more pieces than the leaf limit, and a move.
    fn needs_record(&self, position: &Position) -> bool {
        position.occupied().len() > self.leaf_pieces && position.count_moves() > 0
    }

    /// Notes that the proof reaches `position`: unless it needs no record or was
    /// reached before, its canonical image is to be proven.
    fn reach(&mut self, position: &Position) {
        if !self.needs_record(position) {
            return;
        }
        let (key, symmetry) = self.canonical.of::<W>(position);
        if let Entry::Vacant(entry) = self.records.entry((key, position.side_to_move())) {
            entry.insert(None);
            self.stack.push((key, symmetry.apply(position)));
        }
    }

    /// Records `mv` as the winning move of the canonical `position` (of key `key`) and
    /// reaches the position it leads to.
    fn won(&mut self, key: Key<W>, position: &Position, mv: Move) {
        self.records
            .insert((key, position.side_to_move()), Some(mv));
        self.reach(&position.after(mv));
    }
}
