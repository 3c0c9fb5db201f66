//! The bench (the `bench` command and `konane bench`): a fixed search over built-in
//! positions, one line per position, then the total `<N> nodes <M> nps`.

use clap::Args;
use konane_search::bench;

/// Arguments of `konane bench` (none: the bench is fixed so its node count is a signature).
#[derive(Args, Debug)]
#[command(after_help = "Example:\n  konane bench")]
pub struct BenchArgs {}

/// Runs the bench, giving each output line to `emit`.
pub fn run(emit: &mut dyn FnMut(&str)) {
    let count = bench::BENCH_FENS.len();
    let mut index = 0;
    let report = bench::run(&mut |line| {
        index += 1;
        emit(&format!(
            "position {index}/{count} depth {} nodes {} time {} ms fen {}",
            bench::BENCH_DEPTH,
            line.nodes,
            line.elapsed.as_millis(),
            line.fen
        ));
    });
    emit(&format!("{} nodes {} nps", report.nodes, report.nps()));
}
