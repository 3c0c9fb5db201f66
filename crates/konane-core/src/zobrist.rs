//! Zobrist keys from a fixed seed, so hashes are the same on every run and machine.

use crate::board::{Board, Color};

/// The fixed seed every key table is drawn from.
pub const SEED: u64 = 0x4b6f_6e61_6e65_2121; // "Konane!!"

/// One step of the SplitMix64 generator.
const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

/// All keys: one per colour and square, one for White to move, one per board size.
struct Keys {
    pieces: [[u64; 64]; 2],
    white_to_move: u64,
    sizes: [[u64; 8]; 8],
}

const KEYS: Keys = {
    let mut state = SEED;
    let mut pieces = [[0u64; 64]; 2];
    let mut colour = 0;
    while colour < 2 {
        let mut square = 0;
        while square < 64 {
            let (next, key) = splitmix(state);
            state = next;
            pieces[colour][square] = key;
            square += 1;
        }
        colour += 1;
    }
    let (next, white_to_move) = splitmix(state);
    state = next;
    let mut sizes = [[0u64; 8]; 8];
    let mut w = 0;
    while w < 8 {
        let mut h = 0;
        while h < 8 {
            let (next, key) = splitmix(state);
            state = next;
            sizes[w][h] = key;
            h += 1;
        }
        w += 1;
    }
    Keys {
        pieces,
        white_to_move,
        sizes,
    }
};

/// The key of a `color` piece on the square with bit index `square`.
#[inline(always)]
pub fn piece_key(color: Color, square: u8) -> u64 {
    KEYS.pieces[color.index()][square as usize]
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
pub fn pieces_key(color: Color, bb: u64) -> u64 {
    crate::bitboard::Bits(bb).fold(0, |h, sq| h ^ piece_key(color, sq))
}

/// The full hash of a position, computed from scratch.
pub fn hash_of(board: Board, black: u64, white: u64, side: Color) -> u64 {
    let side_part = if side == Color::White { side_key() } else { 0 };
    board_key(board) ^ pieces_key(Color::Black, black) ^ pieces_key(Color::White, white) ^ side_part
}
