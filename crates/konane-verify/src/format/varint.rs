//! The numbers of the records: unsigned LEB128, each in its one shortest form.

use std::io::{self, BufRead, Write};

use konane_core::U256;

use super::error::{Fail, RecordProblem};

/// Writes an unsigned LEB128 number, in its shortest form.
pub(super) fn write_varint<O: Write>(out: &mut O, mut value: U256) -> io::Result<()> {
    let mut bytes = [0u8; 37];
    let mut len = 0;
    loop {
        let low = (value.as_u64() & 0x7f) as u8;
        value >>= 7u32;
        if value == U256::ZERO {
            bytes[len] = low;
            len += 1;
            break;
        }
        bytes[len] = low | 0x80;
        len += 1;
    }
    out.write_all(&bytes[..len])
}

/// Reads an unsigned LEB128 number of at most `bits` bits (64 or 256) in its shortest
/// form.
pub(super) fn read_varint<R: BufRead>(input: &mut R, bits: u32) -> Result<U256, Fail> {
    let mut value = U256::ZERO;
    let mut shift = 0;
    loop {
        let mut byte = [0u8];
        match input.read_exact(&mut byte) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Err(RecordProblem::Truncated.into())
            }
            Err(e) => return Err(Fail::Io(e)),
        }
        let low = byte[0] & 0x7f;
        let more = byte[0] & 0x80 != 0;
        // The last byte the limit allows holds its remaining bits and ends the number.
        let room = bits - shift;
        if room <= 7 && ((low as u32) >> room != 0 || more) {
            return Err(RecordProblem::OversizedNumber.into());
        }
        value |= U256::from(low) << shift;
        if !more {
            if low == 0 && shift > 0 {
                return Err(RecordProblem::NonMinimalNumber.into());
            }
            return Ok(value);
        }
        shift += 7;
    }
}
