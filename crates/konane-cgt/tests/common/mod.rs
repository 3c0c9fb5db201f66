//! Plain game trees for the tests: games as explicit option trees (not simplified),
//! their outcome by plain minimax, the textbook comparison, sums as trees, and the
//! games born by day 2.

#![allow(dead_code)]

use std::rc::Rc;

use konane_cgt::{CgtError, GameId, Games, Outcome};
use rand::rngs::StdRng;
use rand::Rng;

/// A game tree `{left | right}`, exactly as written.
#[derive(Debug)]
pub struct Tree {
    pub left: Vec<Rc<Tree>>,
    pub right: Vec<Rc<Tree>>,
}

pub fn tree(left: &[Rc<Tree>], right: &[Rc<Tree>]) -> Rc<Tree> {
    Rc::new(Tree {
        left: left.to_vec(),
        right: right.to_vec(),
    })
}

/// Whether the player to move wins a sum of trees, by minimax over every move in every
/// component (`left_to_move` says who moves).
pub fn mover_wins(parts: &[Rc<Tree>], left_to_move: bool) -> bool {
    (0..parts.len()).any(|i| {
        let options = if left_to_move {
            &parts[i].left
        } else {
            &parts[i].right
        };
        options.iter().any(|o| {
            let mut next = parts.to_vec();
            next[i] = o.clone();
            !mover_wins(&next, !left_to_move)
        })
    })
}

/// The outcome class of a sum of trees by minimax.
pub fn minimax_outcome(parts: &[Rc<Tree>]) -> Outcome {
    match (mover_wins(parts, true), mover_wins(parts, false)) {
        (true, true) => Outcome::Next,
        (true, false) => Outcome::Left,
        (false, true) => Outcome::Right,
        (false, false) => Outcome::Previous,
    }
}

/// `g <= h` by the definition, on the trees themselves.
pub fn tree_le(g: &Tree, h: &Tree) -> bool {
    !g.left.iter().any(|gl| tree_le(h, gl)) && !h.right.iter().any(|hr| tree_le(hr, g))
}

/// The sum `g + h` as a tree.
pub fn tree_sum(g: &Rc<Tree>, h: &Rc<Tree>) -> Rc<Tree> {
    let mut left: Vec<Rc<Tree>> = g.left.iter().map(|gl| tree_sum(gl, h)).collect();
    left.extend(h.left.iter().map(|hl| tree_sum(g, hl)));
    let mut right: Vec<Rc<Tree>> = g.right.iter().map(|gr| tree_sum(gr, h)).collect();
    right.extend(h.right.iter().map(|hr| tree_sum(g, hr)));
    tree(&left, &right)
}

/// The negation of a tree.
pub fn tree_neg(g: &Tree) -> Rc<Tree> {
    let left: Vec<_> = g.right.iter().map(|gr| tree_neg(gr)).collect();
    let right: Vec<_> = g.left.iter().map(|gl| tree_neg(gl)).collect();
    tree(&left, &right)
}

/// The value of a tree, built through [`Games::game`] from the leaves up.
pub fn value(games: &mut Games, g: &Tree) -> Result<GameId, CgtError> {
    let left = g
        .left
        .iter()
        .map(|o| value(games, o))
        .collect::<Result<Vec<_>, _>>()?;
    let right = g
        .right
        .iter()
        .map(|o| value(games, o))
        .collect::<Result<Vec<_>, _>>()?;
    games.game(&left, &right)
}

/// Every tree whose options are trees of `previous`, each side any subset.
pub fn next_day(previous: &[Rc<Tree>]) -> Vec<Rc<Tree>> {
    let subsets: Vec<Vec<Rc<Tree>>> = (0..1u32 << previous.len())
        .map(|mask| {
            (0..previous.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| previous[i].clone())
                .collect()
        })
        .collect();
    let mut trees = Vec::new();
    for left in &subsets {
        for right in &subsets {
            trees.push(tree(left, right));
        }
    }
    trees
}

/// The 4 trees of day 1 and the 256 of day 2 (options from day 1).
pub fn day_one_and_two() -> (Vec<Rc<Tree>>, Vec<Rc<Tree>>) {
    let day_one = next_day(&[tree(&[], &[])]);
    let day_two = next_day(&day_one);
    (day_one, day_two)
}

/// A random tree of day 3: up to three options a side, each a tree of day 2.
pub fn random_day_three(rng: &mut StdRng, day_two: &[Rc<Tree>]) -> Rc<Tree> {
    let side = |rng: &mut StdRng| -> Vec<Rc<Tree>> {
        let n = rng.gen_range(0..=3);
        (0..n)
            .map(|_| day_two[rng.gen_range(0..day_two.len())].clone())
            .collect()
    };
    let left = side(rng);
    let right = side(rng);
    tree(&left, &right)
}
