//! Which root moves win, within a budget: the one answer the engine's endgame handover,
//! the browser board's solver badge and Python's `solve` all ask the exact solver for,
//! each with its own named [`WinningMovesBudget`].

use konane_core::{Move, Position};
use konane_solver::{RootReport, RootThreads, Solver};

/// How much one caller may spend proving the root moves (and, where it goes with them,
/// the distance to the end): one policy per caller, each named for it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum WinningMovesBudget {
    /// The endgame handover before each search: positions of at most 24 pieces, 50,000
    /// proof nodes in all (a few milliseconds), on the search's thread alone so the
    /// search stays deterministic. On 6x6, random games' positions of 24 pieces were all
    /// solved within 65,000 solver nodes, those of 22 within 11,000.
    InPlay,
    /// The browser board's solver badge: positions of at most 28 pieces, 1.5 million
    /// proof nodes in all (a fraction of a second), on the calling thread.
    Analysis,
    /// Python's `konane.solve`: any position, the caller's node limit (`None`: none),
    /// the root moves in parallel on the current rayon pool.
    Python { node_limit: Option<u64> },
}

impl WinningMovesBudget {
    /// The most pieces (both sides) a position may have to be tried; `None`: no limit.
    pub const fn max_pieces(self) -> Option<u32> {
        match self {
            WinningMovesBudget::InPlay => Some(24),
            WinningMovesBudget::Analysis => Some(28),
            WinningMovesBudget::Python { .. } => None,
        }
    }

    /// The proof nodes all root moves together may spend.
    pub const fn nodes(self) -> u64 {
        match self {
            WinningMovesBudget::InPlay => 50_000,
            WinningMovesBudget::Analysis => 1_500_000,
            WinningMovesBudget::Python { node_limit } => match node_limit {
                Some(limit) => limit,
                None => u64::MAX,
            },
        }
    }

    /// The nodes the distance search that goes with the proof may spend: about a second
    /// in play (the search's own limits cut it shorter), a fraction of a second on the
    /// badge, and for Python the caller's node limit or 2 million (about three seconds
    /// on 6x5, which it solves in 1.6 million).
    pub const fn distance_nodes(self) -> u64 {
        match self {
            WinningMovesBudget::InPlay => 2_000_000,
            WinningMovesBudget::Analysis => 1_500_000,
            WinningMovesBudget::Python { node_limit } => match node_limit {
                Some(limit) => limit,
                None => 2_000_000,
            },
        }
    }

    /// Where the root moves are solved.
    pub const fn threads(self) -> RootThreads {
        match self {
            WinningMovesBudget::InPlay | WinningMovesBudget::Analysis => RootThreads::Calling,
            WinningMovesBudget::Python { .. } => RootThreads::Pool,
        }
    }

    /// Whether `position` is small enough to be tried.
    pub fn admits(self, position: &Position) -> bool {
        self.max_pieces()
            .is_none_or(|most| position.piece_count() <= most)
    }
}

