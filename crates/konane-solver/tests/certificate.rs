//! Certificates written from the solver's proofs: they round-trip through the file
//! format and pass the independent checker on every small board and on random
//! positions, and every kind of corruption (a winning move, a loser's move, the root,
//! a leaf's value, an extra record) is caught with a message naming it.

mod common;

use common::{dashmap_solver, on_threads, pn_solver, random_play};
use konane_core::U256;
use konane_core::{Board, Color, Move, Position};
use konane_solver::{
    certify, certify_any, CertifyError, RootReport, Solver, SolverOptions, TableKind,
};
use konane_verify::{
    verify, AnyCertificate, Canonical, Certificate, Failure, Key, KeyWord, LeafSolver, Problem,
    Section,
};
use rand::{Rng, SeedableRng};

/// The certificate of `root` with leaf limit `leaf_pieces`, written to bytes and read
/// back (checked equal).
fn certificate(root: &Position, leaf_pieces: u32) -> Certificate {
    let solver = dashmap_solver(root.board());
    let report = solver.solve_moves(root, |_, _| {});
    let certificate = certify(&solver, root, &report, leaf_pieces, |_| {}).unwrap();
    let read = reread(&certificate);
    assert_eq!(read, certificate);
    read
}

/// `certificate` written to bytes and read back.
fn reread(certificate: &Certificate) -> Certificate {
    let mut file = Vec::new();
    certificate.write(&mut file).unwrap();
    Certificate::read(&file[..]).unwrap()
}

/// `certificate` with its records replaced.
fn with_records(certificate: &Certificate, won: Vec<(Key, Move)>, lost: Vec<Key>) -> Certificate {
    reread(&Certificate::new(
        certificate.root(),
        certificate.winner(),
        certificate.leaf_pieces(),
        won,
        lost,
    ))
}

fn failure_of(certificate: &Certificate) -> Failure {
    verify(certificate).expect_err("the corrupted certificate must fail")
}

#[test]
fn every_board_up_to_5x5_round_trips_and_verifies() {
    for width in 1..=5 {
        for height in 1..=5 {
            let root = Position::start(Board::new(width, height).unwrap());
            for leaf_pieces in [0, 4, 12] {
                let certificate = certificate(&root, leaf_pieces);
                let summary = verify(&certificate)
                    .unwrap_or_else(|f| panic!("{width}x{height} leaf {leaf_pieces}: {f}"));
                assert_eq!(summary.won, certificate.won().len());
                // The claim is the truth, by the checker's own search of the start.
                let mover_wins = LeafSolver::new().wins(&root);
                assert_eq!(
                    certificate.winner() == root.side_to_move(),
                    mover_wins,
                    "{width}x{height}"
                );
            }
        }
    }
}

#[test]
fn certificates_do_not_depend_on_threads_or_table() {
    // The walk takes, at each winner's position, the first move (in solve_limited's
    // order) that is proven to win: a fact, whatever the table kept or the threads did.
    let root = Position::start(Board::new(6, 5).unwrap());
    let written = |threads: usize, table: TableKind, capacity: usize| {
        on_threads(threads, || {
            let options = SolverOptions {
                table,
                capacity,
                split_plies: 4,
                ..SolverOptions::default()
            };
            let solver = Solver::new(root.board(), options);
            let report = solver.solve_moves(&root, |_, _| {});
            certify::<u64, _>(&solver, &root, &report, 10, |_| {}).unwrap()
        })
    };
    let one = written(1, TableKind::Packed, 1 << 20);
    assert_eq!(written(2, TableKind::Packed, 1 << 14), one);
    assert_eq!(written(2, TableKind::DashMap, 1 << 20), one);
}

