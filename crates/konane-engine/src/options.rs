//! The one option table: every engine option is declared once, in [`OPTIONS`], with
//! its name, kind, range, engine.toml key, command-line flag and typed access. The
//! protocol's `option` lines and `setoption`, engine.toml, the command-line flags and
//! all their errors come from it. Adding an option is one entry (and, for a new
//! setting, its field in [`Options`] or in the search's `SearchOptions`, which also
//! hold the defaults).

use std::fmt;
use std::str::FromStr;

use std::path::Path;
use std::sync::Arc;

use konane_core::{clip, Board};
use konane_search::nnue::{NetError, Network};
use konane_search::players::BuiltinKind;
use konane_search::SearchOptions;

/// Who answers `go`: the engine's search, or a built-in baseline player.
#[derive(Copy, Clone, Debug, Default, Eq, PartialEq)]
pub enum Player {
    #[default]
    Engine,
    Builtin(BuiltinKind),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Engine => f.write_str("engine"),
            Player::Builtin(kind) => kind.fmt(f),
        }
    }
}

/// Why a text names no player: it is neither `engine` nor a built-in player's name.
#[derive(Clone, Debug, Eq, PartialEq, thiserror::Error)]
#[error("expected engine, random, greedy, alphabeta or alphabetaN (N from 1 to 20)")]
pub struct PlayerError {
    /// The text that names no player.
    pub text: String,
}

impl FromStr for Player {
    type Err = PlayerError;

    /// `engine`, or a built-in player's name (`random`, `greedy`, `alphabetaN`), any case.
    fn from_str(text: &str) -> Result<Player, PlayerError> {
        if text.trim().eq_ignore_ascii_case("engine") {
            return Ok(Player::Engine);
        }
        text.parse().map(Player::Builtin).map_err(|_| PlayerError {
            text: text.to_string(),
        })
    }
}

/// The value of every option. The defaults are those of [`Options::default`] (the
/// search's own, `SearchOptions::default`, for the search settings).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Options {
    /// What the search takes: table size, threads, lines, move overhead, endgame
    /// handover and evaluation weights.
    pub search: SearchOptions,
    /// The board of `position startpos` and of every subcommand's start position.
    pub board: Board,
    /// Whether `bestmove` names the expected reply (`ponder …`).
    pub ponder: bool,
    /// Who answers `go`.
    pub player: Player,
    /// The net file of the learned evaluation (`EvalFile`; empty: the net built in).
    pub eval_file: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            search: SearchOptions::default(),
            board: Board::STANDARD,
            ponder: false,
            player: Player::Engine,
            eval_file: String::new(),
        }
    }
}

/// The evaluations the `Eval` option names.
const EVALS: &str = "classic (the hand-written terms) or nnue (the learned net, on 8x8)";

/// The net of `EvalFile` value `file`: the built-in net when empty, else the file's.
fn load_net(file: &str) -> Result<Arc<Network>, NetError> {
    if file.is_empty() {
        Ok(Network::embedded())
    } else {
        Network::load(Path::new(file)).map(Arc::new)
    }
}

/// Sets a text option from its text, or says why the text is refused.
pub type TextSetter = fn(&mut Options, &str) -> Result<(), Box<dyn std::error::Error>>;

/// An option's kind (as the protocol names it) with typed access to its value.
#[derive(Copy, Clone)]
pub enum Kind {
    /// `true` or `false`.
    Check {
        get: fn(&Options) -> bool,
        set: fn(&mut Options, bool),
    },
    /// A whole number in `min..=max`.
    Spin {
        min: i64,
        max: i64,
        get: fn(&Options) -> i64,
        set: fn(&mut Options, i64),
    },
    /// Text that the setter reads (and may refuse, with the reader's error).
    Text {
        get: fn(&Options) -> String,
        set: TextSetter,
    },
    /// An action without a value.
    Button,
}

impl Kind {
    /// The protocol's name of the kind.
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Check { .. } => "check",
            Kind::Spin { .. } => "spin",
            Kind::Text { .. } => "string",
            Kind::Button => "button",
        }
    }

    /// What a value of this kind is, for error messages.
    fn expected(&self) -> &'static str {
        match self {
            Kind::Check { .. } => "true or false",
            Kind::Spin { .. } => "an integer",
            Kind::Text { .. } => "a string",
            Kind::Button => "no value",
        }
    }
}

