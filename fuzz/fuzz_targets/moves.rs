//! Fuzz target: move parsing never panics on any board, and a move accepted as legal
//! is in the legal move list and can be played.
#![no_main]

use konane_core::{Board, Move, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let board = Board::new(u32::from(selector % 8) + 1, u32::from(selector / 8 % 8) + 1).unwrap();
    let _ = Move::parse(board, &text);
    let mut position = Position::start(board);
    // Walk a few plies along the first legal moves so that every phase is reached.
    for _ in 0..(selector / 64) {
        if let Some(&mv) = position.legal_moves().first() {
            position.play(mv);
        }
    }
    match position.parse_move(&text) {
        Ok(mv) => {
            assert!(position.legal_moves().contains(&mv));
            let next = position.after(mv);
            assert_eq!(next.hash(), next.hash_from_scratch());
            assert_eq!(Move::parse(board, &mv.to_string()), Ok(mv));
        }
        Err(err) => assert!(err.to_string().len() < 4096),
    }
});
