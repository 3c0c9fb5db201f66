//! The certificate file, version 1: a text header (board, root, claimed winner, leaf
//! limit, record counts) and two sorted sections of delta-coded binary records, then an
//! `end` line. Reading checks the layout only; [`crate::verify`] checks the proof.
//! The exact layout is documented in docs/solver.md, section "Certificates".

use std::fmt;
use std::io::{self, BufRead, Read, Write};

use konane_core::{Board, Color, Move, Position, Square};

use crate::key::{pieces_of, Key, KeyError};

/// The format version this crate reads and writes.
pub const FORMAT_VERSION: u32 = 1;
/// The most squares a board of this format may have: a key's occupancy is one 64-bit
/// number.
pub const MAX_SQUARES: u32 = 64;

/// The first word of every certificate.
const MAGIC: &str = "konane-certificate";

/// The largest leaf limit a certificate may set: positions of at most this many pieces
/// are solved by the checker itself, so the limit bounds its work per leaf.
pub const MAX_LEAF_PIECES: u32 = 18;

/// The longest header line accepted (the longest valid one, the root of an 8x8 board,
/// has 78 bytes).
const MAX_LINE: usize = 256;

/// The two record sections, in file order.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Section {
    /// Positions where the claimed winner is to move, each with a winning move.
    Won,
    /// Positions where the claimed loser is to move: every move loses.
    Lost,
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Section::Won => "won",
            Section::Lost => "lost",
        })
    }
}

/// A proof that the `winner` wins from `root`: the won and lost positions of the proof
/// above the leaf limit, by their canonical keys, each section sorted by key.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Certificate {
    root: Position,
    winner: Color,
    leaf_pieces: u32,
    won: Vec<(Key, Move)>,
    lost: Vec<Key>,
}

impl Certificate {
    /// A certificate from its parts; the records are sorted into file order and exact
    /// repeats dropped. `won` holds keys of positions with `winner` to move and a
    /// winning move there, `lost` keys of positions with the other side to move.
    ///
    /// # Panics
    ///
    /// If a key is not one of pieces on the root's board (as [`crate::key_of`] gives).
    pub fn new(
        root: Position,
        winner: Color,
        leaf_pieces: u32,
        mut won: Vec<(Key, Move)>,
        mut lost: Vec<Key>,
    ) -> Certificate {
        let board = root.board();
        assert!(
            won.iter()
                .map(|&(key, _)| key)
                .chain(lost.iter().copied())
                .all(|key| pieces_of(board, key).is_ok()),
            "a certificate's keys must be keys of its board"
        );
        won.sort_unstable();
        won.dedup_by_key(|record| record.0);
        lost.sort_unstable();
        lost.dedup();
        Certificate {
            root,
            winner,
            leaf_pieces,
            won,
            lost,
        }
    }

    /// The position proven.
    pub fn root(&self) -> Position {
        self.root
    }

    /// The claimed winner of the root.
    pub fn winner(&self) -> Color {
        self.winner
    }

    /// Positions with at most this many pieces have no record: the checker solves them.
    pub fn leaf_pieces(&self) -> u32 {
        self.leaf_pieces
    }

    /// The won records (winner to move), sorted by key.
    pub fn won(&self) -> &[(Key, Move)] {
        &self.won
    }

    /// The lost records (loser to move), sorted by key.
    pub fn lost(&self) -> &[Key] {
        &self.lost
    }

    /// The index of the won record of `key`.
    pub fn find_won(&self, key: Key) -> Option<usize> {
        self.won.binary_search_by_key(&key, |&(k, _)| k).ok()
    }

    /// The index of the lost record of `key`.
    pub fn find_lost(&self, key: Key) -> Option<usize> {
        self.lost.binary_search(&key).ok()
    }

    /// The position of a record's key, with the section's side to move.
    pub fn position(&self, section: Section, key: Key) -> Position {
        let side = match section {
            Section::Won => self.winner,
            Section::Lost => !self.winner,
        };
        let board = self.root.board();
        let (black, white) = pieces_of(board, key).expect("records hold keys of the board");
        Position::from_squares(board, black, white, side).expect("keys decode to valid positions")
    }

