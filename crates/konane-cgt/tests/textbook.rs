//! Textbook values: numbers, nimbers, ups, switches, their sums and names.

use konane_cgt::{Dyadic, Games, Outcome, UpStar};

fn human(games: &mut Games, text: &str) -> String {
    let g = games.parse(text).unwrap();
    games.display(g).to_string()
}

#[test]
fn small_games_have_their_textbook_values() {
    let mut games = Games::new();
    let one = games.integer(1).unwrap();
    let minus_one = games.integer(-1).unwrap();
    let star = games.star();
    let up = games.up();
    let star2 = games.nimber(2).unwrap();
    let half = games.number(Dyadic::new(1, 1).unwrap()).unwrap();
    assert_eq!(games.parse("{0|}").unwrap(), one);
    assert_eq!(games.parse("{|0}").unwrap(), minus_one);
    assert_eq!(games.parse("{0|0}").unwrap(), star);
    assert_eq!(games.parse("{0|*}").unwrap(), up);
    assert_eq!(games.parse("{0,*|0,*}").unwrap(), star2);
    assert_eq!(games.parse("{0|1}").unwrap(), half);
    assert_eq!(games.parse("{|}").unwrap(), games.zero());
    // Dominated and reversible options go.
    assert_eq!(games.parse("{0|2}").unwrap(), one);
    assert_eq!(games.parse("{-1,0|}").unwrap(), one);
    assert_eq!(games.parse("{0,*|}").unwrap(), one);
    assert_eq!(games.parse("{{|1}|}").unwrap(), one);
    assert_eq!(games.parse("{{0|*}|}").unwrap(), one); // ↑ reverses through *
    assert_eq!(games.parse("{-1|1}").unwrap(), games.zero());
    assert_eq!(games.parse("{1/2|1}").unwrap(), games.parse("3/4").unwrap());
    assert_eq!(games.parse("{1|1}").unwrap(), games.add(one, star).unwrap());
    assert_eq!(human(&mut games, "{1|1}"), "1*");
    assert_eq!(human(&mut games, "{1|-1}"), "±1");
    assert_eq!(human(&mut games, "{2|1}"), "{2|1}");
    assert_eq!(human(&mut games, "{*|0}"), "↓");
    assert_eq!(human(&mut games, "{0,*|0}"), "↑*");
    assert_eq!(human(&mut games, "{0|{0|-1}}"), "{0|{0|-1}}");
    assert_eq!(human(&mut games, "-3/4"), "-3/4");
}

#[test]
fn sums_of_textbook_values() {
    let mut games = Games::new();
    let zero = games.zero();
    let star = games.star();
    let up = games.up();
    let down = games.neg(up).unwrap();
    let up_up_star = games.sum(&[up, up, star]).unwrap();
    assert_eq!(games.display(up_up_star).to_string(), "2↑*");
    assert_eq!(up_up_star, games.parse("{0|{0|*}}").unwrap());
    assert_eq!(games.add(up, down).unwrap(), zero);
    let half = games.parse("1/2").unwrap();
    let one = games.integer(1).unwrap();
    assert_eq!(games.add(half, half).unwrap(), one);
    for a in 0..8 {
        for b in 0..8 {
            let (x, y) = (games.nimber(a).unwrap(), games.nimber(b).unwrap());
            assert_eq!(games.add(x, y).unwrap(), games.nimber(a ^ b).unwrap());
        }
    }
    let (star2, star3) = (games.nimber(2).unwrap(), games.nimber(3).unwrap());
    assert_eq!(games.add(star2, star3).unwrap(), star);
    let pm1 = games.parse("{1|-1}").unwrap();
    assert_eq!(games.add(pm1, pm1).unwrap(), zero);
    let two_one = games.parse("{2|1}").unwrap();
    let pm_half = games.parse("{1/2|-1/2}").unwrap();
    let three_halves = games.parse("3/2").unwrap();
    assert_eq!(games.add(three_halves, pm_half).unwrap(), two_one);
    assert_eq!(games.display(pm_half).to_string(), "±1/2");
}

