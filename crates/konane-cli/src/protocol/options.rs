//! The engine's options: their table (names, types, ranges, defaults) for the handshake,
//! and the checked setting of one option by name from text.

use std::fmt;

use konane_core::Board;
use konane_search::eval::EvalWeights;
use konane_search::players::BuiltinKind;
use konane_search::SearchOptions;

use konane_core::clip;

/// The largest transposition table offered, in MiB.
pub const MAX_HASH_MIB: i64 = 4096;
/// The most search threads offered.
pub const MAX_THREADS: i64 = 256;
/// The most principal variations offered.
pub const MAX_MULTIPV: i64 = 256;
/// The largest move overhead offered, in ms.
pub const MAX_MOVE_OVERHEAD_MS: i64 = 10_000;

/// Every option the engine shows, in handshake order.
pub const OPTION_NAMES: [&str; 9] = [
    "Hash",
    "Threads",
    "MultiPV",
    "BoardSize",
    "Ponder",
    "MoveOverhead",
    "EndgameSolver",
    "Player",
    "Clear Hash",
];

/// The values of every option, and the evaluation weights (set in engine.toml only).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct EngineOptions {
    pub eval: EvalWeights,
    pub hash_mib: usize,
    pub threads: usize,
    pub multipv: usize,
    pub board: Board,
    pub ponder: bool,
    pub move_overhead_ms: u64,
    /// Small endgames are settled by the exact solvers before the search.
    pub endgame_solver: bool,
    /// A built-in baseline player answers `go` instead of the search (`None`: the engine).
    pub player: Option<BuiltinKind>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        let search = SearchOptions::default();
        EngineOptions {
            eval: search.eval,
            hash_mib: search.hash_mib,
            threads: search.threads,
            multipv: search.multipv,
            board: Board::STANDARD,
            ponder: false,
            move_overhead_ms: search.move_overhead_ms,
            endgame_solver: search.endgame_solver,
            player: None,
        }
    }
}

/// What setting an option changed, so that the engine can act on it.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Effect {
    /// A search setting (hash, threads, multipv, overhead, endgame solver) changed.
    Search,
    /// The board size changed: the position goes back to the new start.
    Board,
    /// The `Clear Hash` button: forget what earlier searches learnt.
    ClearHash,
    /// Nothing more to do (Ponder).
    None,
}

/// Why an option could not be set.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum OptionError {
    Unknown(String),
    MissingValue(&'static str),
    NotANumber {
        name: &'static str,
        value: String,
    },
    OutOfRange {
        name: &'static str,
        value: String,
        min: i64,
        max: i64,
    },
    NotABool {
        name: &'static str,
        value: String,
    },
    BadBoard {
        value: String,
        problem: String,
    },
    ButtonValue(&'static str),
    BadPlayer(String),
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(
                f,
                "unknown option '{}' (options: {})",
                clip(name),
                OPTION_NAMES.join(", ")
            ),
            OptionError::MissingValue(name) => write!(f, "option {name} needs 'value <v>'"),
            OptionError::NotANumber { name, value } => {
                write!(
                    f,
                    "option {name} needs a whole number, not '{}'",
                    clip(value)
                )
            }
            OptionError::OutOfRange {
                name,
                value,
                min,
                max,
            } => write!(
                f,
                "option {name} value {} is out of range {min} to {max}",
                clip(value)
            ),
            OptionError::NotABool { name, value } => {
                write!(
                    f,
                    "option {name} needs true or false, not '{}'",
                    clip(value)
                )
            }
            OptionError::BadBoard { value, problem } => {
                write!(f, "option BoardSize value '{}': {problem}", clip(value))
            }
            OptionError::BadPlayer(problem) => write!(f, "option Player: {problem} (or engine)"),
            OptionError::ButtonValue(name) => {
                write!(f, "option {name} is a button: it takes no value")
            }
        }
    }
}

impl std::error::Error for OptionError {}

/// Reads a check value: `true` or `false`, in any case.
fn check(name: &'static str, value: Option<&str>) -> Result<bool, OptionError> {
    let value = value.ok_or(OptionError::MissingValue(name))?;
    match value.trim().to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(OptionError::NotABool {
            name,
            value: value.to_string(),
        }),
    }
}

/// Reads a spin value in `min..=max`.
fn spin(name: &'static str, value: Option<&str>, min: i64, max: i64) -> Result<i64, OptionError> {
    let value = value.ok_or(OptionError::MissingValue(name))?.trim();
    let out_of_range = || OptionError::OutOfRange {
        name,
        value: value.to_string(),
        min,
        max,
    };
    let number = match value.parse::<i128>() {
        Ok(n) => n,
        Err(e) => match e.kind() {
            std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                return Err(out_of_range())
            }
            _ => {
                return Err(OptionError::NotANumber {
                    name,
                    value: value.to_string(),
                })
            }
        },
    };
    if number < min as i128 || number > max as i128 {
        return Err(out_of_range());
    }
    Ok(number as i64)
}

impl EngineOptions {
    /// The settings the searcher takes.
    /// (Settings the protocol does not expose keep the search's defaults.)
    // The search grows tunables over time; the update syntax keeps this compiling.
    #[allow(clippy::needless_update)]
    pub fn search_options(&self) -> SearchOptions {
        SearchOptions {
            eval: self.eval.clone(),
            hash_mib: self.hash_mib,
            threads: self.threads,
            multipv: self.multipv,
            move_overhead_ms: self.move_overhead_ms,
            endgame_solver: self.endgame_solver,
            ..SearchOptions::default()
        }
    }

