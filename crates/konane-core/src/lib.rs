//! Konane rules: board geometry, bitboard positions, move generation, notation, FEN,
//! text diagrams, Zobrist hashing, board symmetries and perft (and the `K/N` shards that
//! split numbered work across machines). No I/O, no search.
//!
//! The types live at the crate root: [`Board`] (any size from 1x1 to 8x8), [`Square`],
//! [`Color`], [`Move`] and [`Position`], each read from text with [`FromStr`] and
//! written with [`Display`], with a typed error saying what is wrong ([`SquareError`],
//! [`MoveError`], [`FenError`], [`BoardSizeError`]).
//!
//! ```
//! use konane_core::{Color, Move, Position, Square};
//!
//! // The 8x8 start after Black removed d5 and White d4: ranks from the top, then the
//! // side to move.
//! let fen = "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbw1wbwb/bwb1bwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b";
//! let mut position: Position = fen.parse()?;
//! assert_eq!(position.side_to_move(), Color::Black);
//!
//! let mut moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
//! moves.sort();
//! assert_eq!(moves, ["b5d5", "d7d5", "f5d5"]);
//!
//! // `parse_move` also checks that the move is legal here; `str::parse` checks the
//! // notation only.
//! let jump = position.parse_move("d7-d5")?;
//! assert_eq!(jump, "d7d5".parse::<Move>()?);
//! position.play(jump);
//!
//! let d5: Square = "d5".parse()?;
//! assert_ne!(position.pieces(Color::Black) & d5.bit(), 0);
//! assert_eq!(
//!     position.to_string(),
//!     "bwbwbwbw/wbw1wbwb/bwb1bwbw/wbwbwbwb/bwb1bwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb w"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Inner loops that keep no [`Position`] (perft, the solver) work on bare bitboards
//! with the modules [`bitboard`] (bit iteration, the one way to apply a jump) and
//! [`movegen`] (jumps, removals and move counts); [`perft`] counts the move tree.
//!
//! [`FromStr`]: std::str::FromStr
//! [`Display`]: std::fmt::Display

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod bitboard;
mod board;
mod diagram;
mod fen;
pub mod movegen;
mod moves;
mod opening;
pub mod perft;
mod position;
mod shard;
mod symmetry;
mod text;
mod zobrist;

pub use bitboard::Bits;
pub use board::{Board, BoardSizeError, Color, Square, SquareError, MAX_SIDE};
pub use fen::FenError;
pub use movegen::MoveList;
pub use moves::{Move, MoveError};
pub use opening::random_opening;
pub use position::{Phase, PlayError, Position, PositionError};
pub use shard::{Shard, ShardError};
pub use symmetry::Symmetry;
pub use text::clip;
