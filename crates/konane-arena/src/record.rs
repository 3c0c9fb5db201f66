//! Game records: one file per match, one block of `key value` lines per game, written as
//! games finish and read back (by `konane replay`).
//!
//! ```text
//! konane-records 1
//! engine <name> <description>
//! series openings=random board=6x6 jumps=2 seed=1 games=40
//! shard 2/4
//! sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
//! game 3
//! pair 2
//! black A
//! white B
//! start bwbwbw/wb1bwb/… b
//! moves c4 d4 b4d4 …
//! times 12 9 30 …
//! winner white
//! reason illegal e5e9
//! end
//! ```
//!
//! The `series`, `shard` and `sprt` lines say which series the games belong to, so that
//! the records of the shards of one series can be merged (files written before shards
//! existed have none of them, and are read as they are).

use std::io::{self, Write};
use std::path::Path;
use std::str::FromStr;

use konane_core::{Color, Move, Position, Shard};

use crate::adjudication::Reason;
use crate::error::{ArenaError, RecordError};
use crate::stats::Sprt;

/// The first line of a record file, with the format's version.
const HEADER: &str = "konane-records 1";

/// A finished game: where it started, the moves, their times, the winner and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    pub start: Position,
    pub moves: Vec<Move>,
    /// Milliseconds each move took, one per move.
    pub times_ms: Vec<u64>,
    pub winner: Color,
    pub reason: Reason,
}

impl PlayedGame {
    /// A game at `start` with no move played yet; its winner and reason are set when it
    /// ends.
    pub fn new(start: Position) -> PlayedGame {
        PlayedGame {
            start,
            moves: Vec::new(),
            times_ms: Vec::new(),
            winner: Color::White,
            reason: Reason::NoMoves,
        }
    }
}

/// A game of a match: its number, its pair, who played which colour, and the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Number of the game in the match, from 1.
    pub number: u64,
    /// Number of the pair (same opening, colours swapped), from 1.
    pub pair: u64,
    /// Names of the players of Black and White.
    pub players: [String; 2],
    pub game: PlayedGame,
}

impl GameRecord {
    /// The records of pair `pair` (from 0): `games[0]` with `names[0]` as Black, then
    /// `games[1]` with the colours swapped; games are numbered from 1 across the match.
    pub fn pair(pair: u64, names: &[String; 2], games: [PlayedGame; 2]) -> [GameRecord; 2] {
        let [first, second] = games;
        [
            GameRecord {
                number: 2 * pair + 1,
                pair: pair + 1,
                players: names.clone(),
                game: first,
            },
            GameRecord {
                number: 2 * pair + 2,
                pair: pair + 1,
                players: [names[1].clone(), names[0].clone()],
                game: second,
            },
        ]
    }

    /// The name of the winner.
    pub fn winner_name(&self) -> &str {
        &self.players[self.game.winner.index()]
    }

    /// Writes the game's block.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let join = |items: Vec<String>| items.join(" ");
        writeln!(out, "game {}", self.number)?;
        writeln!(out, "pair {}", self.pair)?;
        writeln!(out, "black {}", self.players[0])?;
        writeln!(out, "white {}", self.players[1])?;
        writeln!(out, "start {}", self.game.start.to_fen())?;
        writeln!(
            out,
            "moves {}",
            join(self.game.moves.iter().map(Move::to_string).collect()).trim_end()
        )?;
        writeln!(
            out,
            "times {}",
            join(self.game.times_ms.iter().map(u64::to_string).collect())
        )?;
        writeln!(
            out,
            "winner {}",
            self.game.winner.name().to_ascii_lowercase()
        )?;
        let reason = &self.game.reason;
        match reason.detail() {
            detail if detail.is_empty() => writeln!(out, "reason {}", reason.word())?,
            detail => writeln!(out, "reason {} {detail}", reason.word())?,
        }
        writeln!(out, "end")
    }
}

