//! Fuzz target: FEN parsing never panics, and what parses prints back to a FEN that
//! parses to the same position.
#![no_main]

use konane_core::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(position) = Position::from_fen(&text) {
        let fen = position.to_fen();
        assert_eq!(Position::from_fen(&fen), Ok(position), "{fen}");
        assert_eq!(position.hash(), position.hash_from_scratch());
        let _ = position.legal_moves();
    } else if let Err(err) = Position::from_fen(&text) {
        assert!(!err.to_string().is_empty());
    }
});
