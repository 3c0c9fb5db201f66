//! The protocol's line parser: one text line to a typed [`Command`], or a typed
//! [`ParseError`] that says what is wrong and where.

use konane_engine::go_words::{self, GoWords, COUNT};
pub use konane_engine::{NumberProblem, ParseError};

/// Which handshake the client used.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Dialect {
    Uci,
    Ugi,
}

/// Where a `position` command starts from.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Base {
    /// The start position of the current `BoardSize`.
    StartPos,
    /// A FEN (board and side to move, joined by a space).
    Fen(String),
}

/// A `position` command: a base and moves (as text; checked against the position).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PositionSpec {
    pub base: Base,
    pub moves: Vec<String>,
}

/// A `go` command: its limits and its `searchmoves` as given.
pub type Go = GoWords;

/// A UGI `query`.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Query {
    GameOver,
    P1Turn,
    Result,
}

/// One protocol command.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Command {
    Hello(Dialect),
    IsReady,
    SetOption { name: String, value: Option<String> },
    NewGame,
    Position(PositionSpec),
    Go(Go),
    Stop,
    PonderHit,
    Quit,
    Query(Query),
    Display,
    Perft(u32),
    Eval,
    Bench,
    Help,
}

/// Parses one line; `Ok(None)` for a blank line.
pub fn parse(line: &str) -> Result<Option<Command>, ParseError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let keyword = first.to_ascii_lowercase();
    let simple = |command: Command, name: &'static str| match rest.first() {
        None => Ok(command),
        Some(word) => Err(ParseError::Unexpected {
            command: name,
            word: word.to_string(),
        }),
    };
    let command = match keyword.as_str() {
        "uci" => simple(Command::Hello(Dialect::Uci), "uci"),
        "ugi" => simple(Command::Hello(Dialect::Ugi), "ugi"),
        "isready" => simple(Command::IsReady, "isready"),
        "ucinewgame" => simple(Command::NewGame, "ucinewgame"),
        "uginewgame" => simple(Command::NewGame, "uginewgame"),
        "stop" => simple(Command::Stop, "stop"),
        "ponderhit" => simple(Command::PonderHit, "ponderhit"),
        "quit" => simple(Command::Quit, "quit"),
        "d" => simple(Command::Display, "d"),
        "eval" => simple(Command::Eval, "eval"),
        "bench" => simple(Command::Bench, "bench"),
        "help" => simple(Command::Help, "help"),
        "setoption" => parse_setoption(&rest),
        "position" => parse_position(&rest).map(Command::Position),
        "go" => go_words::parse_go(&rest).map(Command::Go),
        "query" => parse_query(&rest).map(Command::Query),
        "perft" => parse_perft(&rest),
        _ => Err(ParseError::Unknown(first.to_string())),
    }?;
    Ok(Some(command))
}

