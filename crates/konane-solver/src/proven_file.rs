//! Proven positions kept on disk, so that a long solve that is stopped (Ctrl-C, a
//! killed job, the end of a session) resumes from what it proved instead of starting
//! over: every position of at least a given number of pieces that goes into the proof
//! table is also appended to a file, and a solve that opens the same file first loads
//! what it holds back into the table.
//!
//! The file is a header line, `konane-proven 1 board WxH`, then fixed-size records: the
//! black and the white squares of the position as the table keys it (its canonical
//! image under the board's symmetries), each as the board's bitboard word in 64-bit
//! little-endian chunks, then one byte: bit 0 White to move, bit 1 the side to move
//! wins. Records are appended through a buffer; a record cut off by a kill is dropped
//! when the file is opened again (and the file cut back to whole records).
//!
//! Loading is exact for the same reason the table is: a record is a whole position
//! and its proven value, never a hash.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use konane_core::{Bitboard, Board, Word};

use crate::symmetry::TableKey;

/// Why a file of proven positions cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ProvenFileError {
    #[error("cannot use the file of proven positions {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a file of proven positions (its first line is not 'konane-proven 1 board WxH')")]
    NotProven { path: PathBuf },
    #[error("{path} holds proven positions of {file}, not of {wanted}")]
    OtherBoard {
        path: PathBuf,
        file: String,
        wanted: Board,
    },
}

/// The first words of the header line.
const MAGIC: &str = "konane-proven 1 board";

/// Bytes of a record of a position on the word `W`.
fn record_bytes<W: Word>() -> usize {
    2 * (W::BITS as usize / 8) + 1
}

/// A file of proven positions being appended to.
pub(crate) struct ProvenLog {
    writer: Mutex<BufWriter<File>>,
    /// Positions of at least this many pieces are written.
    pub min_pieces: u32,
}

/// What opening a file of proven positions found.
pub(crate) struct Opened<W: Word> {
    pub log: ProvenLog,
    /// The positions the file already held, with their values.
    pub proven: Vec<(TableKey<W>, bool)>,
    /// Whether a record cut off at its end was dropped.
    pub dropped_partial: bool,
}

impl ProvenLog {
    /// Opens (or creates) the file at `path` for positions of `board` on the word `W`,
    /// reading what it holds; positions of at least `min_pieces` pieces are appended.
    pub(crate) fn open<W: Word>(
        path: &Path,
        board: Board,
        min_pieces: u32,
    ) -> Result<Opened<W>, ProvenFileError> {
        let io = |source| ProvenFileError::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(io)?;
        let header = format!("{MAGIC} {board}\n");
        let length = file.metadata().map_err(io)?.len();
        let mut proven = Vec::new();
        let mut dropped_partial = false;
        if length == 0 {
            file.write_all(header.as_bytes()).map_err(io)?;
        } else {
            let mut reader = BufReader::new(&file);
            let mut first = String::new();
            reader.read_line(&mut first).map_err(io)?;
            if !first.starts_with(MAGIC) || !first.ends_with('\n') {
                return Err(ProvenFileError::NotProven {
                    path: path.to_path_buf(),
                });
            }
            if first != header {
                return Err(ProvenFileError::OtherBoard {
                    path: path.to_path_buf(),
                    file: first[MAGIC.len()..].trim().to_string(),
                    wanted: board,
                });
            }
            let size = record_bytes::<W>();
            let mut record = vec![0u8; size];
            let body = length - header.len() as u64;
            let whole = body / size as u64;
            for _ in 0..whole {
                reader.read_exact(&mut record).map_err(io)?;
                proven.push(decode::<W>(&record));
            }
            if whole * size as u64 != body {
                dropped_partial = true;
                drop(reader);
                file.set_len(header.len() as u64 + whole * size as u64)
                    .map_err(io)?;
                file.seek(SeekFrom::End(0)).map_err(io)?;
            }
        }
        Ok(Opened {
            log: ProvenLog {
                writer: Mutex::new(BufWriter::with_capacity(1 << 16, file)),
                min_pieces,
            },
            proven,
            dropped_partial,
        })
    }

