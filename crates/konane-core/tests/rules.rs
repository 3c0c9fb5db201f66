//! The opening facts of rules.md, phases, game end and board geometry.

use konane_core::{Board, Color, Move, Phase, Position, Square};

fn start(size: &str) -> Position {
    Position::start(size.parse::<Board>().unwrap())
}

fn names(position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    moves.sort();
    moves
}

fn after(size: &str, moves: &[&str]) -> Position {
    let mut position = start(size);
    position.play_all(moves.iter().copied()).unwrap();
    position
}

#[test]
fn standard_layout_matches_brainking() {
    let position = start("8x8");
    let board = position.board();
    let colour_of = |name: &str| {
        let sq = board.parse_square(name).unwrap();
        if position.pieces(Color::Black).contains(sq) {
            Color::Black
        } else {
            Color::White
        }
    };
    assert_eq!(colour_of("a1"), Color::White);
    for black in ["a8", "h1", "d5", "e4"] {
        assert_eq!(colour_of(black), Color::Black, "{black}");
    }
    assert_eq!(position.side_to_move(), Color::Black);
    assert_eq!(position.phase(), Phase::FirstRemoval);
    assert_eq!(position.pieces(Color::Black).len(), 32);
    assert!(position.empty().is_empty());
}

#[test]
fn odd_heights_put_black_on_a1() {
    for size in ["5x5", "3x7", "1x1", "8x3", "9x9", "16x15", "1x13"] {
        let position = start(size);
        assert!(
            position.pieces(Color::Black).contains(Square::new(0, 0)),
            "{size}"
        );
    }
}

#[test]
fn first_removals() {
    assert_eq!(names(&start("8x8")), ["a8", "d5", "e4", "h1"]);
    assert_eq!(names(&start("5x5")), ["a1", "a5", "c3", "e1", "e5"]);
    assert_eq!(names(&start("6x6")), ["a6", "c4", "d3", "f1"]);
}

#[test]
fn second_removals_are_next_to_the_hole() {
    let position = after("8x8", &["d5"]);
    assert_eq!(position.phase(), Phase::SecondRemoval);
    assert_eq!(position.side_to_move(), Color::White);
    assert_eq!(names(&position), ["c5", "d4", "d6", "e5"]);
    assert_eq!(names(&after("8x8", &["a8"])), ["a7", "b8"]);
}

#[test]
fn three_jumps_after_d5_d4() {
    let position = after("8x8", &["d5", "d4"]);
    assert_eq!(position.phase(), Phase::Jumps);
    assert_eq!(names(&position), ["b5d5", "d7d5", "f5d5"]);
}

#[test]
fn multi_jumps_stop_anywhere_along_one_line() {
    // Black on a1 with white pieces on b1, d1 and f1: each landing square is a move.
    let position = Position::from_fen("bw1w1w1 b").unwrap();
    assert_eq!(names(&position), ["a1c1", "a1e1", "a1g1"]);
    let after_double = position.after(Move::parse(position.board(), "a1e1").unwrap());
    assert_eq!(after_double.to_fen(), "4bw1 w");
    assert!(Position::from_fen("b1w1 b").unwrap().is_game_over());
}

#[test]
fn jumps_never_change_direction_or_go_diagonally() {
    // Black on b1: north over b2 to b3 only; neither the turn b3->d3 over c3 nor the
    // diagonal b1->d3 over c2 is a move.
    let position = Position::from_fen("4/2w1/1ww1/1b2 b").unwrap();
    assert_eq!(names(&position), ["b1b3"]);
}

#[test]
fn game_over_and_winner() {
    let position = Position::from_fen("b1b/3/w1w w").unwrap();
    assert!(position.is_game_over());
    assert_eq!(position.winner(), Some(Color::Black));
    let one_by_one = start("1x1");
    assert_eq!(names(&one_by_one), ["a1"]);
    let empty = one_by_one.after(Move::removal(Square::new(0, 0)));
    assert!(empty.is_game_over());
    assert_eq!(empty.winner(), Some(Color::Black));
    assert_eq!(start("8x8").winner(), None);
}

#[test]
fn every_size_has_moves_and_consistent_geometry() {
    for w in 1..=16 {
        for h in 1..=16 {
            let board = Board::new(w, h).unwrap();
            let position = Position::start(board);
            let pieces = position.pieces(Color::Black) | position.pieces(Color::White);
            assert_eq!(pieces, board.squares().collect());
            assert_eq!(pieces.len(), w * h);
            assert!(position.count_moves() >= 1, "{board}");
            assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
        }
    }
}

#[test]
fn play_all_is_all_or_nothing() {
    let mut position = start("8x8");
    let before = position;
    let err = position.play_all(["d5", "d4", "b5d5", "a1a3"]).unwrap_err();
    assert_eq!(err.index, 4);
    assert_eq!(position, before);
}

#[test]
fn a_failed_sequence_names_the_move_and_keeps_its_cause() {
    use std::error::Error;
    let mut position = start("8x8");
    let err = position.play_all(["d5", "zz"]).unwrap_err();
    assert_eq!(err.index, 2);
    assert!(
        err.to_string().starts_with("move 2: 'zz' is not a move"),
        "{err}"
    );
    let cause = err.source().expect("the move's own error");
    assert_eq!(cause.to_string(), err.error.to_string());
}
