//! Endgame handover: before a search of a small position, the exact solvers try to
//! settle it. The solver first proves who wins; then the distance search finds the
//! exact number of plies to the end and the line (shortest win, longest loss), which
//! the engine plays and reports as a mate score without searching. When the distance
//! does not fit the budget, a proven win still restricts the root to the moves proven
//! to win, so the win is never thrown away, whatever the depth or time left.

use std::fmt;

use konane_core::{Board, Move, Position};
use konane_solver::{Distance, DistanceSolver, Solver, SolverOptions, TableKind, Verdict};

use crate::limits::SearchLimits;

/// Positions with at most this many pieces (both sides) are handed to the solver.
/// On 6x6, random games' positions of 24 pieces were all solved within 65,000 solver
/// nodes, those of 22 within 11,000.
pub const MAX_PIECES: u32 = 24;
/// Solver nodes one search may spend on the handover (a few milliseconds at most).
pub const NODE_BUDGET: u64 = 50_000;
/// Distance-search nodes one search may spend (about a second at most; the search's
/// own node limit, its stop flag and a share of its time cut it shorter).
pub const DISTANCE_NODE_BUDGET: u64 = 2_000_000;
/// Proof table entries kept between searches (8 bytes each in the packed table).
const TABLE_ENTRIES: usize = 1 << 18;
/// Distance table entries kept between searches (about 40 bytes each).
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
            distance: DistanceSolver::new(DISTANCE_ENTRIES),
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
            self.distance.clear();
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
        let pieces = position.piece_count();
        if pieces > MAX_PIECES {
            return Handover::Unsolved;
        }
        let side = position.side_to_move();
        let Some(verdict) = self
            .solver(position.board())
            .solve_limited(position, NODE_BUDGET)
        else {
            return Handover::Unsolved;
        };
        if exact_wanted {
            let budget = DISTANCE_NODE_BUDGET.min(node_limit);
            let found = self
                .distance
                .solve(position, &limits.search_moves, budget, should_stop);
            if let Some(distance) = found {
                let nodes = verdict.nodes + distance.nodes;
                return Handover::Solved { distance, nodes };
            }
        }
        if verdict.winner != side {
            return Handover::Unsolved;
        }
        match self.winning_moves(position, verdict, &limits.search_moves) {
            Some(winning) => Handover::Winning(SearchLimits {
                search_moves: winning,
                ..limits.clone()
            }),
            None => Handover::Unsolved,
        }
    }

    /// The root moves proven to win, among `allowed` (all legal moves when empty, as in
    /// `searchmoves`), after `verdict` found one; `None` when none is proven.
    fn winning_moves(
        &mut self,
        position: &Position,
        verdict: Verdict,
        allowed: &[Move],
    ) -> Option<Vec<Move>> {
        let side = position.side_to_move();
        let solver = self.solver(position.board());
        let mut budget = NODE_BUDGET.saturating_sub(verdict.nodes);
        let is_allowed = |mv: &Move| allowed.is_empty() || allowed.contains(mv);
        let mut winning: Vec<Move> = verdict
            .winning_move
            .into_iter()
            .filter(is_allowed)
            .collect();
        for &mv in position.legal_moves().iter() {
            if !is_allowed(&mv) || winning.contains(&mv) {
                continue;
            }
            if budget == 0 {
                break;
            }
            match solver.solve_limited(&position.after(mv), budget) {
                Some(reply) => {
                    budget = budget.saturating_sub(reply.nodes);
                    if reply.winner == side {
                        winning.push(mv);
                    }
                }
                None => budget = 0,
            }
        }
        (!winning.is_empty()).then_some(winning)
    }
}
