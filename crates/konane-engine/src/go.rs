//! One `go`, as its job runs it: the answer of a finished game, a built-in player's move
//! or the search's, and an answer that is always legal, whatever happens.

use std::panic::{catch_unwind, AssertUnwindSafe};

use konane_core::{Move, Position};
use konane_search::players::{BuiltinKind, BuiltinPlayer};
use konane_search::{Score, SearchControl, SearchInfo, SearchLimits, SearchResult, Searcher};

use crate::options::Player;

/// The answer to one `go`.
#[derive(Clone, Debug, PartialEq)]
pub struct Answer {
    /// The result, its moves checked: `best_move` is legal (`None` only when the game is
    /// over) and `ponder_move`, if any, is a legal reply to it.
    pub result: SearchResult,
    /// The search failed or gave no legal move (a bug), and `best_move` is the first
    /// legal move instead.
    pub failed: bool,
}

/// The progress report of a finished game: no search, the side to move has lost.
fn game_over_info() -> SearchInfo {
    SearchInfo {
        depth: 0,
        seldepth: 0,
        multipv: 1,
        score: Score::Mate(0),
        nodes: 0,
        nps: 0,
        hashfull: 0,
        time_ms: 0,
        pv: Vec::new(),
    }
}

/// Answers `position`: `player`'s move, found by `searcher` within `limits` when it is
/// the engine, with progress to `on_info`. Gives the searcher back, unless the search
/// failed (its state is then unknown).
pub(crate) fn answer(
    mut searcher: Searcher,
    player: Player,
    position: &Position,
    limits: &SearchLimits,
    control: &SearchControl,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> (Answer, Option<Searcher>) {
    if position.is_game_over() {
        let info = game_over_info();
        on_info(&info);
        let result = SearchResult {
            best_move: None,
            ponder_move: None,
            score: info.score,
            depth: 0,
            nodes: 0,
        };
        let answer = Answer {
            result,
            failed: false,
        };
        return (answer, Some(searcher));
    }
    let mut best_line = Vec::new();
    let outcome = catch_unwind(AssertUnwindSafe(|| match player {
        Player::Builtin(kind) => {
            let overhead_ms = searcher.options().move_overhead_ms;
            builtin_move(kind, position, limits, control, overhead_ms, on_info)
        }
        Player::Engine => searcher.search(position, limits, control, &mut |info| {
            if info.multipv <= 1 {
                best_line.clone_from(&info.pv);
            }
            on_info(info);
        }),
    }));
    match outcome {
        Ok(result) => (checked(position, result, &best_line), Some(searcher)),
        Err(_) => {
            let result = SearchResult {
                best_move: None,
                ponder_move: None,
                score: Score::Cp(0),
                depth: 0,
                nodes: 0,
            };
            (checked(position, result, &[]), None)
        }
    }
}

/// The answer of a built-in player, seeded by the position so that it is repeatable,
/// within `limits` and `control` as the engine's search would be.
fn builtin_move(
    kind: BuiltinKind,
    position: &Position,
    limits: &SearchLimits,
    control: &SearchControl,
    overhead_ms: u64,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    BuiltinPlayer::new(kind, position.hash()).search(
        position,
        limits,
        control,
        overhead_ms,
        on_info,
    )
}

/// `result` with its moves made safe to play: the expected reply from the result, else
/// from the best line reported; a missing or illegal best move while moves exist becomes
/// the first legal move (and drops the reply): a GUI must never get a wrong `bestmove`.
fn checked(position: &Position, mut result: SearchResult, best_line: &[Move]) -> Answer {
    let best = result.best_move.filter(|&mv| position.is_legal(mv));
    let (best, ponder, failed) = match best {
        Some(best) => {
            let reply = result
                .ponder_move
                .or_else(|| {
                    (best_line.first() == Some(&best)).then(|| best_line.get(1).copied())?
                })
                .filter(|&reply| position.after(best).is_legal(reply));
            (Some(best), reply, false)
        }
        None => (position.legal_moves().first().copied(), None, true),
    };
    result.best_move = best;
    result.ponder_move = ponder;
    Answer { result, failed }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(best: Option<Move>, ponder: Option<Move>) -> SearchResult {
        SearchResult {
            best_move: best,
            ponder_move: ponder,
            score: Score::Cp(0),
            depth: 1,
            nodes: 1,
        }
    }

    fn moves(answer: Answer) -> (Option<Move>, Option<Move>) {
        (answer.result.best_move, answer.result.ponder_move)
    }

    #[test]
    fn the_answer_is_always_legal() {
        let position = Position::start(konane_core::Board::STANDARD);
        let d5 = position.parse_move("d5").unwrap();
        let d4 = position.after(d5).parse_move("d4").unwrap();
        let a1 = Move::parse(position.board(), "a1").unwrap();
        assert_eq!(
            moves(checked(&position, result(Some(d5), None), &[d5, d4])),
            (Some(d5), Some(d4))
        );
        assert_eq!(
            moves(checked(&position, result(Some(d5), Some(a1)), &[])),
            (Some(d5), None),
            "an illegal reply is dropped"
        );
        let first = position.legal_moves()[0];
        let replaced = checked(&position, result(Some(a1), None), &[]);
        assert!(replaced.failed);
        assert_eq!(
            moves(replaced),
            (Some(first), None),
            "an illegal best move is replaced"
        );
        assert_eq!(
            moves(checked(&position, result(None, None), &[])),
            (Some(first), None)
        );
    }

    #[test]
    fn a_finished_game_is_answered_without_a_search() {
        let position = Position::from_fen("bb1 w").unwrap();
        let mut infos = Vec::new();
        let (answer, searcher) = answer(
            Searcher::new(konane_search::SearchOptions::default()),
            Player::Engine,
            &position,
            &SearchLimits::depth(3),
            &SearchControl::default(),
            &mut |info| infos.push(info.clone()),
        );
        assert!(searcher.is_some());
        assert_eq!(moves(answer.clone()), (None, None));
        assert_eq!(answer.result.score, Score::Mate(0));
        assert!(!answer.failed);
        assert_eq!(infos, [game_over_info()]);
    }
}
