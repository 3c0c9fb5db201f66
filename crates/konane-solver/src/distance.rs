//! Distance to the end: exact minimax over the plies left, so that a solved endgame is
//! won by the shortest route (or lost by the longest) and reported as a mate score.
//!
//! Values are relative to the side to move: `END - p` wins with the game's last move
//! `p` plies from now, `-(END - p)` loses `p` plies from now (the side to move has no
//! move then). The table holds bounds of those values keyed by the full position (the
//! pieces and the side to move, never a hash alone), so every answer is exact.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use konane_core::{Move, Position};

use crate::table::DigestHasher;

/// The value of a position whose side to move has no move.
const END: i32 = 1000;
/// Beyond every value.
const INFINITE: i32 = END + 1;

/// Bounds of one position's value, and the move that reached the lower bound.
#[derive(Copy, Clone, Debug)]
struct Entry {
    lower: i16,
    upper: i16,
    /// A move whose value is at least `lower` (meaningful once `lower` was raised).
    best: Option<Move>,
}

/// The exact outcome of a position with best play by both sides.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Distance {
    /// Whether the side to move wins.
    pub wins: bool,
    /// Plies until the side to move of the final position has no move: odd when the
    /// side to move wins (the winner makes the last move), even when it loses.
    pub plies: u32,
    /// The line both sides play: the shortest win against the longest resistance. It
    /// holds `plies` moves.
    pub line: Vec<Move>,
    /// Positions entered to find it (each call of the recursive search, answered by
    /// the table or not).
    pub nodes: u64,
}

/// Positions between two calls of the stop check.
const POLL_INTERVAL: u64 = 1024;

/// An exact distance-to-the-end search with a table kept between calls.
pub struct DistanceSolver {
    table: HashMap<Position, Entry, BuildHasherDefault<DigestHasher>>,
    capacity: usize,
    nodes: u64,
    budget: u64,
}

/// One ply closer to the end: the value, for the parent, of a child's value `-v`.
fn one_ply_back(v: i32) -> i32 {
    v - v.signum()
}

/// The child's window bound that corresponds to the parent's bound `v`.
fn one_ply_on(v: i32) -> i32 {
    v + v.signum()
}

impl DistanceSolver {
    /// A solver whose table keeps at most `capacity` positions (it is cleared when full).
    pub fn new(capacity: usize) -> DistanceSolver {
        DistanceSolver {
            table: HashMap::default(),
            capacity,
            nodes: 0,
            budget: 0,
        }
    }

    /// A solver like [`DistanceSolver::new`] whose table has room for all `capacity`
    /// positions from the start, so that it never grows by copying (a copy holds the
    /// old table and the new one at once) and its memory does not depend on how far
    /// the positions asked about have filled it before: a page is mapped when first
    /// written. For a long-lived solver of a modest capacity, such as an engine's.
    pub fn reserved(capacity: usize) -> DistanceSolver {
        DistanceSolver {
            table: HashMap::with_capacity_and_hasher(capacity, Default::default()),
            ..DistanceSolver::new(capacity)
        }
    }

    /// Forgets every position. The table keeps its memory: a solver that is cleared
    /// between games does not free and grow it again each time.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact outcome of `position` and its line, with the root restricted to
    /// `allowed` (every legal move when empty), or `None` when the position is over or
    /// finding it takes more than `node_budget` positions or `should_stop` (asked every
    /// thousand positions or so) says to give up. What was proven stays in the table.
    pub fn solve(
        &mut self,
        position: &Position,
        allowed: &[Move],
        node_budget: u64,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Option<Distance> {
        self.nodes = 0;
        self.budget = node_budget;
        let moves: Vec<Move> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|mv| allowed.is_empty() || allowed.contains(mv))
            .collect();
        let (value, first) = self.root(position, &moves, should_stop)?;
        let mut line = vec![first];
        let mut current = position.after(first);
        while !current.is_game_over() {
            self.search(&current, -INFINITE, INFINITE, should_stop)?;
            let next = self.table.get(&current).and_then(|e| e.best)?;
            line.push(next);
            current.play(next);
        }
        let plies = (END - value.abs()) as u32;
        debug_assert_eq!(line.len() as u32, plies);
        Some(Distance {
            wins: value > 0,
            plies,
            line,
            nodes: self.nodes,
        })
    }

