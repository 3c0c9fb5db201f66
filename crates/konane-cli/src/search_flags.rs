//! The flags that name a position (`--fen`, `--size`, `--moves`) and those that bound a
//! search (`--depth`, `--nodes`, `--movetime`), declared once and flattened into every
//! subcommand that takes them.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_arena::TimeControl;
use konane_core::{Board, Position};
use konane_engine::SearchLimits;

/// `--fen`, `--size` and `--moves`.
#[derive(Args, Clone, Debug, Default)]
pub struct PositionArgs {
    /// Start from this position (board and side to move) instead of the start position.
    #[arg(long, conflicts_with = "size")]
    pub fen: Option<String>,
    /// Board size of the start position, as WxH (default: engine.toml's, else 8x8).
    #[arg(long)]
    pub size: Option<Board>,
    /// Moves played first, from the start position or the FEN: separate words
    /// (--moves d5 d4) or one quoted list (--moves "d5 d4").
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// The board of the start position: --size, else `default` (engine.toml's).
    pub fn board(&self, default: Board) -> Board {
        self.size.unwrap_or(default)
    }

    /// Whether --fen or --size names a position.
    pub fn names_a_start(&self) -> bool {
        self.fen.is_some() || self.size.is_some()
    }

    /// The position: --fen, else the start position of [`PositionArgs::board`], then
    /// --moves played.
    pub fn position(&self, default: Board) -> Result<Position> {
        let mut position = match &self.fen {
            Some(fen) => Position::from_fen(fen).context("bad --fen")?,
            None => Position::start(self.board(default)),
        };
        let moves = self.moves.iter().flat_map(|text| text.split_whitespace());
        position
            .play_all(moves)
            .map_err(|e| anyhow::anyhow!("move {} of --moves: {}", e.index, e.error))?;
        Ok(position)
    }
}

/// `--depth`, `--nodes` and `--movetime`, at most one of them.
#[derive(Args, Clone, Debug, Default)]
#[group(id = "limit", multiple = false)]
pub struct LimitArgs {
    /// Search this many plies deep per move.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search this many nodes per move.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search this many milliseconds per move.
    #[arg(long)]
    pub movetime: Option<u64>,
}

impl LimitArgs {
    /// The limit given, if any, as a match's per-move control; a limit of 0 is refused
    /// (no search could keep it).
    pub fn time_control(&self) -> Result<Option<TimeControl>> {
        Ok(match (self.depth, self.nodes, self.movetime) {
            (Some(0), _, _) => bail!("--depth must be at least 1"),
            (_, Some(0), _) => bail!("--nodes must be at least 1"),
            (_, _, Some(0)) => bail!("--movetime must be at least 1"),
            (Some(depth), _, _) => Some(TimeControl::Depth(depth)),
            (_, Some(nodes), _) => Some(TimeControl::Nodes(nodes)),
            (_, _, Some(ms)) => Some(TimeControl::MoveTime(Duration::from_millis(ms))),
            _ => None,
        })
    }

    /// The limits given, or `default` when none is.
    pub fn limits_or(&self, default: SearchLimits) -> Result<SearchLimits> {
        Ok(match self.time_control()? {
            Some(TimeControl::Depth(depth)) => SearchLimits::depth(depth),
            Some(TimeControl::Nodes(nodes)) => SearchLimits {
                nodes: Some(nodes),
                ..SearchLimits::default()
            },
            Some(TimeControl::MoveTime(time)) => SearchLimits::movetime(time),
            Some(TimeControl::Clock { .. }) => unreachable!("no flag gives a clock"),
            None => default,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        position: PositionArgs,
        #[command(flatten)]
        limits: LimitArgs,
    }

    fn flags(args: &[&str]) -> Result<Flags, clap::Error> {
        Flags::try_parse_from(std::iter::once("konane").chain(args.iter().copied()))
    }

    #[test]
    fn moves_are_words_or_one_list() {
        let board: Board = "6x6".parse().unwrap();
        let words = flags(&["--size", "6x6", "--moves", "c4", "c3"]).unwrap();
        let list = flags(&["--size", "6x6", "--moves", "c4 c3"]).unwrap();
        let mut expected = Position::start(board);
        expected.play_all(["c4", "c3"]).unwrap();
        assert_eq!(words.position.position(Board::STANDARD).unwrap(), expected);
        assert_eq!(list.position.position(Board::STANDARD).unwrap(), expected);
        let bad = flags(&["--moves", "d5", "d3"]).unwrap();
        let error = bad
            .position
            .position(Board::STANDARD)
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("move 2 of --moves: "), "{error}");
        assert!(flags(&["--fen", "b1w b", "--size", "3x1"]).is_err());
    }

    #[test]
    fn one_limit_at_most_and_a_default() {
        assert!(flags(&["--depth", "3", "--nodes", "5"]).is_err());
        let none = flags(&[]).unwrap().limits;
        assert_eq!(
            none.limits_or(SearchLimits::depth(4)).unwrap(),
            SearchLimits::depth(4)
        );
        let movetime = flags(&["--movetime", "250"]).unwrap().limits;
        assert_eq!(
            movetime.limits_or(SearchLimits::depth(4)).unwrap(),
            SearchLimits::movetime(Duration::from_millis(250))
        );
        let zero = flags(&["--depth", "0"]).unwrap().limits;
        assert!(zero.limits_or(SearchLimits::default()).is_err());
    }
}
