//! One search thread's iterative deepening: negamax principal variation search with
//! aspiration windows and exact win/loss scores that carry the distance to the end of
//! the game. Lazy SMP (the `threads` module) runs one worker per thread.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use konane_core::{BitMove, BitPosition, Move, MoveList, Word};

use crate::busy::BusyMarks;
use crate::control::SearchControl;
use crate::evaluator::Evaluator;
use crate::limits::SearchLimits;
use crate::options::SearchOptions;
use crate::ordering::MoveOrderer;
use crate::reductions::late_move_reduction;
use crate::report::{nodes_per_second, SearchInfo};
use crate::score::{
    from_table, plies_to_end, to_score, to_table, INFINITE, MATE, MATE_BOUND, MAX_PLY,
};
use crate::timeman::TimeManager;
use crate::tt::{Bound, Table};

/// Half-width of the first aspiration window, in centi-moves.
const ASPIRATION_WINDOW: i32 = 40;
/// Remaining depth from which moves are ordered by the evaluation after them.
const LOOKAHEAD_DEPTH: i32 = 3;
/// Remaining depth from which late moves are searched shallower first.
const REDUCTION_DEPTH: i32 = 3;
/// Moves searched at full depth before reductions start (the table's move and the
/// killers come first).
const FULL_DEPTH_MOVES: usize = 3;
/// Remaining depth up to which a node off the principal variation whose evaluation
/// beats beta by a margin is cut without a search (reverse futility pruning).
const FUTILITY_DEPTH: i32 = 3;
/// The margin of reverse futility pruning per ply left, in centi-moves.
const FUTILITY_MARGIN: i32 = 200;
/// Moves per ply left searched at a node off the principal variation with at most
/// 2 plies left; later ones (not the table's move nor a killer) are skipped (late
/// move pruning).
const LATE_MOVES_PER_PLY: usize = 5;
/// Remaining depth up to which late moves are pruned.
const LATE_MOVE_PRUNING_DEPTH: i32 = 2;
/// Remaining depth from which a node without a table move is searched one ply
/// shallower (internal iterative reduction: its move order is poor, and the next
/// iteration finds the entry the shallower search stored).
const IIR_DEPTH: i32 = 4;
/// Nodes between two checks of the stop flag, the clock and the node limit.
const POLL_INTERVAL: u64 = 1024;
/// Remaining depth from which threads mark the moves they search and defer the moves
/// another thread is on ([`BusyMarks`]).
const DEFER_DEPTH: i32 = 3;

/// What every thread of one search shares.
pub(crate) struct Shared<'a, T: Table> {
    pub table: &'a T,
    pub options: &'a SearchOptions,
    pub limits: &'a SearchLimits,
    pub control: &'a SearchControl,
    /// The deepest iteration, from the main thread's time manager.
    pub max_depth: u32,
    /// The node budget of all threads, from the main thread's time manager.
    pub node_limit: u64,
    /// Set when the search must end (a limit was reached or the main thread is done).
    pub abort: AtomicBool,
    /// Nodes of all threads, added in batches.
    pub nodes: AtomicU64,
    /// When the search started, for the reports' times.
    pub started: Instant,
    /// The "being searched" marks, when more than one thread searches.
    pub busy: Option<&'a BusyMarks>,
}

impl<T: Table> Shared<'_, T> {
    fn total_nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }
}

/// A root move with its score at the last depth and its line.
#[derive(Clone, Debug)]
struct RootMove {
    mv: BitMove,
    /// Score at the current iteration (`-INFINITE` until searched at it).
    score: i32,
    /// Score at the last finished iteration.
    previous: i32,
    pv: Vec<BitMove>,
}

impl RootMove {
    fn reported_score(&self) -> i32 {
        if self.score == -INFINITE {
            self.previous
        } else {
            self.score
        }
    }
}

