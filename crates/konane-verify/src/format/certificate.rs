//! The certificate types: [`Certificate`] (keys in one word) and [`AnyCertificate`]
//! (keys in the narrowest word for the board), and how their records are written and
//! read after the header.

use std::io::{self, BufRead, Read, Write};

use konane_core::{Color, Move, Position, WordSize, U256};

use super::error::{fail_at, Fail, ReadError};
use super::header::Header;
use super::record::{move_code, move_of, read_key, write_key};
use super::varint::{read_varint, write_varint};
use super::{Layout, Section, FORMAT_VERSION, MAGIC, MAX_LEAF_PIECES};
use crate::key::{pieces_of, Key, KeyWord};

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
/// the board ([`Board::key_word`](konane_core::Board::key_word)): what
/// [`AnyCertificate::read`] gives and `konane verify` checks.
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
