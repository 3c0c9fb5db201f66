//! `konane perft`: leaf counts from a position, per root move with `--divide`, timed.

use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use konane_core::perft::{divide_parallel, perft_parallel};
use konane_core::{Board, Position};

/// Arguments of `konane perft`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  konane perft 11\n  konane perft 9 --size 6x6 --divide --threads 2"
)]
pub struct PerftArgs {
    /// Number of plies to count.
    pub depth: u32,
    /// Start from this position instead of the start position.
    #[arg(long, conflicts_with = "size")]
    pub fen: Option<String>,
    /// Board size of the start position, as WxH.
    #[arg(long, default_value = "8x8")]
    pub size: Board,
    /// Print the count after each legal move first.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `konane perft`, printing the counts, the time and the leaves per second.
pub fn run(args: &PerftArgs) -> Result<()> {
    let position = match &args.fen {
        Some(fen) => Position::from_fen(fen).context("bad --fen")?,
        None => Position::start(args.size),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let started = Instant::now();
    let total = pool.install(|| {
        if args.divide {
            let parts = divide_parallel(&position, args.depth);
            for (mv, count) in &parts {
                println!("{mv}: {count}");
            }
            println!();
            parts.iter().map(|(_, n)| n).sum()
        } else {
            perft_parallel(&position, args.depth)
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    println!("Nodes searched: {total}");
    println!(
        "Time: {seconds:.3} s, {:.0} leaves/s ({} threads)",
        total as f64 / seconds.max(1e-9),
        pool.current_num_threads()
    );
    Ok(())
}
