//! The limits: values born late, wide games and numbers out of range get typed errors,
//! and values at the limit are handled on an ordinary 2 MiB thread stack.

use konane_cgt::{CgtError, Dyadic, Form, Games, MAX_BIRTHDAY, MAX_OPTIONS};

/// Runs `f` on a thread with a 2 MiB stack (the default of spawned threads).
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn values_at_the_birthday_limit_fit_the_stack() {
    on_small_stack(|| {
        let mut games = Games::new();
        let limit = i64::from(MAX_BIRTHDAY);
        let big = games.integer(limit).unwrap();
        assert_eq!(games.birthday(big), MAX_BIRTHDAY);
        assert!(matches!(
            games.integer(limit + 1),
            Err(CgtError::TooDeep { .. })
        ));
        let half = games.integer(limit / 2).unwrap();
        assert!(games.add(half, half).is_ok());
        let up = games.up();
        assert!(matches!(games.add(big, up), Err(CgtError::TooDeep { .. })));
        // n·↑ is born on day n + 1: a chain {0|{0|...}} of 255 levels is 254·↑ + *.
        let zero = games.zero();
        let mut g = zero;
        for _ in 0..255 {
            g = games.game(&[zero], &[g]).unwrap();
        }
        assert_eq!(games.birthday(g), 255);
        let minus = games.neg(g).unwrap();
        assert_eq!(games.add(g, minus).unwrap(), zero);
        assert!(games.gt(g, zero));
        assert!(games.lt(g, big));
        let mut deep = zero;
        for _ in 0..MAX_BIRTHDAY {
            deep = games.game(&[zero], &[deep]).unwrap();
        }
        assert!(games.gt(deep, zero));
        assert!(matches!(
            games.game(&[zero], &[deep]),
            Err(CgtError::TooDeep { .. })
        ));
        assert!(games.strict(deep).len() > 2 * MAX_BIRTHDAY as usize);
        // Thermography recurses as deep as the birthday: an infinitesimal and the tepid
        // {2|{2|...{2|-1}}} born on the last day, cooled by 0 all the way down.
        assert_eq!(games.temperature(deep).unwrap(), Dyadic::ZERO);
        let two = games.integer(2).unwrap();
        let mut hot = games.integer(-1).unwrap();
        while games.birthday(hot) < MAX_BIRTHDAY {
            hot = games.game(&[two], &[hot]).unwrap();
        }
        let graph = games.thermograph(hot).unwrap();
        assert_eq!(graph.temperature(), Dyadic::ZERO);
        assert_eq!(graph.mean(), Dyadic::integer(2).unwrap());
        let cooled = games.cool(hot, Dyadic::ZERO).unwrap();
        assert_eq!(games.stops(cooled).unwrap(), games.stops(hot).unwrap());
    });
}

#[test]
fn wide_games_and_numbers_out_of_range_are_refused() {
    let mut games = Games::new();
    let limit = i64::from(MAX_BIRTHDAY);
    let many: Vec<_> = (-limit..=limit)
        .map(|n| games.integer(n).unwrap())
        .collect();
    assert!(many.len() > MAX_OPTIONS);
    assert!(matches!(
        games.game(&many, &[]),
        Err(CgtError::TooManyOptions { count, limit }) if count == many.len() && limit == MAX_OPTIONS
    ));
    // -511..=511 on the left: one option short of the limit, and {511|} = 512.
    let top = games.integer(limit).unwrap();
    assert_eq!(games.game(&many[1..MAX_OPTIONS], &[]).unwrap(), top);
    assert_eq!(Dyadic::new(1, 63), Err(CgtError::NumberOutOfRange));
    assert_eq!(Dyadic::integer(1 << 40), Err(CgtError::NumberOutOfRange));
    let fine = Dyadic::new(1, 62).unwrap();
    let fine = games.number(fine).unwrap();
    assert_eq!(games.birthday(fine), 63);
    let deep = (0..600).fold(Form::Nimber(0), |inner, _| Form::Game {
        left: vec![inner],
        right: vec![],
    });
    assert!(matches!(
        games.value_of_form(&deep),
        Err(CgtError::TooDeep { .. })
    ));
}