    /// The best of `moves` at the root (not stored: the root may be restricted).
    fn root(
        &mut self,
        position: &Position,
        moves: &[Move],
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<(i32, Move)> {
        let mut best: Option<(i32, Move)> = None;
        for (mv, child) in self.ordered(position, moves) {
            let alpha = best.map_or(-INFINITE, |(v, _)| v);
            let value = one_ply_back(-self.search(&child, -INFINITE, -one_ply_on(alpha), stop)?);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, mv));
            }
        }
        best
    }

    /// `moves`, each with the position after it, the table's move first, then by the
    /// opponent's replies, fewest first (a move that leaves none wins at once and comes
    /// first of all).
    fn ordered(&self, position: &Position, moves: &[Move]) -> Vec<(Move, Position)> {
        let hinted = self.table.get(position).and_then(|e| e.best);
        let mut scored: Vec<(u32, Move, Position)> = moves
            .iter()
            .map(|&mv| {
                let child = position.after(mv);
                let replies = child.count_moves();
                let rank = if replies == 0 || Some(mv) == hinted {
                    0
                } else {
                    1 + replies
                };
                (rank, mv, child)
            })
            .collect();
        scored.sort_by_key(|&(rank, _, _)| rank);
        scored
            .into_iter()
            .map(|(_, mv, child)| (mv, child))
            .collect()
    }

    /// Fail-soft alpha-beta over exact values; `None` once the budget is spent.
    fn search(
        &mut self,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
        stop: &mut dyn FnMut() -> bool,
    ) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > self.budget || (self.nodes.is_multiple_of(POLL_INTERVAL) && stop()) {
            return None;
        }
        let key = *position;
        let stored = self.table.get(&key).copied();
        if let Some(entry) = stored {
            let (lower, upper) = (entry.lower as i32, entry.upper as i32);
            if lower >= beta || lower == upper {
                return Some(lower);
            }
            if upper <= alpha {
                return Some(upper);
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        let moves = position.legal_moves();
        if moves.is_empty() {
            self.store(key, -END, -END, None);
            return Some(-END);
        }
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        for (mv, child) in self.ordered(position, &moves) {
            let value =
                one_ply_back(-self.search(&child, -one_ply_on(beta), -one_ply_on(alpha), stop)?);
            if value > best {
                best = value;
                best_move = Some(mv);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        let lower = if best > original_alpha {
            best
        } else {
            -INFINITE
        };
        let upper = if best < beta { best } else { INFINITE };
        self.store(
            key,
            lower,
            upper,
            best_move.filter(|_| best > original_alpha),
        );
        Some(best)
    }

    /// Narrows the stored bounds of `key` (clearing the table first when it is full).
    fn store(&mut self, key: Position, lower: i32, upper: i32, best: Option<Move>) {
        if self.table.len() >= self.capacity && !self.table.contains_key(&key) {
            self.clear();
        }
        let entry = self.table.entry(key).or_insert(Entry {
            lower: -INFINITE as i16,
            upper: INFINITE as i16,
            best: None,
        });
        if lower > entry.lower as i32 {
            entry.lower = lower as i16;
            entry.best = best;
        }
        entry.upper = entry.upper.min(upper as i16);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Color};

    /// Exact values by plain minimax (no pruning), remembered by full position.
    fn minimax(position: &Position, known: &mut HashMap<Position, i32>) -> i32 {
        if let Some(&value) = known.get(position) {
            return value;
        }
        let value = position
            .legal_moves()
            .iter()
            .map(|&mv| one_ply_back(-minimax(&position.after(mv), known)))
            .max()
            .unwrap_or(-END);
        known.insert(*position, value);
        value
    }

    /// Every position after the two removals of the small boards, with one solver (and
    /// table) per board: the outcome, its distance and its line match plain minimax, and
    /// a root restricted to one move gets that move's value.
    #[test]
    fn agrees_with_plain_minimax_on_small_boards() {
        for (w, h) in [(3, 3), (4, 4), (5, 4), (4, 5), (3, 6)] {
            let mut solver = DistanceSolver::new(1 << 16);
            let mut known = HashMap::new();
            let start = Position::start(Board::new(w, h).unwrap());
            for first in start.legal_moves().iter().copied() {
                let after_first = start.after(first);
                for second in after_first.legal_moves().iter().copied() {
                    let position = after_first.after(second);
                    if !position.is_game_over() {
                        check_against_minimax(&mut solver, &position, &mut known);
                    }
                }
            }
        }
    }

    fn check_against_minimax(
        solver: &mut DistanceSolver,
        position: &Position,
        known: &mut HashMap<Position, i32>,
    ) {
        let exact = minimax(position, known);
        let found = solver
            .solve(position, &[], u64::MAX, &mut || false)
            .expect("no budget");
        assert_eq!(found.wins, exact > 0, "{position:?}");
        assert_eq!(found.plies as i32, END - exact.abs(), "{position:?}");
        assert_eq!(found.line.len() as u32, found.plies);
        // Each move of the line keeps to best play: one ply nearer the same end.
        let mut current = *position;
        for (k, &mv) in found.line.iter().enumerate() {
            assert!(current.legal_moves().contains(&mv));
            current.play(mv);
            let left = found.plies as i32 - k as i32 - 1;
            assert_eq!(
                END - minimax(&current, known).abs(),
                left,
                "{position:?} line {k}"
            );
        }
        assert!(current.is_game_over());
        let last = *position.legal_moves().last().expect("not over");
        let restricted = solver
            .solve(position, &[last], u64::MAX, &mut || false)
            .expect("no budget");
        let value = one_ply_back(-minimax(&position.after(last), known));
        assert_eq!(restricted.line[0], last);
        assert_eq!(restricted.plies as i32, END - value.abs());
        assert_eq!(restricted.wins, value > 0);
    }

    #[test]
    fn a_spent_budget_or_a_stop_gives_no_answer() {
        let mut position = Position::start(Board::new(5, 5).unwrap());
        position.play_all(["c3", "c2"]).unwrap();
        assert_eq!(
            DistanceSolver::new(1 << 16).solve(&position, &[], 10, &mut || false),
            None
        );
        let mut asked = 0;
        let mut stop_on_second_ask = || {
            asked += 1;
            asked == 2
        };
        let stopped =
            DistanceSolver::new(1 << 16).solve(&position, &[], u64::MAX, &mut stop_on_second_ask);
        assert_eq!((stopped, asked), (None, 2));
        let full = DistanceSolver::new(1 << 16).solve(&position, &[], u64::MAX, &mut || false);
        assert_eq!(
            full.map(|d| d.wins),
            Some(position.side_to_move() == Color::Black)
        );
    }

    /// A reserved table has room for its capacity from the start and answers as a
    /// growing one does.
    #[test]
    fn a_reserved_table_never_grows_and_answers_the_same() {
        let mut position = Position::start(Board::new(5, 5).unwrap());
        position.play_all(["c3", "c2"]).unwrap();
        let mut reserved = DistanceSolver::reserved(1 << 12);
        let room = reserved.table.capacity();
        assert!(room >= 1 << 12);
        let mut growing = DistanceSolver::new(1 << 12);
        assert_eq!(
            reserved.solve(&position, &[], u64::MAX, &mut || false),
            growing.solve(&position, &[], u64::MAX, &mut || false)
        );
        assert_eq!(reserved.table.capacity(), room);
    }

    /// Clearing forgets every position but keeps the table's memory, and the solver
    /// answers the same afterwards.
    #[test]
    fn clearing_forgets_the_positions_and_keeps_the_memory() {
        let mut position = Position::start(Board::new(5, 5).unwrap());
        position.play_all(["c3", "c2"]).unwrap();
        let mut solver = DistanceSolver::new(1 << 16);
        let first = solver.solve(&position, &[], u64::MAX, &mut || false);
        let capacity = solver.table.capacity();
        assert!(!solver.table.is_empty());
        solver.clear();
        assert!(solver.table.is_empty());
        assert_eq!(solver.table.capacity(), capacity);
        assert_eq!(solver.solve(&position, &[], u64::MAX, &mut || false), first);
    }
}
