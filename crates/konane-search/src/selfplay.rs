//! In-process games between agents, and seeded random openings to vary them.

use konane_core::{Board, Color, Move, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::players::Agent;

/// A finished game: where it started, the moves played and who won.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Game {
    pub start: Position,
    pub moves: Vec<Move>,
    pub winner: Color,
}

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

/// Plays `start` to the end, `agents[0]` for Black and `agents[1]` for White.
pub fn play_game(start: &Position, agents: [&mut dyn Agent; 2]) -> Game {
    let mut position = *start;
    let mut moves = Vec::new();
    let [black, white] = agents;
    black.new_game();
    white.new_game();
    while !position.is_game_over() {
        let agent = match position.side_to_move() {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let mv = agent.choose(&position);
        assert!(
            position.is_legal(mv),
            "{} played the illegal move {mv}",
            agent.name()
        );
        position.play(mv);
        moves.push(mv);
    }
    Game {
        start: *start,
        moves,
        winner: !position.side_to_move(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::players::{BuiltinKind, BuiltinPlayer};

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

    #[test]
    fn greedy_beats_random_and_games_end_legally() {
        let board: Board = "6x6".parse().unwrap();
        let mut greedy_wins = 0;
        for seed in 0..20 {
            let mut greedy = BuiltinPlayer::new(BuiltinKind::Greedy, seed);
            let mut random = BuiltinPlayer::new(BuiltinKind::Random, seed + 100);
            let mut start = Position::start(board);
            for mv in random_opening(board, 2, seed) {
                start.play(mv);
            }
            let greedy_colour = if seed % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let game = if greedy_colour == Color::Black {
                play_game(&start, [&mut greedy, &mut random])
            } else {
                play_game(&start, [&mut random, &mut greedy])
            };
            let mut end = game.start;
            for &mv in &game.moves {
                assert!(end.is_legal(mv));
                end.play(mv);
            }
            assert!(end.is_game_over());
            assert_eq!(game.winner, !end.side_to_move());
            greedy_wins += (game.winner == greedy_colour) as u32;
        }
        assert!(greedy_wins >= 14, "greedy won only {greedy_wins} of 20");
    }
}
