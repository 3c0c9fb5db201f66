//! Built-in baseline players (random, 1-ply greedy mobility, plain alpha-beta on
//! mobility to a fixed depth, stoppable and within the search's limits: see
//! `baseline.rs`) and the `Agent` trait every in-process player implements (the
//! engine's own player is the engine layer's `EnginePlayer`).

use std::fmt;
use std::str::FromStr;

use konane_core::{Move, Position};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use thiserror::Error;

use crate::baseline;
use crate::control::SearchControl;
use crate::limits::SearchLimits;
use crate::report::{SearchInfo, SearchResult};
use crate::score::Score;

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
#[derive(Clone, Debug, Eq, PartialEq, Error)]
#[error("unknown player '{0}': expected random, greedy, alphabeta or alphabetaN (N from 1 to 20)")]
pub struct BuiltinKindError(pub String);

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

    /// The player's move in `position` (which is not over) as a search result, within
    /// `limits` as the engine's search reads them (keeping `overhead_ms` of any time in
    /// reserve) and until `control` is stopped, with a report per finished depth. Random
    /// and greedy answer at once, without a search (depth 0, no report, greedy after its
    /// one ply of mobility counts); alpha-beta deepens up to its
    /// depth unless a limit or a stop comes first, and then plays the best move of the
    /// last finished depth. `search_moves` restricts the root moves. With no limit it
    /// plays what its fixed-depth search finds.
    pub fn search(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        control: &SearchControl,
        overhead_ms: u64,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        let mut moves = position.legal_moves().to_vec();
        moves.shuffle(&mut self.rng);
        if !limits.search_moves.is_empty() {
            moves.retain(|mv| limits.search_moves.contains(mv));
            if moves.is_empty() {
                moves = position.legal_moves().to_vec();
            }
        }
        let depth = match self.kind {
            BuiltinKind::Random => return answered_at_once(moves[0]),
            BuiltinKind::Greedy => {
                // One ply of mobility counts: a choice made at once, not a search.
                let one_ply = SearchLimits::depth(1);
                let control = SearchControl::default();
                let choice =
                    baseline::search(position, &moves, 1, &one_ply, &control, 0, &mut |_| {});
                return answered_at_once(choice.best_move.unwrap_or(moves[0]));
            }
            BuiltinKind::AlphaBeta(depth) => depth,
        };
        baseline::search(
            position,
            &moves,
            depth,
            limits,
            control,
            overhead_ms,
            report,
        )
    }
}

/// The answer of a player that does not search (random, greedy): depth and nodes 0.
fn answered_at_once(best: Move) -> SearchResult {
    SearchResult {
        best_move: Some(best),
        ponder_move: None,
        score: Score::Cp(0),
        depth: 0,
        nodes: 0,
    }
}

impl Agent for BuiltinPlayer {
    fn name(&self) -> String {
        self.kind.to_string()
    }

    fn choose(&mut self, position: &Position) -> Move {
        let limits = SearchLimits::default();
        let result = self.search(position, &limits, &SearchControl::default(), 0, &mut |_| {});
        result
            .best_move
            .expect("a built-in player always finds a move")
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

    /// Runs `search` on its own thread and fails, rather than hangs, when it takes
    /// longer than a minute.
    fn within_a_minute<T: Send + 'static>(search: impl FnOnce() -> T + Send + 'static) -> T {
        let (sender, answers) = std::sync::mpsc::channel();
        std::thread::spawn(move || sender.send(search()));
        answers
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the built-in player did not stop within a minute")
    }

    fn deep_player_under(limits: SearchLimits, control: SearchControl) -> (SearchResult, usize) {
        within_a_minute(move || {
            let position = opened();
            let mut reports = 0;
            let mut player = BuiltinPlayer::new(BuiltinKind::AlphaBeta(20), 1);
            let result = player.search(&position, &limits, &control, 0, &mut |_| reports += 1);
            assert!(position.is_legal(result.best_move.unwrap()));
            (result, reports)
        })
    }

    #[test]
    fn alphabeta_stops_on_a_stop_with_a_move_of_its_first_depth() {
        let control = SearchControl::default();
        control.stop();
        let (result, reports) = deep_player_under(SearchLimits::default(), control);
        assert_eq!((result.depth, reports), (1, 1));
    }

    #[test]
    fn alphabeta_keeps_to_the_depth_nodes_and_time_it_is_given() {
        let (result, reports) = deep_player_under(SearchLimits::depth(3), SearchControl::default());
        assert_eq!((result.depth, reports), (3, 3));
        let nodes = SearchLimits {
            nodes: Some(20_000),
            ..SearchLimits::default()
        };
        let (result, _) = deep_player_under(nodes, SearchControl::default());
        assert!(
            result.nodes < 20_000 + 2 * crate::baseline::POLL_INTERVAL,
            "{result:?}"
        );
        assert!(result.depth < 20);
        let movetime = SearchLimits::movetime(std::time::Duration::from_millis(100));
        let (result, _) = deep_player_under(movetime, SearchControl::default());
        assert!(result.depth >= 1 && result.depth < 20, "{result:?}");
    }

    /// The standard board after `d5 d4`.
    fn opened() -> Position {
        let mut position = Position::start(konane_core::Board::STANDARD);
        position.play_all(["d5", "d4"]).unwrap();
        position
    }

    #[test]
    fn without_limits_alphabeta_plays_its_fixed_depth_search() {
        // Every depth is searched in the same order, so the last one decides as a single
        // fixed-depth search would: the same seed gives the same move, whatever the
        // limits that do not cut it short.
        let position = opened();
        for seed in 0..4 {
            let mut plain = BuiltinPlayer::new(BuiltinKind::AlphaBeta(3), seed);
            let mut limited = BuiltinPlayer::new(BuiltinKind::AlphaBeta(3), seed);
            let result = limited.search(
                &position,
                &SearchLimits::depth(10),
                &SearchControl::default(),
                0,
                &mut |_| {},
            );
            assert_eq!(result.depth, 3);
            assert_eq!(Some(plain.choose(&position)), result.best_move);
        }
    }
}
