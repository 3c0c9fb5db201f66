//! Konane proof certificates: the file format and a checker that shares no code with
//! the solver, only the rules crate (`konane-core`). A certificate proves who wins a
//! position: for each position of the proof where the winner moves, one winning move;
//! where the loser moves, every move (generated here by the rules crate); positions of
//! at most a few pieces (the leaves) are decided by the checker's own plain search.
//!
//! ```
//! use konane_core::{Color, Position};
//! use konane_verify::{AnyCertificate, Certificate};
//!
//! // Black's a1c1 leaves White without a move: with a leaf limit of 2 pieces the
//! // checker decides the root (2 pieces) itself, so no record is needed.
//! let root = Position::from_fen("bw2 b").unwrap();
//! let certificate: Certificate = Certificate::new(root, Color::Black, 2, Vec::new(), Vec::new());
//! let mut file = Vec::new();
//! certificate.write(&mut file).unwrap();
//! // Any board up to 16x16 reads back, its keys in the narrowest word that holds it.
//! let read = AnyCertificate::read(&file[..]).unwrap();
//! assert_eq!(read.version(), 1); // boards of more than 64 squares are written in version 2
//! assert!(read.verify().is_ok());
//! ```
//!
//! # Use
//!
//! - [`Certificate`] (keys in a `u64` up to 64 squares, or in a 256-bit word) and
//!   [`AnyCertificate`] (the narrowest word for the board): `new`, `write`, `read`.
//!   [`FORMAT_VERSION`] is the newest format version, [`V1_MAX_SQUARES`] the most
//!   squares version 1 holds, [`MAX_LEAF_PIECES`] the largest leaf limit a file may
//!   set. A file that breaks the format is one [`ReadError`] naming its header line or
//!   its record ([`Section`], [`RecordProblem`]). [`Certificate::join`] (and
//!   [`AnyCertificate::join`]) pools the records of the certificate of a split solve's
//!   top and those of its units into one proof, or says why not ([`JoinError`]).
//! - [`verify`] (or [`AnyCertificate::verify`]) checks the proof: a [`Summary`] of what
//!   was checked, or a [`Failure`] naming the line of moves from the root, the record
//!   ([`RecordRef`]) and what is wrong ([`Problem`]).
//! - [`key_of`] is the [`Key`] of a position's pieces (occupancy and colour exceptions)
//!   in a [`KeyWord`]; [`Canonical`] gives a position's canonical image under the
//!   board's symmetries; [`KeyError`] says why a number read from a file is no key.
//! - [`LeafSolver`]: the checker's own plain search of the leaves, with its memo.
//! - [`Certificate::transposed`] (and [`AnyCertificate::transposed`]): the same proof on
//!   the transposed board (W×H to H×W, the same game turned), for the checker to verify
//!   there.
//!
//! The file format is documented in docs/certificates.md.

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod check;
mod format;
mod join;
mod key;
mod leaf;
mod transpose;

pub use check::{verify, Failure, Problem, RecordRef, Summary};
pub use format::{
    AnyCertificate, Certificate, ReadError, RecordProblem, Section, FORMAT_VERSION,
    MAX_LEAF_PIECES, V1_MAX_SQUARES,
};
pub use join::JoinError;
pub use key::{key_of, Canonical, Key, KeyError, KeyWord};
pub use leaf::LeafSolver;
