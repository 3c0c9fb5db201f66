//! The checker's own search for leaf positions: plain negamax over the rules crate's
//! legal moves, with a hash map of the positions it has already decided.

use fnv::FnvHashMap;
use konane_core::Position;

/// The most positions the memo keeps before it starts afresh: few enough to stay in
/// the processor's cache, which pays more than remembering everything (measured in
/// docs/certificates.md, "The leaf limit").
const MEMO_LIMIT: usize = 1 << 14;

/// Decides leaf positions exactly, remembering recent decisions.
#[derive(Default)]
pub struct LeafSolver {
    memo: FnvHashMap<Position, bool>,
    nodes: u64,
}

impl LeafSolver {
    /// An empty solver.
    pub fn new() -> LeafSolver {
        LeafSolver::default()
    }

    /// Positions searched so far (a position forgotten by the memo counts again).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move wins `position` with best play.
    pub fn wins(&mut self, position: &Position) -> bool {
        let key = *position;
        if let Some(&win) = self.memo.get(&key) {
            return win;
        }
        self.nodes += 1;
        let mut win = false;
        position.for_each_move(|mv| {
            win = win || !self.wins(&position.after(mv));
        });
        if self.memo.len() >= MEMO_LIMIT {
            self.memo.clear();
        }
        self.memo.insert(key, win);
        win
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    #[test]
    fn small_boards_have_their_known_winners() {
        let mut solver = LeafSolver::new();
        let start = |size: &str| Position::start(size.parse::<Board>().unwrap());
        assert!(!solver.wins(&start("4x4")), "White wins 4x4");
        assert!(solver.wins(&start("1x1")), "Black removes the only piece");
        assert!(solver.wins(&start("5x5")), "Black wins 5x5");
        // A position without moves is lost for the side to move.
        assert!(!solver.wins(&Position::from_fen("4/4 b").unwrap()));
        // Black jumps b1 and White has no move left.
        assert!(solver.wins(&Position::from_fen("bw2 b").unwrap()));
    }

    #[test]
    fn a_full_memo_starts_afresh_and_stays_exact() {
        // 5x5 searches far more positions than the memo holds.
        let mut solver = LeafSolver::new();
        assert!(solver.wins(&Position::start(Board::new(5, 5).unwrap())));
        assert!(solver.nodes() > MEMO_LIMIT as u64);
        assert!(solver.memo.len() <= MEMO_LIMIT);
    }
}
