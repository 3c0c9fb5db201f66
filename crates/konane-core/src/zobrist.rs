//! Zobrist keys from a fixed seed, so hashes are the same on every run and machine.
//!
//! The keys of bit indices 0-63 and of the boards up to 8x8 come first in the draw, as
//! they did when no board was larger than 8x8, so those boards keep their hashes.

use crate::bitboard::Bitboard;
use crate::board::{Board, Color, MAX_SIDE};
use crate::word::Word;

/// The fixed seed every key table is drawn from.
pub const SEED: u64 = 0x4b6f_6e61_6e65_2121; // "Konane!!"

const SIDE: usize = MAX_SIDE as usize;

/// The finaliser of SplitMix64: a bijection of 64-bit words in which every input bit
/// changes about half the output bits (also what hash tables keyed by bitboards mix
/// their words with).
#[inline(always)]
pub const fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One step of the SplitMix64 generator.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    (state, mix64(state))
}

/// All keys: one per colour and bit index, one for White to move, one per board size.
struct Keys {
    pieces: [[u64; 256]; 2],
    white_to_move: u64,
    sizes: [[u64; SIDE]; SIDE],
}

/// Draws `table[c][from..to]` for both colours, colour by colour.
const fn draw_pieces(mut state: u64, table: &mut [[u64; 256]; 2], from: usize, to: usize) -> u64 {
    let mut colour = 0;
    while colour < 2 {
        let mut index = from;
        while index < to {
            let (next, key) = splitmix(state);
            state = next;
            table[colour][index] = key;
            index += 1;
        }
        colour += 1;
    }
    state
}

/// Draws the size keys of widths and heights `1..=limit` not drawn before (`done`).
const fn draw_sizes(
    mut state: u64,
    table: &mut [[u64; SIDE]; SIDE],
    done: usize,
    limit: usize,
) -> u64 {
    let mut w = 0;
    while w < limit {
        let mut h = 0;
        while h < limit {
            if w >= done || h >= done {
                let (next, key) = splitmix(state);
                state = next;
                table[w][h] = key;
            }
            h += 1;
        }
        w += 1;
    }
    state
}

const KEYS: Keys = {
    let mut pieces = [[0u64; 256]; 2];
    let mut sizes = [[0u64; SIDE]; SIDE];
    let state = draw_pieces(SEED, &mut pieces, 0, 64);
    let (state, white_to_move) = splitmix(state);
    let state = draw_sizes(state, &mut sizes, 0, 8);
    let state = draw_pieces(state, &mut pieces, 64, 256);
    draw_sizes(state, &mut sizes, 8, SIDE);
    Keys {
        pieces,
        white_to_move,
        sizes,
    }
};

/// The key of a `color` piece on the square with bit index `index`.
#[inline(always)]
pub fn piece_key(color: Color, index: u8) -> u64 {
    KEYS.pieces[color.index()][index as usize]
}

/// The key toggled whenever the side to move changes.
#[inline(always)]
pub fn side_key() -> u64 {
    KEYS.white_to_move
}

/// The key of the board's size, so equal piece sets on different boards differ.
pub fn board_key(board: Board) -> u64 {
    KEYS.sizes[board.width() as usize - 1][board.height() as usize - 1]
}

/// The hash of every piece in `bb` of `color`.
pub fn pieces_key<W: Word>(color: Color, bb: Bitboard<W>) -> u64 {
    bb.iter().fold(0, |h, index| h ^ piece_key(color, index))
}

/// The full hash of a position, computed from scratch.
pub fn hash_of<W: Word>(board: Board, black: Bitboard<W>, white: Bitboard<W>, side: Color) -> u64 {
    let side_part = if side == Color::White { side_key() } else { 0 };
    board_key(board) ^ pieces_key(Color::Black, black) ^ pieces_key(Color::White, white) ^ side_part
}
