//! Cutting a solve into units: the positions a fixed number of plies below the root,
//! each met once however many move orders or board symmetries lead to it, and the
//! graph of positions above them that backs their results up to the root.

use std::collections::HashMap;

use konane_core::{Move, Position};

/// A position to solve on its own: the `id`-th (from 1) of its split, reached from the
/// root by `path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    pub id: u64,
    pub path: Vec<Move>,
    pub position: Position,
}

/// A position of the split graph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Node {
    /// The side to move has no move: it has lost.
    Lost,
    /// The position of unit `id`.
    Unit(u64),
    /// A position above the units: each of its moves and the node it leads to (moves
    /// to symmetric positions lead to one node).
    Inner(Vec<(Move, usize)>),
}

/// The positions from a root down to a split depth. Node 0 is the root; every node's
/// children come after it, so the nodes in reverse order visit children first.
#[derive(Clone, Debug)]
pub struct Split {
    root: Position,
    depth: u32,
    nodes: Vec<Node>,
    units: Vec<Unit>,
    /// Lines of play that end before the split depth.
    early_ends: u64,
}

impl Split {
    /// The split of `root` at `depth` plies (removals count as plies).
    pub fn new(root: Position, depth: u32) -> Split {
        // The path to each node, kept until its children are made.
        let mut frontier: Vec<(usize, Position, Vec<Move>)> = vec![(0, root, Vec::new())];
        let mut nodes = vec![Node::Lost];
        let mut units = Vec::new();
        let mut early_ends = 0;
        for ply in 0..=depth {
            let mut seen: HashMap<String, usize> = HashMap::new();
            let mut next = Vec::new();
            for (index, position, path) in frontier {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    nodes[index] = Node::Lost;
                    early_ends += u64::from(ply < depth);
                    continue;
                }
                if ply == depth {
                    let id = units.len() as u64 + 1;
                    nodes[index] = Node::Unit(id);
                    units.push(Unit { id, path, position });
                    continue;
                }
                let mut children: Vec<(Move, usize)> = Vec::new();
                for &mv in moves.iter() {
                    let child = position.after(mv);
                    let child_index = *seen.entry(child.canonical_fen()).or_insert_with(|| {
                        nodes.push(Node::Lost);
                        let mut child_path = path.clone();
                        child_path.push(mv);
                        next.push((nodes.len() - 1, child, child_path));
                        nodes.len() - 1
                    });
                    children.push((mv, child_index));
                }
                nodes[index] = Node::Inner(children);
            }
            frontier = next;
        }
        Split {
            root,
            depth,
            nodes,
            units,
            early_ends,
        }
    }

    /// The position the split starts from.
    pub fn root(&self) -> &Position {
        &self.root
    }

    /// Plies from the root to the units.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// The units, by id.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Lines of play from the root that end (the side to move has no move) before the
    /// split depth, counted once per position.
    pub fn early_ends(&self) -> u64 {
        self.early_ends
    }

    pub(crate) fn nodes(&self) -> &[Node] {
        &self.nodes
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    fn count_distinct(root: Position, depth: u32) -> usize {
        let mut level = vec![root];
        for _ in 0..depth {
            level = level
                .iter()
                .flat_map(|p| {
                    p.legal_moves()
                        .iter()
                        .map(|&m| p.after(m))
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        let mut keys: Vec<String> = level
            .iter()
            .filter(|p| p.count_moves() > 0)
            .map(Position::canonical_fen)
            .collect();
        keys.sort();
        keys.dedup();
        keys.len()
    }

    #[test]
    fn units_are_the_distinct_positions_at_the_depth_up_to_symmetry() {
        let board = Board::new(6, 6).unwrap();
        let root = Position::start(board);
        for depth in 1..=4 {
            let split = Split::new(root, depth);
            assert_eq!(
                split.units().len(),
                count_distinct(root, depth),
                "depth {depth}"
            );
            for (i, unit) in split.units().iter().enumerate() {
                assert_eq!(unit.id, i as u64 + 1);
                assert_eq!(unit.path.len(), depth as usize);
                let mut position = root;
                for &mv in &unit.path {
                    assert!(position.is_legal(mv));
                    position.play(mv);
                }
                assert_eq!(position, unit.position);
            }
        }
        // 6x6: Black removes a corner or a centre piece (two classes under symmetry).
        assert_eq!(Split::new(root, 1).units().len(), 2);
    }

    #[test]
    fn children_follow_their_parents_and_lines_that_end_early_are_lost_nodes() {
        // On 4x1 every game ends within a few plies.
        let root = Position::start(Board::new(4, 1).unwrap());
        let split = Split::new(root, 6);
        assert!(split.units().is_empty());
        assert!(split.early_ends() > 0);
        for (index, node) in split.nodes().iter().enumerate() {
            if let Node::Inner(children) = node {
                assert!(children.iter().all(|&(_, c)| c > index));
            }
        }
    }
}