/// One search thread. The main thread (`id` 0) owns the time manager and reports.
pub(crate) struct Worker<'a, 's, T: Table, W: Word> {
    shared: &'s Shared<'a, T>,
    id: usize,
    eval: Evaluator,
    ordering: MoveOrderer,
    nodes: u64,
    flushed: u64,
    seldepth: usize,
    stopped: bool,
    pv: Box<[[BitMove; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    root: BitPosition<W>,
    root_moves: Vec<RootMove>,
    completed_depth: u32,
    /// The main thread's: it makes every stop decision. Helpers have none.
    time: Option<TimeManager>,
    /// Searching without reductions, pruning or table cutoffs, once a win or loss within
    /// the searched depth was found: a selective search proves the result, but may have
    /// missed a quicker win (or a longer defence) in a reduced or pruned line.
    exact: bool,
}

impl<'a, 's, T: Table, W: Word> Worker<'a, 's, T, W> {
    /// Thread `id` of a search of `root` (which has at least one legal move); the main
    /// thread gets the search's time manager.
    pub fn new(
        shared: &'s Shared<'a, T>,
        id: usize,
        root: &BitPosition<W>,
        time: Option<TimeManager>,
    ) -> Self {
        let limits = shared.limits;
        let geometry = root.geometry();
        let legal = root.legal_moves();
        let wanted: Vec<BitMove> = legal
            .iter()
            .copied()
            .filter(|&mv| limits.search_moves.contains(&geometry.to_move(mv)))
            .collect();
        let moves = if wanted.is_empty() {
            legal.to_vec()
        } else {
            wanted
        };
        Worker {
            shared,
            id,
            eval: Evaluator::new(shared.options, root),
            ordering: MoveOrderer::default(),
            nodes: 0,
            flushed: 0,
            seldepth: 0,
            stopped: false,
            pv: Box::new([[BitMove::default(); MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            root: *root,
            root_moves: moves
                .into_iter()
                .map(|mv| RootMove {
                    mv,
                    score: -INFINITE,
                    previous: -INFINITE,
                    pv: vec![mv],
                })
                .collect(),
            completed_depth: 0,
            time,
            exact: false,
        }
    }

    fn is_main(&self) -> bool {
        self.id == 0
    }

    /// The best move found, its expected reply and score, and the deepest finished depth.
    pub fn result(&self) -> (Move, Option<Move>, i32, u32) {
        let best = &self.root_moves[0];
        let geometry = self.root.geometry();
        (
            geometry.to_move(best.mv),
            best.pv.get(1).map(|&mv| geometry.to_move(mv)),
            best.reported_score(),
            self.completed_depth,
        )
    }

    /// The deepest finished iteration.
    pub fn completed_depth(&self) -> u32 {
        self.completed_depth
    }

    /// The report of the best line after the deepest finished iteration.
    pub fn final_info(&self) -> SearchInfo {
        self.info(self.completed_depth, 0)
    }

    /// Adds this thread's uncounted nodes to the shared total.
    pub fn flush_nodes(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.nodes - self.flushed, Ordering::Relaxed);
        self.flushed = self.nodes;
    }

    /// Checks the stop flag, and in the main thread asks the time manager whether to
    /// abort (it also sees ponderhit).
    fn poll(&mut self) {
        self.flush_nodes();
        let shared = self.shared;
        if shared.control.is_stopped() || shared.abort.load(Ordering::Relaxed) {
            self.stopped = true;
            return;
        }
        let nodes = shared.total_nodes();
        let completed_depth = self.completed_depth;
        if let Some(time) = &mut self.time {
            if time.must_abort(shared.control, nodes, completed_depth) {
                shared.abort.store(true, Ordering::Relaxed);
                self.stopped = true;
            }
        }
    }

    /// Iterative deepening; the main thread reports each finished iteration. Helper
    /// threads skip some depths so that they spread out, and a helper that finishes the
    /// deepest iteration ends the search.
    pub fn iterate(&mut self, report: &mut dyn FnMut(&SearchInfo)) {
        let max_depth = self.shared.max_depth;
        let lines = self
            .shared
            .options
            .multipv
            .max(1)
            .min(self.root_moves.len());
        let lines = if self.is_main() { lines } else { 1 };
        for depth in 1..=max_depth {
            if crate::skips::helper_skips(self.id, depth, max_depth) {
                continue;
            }
            let previous_best = self.root_moves[0].mv;
            for rm in &mut self.root_moves {
                rm.previous = rm.reported_score();
                rm.score = -INFINITE;
            }
            self.seldepth = 0;
            for line in 0..lines {
                self.aspiration(depth as i32, line);
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            // Each line is searched after the ones before it, and a later line can score
            // above an earlier one (the table changed in between, another thread wrote
            // to it): the lines are reported best first, as Stockfish does.
            self.root_moves[..lines].sort_by_key(|rm| -rm.score);
            self.completed_depth = depth;
            if !self.is_main() {
                if depth == max_depth && self.shared.options.multipv <= 1 {
                    // The deepest iteration is done: the search has its answer (with
                    // MultiPV the main thread's lines are the answer).
                    self.shared.abort.store(true, Ordering::Relaxed);
                }
                continue;
            }
            for line in 0..lines {
                report(&self.info(depth, line));
            }
            let best_changed = self.root_moves[0].mv != previous_best && depth > 1;
            if self.finished(depth, best_changed) {
                break;
            }
        }
    }

    /// Whether the main thread has nothing more to do after finishing `depth` (whose
    /// best move is not the one before it if `best_changed`): the time manager decides.
    fn finished(&mut self, depth: u32, best_changed: bool) -> bool {
        let Some(time) = &mut self.time else {
            return false;
        };
        let best = self.root_moves[0].score;
        // An exact result reached within the searched depth by a search without
        // selectivity cannot change any more. The first time one is reached, the next
        // iteration searches without selectivity to find the exact distance.
        let within = self.shared.options.multipv <= 1
            && plies_to_end(best).is_some_and(|p| p <= depth as i32);
        let settled = within && self.exact;
        self.exact |= within;
        time.iteration_done(
            to_score(best),
            settled,
            self.root_moves.len() == 1,
            best_changed,
        )
    }

    /// Searches line `line` of the root at `depth`, widening the window around the
    /// previous score until the result falls inside it.
    fn aspiration(&mut self, depth: i32, line: usize) {
        let previous = self.root_moves[line].previous;
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = if depth >= 4 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        loop {
            let score = self.root_search(depth, line, alpha, beta);
            if self.stopped {
                return;
            }
            if score <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                return;
            }
            delta += delta;
            if delta > 16 * ASPIRATION_WINDOW {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        }
    }

    /// Searches the root moves from index `line` on; moves that beat alpha get their
    /// score and line, and the moves are re-sorted best first.
    fn root_search(&mut self, depth: i32, line: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        let root = self.root;
        let mut best = -INFINITE;
        for rm in &mut self.root_moves[line..] {
            rm.score = -INFINITE;
        }
        for i in line..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let child = root.after(mv);
            self.eval.enter(&root, 0, mv);
            let score = if i == line {
                -self.negamax(&child, depth - 1, 1, -beta, -alpha, true)
            } else {
                let probe = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha, false);
                if probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha, true)
                } else {
                    probe
                }
            };
            if self.stopped {
                break;
            }
            best = best.max(score);
            let rm = &mut self.root_moves[i];
            if i == line || score > alpha {
                rm.score = score;
                rm.pv.truncate(1);
                rm.pv.extend_from_slice(&self.pv[1][..self.pv_len[1]]);
            }
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
        self.root_moves[line..].sort_by_key(|rm| -rm.score);
        best
    }

    /// Negamax alpha-beta with principal variation search, from the side to move's view.
    fn negamax(
        &mut self,
        position: &BitPosition<W>,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        pv_node: bool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) || self.nodes >= self.shared.node_limit {
            self.poll();
        }
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        // No result here can beat a win at the next ply or lose faster than now.
        let lost_now = -MATE + ply as i32;
        alpha = alpha.max(lost_now);
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self
                .eval
                .evaluate_unless_lost(position, ply)
                .unwrap_or(lost_now);
        }
        let key = position.hash();
        let mut tt_move = None;
        // At the last ply a table access (a cache miss) costs more than it saves.
        let use_table = depth >= 2;
        if let Some(hit) = use_table.then(|| self.shared.table.probe(key)).flatten() {
            tt_move = hit.mv;
            let score = from_table(hit.score, ply);
            let usable = match hit.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if !pv_node && !self.exact && hit.depth >= depth && usable {
                return score;
            }
        }
        // Near the leaves, a position whose evaluation beats beta by a margin that grows
        // with the depth left is taken to hold (not on the principal variation, and
        // not when beta is a win or a loss).
        if !pv_node && !self.exact && depth <= FUTILITY_DEPTH && beta.abs() < MATE_BOUND {
            if let Some(static_eval) = self.eval.evaluate_unless_lost(position, ply) {
                if static_eval - FUTILITY_MARGIN * depth >= beta {
                    return static_eval;
                }
            }
        }
        if depth >= IIR_DEPTH && tt_move.is_none() && !self.exact {
            depth -= 1;
        }
        let mut moves: MoveList<W> = position.legal_moves();
        if moves.is_empty() {
            return lost_now;
        }
        let side = position.side_to_move();
        let eval = &self.eval;
        let lookahead = |mv: BitMove| -eval.evaluate_after(position, ply, mv);
        let lookahead: Option<&dyn Fn(BitMove) -> i32> =
            (depth >= LOOKAHEAD_DEPTH).then_some(&lookahead);
        self.ordering
            .sort(moves.as_mut_slice(), side, ply, tt_move, lookahead);
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut bound = Bound::Upper;
        let busy = self.shared.busy.filter(|_| depth >= DEFER_DEPTH);
        // Moves from `deferrable` on were deferred once and are not deferred again.
        let mut deferrable = moves.len();
        let mut i = 0;
        while i < moves.len() {
            let mv = moves[i];
            // Near the leaves, away from the line, the moves the order puts last are not
            // searched once a score was found.
            if !pv_node
                && !self.exact
                && depth <= LATE_MOVE_PRUNING_DEPTH
                && i >= LATE_MOVES_PER_PLY * depth as usize
                && best > -MATE_BOUND
                && Some(mv) != tt_move
                && !self.ordering.is_killer(ply, mv)
            {
                i += 1;
                continue;
            }
            // The first move is searched by every thread; later ones are shared out.
            let marked = busy
                .filter(|_| i > 0 && i < deferrable)
                .map(|busy| (busy, BusyMarks::tag(key, mv)));
            if let Some((busy, tag)) = marked {
                if busy.is_busy(tag) {
                    // Another thread is on this move: search it after the others.
                    moves.as_mut_slice()[i..].rotate_left(1);
                    deferrable -= 1;
                    continue;
                }
                busy.mark(tag);
            }
            let child = position.after(mv);
            self.eval.enter(position, ply, mv);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, pv_node)
            } else {
                // Late moves away from the line go shallower first (the later and the
                // deeper, the more), and again at full depth only when they beat alpha.
                let reduce = !pv_node
                    && !self.exact
                    && depth >= REDUCTION_DEPTH
                    && i >= FULL_DEPTH_MOVES
                    && Some(mv) != tt_move
                    && !self.ordering.is_killer(ply, mv);
                let mut probe = alpha + 1;
                if reduce {
                    let reduced = (depth - 1 - late_move_reduction(depth, i)).max(1);
                    probe = -self.negamax(&child, reduced, ply + 1, -alpha - 1, -alpha, false);
                }
                if probe > alpha {
                    probe = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, false);
                }
                if pv_node && probe > alpha && probe < beta {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, true)
                } else {
                    probe
                }
            };
            if let Some((busy, tag)) = marked {
                busy.unmark(tag);
            }
            if self.stopped {
                return 0;
            }
            i += 1;
            if score <= best {
                continue;
            }
            best = score;
            if score > alpha {
                best_move = Some(mv);
                alpha = score;
                bound = Bound::Exact;
                if pv_node {
                    self.update_pv(ply, mv);
                }
                if score >= beta {
                    bound = Bound::Lower;
                    self.ordering.cutoff(side, ply, depth, mv, &moves[..i - 1]);
                    break;
                }
            }
        }
        if use_table {
            self.shared.table.store(
                key,
                best_move.or(tt_move),
                to_table(best, ply),
                depth,
                bound,
            );
        }
        best
    }

    /// The line at `ply` becomes `mv` followed by the line found at `ply + 1`.
    fn update_pv(&mut self, ply: usize, mv: BitMove) {
        let child_len = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = mv;
        head[ply][1..=child_len].copy_from_slice(&tail[0][..child_len]);
        self.pv_len[ply] = child_len + 1;
    }

    /// The progress report of line `line` after finishing `depth`.
    fn info(&self, depth: u32, line: usize) -> SearchInfo {
        let rm = &self.root_moves[line];
        let nodes = self.shared.total_nodes() + (self.nodes - self.flushed);
        let elapsed = self.shared.started.elapsed();
        SearchInfo {
            depth,
            seldepth: (self.seldepth as u32).max(depth),
            multipv: line + 1,
            score: to_score(rm.reported_score()),
            nodes,
            nps: nodes_per_second(nodes, elapsed),
            hashfull: self.shared.table.hashfull(),
            time_ms: elapsed.as_millis() as u64,
            pv: rm
                .pv
                .iter()
                .map(|&mv| self.root.geometry().to_move(mv))
                .collect(),
        }
    }
}
