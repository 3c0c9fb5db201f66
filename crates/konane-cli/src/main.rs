//! The `konane` binary: the engine protocol by default, plus subcommands.

mod perft;

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
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        None => Ok(()),
    }
}
