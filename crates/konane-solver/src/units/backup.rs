//! Backing unit results up to the root: the value of every position of the split that
//! the results decide, the root's winner and winning moves, and, while the root is
//! undecided, the unsolved units that can still decide it, cheapest proof first.
//!
//! "Cheapest" counts units, as proof-number search does: a position's proof number is
//! the fewest unsolved units whose results could prove that its side to move wins (the
//! smallest disproof number of a child), its disproof number the fewest that could
//! prove it loses (the sum of its children's proof numbers). The needed units come in
//! three runs: the units of the cheapest proof of either outcome (following, from the
//! root, the child with the smallest number where one child suffices and every
//! undecided child where all are needed), then those of the cheapest proof of the other
//! outcome, then the rest, children taken cheapest first.

use konane_core::{Color, Move};

use super::results::Results;
use super::split::{Node, Split};

/// What the results say about the root of a split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Backup {
    /// The side to move at the root.
    pub side: Color,
    /// The winner with best play, once proven.
    pub winner: Option<Color>,
    /// Each root move with the winner of the game after it, where proven.
    pub root_moves: Vec<(Move, Option<Color>)>,
    /// The unsolved units whose results can still change the verdict (none once it is
    /// proven), cheapest proof first.
    pub needed: Vec<u64>,
    /// The cheapest proof: the first `units` of `needed`, should `winner` win each of
    /// them, prove that `winner` wins the root (`None` once the root is decided).
    pub cheapest: Option<Proof>,
    /// By player (Black, White): the proof number of that player's win, the fewest
    /// unsolved units whose results could prove it, counted as proof-number search
    /// counts them (a unit below two undecided positions counts twice); `None` once
    /// the root is decided.
    pub proof_numbers: [Option<u64>; 2],
}

/// A set of units that proves the root's winner if that player wins each of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    pub winner: Color,
    pub units: usize,
}

impl Backup {
    /// The root moves proven to win for the side to move.
    pub fn winning_moves(&self) -> Vec<Move> {
        self.root_moves
            .iter()
            .filter(|(_, winner)| *winner == Some(self.side))
            .map(|(mv, _)| *mv)
            .collect()
    }
}

/// Proof numbers too large to count: no proof of that kind is possible.
const NONE: u64 = u64::MAX;

/// Each node's value for its side to move (`Some(true)`: it wins) and its proof and
/// disproof numbers.
struct Values {
    wins: Vec<Option<bool>>,
    proof: Vec<u64>,
    disproof: Vec<u64>,
}

/// Each node's value for its side to move as the `results` decide it (`Some(true)`:
/// it wins), by node index.
pub(super) fn node_wins(split: &Split, results: &Results) -> Vec<Option<bool>> {
    values(split, results).wins
}

fn values(split: &Split, results: &Results) -> Values {
    let nodes = split.nodes();
    let mut values = Values {
        wins: vec![None; nodes.len()],
        proof: vec![1; nodes.len()],
        disproof: vec![1; nodes.len()],
    };
    // Children come after their parents: backwards, every child is done first.
    for index in (0..nodes.len()).rev() {
        let wins = match &nodes[index] {
            Node::Lost => Some(false),
            Node::Unit(id) => results.by_unit.get(id).map(|(result, _)| {
                let unit = &split.units()[*id as usize - 1];
                result.winner == unit.position.side_to_move()
            }),
            Node::Inner(children) => {
                let distinct = distinct_children(children);
                values.proof[index] = distinct
                    .iter()
                    .map(|&c| values.disproof[c])
                    .min()
                    .unwrap_or(NONE);
                values.disproof[index] = distinct
                    .iter()
                    .map(|&c| values.proof[c])
                    .fold(0, u64::saturating_add);
                if distinct.iter().any(|&c| values.wins[c] == Some(false)) {
                    Some(true)
                } else if distinct.iter().all(|&c| values.wins[c] == Some(true)) {
                    Some(false)
                } else {
                    None
                }
            }
        };
        values.wins[index] = wins;
        match wins {
            Some(true) => (values.proof[index], values.disproof[index]) = (0, NONE),
            Some(false) => (values.proof[index], values.disproof[index]) = (NONE, 0),
            None => {}
        }
    }
    values
}

/// The distinct children of an inner node.
fn distinct_children(children: &[(Move, usize)]) -> Vec<usize> {
    let mut distinct: Vec<usize> = children.iter().map(|&(_, c)| c).collect();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}

/// The units below `index`, where it is undecided, in the order that serves proving
/// (`prove_win`) or disproving its side to move's win first. With `cheapest_only`,
/// only the units of the cheapest such proof. Units in `listed` are left out, and
/// those added are marked there.
fn collect(
    split: &Split,
    values: &Values,
    index: usize,
    prove_win: bool,
    cheapest_only: bool,
    listed: &mut [bool],
    out: &mut Vec<u64>,
) {
    if values.wins[index].is_some() {
        return;
    }
    match &split.nodes()[index] {
        Node::Unit(id) => {
            if !std::mem::replace(&mut listed[*id as usize - 1], true) {
                out.push(*id);
            }
        }
        Node::Lost => {}
        Node::Inner(children) => {
            // To prove a win, one child must lose: cheapest disproof first; to prove a
            // loss, every child must win: cheapest proof first.
            let mut order: Vec<usize> = distinct_children(children)
                .into_iter()
                .filter(|&c| values.wins[c].is_none())
                .collect();
            let cost = if prove_win {
                &values.disproof
            } else {
                &values.proof
            };
            order.sort_by_key(|&c| cost[c]);
            if cheapest_only && prove_win {
                order.truncate(1);
            }
            for child in order {
                collect(split, values, child, !prove_win, cheapest_only, listed, out);
            }
        }
    }
}