    /// Writes the certificate in format version 1.
    pub fn write<W: Write>(&self, out: W) -> io::Result<()> {
        let mut out = io::BufWriter::new(out);
        let board = self.root.board();
        writeln!(out, "{MAGIC} {FORMAT_VERSION}")?;
        writeln!(out, "board {board}")?;
        writeln!(out, "root {}", self.root.to_fen())?;
        writeln!(out, "winner {}", self.winner)?;
        writeln!(out, "leaf-pieces {}", self.leaf_pieces)?;
        writeln!(out, "won {}", self.won.len())?;
        writeln!(out, "lost {}", self.lost.len())?;
        writeln!(out, "records")?;
        let mut previous = 0;
        for &(key, mv) in &self.won {
            write_key(&mut out, key, &mut previous)?;
            write_varint(&mut out, move_code(board, mv))?;
        }
        previous = 0;
        for &key in &self.lost {
            write_key(&mut out, key, &mut previous)?;
        }
        writeln!(out, "end")?;
        out.flush()
    }

    /// Reads a certificate, checking its layout (not its proof).
    pub fn read<R: BufRead>(mut input: R) -> Result<Certificate, ReadError> {
        let header = Header::read(&mut input)?;
        let board = header.root.board();
        let mut won = Vec::with_capacity(header.won.min(1 << 20) as usize);
        let mut previous = None;
        for index in 0..header.won {
            let at = |fail| fail_at(Section::Won, index, fail);
            let key = read_key(&mut input, board, &mut previous).map_err(at)?;
            let code = read_varint(&mut input).map_err(at)?;
            won.push((key, move_of(board, code).map_err(|p| at(Fail::Problem(p)))?));
        }
        let mut lost = Vec::with_capacity(header.lost.min(1 << 20) as usize);
        let mut previous = None;
        for index in 0..header.lost {
            let key = read_key(&mut input, board, &mut previous)
                .map_err(|fail| fail_at(Section::Lost, index, fail))?;
            lost.push(key);
        }
        let mut trailer = Vec::new();
        input.take(8).read_to_end(&mut trailer)?;
        if trailer != b"end\n" {
            return Err(ReadError::Trailer);
        }
        Ok(Certificate {
            root: header.root,
            winner: header.winner,
            leaf_pieces: header.leaf_pieces,
            won,
            lost,
        })
    }
}

/// The header's fields.
struct Header {
    root: Position,
    winner: Color,
    leaf_pieces: u32,
    won: u64,
    lost: u64,
}

impl Header {
    fn read<R: BufRead>(input: &mut R) -> Result<Header, ReadError> {
        let mut number = 0;
        let mut field = |name: &'static str| -> Result<(usize, String), ReadError> {
            number += 1;
            let line = read_line(input, number)?;
            let value = line
                .strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(' '))
                .ok_or_else(|| ReadError::Header {
                    line: number,
                    message: format!("expected '{name} …', found '{}'", clip(&line)),
                })?;
            Ok((number, value.to_string()))
        };
        let bad = |line, message: String| ReadError::Header { line, message };

        let (line, version) = field(MAGIC).map_err(|e| match e {
            ReadError::Io(e) => ReadError::Io(e),
            _ => ReadError::NotACertificate,
        })?;
        if version != FORMAT_VERSION.to_string() {
            return Err(bad(
                line,
                format!(
                    "format version '{}' is not supported (this checker reads version {FORMAT_VERSION})",
                    clip(&version)
                ),
            ));
        }
        let (line, board) = field("board")?;
        let board: Board = board.parse().map_err(|e| bad(line, format!("{e}")))?;
        if board.area() > MAX_SQUARES {
            return Err(bad(
                line,
                format!(
                    "board {board} has {} squares: version {FORMAT_VERSION} certificates hold boards of at most {MAX_SQUARES}",
                    board.area()
                ),
            ));
        }
        let (line, fen) = field("root")?;
        let root = Position::from_fen(&fen).map_err(|e| bad(line, format!("bad root FEN: {e}")))?;
        if root.board() != board {
            return Err(bad(
                line,
                format!("the root FEN is on a {} board, not {board}", root.board()),
            ));
        }
        let (line, winner) = field("winner")?;
        let winner = match winner.as_str() {
            "Black" => Color::Black,
            "White" => Color::White,
            other => {
                return Err(bad(
                    line,
                    format!("winner '{}' must be Black or White", clip(other)),
                ))
            }
        };
        let (line, leaf) = field("leaf-pieces")?;
        let leaf_pieces = parse_count(&leaf)
            .filter(|&n| n <= MAX_LEAF_PIECES as u64)
            .ok_or_else(|| {
                bad(
                    line,
                    format!(
                        "leaf-pieces '{}' must be a number from 0 to {MAX_LEAF_PIECES}",
                        clip(&leaf)
                    ),
                )
            })? as u32;
        let mut count = |name| -> Result<u64, ReadError> {
            let (line, value) = field(name)?;
            parse_count(&value).ok_or_else(|| {
                bad(
                    line,
                    format!("{name} '{}' is not a record count", clip(&value)),
                )
            })
        };
        let won = count("won")?;
        let lost = count("lost")?;
        number += 1;
        let line = read_line(input, number)?;
        if line != "records" {
            return Err(bad(
                number,
                format!("expected 'records', found '{}'", clip(&line)),
            ));
        }
        Ok(Header {
            root,
            winner,
            leaf_pieces,
            won,
            lost,
        })
    }
}

