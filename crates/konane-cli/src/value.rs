//! `konane value`: the combinatorial game value of a position past the opening
//! removals (konane-solver's regions): its regions and their values, means and
//! temperatures, the sum, who wins with either side to move, and last the sum's
//! canonical form in the strict grammar (`canonical: G`) for other programs; or all of
//! it as one JSON object (`--json`), the thermograph as SVG (`--thermograph FILE`), and
//! positions in batches (`--batch`, in `value_batch.rs`). `--values FILE` keeps
//! the database of region values between runs; Ctrl-C stops it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{Context, Result};
use clap::Args;
use konane_core::Board;
use konane_solver::regions::RegionValues;

use crate::interrupt::stop_on_ctrl_c;
use crate::perfect::label::PieceRange;
use crate::search_flags::PositionArgs;
use crate::value_census::{self, Census};
use crate::value_report::{check_jumping, json_report, refusal, report, CAPACITY};
use crate::{thermograph_svg, value_batch};

/// New regions one run may value by default: a few seconds at most.
pub const DEFAULT_BUDGET: u64 = 100_000;
/// Arguments of `konane value`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane value --fen '6/6/bw4/6/6/4wb b'
  konane value --fen '6/6/6/bwbw2/6/bw1bw1 b' --values values.txt
  konane value --fen F | tail -1          (canonical: G, for programs)
  konane value --fen F --json --thermograph f.svg
  konane value --batch fens.txt --threads 4 > values.jsonl
  konane value --census 3x3 --pieces 2-6 > census.csv

The value is Left = Black: positive favours Black. The position must be past the
opening removals (it is a sum of regions only once jumping has started).")]
#[command(group(clap::ArgGroup::new("start").args(["size", "fen", "batch", "census"]).required(true)))]
pub struct ValueArgs {
    /// The position: --fen, or the start of --size, then --moves.
    #[command(flatten)]
    pub position: PositionArgs,
    /// At most this many regions not yet in the database are valued; a position that
    /// needs more is refused.
    #[arg(long, default_value_t = DEFAULT_BUDGET, value_name = "N")]
    pub budget: u64,
    /// The database of region values: read (and checked) first when it exists, written
    /// after (whole, through a temporary file).
    #[arg(long, value_name = "FILE", conflicts_with = "batch")]
    pub values: Option<PathBuf>,
    /// Print the report as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Write the thermograph of the whole position to FILE as SVG.
    #[arg(long, value_name = "FILE", conflicts_with = "batch")]
    pub thermograph: Option<PathBuf>,
    /// Value every FEN of FILE (one a line; `-` reads standard input) and print one
    /// JSON line each, in order; a bad line gets a JSON line with its error.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "json"])]
    pub batch: Option<PathBuf>,
    /// With --batch or --census: positions valued at once (default, or 0: all cores).
    #[arg(long, value_name = "N")]
    pub threads: Option<usize>,
    /// Value every filling of a WxH window with Black, White and empty squares, up to
    /// the window's symmetries, in an empty board: one CSV row each.
    #[arg(long, value_name = "WxH", conflicts_with_all = ["moves", "json", "values", "thermograph"])]
    pub census: Option<Board>,
    /// With --census: empty squares around the window on each side.
    #[arg(long, value_name = "M", default_value_t = 4, requires = "census")]
    pub margin: u32,
    /// With --census: only fillings with MIN to MAX pieces (both colours).
    #[arg(long, value_name = "MIN-MAX", requires = "census")]
    pub pieces: Option<PieceRange>,
}

/// Runs `konane value`.
pub fn run(args: &ValueArgs) -> Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_ctrl_c(Arc::clone(&stop))?;
    if let Some(batch) = &args.batch {
        return value_batch::run(batch, args.budget, args.threads, &stop);
    }
    if let Some(window) = args.census {
        let census = Census {
            window,
            margin: args.margin,
            pieces: args.pieces.clone(),
        };
        return value_census::run(&census, args.budget, args.threads, &stop);
    }
    let position = args.position.position(Board::STANDARD)?;
    check_jumping(&position)?;
    let mut db = RegionValues::new(CAPACITY);
    if let Some(path) = args.values.as_deref().filter(|path| path.exists()) {
        let loaded = db
            .load(path, args.budget)
            .context("--values: the file is refused")?;
        eprintln!("Loaded {loaded} region values from {}", path.display());
    }
    let valued = db.position_value(&position, args.budget, &|| stop.load(Ordering::Relaxed));
    // Every stored value is complete even when the position was refused: keep them.
    if let Some(path) = &args.values {
        let saved = db
            .save(path)
            .context("--values: cannot save the database")?;
        eprintln!("Saved {saved} region values to {}", path.display());
    }
    let value = valued.map_err(refusal)?;
    let thermal = value
        .thermography(db.games())
        .context("cannot find the thermograph")?;
    if let Some(path) = &args.thermograph {
        let title = format!("Thermograph of {}", position.to_fen());
        std::fs::write(path, thermograph_svg::svg(&thermal.total, &title))
            .with_context(|| format!("--thermograph: cannot write {}", path.display()))?;
    }
    if args.json {
        println!(
            "{}",
            json_report(&position, &value, &thermal, db.games_ref())
        );
    } else {
        print!("{}", report(&position, &value, &thermal, db.games_ref()));
    }
    Ok(())
}
