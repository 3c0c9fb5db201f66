//! `konane perfect score`: an engine, over the protocol, on each labelled position
//! (`ucinewgame`, `position fen …`, `go movetime …`): how often its move is one of the
//! winning moves, by board and piece count, and which positions it missed.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_arena::{judge_bestmove, EngineProcess, EngineSpec};

use super::file;

/// Arguments of `konane perfect score`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane perfect score --engine \"name=new cmd=target/release/konane option.Hash=64 option.Threads=1\" \\
      data/perfect-play/7x6.txt data/perfect-play/7x7.txt
  konane perfect score --engine \"cmd=other-engine proto=ugi\" --movetime 500 data/perfect-play/7x6.txt

The engine is described as in `konane match` (name, cmd, dir, proto, option.NAME).
Each position is a new game (ucinewgame), so no search sees another's table.")]
pub struct ScoreArgs {
    /// The engine: "name=A cmd=PROGRAM [proto=ugi] [option.NAME=VALUE …]".
    #[arg(long)]
    pub engine: String,
    /// Milliseconds a move (`go movetime`).
    #[arg(long, default_value_t = 100)]
    pub movetime: u64,
    /// Seconds past the move time before an answer counts as missing.
    #[arg(long, default_value_t = 5)]
    pub grace: u64,
    /// Labelled positions files written by `konane perfect label`.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}

/// The counts of one row: positions, moves that keep the win, answers that were no
/// legal move (or none in time), and the share of winning moves among the legal ones.
#[derive(Default, Clone, Copy)]
struct Row {
    positions: u32,
    kept: u32,
    failed: u32,
    random_share: f64,
}

impl Row {
    fn add(&mut self, kept: Option<bool>, winning: usize, legal: usize) {
        self.positions += 1;
        match kept {
            Some(true) => self.kept += 1,
            Some(false) => {}
            None => self.failed += 1,
        }
        self.random_share += winning as f64 / legal as f64;
    }

    fn merge(&mut self, other: &Row) {
        self.positions += other.positions;
        self.kept += other.kept;
        self.failed += other.failed;
        self.random_share += other.random_share;
    }

    fn line(&self, label: &str) -> String {
        let n = f64::from(self.positions.max(1));
        format!(
            "| {label} | {} | {} | {:.1}% | {:.1}% | {} |",
            self.positions,
            self.kept,
            100.0 * f64::from(self.kept) / n,
            100.0 * self.random_share / n,
            self.failed
        )
    }
}

/// The system's load averages (1, 5 and 15 minutes), as /proc/loadavg gives them.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| "unknown".to_string())
}

/// The line of a position whose win the engine did not keep: its FEN, what the engine
/// played (or why it played nothing), and the moves that win.
fn miss_line(position: &file::Labelled, played: &str) -> String {
    let winning: Vec<String> = position.winning.iter().map(ToString::to_string).collect();
    format!(
        "- {} ({} pieces, game {}): played {played}; winning {}",
        position.position.to_fen(),
        position.pieces(),
        position.game,
        winning.join(" ")
    )
}

/// Runs `konane perfect score`.
pub fn run(args: &ScoreArgs) -> Result<()> {
    if args.movetime == 0 {
        bail!("--movetime must be at least 1");
    }
    let spec: EngineSpec = args.engine.parse().context("bad --engine")?;
    let labelled = args
        .files
        .iter()
        .map(|path| file::read(path))
        .collect::<Result<Vec<_>>>()?;
    let stall = Duration::from_millis(args.movetime) + Duration::from_secs(args.grace);
    let mut engine = EngineProcess::start(&spec, stall, None)?;
    let go = format!("go movetime {}", args.movetime);
    println!(
        "Engine {spec}, {} ms a move; load average at the start: {}",
        args.movetime,
        load()
    );
    let started = Instant::now();
    let mut thinking = Duration::ZERO;
    let mut moves = 0u32;
    for (path, file) in args.files.iter().zip(&labelled) {
        let mut rows: BTreeMap<(String, u32), Row> = BTreeMap::new();
        let mut missed = Vec::new();
        for position in &file.positions {
            let answer = engine.new_game().and_then(|()| {
                engine.think(
                    &format!("position fen {}", position.position.to_fen()),
                    &go,
                    Some(stall),
                )
            });
            let (kept, played) = match answer {
                Ok(answer) => {
                    thinking += answer.elapsed;
                    moves += 1;
                    match judge_bestmove(&position.position, &answer.arguments) {
                        Ok(mv) => (Some(position.winning.contains(&mv)), mv.to_string()),
                        Err(reason) => (None, format!("no legal move ({reason})")),
                    }
                }
                Err(failure) => (None, format!("no answer ({failure})")),
            };
            if kept != Some(true) {
                missed.push(miss_line(position, &played));
            }
            let board = position.position.board().to_string();
            rows.entry((board, position.pieces())).or_default().add(
                kept,
                position.winning.len(),
                position.legal,
            );
        }
        println!();
        println!("{}: {} positions", path.display(), file.positions.len());
        println!("| board, pieces | positions | kept the win | share | a random move wins | no legal answer |");
        println!("|---|---:|---:|---:|---:|---:|");
        let mut boards: BTreeMap<String, Row> = BTreeMap::new();
        for ((board, pieces), row) in rows.iter().rev() {
            println!("{}", row.line(&format!("{board}, {pieces}")));
            boards.entry(board.clone()).or_default().merge(row);
        }
        for (board, row) in &boards {
            println!("{}", row.line(&format!("**{board}, all**")));
        }
        println!();
        println!("Missed: {} of {}", missed.len(), file.positions.len());
        for line in &missed {
            println!("{line}");
        }
    }
    engine.quit();
    println!();
    println!(
        "{moves} moves, {:.0} ms a move on average, {:.0} s in all; load average at the end: {}",
        thinking.as_secs_f64() * 1000.0 / f64::from(moves.max(1)),
        started.elapsed().as_secs_f64(),
        load()
    );
    Ok(())
}
