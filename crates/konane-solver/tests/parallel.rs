//! Threads sharing one proof-number search (jobs handed between them, the crate's
//! `search/par.rs`): every root value as the depth-first search on one thread gives
//! it, with tables small enough to overwrite all the time, and jobs really changing
//! hands. The checks run on a thread of their own with a time limit, so that a solve
//! that never ends fails the test instead of hanging it.

mod common;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::Duration;

use common::{late_positions, on_threads, pn_solver};
use konane_core::{Board, Position};

/// Solves `position` on pools of 2 and 3 threads with each setting and compares every
/// root value with the one-thread depth-first solve; returns the jobs handed over.
fn compare(position: &Position, pools: &[rayon::ThreadPool]) -> u64 {
    let plain = on_threads(1, || {
        pn_solver(position.board(), 0, 0, 1 << 16).solve_moves(position, |_, _| {})
    });
    assert!(plain.complete);
    let mut jobs = 0;
    for pool in pools {
        for (pn_pieces, pn_entries, capacity) in
            [(8, 1 << 12, 1 << 16), (10, 16, 64), (1, 1 << 10, 1 << 16)]
        {
            let solver = pn_solver(position.board(), pn_pieces, pn_entries, capacity);
            let report = pool.install(|| solver.solve_moves(position, |_, _| {}));
            assert!(report.complete, "{}", position.to_fen());
            assert_eq!(
                report.values,
                plain.values,
                "{} on {} threads, pn {pn_pieces}",
                position.to_fen(),
                pool.current_num_threads()
            );
            jobs += solver.jobs();
        }
    }
    jobs
}

fn checks() {
    let pools: Vec<rayon::ThreadPool> = [2, 3]
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .unwrap()
        })
        .collect();
    let mut jobs = 0;
    for (w, h) in [(5, 5), (6, 4), (4, 6), (6, 5)] {
        jobs += compare(&Position::start(Board::new(w, h).unwrap()), &pools);
    }
    let positions = late_positions(2512, &[(6, 6), (7, 5), (7, 7)], 4, 12, 24);
    let compared = positions.len();
    for position in positions.iter().filter(|p| p.legal_moves().len() >= 2) {
        jobs += compare(position, &pools);
    }
    assert!(compared > 30, "{compared}");
    assert!(jobs > 0, "no job changed hands");
}

#[test]
fn threads_sharing_proof_number_work_leave_every_value_unchanged() {
    let (done, finished) = mpsc::channel();
    let checker = std::thread::spawn(move || {
        checks();
        done.send(()).unwrap();
    });
    match finished.recv_timeout(Duration::from_secs(600)) {
        Ok(()) => {}
        Err(RecvTimeoutError::Timeout) => panic!("the parallel solves did not end in 10 minutes"),
        Err(RecvTimeoutError::Disconnected) => {
            std::panic::resume_unwind(checker.join().expect_err("the checks panicked"))
        }
    }
}