/// A typed option value, read from protocol text, a flag or engine.toml.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Value {
    Check(bool),
    Spin(i64),
    Text(String),
    /// A button press.
    Press,
}

/// What setting an option asks of the engine besides storing the value.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Effect {
    /// Nothing: the next job uses the new value.
    Stored,
    /// The board changed: the position goes back to the new start.
    NewBoard,
    /// Forget what earlier searches learnt (the `Clear Hash` button).
    ClearHash,
}

/// One option: its one declaration.
pub struct OptionSpec {
    /// The protocol name (`setoption name …`), also used in error messages.
    pub name: &'static str,
    pub kind: Kind,
    /// Whether the protocol shows and sets it.
    pub in_protocol: bool,
    /// Its engine.toml key, `section.key`, when the file may set it.
    pub key: Option<&'static str>,
    /// Its command-line flag without the dashes, when there is one.
    pub flag: Option<&'static str>,
    /// What it means, for engine.toml's comments and `--help`.
    pub help: &'static str,
    pub effect: Effect,
}

/// The largest transposition table offered, in MiB.
pub const MAX_HASH_MIB: i64 = 4096;
/// The most search threads offered.
pub const MAX_THREADS: i64 = 256;
/// The most principal variations offered.
pub const MAX_MULTIPV: i64 = 256;
/// The largest move overhead offered, in ms.
pub const MAX_MOVE_OVERHEAD_MS: i64 = 10_000;
/// The largest evaluation weight (either sign): it keeps every weighted sum of the
/// terms far inside `i32`.
pub const MAX_EVAL_WEIGHT: i64 = 10_000;

/// The engine.toml-only option of evaluation weight `field` (key `eval.<field>`).
macro_rules! eval_weight {
    ($name:literal, $field:ident, $help:literal) => {
        OptionSpec {
            name: $name,
            kind: Kind::Spin {
                min: -MAX_EVAL_WEIGHT,
                max: MAX_EVAL_WEIGHT,
                get: |o| o.search.eval.$field as i64,
                set: |o, v| o.search.eval.$field = v as i32,
            },
            in_protocol: false,
            key: Some(concat!("eval.", stringify!($field))),
            flag: None,
            help: $help,
            effect: Effect::Stored,
        }
    };
}

