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

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_cgt::{CgtError, Dyadic, Games, Thermograph, Wall};
use konane_core::{Board, Color, Phase, Position};
use konane_solver::regions::{PositionValue, Region, RegionSquares, RegionValues, ValueError};
use serde_json::{json, Value as Json};

use crate::interrupt::stop_on_ctrl_c;
use crate::perfect::label::PieceRange;
use crate::search_flags::PositionArgs;
use crate::value_census::{self, Census};
use crate::{thermograph_svg, value_batch};

/// New regions one run may value by default: a few seconds at most.
pub const DEFAULT_BUDGET: u64 = 100_000;
/// Entries the value database may hold (values, memoised sums and comparisons).
pub(crate) const CAPACITY: usize = 1 << 23;

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

/// The thermography of a valued position: the thermograph of the whole and the mean
/// and temperature of each region, in the regions' order.
pub(crate) struct Thermal {
    pub(crate) total: Thermograph,
    pub(crate) regions: Vec<(Dyadic, Dyadic)>,
}

impl Thermal {
    pub(crate) fn of(value: &PositionValue, games: &mut Games) -> Result<Thermal, CgtError> {
        let regions = value
            .regions
            .iter()
            .map(|&(_, g)| Ok((games.mean(g)?, games.temperature(g)?)))
            .collect::<Result<_, CgtError>>()?;
        Ok(Thermal {
            total: games.thermograph(value.total)?,
            regions,
        })
    }
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
    let thermal = Thermal::of(&value, db.games()).context("cannot find the thermograph")?;
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

/// An error for a position still in the opening removals, which is no sum of regions.
pub(crate) fn check_jumping(position: &Position) -> Result<()> {
    if position.phase() != Phase::Jumps {
        bail!(
            "the position is still in the opening removals ({} removes a piece next); \
             values start once jumping has: play the removals with --moves",
            position.side_to_move()
        );
    }
    Ok(())
}

/// The error for a position that could not be valued.
pub(crate) fn refusal(error: ValueError) -> anyhow::Error {
    match error {
        ValueError::Budget(budget) => anyhow::anyhow!(
            "the position needs more than {budget} new regions valued (--budget {budget}); \
             it is too large to value in reasonable time"
        ),
        ValueError::Stopped => anyhow::anyhow!("stopped (Ctrl-C) before the value was found"),
        e => anyhow::Error::new(e).context("cannot value the position"),
    }
}

/// The report as one JSON object: the position, each region (pieces, squares, value,
/// canonical form, mean, temperature, FEN alone), the value of the whole, its outcome
/// and winners, stops, mean, temperature, thermograph walls and canonical form. Numbers
/// are exact strings (`"-5/4"`).
pub(crate) fn json_report(
    position: &Position,
    value: &PositionValue,
    thermal: &Thermal,
    games: &Games,
) -> Json {
    let board = position.board();
    let regions: Vec<Json> = value
        .regions
        .iter()
        .zip(&thermal.regions)
        .map(|((region, g), (mean, temperature))| {
            json!({
                "black": square_names(region.black),
                "white": square_names(region.white),
                "squares": square_names(region.reach),
                "value": games.display(*g).to_string(),
                "canonical": games.strict(*g),
                "mean": mean.to_string(),
                "temperature": temperature.to_string(),
                "alone": region.position(board, position.side_to_move()).to_fen(),
            })
        })
        .collect();
    let graph = &thermal.total;
    json!({
        "fen": position.to_fen(),
        "regions": regions,
        "value": games.display(value.total).to_string(),
        "outcome": value.outcome.to_string(),
        "black_to_move": value.winner(Color::Black).to_string(),
        "white_to_move": value.winner(Color::White).to_string(),
        "left_stop": graph.left().start().to_string(),
        "right_stop": graph.right().start().to_string(),
        "mean": graph.mean().to_string(),
        "temperature": graph.temperature().to_string(),
        "thermograph": {
            "left": wall_points(graph.left()),
            "right": wall_points(graph.right()),
        },
        "canonical": games.strict(value.total),
    })
}

/// A wall's break points as `[t, value]` pairs of exact strings.
fn wall_points(wall: &Wall) -> Json {
    wall.points()
        .iter()
        .map(|(t, v)| json!([t.to_string(), v.to_string()]))
        .collect()
}

/// The text of the report; its last line is `canonical: G`.
fn report(position: &Position, value: &PositionValue, thermal: &Thermal, games: &Games) -> String {
    let board = position.board();
    let mut text = format!(
        "{}\n\nFEN: {}\n\nRegions: {}\n",
        position.diagram(None),
        position.to_fen(),
        value.regions.len()
    );
    for (i, ((region, g), (mean, temperature))) in
        value.regions.iter().zip(&thermal.regions).enumerate()
    {
        text.push_str(&format!(
            "{}. {}\n   value {}   alone: {}\n   mean {mean}   temperature {temperature}\n",
            i + 1,
            region_text(region),
            games.display(*g),
            region.position(board, position.side_to_move()).to_fen()
        ));
    }
    text.push_str(&format!(
        "\nValue (sum of the regions, Left = Black): {}\n",
        games.display(value.total)
    ));
    for side in [Color::Black, Color::White] {
        text.push_str(&format!("{side} to move: {} wins\n", value.winner(side)));
    }
    let graph = &thermal.total;
    text.push_str(&format!(
        "stops: {} (Black first), {} (White first)\nmean: {}\ntemperature: {}\n",
        graph.left().start(),
        graph.right().start(),
        graph.mean(),
        graph.temperature()
    ));
    text.push_str(&format!("canonical: {}\n", games.strict(value.total)));
    text
}

/// A region's pieces by colour and the squares its pieces could ever stand on.
fn region_text(region: &Region) -> String {
    format!(
        "Black {}; White {}; squares {}",
        squares_text(region.black),
        squares_text(region.white),
        squares_text(region.reach)
    )
}

/// Square names separated by spaces, `-` for none.
fn squares_text(set: RegionSquares) -> String {
    if set.is_empty() {
        return "-".to_string();
    }
    square_names(set).join(" ")
}

/// The names of the squares of a set, in order.
fn square_names(set: RegionSquares) -> Vec<String> {
    set.squares().map(|s| s.to_string()).collect()
}
