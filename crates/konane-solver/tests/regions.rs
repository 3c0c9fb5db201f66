//! Regions against the whole board, on positions reached by random play: the regions
//! partition the pieces and the moves, moves stay inside their region's reach, the
//! value of the whole board (valued without splitting) is the sum of the regions'
//! values, and the outcome read from the value agrees with plain negamax for either
//! side to move. Keys are the same under symmetry and translation.

use std::collections::{HashMap, HashSet};

use konane_cgt::{GameId, Games};
use konane_core::{Board, Color, Move, Phase, Position, Symmetry};
use konane_solver::regions::{regions, RegionKey, RegionValues, ValueError};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// Positions in the jumping phase, reached by random play from the start of a few
/// board sizes, `count` of them with a fixed seed.
fn random_positions(seed: u64, count: usize, sizes: &[(u32, u32)]) -> Vec<Position> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let &(w, h) = sizes.choose(&mut rng).unwrap();
        let mut position = Position::start(Board::new(w, h).unwrap());
        let plies = rng.gen_range(2..40);
        for _ in 0..plies {
            let moves = position.legal_moves();
            let Some(&mv) = moves.choose(&mut rng) else {
                break;
            };
            position.play(mv);
        }
        if position.phase() == Phase::Jumps {
            found.push(position);
        }
    }
    found
}

fn moves_of(position: &Position, side: Color) -> HashSet<Move> {
    position
        .with_side_to_move(side)
        .legal_moves()
        .iter()
        .copied()
        .collect()
}

#[test]
fn regions_partition_the_pieces_and_the_moves() {
    let mut split = 0;
    for position in random_positions(1, 400, &[(5, 5), (6, 6), (8, 8), (7, 4), (8, 5)]) {
        let board = position.board();
        let parts = regions(&position);
        let mut pieces = [konane_core::SquareSet::EMPTY; 2];
        for (i, a) in parts.iter().enumerate() {
            for b in &parts[i + 1..] {
                assert!(a
                    .reach
                    .and(b.reach.or(b.reach.neighbours(board)))
                    .is_empty());
            }
            let sub = a.position(board, Color::Black);
            pieces[0] = pieces[0] | sub.pieces(Color::Black);
            pieces[1] = pieces[1] | sub.pieces(Color::White);
            assert!(a.black.or(a.white).minus(a.reach).is_empty());
        }
        assert_eq!(
            pieces,
            [position.pieces(Color::Black), position.pieces(Color::White)]
        );
        split += usize::from(parts.len() > 1);
        for side in [Color::Black, Color::White] {
            let whole = moves_of(&position, side);
            let mut union = HashSet::new();
            for part in &parts {
                for mv in moves_of(&part.position(board, side), side) {
                    assert!(union.insert(mv), "a move of two regions");
                }
            }
            assert_eq!(whole, union, "{position}");
            // After any move, each region of the result lies in the reach of one region.
            for &mv in &whole {
                let after = position.with_side_to_move(side).after(mv);
                for child in regions(&after) {
                    let pieces = child.black.or(child.white);
                    let parents = parts.iter().filter(|p| !pieces.and(p.reach).is_empty());
                    let parents: Vec<_> = parents.collect();
                    assert_eq!(parents.len(), 1, "{position} {mv}");
                    assert!(pieces.minus(parents[0].reach).is_empty());
                }
            }
        }
    }
    assert!(split > 100, "only {split} positions split into regions");
}

/// The value of a position valued as one game, never split, with a node limit.
fn unsplit_value(
    games: &mut Games,
    memo: &mut HashMap<Position, GameId>,
    position: &Position,
    nodes: &mut u32,
) -> Option<GameId> {
    let key = position.with_side_to_move(Color::Black);
    if let Some(&g) = memo.get(&key) {
        return Some(g);
    }
    *nodes = nodes.checked_sub(1)?;
    let mut sides = [Vec::new(), Vec::new()];
    for side in [Color::Black, Color::White] {
        let mover = position.with_side_to_move(side);
        for &mv in mover.legal_moves().iter() {
            let child = unsplit_value(games, memo, &mover.after(mv), nodes)?;
            sides[side.index()].push(child);
        }
    }
    let g = games.game(&sides[0], &sides[1]).unwrap();
    memo.insert(key, g);
    Some(g)
}

