//! The options `konane match` and `konane selfplay` share: how many games, how many at
//! once, which openings on which board, the SPRT, and which shard of the series to play.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_arena::{OpeningSource, Schedule, Series, Sprt};
use konane_core::{Board, Shard};

/// Games, concurrency, openings and the SPRT of a series of game pairs.
#[derive(Args, Debug)]
pub struct SeriesArgs {
    /// Games to play, rounded up to an even number (at most this many with --sprt);
    /// default 100, or 20000 with --sprt.
    #[arg(long)]
    pub games: Option<u64>,
    /// Games played at the same time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings file: a FEN or a move list from the start position per line.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Board size of generated openings and move-list openings, as WxH (default:
    /// engine.toml's, else 8x8).
    #[arg(long)]
    pub size: Option<Board>,
    /// Seed of the generated openings (both removals and --random-jumps random jumps)
    /// and, in self-play, of the built-in players' choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random jumps after the two removals in generated openings.
    #[arg(long, default_value_t = 2)]
    pub random_jumps: usize,
    /// Sequential test, e.g. "elo0=0 elo1=5 alpha=0.05 beta=0.05": stops when it decides.
    #[arg(long)]
    pub sprt: Option<Sprt>,
    /// Play only part K of N of the series' pairs (one block of them, with their own
    /// openings and numbers), for one machine of many; `konane match merge` counts the
    /// shards' records together. A shard plays its whole part: the SPRT is decided on
    /// the merged records.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<Shard>,
}

impl SeriesArgs {
    /// The series these options ask for, on `default_board` unless `--size` says
    /// otherwise, writing its records to `record`.
    pub fn series(&self, default_board: Board, record: Option<PathBuf>) -> Result<Series> {
        Ok(Series {
            openings: self.openings(default_board)?,
            schedule: self.schedule()?,
            concurrency: self.concurrency()?,
            sprt: self.sprt,
            record,
        })
    }

    /// The pairs to play (at most, with an SPRT).
    fn schedule(&self) -> Result<Schedule> {
        let games = self
            .games
            .unwrap_or(if self.sprt.is_some() { 20_000 } else { 100 });
        if games == 0 {
            bail!("--games must be at least 1");
        }
        let whole = Schedule::for_games(games);
        Ok(match self.shard {
            Some(shard) => {
                let part = whole.part(shard);
                if part.pairs().is_empty() {
                    bail!(
                        "--shard {shard}: {} games make {} pairs, too few for {} shards",
                        whole.games(),
                        whole.total_pairs(),
                        shard.count()
                    );
                }
                part
            }
            None => whole,
        })
    }

    /// The number of workers, checked.
    fn concurrency(&self) -> Result<usize> {
        if self.concurrency == 0 {
            bail!("--concurrency must be at least 1");
        }
        Ok(self.concurrency)
    }

    /// The openings: the file's, or generated from the seed; on `--size`, else on
    /// `default_board` (the engine options').
    fn openings(&self, default_board: Board) -> Result<OpeningSource> {
        let board = self.size.unwrap_or(default_board);
        Ok(match &self.openings {
            Some(path) => OpeningSource::from_file(path, board)
                .with_context(|| format!("bad --openings {}", path.display()))?,
            None => OpeningSource::Random {
                board,
                jumps: self.random_jumps,
                seed: self.seed,
            },
        })
    }
}