/// Where the solve searched by proof numbers the writer follows that proof (the moves
/// the table already knows to win): the certificate verifies whatever the threads,
/// and with one thread it is the same on every run.
#[test]
fn certificates_of_proof_number_solves_verify_and_repeat_on_one_thread() {
    for (width, height) in [(5, 4), (4, 5), (6, 4), (4, 6), (5, 5)] {
        let root = Position::start(Board::new(width, height).unwrap());
        let written = |threads: usize| {
            on_threads(threads, || {
                let solver = pn_solver(root.board(), 12, 1 << 12, 1 << 16);
                let report = solver.solve_moves(&root, |_, _| {});
                certify::<u64, _>(&solver, &root, &report, 6, |_| {}).unwrap()
            })
        };
        let one = written(1);
        assert_eq!(written(1), one, "{width}x{height}");
        for certificate in [reread(&one), reread(&written(2))] {
            let summary = verify(&certificate).unwrap_or_else(|f| panic!("{width}x{height}: {f}"));
            assert_eq!(summary.won, certificate.won().len());
            assert!(certificate.won().len() + certificate.lost().len() > 0);
        }
    }
}

#[test]
fn records_are_canonical_and_above_the_leaf_limit() {
    let root = Position::start(Board::new(5, 5).unwrap());
    let certificate = certificate(&root, 6);
    let canonical = Canonical::new(root.board());
    for &(key, _) in certificate.won() {
        let position = certificate.position(Section::Won, key);
        assert_eq!(canonical.of(&position).0, key);
        assert!(position.piece_count() > 6);
    }
    for &key in certificate.lost() {
        let position = certificate.position(Section::Lost, key);
        assert_eq!(canonical.of(&position).0, key);
        assert!(position.piece_count() > 6);
        assert!(position.count_moves() > 0);
    }
}

#[test]
fn random_positions_certify_and_verify() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(14);
    for size in ["6x5", "5x6", "7x4", "4x7"] {
        let board: Board = size.parse().unwrap();
        for _ in 0..6 {
            let plies = rng.gen_range(5..12);
            let position = random_play(board, plies, &mut rng);
            let certificate = certificate(&position, 8);
            verify(&certificate).unwrap_or_else(|f| panic!("{position}: {f}"));
        }
    }
}

/// The 5x5 certificate with leaf limit 8 the corruption tests start from.
fn five_by_five() -> Certificate {
    let certificate = certificate(&Position::start(Board::new(5, 5).unwrap()), 8);
    verify(&certificate).unwrap();
    certificate
}

/// `certificate` with the winning move of its first won record for which `choose`
/// picks a replacement changed to it; the record's index and the new move.
fn change_a_winning_move(
    certificate: &Certificate,
    mut choose: impl FnMut(&Position) -> Option<Move>,
) -> (Certificate, usize, Move) {
    let (index, bad) = certificate
        .won()
        .iter()
        .enumerate()
        .find_map(|(i, &(key, _))| Some((i, choose(&certificate.position(Section::Won, key))?)))
        .expect("some won record has a replacement");
    let mut won = certificate.won().to_vec();
    won[index].1 = bad;
    let corrupted = with_records(certificate, won, certificate.lost().to_vec());
    (corrupted, index, bad)
}

#[test]
fn a_changed_winning_move_fails() {
    let certificate = five_by_five();
    let mut leaves = LeafSolver::new();
    // A move that does not win (by the checker's own search).
    let (corrupted, _, _) = change_a_winning_move(&certificate, |position| {
        position
            .legal_moves()
            .iter()
            .copied()
            .find(|&mv| leaves.wins(&position.after(mv)))
    });
    let failure = failure_of(&corrupted);
    let message = failure.to_string();
    // The move now leads to a position won for the loser: no lost record (or leaf) proves it.
    match &*failure.problem {
        Problem::Missing { needed, .. } => assert_eq!(*needed, Section::Lost, "{message}"),
        Problem::LeafValue { claimed_win, .. } => assert!(!claimed_win, "{message}"),
        _ => panic!("unexpected failure: {message}"),
    }
    // The failing line ends with the bad move, as played from the root.
    assert!(!failure.line.is_empty(), "{message}");
}

