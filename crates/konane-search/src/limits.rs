//! What bounds a search: depth, nodes, time (fixed or from clocks), mate, root moves.
//! Every time is in milliseconds, as the protocol gives it (a clock may be negative).

use std::time::Duration;

use konane_core::{Color, Move};

/// A player's clock as the protocol gives it; times may be zero or negative.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub struct Clock {
    /// Time left, in milliseconds (negative when already overstepped).
    pub time_ms: i64,
    /// Increment per move, in milliseconds.
    pub increment_ms: i64,
}

/// Every limit a `go` command can carry; several may be combined (the first reached ends
/// the search). With none set the search runs until stopped.
#[derive(Clone, Debug, Default, Eq, PartialEq)]
pub struct SearchLimits {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Fixed time for this move, in milliseconds (never negative).
    pub movetime_ms: Option<i64>,
    /// Clocks of Black and White (indexed by [`Color::index`]); the side to move's is used.
    pub clocks: [Option<Clock>; 2],
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
    /// Search until stopped, whatever else is set (see [`SearchLimits::until_stopped`]).
    pub infinite: bool,
    /// Pondering: no time limit until `ponderhit` turns the clocks on.
    pub ponder: bool,
    /// Stop once a win in at most this many moves is proved.
    pub mate: Option<u32>,
    /// Only these root moves are searched (all when empty).
    pub search_moves: Vec<Move>,
}

impl SearchLimits {
    /// A limit of `depth` plies only.
    pub fn depth(depth: u32) -> SearchLimits {
        SearchLimits {
            depth: Some(depth),
            ..SearchLimits::default()
        }
    }

    /// A fixed time per move only (whole milliseconds, rounded down).
    pub fn movetime(time: Duration) -> SearchLimits {
        SearchLimits {
            movetime_ms: Some(i64::try_from(time.as_millis()).unwrap_or(i64::MAX)),
            ..SearchLimits::default()
        }
    }

    /// The clock of `side`, if one was given.
    pub fn clock(&self, side: Color) -> Option<Clock> {
        self.clocks[side.index()]
    }

    /// Whether only a stop ends this search: `infinite`, or no limit at all (a bare
    /// `go`). This is the one reading of `infinite`: such a search obeys no other limit,
    /// and its answer waits for the stop even when the search itself is done.
    pub fn until_stopped(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime_ms.is_none()
                && self.clocks.iter().all(Option::is_none)
                && self.mate.is_none())
    }
}