/// What a record file's header says about the series its games belong to.
#[derive(Clone, Debug, PartialEq)]
pub struct SeriesHeader {
    /// What decides the series' games, as `key=value` words (see `Series::settings`).
    pub settings: String,
    /// The part of the series' schedule whose games the file holds.
    pub shard: Shard,
    /// The sequential test of the series (decided on the games of every shard).
    pub sprt: Option<Sprt>,
}

/// A record file: the engine lines of its header, the series it belongs to (absent in
/// files written before shards existed) and its games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Records {
    /// `(name, description)` of each engine line.
    pub engines: Vec<(String, String)>,
    pub series: Option<SeriesHeader>,
    pub games: Vec<GameRecord>,
}

/// The fields of one game block as they are read.
#[derive(Default)]
struct Block {
    number: Option<u64>,
    pair: Option<u64>,
    black: Option<String>,
    white: Option<String>,
    start: Option<Position>,
    moves: Option<Vec<String>>,
    times: Option<Vec<u64>>,
    winner: Option<Color>,
    reason: Option<Reason>,
}

impl Block {
    /// Checks the block (every move legal from the start, a time per move) into a record.
    fn finish(self) -> Result<GameRecord, String> {
        let missing = |key: &str| format!("the game has no '{key}' line");
        let start = self.start.ok_or_else(|| missing("start"))?;
        let texts = self.moves.ok_or_else(|| missing("moves"))?;
        let times_ms = self.times.ok_or_else(|| missing("times"))?;
        if times_ms.len() != texts.len() {
            return Err(format!(
                "{} moves but {} times",
                texts.len(),
                times_ms.len()
            ));
        }
        let mut position = start;
        let mut moves = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let mv = position
                .parse_move(text)
                .map_err(|e| format!("move {}: {e}", i + 1))?;
            position.play(mv);
            moves.push(mv);
        }
        let winner = self.winner.ok_or_else(|| missing("winner"))?;
        let reason = self.reason.ok_or_else(|| missing("reason"))?;
        if reason == Reason::NoMoves
            && (!position.is_game_over() || winner == position.side_to_move())
        {
            return Err("the game is not won by the rules as its reason says".to_string());
        }
        if reason != Reason::NoMoves && winner == position.side_to_move() {
            return Err("the adjudicated game is won by the side that was to move".to_string());
        }
        Ok(GameRecord {
            number: self.number.ok_or_else(|| missing("game"))?,
            pair: self.pair.ok_or_else(|| missing("pair"))?,
            players: [
                self.black.ok_or_else(|| missing("black"))?,
                self.white.ok_or_else(|| missing("white"))?,
            ],
            game: PlayedGame {
                start,
                moves,
                times_ms,
                winner,
                reason,
            },
        })
    }
}

impl Records {
    /// Whether `text` is a record file (its first line is the format's), rather than,
    /// say, one game's text ([`GameText`](crate::GameText)).
    pub fn is_record_text(text: &str) -> bool {
        text.lines()
            .next()
            .is_some_and(|line| line.trim() == HEADER)
    }

    /// Writes the file's header: the format line, one line per engine and the series.
    pub fn write_header(&self, out: &mut impl Write) -> io::Result<()> {
        writeln!(out, "{HEADER}")?;
        for (name, description) in &self.engines {
            writeln!(out, "engine {name} {description}")?;
        }
        if let Some(series) = &self.series {
            writeln!(out, "series {}", series.settings)?;
            writeln!(out, "shard {}", series.shard)?;
            if let Some(sprt) = &series.sprt {
                writeln!(out, "sprt {sprt}")?;
            }
        }
        Ok(())
    }

    /// Reads the record file at `path`, checking every move.
    pub fn read(path: &Path) -> Result<Records, ArenaError> {
        let text = std::fs::read_to_string(path).map_err(|source| ArenaError::ReadRecords {
            path: path.to_path_buf(),
            source,
        })?;
        text.parse().map_err(|source| ArenaError::BadRecords {
            path: path.to_path_buf(),
            source,
        })
    }
}

impl FromStr for Records {
    type Err = RecordError;

    /// A record file's text, every move checked.
    fn from_str(text: &str) -> Result<Records, RecordError> {
        parse(text)
    }
}

