//! Criterion benchmarks of whole solves on one thread: small start positions, with a
//! fresh solver each time, on both kinds of proof table.

use criterion::{criterion_group, criterion_main, Criterion};
use konane_core::{Board, Position};
use konane_solver::{Solver, SolverOptions, TableKind};

fn benches(c: &mut Criterion) {
    for (w, h) in [(5, 5), (5, 4), (6, 4)] {
        let position = Position::start(Board::new(w, h).unwrap());
        for table in [TableKind::Packed, TableKind::DashMap] {
            let options = SolverOptions {
                table,
                capacity: 1 << 16,
                split_plies: 0,
                ..SolverOptions::default()
            };
            c.bench_function(&format!("solve {w}x{h} {table:?}"), |b| {
                b.iter(|| {
                    let solver = Solver::new(position.board(), options);
                    solver.solve_limited(&position, u64::MAX).unwrap()
                })
            });
        }
    }
}

criterion_group!(solve, benches);
criterion_main!(solve);