#[test]
fn an_illegal_winning_move_fails_naming_it() {
    let certificate = five_by_five();
    // a1 (a removal) is illegal once jumping has started.
    let illegal = Move::removal(konane_core::Square::new(0, 0));
    let (corrupted, index, _) = change_a_winning_move(&certificate, |position| {
        (position.phase() == konane_core::Phase::Jumps).then_some(illegal)
    });
    let failure = failure_of(&corrupted);
    let message = failure.to_string();
    assert!(
        matches!(&*failure.problem, Problem::IllegalMove { mv, record } if *mv == illegal && record.index == index),
        "{message}"
    );
    assert!(
        message.contains("a1, which is not legal there"),
        "{message}"
    );
    assert!(
        message.contains(&format!("won record {index}")),
        "{message}"
    );
}

#[test]
fn a_dropped_reply_of_the_loser_fails() {
    // Take away the proof of one of a loser's moves: the won record it leads to.
    let certificate = five_by_five();
    let canonical = Canonical::new(certificate.root().board());
    let (dropped, mv) = certificate
        .lost()
        .iter()
        .find_map(|&key| {
            let position = certificate.position(Section::Lost, key);
            position.legal_moves().iter().find_map(|&mv| {
                let (child, _) = canonical.of(&position.after(mv));
                certificate.find_won(child).map(|_| (child, mv))
            })
        })
        .expect("a loser's move leads to a won record");
    let won: Vec<(Key, Move)> = certificate
        .won()
        .iter()
        .copied()
        .filter(|&(key, _)| key != dropped)
        .collect();
    let corrupted = with_records(&certificate, won, certificate.lost().to_vec());
    let failure = failure_of(&corrupted);
    let message = failure.to_string();
    assert!(
        matches!(
            *failure.problem,
            Problem::Missing {
                needed: Section::Won,
                ..
            }
        ),
        "{message}"
    );
    assert!(
        message.contains("needs a won record, and there is none"),
        "{message}"
    );
    // The failure names a loser's move (maybe a symmetric image of `mv` on another line).
    let last = *failure.line.last().expect("below the root");
    assert!(
        last.from() != last.to() || mv.from() == mv.to(),
        "{message}"
    );
}

#[test]
fn a_changed_root_fails() {
    let certificate = five_by_five();
    // The wrong winner: the root (Black to move, Black wins) would need a lost record.
    let wrong_winner = Certificate::new(
        certificate.root(),
        Color::White,
        certificate.leaf_pieces(),
        certificate.won().to_vec(),
        certificate.lost().to_vec(),
    );
    let failure = failure_of(&wrong_winner);
    assert!(failure.line.is_empty());
    assert!(
        matches!(
            *failure.problem,
            Problem::Missing {
                needed: Section::Lost,
                ..
            }
        ),
        "{failure}"
    );
    assert!(failure.to_string().starts_with("at the root:"), "{failure}");
    // Another root: the records prove the start, not the position after a1.
    let mut other = certificate.root();
    other.play(other.parse_move("a1").unwrap());
    let moved = Certificate::new(
        other,
        certificate.winner(),
        certificate.leaf_pieces(),
        certificate.won().to_vec(),
        certificate.lost().to_vec(),
    );
    let failure = failure_of(&moved);
    assert!(
        matches!(
            *failure.problem,
            Problem::Missing { .. } | Problem::Unused { .. }
        ),
        "{failure}"
    );
}

#[test]
fn a_false_leaf_claim_fails() {
    // A won record whose move leads into a leaf that is won for the opponent.
    let certificate = five_by_five();
    let limit = certificate.leaf_pieces();
    let mut leaves = LeafSolver::new();
    let (corrupted, _, _) = change_a_winning_move(&certificate, |position| {
        position.legal_moves().iter().copied().find(|&mv| {
            let child = position.after(mv);
            child.piece_count() <= limit && leaves.wins(&child)
        })
    });
    let failure = failure_of(&corrupted);
    let message = failure.to_string();
    assert!(
        matches!(
            *failure.problem,
            Problem::LeafValue {
                claimed_win: false,
                ..
            }
        ),
        "{message}"
    );
    assert!(message.contains("must be lost for"), "{message}");
    assert!(
        message.contains("the checker's own search finds it won"),
        "{message}"
    );
}

