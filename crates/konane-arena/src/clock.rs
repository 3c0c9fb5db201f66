//! Time controls (`tc=10+0.1`, `movetime`, `depth`, `nodes`), the clocks the runner keeps
//! for both players, and the `go` command that carries them.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use konane_core::Color;
use konane_engine::go_words::{go_words, ClockNames};
use konane_engine::{Clock, SearchLimits};

/// How long a player may think, one kind per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A clock of `base` for the game plus `increment` after each move.
    Clock { base: Duration, increment: Duration },
    /// A fixed time per move.
    MoveTime(Duration),
    /// A fixed search depth per move (no time limit; only the stall timeout applies).
    Depth(u32),
    /// A fixed node budget per move (no time limit; only the stall timeout applies).
    Nodes(u64),
}

/// Why a time control text is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A base time or increment (`what`) that is not a number of seconds.
    #[error("{what} '{text}' is not a number of seconds")]
    NotSeconds { what: &'static str, text: String },
    /// A `tc` whose base time and increment are both zero.
    #[error("tc '{0}' gives no time at all")]
    NoTime(String),
    /// A `movetime` that is not a positive whole number of milliseconds.
    #[error("movetime '{0}' is not a positive number of milliseconds")]
    MoveTime(String),
    /// A `depth` that is not a positive whole number.
    #[error("depth '{0}' is not a positive number")]
    Depth(String),
    /// A `nodes` that is not a positive whole number.
    #[error("nodes '{0}' is not a positive number")]
    Nodes(String),
    /// A key that names no time control.
    #[error("'{0}' is not a time control (expected tc, movetime, depth or nodes)")]
    UnknownKey(String),
}

/// A whole number above zero (`movetime`, `depth`, `nodes`).
fn positive<T: FromStr + PartialOrd + Default>(text: &str) -> Option<T> {
    text.parse::<T>().ok().filter(|n| *n > T::default())
}

/// Seconds as a non-negative decimal number (`10`, `0.1`).
fn seconds(text: &str, what: &'static str) -> Result<Duration, TimeControlError> {
    text.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 1e7)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| TimeControlError::NotSeconds {
            what,
            text: text.to_string(),
        })
}

impl TimeControl {
    /// The time control named by `key` (`tc`, `movetime`, `depth`, `nodes`) with `value`.
    pub fn from_key(key: &str, value: &str) -> Result<TimeControl, TimeControlError> {
        match key {
            "tc" => value.parse(),
            "movetime" => positive(value)
                .map(|ms| TimeControl::MoveTime(Duration::from_millis(ms)))
                .ok_or_else(|| TimeControlError::MoveTime(value.to_string())),
            "depth" => positive(value)
                .map(TimeControl::Depth)
                .ok_or_else(|| TimeControlError::Depth(value.to_string())),
            "nodes" => positive(value)
                .map(TimeControl::Nodes)
                .ok_or_else(|| TimeControlError::Nodes(value.to_string())),
            _ => Err(TimeControlError::UnknownKey(key.to_string())),
        }
    }

    /// The longest a move may take before it loses on time, margin included (none for
    /// depth and node limits).
    pub fn move_deadline(&self, clock_left: Duration, margin: Duration) -> Option<Duration> {
        match self {
            TimeControl::Clock { .. } => Some(clock_left + margin),
            TimeControl::MoveTime(time) => Some(*time + margin),
            TimeControl::Depth(_) | TimeControl::Nodes(_) => None,
        }
    }
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// `10+0.1` (10 s plus 0.1 s a move) or `10` (no increment), in seconds.
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (base, increment) = match text.split_once('+') {
            Some((base, inc)) => (seconds(base, "base time")?, seconds(inc, "increment")?),
            None => (seconds(text, "base time")?, Duration::ZERO),
        };
        if base.is_zero() && increment.is_zero() {
            return Err(TimeControlError::NoTime(text.to_string()));
        }
        Ok(TimeControl::Clock { base, increment })
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::Clock { base, increment } => {
                write!(f, "tc={}+{}", base.as_secs_f64(), increment.as_secs_f64())
            }
            TimeControl::MoveTime(time) => write!(f, "movetime={}", time.as_millis()),
            TimeControl::Depth(depth) => write!(f, "depth={depth}"),
            TimeControl::Nodes(nodes) => write!(f, "nodes={nodes}"),
        }
    }
}

/// The clocks of one game: the time left to Black and White (indexed by colour).
#[derive(Clone, Debug)]
pub struct GameClocks {
    controls: [TimeControl; 2],
    left: [Duration; 2],
}

/// A move that took longer than its player had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overstepped {
    /// How far past the time left (before the margin) the move went.
    pub by: Duration,
}

impl GameClocks {
    /// Fresh clocks for a game, Black's control first.
    pub fn new(controls: [TimeControl; 2]) -> GameClocks {
        let left = controls.map(|tc| match tc {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        });
        GameClocks { controls, left }
    }

    /// The time control of `side`.
    pub fn control(&self, side: Color) -> TimeControl {
        self.controls[side.index()]
    }

    /// The time left on `side`'s clock (zero for controls without a clock).
    pub fn left(&self, side: Color) -> Duration {
        self.left[side.index()]
    }

    /// The longest `side`'s next move may take (margin included), if it is bounded.
    pub fn deadline(&self, side: Color, margin: Duration) -> Option<Duration> {
        self.controls[side.index()].move_deadline(self.left[side.index()], margin)
    }

