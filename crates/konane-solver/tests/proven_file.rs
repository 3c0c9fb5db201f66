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

/// A file whose records are keyed otherwise than the table keys them today (here each
/// position written as its reflection with the colours exchanged, as a file written
/// before the keys took in such symmetries has some) still resumes the solve: every
/// record is keyed again on loading.
#[test]
fn records_under_other_keys_are_keyed_again() {
    use konane_core::{Bitboard, Geometry, Symmetry};

    let board = Board::new(6, 5).unwrap();
    let root = Position::start(board);
    let path = std::env::temp_dir().join(format!("konane-rekey-{}.proven", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let options = SolverOptions::default();
    let plain = solve(&Solver::new(board, options), &root, u64::MAX);
    let mut first = Solver::new(board, options);
    first.keep_proven(&path, 12).unwrap();
    solve(&first, &root, plain.nodes / 2);
    drop(first);

    // Each record (black, white: 8 bytes each; flags: bit 0 White to move) rewritten
    // as its image under a reflection that exchanges the colours.
    let swap = Symmetry::colour_swapping(board)[0];
    let geometry = Geometry::<u64>::of(board);
    let bytes = std::fs::read(&path).unwrap();
    let header = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut rewritten = bytes[..header].to_vec();
    let records = bytes[header..].chunks_exact(17);
    assert!(records.len() > 100, "{} records", records.len());
    for record in records {
        let word = |at: usize| u64::from_le_bytes(record[at..at + 8].try_into().unwrap());
        let image = |bits| swap.bitboard(geometry, Bitboard(bits)).0;
        rewritten.extend_from_slice(&image(word(8)).to_le_bytes());
        rewritten.extend_from_slice(&image(word(0)).to_le_bytes());
        rewritten.push(record[16] ^ 1);
    }
    std::fs::write(&path, rewritten).unwrap();

    let mut second = Solver::new(board, options);
    assert!(second.keep_proven(&path, 12).unwrap().loaded > 100);
    let resumed = solve(&second, &root, u64::MAX);
    assert_eq!(resumed.values, plain.values, "the same values");
    // Not keyed again, the records would save nothing (236,879 nodes against 236,877
    // from scratch); keyed again, they save about half (126,553).
    assert!(
        resumed.nodes < plain.nodes * 3 / 4,
        "resumed {} nodes, from scratch {}",
        resumed.nodes,
        plain.nodes
    );
    std::fs::remove_file(&path).unwrap();
}
