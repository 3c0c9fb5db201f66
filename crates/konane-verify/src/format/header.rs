//! The certificate's text header: its lines read one by one, each checked and limited
//! in length.

use std::io::{BufRead, Read};

use konane_core::{Board, Color, Position};

use super::error::ReadError;
use super::{Layout, FIRST_LINE_MAX, FORMAT_VERSION, MAGIC, MAX_LEAF_PIECES};

/// The header's fields.
pub(super) struct Header {
    pub(super) layout: Layout,
    pub(super) root: Position,
    pub(super) winner: Color,
    pub(super) leaf_pieces: u32,
    pub(super) won: u64,
    pub(super) lost: u64,
}

impl Header {
    pub(super) fn read<R: BufRead>(input: &mut R) -> Result<Header, ReadError> {
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
