//! The labelled-positions file: `#` lines first (what made it, the columns), then one
//! line a position, `FEN | pieces | winning moves | legal moves | solver nodes | game`,
//! and among them `# lost: FEN | game` lines, positions reached that the side to move
//! loses (not kept; a resumed run does not solve them again), and `# resumed at game
//! G: COMMAND` lines, where a run went on with other solver settings than the command
//! before it (which change node counts, never positions or labels). It is written a line at
//! a time, so a stopped run leaves at most a partial last line, which readers leave
//! out.

use std::path::Path;

use anyhow::{bail, Context, Result};
use konane_core::{Move, Position};

/// The header line that names the columns.
pub const COLUMNS: &str = "# fen | pieces | winning moves | legal moves | solver nodes | game";

/// What starts the line of a position found lost for its mover.
const LOST: &str = "# lost: ";

/// What starts the header line naming the command that made the file.
const MADE_BY: &str = "# made by: ";

/// What starts the line of a run that resumed the file with other solver settings.
const RESUMED: &str = "# resumed at game ";

/// The header line naming `command` (which ends in `--out`) as the maker of `out`.
pub fn made_by_line(command: &str, out: &Path) -> String {
    format!("{MADE_BY}{command} {}", out.display())
}

/// The line of a run that resumed `out` from game `game` with `command`.
pub fn resumed_line(game: u64, command: &str, out: &Path) -> String {
    format!("{RESUMED}{game}: {command} {}", out.display())
}

/// The commands of the `header` lines, in order: the one that made the file, then
/// those that resumed it with other settings.
pub fn commands(header: &[String]) -> Vec<&str> {
    header
        .iter()
        .filter_map(|line| {
            line.strip_prefix(MADE_BY).or_else(|| {
                let (_, command) = line.strip_prefix(RESUMED)?.split_once(": ")?;
                Some(command)
            })
        })
        .collect()
}

/// The line of `position`, lost for its mover, reached in random game `game`.
pub fn lost_line(position: &Position, game: u64) -> String {
    format!("{LOST}{} | {game}", position.to_fen())
}

/// The position of a line written by [`lost_line`], checked as a position.
fn parse_lost(line: &str) -> Result<Position, String> {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let [fen, game] = fields[..] else {
        return Err(format!(
            "expected 2 fields separated by '|' after '{}', found {}",
            LOST.trim(),
            fields.len()
        ));
    };
    game.parse::<u64>()
        .map_err(|_| format!("game '{}' is not a number", konane_core::clip(game)))?;
    Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))
}

/// One position won for the side to move, with every winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Labelled {
    pub position: Position,
    /// Every winning move, in the order of `Position::legal_moves`.
    pub winning: Vec<Move>,
    /// The number of legal moves.
    pub legal: usize,
    /// The positions the solver searched to prove every root move's value.
    pub nodes: u64,
    /// The random game (from 0, added to the seed) the position was reached in.
    pub game: u64,
}

impl Labelled {
    /// The pieces on the board, both sides together.
    pub fn pieces(&self) -> u32 {
        self.position.piece_count()
    }

    /// The position's line in the file (without the newline).
    pub fn to_line(&self) -> String {
        let winning: Vec<String> = self.winning.iter().map(Move::to_string).collect();
        format!(
            "{} | {} | {} | {} | {} | {}",
            self.position.to_fen(),
            self.pieces(),
            winning.join(" "),
            self.legal,
            self.nodes,
            self.game
        )
    }

    /// Reads a line written by [`Labelled::to_line`], checking it against the rules:
    /// the piece count, at least one winning move, each legal, the number of legal moves.
    pub fn parse(line: &str) -> Result<Labelled, String> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [fen, pieces, winning, legal, nodes, game] = fields[..] else {
            return Err(format!(
                "expected 6 fields separated by '|', found {}",
                fields.len()
            ));
        };
        let position = Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?;
        let number = |name: &str, text: &str| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{name} '{}' is not a number", konane_core::clip(text)))
        };
        if number("pieces", pieces)? != u64::from(position.piece_count()) {
            return Err(format!(
                "pieces {pieces}, but the FEN has {}",
                position.piece_count()
            ));
        }
        let winning = winning
            .split_whitespace()
            .map(|text| position.parse_move(text).map_err(|e| e.to_string()))
            .collect::<Result<Vec<Move>, String>>()?;
        if winning.is_empty() {
            return Err("no winning move".to_string());
        }
        let legal = number("legal moves", legal)? as usize;
        if legal != position.legal_moves().len() {
            return Err(format!(
                "legal moves {legal}, but the position has {}",
                position.legal_moves().len()
            ));
        }
        Ok(Labelled {
            position,
            winning,
            legal,
            nodes: number("solver nodes", nodes)?,
            game: number("game", game)?,
        })
    }
}