fn parse_setoption(rest: &[&str]) -> Result<Command, ParseError> {
    let missing_name = || ParseError::Missing {
        after: "setoption".into(),
        what: "'name <option>'",
    };
    match rest.first() {
        Some(word) if word.eq_ignore_ascii_case("name") => {}
        Some(word) => {
            return Err(ParseError::Unexpected {
                command: "setoption",
                word: word.to_string(),
            })
        }
        None => return Err(missing_name()),
    }
    let rest = &rest[1..];
    let value_at = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let (name, value) = match value_at {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    if name.is_empty() {
        return Err(ParseError::Missing {
            after: "setoption name".into(),
            what: "an option name",
        });
    }
    let value = match value {
        Some([]) => {
            return Err(ParseError::Missing {
                after: "value".into(),
                what: "a value",
            })
        }
        Some(words) => Some(words.join(" ")),
        None => None,
    };
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(rest: &[&str]) -> Result<PositionSpec, ParseError> {
    let missing = || ParseError::Missing {
        after: "position".into(),
        what: "'startpos' or 'fen <board> <side>'",
    };
    let first = rest.first().ok_or_else(missing)?;
    let moves_at = rest.iter().position(|w| w.eq_ignore_ascii_case("moves"));
    // Between the base keyword and `moves` (empty when `moves` comes first).
    let head = &rest[1..moves_at.unwrap_or(rest.len()).max(1)];
    let base = match first.to_ascii_lowercase().as_str() {
        "startpos" => {
            if let Some(word) = head.first() {
                return Err(ParseError::Unexpected {
                    command: "position startpos",
                    word: word.to_string(),
                });
            }
            Base::StartPos
        }
        "fen" => {
            if head.is_empty() {
                return Err(ParseError::Missing {
                    after: "position fen".into(),
                    what: "a FEN (board and side to move)",
                });
            }
            Base::Fen(head.join(" "))
        }
        _ => {
            return Err(ParseError::Unexpected {
                command: "position",
                word: first.to_string(),
            })
        }
    };
    let moves = match moves_at {
        Some(i) => rest[i + 1..].iter().map(|m| m.to_string()).collect(),
        None => Vec::new(),
    };
    Ok(PositionSpec { base, moves })
}

fn parse_query(rest: &[&str]) -> Result<Query, ParseError> {
    let what = rest.first().ok_or(ParseError::Missing {
        after: "query".into(),
        what: "'gameover', 'p1turn' or 'result'",
    })?;
    if let Some(extra) = rest.get(1) {
        return Err(ParseError::Unexpected {
            command: "query",
            word: extra.to_string(),
        });
    }
    match what.to_ascii_lowercase().as_str() {
        "gameover" => Ok(Query::GameOver),
        "p1turn" => Ok(Query::P1Turn),
        "result" => Ok(Query::Result),
        _ => Err(ParseError::Unexpected {
            command: "query",
            word: what.to_string(),
        }),
    }
}

fn parse_perft(rest: &[&str]) -> Result<Command, ParseError> {
    if let Some(extra) = rest.get(1) {
        return Err(ParseError::Unexpected {
            command: "perft",
            word: extra.to_string(),
        });
    }
    go_words::number("perft", rest.first(), COUNT.0, COUNT.1).map(Command::Perft)
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_engine::Clock;
    use proptest::prelude::*;

    /// Every keyword the parser knows but those of `go`, and some values.
    const TOKENS: [&str; 28] = [
        "uci",
        "ugi",
        "isready",
        "setoption",
        "name",
        "value",
        "ucinewgame",
        "uginewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "go",
        "stop",
        "ponderhit",
        "quit",
        "query",
        "gameover",
        "p1turn",
        "result",
        "d",
        "perft",
        "eval",
        "bench",
        "help",
        "-1",
        "0",
        "99999999999999999999999999999999999999999",
    ];

    /// Every keyword the parser knows, `go`'s included, and some values.
    fn tokens() -> Vec<&'static str> {
        [&TOKENS[..], &go_words::GO_KEYWORDS[..]].concat()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn any_sequence_of_keywords_parses_or_fails_cleanly(
            words in prop::collection::vec(prop::sample::select(tokens()), 0..10)
        ) {
            let _ = parse(&words.join(" "));
        }

        #[test]
        fn any_text_parses_or_fails_cleanly(line in any::<String>()) {
            let _ = parse(&line);
        }
    }

    fn ok(line: &str) -> Command {
        parse(line).unwrap().unwrap()
    }

    #[test]
    fn blank_lines_are_no_command() {
        assert_eq!(parse("   \t ").unwrap(), None);
    }

    #[test]
    fn go_reads_every_limit_and_both_clock_names() {
        let clock = |time_ms, increment_ms| {
            Some(Clock {
                time_ms,
                increment_ms,
            })
        };
        let go = match ok("go wtime 1000 btime -5 winc 10 binc 20 movestogo 3 depth 7 nodes 99") {
            Command::Go(go) => go.limits,
            other => panic!("{other:?}"),
        };
        // Black's clock, then White's.
        assert_eq!(go.clocks, [clock(-5, 20), clock(1000, 10)]);
        assert_eq!(
            (go.depth, go.nodes, go.moves_to_go),
            (Some(7), Some(99), Some(3))
        );
        let ugi = match ok("go p1time 1 p2time 2 p1inc 3 p2inc 4") {
            Command::Go(go) => go.limits,
            other => panic!("{other:?}"),
        };
        assert_eq!(ugi.clocks, [clock(1, 3), clock(2, 4)]);
        let no_time = match ok("go winc 10 movetime 5") {
            Command::Go(go) => go.limits,
            other => panic!("{other:?}"),
        };
        assert_eq!(no_time.clocks, [None, None]);
        assert_eq!(no_time.movetime_ms, Some(5));
    }

    #[test]
    fn searchmoves_ends_at_the_next_keyword() {
        match ok("go searchmoves d5 e4 infinite") {
            Command::Go(go) => {
                assert_eq!(go.searchmoves, ["d5", "e4"]);
                assert!(go.limits.infinite);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn numbers_are_checked() {
        let too_large = parse("go depth 99999999999999999999").unwrap_err();
        assert!(matches!(
            too_large,
            ParseError::BadNumber {
                problem: NumberProblem::TooLarge { max: 4294967295 },
                ..
            }
        ));
        assert!(matches!(
            parse("go depth -3").unwrap_err(),
            ParseError::BadNumber {
                problem: NumberProblem::TooSmall { min: 1 },
                ..
            }
        ));
        assert!(matches!(
            parse("go movetime x").unwrap_err(),
            ParseError::BadNumber {
                problem: NumberProblem::NotANumber,
                ..
            }
        ));
        assert!(matches!(
            parse("go depth").unwrap_err(),
            ParseError::Missing { .. }
        ));
        assert!(matches!(
            parse("go depth 3 depth 4").unwrap_err(),
            ParseError::Repeated { .. }
        ));
    }

    #[test]
    fn position_splits_fen_and_moves() {
        assert_eq!(
            ok("position fen 3/3/3 w moves a1 b2c2"),
            Command::Position(PositionSpec {
                base: Base::Fen("3/3/3 w".into()),
                moves: vec!["a1".into(), "b2c2".into()],
            })
        );
        assert!(parse("position").is_err());
        assert!(parse("position fen").is_err());
        assert!(parse("position startpos d5").is_err());
        assert!(parse("position nowhere").is_err());
        assert!(parse("position moves d5").is_err());
        assert!(parse("position moves").is_err());
    }

    #[test]
    fn setoption_names_and_values_may_have_spaces() {
        assert_eq!(
            ok("setoption name Clear Hash"),
            Command::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert_eq!(
            ok("setoption name Hash value 64"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("64".into())
            }
        );
        assert!(parse("setoption name Hash value").is_err());
        assert!(parse("setoption Hash 3").is_err());
    }

    #[test]
    fn unknown_and_trailing_words_are_errors() {
        assert!(matches!(parse("fly").unwrap_err(), ParseError::Unknown(_)));
        assert!(matches!(
            parse("isready now").unwrap_err(),
            ParseError::Unexpected { .. }
        ));
        assert!(parse("query colour").is_err());
        assert!(parse("perft 0").is_err());
    }
}
