//! What labelling a position with every winning move costs, root move by root move, for
//! several `pn_pieces` settings (the measurement behind `konane perfect label`'s method):
//!
//! `labelcost PN[,PN…] TABLE_MPOS [--reuse] FEN…` solves each root move of each FEN on
//! one thread, the moves one after the other on one solver per FEN and setting (with
//! `--reuse`, one solver per setting for all the FENs), and prints each move's value,
//! nodes and thread CPU time.
//!
//! `labelcost gen WxH MIN-MAX GAMES [SEED]` prints the first position of each random game
//! (game g from seed + g) with at most MIN + g mod (MAX - MIN + 1) pieces, as the labeller
//! aims its games (without its checks of won, room and symmetry).

use konane_core::{random_opening, Board, Position};
use konane_solver::{RootThreads, Solver, SolverOptions};

/// This thread's CPU time in seconds (Linux).
fn cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

fn generate(args: &[String]) {
    let board: Board = args[0].parse().expect("WxH");
    let (low, high) = args[1].split_once('-').expect("MIN-MAX");
    let (low, high): (u32, u32) = (low.parse().unwrap(), high.parse().unwrap());
    let games: u64 = args[2].parse().unwrap();
    let seed: u64 = args.get(3).map_or(1, |s| s.parse().unwrap());
    for game in 0..games {
        let target = low + (game % u64::from(high - low + 1)) as u32;
        let mut position = Position::start(board);
        for mv in random_opening(board, board.area() as usize, seed + game) {
            position.play(mv);
            if position.piece_count() <= target {
                println!("{}", position.to_fen());
                break;
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args[0] == "gen" {
        return generate(&args[1..]);
    }
    let settings: Vec<u32> = args[0].split(',').map(|s| s.parse().unwrap()).collect();
    let mpos: usize = args[1].parse().unwrap();
    let reuse = args.iter().any(|a| a == "--reuse");
    let fens: Vec<&String> = args[2..].iter().filter(|a| *a != "--reuse").collect();
    let board = Position::from_fen(fens[0]).unwrap().board();
    for &pn_pieces in &settings {
        let options = SolverOptions {
            capacity: mpos << 20,
            pn_pieces,
            ..SolverOptions::default()
        };
        let made = cpu();
        let mut solver = Solver::new(board, options);
        println!("pn {pn_pieces}: Solver::new {:.2} s CPU", cpu() - made);
        let (mut all_nodes, mut all_cpu) = (0, 0.0);
        for fen in &fens {
            let position = Position::from_fen(fen).unwrap();
            if !reuse {
                let made = cpu();
                drop(solver);
                solver = Solver::new(board, options);
                all_cpu += cpu() - made;
            }
            let (mut nodes, mut time, mut wins) = (0, 0.0, 0);
            let mut line = String::new();
            for mv in position.legal_moves() {
                let start = cpu();
                let report =
                    solver.solve_root(&position, &[mv], u64::MAX, RootThreads::Calling, |_, _| {});
                let spent = cpu() - start;
                let win = report.values[0].wins;
                wins += usize::from(win);
                nodes += report.nodes;
                time += spent;
                line += &format!(
                    " {mv}:{}{:.1}M/{spent:.1}s",
                    if win { "W" } else { "L" },
                    report.nodes as f64 / 1e6
                );
            }
            all_nodes += nodes;
            all_cpu += time;
            println!(
                "pn {pn_pieces} {} pcs {wins}/{} win: {:.1} M nodes {time:.1} s CPU (table {} k) |{line}",
                position.piece_count(),
                position.legal_moves().len(),
                nodes as f64 / 1e6,
                solver.table_len() / 1000
            );
        }
        println!(
            "pn {pn_pieces} total: {:.1} M nodes, {all_cpu:.1} s CPU",
            all_nodes as f64 / 1e6
        );
    }
}
