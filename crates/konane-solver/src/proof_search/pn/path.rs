//! The line of df-pn nodes a searcher is in, so that a progress display can show a
//! root move's numbers as they stand now.
//!
//! A df-pn node recomputes its numbers only when the child it searches comes back, and
//! deep in a large subtree the nodes near the root wait for hours: the numbers they
//! last computed say nothing of the work since. The numbers as they stand are those the
//! line would compute if it came back now: the deepest node's from its children's, then
//! each node above with the child it searches replaced by the node below ([`live`]).
//! Reading them changes nothing in the search.

use super::disproof_sum::ChildSum;
use super::INF;

/// A df-pn node on the searcher's stack.
#[derive(Clone, Copy, Debug, Eq, PartialEq)]
pub(in crate::proof_search) struct PathNode {
    /// Where its children's numbers start on the searcher's stack of numbers.
    pub base: usize,
    /// How many children it has.
    pub count: usize,
    /// The child whose search it is in (`None` while it looks at its children, or
    /// waits for jobs).
    pub active: Option<usize>,
    /// Whether it is the position of the searcher's root move.
    pub root: bool,
}

/// The numbers (for its mover) of the innermost root move's position on `path`, as the
/// nodes from it up the line of active children would compute them now; `numbers` is
/// the stack the nodes' `base` and `count` index, `share` the disproof sum's damping.
/// `None` when no root move's position is on the path.
pub(in crate::proof_search) fn live(
    path: &[PathNode],
    numbers: &[(u32, u32)],
    share: u32,
) -> Option<(u32, u32)> {
    let root = path.iter().rposition(|node| node.root)?;
    // The line: from the root move's node up, while each node's active child is the
    // next node (a node that waits for jobs, or whose child is searched depth first,
    // ends it).
    let mut top = root;
    while top + 1 < path.len() && path[top].active.is_some() {
        top += 1;
    }
    // The numbers of the node above the one being computed: its active child's.
    let mut above: Option<(u32, u32)> = None;
    for (i, node) in path.iter().enumerate().take(top + 1).skip(root).rev() {
        let active = if i < top { node.active } else { None };
        let mut pn = INF;
        let mut sum = ChildSum::default();
        let children = &numbers[node.base..node.base + node.count];
        for (j, &child) in children.iter().enumerate() {
            let (cpn, cdn) = match (active, above) {
                (Some(a), Some(now)) if a == j => now,
                _ => child,
            };
            sum.add(cpn);
            pn = pn.min(cdn);
        }
        above = Some((pn, sum.disproof(share)));
    }
    above
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(base: usize, count: usize, active: Option<usize>, root: bool) -> PathNode {
        PathNode {
            base,
            count,
            active,
            root,
        }
    }

    #[test]
    fn no_root_move_no_numbers() {
        assert_eq!(live(&[], &[], 100), None);
        assert_eq!(live(&[node(0, 1, None, false)], &[(1, 1)], 100), None);
    }

    #[test]
    fn one_node_computes_from_its_children() {
        // pn: the smallest child dn; dn: the children's pn summed (plain, share 100).
        let numbers = [(3, 5), (2, 7), (4, 4)];
        assert_eq!(live(&[node(0, 3, None, true)], &numbers, 100), Some((4, 9)));
        // Damped at 50 %: the largest (4) in full, the others (3 + 2) by half.
        assert_eq!(live(&[node(0, 3, None, true)], &numbers, 50), Some((4, 6)));
    }

    #[test]
    fn the_active_child_is_taken_from_the_node_above() {
        // The root's node has children 0 and 1 (searching 1); the node of child 1 has
        // children 2..5 on the stack, now (1, 9), (6, 2), (5, 5).
        let numbers = [(3, 8), (2, 2), (1, 9), (6, 2), (5, 5)];
        let path = [node(0, 2, Some(1), true), node(2, 3, None, false)];
        // Child 1 now: pn = min(9, 2, 5) = 2, dn = 1 + 6 + 5 = 12; the root's node:
        // pn = min(8, 12) = 8, dn = 3 + 2 = 5.
        assert_eq!(live(&path, &numbers, 100), Some((8, 5)));
        // With child 1's node proven lost for its mover (a child of dn 0)... its pn
        // is 0 and the root's node's dn counts it as 0.
        let numbers = [(3, 8), (2, 2), (1, 0), (6, 2), (5, 5)];
        assert_eq!(live(&path, &numbers, 100), Some((8, 3)));
    }

    #[test]
    fn the_line_ends_at_a_node_that_waits_or_at_a_job() {
        let numbers = [(3, 8), (2, 2), (1, 9), (6, 2), (5, 5), (1, 1)];
        // A node above the root's that is not its active child's (a job the searcher
        // helps with while the root's node waits) is left out.
        let path = [node(0, 2, None, true), node(2, 3, Some(0), false)];
        assert_eq!(live(&path, &numbers, 100), Some((2, 5)));
        // The innermost root move's node is the one read (a searcher that solves a
        // second root move after helping).
        let path = [
            node(0, 2, Some(1), true),
            node(2, 3, Some(0), false),
            node(5, 1, None, true),
        ];
        assert_eq!(live(&path, &numbers, 100), Some((1, 1)));
    }
}
