//! Konane rules: board geometry, bitboard positions, move generation, notation, FEN,
//! Zobrist hashing, board symmetries and perft. No I/O, no search.

pub mod bitboard;
pub mod board;
pub mod fen;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod position;
pub mod symmetry;
mod text;
pub mod zobrist;

pub use bitboard::Bits;
pub use board::{Board, BoardSizeError, Color, Square, SquareError, MAX_SIDE};
pub use fen::FenError;
pub use movegen::MoveList;
pub use moves::{Move, MoveError};
pub use position::{Phase, Position, PositionError};
pub use symmetry::Symmetry;
pub use text::clip;
