//! Criterion benchmarks for move generation, move counting, make-move and perft.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use konane_core::{perft::perft, Board, Position};

/// A middlegame position reached by a fixed line from the 8x8 start.
fn middlegame() -> Position {
    let mut pos = Position::start(Board::STANDARD);
    pos.play_all(["d5", "d4", "f5d5", "d3d5", "b5d5"]).unwrap();
    pos
}

fn benches(c: &mut Criterion) {
    let pos = middlegame();
    c.bench_function("legal_moves", |b| {
        b.iter(|| black_box(&pos).legal_moves().len())
    });
    c.bench_function("count_moves", |b| b.iter(|| black_box(&pos).count_moves()));
    let moves = pos.legal_moves();
    c.bench_function("make_all_moves", |b| {
        b.iter(|| {
            moves
                .iter()
                .map(|&mv| black_box(&pos).after(mv).hash())
                .fold(0, |a, h| a ^ h)
        })
    });
    let start = Position::start(Board::STANDARD);
    c.bench_function("perft_8x8_depth_7", |b| {
        b.iter(|| perft(black_box(&start), 7))
    });
}

criterion_group!(movegen, benches);
criterion_main!(movegen);