/// A decimal count without sign or leading zeros, below 2^63.
fn parse_count(text: &str) -> Option<u64> {
    let canonical = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    canonical
        .then(|| text.parse::<u64>().ok())
        .flatten()
        .filter(|&n| n < 1 << 63)
}

/// One header line without its newline: at most `MAX_LINE` bytes of UTF-8.
fn read_line<R: BufRead>(input: &mut R, number: usize) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    input
        .by_ref()
        .take(MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.last() != Some(&b'\n') {
        let message = if bytes.len() > MAX_LINE {
            format!("the line is longer than {MAX_LINE} bytes")
        } else {
            "the file ends inside the header".to_string()
        };
        return Err(ReadError::Header {
            line: number,
            message,
        });
    }
    bytes.pop();
    String::from_utf8(bytes).map_err(|_| ReadError::Header {
        line: number,
        message: "the line is not UTF-8 text".to_string(),
    })
}

/// Quotes at most 40 characters of file text in a message.
fn clip(text: &str) -> String {
    konane_core::clip(&text.escape_debug().to_string())
}

/// What is wrong with one record.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum RecordProblem {
    /// The file ends inside the record (or before it).
    Truncated,
    /// A number longer than 64 bits.
    OversizedNumber,
    /// The occupancy delta carries past the largest occupancy.
    OccupancyOverflow,
    /// Not after the previous record in key order (a repeat or out of order).
    Unsorted,
    /// The key names no position of the board.
    Key(KeyError),
    /// A move code naming a square off the board.
    MoveOffBoard(u64),
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::Truncated => f.write_str("the file ends inside it (truncated)"),
            RecordProblem::OversizedNumber => f.write_str("a number is longer than 64 bits"),
            RecordProblem::OccupancyOverflow => {
                f.write_str("its occupancy delta overflows 64 bits")
            }
            RecordProblem::Unsorted => {
                f.write_str("it does not follow the previous record in key order")
            }
            RecordProblem::Key(KeyError::OffBoard) => {
                f.write_str("it occupies a square beyond the board")
            }
            RecordProblem::Key(KeyError::StrayException) => {
                f.write_str("its colour exceptions name more pieces than it has")
            }
            RecordProblem::MoveOffBoard(code) => {
                write!(f, "its move code {code} names a square off the board")
            }
        }
    }
}