/// A labelled-positions file as read.
#[derive(Debug, Default)]
pub struct LabelFile {
    /// The `#` lines, without the newline.
    pub header: Vec<String>,
    pub positions: Vec<Labelled>,
    /// The positions found lost for their mover.
    pub lost: Vec<Position>,
    /// The length in bytes of the complete lines (a stopped run may leave a partial one).
    pub complete_bytes: u64,
}

/// Reads the file at `path`; an unreadable line is an error naming the line.
pub fn read(path: &Path) -> Result<LabelFile> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    let mut file = LabelFile {
        complete_bytes: complete as u64,
        ..LabelFile::default()
    };
    for (i, line) in text[..complete].lines().enumerate() {
        if let Some(lost) = line.strip_prefix(LOST) {
            match parse_lost(lost) {
                Ok(position) => file.lost.push(position),
                Err(message) => bail!("{}, line {}: {message}", path.display(), i + 1),
            }
        } else if line.starts_with('#') {
            file.header.push(line.to_string());
        } else if !line.trim().is_empty() {
            match Labelled::parse(line) {
                Ok(labelled) => file.positions.push(labelled),
                Err(message) => bail!("{}, line {}: {message}", path.display(), i + 1),
            }
        }
    }
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Labelled {
        let position = Position::from_fen("b2wb/wbwb1/bw2b/wbwbw w").unwrap();
        let legal = position.legal_moves();
        Labelled {
            position,
            winning: vec![legal[0]],
            legal: legal.len(),
            nodes: 123,
            game: 7,
        }
    }

    #[test]
    fn lost_lines_round_trip_and_bad_ones_are_named() {
        let position = sample().position;
        let dir = std::env::temp_dir().join(format!("konane-lost-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("labels.txt");
        let text = format!(
            "{COLUMNS}\n{}\n{}\n",
            lost_line(&position, 3),
            sample().to_line()
        );
        std::fs::write(&path, text).unwrap();
        let file = read(&path).unwrap();
        assert_eq!(file.lost, vec![position]);
        assert_eq!(file.positions, vec![sample()]);
        assert_eq!(file.header, vec![COLUMNS.to_string()]);
        std::fs::write(&path, format!("{COLUMNS}\n# lost: b2wb/wbwb1 w | x\n")).unwrap();
        let error = read(&path).unwrap_err().to_string();
        assert!(
            error.contains("line 2") && error.contains("game 'x'"),
            "{error}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lines_round_trip() {
        let labelled = sample();
        let line = labelled.to_line();
        assert!(line.ends_with(" | 123 | 7"), "{line}");
        assert_eq!(Labelled::parse(&line).unwrap(), labelled);
    }

    #[test]
    fn bad_lines_say_what_is_wrong() {
        let line = sample().to_line();
        let fields: Vec<&str> = line.split(" | ").collect();
        let with = |i: usize, value: &str| {
            let mut changed = fields.clone();
            changed[i] = value;
            Labelled::parse(&changed.join(" | ")).unwrap_err()
        };
        assert!(with(0, "zz/zz b").contains("bad FEN"));
        assert!(with(1, "3").contains("pieces 3"));
        assert!(with(2, "").contains("no winning move"));
        assert!(with(2, "a1c1").contains("a1c1"));
        assert!(with(3, "99").contains("legal moves 99"));
        assert!(with(4, "many").contains("not a number"));
        assert!(Labelled::parse("a | b").unwrap_err().contains("6 fields"));
    }

    #[test]
    fn a_partial_last_line_is_left_out() {
        let dir = std::env::temp_dir().join(format!("konane-labels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("labels.txt");
        let line = sample().to_line();
        let text = format!("# made by: test\n{COLUMNS}\n{line}\n{}", &line[..10]);
        std::fs::write(&path, &text).unwrap();
        let file = read(&path).unwrap();
        assert_eq!(file.header.len(), 2);
        assert_eq!(file.positions, vec![sample()]);
        assert_eq!(file.complete_bytes as usize, text.len() - 10);
        std::fs::write(&path, format!("{COLUMNS}\n{line}\n{line} x\n")).unwrap();
        let error = read(&path).unwrap_err().to_string();
        assert!(error.contains("line 3"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
