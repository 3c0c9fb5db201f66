//! `konane value --census WxH`: the values of a family of positions for a data frame.
//! Every filling of a WxH window with Black, White and empty squares, one of each class
//! of fillings the window's symmetries map onto each other (the one with the smallest
//! code), set in the middle of an otherwise empty board with `--margin` empty squares
//! on each side, valued, one CSV row each (header first), in the order of their codes.

use std::io::{self, Write};
use std::sync::atomic::AtomicBool;

use anyhow::{bail, Result};
use konane_core::{Board, Position};

use crate::perfect::label::PieceRange;
use crate::value_batch::{in_order, Valued};

/// Windows of at most this many squares (3^16 fillings).
const MOST_SQUARES: u32 = 16;

/// The CSV columns before the value's, and the value's (keys of `konane value --json`
/// too); then `error`.
const POSITION_COLUMNS: [&str; 6] = ["window", "orbit", "black", "white", "fen", "regions"];
const VALUE_COLUMNS: [&str; 6] = [
    "canonical",
    "outcome",
    "mean",
    "temperature",
    "left_stop",
    "right_stop",
];

/// What a census values.
pub struct Census {
    /// The window.
    pub window: Board,
    /// Empty squares around it on each side.
    pub margin: u32,
    /// Piece counts (both colours) of the fillings kept.
    pub pieces: Option<PieceRange>,
}

/// Runs the census to standard output as CSV.
pub fn run(census: &Census, budget: u64, threads: Option<usize>, stop: &AtomicBool) -> Result<()> {
    let (w, h) = (
        u32::from(census.window.width()),
        u32::from(census.window.height()),
    );
    if w * h > MOST_SQUARES {
        bail!("--census {w}x{h}: at most {MOST_SQUARES} squares (3^{MOST_SQUARES} fillings)");
    }
    let board = Board::new(
        w.saturating_add(census.margin.saturating_mul(2)),
        h.saturating_add(census.margin.saturating_mul(2)),
    )
    .map_err(|e| {
        anyhow::anyhow!(
            "--census {w}x{h} with --margin {}: the board is too large ({e})",
            census.margin
        )
    })?;
    let symmetries = symmetries(w, h);
    let fillings = (0..3u64.pow(w * h)).filter_map(|code| {
        let cells = decode(code, w * h);
        let orbit = orbit(&cells, w, h, &symmetries)?;
        let pieces = cells.iter().filter(|&&c| c != 0).count() as u32;
        let kept = census.pieces.as_ref().is_none_or(|r| r.0.contains(&pieces));
        kept.then_some((cells, orbit))
    });
    let mut writer = csv::Writer::from_writer(io::stdout().lock());
    let header = POSITION_COLUMNS
        .iter()
        .chain(&VALUE_COLUMNS)
        .chain(&["error"]);
    writer.write_record(header)?;
    in_order(
        fillings,
        threads,
        |(cells, orbit)| row(cells, *orbit, w, census.margin, board, budget, stop),
        |row| {
            writer.write_record(&row)?;
            writer.flush()
        },
    )?;
    writer.flush()?;
    io::stdout().flush()?;
    Ok(())
}

/// The cells of filling `code`, row by row from the top: 0 empty, 1 Black, 2 White.
fn decode(mut code: u64, squares: u32) -> Vec<u8> {
    (0..squares)
        .map(|_| {
            let cell = (code % 3) as u8;
            code /= 3;
            cell
        })
        .collect()
}

/// The code of cells (the inverse of [`decode`]).
fn encode(cells: &[u8]) -> u64 {
    cells
        .iter()
        .rev()
        .fold(0, |code, &c| code * 3 + u64::from(c))
}

/// The symmetries of a WxH window, as maps from cell index to cell index: the identity,
/// the two mirrors and the half turn, and for a square window the quarter turns and
/// the diagonal mirrors too.
fn symmetries(w: u32, h: u32) -> Vec<Vec<usize>> {
    let at = |x: u32, y: u32| (y * w + x) as usize;
    let mut maps: Vec<Box<dyn Fn(u32, u32) -> usize>> = vec![
        Box::new(at),
        Box::new(move |x, y| at(w - 1 - x, y)),
        Box::new(move |x, y| at(x, h - 1 - y)),
        Box::new(move |x, y| at(w - 1 - x, h - 1 - y)),
    ];
    if w == h {
        maps.push(Box::new(move |x, y| at(y, x)));
        maps.push(Box::new(move |x, y| at(w - 1 - y, h - 1 - x)));
        maps.push(Box::new(move |x, y| at(y, h - 1 - x)));
        maps.push(Box::new(move |x, y| at(w - 1 - y, x)));
    }
    maps.iter()
        .map(|map| {
            (0..h)
                .flat_map(|y| (0..w).map(move |x| (x, y)))
                .map(|(x, y)| map(x, y))
                .collect()
        })
        .collect()
}

