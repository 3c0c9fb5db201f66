//! The endgame handover: a small position is settled by the exact solvers, played by
//! the shortest win (or longest loss) and reported as a mate score; when only the
//! winner is proven, the search plays a proven winning move, even too shallow to see
//! the end itself.

use konane_core::{random_opening, Board, Move, Position};
use konane_search::{Score, SearchControl, SearchLimits, SearchOptions, SearchResult, Searcher};

/// Positions late in seeded random games on 5x5 and 6x6 (at most 22 pieces left).
fn late_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for (size, jumps) in [("5x5", 4), ("5x5", 6), ("6x6", 8), ("6x6", 11)] {
        let board: Board = size.parse().unwrap();
        for seed in 0..15 {
            let mut position = Position::start(board);
            for mv in random_opening(board, jumps, seed) {
                position.play(mv);
            }
            let pieces = position.piece_count();
            if !position.is_game_over() && pieces <= 22 {
                positions.push(position);
            }
        }
    }
    positions
}

/// Whether `mv` is proven (by the solver alone) to win for the side to move.
fn proven_win(position: &Position, mv: Move) -> bool {
    let verdict = konane_solver::solve_limited(&position.after(mv), 10_000_000).unwrap();
    verdict.winner == position.side_to_move()
}

/// The best move of a search with the handover on or off. With two lines (MultiPV 2)
/// the distance search is skipped and only the winner is proven: the root is then
/// restricted to the proven winning moves and the search picks among them.
fn best_move(solver: bool, multipv: usize, position: &Position, limits: SearchLimits) -> Move {
    let mut searcher = Searcher::new(SearchOptions {
        hash_mib: 1,
        endgame_solver: solver,
        multipv,
        ..SearchOptions::default()
    });
    let result = searcher.search(position, &limits, &SearchControl::default(), &mut |_| {});
    result.best_move.unwrap()
}

#[test]
fn a_shallow_search_plays_a_proven_win() {
    let (mut won, mut saved) = (0, 0);
    for position in late_positions() {
        let verdict = konane_solver::solve_limited(&position, 10_000_000).unwrap();
        if verdict.winner != position.side_to_move() {
            continue;
        }
        won += 1;
        for multipv in [1, 2] {
            let best = best_move(true, multipv, &position, SearchLimits::depth(1));
            assert!(
                proven_win(&position, best),
                "{} plays {best} with MultiPV {multipv}",
                position.to_fen()
            );
        }
        if !proven_win(
            &position,
            best_move(false, 1, &position, SearchLimits::depth(1)),
        ) {
            saved += 1;
        }
    }
    assert!(won >= 10, "only {won} won positions");
    // The test can fail: without the handover a depth-1 search throws some wins away.
    assert!(saved >= 1, "no position where depth 1 alone loses the win");
}

#[test]
fn searchmoves_are_respected_when_a_win_is_proven() {
    let mut checked = 0;
    for position in late_positions() {
        let moves = position.legal_moves();
        let (winning, losing): (Vec<Move>, Vec<Move>) =
            moves.iter().partition(|&&mv| proven_win(&position, mv));
        let Some(&win) = winning.first() else {
            continue;
        };
        if losing.is_empty() {
            continue;
        }
        checked += 1;
        for multipv in [1, 2] {
            // Only losing moves allowed: the search plays one of them.
            let limits = SearchLimits {
                depth: Some(1),
                search_moves: losing.clone(),
                ..SearchLimits::default()
            };
            assert!(losing.contains(&best_move(true, multipv, &position, limits)));
            // Losing moves and one winning move allowed: the winning move is played.
            let mut allowed = losing.clone();
            allowed.push(win);
            let limits = SearchLimits {
                depth: Some(1),
                search_moves: allowed,
                ..SearchLimits::default()
            };
            assert_eq!(
                best_move(true, multipv, &position, limits),
                win,
                "{} MultiPV {multipv}",
                position.to_fen()
            );
        }
    }
    assert!(
        checked >= 5,
        "only {checked} positions with both kinds of move"
    );
}

fn search(solver: bool, position: &Position, limits: SearchLimits) -> (SearchResult, usize) {
    let mut searcher = Searcher::new(SearchOptions {
        hash_mib: 4,
        endgame_solver: solver,
        ..SearchOptions::default()
    });
    let mut reports = 0;
    let result = searcher.search(position, &limits, &SearchControl::default(), &mut |_| {
        reports += 1
    });
    (result, reports)
}

#[test]
fn solved_endgames_are_reported_as_the_full_search_sees_them() {
    let mut won = 0;
    let mut lost = 0;
    for position in late_positions() {
        // A depth-1 search hands over and reports the exact result at once...
        let (quick, reports) = search(true, &position, SearchLimits::depth(1));
        let Score::Mate(n) = quick.score else {
            panic!("{}: {:?}", position.to_fen(), quick.score);
        };
        assert_eq!(reports, 1);
        // ...the same as a full search without the handover, deep enough to see the end.
        let (full, _) = search(false, &position, SearchLimits::depth(40));
        assert_eq!(full.score, Score::Mate(n), "{}", position.to_fen());
        let best = quick.best_move.unwrap();
        assert_eq!(proven_win(&position, best), n > 0);
        if n > 0 {
            won += 1;
        } else {
            lost += 1;
        }
    }
    // The test can fail either way: both outcomes occur.
    assert!(won >= 5 && lost >= 5, "{won} won, {lost} lost");
}
