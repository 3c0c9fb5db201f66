//! The checker's own search for leaf positions: plain negamax over the rules crate's
//! legal moves, with a hash map of the positions it has already decided.

use fnv::FnvHashMap;
use konane_core::{Color, Position};

/// The most positions the memo keeps; it starts afresh when full, so memory stays
/// bounded however many leaves a certificate has (about 30 bytes a position).
const MEMO_LIMIT: usize = 1 << 23;

/// Decides leaf positions exactly, remembering what it has decided.
#[derive(Default)]
pub struct LeafSolver {
    memo: FnvHashMap<(u64, u64, bool), bool>,
    nodes: u64,
}

impl LeafSolver {
    /// An empty solver.
    pub fn new() -> LeafSolver {
        LeafSolver::default()
    }

    /// Positions searched so far (each at most once while the memo keeps it).
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move wins `position` with best play.
    pub fn wins(&mut self, position: &Position) -> bool {
        let key = (
            position.pieces(Color::Black),
            position.pieces(Color::White),
            position.side_to_move() == Color::White,
        );
        if let Some(&win) = self.memo.get(&key) {
            return win;
        }
        self.nodes += 1;
        let win = position
            .legal_moves()
            .iter()
            .any(|&mv| !self.wins(&position.after(mv)));
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
        // 4x4: White wins; 3x4 and 4x3 too small to matter here; every 1xN start and
        // 2x2 are decided by the first removals.
        let mut solver = LeafSolver::new();
        let wins = |solver: &mut LeafSolver, size: &str| {
            solver.wins(&Position::start(size.parse::<Board>().unwrap()))
        };
        assert!(!wins(&mut solver, "4x4"), "White wins 4x4");
        assert!(wins(&mut solver, "1x1"), "Black removes the only piece");
        // A position without moves is lost for the side to move.
        assert!(!solver.wins(&Position::from_fen("4/4 b").unwrap()));
        // Black jumps b1 and White has no move left.
        assert!(solver.wins(&Position::from_fen("bw2 b").unwrap()));
    }
}
