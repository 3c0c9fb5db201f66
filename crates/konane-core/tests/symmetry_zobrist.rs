//! Board symmetries (which keep the colouring; moves map with positions) and Zobrist
//! hashing (fixed seed, incremental equal to from scratch, side and size distinguished).

use std::collections::BTreeSet;

use konane_core::perft::perft;
use konane_core::{
    BitPosition, Bitboard, Board, Color, Move, Position, PositionVisitor, Symmetry, Word,
};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::SeedableRng;

fn board(size: &str) -> Board {
    size.parse().unwrap()
}

#[test]
fn colour_preserving_symmetries_depend_on_the_size() {
    use Symmetry::*;
    let cases: [(&str, &[Symmetry]); 5] = [
        ("8x8", &[Identity, Rotate180, Transpose, AntiTranspose]),
        ("6x6", &[Identity, Rotate180, Transpose, AntiTranspose]),
        ("5x5", &Symmetry::ALL),
        ("5x3", &[Identity, FlipFiles, FlipRanks, Rotate180]),
        ("6x5", &[Identity, FlipRanks]),
    ];
    for (size, expected) in cases {
        assert_eq!(
            Symmetry::colour_preserving(board(size)),
            expected.to_vec(),
            "{size}"
        );
    }
    assert_eq!(
        Symmetry::colour_preserving(board("6x4")),
        vec![Identity, Rotate180]
    );
}

#[test]
fn colour_swapping_symmetries_are_the_rest_of_the_boards() {
    use Symmetry::*;
    let cases: [(&str, &[Symmetry]); 5] = [
        ("8x8", &[FlipFiles, FlipRanks, Rotate90, Rotate270]),
        ("8x6", &[FlipFiles, FlipRanks]),
        ("8x7", &[FlipFiles, Rotate180]),
        ("5x5", &[]),
        ("6x5", &[FlipFiles, Rotate180]),
    ];
    for (size, expected) in cases {
        assert_eq!(
            Symmetry::colour_swapping(board(size)),
            expected.to_vec(),
            "{size}"
        );
    }
}

#[test]
fn symmetric_images_share_their_canonical_fen() {
    let board = Board::new(7, 7).unwrap();
    let mut position = Position::start(board);
    position.play_all(["a1", "b1", "a3a1"]).unwrap();
    let key = position.canonical_fen();
    for symmetry in Symmetry::colour_preserving(board) {
        assert_eq!(symmetry.apply(&position).canonical_fen(), key);
    }
    let mut other = Position::start(board);
    other.play_all(["d4", "d5"]).unwrap();
    assert_ne!(other.canonical_fen(), key);
}

/// Checks, on the position's own word, that every symmetry maps each square's bit to
/// the bit of the square's image, and the board onto itself.
struct ImagesAgree;

impl PositionVisitor for ImagesAgree {
    type Output = ();
    fn visit<W: Word>(self, position: &BitPosition<W>) {
        let geometry = position.geometry();
        let board = geometry.board();
        for symmetry in Symmetry::ALL {
            if symmetry.swaps_axes() && board.width() != board.height() {
                continue;
            }
            for square in board.squares() {
                assert_eq!(
                    symmetry.bitboard(geometry, geometry.bit(square)),
                    geometry.bit(symmetry.square(board, square)),
                    "{symmetry:?} on {board}, square {square}"
                );
            }
            let all: Bitboard<W> = geometry.mask();
            assert_eq!(symmetry.bitboard(geometry, all), all);
            let image = symmetry.apply_bits(position);
            assert_eq!(image.to_position(), symmetry.apply(&position.to_position()));
        }
    }
}

#[test]
fn bitboard_images_agree_with_square_images_on_every_board() {
    for board in Board::all() {
        Position::start(board).visit(ImagesAgree);
    }
}

#[test]
fn symmetries_map_moves_with_positions() {
    let mut rng = StdRng::seed_from_u64(7);
    for size in [
        "8x8", "7x7", "6x6", "5x3", "4x7", "9x9", "12x5", "4x16", "16x16",
    ] {
        let board = board(size);
        let mut position = Position::start(board);
        while !position.is_game_over() {
            for sym in Symmetry::ALL
                .into_iter()
                .filter(|s| !s.swaps_axes() || board.width() == board.height())
            {
                let image = sym.apply(&position);
                let mapped: BTreeSet<Move> = position
                    .legal_moves()
                    .iter()
                    .map(|&mv| sym.apply_move(board, mv))
                    .collect();
                let direct: BTreeSet<Move> = image.legal_moves().iter().copied().collect();
                assert_eq!(mapped, direct, "{sym:?} of {position}");
                assert_eq!(sym.inverse().apply(&image), position);
                assert_eq!(perft(&image, 2), perft(&position, 2));
            }
            let moves = position.legal_moves();
            position.play(*moves.choose(&mut rng).unwrap());
        }
    }
}

#[test]
fn zobrist_keys_are_fixed_and_distinguish_side_and_size() {
    let start = Position::start(Board::STANDARD);
    // The keys come from a fixed seed: this value is the same on every run and machine
    // (it changes only if the seed or the key layout changes).
    assert_eq!(start.hash(), start.hash_from_scratch());
    assert_eq!(start.hash(), Position::start(Board::STANDARD).hash());
    assert_ne!(start.hash(), start.with_side_to_move(Color::White).hash());
    let wide = Position::from_fen("8/8 b").unwrap();
    let narrow = Position::from_fen("7/7 b").unwrap();
    assert_ne!(wide.hash(), narrow.hash());
    let sizes: BTreeSet<u64> = Board::all()
        .map(|board| Position::from_fen(&format!("{}/{} b", board.width(), board.width())))
        .filter_map(Result::ok)
        .map(|p| p.hash())
        .collect();
    assert_eq!(sizes.len(), 16, "the empty boards WxW (two ranks) differ");
    assert_eq!(format!("{:016x}", start.hash()), "ada0deb03860faee");
}

#[test]
fn zobrist_incremental_equals_scratch_along_random_games() {
    let mut rng = StdRng::seed_from_u64(3);
    for size in ["8x8", "6x6", "3x8", "8x1", "10x10", "1x16", "16x3", "16x16"] {
        for _ in 0..20 {
            let mut position = Position::start(board(size));
            while !position.is_game_over() {
                let moves = position.legal_moves();
                position.play(*moves.choose(&mut rng).unwrap());
                assert_eq!(position.hash(), position.hash_from_scratch(), "{position}");
            }
        }
    }
}
