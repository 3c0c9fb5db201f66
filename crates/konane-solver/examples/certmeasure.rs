use konane_core::{Board, Position};
use konane_solver::{certify, Solver, SolverOptions};
use std::time::Instant;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let board: Board = args[1].parse().unwrap();
    let leaves: Vec<u32> = args[2].split(',').map(|s| s.parse().unwrap()).collect();
    let root = Position::start(board);
    let solver = Solver::new(
        board,
        SolverOptions {
            capacity: 1 << 26,
            ..Default::default()
        },
    );
    let t = Instant::now();
    let report = solver.solve_moves(&root, |_, _| {});
    let winner = report.winner().unwrap();
    println!(
        "{board}: {winner} wins, solve {:.2}s nodes {}",
        t.elapsed().as_secs_f64(),
        report.nodes
    );
    for k in leaves {
        let t = Instant::now();
        let cert = certify::<u64, _>(&solver, &root, &report, k, |_| {}).unwrap();
        let tc = t.elapsed().as_secs_f64();
        let mut file = Vec::new();
        cert.write(&mut file).unwrap();
        std::fs::write(format!("/tmp/lk/{board}_{k}.cert"), &file).unwrap();
        let t = Instant::now();
        let read = konane_verify::Certificate::<u64>::read(&file[..]).unwrap();
        let tr = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let summary = match konane_verify::verify(&read) {
            Ok(s) => s,
            Err(e) => {
                println!("{e}");
                let mut p = root;
                for mv in &e.line {
                    p.play(*mv);
                    println!(
                        "{mv} -> {p} canon {:?}",
                        konane_verify::Canonical::new(board).of::<u64>(&p)
                    );
                }
                return;
            }
        };
        let tv = t.elapsed().as_secs_f64();
        println!("K={k}: won {} lost {} bytes {} ({:.2} B/rec) certify {tc:.2}s read {tr:.2}s verify {tv:.2}s leaves {} leafnodes {}",
            summary.won, summary.lost, file.len(), file.len() as f64 / (summary.won + summary.lost).max(1) as f64, summary.leaves, summary.leaf_nodes);
        println!("   hardest leaf {}", summary.hardest_leaf);
    }
}
#[allow(dead_code)]
fn debug() {}
