//! A split solve proven in pieces: the certificate of the top (the positions above the
//! units) joined with one certificate a unit verifies as one proof, and the pieces are
//! needed: the top alone, or without one of its units, fails; a unit won by the other
//! side cannot be joined; the top is refused while the results leave the root open.

mod common;

use std::sync::Mutex;

use common::dashmap_solver;
use konane_core::{Board, Position};
use konane_solver::units::{
    back_up, solve_units, top_certificate, Place, Results, RunningUnits, Split,
};
use konane_solver::{certify_position, CertifyError, Solver};
use konane_verify::{AnyCertificate, JoinError};

/// The leaf limit of every certificate here.
const LEAF: u32 = 10;

/// The split of `board`'s start at `depth` plies with every unit solved.
fn solved_split(board: Board, depth: u32) -> (Split, Results, Solver) {
    let split = Split::new(Position::start(board), depth);
    let solver = dashmap_solver(board);
    let found = Mutex::new(Vec::new());
    solve_units(&solver, split.units(), &RunningUnits::default(), |r| {
        found.lock().unwrap().push(r)
    });
    let mut results = Results::default();
    for result in found.into_inner().unwrap() {
        let place = Place {
            path: "memory".into(),
            line: 0,
        };
        results.insert(result, place).unwrap();
    }
    (split, results, solver)
}

/// The certificate of unit `id`, as the shard that solved it writes it.
fn unit_certificate(split: &Split, results: &Results, solver: &Solver, id: u64) -> AnyCertificate {
    let unit = &split.units()[id as usize - 1];
    let winner = results.by_unit[&id].0.winner;
    certify_position(solver, &unit.position, winner, LEAF, |_| {}).unwrap()
}

/// `certificate` written and read back, as `konane verify` reads its files.
fn reread(certificate: &AnyCertificate) -> AnyCertificate {
    let mut file = Vec::new();
    certificate.write(&mut file).unwrap();
    AnyCertificate::read(&file[..]).unwrap()
}

#[test]
fn the_top_and_its_units_verify_as_one_proof_and_each_is_needed() {
    for (w, h, depth) in [(6, 5, 4), (5, 6, 3)] {
        let board = Board::new(w, h).unwrap();
        let (split, results, solver) = solved_split(board, depth);
        let backup = back_up(&split, &results);
        let top = top_certificate(&split, &results, LEAF).unwrap();
        assert_eq!(Some(top.certificate.winner()), backup.winner, "{board}");
        assert!(!top.units.is_empty(), "{board}");
        assert!(top.certificate.won_count() + top.certificate.lost_count() > 0);
        let parts: Vec<AnyCertificate> = top
            .units
            .iter()
            .map(|&id| reread(&unit_certificate(&split, &results, &solver, id)))
            .collect();
        let whole = reread(&top.certificate).join(parts.clone()).unwrap();
        let summary = whole.verify();
        assert!(summary.is_ok(), "{board}: {:?}", summary.err());
        // The top alone leaves its units unproven.
        assert!(top.certificate.verify().is_err(), "{board}");
        // So does the top without the records of one of its units (one with records).
        let needed = parts
            .iter()
            .position(|p| p.won_count() + p.lost_count() > 0)
            .expect("some unit has records");
        let mut fewer = parts.clone();
        fewer.remove(needed);
        let partial = top.certificate.join(fewer).unwrap();
        assert!(partial.verify().is_err(), "{board}");
    }
}

#[test]
fn a_unit_of_the_other_winner_does_not_join_and_an_open_root_has_no_top() {
    let board = Board::new(6, 5).unwrap();
    let (split, results, solver) = solved_split(board, 4);
    let top = top_certificate(&split, &results, LEAF).unwrap();
    let winner = top.certificate.winner();
    let other = split
        .units()
        .iter()
        .find(|u| results.by_unit[&u.id].0.winner != winner)
        .expect("some unit is won by the other side");
    let part = unit_certificate(&split, &results, &solver, other.id);
    assert!(matches!(
        top.certificate.join(vec![part]),
        Err(JoinError::Winner { part: 1, .. })
    ));
    // A certificate of another board does not join either.
    let (small, small_results, small_solver) = solved_split(Board::new(5, 4).unwrap(), 3);
    let foreign = unit_certificate(&small, &small_results, &small_solver, 1);
    assert!(matches!(
        top.certificate.join(vec![foreign]),
        Err(JoinError::Board { part: 1, .. })
    ));
    // With no results the root is open.
    assert_eq!(
        top_certificate(&split, &Results::default(), 8).err(),
        Some(CertifyError::NotProven)
    );
}
