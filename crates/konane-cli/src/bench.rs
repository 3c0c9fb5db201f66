//! The bench's text (the `bench` command and `konane bench`): one line per position,
//! then the total `<N> nodes <M> nps`, whose node count is a signature of the search.

use std::sync::mpsc::channel;

use anyhow::Result;
use clap::Args;
use konane_engine::{BenchLine, BenchReport, Engine};

/// Arguments of `konane bench` (none: the bench is fixed so its node count is a signature).
#[derive(Args, Debug)]
#[command(after_help = "Example:\n  konane bench")]
pub struct BenchArgs {}

/// The line of one bench position.
pub fn line_text(line: &BenchLine) -> String {
    format!(
        "position {}/{} depth {} nodes {} time {} ms fen {}",
        line.number,
        line.of,
        line.depth,
        line.nodes,
        line.elapsed.as_millis(),
        line.fen
    )
}

/// The last line: the total node count and the speed.
pub fn total_text(report: &BenchReport) -> String {
    format!("{} nodes {} nps", report.nodes, report.nps())
}

/// Runs `konane bench` on an engine of its own (the bench fixes its own settings).
pub fn run() -> Result<()> {
    let mut engine = Engine::default();
    let (sender, reports) = channel();
    engine.bench(
        |line| println!("{}", line_text(line)),
        move |report| {
            // The receiver waits below.
            let _ = sender.send(report);
        },
    )?;
    engine.wait();
    if let Ok(Some(report)) = reports.recv() {
        println!("{}", total_text(&report));
    }
    Ok(())
}
