//! The algebra of values against plain game trees: the games born by day 2, random
//! games of day 3, their outcomes by minimax, comparison by the definition, sums as
//! trees, negation, commutativity and associativity.

mod common;

use std::collections::HashSet;

use common::{
    day_one_and_two, minimax_outcome, random_day_three, tree_le, tree_neg, tree_sum, value,
};
use konane_cgt::Games;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

#[test]
fn twenty_two_values_are_born_by_day_two() {
    let (day_one, day_two) = day_one_and_two();
    let mut games = Games::new();
    let day_one: HashSet<_> = day_one
        .iter()
        .map(|t| value(&mut games, t).unwrap())
        .collect();
    let day_two: HashSet<_> = day_two
        .iter()
        .map(|t| value(&mut games, t).unwrap())
        .collect();
    assert_eq!(day_one.len(), 4);
    assert_eq!(day_two.len(), 22);
    assert!(day_one.is_subset(&day_two));
    assert!(day_two.iter().all(|&g| games.birthday(g) <= 2));
}

#[test]
fn ids_are_equal_exactly_when_values_are_and_order_follows_the_definition() {
    let (_, day_two) = day_one_and_two();
    let mut rng = StdRng::seed_from_u64(3);
    let mut trees = day_two.clone();
    trees.extend((0..60).map(|_| random_day_three(&mut rng, &day_two)));
    let mut games = Games::new();
    let ids: Vec<_> = trees
        .iter()
        .map(|t| value(&mut games, t).unwrap())
        .collect();
    for (a, ta) in ids.iter().zip(&trees) {
        for (b, tb) in ids.iter().zip(&trees) {
            let (le, ge) = (tree_le(ta, tb), tree_le(tb, ta));
            assert_eq!(
                games.le(*a, *b),
                le,
                "{} <= {}",
                games.display(*a),
                games.display(*b)
            );
            assert_eq!(
                a == b,
                le && ge,
                "{} = {}",
                games.display(*a),
                games.display(*b)
            );
            assert_eq!(games.confused(*a, *b), !le && !ge);
        }
    }
}

#[test]
fn outcomes_agree_with_minimax() {
    let (_, day_two) = day_one_and_two();
    let mut rng = StdRng::seed_from_u64(1);
    let mut trees = day_two.clone();
    trees.extend((0..400).map(|_| random_day_three(&mut rng, &day_two)));
    let mut games = Games::new();
    let mut seen = HashSet::new();
    for t in &trees {
        let g = value(&mut games, t).unwrap();
        let expected = minimax_outcome(std::slice::from_ref(t));
        assert_eq!(games.outcome(g), expected, "{}", games.display(g));
        assert_eq!(
            games.left_wins_moving_first(g),
            common::mover_wins(std::slice::from_ref(t), true)
        );
        assert_eq!(
            games.right_wins_moving_first(g),
            common::mover_wins(std::slice::from_ref(t), false)
        );
        seen.insert(expected);
    }
    assert_eq!(seen.len(), 4, "every outcome class occurs");
}

#[test]
fn sums_agree_with_the_sum_of_the_trees() {
    let (_, day_two) = day_one_and_two();
    let mut rng = StdRng::seed_from_u64(2);
    let mut games = Games::new();
    for round in 0..300 {
        let pick = |rng: &mut StdRng| {
            if round % 2 == 0 {
                day_two[rng.gen_range(0..day_two.len())].clone()
            } else {
                random_day_three(rng, &day_two)
            }
        };
        let (a, b) = (pick(&mut rng), pick(&mut rng));
        let (g, h) = (
            value(&mut games, &a).unwrap(),
            value(&mut games, &b).unwrap(),
        );
        let sum = games.add(g, h).unwrap();
        assert_eq!(sum, value(&mut games, &tree_sum(&a, &b)).unwrap());
        assert_eq!(games.outcome(sum), minimax_outcome(&[a.clone(), b.clone()]));
        if round % 10 == 0 {
            let c = pick(&mut rng);
            let k = value(&mut games, &c).unwrap();
            let three = games.sum(&[g, h, k]).unwrap();
            assert_eq!(games.outcome(three), minimax_outcome(&[a, b, c]));
        }
    }
}

#[test]
fn a_value_plus_its_negation_is_zero() {
    let (_, day_two) = day_one_and_two();
    let mut rng = StdRng::seed_from_u64(4);
    let mut trees = day_two.clone();
    trees.extend((0..300).map(|_| random_day_three(&mut rng, &day_two)));
    let mut games = Games::new();
    let zero = games.zero();
    for t in &trees {
        let g = value(&mut games, t).unwrap();
        let minus = games.neg(g).unwrap();
        assert_eq!(minus, value(&mut games, &tree_neg(t)).unwrap());
        assert_eq!(games.neg(minus).unwrap(), g);
        assert_eq!(games.add(g, minus).unwrap(), zero, "{}", games.display(g));
        assert_eq!(games.sub(g, g).unwrap(), zero);
    }
}

#[test]
fn sums_are_associative_and_commutative() {
    let (_, day_two) = day_one_and_two();
    let mut rng = StdRng::seed_from_u64(5);
    let mut games = Games::new();
    // A second table, filled in another order, computes every sum the other way round.
    let mut other = Games::new();
    for _ in 0..200 {
        let trees: Vec<_> = (0..3)
            .map(|_| random_day_three(&mut rng, &day_two))
            .collect();
        let ids: Vec<_> = trees
            .iter()
            .map(|t| value(&mut games, t).unwrap())
            .collect();
        let (a, b, c) = (ids[0], ids[1], ids[2]);
        let ab = games.add(a, b).unwrap();
        let bc = games.add(b, c).unwrap();
        assert_eq!(games.add(ab, c).unwrap(), games.add(a, bc).unwrap());
        let other_ids: Vec<_> = trees
            .iter()
            .rev()
            .map(|t| value(&mut other, t).unwrap())
            .collect();
        let ba = other.add(other_ids[1], other_ids[2]).unwrap();
        assert_eq!(games.parse(&other.strict(ba)).unwrap(), ab);
    }
}