/// Why a file is not a well-formed certificate.
#[derive(Debug)]
pub enum ReadError {
    /// Reading failed.
    Io(io::Error),
    /// The first line is not `konane-certificate VERSION`.
    NotACertificate,
    /// A header line (counted from 1) is wrong.
    Header {
        /// The line's number.
        line: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A record (counted from 0 in its section) is wrong.
    Record {
        /// The record's section.
        section: Section,
        /// Its place in the section.
        index: u64,
        /// What is wrong with it.
        problem: RecordProblem,
    },
    /// The records are not followed by exactly the line `end`.
    Trailer,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read the certificate: {e}"),
            ReadError::NotACertificate => {
                write!(
                    f,
                    "not a certificate: the first line is not '{MAGIC} VERSION'"
                )
            }
            ReadError::Header { line, message } => write!(f, "header line {line}: {message}"),
            ReadError::Record {
                section,
                index,
                problem,
            } => write!(f, "{section} record {index}: {problem}"),
            ReadError::Trailer => f.write_str(
                "the records are not followed by the line 'end' and the end of the file \
                 (truncated, or data left over)",
            ),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// A failure inside the records: of the reader, or of the data.
enum Fail {
    Io(io::Error),
    Problem(RecordProblem),
}

impl From<RecordProblem> for Fail {
    fn from(problem: RecordProblem) -> Fail {
        Fail::Problem(problem)
    }
}

/// The error for `fail` in record `index` of `section`.
fn fail_at(section: Section, index: u64, fail: Fail) -> ReadError {
    match fail {
        Fail::Io(e) => ReadError::Io(e),
        Fail::Problem(problem) => ReadError::Record {
            section,
            index,
            problem,
        },
    }
}

/// Writes an unsigned LEB128 number.
fn write_varint<W: Write>(out: &mut W, mut value: u64) -> io::Result<()> {
    let mut bytes = [0u8; 10];
    let mut len = 0;
    loop {
        let low = (value & 0x7f) as u8;
        value >>= 7;
        if value == 0 {
            bytes[len] = low;
            len += 1;
            break;
        }
        bytes[len] = low | 0x80;
        len += 1;
    }
    out.write_all(&bytes[..len])
}

/// Reads an unsigned LEB128 number of at most 64 bits.
fn read_varint<R: BufRead>(input: &mut R) -> Result<u64, Fail> {
    let mut value = 0u64;
    for shift in (0..64).step_by(7) {
        let mut byte = [0u8];
        match input.read_exact(&mut byte) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                return Err(RecordProblem::Truncated.into())
            }
            Err(e) => return Err(Fail::Io(e)),
        }
        let low = (byte[0] & 0x7f) as u64;
        if shift == 63 && (low > 1 || byte[0] & 0x80 != 0) {
            return Err(RecordProblem::OversizedNumber.into());
        }
        value |= low << shift;
        if byte[0] & 0x80 == 0 {
            return Ok(value);
        }
    }
    unreachable!("the tenth byte either ends the number or is refused")
}

/// Writes a key as its occupancy's increase over `previous` and its exceptions.
fn write_key<W: Write>(out: &mut W, key: Key, previous: &mut u64) -> io::Result<()> {
    write_varint(out, key.occupancy - *previous)?;
    write_varint(out, key.exceptions)?;
    *previous = key.occupancy;
    Ok(())
}

/// Reads a key written by [`write_key`] and checks it follows `previous` and lies on `board`.
fn read_key<R: BufRead>(
    input: &mut R,
    board: Board,
    previous: &mut Option<Key>,
) -> Result<Key, Fail> {
    let delta = read_varint(input)?;
    let exceptions = read_varint(input)?;
    let base = previous.map_or(0, |p| p.occupancy);
    let occupancy = base
        .checked_add(delta)
        .ok_or(RecordProblem::OccupancyOverflow)?;
    let key = Key {
        occupancy,
        exceptions,
    };
    if previous.is_some_and(|p| key <= p) {
        return Err(RecordProblem::Unsorted.into());
    }
    pieces_of(board, key).map_err(RecordProblem::Key)?;
    *previous = Some(key);
    Ok(key)
}

/// A square's number on `board`: `rank * width + file`.
fn square_code(board: Board, square: Square) -> u64 {
    square.rank() as u64 * board.width() as u64 + square.file() as u64
}

/// A move's code: `from + 64 * to` in square numbers (a removal has `from == to`).
fn move_code(board: Board, mv: Move) -> u64 {
    square_code(board, mv.from()) + 64 * square_code(board, mv.to())
}

/// The move of `code` on `board` (any two squares of the board; legality is the
/// checker's business).
fn move_of(board: Board, code: u64) -> Result<Move, RecordProblem> {
    let area = board.area() as u64;
    let (from, to) = (code % 64, code / 64);
    if from >= area || to >= area {
        return Err(RecordProblem::MoveOffBoard(code));
    }
    let width = board.width() as u64;
    let square = |n: u64| Square::new((n % width) as u8, (n / width) as u8);
    Ok(if from == to {
        Move::removal(square(from))
    } else {
        Move::jump(square(from), square(to))
    })
}
