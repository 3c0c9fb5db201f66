//! Konane rules: board geometry, bitboard positions, move generation, notation, FEN,
//! Zobrist hashing, board symmetries and perft (and the `K/N` shards that split numbered
//! work across machines). No I/O, no search.

pub mod bitboard;
pub mod board;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod shard;
pub mod symmetry;
pub mod zobrist;

pub use bitboard::Bits;
pub use board::{Board, BoardSizeError, Color, Square, MAX_SIDE};
pub use fen::FenError;
pub use movegen::MoveList;
pub use moves::{clip, Move, MoveError};
pub use position::{Phase, Position, PositionError};
pub use shard::{Shard, ShardError};
pub use symmetry::Symmetry;
