//! The certificate file, versions 1 and 2: a text header (board, root, claimed winner,
//! leaf limit, record counts) and two sorted sections of delta-coded binary records,
//! then an `end` line. Version 1 holds boards of at most 64 squares, version 2 every
//! board up to 16x16; they differ only in the largest number and the move code.
//! Reading checks the layout only; [`crate::verify`] checks the proof. The exact layout
//! is documented in docs/certificates.md, section "File format, versions 1 and 2".

use std::fmt;
use std::io::{self, BufRead, Read, Write};

use konane_core::{Board, Color, Move, Position, Square, WordSize, U256};

use crate::key::{check_key_bits, pieces_of, Key, KeyError, KeyWord};

/// The newest format version, which holds every board up to 16x16. [`Certificate::write`]
/// writes the oldest version that holds the board: 1 up to 64 squares, else 2.
pub const FORMAT_VERSION: u32 = 2;
/// The most squares a board of a version 1 certificate may have: its numbers have at
/// most 64 bits.
pub const V1_MAX_SQUARES: u32 = 64;

/// The first word of every certificate.
const MAGIC: &str = "konane-certificate";

/// The largest leaf limit a certificate may set: positions of at most this many pieces
/// are solved by the checker itself, so the limit bounds its work per leaf.
pub const MAX_LEAF_PIECES: u32 = 18;

/// What the two versions differ in.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct Layout {
    version: u32,
}

impl Layout {
    /// The layout of `version`, if it is one this crate reads.
    fn of(version: u32) -> Option<Layout> {
        matches!(version, 1 | 2).then_some(Layout { version })
    }

    /// The most squares a board may have.
    fn max_squares(self) -> u32 {
        if self.version == 1 {
            V1_MAX_SQUARES
        } else {
            256
        }
    }

    /// The most bits a number may have (64, ten LEB128 bytes; 256, thirty-seven).
    fn number_bits(self) -> u32 {
        self.max_squares()
    }

    /// A move's code is `from + M * to`: M is 64 in version 1, 256 in version 2.
    fn move_base(self) -> u64 {
        self.max_squares() as u64
    }

    /// The longest header line, not counting its line feed. Version 1: 256 bytes (its
    /// longest valid line, the root of an 8x8 board, has 78). Version 2: 512 (the root
    /// line of a full 16x16 board has 278).
    fn max_line(self) -> usize {
        if self.version == 1 {
            256
        } else {
            512
        }
    }
}

/// The line limit of the first line, before the version is known (every valid first
/// line has at most 21 bytes).
const FIRST_LINE_MAX: usize = 256;

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
/// above the leaf limit, by their canonical keys, each section sorted by key. Keys are
/// held in `W` (`u64` up to 64 squares, [`U256`] for any board: see [`AnyCertificate`]).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Certificate<W = u64> {
    root: Position,
    winner: Color,
    leaf_pieces: u32,
    won: Vec<(Key<W>, Move)>,
    lost: Vec<Key<W>>,
}