    /// Charges `side` for a move that took `used`; an error if it went over its time by
    /// more than `margin`. The increment is added after a move in time.
    pub fn charge(
        &mut self,
        side: Color,
        used: Duration,
        margin: Duration,
    ) -> Result<(), Overstepped> {
        let i = side.index();
        let allowed = match self.controls[i] {
            TimeControl::Clock { .. } => self.left[i],
            TimeControl::MoveTime(time) => time,
            TimeControl::Depth(_) | TimeControl::Nodes(_) => return Ok(()),
        };
        if used > allowed + margin {
            return Err(Overstepped { by: used - allowed });
        }
        if let TimeControl::Clock { increment, .. } = self.controls[i] {
            self.left[i] = self.left[i].saturating_sub(used) + increment;
        }
        Ok(())
    }

    /// Sets `side`'s clock to zero: it ran out.
    pub fn run_out(&mut self, side: Color) {
        self.left[side.index()] = Duration::ZERO;
    }

    /// The search limits of `side`'s next move: the one place a time control becomes
    /// limits, for the `go` sent to an engine process and for an engine in process (the
    /// browser board's built-in one). Clock controls give both clocks (a player without
    /// a clock is shown the mover's).
    pub fn limits(&self, side: Color) -> SearchLimits {
        match self.controls[side.index()] {
            TimeControl::MoveTime(time) => SearchLimits::movetime(time),
            TimeControl::Depth(depth) => SearchLimits::depth(depth),
            TimeControl::Nodes(nodes) => SearchLimits {
                nodes: Some(nodes),
                ..SearchLimits::default()
            },
            TimeControl::Clock { .. } => {
                let shown = |colour: Color| {
                    let (left, increment) = match self.controls[colour.index()] {
                        TimeControl::Clock { increment, .. } => {
                            (self.left[colour.index()], increment)
                        }
                        _ => (self.left[side.index()], self.increment(side)),
                    };
                    Some(Clock {
                        time_ms: left.as_millis().min(i64::MAX as u128) as i64,
                        increment_ms: increment.as_millis().min(i64::MAX as u128) as i64,
                    })
                };
                SearchLimits {
                    clocks: [shown(Color::Black), shown(Color::White)],
                    ..SearchLimits::default()
                }
            }
        }
    }

    /// The `go` command for `side` to move: its [`GameClocks::limits`] in UCI
    /// (`wtime btime winc binc`) or UGI (`p1time p2time p1inc p2inc`) words.
    pub fn go_command(&self, side: Color, ugi: bool) -> String {
        let names = if ugi {
            ClockNames::Ugi
        } else {
            ClockNames::Uci
        };
        format!("go {}", go_words(&self.limits(side), names))
    }

    fn increment(&self, side: Color) -> Duration {
        match self.controls[side.index()] {
            TimeControl::Clock { increment, .. } => increment,
            _ => Duration::ZERO,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn time_controls_parse_and_print() {
        assert_eq!(
            "10+0.1".parse::<TimeControl>().unwrap(),
            TimeControl::Clock {
                base: MS(10_000),
                increment: MS(100)
            }
        );
        assert_eq!(
            TimeControl::from_key("movetime", "250").unwrap(),
            TimeControl::MoveTime(MS(250))
        );
        assert_eq!(
            TimeControl::from_key("depth", "4").unwrap(),
            TimeControl::Depth(4)
        );
        assert_eq!(
            TimeControl::from_key("nodes", "5000").unwrap().to_string(),
            "nodes=5000"
        );
        assert_eq!("2".parse::<TimeControl>().unwrap().to_string(), "tc=2+0");
        for (key, value) in [
            ("tc", "0+0"),
            ("tc", "ten"),
            ("tc", "1+x"),
            ("tc", "-1"),
            ("movetime", "0"),
            ("depth", "-2"),
            ("speed", "1"),
        ] {
            assert!(TimeControl::from_key(key, value).is_err(), "{key}={value}");
        }
    }

    #[test]
    fn clocks_run_down_take_increments_and_flag_overstepping() {
        let tc = TimeControl::Clock {
            base: MS(1000),
            increment: MS(100),
        };
        let mut clocks = GameClocks::new([tc, TimeControl::Depth(3)]);
        assert_eq!(
            clocks.go_command(Color::Black, false),
            "go btime 1000 wtime 1000 binc 100 winc 100"
        );
        assert_eq!(clocks.go_command(Color::White, true), "go depth 3");
        assert_eq!(clocks.deadline(Color::Black, MS(50)), Some(MS(1050)));
        assert_eq!(clocks.deadline(Color::White, MS(50)), None);
        clocks.charge(Color::Black, MS(300), MS(50)).unwrap();
        assert_eq!(
            clocks.go_command(Color::Black, true),
            "go p1time 800 p2time 800 p1inc 100 p2inc 100"
        );
        // 820 ms used of 800 left: within the 50 ms margin, the clock stops at zero.
        clocks.charge(Color::Black, MS(820), MS(50)).unwrap();
        assert_eq!(clocks.deadline(Color::Black, MS(0)), Some(MS(100)));
        assert_eq!(
            clocks.charge(Color::Black, MS(200), MS(50)),
            Err(Overstepped { by: MS(100) })
        );
        assert!(clocks.charge(Color::White, MS(99_999), MS(0)).is_ok());
    }

    #[test]
    fn movetime_allows_its_time_plus_margin() {
        let mut clocks = GameClocks::new([TimeControl::MoveTime(MS(100)); 2]);
        assert_eq!(clocks.go_command(Color::White, false), "go movetime 100");
        assert!(clocks.charge(Color::White, MS(140), MS(50)).is_ok());
        assert_eq!(
            clocks.charge(Color::White, MS(160), MS(50)),
            Err(Overstepped { by: MS(60) })
        );
    }
}
