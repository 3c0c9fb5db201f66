//! Property tests: the bitboard generator against a deliberately simple square-by-square
//! generator written only for this test, on positions from random play and random
//! layouts on random board sizes; Zobrist incremental hashes against hashes from scratch.

use std::collections::BTreeSet;

use konane_core::{Board, Color, Move, Position, Square, SquareSet};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// A plain grid: `cells[rank * width + file]`.
#[derive(Clone, Debug)]
struct Grid {
    width: i32,
    height: i32,
    cells: Vec<Option<Color>>,
    side: Color,
}

impl Grid {
    fn start(width: i32, height: i32) -> Grid {
        let mut cells = Vec::new();
        for rank in 0..height {
            for file in 0..width {
                // Top-left is Black; colours alternate.
                let black = (file + (height - 1 - rank)) % 2 == 0;
                cells.push(Some(if black { Color::Black } else { Color::White }));
            }
        }
        Grid {
            width,
            height,
            cells,
            side: Color::Black,
        }
    }

    fn at(&self, file: i32, rank: i32) -> Option<Option<Color>> {
        (file >= 0 && rank >= 0 && file < self.width && rank < self.height)
            .then(|| self.cells[(rank * self.width + file) as usize])
    }

    fn set(&mut self, file: i32, rank: i32, cell: Option<Color>) {
        self.cells[(rank * self.width + file) as usize] = cell;
    }

    fn name(file: i32, rank: i32) -> String {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    }

    fn is_centre(n: i32, i: i32) -> bool {
        (2 * i + 1 - n).abs() <= 1
    }

    fn moves(&self) -> BTreeSet<String> {
        let empties = self.cells.iter().filter(|c| c.is_none()).count();
        let own = Some(self.side);
        let mut moves = BTreeSet::new();
        for rank in 0..self.height {
            for file in 0..self.width {
                if self.at(file, rank) != Some(own) {
                    continue;
                }
                let corner =
                    (file == 0 || file == self.width - 1) && (rank == 0 || rank == self.height - 1);
                let centre =
                    Grid::is_centre(self.width, file) && Grid::is_centre(self.height, rank);
                let next_to_hole = [(0, 1), (0, -1), (1, 0), (-1, 0)]
                    .iter()
                    .any(|(df, dr)| self.at(file + df, rank + dr) == Some(None));
                match empties {
                    0 if corner || centre => {
                        moves.insert(Grid::name(file, rank));
                    }
                    1 if next_to_hole => {
                        moves.insert(Grid::name(file, rank));
                    }
                    0 | 1 => {}
                    _ => {
                        for (df, dr) in [(0, 1), (0, -1), (1, 0), (-1, 0)] {
                            let (mut f, mut r) = (file, rank);
                            while self.at(f + df, r + dr) == Some(Some(!self.side))
                                && self.at(f + 2 * df, r + 2 * dr) == Some(None)
                            {
                                f += 2 * df;
                                r += 2 * dr;
                                moves.insert(Grid::name(file, rank) + &Grid::name(f, r));
                            }
                        }
                    }
                }
            }
        }
        moves
    }

    fn play(&mut self, text: &str) {
        let square = |s: &str| {
            (
                (s.as_bytes()[0] - b'a') as i32,
                s[1..].parse::<i32>().unwrap() - 1,
            )
        };
        // The second square starts at the first letter after the first one.
        let split = text[1..]
            .find(|c: char| c.is_ascii_alphabetic())
            .map(|i| i + 1);
        if let Some(split) = split {
            let (f0, r0) = square(&text[..split]);
            let (f1, r1) = square(&text[split..]);
            let (df, dr) = ((f1 - f0).signum(), (r1 - r0).signum());
            let (mut f, mut r) = (f0, r0);
            while (f, r) != (f1, r1) {
                self.set(f, r, None);
                f += df;
                r += dr;
            }
            self.set(f1, r1, Some(self.side));
        } else {
            let (f, r) = square(text);
            self.set(f, r, None);
        }
        self.side = !self.side;
    }