/// Every option, in the handshake's order.
///
/// The evaluation weights are set in engine.toml only: they are a developer's knob, not
/// a setting for GUI users, and keeping them out of the handshake keeps what arenas and
/// GUIs list unchanged. Setting `in_protocol` makes one a protocol option.
pub static OPTIONS: [OptionSpec; 23] = [
    OptionSpec {
        name: "Hash",
        kind: Kind::Spin {
            min: 1,
            max: MAX_HASH_MIB,
            get: |o| o.search.hash_mib as i64,
            set: |o, v| o.search.hash_mib = v as usize,
        },
        in_protocol: true,
        key: Some("engine.hash"),
        flag: Some("hash"),
        help: "transposition table, MiB",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "Threads",
        kind: Kind::Spin {
            min: 1,
            max: MAX_THREADS,
            get: |o| o.search.threads as i64,
            set: |o, v| o.search.threads = v as usize,
        },
        in_protocol: true,
        key: Some("engine.threads"),
        flag: Some("threads"),
        help: "search threads",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "MultiPV",
        kind: Kind::Spin {
            min: 1,
            max: MAX_MULTIPV,
            get: |o| o.search.multipv as i64,
            set: |o, v| o.search.multipv = v as usize,
        },
        in_protocol: true,
        key: Some("engine.multipv"),
        flag: Some("multipv"),
        help: "principal variations reported",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "BoardSize",
        kind: Kind::Text {
            get: |o| o.board.to_string(),
            set: |o, text| {
                o.board = text.parse()?;
                Ok(())
            },
        },
        in_protocol: true,
        key: Some("engine.board_size"),
        flag: None,
        help: "board of every start position, WxH (1x1 to 16x16)",
        effect: Effect::NewBoard,
    },
    OptionSpec {
        name: "Ponder",
        kind: Kind::Check {
            get: |o| o.ponder,
            set: |o, v| o.ponder = v,
        },
        in_protocol: true,
        key: Some("engine.ponder"),
        flag: None,
        help: "think on the opponent's time; bestmove adds \"ponder\"",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "MoveOverhead",
        kind: Kind::Spin {
            min: 0,
            max: MAX_MOVE_OVERHEAD_MS,
            get: |o| o.search.move_overhead_ms as i64,
            set: |o, v| o.search.move_overhead_ms = v as u64,
        },
        in_protocol: true,
        key: Some("engine.move_overhead"),
        flag: Some("move-overhead"),
        help: "time kept per move for I/O delays, ms",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "EndgameSolver",
        kind: Kind::Check {
            get: |o| o.search.endgame_solver,
            set: |o, v| o.search.endgame_solver = v,
        },
        in_protocol: true,
        key: Some("engine.endgame_solver"),
        flag: None,
        help: "settle small endgames exactly",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "Eval",
        kind: Kind::Text {
            get: |o| if o.search.net.is_some() { "nnue" } else { "classic" }.to_string(),
            set: |o, text| {
                o.search.net = match text.trim().to_ascii_lowercase().as_str() {
                    "classic" => None,
                    "nnue" => Some(load_net(&o.eval_file)?),
                    _ => return Err(format!("expected {EVALS}").into()),
                };
                Ok(())
            },
        },
        in_protocol: true,
        key: Some("engine.eval"),
        flag: None,
        help: "evaluation: nnue (the learned net, the default; 8x8 only, other boards keep classic) or classic (hand-written terms)",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "EvalFile",
        kind: Kind::Text {
            get: |o| o.eval_file.clone(),
            set: |o, text| {
                let file = text.trim();
                if o.search.net.is_some() {
                    o.search.net = Some(load_net(file)?);
                }
                o.eval_file = file.to_string();
                Ok(())
            },
        },
        in_protocol: true,
        key: Some("engine.eval_file"),
        flag: None,
        help: "net file of Eval nnue (empty: the net built into the engine)",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "Player",
        kind: Kind::Text {
            get: |o| o.player.to_string(),
            set: |o, text| {
                o.player = text.parse()?;
                Ok(())
            },
        },
        in_protocol: true,
        key: None,
        flag: None,
        help: "who answers go: engine, random, greedy or alphabetaN",
        effect: Effect::Stored,
    },
    OptionSpec {
        name: "Clear Hash",
        kind: Kind::Button,
        in_protocol: true,
        key: None,
        flag: None,
        help: "forget what earlier searches learnt",
        effect: Effect::ClearHash,
    },
    eval_weight!("Mobility", mobility, "per legal move"),
    eval_weight!("MobilityEnd", mobility_end, "per legal move, endgame"),
    eval_weight!(
        "OwnMobility",
        own_mobility,
        "per legal move of the side to move"
    ),
    eval_weight!(
        "OwnMobilityEnd",
        own_mobility_end,
        "per legal move of the side to move, endgame"
    ),
    eval_weight!(
        "MovablePieces",
        movable_pieces,
        "per piece that can jump now"
    ),
    eval_weight!(
        "MovablePiecesEnd",
        movable_pieces_end,
        "per piece that can jump now, endgame"
    ),
    eval_weight!(
        "Threatened",
        threatened,
        "per piece the other side can capture now"
    ),
    eval_weight!(
        "ThreatenedEnd",
        threatened_end,
        "per piece the other side can capture now, endgame"
    ),
    eval_weight!("Isolated", isolated, "per piece with no opponent beside it"),
    eval_weight!(
        "IsolatedEnd",
        isolated_end,
        "per piece with no opponent beside it, endgame"
    ),
    eval_weight!("Pieces", pieces, "per piece"),
    eval_weight!("PiecesEnd", pieces_end, "per piece, endgame"),
];

/// The protocol option called `name` (any case, surrounding blanks ignored).
pub fn protocol_option(name: &str) -> Option<&'static OptionSpec> {
    OPTIONS
        .iter()
        .find(|spec| spec.in_protocol && spec.name.eq_ignore_ascii_case(name.trim()))
}

