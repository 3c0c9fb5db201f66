//! The one text form of [`SearchLimits`]: the protocol's `go` words (UCI's
//! `wtime btime winc binc movestogo movetime depth nodes mate infinite ponder
//! searchmoves`, and UGI's clock names `p1time p2time p1inc p2inc`), read by the protocol
//! front end and written by the arena (and so the browser board) for the engines it runs.
//! Times are whole milliseconds, in the text as in [`SearchLimits`] (its movetime and
//! each [`Clock`]).

use std::num::IntErrorKind;

use konane_core::Color;

use crate::{Clock, NumberProblem, ParseError, SearchLimits};

/// Which names the clocks are written with.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum ClockNames {
    /// `btime wtime binc winc`.
    Uci,
    /// `p1time p2time p1inc p2inc` (player 1 is Black, who moves first).
    Ugi,
}

/// The words of one `go`: its limits, and its `searchmoves` as given (text: they are
/// checked against the position when the search starts, and join the limits then).
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct GoWords {
    pub limits: SearchLimits,
    pub searchmoves: Vec<String>,
}

/// The range of a time in milliseconds (may be negative: an overstepped clock).
const TIME: (i128, i128) = (i64::MIN as i128, i64::MAX as i128);
/// The range of a non-negative time or increment in milliseconds.
const SPAN: (i128, i128) = (0, i64::MAX as i128);
/// The range of a count that must be at least one (depth, moves to go, mate, perft).
pub const COUNT: (i128, i128) = (1, u32::MAX as i128);

/// Every `go` keyword, to know where a `searchmoves` list ends.
pub const GO_KEYWORDS: [&str; 16] = [
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
    "movestogo",
    "mate",
    "searchmoves",
    "infinite",
    "ponder",
];

/// Reads the number after `keyword`, which must lie in `min..=max` (and so fit in `T`).
pub fn number<T: TryFrom<i128>>(
    keyword: &str,
    text: Option<&&str>,
    min: i128,
    max: i128,
) -> Result<T, ParseError> {
    let text = text.ok_or_else(|| ParseError::Missing {
        after: keyword.to_string(),
        what: "a number",
    })?;
    let bad = |problem| ParseError::BadNumber {
        keyword: keyword.to_string(),
        text: text.to_string(),
        problem,
    };
    let value = text.parse::<i128>().map_err(|e| {
        bad(match e.kind() {
            IntErrorKind::PosOverflow => NumberProblem::TooLarge { max },
            IntErrorKind::NegOverflow => NumberProblem::TooSmall { min },
            _ => NumberProblem::NotANumber,
        })
    })?;
    if value < min {
        return Err(bad(NumberProblem::TooSmall { min }));
    }
    if value > max {
        return Err(bad(NumberProblem::TooLarge { max }));
    }
    T::try_from(value).map_err(|_| bad(NumberProblem::TooLarge { max }))
}

/// Reads the words after `go` (keywords in any case, in any order, each at most once).
pub fn parse_go(rest: &[&str]) -> Result<GoWords, ParseError> {
    let mut go = GoWords::default();
    let limits = &mut go.limits;
    // Time left and increment of Black (`btime`/`p1time`) and White (`wtime`/`p2time`).
    let mut time: [Option<i64>; 2] = [None; 2];
    let mut increment: [Option<i64>; 2] = [None; 2];
    let (black, white) = (Color::Black.index(), Color::White.index());
    let mut seen: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let keyword = rest[i].to_ascii_lowercase();
        if seen.contains(&keyword) {
            return Err(ParseError::Repeated {
                command: "go",
                word: keyword,
            });
        }
        let value = rest.get(i + 1);
        let mut takes_value = true;
        match keyword.as_str() {
            "depth" => limits.depth = Some(number(&keyword, value, COUNT.0, COUNT.1)?),
            "nodes" => limits.nodes = Some(number(&keyword, value, 1, u64::MAX.into())?),
            "movetime" => {
                limits.movetime_ms = Some(number(&keyword, value, SPAN.0, SPAN.1)?);
            }
            "btime" | "p1time" => time[black] = Some(number(&keyword, value, TIME.0, TIME.1)?),
            "wtime" | "p2time" => time[white] = Some(number(&keyword, value, TIME.0, TIME.1)?),
            "binc" | "p1inc" => increment[black] = Some(number(&keyword, value, SPAN.0, SPAN.1)?),
            "winc" | "p2inc" => increment[white] = Some(number(&keyword, value, SPAN.0, SPAN.1)?),
            "movestogo" => limits.moves_to_go = Some(number(&keyword, value, COUNT.0, COUNT.1)?),
            "mate" => limits.mate = Some(number(&keyword, value, COUNT.0, COUNT.1)?),
            "infinite" => {
                limits.infinite = true;
                takes_value = false;
            }
            "ponder" => {
                limits.ponder = true;
                takes_value = false;
            }
            "searchmoves" => {
                let end = rest[i + 1..]
                    .iter()
                    .position(|w| GO_KEYWORDS.contains(&w.to_ascii_lowercase().as_str()))
                    .map_or(rest.len(), |p| i + 1 + p);
                if end == i + 1 {
                    return Err(ParseError::Missing {
                        after: "searchmoves".into(),
                        what: "at least one move",
                    });
                }
                go.searchmoves = rest[i + 1..end].iter().map(|m| m.to_string()).collect();
                seen.push(keyword);
                i = end;
                continue;
            }
            _ => {
                return Err(ParseError::Unexpected {
                    command: "go",
                    word: rest[i].to_string(),
                })
            }
        }
        seen.push(keyword);
        i += if takes_value { 2 } else { 1 };
    }
    // An increment without a time left is no clock.
    for side in [black, white] {
        limits.clocks[side] = time[side].map(|time_ms| Clock {
            time_ms,
            increment_ms: increment[side].unwrap_or(0),
        });
    }
    Ok(go)
}