/// The value of each root move of `position` among `among` (every legal move when
/// empty, as in `searchmoves`) that `solver` proves within `budget`: `None` when the
/// position has more pieces than the budget admits. What was proven before the budget
/// (or the solver's stop flag) cut it short is kept, so
/// [`RootReport::winning_moves`] are always proven wins and [`RootReport::winner`] is
/// known as soon as one move wins or every move asked about loses.
pub fn winning_moves(
    solver: &Solver,
    position: &Position,
    among: &[Move],
    budget: WinningMovesBudget,
) -> Option<RootReport> {
    budget
        .admits(position)
        .then(|| solver.solve_root(position, among, budget.nodes(), budget.threads(), |_, _| {}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;
    use konane_solver::{SolverOptions, TableKind};

    fn solver(board: Board) -> Solver {
        let options = SolverOptions {
            table: TableKind::Packed,
            capacity: 1 << 16,
            split_plies: 0,
            ..SolverOptions::default()
        };
        Solver::new(board, options)
    }

    /// The plain answer: each root move's child solved alone, without any budget.
    fn reference(position: &Position) -> Vec<Move> {
        let side = position.side_to_move();
        position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| {
                let verdict = konane_solver::solve_limited(&position.after(mv), u64::MAX);
                verdict.expect("no budget").winner == side
            })
            .collect()
    }

    #[test]
    fn every_budget_finds_every_winning_move_of_a_small_board() {
        // 5x5: every first removal wins for Black; 4x4: none does; 5x5 after the
        // centre's removal, the 24 pieces the handover takes.
        let mut after_centre = Position::start("5x5".parse().unwrap());
        after_centre.play_all(["c3"]).unwrap();
        let positions = [
            Position::start("5x5".parse().unwrap()),
            Position::start("4x4".parse().unwrap()),
            after_centre,
        ];
        let mut tried = 0;
        for position in positions {
            let expected = reference(&position);
            for budget in [
                WinningMovesBudget::InPlay,
                WinningMovesBudget::Analysis,
                WinningMovesBudget::Python { node_limit: None },
            ] {
                let Some(report) = winning_moves(&solver(position.board()), &position, &[], budget)
                else {
                    assert!(position.piece_count() > budget.max_pieces().unwrap());
                    continue;
                };
                tried += 1;
                let fen = position.to_fen();
                assert!(report.complete, "{fen} {budget:?}");
                assert_eq!(report.winning_moves(), expected, "{fen} {budget:?}");
                let side = position.side_to_move();
                let winner = if expected.is_empty() { !side } else { side };
                assert_eq!(report.winner(), Some(winner), "{fen} {budget:?}");
            }
        }
        assert_eq!(tried, 8, "all but the in-play 5x5 start");
    }

    #[test]
    fn only_the_moves_asked_about_are_solved() {
        let mut position = Position::start("5x5".parse().unwrap());
        position.play_all(["c3", "d3"]).unwrap();
        let legal: Vec<Move> = position.legal_moves().to_vec();
        let among = &legal[..1];
        let budget = WinningMovesBudget::Python { node_limit: None };
        let report = winning_moves(&solver(position.board()), &position, among, budget).unwrap();
        assert!(report.complete);
        assert_eq!(report.values.len(), 1);
        assert_eq!(report.values[0].mv, legal[0]);
    }

    #[test]
    fn a_position_too_big_or_a_budget_too_small_proves_nothing_false() {
        let eight = Position::start(Board::STANDARD);
        assert_eq!(eight.piece_count(), 64);
        let big = winning_moves(
            &solver(eight.board()),
            &eight,
            &[],
            WinningMovesBudget::InPlay,
        );
        assert!(big.is_none(), "64 pieces is past the in-play limit");
        assert!(!WinningMovesBudget::Analysis.admits(&eight));
        assert!(WinningMovesBudget::Python { node_limit: None }.admits(&eight));
        // 6x6 needs millions of nodes: 100 prove part of it at most, never wrongly.
        let six = Position::start("6x6".parse().unwrap());
        let tight = WinningMovesBudget::Python {
            node_limit: Some(100),
        };
        let report = winning_moves(&solver(six.board()), &six, &[], tight).unwrap();
        assert!(!report.complete);
        assert!(report.winning_moves().is_empty(), "White wins 6x6");
    }

    #[test]
    fn on_the_calling_thread_the_answer_is_the_same_every_time() {
        let mut position = Position::start("5x5".parse().unwrap());
        position.play_all(["c3", "c4"]).unwrap();
        let run = || {
            let report = winning_moves(
                &solver(position.board()),
                &position,
                &[],
                WinningMovesBudget::InPlay,
            );
            report.map(|r| (r.values, r.complete, r.nodes))
        };
        assert_eq!(run(), run());
    }

    #[test]
    fn the_budgets_are_the_documented_ones() {
        use WinningMovesBudget::*;
        assert_eq!((InPlay.max_pieces(), InPlay.nodes()), (Some(24), 50_000));
        assert_eq!(
            (Analysis.max_pieces(), Analysis.nodes()),
            (Some(28), 1_500_000)
        );
        let python = Python { node_limit: None };
        assert_eq!((python.max_pieces(), python.nodes()), (None, u64::MAX));
        assert_eq!(python.distance_nodes(), 2_000_000);
        assert_eq!(
            Python {
                node_limit: Some(7)
            }
            .distance_nodes(),
            7
        );
        assert_eq!(InPlay.threads(), RootThreads::Calling);
        assert_eq!(python.threads(), RootThreads::Pool);
    }
}
