//! `konane match`: plays games between two engines that speak the protocol and reports
//! the score, the Elo difference and, with `--sprt`, whether the first is stronger;
//! `konane match merge` counts the record files of the shards of one match together.

use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use konane_arena::{
    merge, run_match, EngineSpec, MatchConfig, Records, ShardRecords, Sprt, TimeControl,
};
use konane_core::Board;

use crate::match_report::{merged, print_outcome, shard_note, ProgressLine};
use crate::match_series::SeriesArgs;
use crate::search_flags::LimitArgs;

const EXAMPLES: &str = "\
An engine is a list of key=value words (quote values with spaces):
  name=NAME         name in tables and records (default: the program's file name)
  cmd=\"PROG ARGS\"   the program to run, with its arguments
  dir=DIR           its working directory
  proto=uci|ugi     the handshake it speaks (default uci)
  option.NAME=VAL   sent as 'setoption name NAME value VAL' after the handshake
  tc=10+0.1 | movetime=MS | depth=D | nodes=N
                    its own time control (else --tc, --movetime, --depth or --nodes)

The first engine is the one measured: the Elo and the SPRT are from its view.

Examples:
  # Is the new build stronger? Stop as soon as the SPRT decides.
  konane match --engine \"name=new cmd=./target/release/konane\" \\
               --engine \"name=old cmd=./konane-main\" \\
               --tc 2+0.02 --concurrency 2 --sprt \"elo0=0 elo1=10\" --record new-vs-old.txt

  # The same build with two engine.toml files, 6x6 board, 200 games at depth 6.
  konane match --engine \"name=tuned cmd='konane --config tuned.toml'\" \\
               --engine \"name=base cmd='konane --config engine.toml'\" \\
               --depth 6 --size 6x6 --games 200

  # Different time controls and options per engine, openings from a file.
  konane match --engine \"name=A cmd=konane option.Hash=64 tc=10+0.1\" \\
               --engine \"name=B cmd=other-engine proto=ugi movetime=200\" \\
               --openings openings.txt

  # The same match in 4 shards (on 4 machines), then counted together.
  konane match --engine … --engine … --games 2000 --shard 3/4 --record shard-3.txt
  konane match merge shard-1.txt shard-2.txt shard-3.txt shard-4.txt

Games are played in pairs: each opening once with each engine as Black. An engine
that crashes, hangs, answers an illegal or unreadable move, claims the game is over
while it is not, or oversteps its time loses the game (the reason is recorded); a
process that died or stopped answering is restarted, and the match goes on.";

/// Arguments of `konane match`.
#[derive(Args, Debug)]
#[command(
    after_help = EXAMPLES,
    args_conflicts_with_subcommands = true,
    subcommand_negates_reqs = true
)]
pub struct MatchArgs {
    #[command(subcommand)]
    pub command: Option<MatchCommand>,
    /// An engine: "name=A cmd=PROGRAM [option.NAME=VALUE …] [tc=…]"; give exactly two.
    #[arg(long = "engine", required = true, num_args = 1)]
    pub engines: Vec<String>,
    /// Clock for both: seconds plus increment per move, e.g. 10+0.1.
    #[arg(long, conflicts_with = "limit")]
    pub tc: Option<String>,
    /// A fixed limit per move for both, instead of a clock.
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub series: SeriesArgs,
    /// Milliseconds a move may go past its time before it loses on time.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Seconds an engine may stay silent: isready, a move with no clock, its handshake
    /// (at least 5 s for that).
    #[arg(long, default_value_t = 30.0)]
    pub stall_timeout: f64,
    /// Record file (default: `match-<unix time>.txt` in the current directory).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Write every line sent to and received from the engines to this file, with the
    /// milliseconds since the start (for debugging an engine).
    #[arg(long)]
    pub log: Option<PathBuf>,
}

/// What `konane match` does besides playing.
#[derive(Subcommand, Debug)]
pub enum MatchCommand {
    /// Count the record files of the shards of one match (or self-play series)
    /// together: the table, Elo, pair counts and SPRT that one unsharded run would give.
    Merge(MergeArgs),
}

/// Arguments of `konane match merge`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane match merge shard-*.txt
  konane match merge --sprt \"elo0=0 elo1=5\" shard-1.txt shard-2.txt

The files must be shards of one series: the same engines, time controls, openings,
seed and number of games, with no pair twice. Shards not yet played are listed as
missing, and the figures are for the pairs present, counted in the schedule's order:
an SPRT decides as an unsharded run on one worker would, and pairs after its decision
are not counted.")]
pub struct MergeArgs {
    /// The shards' record files.
    #[arg(required = true)]
    pub records: Vec<PathBuf>,
    /// Decide this sequential test instead of the one the shards were given.
    #[arg(long)]
    pub sprt: Option<Sprt>,
}

/// The time control given by the shared flags, if any.
fn shared_time(args: &MatchArgs) -> Result<Option<TimeControl>> {
    match &args.tc {
        Some(tc) => Ok(Some(tc.parse().context("bad --tc")?)),
        None => args.limits.time_control(),
    }
}

/// The engines of the `--engine` flags (`konane match` and `konane gui`).
pub(crate) fn parse_engines(texts: &[String]) -> Result<Vec<EngineSpec>> {
    texts
        .iter()
        .map(|text| {
            text.parse::<EngineSpec>()
                .with_context(|| format!("bad --engine '{text}'"))
        })
        .collect()
}

/// The `--stall-timeout` flag's seconds, checked.
pub(crate) fn stall_timeout(seconds: f64) -> Result<Duration> {
    if !(seconds > 0.0 && seconds < 1e6) {
        bail!("--stall-timeout must be a positive number of seconds");
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// A record file name unique to this second.
fn default_record_path() -> PathBuf {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    PathBuf::from(format!("match-{seconds}.txt"))
}

/// Runs `konane match merge`.
fn run_merge(args: &MergeArgs) -> Result<()> {
    let files = args
        .records
        .iter()
        .map(|path| {
            Ok(ShardRecords {
                path: path.clone(),
                records: Records::read(path)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let result = merge(&files, args.sprt)?;
    print!("{}", merged(&result, files.len()));
    Ok(())
}

/// Runs `konane match`; openings are on `board` unless `--size` says otherwise.
pub fn run(args: &MatchArgs, board: Board) -> Result<()> {
    if let Some(MatchCommand::Merge(merge_args)) = &args.command {
        return run_merge(merge_args);
    }
    let specs = parse_engines(&args.engines)?;
    let Ok(engines) = <[EngineSpec; 2]>::try_from(specs) else {
        bail!("give exactly two --engine options");
    };
    let record = args.record.clone().unwrap_or_else(default_record_path);
    let config = MatchConfig {
        engines,
        time: shared_time(args)?,
        series: args.series.series(board, Some(record.clone()))?,
        time_margin: Duration::from_millis(args.time_margin),
        stall: stall_timeout(args.stall_timeout)?,
        log: args.log.clone(),
    };
    let mut progress = ProgressLine::new(&config.series);
    let (outcome, restarts) = run_match(&config, &mut |tally| progress.show(tally))?;
    drop(progress);
    print_outcome(&outcome);
    let [first, second] = &config.engines;
    println!(
        "Restarts after a crash or hang: {} {}, {} {}",
        first.name, restarts[0], second.name, restarts[1]
    );
    println!("Records: {}", record.display());
    if let Some(note) = shard_note(&config.series.schedule) {
        println!("{note}");
    }
    Ok(())
}