/// The option of engine.toml key `key` (`section.key`).
pub fn config_option(key: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|spec| spec.key == Some(key))
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
    /// A text value the option refuses, and why.
    BadText {
        name: &'static str,
        value: String,
        problem: String,
    },
    ButtonValue(&'static str),
    /// A value of the wrong type (in engine.toml).
    WrongType {
        name: &'static str,
        expected: &'static str,
        found: String,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Unknown(name) => {
                let names: Vec<&str> = OPTIONS
                    .iter()
                    .filter(|spec| spec.in_protocol)
                    .map(|spec| spec.name)
                    .collect();
                write!(
                    f,
                    "unknown option '{}' (options: {})",
                    clip(name),
                    names.join(", ")
                )
            }
            OptionError::MissingValue(name) => write!(f, "option {name} needs 'value <v>'"),
            OptionError::NotANumber { name, value } => write!(
                f,
                "option {name} needs a whole number, not '{}'",
                clip(value)
            ),
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
            OptionError::NotABool { name, value } => write!(
                f,
                "option {name} needs true or false, not '{}'",
                clip(value)
            ),
            OptionError::BadText {
                name,
                value,
                problem,
            } => write!(f, "option {name} value '{}': {problem}", clip(value)),
            OptionError::ButtonValue(name) => {
                write!(f, "option {name} is a button: it takes no value")
            }
            OptionError::WrongType {
                name,
                expected,
                found,
            } => write!(f, "option {name}: expected {expected}, found {found}"),
        }
    }
}

impl std::error::Error for OptionError {}

impl OptionSpec {
    /// The current value as the protocol writes it (`None` for a button).
    pub fn value_text(&self, options: &Options) -> Option<String> {
        match self.kind {
            Kind::Check { get, .. } => Some(get(options).to_string()),
            Kind::Spin { get, .. } => Some(get(options).to_string()),
            Kind::Text { get, .. } => Some(get(options)),
            Kind::Button => None,
        }
    }

    /// The handshake's `option name … type …` line, its default being the current value.
    pub fn handshake_line(&self, options: &Options) -> String {
        let mut line = format!("option name {} type {}", self.name, self.kind.name());
        if let Some(value) = self.value_text(options) {
            line.push_str(&format!(" default {value}"));
        }
        if let Kind::Spin { min, max, .. } = self.kind {
            line.push_str(&format!(" min {min} max {max}"));
        }
        line
    }

    /// Reads a value from protocol or command-line text (`None`: no value given),
    /// checked as far as the kind says (a spin's range too).
    pub fn parse(&self, text: Option<&str>) -> Result<Value, OptionError> {
        let name = self.name;
        let text = match (self.kind, text) {
            (Kind::Button, None) => return Ok(Value::Press),
            (Kind::Button, Some(_)) => return Err(OptionError::ButtonValue(name)),
            (_, None) => return Err(OptionError::MissingValue(name)),
            (_, Some(text)) => text,
        };
        match self.kind {
            Kind::Check { .. } => match text.trim().to_ascii_lowercase().as_str() {
                "true" => Ok(Value::Check(true)),
                "false" => Ok(Value::Check(false)),
                _ => Err(OptionError::NotABool {
                    name,
                    value: text.to_string(),
                }),
            },
            Kind::Spin { .. } => {
                let text = text.trim();
                let number = text.parse::<i64>().map_err(|e| match e.kind() {
                    std::num::IntErrorKind::PosOverflow | std::num::IntErrorKind::NegOverflow => {
                        self.out_of_range(text)
                    }
                    _ => OptionError::NotANumber {
                        name,
                        value: text.to_string(),
                    },
                })?;
                self.check_range(number)?;
                Ok(Value::Spin(number))
            }
            Kind::Text { .. } => Ok(Value::Text(text.to_string())),
            Kind::Button => unreachable!("a button was answered above"),
        }
    }

    fn out_of_range(&self, text: &str) -> OptionError {
        let (min, max) = match self.kind {
            Kind::Spin { min, max, .. } => (min, max),
            _ => (0, 0),
        };
        OptionError::OutOfRange {
            name: self.name,
            value: text.to_string(),
            min,
            max,
        }
    }

    fn check_range(&self, number: i64) -> Result<(), OptionError> {
        match self.kind {
            Kind::Spin { min, max, .. } if !(min..=max).contains(&number) => {
                Err(self.out_of_range(&number.to_string()))
            }
            _ => Ok(()),
        }
    }

    /// An error for a value of the wrong type, which is a `found`.
    pub fn wrong_type(&self, found: &str) -> OptionError {
        OptionError::WrongType {
            name: self.name,
            expected: self.kind.expected(),
            found: found.to_string(),
        }
    }

