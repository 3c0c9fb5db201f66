//! The endgame handover: when the exact solver proves the side to move wins, the
//! search plays a proven winning move, even too shallow to see the end itself.

use konane_core::{Board, Color, Move, Position};
use konane_search::selfplay::random_opening;
use konane_search::{SearchControl, SearchLimits, SearchOptions, Searcher};

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
            let pieces =
                (position.pieces(Color::Black) | position.pieces(Color::White)).count_ones();
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

fn best_move(solver: bool, position: &Position, limits: SearchLimits) -> Move {
    let mut searcher = Searcher::new(SearchOptions {
        hash_mib: 1,
        endgame_solver: solver,
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
        let best = best_move(true, &position, SearchLimits::depth(1));
        assert!(
            proven_win(&position, best),
            "{} plays {best}",
            position.to_fen()
        );
        if !proven_win(
            &position,
            best_move(false, &position, SearchLimits::depth(1)),
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
        // Only losing moves allowed: the search plays one of them.
        let limits = SearchLimits {
            depth: Some(1),
            search_moves: losing.clone(),
            ..SearchLimits::default()
        };
        assert!(losing.contains(&best_move(true, &position, limits)));
        // Losing moves and one winning move allowed: the winning move is played.
        let mut allowed = losing.clone();
        allowed.push(win);
        let limits = SearchLimits {
            depth: Some(1),
            search_moves: allowed,
            ..SearchLimits::default()
        };
        assert_eq!(
            best_move(true, &position, limits),
            win,
            "{}",
            position.to_fen()
        );
    }
    assert!(
        checked >= 5,
        "only {checked} positions with both kinds of move"
    );
}
