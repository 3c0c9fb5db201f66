//! The strict form: printing and reading back give the same value, the parser names
//! what is wrong in bad text and never panics.

use konane_cgt::{CgtError, Dyadic, Form, Games, ParseErrorKind, ReadError, MAX_BIRTHDAY};
use proptest::prelude::*;

fn form() -> impl Strategy<Value = Form> {
    let leaf = prop_oneof![
        (-4i128..=4, 0u32..=3).prop_map(|(n, k)| Form::Number(Dyadic::new(n, k).unwrap())),
        (0u32..=4).prop_map(Form::Nimber),
    ];
    leaf.prop_recursive(4, 40, 3, |inner| {
        (
            prop::collection::vec(inner.clone(), 0..=3),
            prop::collection::vec(inner, 0..=3),
        )
            .prop_map(|(left, right)| Form::Game { left, right })
    })
}

/// The same game with every list of options in the opposite order.
fn reversed(form: &Form) -> Form {
    match form {
        Form::Game { left, right } => Form::Game {
            left: left.iter().rev().map(reversed).collect(),
            right: right.iter().rev().map(reversed).collect(),
        },
        leaf => leaf.clone(),
    }
}

proptest! {
    #[test]
    fn printing_then_parsing_gives_the_same_value(form in form()) {
        let mut games = Games::new();
        let g = games.value_of_form(&form).unwrap();
        let strict = games.strict(g);
        prop_assert_eq!(games.parse(&strict).unwrap(), g);
        let reparsed: Form = strict.parse().unwrap();
        prop_assert_eq!(reparsed.to_string(), strict.clone());
        // A fresh table, which numbers its values otherwise, reads the same value.
        let mut other = Games::new();
        let h = other.parse(&strict).unwrap();
        prop_assert_eq!(games.parse(&other.strict(h)).unwrap(), g);
        // The form as written (not simplified) has the same value too.
        prop_assert_eq!(games.parse(&form.to_string()).unwrap(), g);
        // One value prints one text, whatever order a table made its options in.
        let mut reversed_table = Games::new();
        let r = reversed_table.value_of_form(&reversed(&form)).unwrap();
        prop_assert_eq!(reversed_table.strict(r), strict);
    }

    #[test]
    fn the_parser_never_panics(text in "[{}|,*/0-9 -]{0,40}") {
        let mut games = Games::new();
        let _ = games.parse(&text);
    }

    #[test]
    fn the_parser_never_panics_on_any_text(text in any::<String>()) {
        let _ = text.parse::<Form>();
    }
}

fn kind(text: &str) -> (usize, ParseErrorKind) {
    let e = text.parse::<Form>().unwrap_err();
    (e.offset, e.kind)
}

#[test]
fn bad_texts_get_a_clear_error() {
    use ParseErrorKind::*;
    assert_eq!(kind(""), (0, UnexpectedEnd));
    assert_eq!(kind("{0|"), (3, UnexpectedEnd));
    assert_eq!(kind("{0|1"), (4, UnexpectedEnd));
    assert_eq!(kind("{0|1}x"), (5, Trailing('x')));
    assert_eq!(kind("{0|1}}"), (5, Trailing('}')));
    assert_eq!(kind("{ 0|1}"), (1, Unexpected(' ')));
    assert_eq!(kind(" 0"), (0, Unexpected(' ')));
    assert_eq!(kind("{0,|1}"), (3, Unexpected('|')));
    assert_eq!(kind("{0;1|}"), (2, Unexpected(';')));
    assert_eq!(kind("é"), (0, Unexpected('é')));
    assert_eq!(kind("{0|é}"), (3, Unexpected('é')));
    assert_eq!(kind("-"), (1, UnexpectedEnd));
    assert_eq!(kind("+1"), (0, Unexpected('+')));
    assert_eq!(kind("01"), (0, LeadingZero));
    assert_eq!(kind("-0"), (0, LeadingZero));
    assert_eq!(kind("2/4"), (0, NotReduced));
    assert_eq!(kind("1/1"), (0, NotReduced));
    assert_eq!(kind("0/2"), (0, NotReduced));
    assert_eq!(kind("1/3"), (2, NotDyadic));
    assert_eq!(kind("1/0"), (2, NotDyadic));
    assert_eq!(kind("1/"), (2, UnexpectedEnd));
    assert_eq!(kind("*0"), (0, NimberSpelling));
    assert_eq!(kind("*1"), (0, NimberSpelling));
    assert_eq!(kind("*02"), (0, NimberSpelling));
    assert_eq!(kind("4294967296"), (0, OutOfRange));
    assert_eq!(kind("1/9223372036854775808"), (0, OutOfRange));
    assert_eq!(kind(&"9".repeat(60)), (0, OutOfRange));
    assert_eq!(kind("*4294967296"), (0, OutOfRange));
    let deep = "{".repeat(MAX_BIRTHDAY as usize + 1);
    assert_eq!(kind(&deep), (MAX_BIRTHDAY as usize, TooDeep(MAX_BIRTHDAY)));
    let message = "1/3".parse::<Form>().unwrap_err().to_string();
    assert_eq!(
        message,
        "at byte 2: a denominator that is not a power of two"
    );
    for good in [
        "0",
        "*",
        "*2",
        "-3/4",
        "3/2",
        "{|}",
        "{0,*|0,*}",
        "{{0|*}|-1/2}",
    ] {
        assert_eq!(good.parse::<Form>().unwrap().to_string(), good);
    }
}

#[test]
fn values_beyond_the_limits_are_refused_when_read() {
    let mut games = Games::new();
    let too_late = |e: ReadError| matches!(e, ReadError::Value(CgtError::TooDeep { .. }));
    assert!(too_late(games.parse("513").unwrap_err()));
    assert!(too_late(games.parse("*513").unwrap_err()));
    assert!(games.parse("512").is_ok());
    // {0|{0|...{0|0}...}} with n braces is (n-1)·↑ + * or so, born on day n.
    let chain = |n: usize| format!("{}0{}", "{0|".repeat(n), "}".repeat(n));
    let g = games.parse(&chain(512)).unwrap();
    assert_eq!(games.birthday(g), 512);
    let e = games.parse(&chain(513)).unwrap_err();
    assert!(matches!(e, ReadError::Parse(p) if p.kind == ParseErrorKind::TooDeep(MAX_BIRTHDAY)));
    // {0|{0|...{0|}...}} halves each time: 1/2^70 is out of the exact range.
    let halves = format!("{}{}", "{0|".repeat(70), "}".repeat(70));
    let e = games.parse(&halves).unwrap_err();
    assert_eq!(e, ReadError::Value(CgtError::NumberOutOfRange));
}

#[test]
fn the_strict_form_prints_numbers_and_nimbers_as_such() {
    let mut games = Games::new();
    for (text, strict) in [
        ("{0|}", "1"),
        ("{|0}", "-1"),
        ("{0|0}", "*"),
        ("{0,*|0,*}", "*2"),
        ("{{0|0}|{0|0}}", "0"),
        ("{1|{0|0}}", "{1|*}"),
        ("{-1|-1/2}", "-3/4"),
        ("{1|1}", "{1|1}"),
        ("{0|{0|0}}", "{0|*}"),
        ("{|}", "0"),
    ] {
        let g = games.parse(text).unwrap();
        assert_eq!(games.strict(g), strict, "{text}");
    }
}