    /// Sets this option of `options` to `value`; unchanged on an error.
    pub fn apply(&self, options: &mut Options, value: Value) -> Result<Effect, OptionError> {
        match (self.kind, value) {
            (Kind::Check { set, .. }, Value::Check(on)) => set(options, on),
            (Kind::Spin { set, .. }, Value::Spin(number)) => {
                self.check_range(number)?;
                set(options, number);
            }
            (Kind::Text { set, .. }, Value::Text(text)) => {
                set(options, &text).map_err(|problem| OptionError::BadText {
                    name: self.name,
                    value: text.clone(),
                    problem: problem.to_string(),
                })?
            }
            (Kind::Button, Value::Press) => {}
            (_, value) => return Err(self.wrong_type(&format!("{value:?}"))),
        }
        Ok(self.effect)
    }
}

impl Options {
    /// Sets the protocol option `name` (any case) from `value` as `setoption` gives it;
    /// unchanged on an error.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, OptionError> {
        let spec = protocol_option(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let value = spec.parse(value)?;
        spec.apply(self, value)
    }

    /// The handshake's `option …` lines, one per protocol option, with these values as
    /// the defaults.
    pub fn handshake_lines(&self) -> Vec<String> {
        OPTIONS
            .iter()
            .filter(|spec| spec.in_protocol)
            .map(|spec| spec.handshake_line(self))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eval_picks_the_learned_net_from_its_file_or_the_built_in_one() {
        let mut options = Options::default();
        assert_eq!(options.search.net, Some(Network::embedded()), "the default");
        let eval = protocol_option("Eval").unwrap();
        assert_eq!(eval.value_text(&options).as_deref(), Some("nnue"));
        assert_eq!(options.set("Eval", Some("classic")), Ok(Effect::Stored));
        assert!(options.search.net.is_none());
        assert_eq!(options.set("Eval", Some("nnue")), Ok(Effect::Stored));
        assert_eq!(options.search.net, Some(Network::embedded()));
        let dir = std::env::temp_dir().join(format!("konane-evalfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A file whose net differs from the built-in one (its scale).
        let mut bytes = Network::embedded().to_bytes();
        bytes[28] ^= 1;
        let body = bytes.len() - 4;
        let checksum = crc32fast::hash(&bytes[..body]);
        bytes[body..].copy_from_slice(&checksum.to_le_bytes());
        let file = dir.join("other.nnue");
        std::fs::write(&file, &bytes).unwrap();
        let file = file.to_str().unwrap();
        assert_eq!(options.set("EvalFile", Some(file)), Ok(Effect::Stored));
        let other = options.search.net.clone().unwrap();
        assert_ne!(other, Network::embedded());
        assert_eq!(other.scale(), Network::embedded().scale() ^ 1);
        // Refused files name the problem and change nothing.
        let before = options.clone();
        let garbage = dir.join("garbage.nnue");
        std::fs::write(&garbage, b"not a net").unwrap();
        let error = options
            .set("EvalFile", Some(garbage.to_str().unwrap()))
            .unwrap_err()
            .to_string();
        assert!(error.contains("not a Konane net file"), "{error}");
        let error = options
            .set("EvalFile", Some("/nonexistent/net.nnue"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("cannot read net file /nonexistent/net.nnue"),
            "{error}"
        );
        let error = options.set("Eval", Some("neural")).unwrap_err().to_string();
        assert!(
            error.contains("classic") && error.contains("nnue"),
            "{error}"
        );
        assert_eq!(options, before);
        // Classic drops the net; the file is kept for the next `Eval nnue`.
        assert_eq!(options.set("Eval", Some("Classic")), Ok(Effect::Stored));
        assert!(options.search.net.is_none());
        assert_eq!(options.eval_file, file);
        options.set("Eval", Some("nnue")).unwrap();
        assert_eq!(options.search.net, Some(other));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn names_are_case_insensitive_and_values_checked() {
        let mut options = Options::default();
        assert_eq!(options.set("hash", Some("64")), Ok(Effect::Stored));
        assert_eq!(options.search.hash_mib, 64);
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
            options.set("BoardSize", Some("17x2")),
            Err(OptionError::BadText { .. })
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
        assert_eq!(options.set("boardsize", Some("6x5")), Ok(Effect::NewBoard));
        assert_eq!(options.board.to_string(), "6x5");
        assert_eq!(options.set("clear hash", None), Ok(Effect::ClearHash));
        assert!(matches!(
            options.set("Clear Hash", Some("1")),
            Err(OptionError::ButtonValue(_))
        ));
        assert_eq!(
            options.set("endgamesolver", Some("FALSE")),
            Ok(Effect::Stored)
        );
        assert!(!options.search.endgame_solver);
        assert_eq!(options.set("Player", Some("greedy")), Ok(Effect::Stored));
        assert_eq!(options.player, Player::Builtin(BuiltinKind::Greedy));
        assert!(matches!(
            options.set("Player", Some("minimax")),
            Err(OptionError::BadText { .. })
        ));
        assert_eq!(options.player, Player::Builtin(BuiltinKind::Greedy));
        assert_eq!(options.set("player", Some("Engine")), Ok(Effect::Stored));
        assert_eq!(options.player, Player::Engine);
    }

    #[test]
    fn every_protocol_option_has_a_handshake_line_in_the_table_order() {
        let lines = Options::default().handshake_lines();
        let names: Vec<&str> = OPTIONS
            .iter()
            .filter(|s| s.in_protocol)
            .map(|s| s.name)
            .collect();
        assert_eq!(lines.len(), names.len());
        for (line, name) in lines.iter().zip(names) {
            assert!(
                line.starts_with(&format!("option name {name} type")),
                "{line}"
            );
        }
        assert_eq!(
            lines,
            [
                "option name Hash type spin default 16 min 1 max 4096",
                "option name Threads type spin default 1 min 1 max 256",
                "option name MultiPV type spin default 1 min 1 max 256",
                "option name BoardSize type string default 8x8",
                "option name Ponder type check default false",
                "option name MoveOverhead type spin default 30 min 0 max 10000",
                "option name EndgameSolver type check default true",
                "option name Eval type string default nnue",
                "option name EvalFile type string default ",
                "option name Player type string default engine",
                "option name Clear Hash type button",
            ]
        );
    }

    #[test]
    fn the_table_is_consistent() {
        let defaults = Options::default();
        for (i, spec) in OPTIONS.iter().enumerate() {
            // Names, keys and flags are unique.
            for other in &OPTIONS[i + 1..] {
                assert!(!spec.name.eq_ignore_ascii_case(other.name), "{}", spec.name);
                assert!(spec.key.is_none() || spec.key != other.key, "{}", spec.name);
                assert!(
                    spec.flag.is_none() || spec.flag != other.flag,
                    "{}",
                    spec.name
                );
            }
            // Every option can be set from somewhere, every key has a section.
            assert!(spec.in_protocol || spec.key.is_some(), "{}", spec.name);
            assert!(spec.key.is_none_or(|k| k.split_once('.').is_some()));
            // Each default lies in its range and reads back through the setter.
            let mut options = defaults.clone();
            if let Some(text) = spec.value_text(&defaults) {
                let value = spec.parse(Some(&text)).unwrap();
                spec.apply(&mut options, value).unwrap();
                assert_eq!(options, defaults, "{}", spec.name);
            }
        }
    }

    #[test]
    fn values_of_the_wrong_type_and_config_only_options_are_refused() {
        let mut options = Options::default();
        let hash = protocol_option("Hash").unwrap();
        assert!(matches!(
            hash.apply(&mut options, Value::Check(true)),
            Err(OptionError::WrongType { .. })
        ));
        assert!(protocol_option("Mobility").is_none());
        let mobility = config_option("eval.mobility").unwrap();
        assert_eq!(
            mobility.apply(&mut options, Value::Spin(-7)),
            Ok(Effect::Stored)
        );
        assert_eq!(options.search.eval.mobility, -7);
        assert!(matches!(
            mobility.apply(&mut options, Value::Spin(MAX_EVAL_WEIGHT + 1)),
            Err(OptionError::OutOfRange { .. })
        ));
        assert_eq!(
            "Random".parse::<Player>(),
            Ok(Player::Builtin(BuiltinKind::Random))
        );
        assert_eq!(
            Player::Builtin(BuiltinKind::AlphaBeta(4)).to_string(),
            "alphabeta4"
        );
    }
}