#[test]
fn an_unused_record_fails() {
    let certificate = five_by_five();
    let mut lost = certificate.lost().to_vec();
    // The start position itself with White to move is no position of the proof.
    let root = certificate.root();
    let key = konane_verify::key_of(
        root.board(),
        root.pieces(Color::Black),
        root.pieces(Color::White),
    );
    lost.push(key);
    let corrupted = with_records(&certificate, certificate.won().to_vec(), lost);
    let failure = failure_of(&corrupted);
    assert!(
        matches!(*failure.problem, Problem::Unused { count: 1, .. }),
        "{failure}"
    );
}

#[test]
fn a_wrong_claim_is_refused_by_the_writer() {
    // A report that claims every Black removal on 5x5 loses (it is a Black win): the
    // walk finds a position it cannot prove and says so.
    let root = Position::start(Board::new(5, 5).unwrap());
    let solver = dashmap_solver(root.board());
    let false_report = RootReport {
        side: Color::Black,
        values: Vec::new(),
        complete: true,
        nodes: 0,
        jobs: 0,
    };
    let result = certify::<u64, _>(&solver, &root, &false_report, 8, |_| {});
    assert!(
        matches!(result, Err(CertifyError::Contradiction { .. })),
        "{result:?}"
    );
    let unproven = RootReport {
        complete: false,
        ..false_report
    };
    let result = certify::<u64, _>(&solver, &root, &unproven, 8, |_| {});
    assert_eq!(result.unwrap_err(), CertifyError::NotProven);
}

#[test]
fn a_leaf_limit_a_file_cannot_hold_is_refused() {
    let root = Position::start(Board::new(4, 4).unwrap());
    let solver = dashmap_solver(root.board());
    let report = solver.solve_moves(&root, |_, _| {});
    let limit = konane_verify::MAX_LEAF_PIECES + 1;
    let result = certify::<u64, _>(&solver, &root, &report, limit, |_| {});
    assert_eq!(result.unwrap_err(), CertifyError::LeafLimit(limit));
    let allowed = certify::<u64, _>(&solver, &root, &report, limit - 1, |_| {});
    assert!(allowed.is_ok(), "{allowed:?}");
}

#[test]
fn a_winning_root_takes_its_move_from_the_report() {
    // 5x5: Black wins with every removal; the certificate uses the report's first.
    let root = Position::start(Board::new(5, 5).unwrap());
    let solver = dashmap_solver(root.board());
    let report = solver.solve_moves(&root, |_, _| {});
    let certificate: Certificate = certify(&solver, &root, &report, 8, |_| {}).unwrap();
    let canonical = Canonical::new(root.board());
    let (key, symmetry) = canonical.of(&root);
    let index = certificate.find_won(key).expect("the root has its record");
    let first = report.winning_moves()[0];
    assert_eq!(
        certificate.won()[index].1,
        symmetry.apply_move(root.board(), first)
    );
    verify(&certificate).unwrap();
}

/// A late position of `board`: the start's pieces of the 5x4 window at its top right
/// corner only (the highest square numbers, so the keys need their top bits), less two
/// neighbours chosen by `seed`, with a side to move that has a move.
fn late_position(board: Board, seed: u64) -> Position {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let (width, height) = (board.width(), board.height());
    let window: Vec<konane_core::Square> = (height - 4..height)
        .flat_map(|rank| (width - 5..width).map(move |file| konane_core::Square::new(file, rank)))
        .collect();
    loop {
        let hole = window[rng.gen_range(0..window.len() - 1)];
        let next = window[window.iter().position(|&s| s == hole).unwrap() + 1];
        let (mut black, mut white) = (konane_core::SquareSet::EMPTY, konane_core::SquareSet::EMPTY);
        for &square in window.iter().filter(|&&s| s != hole && s != next) {
            match board.start_color(square) {
                Color::Black => black = black.with(square),
                Color::White => white = white.with(square),
            }
        }
        for side in [Color::Black, Color::White] {
            let position = Position::from_squares(board, black, white, side).unwrap();
            if position.count_moves() > 0 {
                return position;
            }
        }
    }
}

