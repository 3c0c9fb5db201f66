//! `konane perft`: leaf counts from a position, per root move with `--divide`, timed;
//! the count runs as a job of the engine layer.

use std::sync::mpsc::channel;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use konane_engine::{Engine, Options};

use crate::search_flags::PositionArgs;

/// Arguments of `konane perft`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  konane perft 11\n  konane perft 9 --size 6x6 --divide --threads 2"
)]
pub struct PerftArgs {
    /// Number of plies to count (at least 1).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: u32,
    /// The position to count from (default: the start position).
    #[command(flatten)]
    pub position: PositionArgs,
    /// Print the count after each legal move first.
    #[arg(long)]
    pub divide: bool,
    /// Worker threads (default, or 0: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `konane perft`, printing the counts, the time and the leaves per second.
pub fn run(args: &PerftArgs, options: Options) -> Result<()> {
    let position = args.position.position(options.board)?;
    let threads = args
        .threads
        .filter(|&n| n > 0)
        .unwrap_or_else(rayon::current_num_threads);
    let mut engine = Engine::new(options);
    engine.set_position(position);
    let (sender, results) = channel();
    let started = Instant::now();
    engine.perft(args.depth, Some(threads), move |parts| {
        // The receiver waits below.
        let _ = sender.send(parts);
    })?;
    engine.wait();
    let seconds = started.elapsed().as_secs_f64();
    let parts = results
        .recv()
        .ok()
        .flatten()
        .context("the perft was stopped")?;
    if args.divide {
        for (mv, count) in &parts {
            println!("{mv}: {count}");
        }
        println!();
    }
    let total: u64 = parts.iter().map(|(_, n)| n).sum();
    println!("Nodes searched: {total}");
    println!(
        "Time: {seconds:.3} s, {:.0} leaves/s ({threads} threads)",
        total as f64 / seconds.max(1e-9)
    );
    Ok(())
}
