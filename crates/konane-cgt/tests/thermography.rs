//! Thermography: textbook stops, means, temperatures, thermographs and coolings, and on
//! random games the laws they obey (the walls are the stops of the cooled game, means
//! add, temperatures of a sum are at most the larger, cooling is additive, negation
//! mirrors).

use konane_cgt::{CgtError, Dyadic, GameId, Games};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn d(n: i128, k: u32) -> Dyadic {
    Dyadic::new(n, k).unwrap()
}

fn parsed(games: &mut Games, text: &str) -> GameId {
    games.parse(text).unwrap()
}

/// (mean, temperature, Left stop, Right stop) of a value written in the strict form.
fn thermal(games: &mut Games, text: &str) -> (String, String, String, String) {
    let g = parsed(games, text);
    let graph = games.thermograph(g).unwrap();
    let (left, right) = games.stops(g).unwrap();
    (
        graph.mean().to_string(),
        graph.temperature().to_string(),
        left.to_string(),
        right.to_string(),
    )
}

#[test]
fn textbook_means_temperatures_and_stops() {
    let mut games = Games::new();
    let cases = [
        // Numbers: temperature -1 for integers, -1/2^k for m/2^k.
        ("0", "0", "-1", "0", "0"),
        ("-5", "-5", "-1", "-5", "-5"),
        ("1/2", "1/2", "-1/2", "1/2", "1/2"),
        ("3/4", "3/4", "-1/4", "3/4", "3/4"),
        ("-5/8", "-5/8", "-1/8", "-5/8", "-5/8"),
        // Infinitesimals and tepid games: temperature 0.
        ("*", "0", "0", "0", "0"),
        ("*2", "0", "0", "0", "0"),
        ("{0|*}", "0", "0", "0", "0"),
        ("{0,*|0}", "0", "0", "0", "0"),
        ("{1|1}", "1", "0", "1", "1"),
        // Switches {x|y}: mean (x+y)/2, temperature (x-y)/2.
        ("{1|-1}", "0", "1", "1", "-1"),
        ("{3|-2}", "1/2", "5/2", "3", "-2"),
        ("{2|-1/2}", "3/4", "5/4", "2", "-1/2"),
        ("{1|0}", "1/2", "1/2", "1", "0"),
        // Compound hot games.
        ("{2|{1|0}}", "5/4", "3/4", "2", "1"),
        ("{{2|0}|-1}", "0", "1", "0", "-1"),
        ("{4|{2|-6}}", "2", "2", "4", "2"),
        ("{{3|1}|{-1|-3}}", "0", "2", "1", "-1"),
    ];
    for (text, mean, temperature, left, right) in cases {
        assert_eq!(
            thermal(&mut games, text),
            (
                mean.to_string(),
                temperature.to_string(),
                left.to_string(),
                right.to_string()
            ),
            "{text}"
        );
    }
}

#[test]
fn textbook_thermographs_have_exact_walls() {
    let mut games = Games::new();
    let g = parsed(&mut games, "{3|-2}");
    let graph = games.thermograph(g).unwrap();
    assert_eq!(
        graph.left().points(),
        vec![(d(0, 0), d(3, 0)), (d(5, 1), d(1, 1))]
    );
    assert_eq!(
        graph.right().points(),
        vec![(d(0, 0), d(-2, 0)), (d(5, 1), d(1, 1))]
    );
    assert_eq!(
        (graph.left().final_slope(), graph.right().final_slope()),
        (0, 0)
    );
    // {2|{1|0}}: the Right wall is vertical at 1 up to 1/2 (where {1|0} freezes), then
    // leans right until it meets the Left wall 2 - t at t = 3/4.
    let g = parsed(&mut games, "{2|{1|0}}");
    let graph = games.thermograph(g).unwrap();
    assert_eq!(
        graph.left().points(),
        vec![(d(0, 0), d(2, 0)), (d(3, 2), d(5, 2))]
    );
    assert_eq!(
        graph.right().points(),
        vec![(d(0, 0), d(1, 0)), (d(1, 1), d(1, 0)), (d(3, 2), d(5, 2))]
    );
    assert_eq!(graph.right().at(d(5, 3)).unwrap(), d(9, 3));
    // ±{3|1}: both walls vertical up to 1, then slanting in to meet at 0 at t = 2.
    let g = parsed(&mut games, "{{3|1}|{-1|-3}}");
    let graph = games.thermograph(g).unwrap();
    assert_eq!(
        graph.left().points(),
        vec![(d(0, 0), d(1, 0)), (d(1, 0), d(1, 0)), (d(2, 0), d(0, 0))]
    );
    // A number's walls are the number itself.
    let g = parsed(&mut games, "-3/4");
    let graph = games.thermograph(g).unwrap();
    assert_eq!(graph.left().points(), vec![(d(0, 0), d(-3, 2))]);
    assert_eq!(graph.left(), graph.right());
}