/// The words after `go` that say `limits` (`searchmoves` last), clocks under `names`:
/// what [`parse_go`] reads back to the same limits.
pub fn go_words(limits: &SearchLimits, names: ClockNames) -> String {
    let mut words = Vec::new();
    let mut say = |keyword: &str, value: String| words.push(format!("{keyword} {value}"));
    if let Some(depth) = limits.depth {
        say("depth", depth.to_string());
    }
    if let Some(nodes) = limits.nodes {
        say("nodes", nodes.to_string());
    }
    if let Some(time) = limits.movetime_ms {
        say("movetime", time.to_string());
    }
    let [time_black, time_white, inc_black, inc_white] = match names {
        ClockNames::Uci => ["btime", "wtime", "binc", "winc"],
        ClockNames::Ugi => ["p1time", "p2time", "p1inc", "p2inc"],
    };
    let [black, white] = limits.clocks;
    if let Some(clock) = black {
        say(time_black, clock.time_ms.to_string());
    }
    if let Some(clock) = white {
        say(time_white, clock.time_ms.to_string());
    }
    if let Some(clock) = black {
        say(inc_black, clock.increment_ms.to_string());
    }
    if let Some(clock) = white {
        say(inc_white, clock.increment_ms.to_string());
    }
    if let Some(moves) = limits.moves_to_go {
        say("movestogo", moves.to_string());
    }
    if let Some(mate) = limits.mate {
        say("mate", mate.to_string());
    }
    if limits.infinite {
        words.push("infinite".into());
    }
    if limits.ponder {
        words.push("ponder".into());
    }
    if !limits.search_moves.is_empty() {
        let moves: Vec<String> = limits.search_moves.iter().map(|m| m.to_string()).collect();
        words.push(format!("searchmoves {}", moves.join(" ")));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Position};

    fn clock(time_ms: i64, increment_ms: i64) -> Option<Clock> {
        Some(Clock {
            time_ms,
            increment_ms,
        })
    }

    #[test]
    fn every_limit_is_written_and_read_back() {
        let position = Position::start(Board::STANDARD);
        let limits = SearchLimits {
            depth: Some(7),
            nodes: Some(99),
            movetime_ms: Some(250),
            clocks: [clock(-5, 20), clock(1000, 10)],
            moves_to_go: Some(3),
            infinite: true,
            ponder: true,
            mate: Some(4),
            search_moves: position.legal_moves()[..2].to_vec(),
        };
        let uci = go_words(&limits, ClockNames::Uci);
        assert_eq!(
            uci,
            "depth 7 nodes 99 movetime 250 btime -5 wtime 1000 binc 20 winc 10 movestogo 3 \
             mate 4 infinite ponder searchmoves h1 e4"
        );
        let words: Vec<&str> = uci.split(' ').collect();
        let read = parse_go(&words).unwrap();
        assert_eq!(read.searchmoves, ["h1", "e4"]);
        assert_eq!(
            read.limits,
            SearchLimits {
                search_moves: Vec::new(),
                ..limits.clone()
            }
        );
        let ugi = go_words(&limits, ClockNames::Ugi);
        assert!(
            ugi.contains("p1time -5 p2time 1000 p1inc 20 p2inc 10"),
            "{ugi}"
        );
        let words: Vec<&str> = ugi.split(' ').collect();
        assert_eq!(parse_go(&words).unwrap(), read);
    }

    #[test]
    fn a_clock_time_without_the_other_and_no_limit_at_all() {
        let limits = SearchLimits {
            clocks: [None, clock(500, 0)],
            ..SearchLimits::default()
        };
        assert_eq!(go_words(&limits, ClockNames::Uci), "wtime 500 winc 0");
        assert_eq!(go_words(&SearchLimits::default(), ClockNames::Ugi), "");
        assert_eq!(parse_go(&[]).unwrap(), GoWords::default());
    }
}
