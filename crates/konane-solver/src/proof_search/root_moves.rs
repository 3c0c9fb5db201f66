//! The proof and disproof numbers of a running solve's root, gathered from its root
//! moves as their searchers report them (each as it stands: `pn::path`), for progress
//! displays.

use std::fmt;
use std::sync::Mutex;

use super::pn::{proven, INF};

/// Where a solve stands at its root, from the side to move's point of view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct RootNumbers {
    /// The proof number of the root: the smallest disproof number of its root moves'
    /// positions (0: the side to move is proven to win).
    pub proof: u32,
    /// The disproof number of the root: the sum of its moves' positions' proof numbers
    /// (0: the side to move is proven to lose).
    pub disproof: u32,
    /// Root moves (up to symmetry) proven so far.
    pub proven: usize,
    /// Root moves (up to symmetry) in all.
    pub moves: usize,
}

impl fmt::Display for RootNumbers {
    /// `root pn 12, dn 3456, 2/5 moves proven` (`inf` for an infinite number).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |n: u32| {
            if n >= INF {
                "inf".to_string()
            } else {
                n.to_string()
            }
        };
        write!(
            f,
            "root pn {}, dn {}, {}/{} moves proven",
            show(self.proof),
            show(self.disproof),
            self.proven,
            self.moves
        )
    }
}

/// The numbers of each root move's position (for its own mover), as last reported.
#[derive(Default)]
pub(crate) struct RootMoves {
    numbers: Mutex<Vec<(u32, u32)>>,
}

impl RootMoves {
    /// Starts a solve of `moves` root moves, none searched yet (each counts as 1 and 1).
    pub fn reset(&self, moves: usize) {
        *self.lock() = vec![(1, 1); moves];
    }

    /// The numbers of root move `class`'s position, for the side to move there.
    pub fn set(&self, class: usize, proof: u32, disproof: u32) {
        if let Some(slot) = self.lock().get_mut(class) {
            *slot = (proof, disproof);
        }
    }

    /// Root move `class` proven: `wins` for the side to move at the root or not.
    pub fn prove(&self, class: usize, wins: bool) {
        // The numbers of the move's position, whose mover then loses when this wins.
        let (proof, disproof) = proven(!wins);
        self.set(class, proof, disproof);
    }

    /// The root's numbers now (`None` before the first solve).
    pub fn root(&self) -> Option<RootNumbers> {
        let numbers = self.lock();
        if numbers.is_empty() {
            return None;
        }
        let proof = numbers.iter().map(|&(_, dn)| dn).min().unwrap_or(INF);
        let disproof = numbers
            .iter()
            .fold(0u32, |sum, &(pn, _)| sum.saturating_add(pn))
            .min(INF);
        let proven = numbers
            .iter()
            .filter(|&&(pn, dn)| pn == 0 || dn == 0)
            .count();
        Some(RootNumbers {
            proof,
            disproof,
            proven,
            moves: numbers.len(),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(u32, u32)>> {
        self.numbers
            .lock()
            .expect("no panics while holding the lock")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_takes_the_least_disproof_and_the_sum_of_proofs() {
        let moves = RootMoves::default();
        assert_eq!(moves.root(), None);
        moves.reset(3);
        moves.set(0, 5, 7);
        moves.set(1, 2, 4);
        let root = moves.root().unwrap();
        assert_eq!((root.proof, root.disproof, root.proven), (1, 8, 0));
        // A root move whose position the mover there loses wins the root.
        moves.prove(2, true);
        let root = moves.root().unwrap();
        assert_eq!((root.proof, root.proven), (0, 1));
        assert_eq!(root.to_string(), "root pn 0, dn inf, 1/3 moves proven");
    }

    #[test]
    fn a_root_whose_moves_all_lose_is_disproven() {
        let moves = RootMoves::default();
        moves.reset(2);
        moves.prove(0, false);
        moves.prove(1, false);
        let root = moves.root().unwrap();
        assert_eq!((root.proof, root.disproof, root.proven), (INF, 0, 2));
    }
}
