//! Random openings: both removals and a few jumps chosen from a seed, for varied
//! starting positions in matches, self-play and tests.

use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::{Board, Move, Position};

/// Both removals and then `jumps` jumps, all chosen at random from `seed`, on `board`.
/// Stops early rather than end the game: the returned line never leaves the side to
/// move without a move.
pub fn random_opening(board: Board, jumps: usize, seed: u64) -> Vec<Move> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Position::start(board);
    let mut line = Vec::new();
    while line.len() < jumps + 2 {
        let candidates: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| !position.after(mv).is_game_over())
            .collect();
        let Some(&mv) = candidates.choose(&mut rng) else {
            break;
        };
        position.play(mv);
        line.push(mv);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_openings_are_legal_seeded_and_varied() {
        let board = Board::STANDARD;
        let a = random_opening(board, 6, 11);
        assert_eq!(a, random_opening(board, 6, 11));
        assert_ne!(a, random_opening(board, 6, 12));
        assert_eq!(a.len(), 8);
        let mut position = Position::start(board);
        let texts: Vec<String> = a.iter().map(Move::to_string).collect();
        position.play_all(texts.iter().map(String::as_str)).unwrap();
        assert!(!position.is_game_over());
    }
}
