//! The `konane` binary: the engine protocol by default, plus subcommands.

mod arena;
mod match_cmd;
mod perft;
mod replay;
mod selfplay;

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
    /// Play games between two engines that speak the protocol: score, Elo, SPRT, records.
    Match(match_cmd::MatchArgs),
    /// Play fast in-process games of the engine and the built-in players.
    Selfplay(selfplay::SelfplayArgs),
    /// Print the games of a record file written by `konane match` or `konane selfplay`.
    Replay(replay::ReplayArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Selfplay(args)) => selfplay::run(&args),
        Some(Command::Replay(args)) => replay::run(&args),
        None => Ok(()),
    }
}
