//! What the certificate's leaf limit costs (the measurement behind docs/solver.md, "The
//! leaf limit, measured"): `certmeasure WxH K[,K…] [DIR]` solves the board's start once,
//! certifies the verdict at each leaf limit K and checks the certificate, printing its
//! records, bytes, leaves, the leaf positions the checker searched, the hardest leaf and
//! the times. With DIR, each certificate is also written to `DIR/WxH-K.cert` (for timing
//! `konane verify` on it).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use konane_core::{Board, Position};
use konane_solver::{certify, Solver, SolverOptions};
use konane_verify::Certificate;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(board), Some(limits)) = (args.first(), args.get(1)) else {
        eprintln!("usage: certmeasure WxH K[,K…] [DIR]");
        return ExitCode::FAILURE;
    };
    let board: Board = match board.parse() {
        Ok(board) => board,
        Err(e) => {
            eprintln!("board {board:?}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Ok(limits) = limits
        .split(',')
        .map(str::parse)
        .collect::<Result<Vec<u32>, _>>()
    else {
        eprintln!("leaf limits {limits:?}: give numbers separated by commas");
        return ExitCode::FAILURE;
    };
    let dir = args.get(2).map(PathBuf::from);

    let root = Position::start(board);
    let solver = Solver::new(
        board,
        SolverOptions {
            capacity: 1 << 26,
            ..Default::default()
        },
    );
    let started = Instant::now();
    let report = solver.solve_moves(&root, |_, _| {});
    let Some(winner) = report.winner() else {
        eprintln!("the solve stopped before a verdict");
        return ExitCode::FAILURE;
    };
    println!(
        "{board}: {winner} wins; solve {:.2} s, {} nodes",
        started.elapsed().as_secs_f64(),
        report.nodes
    );
    for limit in limits {
        let started = Instant::now();
        let certificate = match certify::<u64, _>(&solver, &root, &report, limit, |_| {}) {
            Ok(certificate) => certificate,
            Err(e) => {
                eprintln!("leaf limit {limit}: {e}");
                return ExitCode::FAILURE;
            }
        };
        let certify_s = started.elapsed().as_secs_f64();
        let mut bytes = Vec::new();
        certificate
            .write(&mut bytes)
            .expect("writing to memory cannot fail");
        if let Some(dir) = &dir {
            let path = dir.join(format!("{board}-{limit}.cert"));
            if let Err(e) = std::fs::write(&path, &bytes) {
                eprintln!("cannot write {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        let started = Instant::now();
        let read = Certificate::<u64>::read(&bytes[..]).expect("the certificate just written");
        let read_s = started.elapsed().as_secs_f64();
        let started = Instant::now();
        let summary = match konane_verify::verify(&read) {
            Ok(summary) => summary,
            Err(e) => {
                eprintln!("leaf limit {limit}: the certificate fails its check: {e}");
                return ExitCode::FAILURE;
            }
        };
        println!(
            "leaf limit {limit}: {} won + {} lost records, {} bytes ({:.2} a record), \
             {} leaves, {} leaf positions searched, hardest leaf {}; \
             certify {certify_s:.2} s, read {read_s:.2} s, check {:.2} s",
            summary.won,
            summary.lost,
            bytes.len(),
            bytes.len() as f64 / (summary.won + summary.lost).max(1) as f64,
            summary.leaves,
            summary.leaf_nodes,
            summary.hardest_leaf,
            started.elapsed().as_secs_f64()
        );
    }
    ExitCode::SUCCESS
}
