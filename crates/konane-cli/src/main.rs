//! The `konane` binary: the engine protocol by default, plus subcommands.

mod perft;
mod solve;

use clap::{Parser, Subcommand};

/// Konane (Hawaiian Checkers) engine. With no subcommand it speaks the engine
/// protocol (UCI-like, also UGI) on stdin/stdout.
#[derive(Parser)]
#[command(name = "konane", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf move sequences from a position (move generation check and speed test).
    Perft(perft::PerftArgs),
    /// Prove who wins a position with perfect play, and every winning first move.
    Solve(solve::SolveArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        None => Ok(()),
    }
}
