//! In-process games between agents, and seeded random openings to vary them.

use konane_core::{Board, Color, Move, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

use crate::players::Agent;

/// Builds a fresh player for one game, from a seed for its random choices.
pub type AgentFactory<'a> = &'a (dyn Fn(u64) -> Box<dyn Agent> + Sync);

/// A match result from the first player's view.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct MatchScore {
    pub wins: u32,
    pub losses: u32,
}

impl MatchScore {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses
    }

    /// The first player's Elo difference implied by the score (there are no draws);
    /// infinite for a clean sweep.
    pub fn elo(&self) -> f64 {
        let p = self.wins as f64 / self.games().max(1) as f64;
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

/// Plays `pairs` pairs of games between players built by `first` and `second`: each
/// pair starts from one seeded random opening (both removals and `opening_jumps`
/// jumps) on `board`, once with each colour; `parallel` games run at a time.
pub fn play_pairs(
    first: AgentFactory,
    second: AgentFactory,
    board: Board,
    opening_jumps: usize,
    pairs: u32,
    seed: u64,
    parallel: usize,
) -> MatchScore {
    let play_pair = |pair: u32| {
        let mut start = Position::start(board);
        for mv in random_opening(board, opening_jumps, seed.wrapping_add(pair as u64)) {
            start.play(mv);
        }
        let mut score = MatchScore::default();
        for first_is_black in [true, false] {
            let game_seed = seed ^ ((pair as u64) << 1 | first_is_black as u64) << 16;
            let (mut a, mut b) = (first(game_seed), second(game_seed + 1));
            let game = if first_is_black {
                play_game(&start, [a.as_mut(), b.as_mut()])
            } else {
                play_game(&start, [b.as_mut(), a.as_mut()])
            };
            if (game.winner == Color::Black) == first_is_black {
                score.wins += 1;
            } else {
                score.losses += 1;
            }
        }
        score
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(parallel.max(1))
        .build()
        .expect("a thread pool for the games");
    pool.install(|| {
        use rayon::prelude::*;
        (0..pairs)
            .into_par_iter()
            .map(play_pair)
            .reduce(MatchScore::default, |a, b| MatchScore {
                wins: a.wins + b.wins,
                losses: a.losses + b.losses,
            })
    })
}

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
    fn pairs_swap_colours_and_count_every_game() {
        let board: Board = "5x5".parse().unwrap();
        let greedy =
            |seed| Box::new(BuiltinPlayer::new(BuiltinKind::Greedy, seed)) as Box<dyn Agent>;
        let random =
            |seed| Box::new(BuiltinPlayer::new(BuiltinKind::Random, seed)) as Box<dyn Agent>;
        let score = play_pairs(&greedy, &random, board, 2, 10, 7, 2);
        assert_eq!(score.games(), 20);
        assert!(score.wins > score.losses, "{score:?}");
        // Seeded: the same match gives the same score, whatever the parallelism.
        assert_eq!(play_pairs(&greedy, &random, board, 2, 10, 7, 1), score);
        assert_eq!(MatchScore { wins: 3, losses: 1 }.elo().round(), 191.0);
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
