//! Solves a board's start (or a position after moves) with given region settings and
//! prints the nodes and the time: `solvestats WxH REGION_PIECES VALUE_PIECES [MOVES...]`.

use std::time::Instant;

use konane_core::{Board, Position};
use konane_solver::{Solver, SolverOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: Board = args[1].parse().expect("a board WxH");
    let region_pieces: u32 = args[2].parse().expect("region pieces");
    let value_pieces: u32 = args[3].parse().expect("value pieces");
    let mut root = Position::start(board);
    root.play_all(args[4..].iter().map(String::as_str))
        .expect("legal moves");
    let solver = Solver::new(
        board,
        SolverOptions {
            capacity: 1 << 25,
            region_pieces,
            value_pieces,
            ..Default::default()
        },
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let t = Instant::now();
    let report = pool.install(|| solver.solve_moves(&root, |_, _| {}));
    println!(
        "{board} regions<={region_pieces} values<={value_pieces}: {:?} wins, {} nodes, {:.2} s",
        report.winner(),
        report.nodes,
        t.elapsed().as_secs_f64()
    );
}
