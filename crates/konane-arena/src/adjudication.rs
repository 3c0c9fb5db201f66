//! Why a game ended, and the checks that turn an engine's answer into a legal move or a
//! loss: unparseable and illegal moves, a wrong claim that the game is over.

use std::fmt;

use konane_core::{clip, Move, MoveError, Position};

/// How a game ended. Every reason but [`Reason::NoMoves`] is a loss by adjudication
/// of the player who was to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The side to move had no legal move: a loss by the rules.
    NoMoves,
    /// The engine answered a move that is well formed but not legal here.
    Illegal(String),
    /// The engine's `bestmove` line could not be read as a move.
    Unparseable(String),
    /// The engine answered `bestmove (none)` although it had legal moves.
    Disagreement(String),
    /// The engine's process ended or closed its output.
    Crash,
    /// The engine said nothing for the stall timeout.
    Stall,
    /// The engine went over its time by more than the margin (by that many ms).
    Time(u64),
}

impl Reason {
    /// The reason's word in records and tables.
    pub fn word(&self) -> &'static str {
        match self {
            Reason::NoMoves => "nomoves",
            Reason::Illegal(_) => "illegal",
            Reason::Unparseable(_) => "unparseable",
            Reason::Disagreement(_) => "disagreement",
            Reason::Crash => "crash",
            Reason::Stall => "stall",
            Reason::Time(_) => "time",
        }
    }

    /// The reason's detail (the move or line in question, the time over), if any.
    pub fn detail(&self) -> String {
        match self {
            Reason::Illegal(text) | Reason::Unparseable(text) | Reason::Disagreement(text) => {
                text.clone()
            }
            Reason::Time(ms) => ms.to_string(),
            Reason::NoMoves | Reason::Crash | Reason::Stall => String::new(),
        }
    }

    /// The reason from its word and detail, as written in records.
    pub fn from_parts(word: &str, detail: &str) -> Option<Reason> {
        Some(match word {
            "nomoves" => Reason::NoMoves,
            "illegal" => Reason::Illegal(detail.to_string()),
            "unparseable" => Reason::Unparseable(detail.to_string()),
            "disagreement" => Reason::Disagreement(detail.to_string()),
            "crash" => Reason::Crash,
            "stall" => Reason::Stall,
            "time" => Reason::Time(detail.parse().ok()?),
            _ => return None,
        })
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::NoMoves => f.write_str("no legal move left"),
            Reason::Illegal(text) => write!(f, "illegal move '{text}'"),
            Reason::Unparseable(text) => write!(f, "unreadable answer '{text}'"),
            Reason::Disagreement(text) => {
                write!(
                    f,
                    "claimed the game was over ('{text}') with legal moves left"
                )
            }
            Reason::Crash => f.write_str("engine crashed"),
            Reason::Stall => f.write_str("engine stopped answering"),
            Reason::Time(ms) => write!(f, "lost on time ({ms} ms over)"),
        }
    }
}

/// An engine's text as one short record field: clipped, whitespace made `_`.
fn quote(text: &str) -> String {
    clip(text)
        .chars()
        .map(|c| {
            if c.is_whitespace() || c.is_control() {
                '_'
            } else {
                c
            }
        })
        .collect()
}

/// Reads a `bestmove` line's arguments (what follows `bestmove`) in `position`, which is
/// not over: the legal move, or the reason the mover loses.
pub fn judge_bestmove(position: &Position, arguments: &str) -> Result<Move, Reason> {
    let Some(text) = arguments.split_whitespace().next() else {
        return Err(Reason::Unparseable("bestmove".to_string()));
    };
    if matches!(text, "(none)" | "0000" | "none") {
        return Err(Reason::Disagreement(text.to_string()));
    }
    position.parse_move(text).map_err(|error| match error {
        MoveError::Illegal { .. } => Reason::Illegal(quote(text)),
        _ => Reason::Unparseable(quote(text)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    #[test]
    fn answers_are_moves_or_reasons() {
        let position = Position::start(Board::STANDARD);
        assert_eq!(judge_bestmove(&position, "d5").unwrap().to_string(), "d5");
        assert_eq!(
            judge_bestmove(&position, "D5 ponder e4")
                .unwrap()
                .to_string(),
            "d5"
        );
        assert_eq!(
            judge_bestmove(&position, "c5"),
            Err(Reason::Illegal("c5".into()))
        );
        assert_eq!(
            judge_bestmove(&position, "z9!"),
            Err(Reason::Unparseable("z9!".into()))
        );
        assert_eq!(
            judge_bestmove(&position, "   "),
            Err(Reason::Unparseable("bestmove".into()))
        );
        assert_eq!(
            judge_bestmove(&position, "(none)"),
            Err(Reason::Disagreement("(none)".into()))
        );
    }

    #[test]
    fn reasons_round_trip_through_words() {
        for reason in [
            Reason::NoMoves,
            Reason::Illegal("d3d9".into()),
            Reason::Unparseable("xyz".into()),
            Reason::Disagreement("(none)".into()),
            Reason::Crash,
            Reason::Stall,
            Reason::Time(120),
        ] {
            assert_eq!(
                Reason::from_parts(reason.word(), &reason.detail()),
                Some(reason)
            );
        }
        assert_eq!(Reason::from_parts("resign", ""), None);
        assert_eq!(Reason::from_parts("time", "soon"), None);
    }
}
