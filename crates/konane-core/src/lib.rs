//! Konane rules: board geometry, bitboard positions, move generation, notation, FEN,
//! text diagrams, Zobrist hashing, board symmetries and perft (and the `K/N` shards that
//! split numbered work across machines). No I/O, no search.
//!
//! The types live at the crate root: [`Board`] (any size from 1x1 to 16x16), [`Square`]
//! (`a1` to `p16`), [`Color`], [`Move`] and [`Position`], each read from text with
//! [`FromStr`] and written with [`Display`], with a typed error saying what is wrong
//! ([`SquareError`], [`MoveError`], [`FenError`], [`BoardSizeError`]).
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
//! assert_eq!(position.piece_at(d5), Some(Color::Black));
//! assert_eq!(
//!     position.to_string(),
//!     "bwbwbwbw/wbw1wbwb/bwb1bwbw/wbwbwbwb/bwb1bwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb w"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Bitboards are words of 64, 128 or 256 bits ([`Word`]), chosen from the board's size
//! in one place ([`Board::word`]). Inner loops (search, solver, [`perft`]) are written
//! once, generic over the word: [`Position::visit`] hands them the position as a
//! [`BitPosition`] on its own word, whose moves are [`BitMove`]s (bit indices); its
//! [`Geometry`] holds the board's layout and the shared move generator on bare
//! [`Bitboard`]s (jumps, removals, move counts, the one way to apply a jump).
//!
//! The rest of the public API:
//!
//! - sizes and text: [`MAX_SIDE`] (16), [`MAX_JUMP_LENGTH`]; [`clip`] shortens user
//!   text quoted in an error message;
//! - positions: [`Phase`] (removals or jumps), [`PositionError`] (bitboards that are no
//!   position), [`PlayError`] (which move of a sequence failed, and why),
//!   [`PositionVisitor`] (what [`Position::visit`] calls on the board's word),
//!   [`random_opening`] (both removals and random jumps from a seed);
//! - the bridge from a board's size to code generic over its word, the only place that
//!   branches over the words: [`with_word!`] (the word of a board), [`OneWord`] (a
//!   value on its board's word, opened by [`on_word!`]), [`EachWord`] (one value for
//!   each word, such as per-word tables), [`PerWord`] (what they hold on each word);
//!   [`Board::key_word`], the word of a board's certificate keys;
//! - bitboards: [`WordSize`] (which word a board uses), [`U256`] (the 256-bit word),
//!   [`Bits`] (the set bits of a word), [`Direction`] (the four jump directions),
//!   [`MoveList`] (a fixed-capacity move list on a word), [`mix64`] (the SplitMix64
//!   finaliser, what tables keyed by bitboards mix their words with);
//! - [`SquareSet`], a set of squares of any board, and [`Squares`], its squares in
//!   order; [`Symmetry`], one of the eight symmetries of a square board;
//!   [`Board::transposed`] (and `Move`'s, [`Position::transposed`]): the
//!   H×W board that is the same game as W×H, turned by the reflection in the
//!   anti-diagonal;
//! - [`Shard`] (part K of N of numbered work, read from `K/N`) and [`ShardError`].
//!
//! [`FromStr`]: std::str::FromStr
//! [`Display`]: std::fmt::Display

// A library reports through its API and never prints.
#![deny(clippy::print_stdout, clippy::print_stderr)]

mod bit_move;
mod bitboard;
mod board;
mod diagram;
mod fen;
mod geometry;
mod leaf_batch;
mod line_count;
mod movegen;
mod moves;
mod opening;
pub mod perft;
mod position;
mod shard;
mod simd;
mod square_set;
mod symmetry;
mod text;
mod transpose;
mod word;
mod zobrist;

pub use bit_move::BitMove;
pub use bitboard::{Bitboard, Bits, Direction};
pub use board::{Board, BoardSizeError, Color, Square, SquareError, MAX_SIDE};
pub use fen::FenError;
pub use geometry::{Geometry, MAX_JUMP_LENGTH};
pub use movegen::MoveList;
pub use moves::{Move, MoveError};
pub use opening::random_opening;
pub use position::{BitPosition, Phase, PlayError, Position, PositionError, PositionVisitor};
pub use shard::{Shard, ShardError};
pub use square_set::{SquareSet, Squares};
pub use symmetry::Symmetry;
pub use text::clip;
pub use word::{EachWord, OneWord, PerWord, Word, WordSize, U256};
pub use zobrist::mix64;