/// Backs the `results` of `split`'s units up to its root.
pub fn back_up(split: &Split, results: &Results) -> Backup {
    let values = values(split, results);
    let side = split.root().side_to_move();
    let winner_after =
        |child: usize| values.wins[child].map(|child_wins| if child_wins { !side } else { side });
    let root_moves = match &split.nodes()[0] {
        Node::Inner(children) => children
            .iter()
            .map(|&(mv, c)| (mv, winner_after(c)))
            .collect(),
        Node::Lost | Node::Unit(_) => Vec::new(),
    };
    let winner = values.wins[0].map(|wins| if wins { side } else { !side });
    let mut needed = Vec::new();
    let mut cheapest = None;
    if winner.is_none() {
        let mut listed = vec![false; split.units().len()];
        // The cheapest proof first, then the cheapest of the other outcome, then the rest.
        let win_first = values.proof[0] <= values.disproof[0];
        for (prove_win, cheapest_only) in
            [(win_first, true), (!win_first, true), (win_first, false)]
        {
            collect(
                split,
                &values,
                0,
                prove_win,
                cheapest_only,
                &mut listed,
                &mut needed,
            );
            if cheapest.is_none() {
                cheapest = Some(Proof {
                    winner: if win_first { side } else { !side },
                    units: needed.len(),
                });
            }
        }
    }
    let mut proof_numbers = [None; 2];
    if winner.is_none() {
        proof_numbers[side.index()] = Some(values.proof[0]);
        proof_numbers[(!side).index()] = Some(values.disproof[0]);
    }
    Backup {
        side,
        winner,
        root_moves,
        needed,
        cheapest,
        proof_numbers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::units::error::Place;
    use crate::units::results::UnitResult;
    use crate::{solve_limited, Solver, SolverOptions};
    use konane_core::{Board, Position};

    fn solved(split: &Split, ids: impl Iterator<Item = u64>) -> Results {
        let mut results = Results::default();
        for id in ids {
            let unit = &split.units()[id as usize - 1];
            let verdict = solve_limited(&unit.position, u64::MAX).unwrap();
            results.by_unit.insert(
                id,
                (
                    UnitResult {
                        id,
                        winner: verdict.winner,
                        nodes: verdict.nodes,
                        seconds: 0.0,
                    },
                    Place {
                        path: "r.txt".into(),
                        line: 0,
                    },
                ),
            );
        }
        results
    }

    #[test]
    fn every_unit_solved_gives_the_verdict_and_winning_moves_of_a_plain_solve() {
        for (size, depth) in [("5x5", 2), ("5x5", 4), ("4x5", 3), ("6x4", 5), ("4x4", 9)] {
            let board: Board = size.parse().unwrap();
            let root = Position::start(board);
            let split = Split::new(root, depth);
            let backup = back_up(&split, &solved(&split, 1..=split.units().len() as u64));
            let report = Solver::new(board, SolverOptions::default()).solve_moves(&root, |_, _| {});
            assert_eq!(backup.winner, report.winner(), "{size} at {depth}");
            let mut winning = backup.winning_moves();
            winning.sort_by_key(|m| m.to_string());
            let mut expected = report.winning_moves();
            expected.sort_by_key(|m| m.to_string());
            assert_eq!(winning, expected, "{size} at {depth}");
            assert!(backup.needed.is_empty());
            assert_eq!(backup.root_moves.len(), root.legal_moves().len());
        }
    }

    #[test]
    fn needed_units_exclude_decided_parents_and_come_cheapest_proof_first() {
        for (size, depth) in [("5x5", 4), ("6x4", 4), ("5x4", 5)] {
            let board: Board = size.parse().unwrap();
            let split = Split::new(Position::start(board), depth);
            let all = split.units().len() as u64;
            let none = back_up(&split, &Results::default());
            // Nothing solved: every unit is needed, each once.
            let mut sorted = none.needed.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (1..=all).collect::<Vec<_>>());
            // The cheapest proof is a proof: its units, each won by its player, decide.
            let proof = none.cheapest.unwrap();
            assert!(proof.units >= 1 && proof.units <= all as usize);
            // The cheapest proof is the one with the smaller proof number, which counts
            // its units (each once: the split has no unit under two parents here, or
            // more).
            let numbers = none.proof_numbers.map(Option::unwrap);
            assert_eq!(
                numbers[proof.winner.index()],
                *numbers.iter().min().unwrap()
            );
            assert!(numbers[proof.winner.index()] >= proof.units as u64);
            let mut results = Results::default();
            for &id in &none.needed[..proof.units] {
                let result = UnitResult {
                    id,
                    winner: proof.winner,
                    nodes: 1,
                    seconds: 0.0,
                };
                results.by_unit.insert(
                    id,
                    (
                        result,
                        Place {
                            path: "r".into(),
                            line: 0,
                        },
                    ),
                );
            }
            let proven = back_up(&split, &results);
            assert_eq!(proven.winner, Some(proof.winner), "{size} at {depth}");
            assert!(proven.needed.is_empty() && proven.cheapest.is_none());
            // Half of the units solved, in id order: what is still needed is unsolved,
            // and solving it (and nothing else) decides the root.
            let half = solved(&split, 1..=all / 2);
            let partial = back_up(&split, &half);
            assert!(partial
                .needed
                .iter()
                .all(|id| !half.by_unit.contains_key(id)));
            let rest = solved(&split, (1..=all / 2).chain(partial.needed.iter().copied()));
            assert!(back_up(&split, &rest).winner.is_some(), "{size} at {depth}");
        }
    }
}