    fn matches(&self, position: &Position) -> bool {
        let board = position.board();
        if board.width() as i32 != self.width
            || board.height() as i32 != self.height
            || position.side_to_move() != self.side
        {
            return false;
        }
        (0..self.height).all(|rank| {
            (0..self.width).all(|file| {
                let square = Square::new(file as u8, rank as u8);
                let cell = if position.pieces(Color::Black).contains(square) {
                    Some(Color::Black)
                } else if position.pieces(Color::White).contains(square) {
                    Some(Color::White)
                } else {
                    None
                };
                self.at(file, rank) == Some(cell)
            })
        })
    }

    fn to_position(&self) -> Position {
        let board = Board::new(self.width as u32, self.height as u32).unwrap();
        let (mut black, mut white) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for rank in 0..self.height {
            for file in 0..self.width {
                let square = Square::new(file as u8, rank as u8);
                match self.at(file, rank).unwrap() {
                    Some(Color::Black) => black = black.with(square),
                    Some(Color::White) => white = white.with(square),
                    None => {}
                }
            }
        }
        Position::from_squares(board, black, white, self.side).unwrap()
    }
}

fn bitboard_moves(position: &Position) -> BTreeSet<String> {
    position.legal_moves().iter().map(Move::to_string).collect()
}

/// Plays random moves in both representations, checking them against each other.
fn walk(mut grid: Grid, seed: u64, plies: usize) -> Result<(), TestCaseError> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = grid.to_position();
    for _ in 0..plies {
        let expected = grid.moves();
        prop_assert_eq!(
            &bitboard_moves(&position),
            &expected,
            "moves of {}",
            position.to_fen()
        );
        prop_assert_eq!(position.count_moves() as usize, expected.len());
        prop_assert_eq!(position.is_game_over(), expected.is_empty());
        let choices: Vec<&String> = expected.iter().collect();
        let Some(text) = choices.choose(&mut rng) else {
            return Ok(());
        };
        let mv = Move::parse(position.board(), text).unwrap();
        prop_assert!(position.is_legal(mv));
        position.play(mv);
        grid.play(text);
        prop_assert!(
            grid.matches(&position),
            "after {} got {}",
            text,
            position.to_fen()
        );
        prop_assert_eq!(position.hash(), position.hash_from_scratch());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_games_match_the_reference(width in 1i32..=16, height in 1i32..=16, seed: u64) {
        walk(Grid::start(width, height), seed, 80)?;
    }

    #[test]
    fn random_layouts_match_the_reference(
        width in 1i32..=16,
        height in 1i32..=16,
        cells in proptest::collection::vec(0u8..3, 256),
        white_to_move: bool,
        seed: u64,
    ) {
        let mut grid = Grid::start(width, height);
        for (i, cell) in grid.cells.iter_mut().enumerate() {
            *cell = [None, Some(Color::Black), Some(Color::White)][cells[i] as usize];
        }
        grid.side = if white_to_move { Color::White } else { Color::Black };
        let position = grid.to_position();
        prop_assert_eq!(Position::from_fen(&position.to_fen()).unwrap(), position);
        walk(grid, seed, 40)?;
    }
}

/// Perft by the reference generator: every sequence of `depth` moves from `grid`.
fn reference_perft(grid: &Grid, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    grid.moves()
        .iter()
        .map(|text| {
            let mut next = grid.clone();
            next.play(text);
            reference_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn perft_of_large_and_narrow_boards_matches_the_reference() {
    let boards = [
        (10, 10, 6),
        (12, 12, 6),
        (16, 16, 6),
        (1, 16, 9),
        (2, 16, 8),
        (3, 16, 7),
        (4, 16, 7),
        (9, 7, 6),
        (11, 13, 6),
    ];
    for (width, height, depth) in boards {
        for (w, h) in [(width, height), (height, width)] {
            let grid = Grid::start(w, h);
            let position = grid.to_position();
            for d in 1..=depth {
                assert_eq!(
                    konane_core::perft::perft(&position, d),
                    reference_perft(&grid, d),
                    "{w}x{h} depth {d}"
                );
            }
        }
    }
}