    /// One `option …` line per option, defaults taken from these values.
    pub fn handshake_lines(&self) -> Vec<String> {
        vec![
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MIB}",
                self.hash_mib
            ),
            format!(
                "option name Threads type spin default {} min 1 max {MAX_THREADS}",
                self.threads
            ),
            format!(
                "option name MultiPV type spin default {} min 1 max {MAX_MULTIPV}",
                self.multipv
            ),
            format!("option name BoardSize type string default {}", self.board),
            format!("option name Ponder type check default {}", self.ponder),
            format!(
                "option name MoveOverhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
                self.move_overhead_ms
            ),
            format!(
                "option name EndgameSolver type check default {}",
                self.endgame_solver
            ),
            format!(
                "option name Player type string default {}",
                self.player.map_or("engine".to_string(), |p| p.to_string())
            ),
            "option name Clear Hash type button".to_string(),
        ]
    }

    /// Sets the option `name` (case-insensitive) from `value`; unchanged on an error.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, OptionError> {
        let canonical = OPTION_NAMES
            .iter()
            .find(|known| known.eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        match *canonical {
            "Hash" => {
                self.hash_mib = spin("Hash", value, 1, MAX_HASH_MIB)? as usize;
                Ok(Effect::Search)
            }
            "Threads" => {
                self.threads = spin("Threads", value, 1, MAX_THREADS)? as usize;
                Ok(Effect::Search)
            }
            "MultiPV" => {
                self.multipv = spin("MultiPV", value, 1, MAX_MULTIPV)? as usize;
                Ok(Effect::Search)
            }
            "MoveOverhead" => {
                self.move_overhead_ms =
                    spin("MoveOverhead", value, 0, MAX_MOVE_OVERHEAD_MS)? as u64;
                Ok(Effect::Search)
            }
            "BoardSize" => {
                let value = value.ok_or(OptionError::MissingValue("BoardSize"))?;
                self.board = value.parse().map_err(|e: konane_core::BoardSizeError| {
                    OptionError::BadBoard {
                        value: value.to_string(),
                        problem: e.to_string(),
                    }
                })?;
                Ok(Effect::Board)
            }
            "Ponder" => {
                self.ponder = check("Ponder", value)?;
                Ok(Effect::None)
            }
            "EndgameSolver" => {
                self.endgame_solver = check("EndgameSolver", value)?;
                Ok(Effect::Search)
            }
            "Player" => {
                let value = value.ok_or(OptionError::MissingValue("Player"))?.trim();
                self.player = if value.eq_ignore_ascii_case("engine") {
                    None
                } else {
                    Some(
                        value
                            .parse::<BuiltinKind>()
                            .map_err(|e| OptionError::BadPlayer(e.to_string()))?,
                    )
                };
                Ok(Effect::None)
            }
            _ => match value {
                None => Ok(Effect::ClearHash),
                Some(_) => Err(OptionError::ButtonValue("Clear Hash")),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_case_insensitive_and_values_checked() {
        let mut options = EngineOptions::default();
        assert_eq!(options.set("hash", Some("64")), Ok(Effect::Search));
        assert_eq!(options.hash_mib, 64);
        let before = options.clone();
        assert!(matches!(
            options.set("Hash", Some("0")),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!(
            options.set("Hash", Some("99999999999999999999999999999999999999999999")),
            Err(OptionError::OutOfRange { .. })
        ));
        assert!(matches!(
            options.set("Threads", Some("two")),
            Err(OptionError::NotANumber { .. })
        ));
        assert!(matches!(
            options.set("Ponder", Some("yes")),
            Err(OptionError::NotABool { .. })
        ));
        assert!(matches!(
            options.set("EndgameSolver", Some("off")),
            Err(OptionError::NotABool { .. })
        ));
        assert!(matches!(
            options.set("BoardSize", Some("9x9")),
            Err(OptionError::BadBoard { .. })
        ));
        assert!(matches!(
            options.set("Colour", Some("1")),
            Err(OptionError::Unknown(_))
        ));
        assert!(matches!(
            options.set("Hash", None),
            Err(OptionError::MissingValue(_))
        ));
        assert_eq!(options, before);
        assert_eq!(options.set("boardsize", Some("6x5")), Ok(Effect::Board));
        assert_eq!(options.board.to_string(), "6x5");
        assert_eq!(options.set("clear hash", None), Ok(Effect::ClearHash));
        assert_eq!(
            options.set("endgamesolver", Some("FALSE")),
            Ok(Effect::Search)
        );
        assert!(!options.search_options().endgame_solver);
        assert_eq!(options.set("Player", Some("greedy")), Ok(Effect::None));
        assert_eq!(options.player, Some(BuiltinKind::Greedy));
        assert!(matches!(
            options.set("Player", Some("minimax")),
            Err(OptionError::BadPlayer(_))
        ));
        assert_eq!(options.player, Some(BuiltinKind::Greedy));
        assert_eq!(options.set("player", Some("Engine")), Ok(Effect::None));
        assert_eq!(options.player, None);
    }

    #[test]
    fn every_named_option_has_a_handshake_line() {
        let lines = EngineOptions::default().handshake_lines();
        for name in OPTION_NAMES {
            assert!(lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {name} type"))));
        }
    }
}
