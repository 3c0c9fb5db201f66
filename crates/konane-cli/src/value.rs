//! `konane value`: the combinatorial game value of a position past the opening
//! removals (konane-solver's regions): its regions and their values, the sum, who wins
//! with either side to move, and last the sum's canonical form in the strict grammar
//! (`canonical: G`) for other programs. `--values FILE` keeps the database of region
//! values between runs; Ctrl-C stops it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_core::{Board, Color, Phase, Position};
use konane_solver::regions::{PositionValue, Region, RegionValues, SquareSet, ValueError};

use crate::interrupt::stop_on_ctrl_c;
use crate::search_flags::PositionArgs;

/// New regions one run may value by default: a few seconds at most.
pub const DEFAULT_BUDGET: u64 = 100_000;
/// Entries the value database may hold (values, memoised sums and comparisons).
const CAPACITY: usize = 1 << 23;

/// Arguments of `konane value`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane value --fen '6/6/bw4/6/6/4wb b'
  konane value --fen '6/6/6/bwbw2/6/bw1bw1 b' --values values.txt
  konane value --fen F | tail -1          (canonical: G, for programs)

The value is Left = Black: positive favours Black. The position must be past the
opening removals (it is a sum of regions only once jumping has started).")]
#[command(group(clap::ArgGroup::new("start").args(["size", "fen"]).required(true)))]
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
    #[arg(long, value_name = "FILE")]
    pub values: Option<PathBuf>,
}

/// Runs `konane value`.
pub fn run(args: &ValueArgs) -> Result<()> {
    let position = args.position.position(Board::STANDARD)?;
    if position.phase() != Phase::Jumps {
        bail!(
            "the position is still in the opening removals ({} removes a piece next); \
             values start once jumping has: play the removals with --moves",
            position.side_to_move()
        );
    }
    let mut db = RegionValues::new(CAPACITY);
    if let Some(path) = args.values.as_deref().filter(|path| path.exists()) {
        let loaded = db
            .load(path, args.budget)
            .context("--values: the file is refused")?;
        eprintln!("Loaded {loaded} region values from {}", path.display());
    }
    let stop = Arc::new(AtomicBool::new(false));
    stop_on_ctrl_c(Arc::clone(&stop))?;
    let valued = db.position_value(&position, args.budget, &|| stop.load(Ordering::Relaxed));
    // Every stored value is complete even when the position was refused: keep them.
    if let Some(path) = &args.values {
        let saved = db
            .save(path)
            .context("--values: cannot save the database")?;
        eprintln!("Saved {saved} region values to {}", path.display());
    }
    let value = match valued {
        Ok(value) => value,
        Err(ValueError::Budget(budget)) => bail!(
            "the position needs more than {budget} new regions valued (--budget {budget}); \
             it is too large to value in reasonable time"
        ),
        Err(ValueError::Stopped) => bail!("stopped (Ctrl-C) before the value was found"),
        Err(e) => return Err(e).context("cannot value the position"),
    };
    print!("{}", report(&position, &value, &db));
    Ok(())
}

/// The text of the report; its last line is `canonical: G`.
fn report(position: &Position, value: &PositionValue, db: &RegionValues) -> String {
    let games = db.games_ref();
    let board = position.board();
    let mut text = format!(
        "{}\n\nFEN: {}\n\nRegions: {}\n",
        position.diagram(None),
        position.to_fen(),
        value.regions.len()
    );
    for (i, (region, g)) in value.regions.iter().enumerate() {
        text.push_str(&format!(
            "{}. {}\n   value {}   alone: {}\n",
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
fn squares_text(set: SquareSet) -> String {
    if set.is_empty() {
        return "-".to_string();
    }
    let names: Vec<String> = set.squares().map(|s| s.to_string()).collect();
    names.join(" ")
}