impl<W: KeyWord> Certificate<W> {
    /// A certificate from its parts; the records are sorted into file order and exact
    /// repeats dropped. `won` holds keys of positions with `winner` to move and a
    /// winning move there, `lost` keys of positions with the other side to move.
    ///
    /// # Panics
    ///
    /// If the board has more squares than `W` has bits, `leaf_pieces` is above
    /// [`MAX_LEAF_PIECES`] (the file could not be read back), or a key is not one of
    /// pieces on the root's board (as [`crate::key_of`] gives).
    pub fn new(
        root: Position,
        winner: Color,
        leaf_pieces: u32,
        mut won: Vec<(Key<W>, Move)>,
        mut lost: Vec<Key<W>>,
    ) -> Certificate<W> {
        let board = root.board();
        assert!(board.area() <= W::BITS, "{board} needs a wider key word");
        assert!(
            leaf_pieces <= MAX_LEAF_PIECES,
            "a leaf limit of {leaf_pieces} pieces is above {MAX_LEAF_PIECES}"
        );
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
    pub fn won(&self) -> &[(Key<W>, Move)] {
        &self.won
    }

    /// The lost records (loser to move), sorted by key.
    pub fn lost(&self) -> &[Key<W>] {
        &self.lost
    }

    /// The index of the won record of `key`.
    pub fn find_won(&self, key: Key<W>) -> Option<usize> {
        self.won.binary_search_by_key(&key, |&(k, _)| k).ok()
    }

    /// The index of the lost record of `key`.
    pub fn find_lost(&self, key: Key<W>) -> Option<usize> {
        self.lost.binary_search(&key).ok()
    }

    /// The position of a record's key, with the section's side to move.
    pub fn position(&self, section: Section, key: Key<W>) -> Position {
        let side = match section {
            Section::Won => self.winner,
            Section::Lost => !self.winner,
        };
        let board = self.root.board();
        let (black, white) = pieces_of(board, key).expect("records hold keys of the board");
        Position::from_squares(board, black, white, side).expect("keys decode to valid positions")
    }

    /// The version [`Certificate::write`] writes: the oldest that holds the board (1 for
    /// boards of at most 64 squares, else 2).
    pub fn version(&self) -> u32 {
        let area = self.root.board().area();
        (1..=FORMAT_VERSION)
            .find(|&version| Layout::of(version).is_some_and(|l| area <= l.max_squares()))
            .expect("the newest version holds every board")
    }

    /// Writes the certificate in format [`Certificate::version`].
    pub fn write<O: Write>(&self, out: O) -> io::Result<()> {
        self.write_version(out, self.version())
    }

    /// Writes the certificate in format `version` (1 or 2; an `InvalidInput` error for
    /// another version, or for version 1 on a board of more than 64 squares).
    pub fn write_version<O: Write>(&self, out: O, version: u32) -> io::Result<()> {
        let board = self.root.board();
        let layout = Layout::of(version)
            .filter(|layout| board.area() <= layout.max_squares())
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("format version {version} cannot hold a certificate of {board}"),
                )
            })?;
        let mut out = io::BufWriter::new(out);
        writeln!(out, "{MAGIC} {version}")?;
        writeln!(out, "board {board}")?;
        writeln!(out, "root {}", self.root.to_fen())?;
        writeln!(out, "winner {}", self.winner)?;
        writeln!(out, "leaf-pieces {}", self.leaf_pieces)?;
        writeln!(out, "won {}", self.won.len())?;
        writeln!(out, "lost {}", self.lost.len())?;
        writeln!(out, "records")?;
        let mut previous = W::ZERO;
        for &(key, mv) in &self.won {
            write_key(&mut out, key, &mut previous)?;
            write_varint(&mut out, U256::from(move_code(layout, board, mv)))?;
        }
        previous = W::ZERO;
        for &key in &self.lost {
            write_key(&mut out, key, &mut previous)?;
        }
        writeln!(out, "end")?;
        out.flush()
    }

    /// Reads a certificate, checking its layout (not its proof). A board with more
    /// squares than `W` has bits is refused (read an [`AnyCertificate`] to take any).
    pub fn read<R: BufRead>(mut input: R) -> Result<Certificate<W>, ReadError> {
        let header = Header::read(&mut input)?;
        Certificate::read_records(header, input)
    }

    /// Reads the records after `header`, then the trailer.
    fn read_records<R: BufRead>(header: Header, mut input: R) -> Result<Certificate<W>, ReadError> {
        let board = header.root.board();
        if board.area() > W::BITS {
            return Err(ReadError::Header {
                line: 2,
                message: format!(
                    "board {board} has {} squares: this reader's keys hold at most {}",
                    board.area(),
                    W::BITS
                ),
            });
        }
        let layout = header.layout;
        let mut won = Vec::with_capacity(header.won.min(1 << 20) as usize);
        let mut previous = None;
        for index in 0..header.won {
            let at = |fail| fail_at(Section::Won, index, fail);
            let key = read_key(&mut input, layout, board, &mut previous).map_err(at)?;
            let code = read_varint(&mut input, layout.number_bits()).map_err(at)?;
            let mv = move_of(layout, board, code).map_err(|p| at(Fail::Problem(p)))?;
            won.push((key, mv));
        }
        let mut lost = Vec::with_capacity(header.lost.min(1 << 20) as usize);
        let mut previous = None;
        for index in 0..header.lost {
            let key = read_key(&mut input, layout, board, &mut previous)
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

/// A certificate of any board up to 16x16, its keys in the narrowest word that holds
/// the board ([`Board::key_word`]): what [`AnyCertificate::read`] gives and `konane
/// verify` checks.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum AnyCertificate {
    /// A board of at most 64 squares.
    Narrow(Certificate<u64>),
    /// A board of more than 64 squares.
    Wide(Certificate<U256>),
}

impl From<Certificate<u64>> for AnyCertificate {
    fn from(certificate: Certificate<u64>) -> AnyCertificate {
        AnyCertificate::Narrow(certificate)
    }
}

impl From<Certificate<U256>> for AnyCertificate {
    fn from(certificate: Certificate<U256>) -> AnyCertificate {
        AnyCertificate::Wide(certificate)
    }
}

/// Applies `$body` to the certificate inside `$any`, whatever its key word.
macro_rules! each {
    ($any:expr, $c:ident => $body:expr) => {
        match $any {
            AnyCertificate::Narrow($c) => $body,
            AnyCertificate::Wide($c) => $body,
        }
    };
}

impl AnyCertificate {
    /// Reads a certificate of any board (versions 1 and 2), checking its layout.
    pub fn read<R: BufRead>(mut input: R) -> Result<AnyCertificate, ReadError> {
        let header = Header::read(&mut input)?;
        Ok(match header.root.board().key_word() {
            WordSize::W64 => Certificate::<u64>::read_records(header, input)?.into(),
            _ => Certificate::<U256>::read_records(header, input)?.into(),
        })
    }

    /// Writes it in format [`Certificate::version`].
    pub fn write<O: Write>(&self, out: O) -> io::Result<()> {
        each!(self, c => c.write(out))
    }

    /// The position proven.
    pub fn root(&self) -> Position {
        each!(self, c => c.root())
    }

    /// The claimed winner of the root.
    pub fn winner(&self) -> Color {
        each!(self, c => c.winner())
    }

    /// The leaf limit.
    pub fn leaf_pieces(&self) -> u32 {
        each!(self, c => c.leaf_pieces())
    }

    /// The number of won records.
    pub fn won_count(&self) -> usize {
        each!(self, c => c.won().len())
    }

    /// The number of lost records.
    pub fn lost_count(&self) -> usize {
        each!(self, c => c.lost().len())
    }

    /// The version [`AnyCertificate::write`] writes.
    pub fn version(&self) -> u32 {
        each!(self, c => c.version())
    }

    /// Checks the proof ([`crate::verify`]).
    pub fn verify(&self) -> Result<crate::Summary, crate::Failure> {
        each!(self, c => crate::verify(c))
    }
}

/// The header's fields.
struct Header {
    layout: Layout,
    root: Position,
    winner: Color,
    leaf_pieces: u32,
    won: u64,
    lost: u64,
}

impl Header {
    fn read<R: BufRead>(input: &mut R) -> Result<Header, ReadError> {
        let mut number = 0;
        let mut max_line = FIRST_LINE_MAX;
        let mut field =
            |name: &'static str, max_line: usize| -> Result<(usize, String), ReadError> {
                number += 1;
                let line = read_line(input, number, max_line)?;
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

        let (line, version) = field(MAGIC, max_line).map_err(|e| match e {
            ReadError::Io(e) => ReadError::Io(e),
            _ => ReadError::NotACertificate,
        })?;
        let layout = parse_count(&version)
            .and_then(|v| u32::try_from(v).ok())
            .and_then(Layout::of)
            .ok_or_else(|| {
                bad(
                    line,
                    format!(
                        "format version '{}' is not supported (this checker reads versions 1 and {FORMAT_VERSION})",
                        clip(&version)
                    ),
                )
            })?;
        max_line = layout.max_line();
        let (line, board) = field("board", max_line)?;
        let board: Board = board.parse().map_err(|e| bad(line, format!("{e}")))?;
        if board.area() > layout.max_squares() {
            return Err(bad(
                line,
                format!(
                    "board {board} has {} squares: version {} certificates hold boards of at most {} (version {FORMAT_VERSION} holds every board)",
                    board.area(),
                    layout.version,
                    layout.max_squares()
                ),
            ));
        }
        let (line, fen) = field("root", max_line)?;
        let root = Position::from_fen(&fen).map_err(|e| bad(line, format!("bad root FEN: {e}")))?;
        if root.board() != board {
            return Err(bad(
                line,
                format!("the root FEN is on a {} board, not {board}", root.board()),
            ));
        }
        let (line, winner) = field("winner", max_line)?;
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
        let (line, leaf) = field("leaf-pieces", max_line)?;
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
            let (line, value) = field(name, max_line)?;
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
        let line = read_line(input, number, max_line)?;
        if line != "records" {
            return Err(bad(
                number,
                format!("expected 'records', found '{}'", clip(&line)),
            ));
        }
        Ok(Header {
            layout,
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

/// One header line without its line feed: at most `max_line` bytes of UTF-8 before
/// the line feed (which the limit does not count).
fn read_line<R: BufRead>(
    input: &mut R,
    number: usize,
    max_line: usize,
) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    input
        .by_ref()
        .take(max_line as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if bytes.last() != Some(&b'\n') {
        let message = if bytes.len() > max_line {
            format!("the line is longer than {max_line} bytes (not counting its line feed)")
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
    /// A number longer than the version allows (64 bits in version 1, 256 in version 2).
    OversizedNumber,
    /// A number not in its shortest LEB128 form (a last byte 0 after other bytes, such
    /// as `80 00` for 0): every number has exactly one encoding.
    NonMinimalNumber,
    /// The occupancy delta carries past the largest occupancy.
    OccupancyOverflow,
    /// Not after the previous record in key order (a repeat or out of order).
    Unsorted,
    /// The key names no position of the board.
    Key(KeyError),
    /// A move code naming a square off the board.
    MoveOffBoard(U256),
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::Truncated => f.write_str("the file ends inside it (truncated)"),
            RecordProblem::OversizedNumber => {
                f.write_str("a number is longer than its format version allows")
            }
            RecordProblem::NonMinimalNumber => {
                f.write_str("a number is not in its shortest form (a last byte 0)")
            }
            RecordProblem::OccupancyOverflow => {
                f.write_str("its occupancy delta overflows the largest number")
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

/// Writes an unsigned LEB128 number, in its shortest form.
fn write_varint<O: Write>(out: &mut O, mut value: U256) -> io::Result<()> {
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
fn read_varint<R: BufRead>(input: &mut R, bits: u32) -> Result<U256, Fail> {
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

/// Writes a key as its occupancy's increase over `previous` and its exceptions.
fn write_key<O: Write, W: KeyWord>(out: &mut O, key: Key<W>, previous: &mut W) -> io::Result<()> {
    let delta = key.occupancy.to_u256() - previous.to_u256();
    write_varint(out, delta)?;
    write_varint(out, key.exceptions.to_u256())?;
    *previous = key.occupancy;
    Ok(())
}

/// Reads a key written by [`write_key`] and checks it follows `previous` and lies on `board`.
fn read_key<R: BufRead, W: KeyWord>(
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
fn move_code(layout: Layout, board: Board, mv: Move) -> u64 {
    square_code(board, mv.from()) + layout.move_base() * square_code(board, mv.to())
}

/// The move of `code` on `board` (any two squares of the board; legality is the
/// checker's business).
fn move_of(layout: Layout, board: Board, code: U256) -> Result<Move, RecordProblem> {
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
