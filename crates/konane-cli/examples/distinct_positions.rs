//! How many distinct positions of each piece count the games of `konane perfect label`
//! can reach: every position from the start (both removals, then every jump) down to
//! MIN pieces, one per class of colour-preserving symmetry (the labeller's key,
//! [`Position::canonical_fen`]). A count with fewer won positions than its share cannot
//! be filled, and the labeller passes the rest of its share on.
//!
//! `cargo run --release -p konane-cli --example distinct_positions -- 7x7 42`

use std::collections::{BTreeMap, HashSet};

use konane_core::{Board, Position};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(board), Some(min)) = (
        args.get(1).and_then(|a| a.parse::<Board>().ok()),
        args.get(2).and_then(|a| a.parse::<u32>().ok()),
    ) else {
        eprintln!("usage: distinct_positions WxH MIN-PIECES");
        std::process::exit(2);
    };
    let mut seen = HashSet::new();
    let mut by_pieces: BTreeMap<u32, usize> = BTreeMap::new();
    let mut layer = vec![Position::start(board)];
    while !layer.is_empty() {
        let mut next = Vec::new();
        for position in &layer {
            for mv in position.legal_moves() {
                let mut child = *position;
                child.play(mv);
                if child.piece_count() >= min && seen.insert(child.canonical_fen()) {
                    *by_pieces.entry(child.piece_count()).or_default() += 1;
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    for (pieces, positions) in by_pieces.iter().rev() {
        println!("{pieces} pieces: {positions} distinct positions");
    }
}