fn negamax_wins(position: &Position, memo: &mut HashMap<Position, bool>) -> bool {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let wins = position
        .legal_moves()
        .iter()
        .any(|&mv| !negamax_wins(&position.after(mv), memo));
    memo.insert(*position, wins);
    wins
}

#[test]
fn the_whole_board_is_the_sum_of_its_regions_and_agrees_with_negamax() {
    let mut db = RegionValues::new(1 << 22);
    let mut checked = 0;
    let mut split = 0;
    for position in random_positions(2, 600, &[(4, 4), (5, 5), (6, 5), (6, 6), (7, 4)]) {
        let mut games = Games::new();
        let mut nodes = 20_000;
        let Some(whole) = unsplit_value(&mut games, &mut HashMap::new(), &position, &mut nodes)
        else {
            continue;
        };
        let summed = db.value(&position, 1 << 20).unwrap();
        // The two tables number values differently: compare through the strict form.
        let text = db.games().strict(summed);
        assert_eq!(games.parse(&text).unwrap(), whole, "{position}: {text}");
        let mut memo = HashMap::new();
        for side in [Color::Black, Color::White] {
            let mover = position.with_side_to_move(side);
            let wins = negamax_wins(&mover, &mut memo);
            assert_eq!(
                db.side_to_move_wins(&mover, 1 << 20).unwrap(),
                wins,
                "{mover}"
            );
        }
        checked += 1;
        split += usize::from(regions(&position).len() > 1);
    }
    assert!(
        checked > 300 && split > 100,
        "{checked} positions checked, {split} split"
    );
}

#[test]
fn keys_are_the_same_under_symmetry_and_translation() {
    let sorted_keys = |position: &Position| {
        let mut keys: Vec<RegionKey> = regions(position).iter().map(RegionKey::of).collect();
        keys.sort();
        keys
    };
    for position in random_positions(3, 200, &[(8, 8), (6, 6), (7, 5)]) {
        let board = position.board();
        let keys = sorted_keys(&position);
        for symmetry in Symmetry::ALL {
            if symmetry.swaps_axes() && board.width() != board.height() {
                continue;
            }
            assert_eq!(
                sorted_keys(&symmetry.apply(&position)),
                keys,
                "{position} {symmetry:?}"
            );
        }
    }
    // One region in the open, moved about: one key; against an edge it is another game.
    let open = |fen: &str| sorted_keys(&fen.parse().unwrap());
    assert_eq!(open("8/8/8/3bw3/8/8/8/8 b"), open("8/8/8/8/8/8/2bw4/8 b"));
    assert_eq!(open("8/8/8/3bw3/8/8/8/8 b"), open("8/8/1w6/1b6/8/8/8/8 b"));
    assert_ne!(open("8/8/8/3bw3/8/8/8/8 b"), open("8/8/8/8/8/8/8/bw6 b"));
    let mut db = RegionValues::new(1 << 16);
    let value = |db: &mut RegionValues, fen: &str| {
        let g = db.value(&fen.parse().unwrap(), 100).unwrap();
        db.games().display(g).to_string()
    };
    assert_eq!(value(&mut db, "8/8/8/3bw3/8/8/8/8 b"), "*");
    assert_eq!(value(&mut db, "8/8/8/8/8/8/8/bw6 b"), "1");
    assert_eq!(value(&mut db, "8/8/8/8/8/8/8/6wb b"), "1");
    assert_eq!(value(&mut db, "8/8/8/8/8/8/8/6bw b"), "-1");
    let stored = db.len();
    assert_eq!(value(&mut db, "8/8/8/8/8/2bw4/8/8 w"), "*");
    assert_eq!(value(&mut db, "6/6/6/6/6/1wb3 w"), "*");
    assert_eq!(db.len(), stored, "the same regions elsewhere are looked up");
}