    /// Appends `key` and its value (an error is kept for [`ProvenLog::flush`]).
    pub(crate) fn append<W: Word>(&self, key: &TableKey<W>, win: bool) {
        let mut record = Vec::with_capacity(record_bytes::<W>());
        encode(key, win, &mut record);
        let mut writer = self.writer.lock().expect("no panic while writing");
        // A failed write shows at the next flush, which reports it.
        let _ = writer.write_all(&record);
    }

    /// Writes out what the buffer holds.
    pub(crate) fn flush(&self) -> std::io::Result<()> {
        let mut writer = self.writer.lock().expect("no panic while writing");
        writer.flush()?;
        writer.get_ref().sync_data()
    }
}

impl Drop for ProvenLog {
    fn drop(&mut self) {
        let _ = self.flush();
    }
}

/// The 64-bit chunks of a bitboard, lowest first.
fn chunks<W: Word>(bits: Bitboard<W>) -> impl Iterator<Item = u64> {
    (0..W::BITS / 64).map(move |i| (bits.0 >> (64 * i)).low_u64())
}

fn encode<W: Word>(key: &TableKey<W>, win: bool, out: &mut Vec<u8>) {
    for bits in [key.black, key.white] {
        for chunk in chunks(bits) {
            out.extend_from_slice(&chunk.to_le_bytes());
        }
    }
    out.push(u8::from(key.white_to_move) | u8::from(win) << 1);
}

fn decode<W: Word>(record: &[u8]) -> (TableKey<W>, bool) {
    let words = W::BITS as usize / 64;
    let bitboard = |from: usize| {
        let mut word = W::ZERO;
        for i in 0..words {
            let at = from + 8 * i;
            let chunk = u64::from_le_bytes(record[at..at + 8].try_into().expect("8 bytes"));
            word = word | (W::from_u64(chunk) << (64 * i as u32));
        }
        Bitboard(word)
    };
    let flags = record[2 * 8 * words];
    (
        TableKey {
            black: bitboard(0),
            white: bitboard(8 * words),
            white_to_move: flags & 1 != 0,
        },
        flags & 2 != 0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::U256;

    fn key<W: Word>(black: u64, white: u64, white_to_move: bool) -> TableKey<W> {
        TableKey {
            black: Bitboard(W::from_u64(black) << (W::BITS - 64)),
            white: Bitboard(W::from_u64(white)),
            white_to_move,
        }
    }

    fn round_trip<W: Word>() {
        let dir =
            std::env::temp_dir().join(format!("konane-proven-{}-{}", std::process::id(), W::BITS));
        let _ = std::fs::remove_file(&dir);
        let board = Board::new(8, 8).unwrap();
        let entries = [
            (key::<W>(0xdead_beef, 0x1234, true), true),
            (key::<W>(u64::MAX, 1, false), false),
        ];
        {
            let opened = ProvenLog::open::<W>(&dir, board, 5).unwrap();
            assert!(opened.proven.is_empty());
            for (key, win) in &entries {
                opened.log.append(key, *win);
            }
        }
        // A record cut off by a kill is dropped, and the file cut back.
        let length = std::fs::metadata(&dir).unwrap().len();
        {
            let mut file = OpenOptions::new().append(true).open(&dir).unwrap();
            file.write_all(&[7, 7, 7]).unwrap();
        }
        let opened = ProvenLog::open::<W>(&dir, board, 5).unwrap();
        assert!(opened.dropped_partial);
        assert_eq!(opened.proven, entries);
        assert_eq!(std::fs::metadata(&dir).unwrap().len(), length);
        drop(opened);
        // Another board is refused, and so is a file of something else.
        let other = ProvenLog::open::<W>(&dir, Board::new(8, 7).unwrap(), 5);
        assert!(matches!(other, Err(ProvenFileError::OtherBoard { .. })));
        std::fs::write(&dir, "hello\n").unwrap();
        let text = ProvenLog::open::<W>(&dir, board, 5)
            .err()
            .unwrap()
            .to_string();
        assert!(text.contains("not a file of proven positions"), "{text}");
        let _ = std::fs::remove_file(&dir);
    }

    #[test]
    fn proven_positions_round_trip_on_every_word() {
        round_trip::<u64>();
        round_trip::<u128>();
        round_trip::<U256>();
    }
}
