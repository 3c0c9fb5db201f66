//! Criterion benchmarks of sums: a fresh table each time (so nothing is memoised
//! between runs), adding switches, ups and nimbers into one hot, infinitesimal-laden
//! value, and the sum of many copies of a small game.

use criterion::{criterion_group, criterion_main, Criterion};
use konane_cgt::Games;

fn benches(c: &mut Criterion) {
    let texts = [
        "{1|-1}",
        "{0|*}",
        "*2",
        "{2|1}",
        "{0,*|0}",
        "{3/2|-1/2}",
        "{1|{0|-2}}",
    ];
    c.bench_function("sum of seven small values", |b| {
        b.iter(|| {
            let mut games = Games::new();
            let values: Vec<_> = texts.iter().map(|t| games.parse(t).unwrap()).collect();
            games.sum(&values).unwrap()
        })
    });
    c.bench_function("sum of eight {1|{0|-1}}", |b| {
        b.iter(|| {
            let mut games = Games::new();
            let g = games.parse("{1|{0|-1}}").unwrap();
            games.sum(&[g; 8]).unwrap()
        })
    });
    c.bench_function("memoised sum of seven small values", |b| {
        let mut games = Games::new();
        let values: Vec<_> = texts.iter().map(|t| games.parse(t).unwrap()).collect();
        b.iter(|| games.sum(&values).unwrap())
    });
}

criterion_group!(sums, benches);
criterion_main!(sums);
