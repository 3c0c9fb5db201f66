//! The `konane` command as a library: the protocol front end and the subcommands, over
//! the engine layer (konane-engine) and the match runner (konane-arena); `main.rs` only
//! calls [`main`]. Being a library lets fuzz targets and tests drive the protocol
//! session directly.
//!
//! One public module per subcommand, named after it (`analyse`, `bench`, `gui`,
//! `match_cmd`, `perfect`, `perft`, `play`, `replay`, `selfplay`, `solve`, `value`,
//! `verify`), `protocol` for the engine's own front end, and the flags several
//! subcommands share (`option_flags`, `search_flags`); docs/cli.md documents each.

pub mod analyse;
pub mod bench;
mod certificate_file;
pub mod gui;
mod interrupt;
pub mod match_cmd;
mod match_report;
mod match_series;
pub mod option_flags;
pub mod perfect;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod replay;
pub mod search_flags;
pub mod selfplay;
pub mod solve;
mod solve_memory;
mod solve_status;
mod solve_units;
mod thermograph_svg;
pub mod value;
mod value_batch;
mod value_census;
mod value_report;
pub mod verify;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use konane_engine::config;

use option_flags::OptionFlags;

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
        End of input acts as 'quit': it stops a running search (which still answers), perft\n\
        or bench."
)]
struct Cli {
    /// Engine defaults file (default: ./engine.toml when present).
    #[arg(long, global = true, value_name = "FILE")]
    config: Option<PathBuf>,
    /// Option values above engine.toml's (and below `setoption`), for the protocol and
    /// every subcommand.
    #[command(flatten)]
    options: OptionFlags,
    #[command(subcommand)]
    command: Option<Command>,
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
    /// Serve a board in the browser: play, watch engines, analyse, load records.
    Gui(gui::GuiArgs),
    /// Check a proof certificate written by `konane solve --certificate`.
    Verify(verify::VerifyArgs),
    /// The combinatorial game value of a position: its regions, their values, who wins.
    Value(value::ValueArgs),
    /// Against perfect play: label won positions with every winning move, score engines on them.
    Perfect(perfect::PerfectArgs),
    /// Print engine.toml for the current settings.
    ///
    /// The built-in defaults, then engine.toml (or --config), then the flags; the
    /// shipped engine.toml is this output for the defaults.
    Config,
}

/// Lets a subcommand whose output is piped into a program that stops reading (`konane
/// bench | head -3`) end quietly, as command-line tools do, instead of panicking in
/// `println!`.
#[allow(unsafe_code)] // The one foreign call: see SAFETY.
fn end_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is always valid.
    #[allow(unsafe_code)]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Runs the `konane` command with the process's arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Not for the protocol, nor for subcommands that write to other processes' pipes or
    // to sockets (`match`, `perfect score`: a closed pipe there must be an error to handle,
    // not the end).
    if matches!(
        cli.command,
        Some(
            Command::Perft(_)
                | Command::Analyse(_)
                | Command::Play(_)
                | Command::Bench(_)
                | Command::Verify(_)
                | Command::Config
                | Command::Replay(_)
                | Command::Selfplay(_)
                | Command::Solve(_)
                | Command::Value(_)
                | Command::Perfect(perfect::PerfectArgs {
                    command: perfect::PerfectCommand::Label(_)
                })
        )
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

/// Runs the subcommand, or the protocol without one, with the engine options of
/// engine.toml (or --config) and the flags.
fn run(cli: Cli) -> anyhow::Result<()> {
    let mut options = config::load(cli.config.as_deref())?;
    cli.options.apply(&mut options)?;
    match cli.command {
        Some(Command::Perft(args)) => perft::run(&args, options),
        Some(Command::Analyse(args)) => analyse::run(&args, options),
        Some(Command::Play(args)) => play::run(&args, options),
        Some(Command::Match(args)) => match_cmd::run(&args, options.board),
        Some(Command::Selfplay(args)) => selfplay::run(&args, options),
        Some(Command::Replay(args)) => replay::run(&args),
        Some(Command::Solve(args)) if args.units.is_some() => solve_units::run(&args),
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Gui(args)) => gui::run(&args, options),
        Some(Command::Verify(args)) => verify::run(&args),
        Some(Command::Value(args)) => value::run(&args),
        Some(Command::Perfect(args)) => perfect::run(&args),
        Some(Command::Bench(_)) => bench::run(),
        Some(Command::Config) => {
            print!("{}", config::render(&options));
            Ok(())
        }
        None => {
            protocol::run(options);
            Ok(())
        }
    }
}
