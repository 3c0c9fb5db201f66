//! What `konane value` says about a valued position, shared by the single report and
//! the batches: the thermography of the whole and of each region, the text report
//! (its last line `canonical: G`), the JSON object, and the errors for positions that
//! cannot be valued.

use anyhow::{bail, Result};
use konane_cgt::{Games, Wall};
use konane_core::{Color, Phase, Position};
use konane_solver::regions::{PositionValue, Region, RegionSquares, Thermography, ValueError};
use serde_json::{json, Value as Json};

/// Entries the value database may hold (values, memoised sums and comparisons).
pub(crate) const CAPACITY: usize = 1 << 23;

/// An error for a position still in the opening removals, which is no sum of regions.
pub(crate) fn check_jumping(position: &Position) -> Result<()> {
    if position.phase() != Phase::Jumps {
        bail!(
            "the position is still in the opening removals ({} removes a piece next); \
             values start with the jumps: play both removals first (--moves)",
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
    thermal: &Thermography,
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
pub(crate) fn report(
    position: &Position,
    value: &PositionValue,
    thermal: &Thermography,
    games: &Games,
) -> String {
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
