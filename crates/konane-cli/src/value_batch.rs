//! `konane value --batch FILE`: one FEN a line in, one JSON line out each, in input
//! order, valued on several threads. Each position is valued in a table of its own
//! with the `--budget` of new regions (so whether it fits does not depend on which
//! positions a thread valued before); a line that is not a position past the opening
//! removals, or one over the budget, gets a JSON line with its error and the batch goes
//! on. Ctrl-C stops it after printing the lines finished in order.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use konane_core::Position;
use konane_solver::regions::{PositionValue, RegionValues, Thermography, ValueError};
use rayon::prelude::*;
use serde_json::{json, Value as Json};

use crate::value_report::{check_jumping, json_report, refusal, CAPACITY};

/// Items read, valued and printed at a time, per thread.
const ITEMS_PER_THREAD: usize = 8;
/// The worker threads' stack: values recurse as deep as their birthdays.
const STACK: usize = 64 << 20;

/// Runs the batch: FILE (or `-`, standard input) to standard output.
pub fn run(file: &Path, budget: u64, threads: Option<usize>, stop: &AtomicBool) -> Result<()> {
    let input: Box<dyn BufRead> = if file == Path::new("-") {
        Box::new(io::stdin().lock())
    } else {
        let opened =
            File::open(file).with_context(|| format!("--batch: cannot open {}", file.display()))?;
        Box::new(BufReader::new(opened))
    };
    let mut out = io::stdout().lock();
    in_order(
        numbered_lines(input),
        threads,
        |(number, line)| valued_line(*number, line, budget, stop),
        |json| {
            writeln!(out, "{json}")?;
            out.flush()
        },
    )
}

/// Runs `work` on every item on `threads` threads (default, or 0: all cores), a chunk
/// at a time, and gives the results to `emit` in the order of the items; `work`'s
/// `None` (Ctrl-C) stops it after the results before.
pub(crate) fn in_order<T: Sync, R: Send>(
    mut items: impl Iterator<Item = T>,
    threads: Option<usize>,
    work: impl Fn(&T) -> Option<R> + Sync,
    mut emit: impl FnMut(R) -> io::Result<()>,
) -> Result<()> {
    let threads = threads
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(STACK)
        .build()
        .context("cannot start the worker threads")?;
    let mut done = 0usize;
    loop {
        let chunk: Vec<T> = items.by_ref().take(threads * ITEMS_PER_THREAD).collect();
        if chunk.is_empty() {
            return Ok(());
        }
        let results: Vec<Option<R>> = pool.install(|| chunk.par_iter().map(&work).collect());
        for result in results {
            let Some(result) = result else {
                bail!("stopped (Ctrl-C) after {done} results");
            };
            emit(result).context("cannot write the results")?;
            done += 1;
        }
    }
}

/// The lines of the input that are not blank, numbered from 1, each its text or why it
/// cannot be read (not UTF-8, or a read error, which ends the input).
fn numbered_lines(
    mut input: Box<dyn BufRead>,
) -> impl Iterator<Item = (usize, Result<String, String>)> {
    let mut number = 0;
    let mut ended = false;
    std::iter::from_fn(move || loop {
        if ended {
            return None;
        }
        let mut bytes = Vec::new();
        number += 1;
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                ended = true;
                return Some((number, Err(format!("cannot read the line: {e}"))));
            }
        }
        let text = match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => return Some((number, Err("the line is not UTF-8 text".to_string()))),
        };
        let text = text.trim();
        if !text.is_empty() {
            return Some((number, Ok(text.to_string())));
        }
    })
}

/// The JSON line of one input line: its report with `line` and `time` (seconds), or
/// `{"line", "fen", "error"}`; `None` when Ctrl-C stopped it.
fn valued_line(
    number: usize,
    line: &Result<String, String>,
    budget: u64,
    stop: &AtomicBool,
) -> Option<Json> {
    let text = match line {
        Ok(text) => text,
        Err(error) => return Some(json!({ "line": number, "error": error })),
    };
    let started = Instant::now();
    let valued = Position::from_fen(text)
        .context("bad FEN")
        .map_err(Some)
        .and_then(|position| Valued::of(position, budget, stop));
    match valued {
        Ok(valued) => {
            let mut report = valued.json();
            report["line"] = json!(number);
            report["time"] = json!(started.elapsed().as_secs_f64());
            Some(report)
        }
        Err(None) => None,
        Err(Some(error)) => Some(json!({
            "line": number,
            "fen": text,
            "error": format!("{error:#}"),
        })),
    }
}

/// A position valued in a table of its own, with its thermography.
pub(crate) struct Valued {
    pub(crate) position: Position,
    pub(crate) db: RegionValues,
    pub(crate) value: PositionValue,
    pub(crate) thermal: Thermography,
}

impl Valued {
    /// `position` valued with `budget` new regions; `Err(None)` when Ctrl-C stopped it.
    pub(crate) fn of(
        position: Position,
        budget: u64,
        stop: &AtomicBool,
    ) -> Result<Valued, Option<anyhow::Error>> {
        check_jumping(&position).map_err(Some)?;
        let mut db = RegionValues::new(CAPACITY);
        let value = match db.position_value(&position, budget, &|| stop.load(Ordering::Relaxed)) {
            Ok(value) => value,
            Err(ValueError::Stopped) => return Err(None),
            Err(e) => return Err(Some(refusal(e))),
        };
        let thermal = value
            .thermography(db.games())
            .context("cannot find the thermograph")
            .map_err(Some)?;
        Ok(Valued {
            position,
            db,
            value,
            thermal,
        })
    }

    /// The report as `konane value --json` prints it.
    pub(crate) fn json(&self) -> Json {
        json_report(
            &self.position,
            &self.value,
            &self.thermal,
            self.db.games_ref(),
        )
    }
}
