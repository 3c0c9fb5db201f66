//! Criterion benchmarks for move generation, move counting, make-move and perft.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use konane_core::{perft::perft, Board, Position};

/// A middlegame position of the 8x8 board (from a seeded random opening).
fn middlegame() -> Position {
    Position::from_fen("bwbwbwbw/w3wbwb/2b3bw/wb5b/b1bw3w/w1w5/bwbw1wbw/wbwbwbwb b").unwrap()
}

fn benches(c: &mut Criterion) {
    let pos = *middlegame().bits::<u64>().expect("8x8 is on u64");
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
