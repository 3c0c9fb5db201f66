//! Built-in baseline players (random, 1-ply greedy mobility, plain fixed-depth
//! alpha-beta on mobility) and the `Agent` trait every in-process player implements
//! (the engine's own player is the engine layer's `EnginePlayer`).

use std::fmt;
use std::str::FromStr;

use konane_core::{Move, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// Something that picks a move in a position: a built-in player or the engine.
pub trait Agent: Send {
    /// A short name for reports.
    fn name(&self) -> String;
    /// Called before each game.
    fn new_game(&mut self) {}
    /// A legal move of `position`, which is not over.
    fn choose(&mut self, position: &Position) -> Move;
}

/// The simple players engine changes are measured against.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum BuiltinKind {
    /// A uniformly random legal move.
    Random,
    /// The move after which the mover's mobility minus the opponent's is largest.
    Greedy,
    /// Plain alpha-beta to a fixed depth with the same mobility evaluation.
    AlphaBeta(u32),
}

impl fmt::Display for BuiltinKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuiltinKind::Random => f.write_str("random"),
            BuiltinKind::Greedy => f.write_str("greedy"),
            BuiltinKind::AlphaBeta(depth) => write!(f, "alphabeta{depth}"),
        }
    }
}

/// Why a built-in player's name was refused: the text, which names no built-in player.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct BuiltinKindError(pub String);

impl fmt::Display for BuiltinKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown player '{}': expected random, greedy, alphabeta or alphabetaN (N from 1 to 20)",
            self.0
        )
    }
}

impl std::error::Error for BuiltinKindError {}

impl FromStr for BuiltinKind {
    type Err = BuiltinKindError;

    /// `random`, `greedy`, `alphabeta` (depth 3) or `alphabetaN` (depth N, 1 to 20).
    fn from_str(text: &str) -> Result<Self, BuiltinKindError> {
        let lower = text.trim().to_ascii_lowercase();
        match lower.as_str() {
            "random" => Ok(BuiltinKind::Random),
            "greedy" => Ok(BuiltinKind::Greedy),
            "alphabeta" => Ok(BuiltinKind::AlphaBeta(3)),
            _ => lower
                .strip_prefix("alphabeta")
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|d| (1..=20).contains(d))
                .map(BuiltinKind::AlphaBeta)
                .ok_or_else(|| BuiltinKindError(text.to_string())),
        }
    }
}

/// A built-in player with its own seeded random generator (ties are broken at random).
pub struct BuiltinPlayer {
    kind: BuiltinKind,
    rng: StdRng,
}

impl BuiltinPlayer {
    /// A player of `kind` whose random choices follow `seed`.
    pub fn new(kind: BuiltinKind, seed: u64) -> BuiltinPlayer {
        BuiltinPlayer {
            kind,
            rng: StdRng::seed_from_u64(seed),
        }
    }
}

/// Mobility from the side to move's view; a side with no move has lost.
fn mobility(position: &Position) -> i32 {
    let ours = position.count_moves() as i32;
    if ours == 0 {
        return -10_000;
    }
    ours - position.count_jumps_for(!position.side_to_move()) as i32
}

/// Plain fail-hard alpha-beta negamax on [`mobility`], no table, no ordering.
fn alpha_beta(position: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 || position.is_game_over() {
        return mobility(position);
    }
    for &mv in position.legal_moves().iter() {
        let score = -alpha_beta(&position.after(mv), depth - 1, -beta, -alpha);
        if score >= beta {
            return beta;
        }
        alpha = alpha.max(score);
    }
    alpha
}

impl Agent for BuiltinPlayer {
    fn name(&self) -> String {
        self.kind.to_string()
    }

    fn choose(&mut self, position: &Position) -> Move {
        let mut moves = position.legal_moves().to_vec();
        moves.shuffle(&mut self.rng);
        let depth = match self.kind {
            BuiltinKind::Random => return moves[0],
            BuiltinKind::Greedy => 1,
            BuiltinKind::AlphaBeta(depth) => depth,
        };
        let (mut best_score, mut best_move) = (-i32::MAX, moves[0]);
        for mv in moves {
            let score = -alpha_beta(&position.after(mv), depth - 1, -i32::MAX, -best_score);
            if score > best_score {
                (best_score, best_move) = (score, mv);
            }
        }
        best_move
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_kinds_parse_and_print() {
        for text in ["random", "greedy", "alphabeta3", "alphabeta7"] {
            assert_eq!(text.parse::<BuiltinKind>().unwrap().to_string(), text);
        }
        assert_eq!(
            "AlphaBeta".parse::<BuiltinKind>(),
            Ok(BuiltinKind::AlphaBeta(3))
        );
        for bad in ["", "alphabeta0", "alphabeta99", "minimax", "greedy2"] {
            assert!(bad.parse::<BuiltinKind>().is_err(), "{bad}");
        }
        let error = "minimax".parse::<BuiltinKind>().unwrap_err();
        assert_eq!(error, BuiltinKindError("minimax".to_string()));
        assert!(error
            .to_string()
            .starts_with("unknown player 'minimax': expected random"));
    }

    #[test]
    fn alphabeta_takes_an_immediate_win() {
        // Black's double jump a1e1 takes both white pieces; the single a1c1 loses to d1b1.
        let position = Position::from_fen("bw1w1 b").unwrap();
        let winning = [Move::parse(position.board(), "a1e1").unwrap()];
        assert!(position.after(winning[0]).is_game_over());
        for seed in 0..5 {
            let mut player = BuiltinPlayer::new(BuiltinKind::AlphaBeta(3), seed);
            assert!(winning.contains(&player.choose(&position)));
            let mut greedy = BuiltinPlayer::new(BuiltinKind::Greedy, seed);
            assert!(winning.contains(&greedy.choose(&position)));
        }
    }
}
