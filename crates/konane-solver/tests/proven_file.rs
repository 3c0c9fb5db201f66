//! A solve that keeps its proven positions in a file resumes from it: stopped part way,
//! then started again with the same file, it proves the same values with fewer nodes.

use konane_core::{Board, Position};
use konane_solver::{RootReport, RootThreads, Solver, SolverOptions};

fn solve(solver: &Solver, root: &Position, budget: u64) -> RootReport {
    solver.solve_root(root, &[], budget, RootThreads::Calling, |_, _| {})
}

#[test]
fn a_stopped_solve_resumes_from_its_file_of_proven_positions() {
    let board = Board::new(6, 5).unwrap();
    let root = Position::start(board);
    let path = std::env::temp_dir().join(format!("konane-resume-{}.proven", std::process::id()));
    let _ = std::fs::remove_file(&path);
    for options in [
        SolverOptions::default(),
        // A table too small for the proof, and proof numbers.
        SolverOptions {
            capacity: 1 << 10,
            pn_pieces: 20,
            ..SolverOptions::default()
        },
    ] {
        let plain = solve(&Solver::new(board, options), &root, u64::MAX);
        assert!(plain.complete && plain.nodes > 10_000, "{}", plain.nodes);

        let mut first = Solver::new(board, options);
        assert_eq!(first.keep_proven(&path, 12).unwrap().loaded, 0);
        let part = solve(&first, &root, plain.nodes / 2);
        assert!(!part.complete, "stopped half way");
        drop(first);

        let mut second = Solver::new(board, options);
        let kept = second.keep_proven(&path, 12).unwrap();
        assert!(kept.loaded > 0 && !kept.dropped_partial);
        let resumed = solve(&second, &root, u64::MAX);
        assert!(resumed.complete);
        assert_eq!(resumed.values, plain.values, "the same values");
        assert!(
            resumed.nodes < plain.nodes,
            "resumed {} nodes, from scratch {}",
            resumed.nodes,
            plain.nodes
        );
        std::fs::remove_file(&path).unwrap();
    }
}
