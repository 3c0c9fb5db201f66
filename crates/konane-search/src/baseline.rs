//! The search of the built-in alpha-beta players: plain fail-hard negamax on the
//! mobility balance, no table and no ordering, deepened one ply at a time up to the
//! player's depth under the search's own [`TimeManager`], so that it honours the same
//! limits as the engine (depth, nodes, movetime, clocks) and stops on a stop signal.
//! Its last finished iteration is the answer; a search that is not cut short plays
//! exactly what one fixed-depth search of the player's depth would.

use std::time::Instant;

use konane_core::{Move, Position};

use crate::control::SearchControl;
use crate::limits::SearchLimits;
use crate::report::{nodes_per_second, SearchInfo, SearchResult};
use crate::score::Score;
use crate::timeman::TimeManager;

/// The mobility score of a side with no move: it has lost.
const LOST: i32 = -10_000;
/// Nodes between two looks at the clock and the stop signal.
pub(crate) const POLL_INTERVAL: u64 = 1024;

/// Mobility from the side to move's view: its moves minus the opponent's jumps; a side
/// with no move has lost.
fn mobility(position: &Position) -> i32 {
    let ours = position.count_moves() as i32;
    if ours == 0 {
        return LOST;
    }
    ours - position.count_jumps_for(!position.side_to_move()) as i32
}

/// One search's state: the time manager, the signals and the node count.
struct Baseline<'a> {
    time: TimeManager,
    control: &'a SearchControl,
    nodes: u64,
    completed_depth: u32,
    /// The running iteration was cut short: its result is not used.
    aborted: bool,
}

impl Baseline<'_> {
    /// Counts a node and, every [`POLL_INTERVAL`] nodes, asks whether to abort.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if !self.aborted && self.nodes.is_multiple_of(POLL_INTERVAL) && self.completed_depth >= 1 {
            self.aborted = self.control.is_stopped()
                || self
                    .time
                    .must_abort(self.control, self.nodes, self.completed_depth);
        }
        self.aborted
    }

    /// Fail-hard alpha-beta negamax on [`mobility`] to `depth` plies.
    fn alpha_beta(&mut self, position: &Position, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if self.visit() {
            return alpha;
        }
        if depth == 0 || position.is_game_over() {
            return mobility(position);
        }
        for &mv in position.legal_moves().iter() {
            let score = -self.alpha_beta(&position.after(mv), depth - 1, -beta, -alpha);
            if self.aborted {
                return alpha;
            }
            if score >= beta {
                return beta;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The best of `moves` (in this order, the first of equal ones) at `depth` plies and
    /// its score, or `None` when the iteration was cut short.
    fn root(&mut self, position: &Position, moves: &[Move], depth: u32) -> Option<(Move, i32)> {
        let (mut best_score, mut best_move) = (-i32::MAX, moves[0]);
        for &mv in moves {
            let score = -self.alpha_beta(&position.after(mv), depth - 1, -i32::MAX, -best_score);
            if self.aborted {
                return None;
            }
            if score > best_score {
                (best_score, best_move) = (score, mv);
            }
        }
        Some((best_move, best_score))
    }
}

/// The score a built-in player reports: its mobility balance in centi-moves (a won or
/// lost line is ±1000000).
fn reported(score: i32) -> Score {
    Score::Cp(score.saturating_mul(100))
}

/// Searches `moves` of `position` (not over, `moves` not empty, in the order ties are
/// broken) one ply deeper at a time up to `depth`, within `limits` and until `control`
/// is stopped, reporting each finished iteration to `report`. The first iteration is
/// always finished, so there is always a move.
pub(crate) fn search(
    position: &Position,
    moves: &[Move],
    depth: u32,
    limits: &SearchLimits,
    control: &SearchControl,
    overhead_ms: u64,
    report: &mut dyn FnMut(&SearchInfo),
) -> SearchResult {
    let started = Instant::now();
    let time = TimeManager::new(limits, position, overhead_ms, started);
    let deepest = depth.min(time.max_depth()).max(1);
    let mut search = Baseline {
        time,
        control,
        nodes: 0,
        completed_depth: 0,
        aborted: false,
    };
    let mut best = (moves[0], 0);
    for iteration in 1..=deepest {
        let Some(found) = search.root(position, moves, iteration) else {
            break;
        };
        best = found;
        search.completed_depth = iteration;
        let elapsed = started.elapsed();
        report(&SearchInfo {
            depth: iteration,
            seldepth: iteration,
            multipv: 1,
            score: reported(best.1),
            nodes: search.nodes,
            nps: nodes_per_second(search.nodes, elapsed),
            hashfull: 0,
            time_ms: elapsed.as_millis() as u64,
            pv: vec![best.0],
        });
        // A win or loss found early is not settled: a deeper iteration may prefer an
        // earlier move that wins too, as the fixed-depth search would.
        if search.control.is_stopped()
            || search
                .time
                .iteration_done(reported(best.1), false, moves.len() == 1, false)
        {
            break;
        }
    }
    SearchResult {
        best_move: Some(best.0),
        ponder_move: None,
        score: reported(best.1),
        depth: search.completed_depth,
        nodes: search.nodes,
    }
}