#[test]
fn textbook_coolings() {
    let mut games = Games::new();
    let mut cooled = |text: &str, t: Dyadic| {
        let g = games.parse(text).unwrap();
        let c = games.cool(g, t).unwrap();
        games.display(c).to_string()
    };
    assert_eq!(cooled("{1|-1}", d(1, 1)), "±1/2");
    assert_eq!(cooled("{1|-1}", d(1, 0)), "*");
    assert_eq!(cooled("{1|-1}", d(2, 0)), "0");
    assert_eq!(cooled("{3|-2}", d(1, 0)), "{2|-1}");
    assert_eq!(cooled("{3|-2}", d(5, 1)), "1/2*");
    assert_eq!(cooled("{3|-2}", d(3, 0)), "1/2");
    assert_eq!(cooled("{0|*}", d(0, 0)), "↑");
    assert_eq!(cooled("{0|*}", d(1, 2)), "0");
    assert_eq!(cooled("3/4", d(7, 0)), "3/4");
    assert_eq!(cooled("{2|{1|0}}", d(1, 1)), "{3/2|1*}");
    let mut games = Games::new();
    let g = games.parse("{1|-1}").unwrap();
    assert_eq!(
        games.cool(g, d(-1, 1)),
        Err(CgtError::NegativeCooling(d(-1, 1).to_string()))
    );
}

/// A random value: options drawn from numbers with denominators up to 8 and from the
/// values made so far.
fn random_values(rng: &mut StdRng, games: &mut Games, count: usize) -> Vec<GameId> {
    let mut made: Vec<GameId> = Vec::new();
    while made.len() < count {
        let option = |rng: &mut StdRng, games: &mut Games| {
            if made.is_empty() || rng.gen_bool(0.5) {
                let x = d(rng.gen_range(-24..=24), rng.gen_range(0..=3));
                games.number(x).unwrap()
            } else {
                made[rng.gen_range(0..made.len())]
            }
        };
        let left: Vec<GameId> = (0..rng.gen_range(1..=3))
            .map(|_| option(rng, games))
            .collect();
        let right: Vec<GameId> = (0..rng.gen_range(1..=3))
            .map(|_| option(rng, games))
            .collect();
        let g = games.game(&left, &right).unwrap();
        if games.birthday(g) <= 24 {
            made.push(g);
        }
    }
    made
}

#[test]
fn the_walls_are_the_stops_of_the_cooled_game() {
    let mut rng = StdRng::seed_from_u64(52);
    let mut games = Games::new();
    let values = random_values(&mut rng, &mut games, 300);
    let mut hot = 0;
    for &g in &values {
        let graph = games.thermograph(g).unwrap();
        let (left_stop, right_stop) = games.stops(g).unwrap();
        assert!(left_stop >= right_stop || games.as_number(g).is_some());
        if graph.temperature() > Dyadic::ZERO {
            hot += 1;
        }
        let mut temperatures = vec![d(0, 0), d(1, 3), d(1, 1), d(3, 1), d(5, 0)];
        temperatures.push(graph.temperature().max(Dyadic::ZERO));
        temperatures.extend(graph.left().points().into_iter().map(|(t, _)| t));
        for t in temperatures {
            let cooled = games.cool(g, t).unwrap();
            assert_eq!(
                games.stops(cooled).unwrap(),
                (graph.left().at(t).unwrap(), graph.right().at(t).unwrap()),
                "{} cooled by {t}",
                games.strict(g)
            );
            if t > graph.temperature() {
                assert_eq!(games.as_number(cooled), Some(graph.mean()));
            }
        }
        // Past the temperature the walls stand at the mean.
        let above = graph
            .temperature()
            .max(Dyadic::ZERO)
            .checked_add(d(1, 0))
            .unwrap();
        assert_eq!(graph.left().at(above).unwrap(), graph.mean());
        assert_eq!(graph.right().at(above).unwrap(), graph.mean());
    }
    assert!(hot > 100, "only {hot} of the random values are hot");
}

#[test]
fn means_add_temperatures_of_sums_are_bounded_and_cooling_is_additive() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut games = Games::new();
    let values = random_values(&mut rng, &mut games, 60);
    for pair in values.chunks(2) {
        let (g, h) = (pair[0], pair[1]);
        let sum = games.add(g, h).unwrap();
        let (mg, mh, ms) = (
            games.mean(g).unwrap(),
            games.mean(h).unwrap(),
            games.mean(sum).unwrap(),
        );
        assert_eq!(ms, mg.checked_add(mh).unwrap());
        let (tg, th, ts) = (
            games.temperature(g).unwrap(),
            games.temperature(h).unwrap(),
            games.temperature(sum).unwrap(),
        );
        assert!(ts <= tg.max(th), "{ts} > max({tg}, {th})");
        for t in [d(0, 0), d(1, 2), d(1, 0), d(5, 1)] {
            let (cg, ch, cs) = (
                games.cool(g, t).unwrap(),
                games.cool(h, t).unwrap(),
                games.cool(sum, t).unwrap(),
            );
            assert_eq!(games.add(cg, ch).unwrap(), cs, "cooled by {t}");
        }
        let minus = games.neg(g).unwrap();
        assert_eq!(games.mean(minus).unwrap(), -mg);
        assert_eq!(games.temperature(minus).unwrap(), tg);
    }
}