#[test]
fn order_and_outcome_classes() {
    let mut games = Games::new();
    let zero = games.zero();
    let star = games.star();
    let up = games.up();
    let up_star = games.add(up, star).unwrap();
    let pm1 = games.parse("{1|-1}").unwrap();
    let tiny = games.parse("{0|{0|-1}}").unwrap();
    let quarter = games.parse("1/4").unwrap();
    assert!(games.gt(up, zero));
    assert!(games.confused(up, star));
    assert!(games.confused(up_star, zero));
    assert!(games.confused(pm1, zero));
    assert!(games.lt(tiny, up));
    assert!(games.gt(tiny, zero));
    assert!(games.lt(up, quarter));
    assert_eq!(games.compare(star, star), Some(std::cmp::Ordering::Equal));
    assert_eq!(games.compare(zero, up), Some(std::cmp::Ordering::Less));
    assert_eq!(games.outcome(zero), Outcome::Previous);
    assert_eq!(games.outcome(star), Outcome::Next);
    assert_eq!(games.outcome(up), Outcome::Left);
    let down = games.neg(up).unwrap();
    assert_eq!(games.outcome(down), Outcome::Right);
    assert_eq!(games.outcome(pm1), Outcome::Next);
    assert_eq!(games.outcome(up_star), Outcome::Next);
    let two_up_star = games.add(up_star, up).unwrap();
    assert_eq!(games.outcome(two_up_star), Outcome::Left);
    assert_eq!(
        [
            Outcome::Left,
            Outcome::Right,
            Outcome::Next,
            Outcome::Previous
        ]
        .map(|o| o.to_string()),
        ["L", "R", "N", "P"]
    );
}

#[test]
fn multiples_of_up_with_a_number_and_a_star_are_named() {
    let mut games = Games::new();
    let up = games.up();
    let down = games.neg(up).unwrap();
    let star = games.star();
    for number in ["0", "1/2", "-3", "5/8"] {
        let x = games.parse(number).unwrap();
        let xd: Dyadic = games.as_number(x).unwrap();
        for ups in -6i32..=6 {
            let arrow = if ups >= 0 { up } else { down };
            let mut g = x;
            for _ in 0..ups.unsigned_abs() {
                g = games.add(g, arrow).unwrap();
            }
            for s in 0..2u32 {
                let h = if s == 1 {
                    games.add(g, star).unwrap()
                } else {
                    g
                };
                let expected = UpStar {
                    number: xd,
                    ups,
                    star: s,
                };
                assert_eq!(
                    games.as_up_star(h),
                    Some(expected),
                    "{number} + {ups}.↑ + {s}*"
                );
            }
        }
        for k in 0..7 {
            let nim = games.nimber(k).unwrap();
            let g = games.add(x, nim).unwrap();
            assert_eq!(
                games.as_up_star(g),
                Some(UpStar {
                    number: xd,
                    ups: 0,
                    star: k
                })
            );
        }
    }
    let name = |games: &mut Games, text: &str| human(games, text);
    assert_eq!(name(&mut games, "{0|{0,*|0}}"), "2↑");
    assert_eq!(name(&mut games, "{0|{0|*}}"), "2↑*");
    assert_eq!(name(&mut games, "{0|0,*}"), "↓*");
    assert_eq!(name(&mut games, "{1|{1|1}}"), "1↑");
    assert_eq!(name(&mut games, "{{-3|-3}|-3}"), "-3↓");
    assert_eq!(name(&mut games, "*5"), "*5");
    assert_eq!(name(&mut games, "{1/2,{1/2|1/2}|1/2}"), "1/2↑*");
    let x = games.integer(-3).unwrap();
    let two_down = games.add(down, down).unwrap();
    let g = games.sum(&[x, two_down, star]).unwrap();
    assert_eq!(games.display(g).to_string(), "-3+2↓*");
    assert_eq!(games.as_nimber(star), Some(1));
    assert_eq!(games.as_nimber(up), None);
    assert_eq!(games.as_number(up), None);
}

#[test]
fn equal_values_built_differently_share_an_id() {
    let mut games = Games::new();
    let one = games.integer(1).unwrap();
    let half = games.parse("1/2").unwrap();
    let from_sum = games.add(half, half).unwrap();
    let from_options = games.parse("{0|}").unwrap();
    let from_hot = games.parse("{0|2}").unwrap();
    assert!(one == from_sum && one == from_options && one == from_hot);
    let up = games.up();
    let star = games.star();
    let up_star = games.add(up, star).unwrap();
    assert_eq!(games.parse("{0,*|0}").unwrap(), up_star);
    assert_eq!(games.parse("{0,*,{0|*}|0}").unwrap(), up_star);
    let before = games.len();
    assert_eq!(games.parse("{0,*|0}").unwrap(), up_star);
    assert_eq!(games.len(), before, "no new entry for a value already held");
}
