//! Notation: squares, moves and FEN, with the catalogues of valid and invalid inputs
//! kept in tests/data.

use konane_core::{Board, FenError, Move, MoveError, Position, Square, SquareError};

/// The data lines of a catalogue file (comments and blank lines dropped).
fn catalogue(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// Splits a bad-input line into the input and the expected message fragment.
fn case(line: &str) -> (&str, &str) {
    line.split_once('\t')
        .expect("bad-input lines are input<TAB>fragment")
}

#[test]
fn bad_fens_give_errors_that_say_what_is_wrong() {
    let cases: Vec<&str> = catalogue(include_str!("data/bad_fens.txt")).collect();
    assert!(cases.len() >= 20);
    for line in cases {
        let (fen, fragment) = case(line);
        let err = Position::from_fen(fen).expect_err(fen);
        assert!(
            err.to_string().contains(fragment),
            "{fen:?}: got '{err}', expected '{fragment}'"
        );
    }
    assert_eq!(Position::from_fen(""), Err(FenError::Empty));
    assert_eq!(Position::from_fen("   \t "), Err(FenError::Empty));
    let huge = "b".repeat(1 << 20) + " b";
    assert!(matches!(
        Position::from_fen(&huge),
        Err(FenError::TooWide { .. })
    ));
}

#[test]
fn bad_moves_give_errors_that_say_what_is_wrong() {
    let mut position = Position::start(Board::STANDARD);
    position.play_all(["d5", "d4"]).unwrap();
    let cases: Vec<&str> = catalogue(include_str!("data/bad_moves.txt")).collect();
    assert!(cases.len() >= 20);
    for line in cases {
        let (text, fragment) = case(line);
        let err = position.parse_move(text).expect_err(text);
        assert!(
            err.to_string().contains(fragment),
            "{text:?}: got '{err}', expected '{fragment}'"
        );
    }
    assert_eq!(position.parse_move(""), Err(MoveError::Empty));
    let long = "d".repeat(1 << 20);
    assert!(position.parse_move(&long).unwrap_err().to_string().len() < 200);
}

#[test]
fn good_fens_round_trip() {
    for fen in catalogue(include_str!("data/good_fens.txt")) {
        let position = Position::from_fen(fen).expect(fen);
        assert_eq!(position.to_fen(), fen);
    }
}

#[test]
fn start_fens_round_trip_on_every_size() {
    for w in 1..=16 {
        for h in 1..=16 {
            let position = Position::start(Board::new(w, h).unwrap());
            let fen = position.to_fen();
            let back = Position::from_fen(&fen).unwrap();
            assert_eq!(back, position, "{fen}");
            assert_eq!(back.board(), position.board());
        }
    }
}

#[test]
fn the_8x8_start_fen_is_the_protocols() {
    assert_eq!(
        Position::start(Board::STANDARD).to_fen(),
        "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b"
    );
}

#[test]
fn moves_parse_in_every_notation_and_print_canonically() {
    let board = Board::STANDARD;
    for text in ["d3d5", "D3D5", "d3-d5", "D3-d5", " d3d5 "] {
        assert_eq!(
            Move::parse(board, text).unwrap().to_string(),
            "d3d5",
            "{text}"
        );
    }
    assert_eq!(
        Move::parse(board, "D5").unwrap(),
        Move::removal(Square::new(3, 4))
    );
    assert_eq!(Move::parse(board, "a1a7").unwrap().to_string(), "a1a7");
    let small: Board = "3x3".parse().unwrap();
    assert!(matches!(
        Move::parse(small, "d1"),
        Err(MoveError::OffBoard { .. })
    ));
    assert!(matches!(
        Move::parse(small, "a4"),
        Err(MoveError::OffBoard { .. })
    ));
}

#[test]
fn squares_print_and_parse() {
    for board in [Board::STANDARD, Board::LARGEST, "3x12".parse().unwrap()] {
        for sq in board.squares() {
            assert_eq!(board.parse_square(&sq.to_string()).unwrap(), sq);
        }
    }
    assert_eq!(Square::new(15, 15).to_string(), "p16");
    assert_eq!(Square::new(0, 9).to_string(), "a10");
}

#[test]
fn board_sizes_parse_with_errors() {
    assert_eq!("6x7".parse::<Board>().unwrap().to_string(), "6x7");
    assert_eq!("6X7".parse::<Board>().unwrap().to_string(), "6x7");
    for bad in [
        "",
        "8",
        "x8",
        "8x",
        "0x8",
        "0x5",
        "17x8",
        "8x17",
        "17x2",
        "-1x8",
        "8x8x8",
        "axb",
        "99999999999x1",
    ] {
        assert!(bad.parse::<Board>().is_err(), "{bad}");
    }
}

#[test]
fn squares_parse_with_from_str_up_to_the_largest_board() {
    for sq in Board::LARGEST.squares() {
        assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        assert_eq!(sq.to_string().to_uppercase().parse::<Square>(), Ok(sq));
    }
    assert_eq!("d5".parse::<Square>(), Ok(Square::new(3, 4)));
    assert_eq!("i9".parse::<Square>(), Ok(Square::new(8, 8)));
    assert_eq!("P16".parse::<Square>(), Ok(Square::new(15, 15)));
    for off in ["q1", "a17", "z26", "a99999999999999999999"] {
        assert!(
            matches!(off.parse::<Square>(), Err(SquareError::OffBoard { .. })),
            "{off}"
        );
    }
    for bad in ["", "d", "5d", "a0", "d5d", " d5", "é5", "d-5"] {
        let err = bad.parse::<Square>().expect_err(bad);
        assert!(matches!(err, SquareError::Syntax(_)), "{bad}: {err:?}");
        assert!(err.to_string().contains("is not a square"), "{bad}: {err}");
    }
    assert_eq!(
        "q17".parse::<Square>().unwrap_err().to_string(),
        "square 'q17' is off the 16x16 board"
    );
}

#[test]
fn the_board_checked_square_parser_refuses_squares_off_a_small_board() {
    let small: Board = "3x3".parse().unwrap();
    assert_eq!(small.parse_square("C3"), Ok(Square::new(2, 2)));
    assert_eq!(
        small.parse_square("d1"),
        Err(SquareError::OffBoard {
            square: "d1".to_string(),
            board: small
        })
    );
}

#[test]
fn moves_parse_with_from_str_without_a_board() {
    for text in ["d3d5", "D3-d5", " d3d5 "] {
        assert_eq!(text.parse::<Move>().unwrap().to_string(), "d3d5", "{text}");
    }
    assert_eq!("h8".parse::<Move>(), Ok(Move::removal(Square::new(7, 7))));
    assert_eq!(
        "a1a7".parse::<Move>(),
        Ok(Move::jump(Square::new(0, 0), Square::new(0, 6)))
    );
    assert!(matches!(
        "d3e4".parse::<Move>(),
        Err(MoveError::NotAJump(_))
    ));
    assert!(matches!(
        "d3d6".parse::<Move>(),
        Err(MoveError::NotAJump(_))
    ));
    assert!(matches!("d5d".parse::<Move>(), Err(MoveError::Syntax(_))));
    assert!(matches!(
        "q5".parse::<Move>(),
        Err(MoveError::OffBoard { .. })
    ));
    assert_eq!("".parse::<Move>(), Err(MoveError::Empty));
}

#[test]
fn positions_parse_and_print_their_fen_with_from_str_and_display() {
    for fen in catalogue(include_str!("data/good_fens.txt")) {
        let position: Position = fen.parse().expect(fen);
        assert_eq!(position, Position::from_fen(fen).unwrap());
        assert_eq!(position.to_string(), fen);
    }
    assert_eq!("".parse::<Position>(), Err(FenError::Empty));
}