/// Boards of more than 64 squares: the certificate holds `U256` keys, is written in
/// format version 2, reads back the same, verifies, and is refused when tampered with
/// (a winning move made illegal, a loser's reply's proof removed, the winner swapped).
#[test]
fn boards_beyond_64_squares_certify_in_version_2_and_tampering_is_refused() {
    for (size, seed) in [("9x8", 1), ("10x10", 2), ("16x16", 3), ("13x5", 4)] {
        let board: Board = size.parse().unwrap();
        let root = late_position(board, seed);
        let solver = dashmap_solver(board);
        let report = solver.solve_moves(&root, |_, _| {});
        let any = certify_any(&solver, &root, &report, 4, |_| {}).unwrap();
        assert_eq!(any.version(), 2, "{size}");
        let mut file = Vec::new();
        any.write(&mut file).unwrap();
        assert!(file.starts_with(b"konane-certificate 2\n"));
        let read = AnyCertificate::read(&file[..]).unwrap();
        assert_eq!(read, any);
        let summary = read.verify().unwrap();
        let AnyCertificate::Wide(certificate) = read else {
            panic!("{size} needs wide keys")
        };
        assert!(
            certificate.won().len() + certificate.lost().len() > 0,
            "{size}: {root}"
        );
        assert_eq!(summary.won, certificate.won().len());
        // u64 keys cannot hold the board.
        let narrow = certify::<u64, _>(&solver, &root, &report, 4, |_| {});
        assert_eq!(narrow.unwrap_err(), CertifyError::BoardTooLarge(board));
        tampered_certificates_fail(&certificate, size);
    }
}

/// Three corruptions of `certificate`, each refused (checked after a write and a read).
fn tampered_certificates_fail<W: KeyWord>(certificate: &Certificate<W>, what: &str) {
    let rebuilt = |won: Vec<(Key<W>, Move)>, lost: Vec<Key<W>>, winner: Color| {
        let changed = Certificate::new(
            certificate.root(),
            winner,
            certificate.leaf_pieces(),
            won,
            lost,
        );
        let mut file = Vec::new();
        changed.write(&mut file).unwrap();
        let read = Certificate::<W>::read(&file[..]).unwrap();
        assert_eq!(read, changed);
        verify(&read).expect_err(what)
    };
    let winner = certificate.winner();
    let failure = rebuilt(
        certificate.won().to_vec(),
        certificate.lost().to_vec(),
        !winner,
    );
    assert!(
        failure.to_string().contains("at the root"),
        "{what}: {failure}"
    );
    if let Some(&(key, mv)) = certificate.won().first() {
        let position = certificate.position(Section::Won, key);
        // Any move not legal in the record's position: the reverse of its winning move.
        let bad = Move::jump(mv.to(), mv.from());
        assert!(!position.is_legal(bad));
        let mut won = certificate.won().to_vec();
        won[0].1 = bad;
        let failure = rebuilt(won, certificate.lost().to_vec(), winner);
        assert!(
            matches!(*failure.problem, Problem::IllegalMove { .. }),
            "{what}: {failure}"
        );
    }
    if !certificate.lost().is_empty() {
        let mut lost = certificate.lost().to_vec();
        lost.remove(lost.len() / 2);
        let failure = rebuilt(certificate.won().to_vec(), lost, winner);
        assert!(
            matches!(
                *failure.problem,
                Problem::Missing {
                    needed: Section::Lost,
                    ..
                }
            ),
            "{what}: {failure}"
        );
    }
}

