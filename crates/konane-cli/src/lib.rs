//! The `konane` command as a library: the protocol front end, the subcommands and the
//! match runner; `main.rs` only calls [`main`]. Being a library lets fuzz targets and
//! tests drive the protocol state machine directly.

pub mod analyse;
pub mod arena;
pub mod bench;
pub mod board_view;
pub mod config;
pub mod match_cmd;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod replay;
pub mod selfplay;
pub mod solve;
pub mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Parser, Subcommand};

use protocol::options::EngineOptions;

/// Konane (Hawaiian Checkers) engine. With no subcommand it speaks the engine
/// protocol (UCI, also UGI) on stdin/stdout.
#[derive(Parser)]
#[command(
    name = "konane",
    version,
    after_help = "Examples:\n  \
        konane                                  (the protocol; type 'help')\n  \
        konane --hash 64 --threads 2 --config my.toml\n  \
        (echo 'position startpos moves d5 d4'; echo 'go movetime 1000'; sleep 2) | konane\n\n\
        End of input acts as 'quit': it stops a running search (which still answers)."
)]
struct Cli {
    /// Engine defaults file (default: ./engine.toml when present).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    #[command(flatten)]
    engine: EngineArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

/// Option overrides for the protocol, above engine.toml and below `setoption`.
#[derive(Args, Debug)]
struct EngineArgs {
    /// Transposition table size in MiB.
    #[arg(long)]
    hash: Option<u64>,
    /// Search threads.
    #[arg(long)]
    threads: Option<u64>,
    /// Milliseconds kept in reserve per move for communication delays.
    #[arg(long)]
    move_overhead: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Count leaf move sequences from a position (move generation check and speed test).
    Perft(perft::PerftArgs),
    /// Analyse a position: progress by depth, best line, and a verdict.
    Analyse(analyse::AnalyseArgs),
    /// Play a game against the engine at the terminal.
    Play(play::PlayArgs),
    /// Fixed search over built-in positions: total nodes (a signature of the search) and speed.
    Bench(bench::BenchArgs),
    /// Play games between two engines that speak the protocol: score, Elo, SPRT, records.
    Match(match_cmd::MatchArgs),
    /// Play fast in-process games of the engine and the built-in players.
    Selfplay(selfplay::SelfplayArgs),
    /// Print the games of a record file written by `konane match` or `konane selfplay`.
    Replay(replay::ReplayArgs),
    /// Prove who wins a position with perfect play, and every winning first move.
    Solve(solve::SolveArgs),
    /// Check a proof certificate written by `konane solve --certificate`.
    Verify(verify::VerifyArgs),
}

/// Sets option `name` from a command-line value, with the same checks as `setoption`.
pub fn override_option(
    options: &mut EngineOptions,
    name: &str,
    value: Option<impl ToString>,
) -> anyhow::Result<()> {
    if let Some(value) = value {
        options
            .set(name, Some(&value.to_string()))
            .with_context(|| format!("bad command-line value for {name}"))?;
    }
    Ok(())
}

/// Lets a subcommand whose output is piped into a program that stops reading (`konane
/// bench | head -3`) end quietly, as command-line tools do, instead of panicking in
/// `println!`.
fn end_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is always valid.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Runs the `konane` command with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Not for the protocol, nor for subcommands that write to other processes' pipes
    // (where a closed pipe must be an error to handle, not the end).
    if matches!(
        cli.command,
        Some(Command::Perft(_) | Command::Analyse(_) | Command::Play(_) | Command::Bench(_))
    ) {
        end_quietly_on_closed_pipe();
    }
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("konane: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs the subcommand, or the protocol without one.
fn run(cli: Cli) -> anyhow::Result<()> {
    let mut options = config::load(cli.config.as_deref())?;
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args),
        Some(Command::Analyse(args)) => analyse::run(&args, options),
        Some(Command::Play(args)) => play::run(&args, options),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Selfplay(args)) => selfplay::run(&args, options.search_options()),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Bench(_)) => {
            bench::run(&mut |line| println!("{line}"));
            Ok(())
        }
        None => {
            override_option(&mut options, "Hash", cli.engine.hash)?;
            override_option(&mut options, "Threads", cli.engine.threads)?;
            override_option(&mut options, "MoveOverhead", cli.engine.move_overhead)?;
            protocol::run(options);
            Ok(())
        }
    }
}