/// How many distinct fillings the symmetries make of `cells`, when `cells` has the
/// smallest code among them; `None` otherwise.
fn orbit(cells: &[u8], w: u32, h: u32, symmetries: &[Vec<usize>]) -> Option<u64> {
    let code = encode(cells);
    let mut images: Vec<u64> = symmetries
        .iter()
        .map(|map| {
            let mut image = vec![0u8; (w * h) as usize];
            for (from, &to) in map.iter().enumerate() {
                image[to] = cells[from];
            }
            encode(&image)
        })
        .collect();
    if images.iter().any(|&image| image < code) {
        return None;
    }
    images.sort_unstable();
    images.dedup();
    Some(images.len() as u64)
}

/// The CSV row of one filling; `None` when Ctrl-C stopped it.
fn row(
    cells: &[u8],
    orbit: u64,
    w: u32,
    margin: u32,
    board: Board,
    budget: u64,
    stop: &AtomicBool,
) -> Option<Vec<String>> {
    let window: Vec<String> = cells
        .chunks(w as usize)
        .map(|row| row.iter().map(|&c| [".", "b", "w"][c as usize]).collect())
        .collect();
    let count = |colour: u8| cells.iter().filter(|&&c| c == colour).count().to_string();
    let fen = fen(cells, w, margin, board);
    let mut row = vec![
        window.join("/"),
        orbit.to_string(),
        count(1),
        count(2),
        fen.clone(),
    ];
    let valued = Position::from_fen(&fen)
        .map_err(|e| Some(anyhow::anyhow!("bad FEN: {e}")))
        .and_then(|position| Valued::of(position, budget, stop));
    match valued {
        Ok(valued) => {
            let report = valued.json();
            let text = |key: &str| report[key].as_str().unwrap_or_default().to_string();
            row.push(report["regions"].as_array().map_or(0, Vec::len).to_string());
            for key in VALUE_COLUMNS {
                row.push(text(key));
            }
            row.push(String::new());
        }
        Err(None) => return None,
        Err(Some(error)) => {
            row.extend(std::iter::repeat_n(String::new(), VALUE_COLUMNS.len() + 1));
            row.push(format!("{error:#}"));
        }
    }
    Some(row)
}

/// The FEN of the board with the window's cells (rows from the top) in its middle,
/// Black to move.
fn fen(cells: &[u8], w: u32, margin: u32, board: Board) -> String {
    let (width, height) = (u32::from(board.width()), u32::from(board.height()));
    let h = cells.len() as u32 / w;
    let cell = |x: u32, y: u32| -> u8 {
        let (inside_x, inside_y) = (margin..margin + w, margin..margin + h);
        if inside_x.contains(&x) && inside_y.contains(&y) {
            cells[((y - margin) * w + (x - margin)) as usize]
        } else {
            0
        }
    };
    let ranks: Vec<String> = (0..height)
        .map(|y| {
            let mut text = String::new();
            let mut run = 0;
            for x in 0..width {
                match cell(x, y) {
                    0 => run += 1,
                    c => {
                        if run > 0 {
                            text.push_str(&run.to_string());
                            run = 0;
                        }
                        text.push(if c == 1 { 'b' } else { 'w' });
                    }
                }
            }
            if run > 0 {
                text.push_str(&run.to_string());
            }
            text
        })
        .collect();
    format!("{} b", ranks.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fillings_are_counted_up_to_symmetry() {
        // 2x2: 81 fillings; Burnside over the 8 symmetries of the square gives 21
        // classes, and the orbits add up to 81.
        let symmetries = symmetries(2, 2);
        let classes: Vec<u64> = (0..81)
            .filter_map(|code| orbit(&decode(code, 4), 2, 2, &symmetries))
            .collect();
        assert_eq!(classes.len(), 21);
        assert_eq!(classes.iter().sum::<u64>(), 81);
        // 3x1 (a rectangle: 4 symmetries, two of them the same map): 27 fillings,
        // 18 classes.
        let symmetries = super::symmetries(3, 1);
        let classes: Vec<u64> = (0..27)
            .filter_map(|code| orbit(&decode(code, 3), 3, 1, &symmetries))
            .collect();
        assert_eq!(classes.len(), 18);
        assert_eq!(classes.iter().sum::<u64>(), 27);
        assert_eq!(encode(&decode(1234, 8)), 1234);
    }

    #[test]
    fn the_window_sits_in_the_middle_of_the_board() {
        let board = Board::new(6, 5).unwrap();
        // Window 2x1 "bw" with margin 2.
        assert_eq!(fen(&[1, 2], 2, 2, board), "6/6/2bw2/6/6 b");
    }
}