#[test]
fn the_database_refuses_openings_and_keeps_its_limits() {
    let start = Position::start(Board::new(6, 6).unwrap());
    let mut db = RegionValues::new(1 << 16);
    assert_eq!(db.value(&start, 100), Err(ValueError::Opening));
    let mut after = start;
    for _ in 0..2 {
        after.play(after.legal_moves()[0]);
    }
    assert_eq!(db.value(&after, 10), Err(ValueError::Budget(10)));
    let endgame: Position = "6/6/bw4/6/6/4wb w".parse().unwrap();
    let mut small = RegionValues::new(3);
    small.value(&endgame, 100).unwrap();
    assert!(small.entries() >= 3);
    assert!(matches!(
        small.value(&endgame, 100),
        Err(ValueError::Full(_))
    ));
    small.clear();
    assert!(small.is_empty());
    let g = small.value(&endgame, 100).unwrap();
    assert_eq!(small.games().display(g).to_string(), "2");
}

/// A file in the temporary folder, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("konane-{}-{name}", std::process::id()));
        TempFile(path)
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn the_database_is_saved_and_loaded_and_checked() {
    let positions = random_positions(4, 120, &[(4, 4), (5, 5), (6, 4)]);
    let mut db = RegionValues::new(1 << 22);
    let valued: Vec<_> = positions
        .iter()
        .filter_map(|p| db.value(p, 5000).ok().map(|g| (p, db.games().strict(g))))
        .collect();
    assert!(valued.len() > 60);
    let file = TempFile::new("values.txt");
    assert_eq!(db.save(&file.0).unwrap(), db.len());
    let mut loaded = RegionValues::new(1 << 22);
    assert_eq!(loaded.load(&file.0, 100).unwrap(), db.len());
    assert_eq!(loaded.len(), db.len());
    for (position, text) in &valued {
        // Every region is in the loaded database: no new region may be valued.
        let g = loaded.value(position, 0).unwrap();
        assert_eq!(&loaded.games().strict(g), text);
    }

    let text = std::fs::read_to_string(&file.0).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let load = |content: &str| {
        let bad = TempFile::new("bad.txt");
        std::fs::write(&bad.0, content).unwrap();
        RegionValues::new(1 << 20)
            .load(&bad.0, 1000)
            .unwrap_err()
            .to_string()
    };
    let message = load(&text.replacen("konane-values 1", "konane-values 2", 1));
    assert!(
        message.ends_with("line 1: not a values file: the first line is not 'konane-values 1'"),
        "{message}"
    );
    let cut = lines[..lines.len() - 1].join("\n");
    assert!(load(&cut).contains("the file ends before its end line"));
    let miscounted = text.replace(&format!("end {}", db.len()), "end 1");
    assert!(load(&miscounted).contains("'end 1' after"));
    assert!(load(&format!("{text}more\n")).contains("text after the end line"));
    assert!(load("konane-values 1\n3x1 a1 a1 1\nend 1\n").contains("line 2: a square holds"));
    assert!(load("konane-values 1\n3x1 a9 - 0\nend 1\n").contains("line 2:"));
    assert!(load("konane-values 1\n3x1 a1 b1 1/3\nend 1\n").contains("line 2: value:"));
    // a1 Black, b1 White on a 3x1 board: Black jumps to c1, White cannot move: 1, not 2.
    let message = load("konane-values 1\n3x1 a1 b1 2\nend 1\n");
    assert!(
        message.ends_with("line 2: the stored value 2 is wrong: the region's value is 1"),
        "{message}"
    );
    let good = TempFile::new("good.txt");
    std::fs::write(
        &good.0,
        "konane-values 1\n3x1 a1 b1 1\n4x1 b1 c1 *\nend 2\n",
    )
    .unwrap();
    let mut small = RegionValues::new(1 << 10);
    assert_eq!(small.load(&good.0, 100).unwrap(), 2);
    let g = small
        .value(&"8/8/8/8/8/8/8/bw6 b".parse().unwrap(), 0)
        .unwrap();
    assert_eq!(small.games().display(g).to_string(), "1");
}
