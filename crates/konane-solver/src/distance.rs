//! Distance to the end: exact minimax over the plies left, so that a solved endgame is
//! won by the shortest route (or lost by the longest) and reported as a mate score.
//!
//! Values are relative to the side to move: `END - p` wins with the game's last move
//! `p` plies from now, `-(END - p)` loses `p` plies from now (the side to move has no
//! move then). The table holds bounds of those values keyed by the full position (the
//! pieces and the side to move, never a hash alone), so every answer is exact. The
//! search runs on the board's own word, and so does the table: a key is the two
//! bitboards and the side to move (24 bytes on boards of up to 64 squares).

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use konane_core::{
    with_word, BitMove, BitPosition, Board, EachWord, Move, PerWord, Position, PositionVisitor,
    Word,
};

use crate::symmetry::TableKey;
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
    best: Option<BitMove>,
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

/// The bounds of the positions of one word's boards.
type Table<W> = HashMap<TableKey<W>, Entry, BuildHasherDefault<DigestHasher>>;

/// [`Table`] on each word: a solver keeps one for each word, of which it uses the one
/// of its board.
struct Tables;

impl PerWord for Tables {
    type On<W: Word> = Table<W>;
}

/// An exact distance-to-the-end search with a table kept between calls.
pub struct DistanceSolver {
    tables: EachWord<Tables>,
    /// The board of the positions in the table (a key does not name its board): only
    /// the table of its word holds any.
    board: Option<Board>,
    capacity: usize,
    /// Whether the table takes room for `capacity` positions when first used.
    reserve: bool,
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
            tables: EachWord::default(),
            board: None,
            capacity,
            reserve: false,
        }
    }

    /// A solver like [`DistanceSolver::new`] whose table takes room for all `capacity`
    /// positions when first used, so that it never grows by copying (a copy holds the
    /// old table and the new one at once) and its memory does not depend on how far
    /// the positions asked about have filled it before: a page is mapped when first
    /// written. For a long-lived solver of a modest capacity, such as an engine's.
    pub fn reserved(capacity: usize) -> DistanceSolver {
        DistanceSolver {
            reserve: true,
            ..DistanceSolver::new(capacity)
        }
    }

    /// Forgets every position. The table keeps its memory: a solver that is cleared
    /// between games does not free and grow it again each time.
    pub fn clear(&mut self) {
        if let Some(board) = self.board {
            with_word!(board, W => self.tables.get_mut::<W>().clear());
        }
    }

    /// The exact outcome of `position` and its line, with the root restricted to
    /// `allowed` (every legal move when empty), or `None` when the position is over or
    /// finding it takes more than `node_budget` positions or `should_stop` (asked every
    /// thousand positions or so) says to give up. What was proven stays in the table
    /// (until a position of another board is asked about).
    pub fn solve(
        &mut self,
        position: &Position,
        allowed: &[Move],
        node_budget: u64,
        should_stop: &mut dyn FnMut() -> bool,
    ) -> Option<Distance> {
        if self.board != Some(position.board()) {
            self.clear();
            self.board = Some(position.board());
        }
        position.visit(Solve {
            solver: self,
            allowed,
            node_budget,
            should_stop,
        })
    }
}

/// [`DistanceSolver::solve`] on the board's own word.
struct Solve<'a> {
    solver: &'a mut DistanceSolver,
    allowed: &'a [Move],
    node_budget: u64,
    should_stop: &'a mut dyn FnMut() -> bool,
}

impl PositionVisitor for Solve<'_> {
    type Output = Option<Distance>;

    fn visit<W: Word>(self, position: &BitPosition<W>) -> Option<Distance> {
        let capacity = self.solver.capacity;
        let table = self.solver.tables.get_mut::<W>();
        if self.solver.reserve && table.capacity() < capacity {
            table.reserve(capacity - table.len());
        }
        let mut search = Search {
            table,
            capacity,
            nodes: 0,
            budget: self.node_budget,
            stop: self.should_stop,
        };
        let geometry = position.geometry();
        let moves: Vec<BitMove> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| self.allowed.is_empty() || self.allowed.contains(&geometry.to_move(mv)))
            .collect();
        let (value, first) = search.root(position, &moves)?;
        let mut line = vec![first];
        let mut current = position.after(first);
        while !current.is_game_over() {
            search.search(&current, -INFINITE, INFINITE)?;
            let next = search
                .table
                .get(&TableKey::of(&current))
                .and_then(|e| e.best)?;
            line.push(next);
            current.play(next);
        }
        let plies = (END - value.abs()) as u32;
        debug_assert_eq!(line.len() as u32, plies);
        Some(Distance {
            wins: value > 0,
            plies,
            line: line.into_iter().map(|mv| geometry.to_move(mv)).collect(),
            nodes: search.nodes,
        })
    }
}

/// One call's search over one word's table.
struct Search<'a, W: Word> {
    table: &'a mut Table<W>,
    capacity: usize,
    nodes: u64,
    budget: u64,
    stop: &'a mut dyn FnMut() -> bool,
}

