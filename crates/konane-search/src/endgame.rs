//! Endgame handover: before a search of a small position, the exact solvers try to
//! settle it. The solver first proves who wins; then the distance search finds the
//! exact number of plies to the end and the line (shortest win, longest loss), which
//! the engine plays and reports as a mate score without searching. When the distance
//! does not fit the budget, a proven win still restricts the root to the moves proven
//! to win, so the win is never thrown away, whatever the depth or time left.

use std::fmt;

use konane_core::{Board, Position};
use konane_solver::{Distance, DistanceSolver, Solver, SolverOptions, TableKind};

use crate::limits::SearchLimits;
use crate::winning::{winning_moves, WinningMovesBudget};

/// The budget of the handover: [`WinningMovesBudget::InPlay`] (24 pieces, 50,000 proof
/// nodes, 2 million distance nodes).
const BUDGET: WinningMovesBudget = WinningMovesBudget::InPlay;
/// Proof table entries kept between searches (8 bytes each in the packed table).
const TABLE_ENTRIES: usize = 1 << 18;
/// Distance table entries kept between searches (reserved at the start, so that the
/// engine's memory does not step up in whichever game first fills the table).
const DISTANCE_ENTRIES: usize = 1 << 17;

/// What the handover found out about a position before the search.
#[derive(Clone, Debug)]
pub enum Handover {
    /// Nothing proven within the budget: search as asked.
    Unsolved,
    /// A win is proven but not its distance: search these limits, whose root moves are
    /// the ones proven to win.
    Winning(SearchLimits),
    /// The exact outcome and its line; `nodes` counts both solvers' positions.
    Solved { distance: Distance, nodes: u64 },
}

/// The exact solvers kept by a [`crate::Searcher`] between the searches of one game.
pub struct Endgame {
    solver: Option<(Board, Solver)>,
    distance: DistanceSolver,
}

impl Default for Endgame {
    fn default() -> Self {
        Endgame {
            solver: None,
            distance: DistanceSolver::reserved(DISTANCE_ENTRIES),
        }
    }
}

impl fmt::Debug for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Endgame")
            .field("board", &self.solver.as_ref().map(|(board, _)| *board))
            .finish()
    }
}

impl Endgame {
    /// Forgets every proven position.
    pub fn clear(&mut self) {
        self.solver = None;
        self.distance.clear();
    }

    fn solver(&mut self, board: Board) -> &Solver {
        if self.solver.as_ref().is_none_or(|(b, _)| *b != board) {
            let options = SolverOptions {
                table: TableKind::Packed,
                capacity: TABLE_ENTRIES,
                split_plies: 0,
                ..SolverOptions::default()
            };
            self.solver = Some((board, Solver::new(board, options)));
        }
        &self.solver.as_ref().expect("just made").1
    }

    /// Settles `position` (which has a legal move) as far as the budgets allow, the
    /// search's own `node_limit` included. The distance search runs only when
    /// `exact_wanted`, and stops early when `should_stop` says so (it is asked every
    /// thousand positions or so).
    pub fn consult(
        &mut self,
        position: &Position,
        limits: &SearchLimits,
        node_limit: u64,
        exact_wanted: bool,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Handover {
        let solver = self.solver(position.board());
        let Some(report) = winning_moves(solver, position, &limits.search_moves, BUDGET) else {
            return Handover::Unsolved;
        };
        if report.winner().is_none() {
            return Handover::Unsolved;
        }
        if exact_wanted {
            let budget = BUDGET.distance_nodes().min(node_limit);
            let found = self
                .distance
                .solve(position, &limits.search_moves, budget, should_stop);
            if let Some(distance) = found {
                let nodes = report.nodes + distance.nodes;
                return Handover::Solved { distance, nodes };
            }
        }
        let winning = report.winning_moves();
        if winning.is_empty() {
            return Handover::Unsolved;
        }
        Handover::Winning(SearchLimits {
            search_moves: winning,
            ..limits.clone()
        })
    }
}
