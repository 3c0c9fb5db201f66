//! One record's parts: its key (the occupancy as an increase over the previous key's,
//! then the colour exceptions) and a won record's move code.

use std::io::{self, BufRead, Write};

use konane_core::{Board, Move, Square, U256};

use super::error::{Fail, RecordProblem};
use super::varint::{read_varint, write_varint};
use super::Layout;
use crate::key::{check_key_bits, Key, KeyWord};

/// Writes a key as its occupancy's increase over `previous` and its exceptions.
pub(super) fn write_key<O: Write, W: KeyWord>(
    out: &mut O,
    key: Key<W>,
    previous: &mut W,
) -> io::Result<()> {
    let delta = key.occupancy.to_u256() - previous.to_u256();
    write_varint(out, delta)?;
    write_varint(out, key.exceptions.to_u256())?;
    *previous = key.occupancy;
    Ok(())
}

/// Reads a key written by [`write_key`] and checks it follows `previous` and lies on `board`.
pub(super) fn read_key<R: BufRead, W: KeyWord>(
    input: &mut R,
    layout: Layout,
    board: Board,
    previous: &mut Option<Key<W>>,
) -> Result<Key<W>, Fail> {
    let bits = layout.number_bits();
    let delta = read_varint(input, bits)?;
    let exceptions = read_varint(input, bits)?;
    let base = previous.map_or(U256::ZERO, |p| p.occupancy.to_u256());
    let occupancy = base
        .checked_add(delta)
        .filter(|&sum| bits >= 256 || sum >> bits == U256::ZERO)
        .ok_or(RecordProblem::OccupancyOverflow)?;
    check_key_bits(board, occupancy, exceptions).map_err(RecordProblem::Key)?;
    // Both fit: the board has at most `W::BITS` squares, and as many pieces.
    let key = Key {
        occupancy: W::from_u256(occupancy).expect("the occupancy lies on the board"),
        exceptions: W::from_u256(exceptions).expect("one exception bit a piece at most"),
    };
    if previous.is_some_and(|p| key <= p) {
        return Err(RecordProblem::Unsorted.into());
    }
    *previous = Some(key);
    Ok(key)
}

/// A square's number on `board`: `rank * width + file`.
fn square_code(board: Board, square: Square) -> u64 {
    square.rank() as u64 * board.width() as u64 + square.file() as u64
}

/// A move's code: `from + M * to` in square numbers (a removal has `from == to`), M the
/// layout's move base (64 in version 1, 256 in version 2).
pub(super) fn move_code(layout: Layout, board: Board, mv: Move) -> u64 {
    square_code(board, mv.from()) + layout.move_base() * square_code(board, mv.to())
}

/// The move of `code` on `board` (any two squares of the board; legality is the
/// checker's business).
pub(super) fn move_of(layout: Layout, board: Board, code: U256) -> Result<Move, RecordProblem> {
    let area = U256::from(board.area());
    let base = U256::from(layout.move_base());
    let (from, to) = (code % base, code / base);
    if from >= area || to >= area {
        return Err(RecordProblem::MoveOffBoard(code));
    }
    let (from, to) = (from.as_u64(), to.as_u64());
    let width = board.width() as u64;
    let square = |n: u64| Square::new((n % width) as u8, (n / width) as u8);
    Ok(if from == to {
        Move::removal(square(from))
    } else {
        Move::jump(square(from), square(to))
    })
}