impl<W: Word> Search<'_, W> {
    /// The best of `moves` at the root (not stored: the root may be restricted).
    fn root(&mut self, position: &BitPosition<W>, moves: &[BitMove]) -> Option<(i32, BitMove)> {
        let mut best: Option<(i32, BitMove)> = None;
        let hinted = self.table.get(&TableKey::of(position)).and_then(|e| e.best);
        for (mv, child) in Self::ordered(position, moves, hinted) {
            let alpha = best.map_or(-INFINITE, |(v, _)| v);
            let value = one_ply_back(-self.search(&child, -INFINITE, -one_ply_on(alpha))?);
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, mv));
            }
        }
        best
    }

    /// `moves`, each with the position after it, the table's move (`hinted`) first,
    /// then by the opponent's replies, fewest first (a move that leaves none wins at
    /// once and comes first of all).
    fn ordered(
        position: &BitPosition<W>,
        moves: &[BitMove],
        hinted: Option<BitMove>,
    ) -> Vec<(BitMove, BitPosition<W>)> {
        let mut scored: Vec<(u32, BitMove, BitPosition<W>)> = moves
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
    fn search(&mut self, position: &BitPosition<W>, mut alpha: i32, mut beta: i32) -> Option<i32> {
        self.nodes += 1;
        if self.nodes > self.budget || (self.nodes.is_multiple_of(POLL_INTERVAL) && (self.stop)()) {
            return None;
        }
        let key = TableKey::of(position);
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
        for (mv, child) in Self::ordered(position, &moves, stored.and_then(|e| e.best)) {
            let value =
                one_ply_back(-self.search(&child, -one_ply_on(beta), -one_ply_on(alpha))?);
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
    fn store(&mut self, key: TableKey<W>, lower: i32, upper: i32, best: Option<BitMove>) {
        if self.table.len() >= self.capacity && !self.table.contains_key(&key) {
            self.table.clear();
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
    use konane_core::{Board, Color, Square, SquareSet, U256};

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

    /// The pieces of `position` moved `by` files and ranks onto `board`, the side to
    /// move kept.
    fn moved_onto(position: &Position, board: Board, by: (u8, u8)) -> Position {
        let onto = |color: Color| -> SquareSet {
            position
                .pieces(color)
                .iter()
                .map(|sq| Square::new(sq.file() + by.0, sq.rank() + by.1))
                .collect()
        };
        Position::from_squares(
            board,
            onto(Color::Black),
            onto(Color::White),
            position.side_to_move(),
        )
        .expect("the board holds the moved pieces")
    }

    /// Boards of every word in turn with one solver, whose table starts again at each
    /// change of board (6x7 and 8x8 are both on 64 bits, where a square has the same
    /// bit; 9x9 is on 128, 16x16 on 256): the positions of 4x4 after its two removals,
    /// set into each board's corner and further in (where the pieces may also jump
    /// away from the 4x4 square), match plain minimax.
    #[test]
    fn agrees_with_plain_minimax_on_boards_of_every_word() {
        let small = Position::start(Board::new(4, 4).unwrap());
        let mut positions = Vec::new();
        for first in small.legal_moves() {
            let after_first = small.after(first);
            for second in after_first.legal_moves() {
                positions.push(after_first.after(second));
            }
        }
        let mut solver = DistanceSolver::new(1 << 16);
        for by in [(0, 0), (2, 3)] {
            for (w, h) in [(6, 7), (8, 8), (9, 9), (16, 16)] {
                let board = Board::new(w, h).unwrap();
                let mut known = HashMap::new();
                for position in positions.iter().step_by(3) {
                    let moved = moved_onto(position, board, by);
                    if !moved.is_game_over() {
                        check_against_minimax(&mut solver, &moved, &mut known);
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

    /// A reserved table takes room for its capacity when first used (only the table of
    /// the board's word), never grows, and answers as a growing one does.
    #[test]
    fn a_reserved_table_never_grows_and_answers_the_same() {
        let mut position = Position::start(Board::new(5, 5).unwrap());
        position.play_all(["c3", "c2"]).unwrap();
        let mut reserved = DistanceSolver::reserved(1 << 12);
        assert_eq!(reserved.tables.get::<u64>().capacity(), 0);
        assert_eq!(reserved.solve(&position, &[], 1, &mut || false), None);
        let room = reserved.tables.get::<u64>().capacity();
        assert!(room >= 1 << 12);
        assert_eq!(reserved.tables.get::<u128>().capacity(), 0);
        assert_eq!(reserved.tables.get::<U256>().capacity(), 0);
        let mut growing = DistanceSolver::new(1 << 12);
        assert_eq!(
            reserved.solve(&position, &[], u64::MAX, &mut || false),
            growing.solve(&position, &[], u64::MAX, &mut || false)
        );
        assert_eq!(reserved.tables.get::<u64>().capacity(), room);
    }

    /// Clearing forgets every position but keeps the table's memory, and the solver
    /// answers the same afterwards.
    #[test]
    fn clearing_forgets_the_positions_and_keeps_the_memory() {
        let mut position = Position::start(Board::new(5, 5).unwrap());
        position.play_all(["c3", "c2"]).unwrap();
        let mut solver = DistanceSolver::new(1 << 16);
        let first = solver.solve(&position, &[], u64::MAX, &mut || false);
        let capacity = solver.tables.get::<u64>().capacity();
        assert!(!solver.tables.get::<u64>().is_empty());
        solver.clear();
        assert!(solver.tables.get::<u64>().is_empty());
        assert_eq!(solver.tables.get::<u64>().capacity(), capacity);
        assert_eq!(solver.solve(&position, &[], u64::MAX, &mut || false), first);
    }
}