/// Reads a record file's text back, checking every move.
fn parse(text: &str) -> Result<Records, RecordError> {
    let mut records = Records::default();
    let mut block: Option<Block> = None;
    let mut settings: Option<String> = None;
    let mut shard: Option<Shard> = None;
    let mut sprt: Option<Sprt> = None;
    let mut lines = text.lines().enumerate();
    match lines.next() {
        Some((_, line)) if line.trim() == HEADER => {}
        _ => {
            return Err(RecordError {
                line: 1,
                message: format!("not a record file: the first line is not '{HEADER}'"),
            })
        }
    }
    for (i, line) in lines {
        let fail = |message: String| RecordError {
            line: i + 1,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        let value = value.trim();
        if key == "engine" {
            let (name, description) = value.split_once(' ').unwrap_or((value, ""));
            records
                .engines
                .push((name.to_string(), description.to_string()));
            continue;
        }
        if matches!(key, "series" | "shard" | "sprt") && block.is_none() {
            let again = || fail(format!("a second '{key}' line"));
            match key {
                "series" if settings.is_none() => settings = Some(value.to_string()),
                "shard" if shard.is_none() => {
                    shard = Some(value.parse().map_err(|e| fail(format!("{e}")))?)
                }
                "sprt" if sprt.is_none() => {
                    sprt = Some(value.parse().map_err(|e| fail(format!("{e}")))?)
                }
                _ => return Err(again()),
            }
            continue;
        }
        if key == "game" {
            if block.is_some() {
                return Err(fail(
                    "a game starts before the last one's 'end'".to_string(),
                ));
            }
            let number = value
                .parse()
                .map_err(|_| fail(format!("bad game number '{value}'")))?;
            block = Some(Block {
                number: Some(number),
                ..Block::default()
            });
            continue;
        }
        let Some(current) = block.as_mut() else {
            return Err(fail(format!("'{key}' outside a game")));
        };
        match key {
            "pair" => {
                current.pair = Some(
                    value
                        .parse()
                        .map_err(|_| fail(format!("bad pair number '{value}'")))?,
                )
            }
            "black" => current.black = Some(value.to_string()),
            "white" => current.white = Some(value.to_string()),
            "start" => {
                current.start = Some(Position::from_fen(value).map_err(|e| fail(e.to_string()))?)
            }
            "moves" => current.moves = Some(value.split_whitespace().map(str::to_string).collect()),
            "times" => {
                current.times = Some(
                    value
                        .split_whitespace()
                        .map(|t| t.parse().map_err(|_| fail(format!("bad time '{t}'"))))
                        .collect::<Result<_, _>>()?,
                )
            }
            "winner" => {
                current.winner = Some(match value {
                    "black" => Color::Black,
                    "white" => Color::White,
                    _ => return Err(fail(format!("winner '{value}' is not black or white"))),
                })
            }
            "reason" => {
                let (word, detail) = value.split_once(' ').unwrap_or((value, ""));
                current.reason = Some(
                    Reason::from_parts(word, detail.trim())
                        .ok_or_else(|| fail(format!("unknown reason '{value}'")))?,
                );
            }
            "end" => {
                let done = block.take().expect("inside a game");
                let number = done.number.unwrap_or_default();
                let record = done
                    .finish()
                    .map_err(|message| fail(format!("game {number}: {message}")))?;
                records.games.push(record);
            }
            _ => return Err(fail(format!("unknown key '{key}'"))),
        }
    }
    if block.is_some() {
        return Err(RecordError {
            line: text.lines().count(),
            message: "the last game has no 'end' line".to_string(),
        });
    }
    records.series = match (settings, shard, sprt) {
        (Some(settings), shard, sprt) => Some(SeriesHeader {
            settings,
            shard: shard.unwrap_or(Shard::WHOLE),
            sprt,
        }),
        (None, None, None) => None,
        (None, _, _) => {
            return Err(RecordError {
                line: 1,
                message: "a 'shard' or 'sprt' line without a 'series' line".to_string(),
            })
        }
    };
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    fn sample() -> GameRecord {
        let board: Board = "4x4".parse().unwrap();
        let start = Position::start(board);
        let mut position = start;
        let mut moves = Vec::new();
        while !position.is_game_over() {
            let mv = position.legal_moves()[0];
            position.play(mv);
            moves.push(mv);
        }
        GameRecord {
            number: 2,
            pair: 1,
            players: ["B".into(), "A".into()],
            game: PlayedGame {
                start,
                times_ms: (0..moves.len() as u64).collect(),
                moves,
                winner: !position.side_to_move(),
                reason: Reason::NoMoves,
            },
        }
    }

    /// The header of a file with the engines `engines` and no series.
    fn header(engines: &[(String, String)]) -> Vec<u8> {
        let mut text = Vec::new();
        Records {
            engines: engines.to_vec(),
            ..Records::default()
        }
        .write_header(&mut text)
        .unwrap();
        text
    }

    #[test]
    fn records_round_trip() {
        let mut text = header(&[("A".into(), "name=A cmd=\"a\"".into())]);
        let game = sample();
        game.write(&mut text).unwrap();
        let mut adjudicated = sample();
        adjudicated.number = 3;
        adjudicated.game.moves.pop();
        adjudicated.game.times_ms.pop();
        adjudicated.game.winner = !adjudicated.game.winner;
        adjudicated.game.reason = Reason::Illegal("a1a9".into());
        adjudicated.write(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        let records = parse(&text).unwrap();
        assert_eq!(
            records.engines,
            [("A".to_string(), "name=A cmd=\"a\"".to_string())]
        );
        assert_eq!(records.games, [game, adjudicated]);
    }

    #[test]
    fn the_series_header_round_trips() {
        let written = Records {
            engines: vec![("A".into(), "a".into()), ("B".into(), "b".into())],
            series: Some(SeriesHeader {
                settings: "openings=random board=4x4 jumps=0 seed=3 games=8".into(),
                shard: "2/4".parse().unwrap(),
                sprt: Some("elo0=0 elo1=5".parse().unwrap()),
            }),
            games: vec![sample()],
        };
        let mut text = Vec::new();
        written.write_header(&mut text).unwrap();
        sample().write(&mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(text.contains("\nshard 2/4\nsprt elo0=0 elo1=5 alpha=0.05 beta=0.05\n"));
        assert_eq!(parse(&text).unwrap(), written);
        for (bad, needle) in [
            (text.replace("shard 2/4", "shard 5/4"), "1 <= K <= N"),
            (text.replace("elo1=5", "elo1=-5"), "below"),
            (
                text.replace("shard 2/4\n", "shard 2/4\nshard 3/4\n"),
                "second 'shard'",
            ),
            (
                text.replace(
                    "series openings=random board=4x4 jumps=0 seed=3 games=8\n",
                    "",
                ),
                "without a 'series'",
            ),
        ] {
            let error = parse(&bad).unwrap_err().to_string();
            assert!(error.contains(needle), "{error} / {needle}");
        }
    }

    #[test]
    fn bad_records_name_the_line() {
        let mut text = header(&[]);
        sample().write(&mut text).unwrap();
        let good = String::from_utf8(text).unwrap();
        // The sample's first move is d1; c1 is not a removal Black may make.
        let cases = [
            (
                good.replace("konane-records 1", "pgn"),
                1,
                "not a record file",
            ),
            (good.replace("moves d1", "moves c1"), 11, "game 2: move 1"),
            (
                good.replace("reason nomoves", "reason resigned"),
                10,
                "unknown reason",
            ),
            (good.replace("winner white", "winner black"), 11, "not won"),
            (good.replace("times 0", "times x"), 8, "bad time"),
            (good.replace("end\n", ""), 10, "no 'end'"),
            (good.replace("pair 1\n", ""), 10, "no 'pair'"),
        ];
        for (text, line, needle) in cases {
            let error = parse(&text).unwrap_err();
            assert!(error.message.contains(needle), "{error} / {needle}\n{text}");
            assert_eq!(error.line, line, "{error}\n{text}");
        }
    }
}
