//! Times the region value database on positions from random play:
//! `cargo run --profile test -p konane-solver --example regionmeasure -- [count] [budget]`.
//! Prints how many positions were valued within the budget of new regions, how many of
//! them split into regions, the time, and what the database holds.

use std::time::Instant;

use konane_core::{Board, Phase, Position};
use konane_solver::regions::{regions, RegionValues};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u64>().expect("a number"));
    let count = args.next().unwrap_or(600) as usize;
    let budget = args.next().unwrap_or(20_000);
    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    let sizes = [(4, 4), (5, 5), (6, 5), (6, 6), (7, 4)];
    let mut positions = Vec::new();
    while positions.len() < count {
        let &(w, h) = sizes.choose(&mut rng).unwrap();
        let mut position = Position::start(Board::new(w, h).unwrap());
        for _ in 0..rng.gen_range(2..40) {
            let Some(&mv) = position.legal_moves().choose(&mut rng) else {
                break;
            };
            position.play(mv);
        }
        if position.phase() == Phase::Jumps {
            positions.push(position);
        }
    }
    let mut db = RegionValues::new(1 << 24);
    let (mut valued, mut split) = (0, 0);
    let start = Instant::now();
    for position in &positions {
        if db.value(position, budget).is_ok() {
            valued += 1;
            split += usize::from(regions(position).len() > 1);
        }
    }
    println!(
        "{valued} of {count} positions valued within {budget} new regions each ({split} split) in {:.2} s; database: {} regions, {} entries",
        start.elapsed().as_secs_f64(),
        db.len(),
        db.entries()
    );
}
