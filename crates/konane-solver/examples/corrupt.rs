use konane_core::{Board, Move, Position, Square};
use konane_solver::{certify, Solver, SolverOptions};
use konane_verify::{verify, Canonical, Certificate, LeafSolver, Section};
fn main() {
    let root = Position::start(Board::new(5, 5).unwrap());
    let solver = Solver::new(root.board(), SolverOptions::default());
    let c = certify(&solver, &root, konane_core::Color::Black, 8, |_| {}).unwrap();
    let rebuild = |won: Vec<_>, lost: Vec<_>| {
        Certificate::new(c.root(), c.winner(), c.leaf_pieces(), won, lost)
    };
    // illegal
    let mut won = c.won().to_vec();
    let i = won
        .iter()
        .position(|&(k, _)| c.position(Section::Won, k).phase() == konane_core::Phase::Jumps)
        .unwrap();
    won[i].1 = Move::removal(Square::new(0, 0));
    println!("{}", verify(&rebuild(won, c.lost().to_vec())).unwrap_err());
    // missing
    let canonical = Canonical::new(root.board());
    let dropped = c
        .lost()
        .iter()
        .find_map(|&k| {
            let p = c.position(Section::Lost, k);
            p.legal_moves().iter().find_map(|&mv| {
                let (ck, _) = canonical.of(&p.after(mv));
                c.find_won(ck).map(|_| ck)
            })
        })
        .unwrap();
    let won: Vec<_> = c
        .won()
        .iter()
        .copied()
        .filter(|&(k, _)| k != dropped)
        .collect();
    println!("{}", verify(&rebuild(won, c.lost().to_vec())).unwrap_err());
    // leaf
    let mut leaves = LeafSolver::new();
    let (i, bad) = c
        .won()
        .iter()
        .enumerate()
        .find_map(|(i, &(k, _))| {
            let p = c.position(Section::Won, k);
            let b = p.legal_moves().iter().copied().find(|&mv| {
                let ch = p.after(mv);
                ch.occupied().count_ones() <= 8 && leaves.wins(&ch)
            })?;
            Some((i, b))
        })
        .unwrap();
    let mut won = c.won().to_vec();
    won[i].1 = bad;
    println!("{}", verify(&rebuild(won, c.lost().to_vec())).unwrap_err());
    let wrong = Certificate::new(
        c.root(),
        konane_core::Color::White,
        8,
        c.won().to_vec(),
        c.lost().to_vec(),
    );
    println!("{}", verify(&wrong).unwrap_err());
}