/// Boards of at most 64 squares are written in version 1 as before; written in version
/// 2 they read back the same and verify.
#[test]
fn small_boards_read_the_same_in_either_version() {
    let root = Position::start(Board::new(5, 4).unwrap());
    let certificate = certificate(&root, 4);
    assert_eq!(certificate.version(), 1);
    let mut file = Vec::new();
    certificate.write_version(&mut file, 2).unwrap();
    let read = Certificate::<u64>::read(&file[..]).unwrap();
    assert_eq!(read, certificate);
    verify(&read).unwrap();
    // The same proof with U256 keys.
    let wide = Certificate::<U256>::read(&file[..]).unwrap();
    assert_eq!(verify(&wide).unwrap(), verify(&certificate).unwrap());
}

/// A lost record of a position where the side to move has no move is never looked up
/// (that side has lost by the rules): the checker refuses it as a record the proof
/// does not reach.
#[test]
fn a_lost_record_of_a_position_without_moves_is_refused_as_unused() {
    let root = Position::start(Board::new(5, 4).unwrap());
    let certificate = certificate(&root, 4);
    // A position of the proof's kind (loser to move) with no move: a lone loser's piece.
    let board = root.board();
    let loser = !certificate.winner();
    let square = konane_core::Square::new(0, 0);
    let (black, white) = match loser {
        Color::Black => (
            konane_core::SquareSet::EMPTY.with(square),
            konane_core::SquareSet::EMPTY,
        ),
        Color::White => (
            konane_core::SquareSet::EMPTY,
            konane_core::SquareSet::EMPTY.with(square),
        ),
    };
    let moveless = Position::from_squares(board, black, white, loser).unwrap();
    assert_eq!(moveless.count_moves(), 0);
    let (key, _) = Canonical::new(board).of::<u64>(&moveless);
    let mut lost = certificate.lost().to_vec();
    lost.push(key);
    let corrupted = with_records(&certificate, certificate.won().to_vec(), lost);
    match *failure_of(&corrupted).problem {
        Problem::Unused { count: 1, .. } => {}
        other => panic!("{other:?}"),
    }
}

/// What `Summary::leaves` counts: every arrival of the walk at a position of at most
/// the leaf limit of pieces in which the side to move has a move, a leaf reached along
/// two lines counted twice. Checked against a plain walk of the proof written here.
#[test]
fn the_leaf_count_counts_arrivals() {
    let mut repeats = 0;
    for (size, leaf_pieces) in [("5x5", 8), ("6x4", 10), ("5x4", 6), ("6x5", 12)] {
        let root = Position::start(size.parse().unwrap());
        let certificate = certificate(&root, leaf_pieces);
        let summary = verify(&certificate).unwrap();
        let (arrivals, distinct) = leaf_arrivals(&certificate);
        assert_eq!(summary.leaves, arrivals, "{size}");
        repeats += arrivals - distinct;
    }
    assert!(repeats > 0, "some leaf is reached twice");
}

/// The leaf arrivals of the proof and the distinct leaf positions among them.
fn leaf_arrivals(certificate: &Certificate) -> (u64, u64) {
    let board = certificate.root().board();
    let canonical = Canonical::new(board);
    let mut seen = std::collections::HashSet::new();
    let mut leaves = std::collections::HashSet::new();
    let mut arrivals = 0;
    let mut stack = vec![(
        certificate.root(),
        certificate.root().side_to_move() == certificate.winner(),
    )];
    while let Some((position, must_win)) = stack.pop() {
        if !must_win && position.count_moves() == 0 {
            continue;
        }
        if position.piece_count() <= certificate.leaf_pieces() {
            arrivals += 1;
            leaves.insert(position);
            continue;
        }
        let (key, symmetry) = canonical.of::<u64>(&position);
        if !seen.insert((key, must_win)) {
            continue;
        }
        if must_win {
            let index = certificate.find_won(key).unwrap();
            let mv = symmetry
                .inverse()
                .apply_move(board, certificate.won()[index].1);
            stack.push((position.after(mv), false));
        } else {
            for &mv in position.legal_moves().iter() {
                stack.push((position.after(mv), true));
            }
        }
    }
    (arrivals, leaves.len() as u64)
}
