//! engine.toml: the engine's default option values, read with serde and checked with the
//! same rules as `setoption`; errors name the file, line, key and what was expected.

use std::fmt;
use std::path::{Path, PathBuf};

use konane_search::eval::EvalWeights;
use serde::Deserialize;
use toml::Spanned;

use crate::protocol::options::EngineOptions;

/// The file read when no `--config` is given, from the working directory; a missing one
/// means the built-in defaults.
pub const DEFAULT_FILE: &str = "engine.toml";

/// Why a configuration file was refused.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum ConfigError {
    /// The file could not be read.
    Read { path: PathBuf, problem: String },
    /// The file is not valid TOML, has an unknown key, or a value of the wrong type or range.
    Invalid {
        path: PathBuf,
        line: Option<usize>,
        key: Option<String>,
        problem: String,
    },
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigError::Read { path, problem } => {
                write!(f, "cannot read {}: {problem}", path.display())
            }
            ConfigError::Invalid {
                path,
                line,
                key,
                problem,
            } => {
                write!(f, "{}", path.display())?;
                if let Some(line) = line {
                    write!(f, " line {line}")?;
                }
                if let Some(key) = key {
                    write!(f, ", key '{key}'")?;
                }
                write!(f, ": {problem}")
            }
        }
    }
}

impl std::error::Error for ConfigError {}

/// The file's layout: every key optional.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    #[serde(default)]
    engine: EngineSection,
    /// Evaluation weights, in centi-moves per unit of each term.
    #[serde(default)]
    eval: EvalWeights,
}

/// The `[engine]` table: protocol options under snake_case names.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct EngineSection {
    hash: Option<Spanned<i64>>,
    threads: Option<Spanned<i64>>,
    multipv: Option<Spanned<i64>>,
    move_overhead: Option<Spanned<i64>>,
    ponder: Option<Spanned<bool>>,
    endgame_solver: Option<Spanned<bool>>,
    board_size: Option<Spanned<String>>,
}

/// Reads `explicit`, or [`DEFAULT_FILE`] if present, into option values.
pub fn load(explicit: Option<&Path>) -> Result<EngineOptions, ConfigError> {
    let path = explicit.unwrap_or(Path::new(DEFAULT_FILE));
    match std::fs::read_to_string(path) {
        Ok(text) => parse(&text, path),
        Err(e) if explicit.is_none() && e.kind() == std::io::ErrorKind::NotFound => {
            Ok(EngineOptions::default())
        }
        Err(e) => Err(ConfigError::Read {
            path: path.to_path_buf(),
            problem: e.to_string(),
        }),
    }
}

/// The 1-based line holding byte `offset` of `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// The dotted key written on line `line` (`section.key`), if the line has one.
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let own = lines.get(line.checked_sub(1)?)?;
    let (key, _) = own.split_once('=')?;
    let section = lines[..line - 1]
        .iter()
        .rev()
        .find_map(|l| l.trim().strip_prefix('[')?.split(']').next());
    let key = key.trim();
    Some(match section {
        Some(section) => format!("{}.{key}", section.trim()),
        None => key.to_string(),
    })
}

/// Makes serde's type names readable: `expected i64` becomes `expected an integer`.
fn readable(message: &str) -> String {
    message
        .trim()
        .replace("expected i64", "expected an integer")
        .replace("expected a boolean", "expected true or false")
}

/// Parses the text of a configuration file named `path`.
pub fn parse(text: &str, path: &Path) -> Result<EngineOptions, ConfigError> {
    let file: ConfigFile = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|span| line_of(text, span.start));
        ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            key: line.and_then(|l| key_on_line(text, l)),
            problem: readable(e.message()),
        }
    })?;
    let engine = file.engine;
    let number = |v: &Option<Spanned<i64>>| v.as_ref().map(|s| (s.get_ref().to_string(), s.span()));
    let check = |v: &Option<Spanned<bool>>| v.as_ref().map(|s| (s.get_ref().to_string(), s.span()));
    let settings = [
        ("engine.hash", "Hash", number(&engine.hash)),
        ("engine.threads", "Threads", number(&engine.threads)),
        ("engine.multipv", "MultiPV", number(&engine.multipv)),
        (
            "engine.move_overhead",
            "MoveOverhead",
            number(&engine.move_overhead),
        ),
        ("engine.ponder", "Ponder", check(&engine.ponder)),
        (
            "engine.endgame_solver",
            "EndgameSolver",
            check(&engine.endgame_solver),
        ),
        (
            "engine.board_size",
            "BoardSize",
            engine
                .board_size
                .as_ref()
                .map(|s| (s.get_ref().clone(), s.span())),
        ),
    ];
    let mut options = EngineOptions {
        eval: file.eval,
        ..EngineOptions::default()
    };
    for (key, option, value) in settings {
        let Some((value, span)) = value else { continue };
        options
            .set(option, Some(&value))
            .map_err(|e| ConfigError::Invalid {
                path: path.to_path_buf(),
                line: Some(line_of(text, span.start)),
                key: Some(key.to_string()),
                problem: e.to_string(),
            })?;
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text, Path::new("engine.toml"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn reads_every_key() {
        let options = parse(
            "[engine]\nhash = 64\nthreads = 2\nmultipv = 3\nmove_overhead = 5\nponder = true\nendgame_solver = false\nboard_size = \"6x6\"\n",
            Path::new("x.toml"),
        )
        .unwrap();
        assert_eq!(
            (
                options.hash_mib,
                options.threads,
                options.multipv,
                options.move_overhead_ms
            ),
            (64, 2, 3, 5)
        );
        assert!(options.ponder);
        assert!(!options.endgame_solver);
        assert_eq!(options.board.to_string(), "6x6");
        assert_eq!(parse("", Path::new("x")).unwrap(), EngineOptions::default());
        let weights = parse("[eval]\nmobility = 7\n", Path::new("x"))
            .unwrap()
            .eval;
        assert_eq!(weights.mobility, 7);
        assert_eq!(
            weights.movable_pieces,
            EvalWeights::default().movable_pieces
        );
    }

    #[test]
    fn errors_name_the_line_key_and_expected_type() {
        let e = error("# c\n[engine]\nhash = \"big\"\n");
        assert!(
            e.starts_with("engine.toml line 3, key 'engine.hash': "),
            "{e}"
        );
        assert!(e.contains("expected an integer"), "{e}");
        let e = error("[engine]\nthreads = 1\nponder = 3\n");
        assert!(
            e.contains("line 3, key 'engine.ponder'") && e.contains("true or false"),
            "{e}"
        );
        let e = error("[engine]\nhash = 0\n");
        assert!(
            e.contains("line 2, key 'engine.hash'") && e.contains("out of range"),
            "{e}"
        );
        let e = error("[engine]\nhsh = 1\n");
        assert!(
            e.contains("line 2, key 'engine.hsh'") && e.contains("unknown field"),
            "{e}"
        );
        let e = error("[engine]\nboard_size = \"9x9\"\n");
        assert!(
            e.contains("key 'engine.board_size'") && e.contains("out of range"),
            "{e}"
        );
        let e = error("[eval]\nmobility = 1.5\n");
        assert!(e.contains("line 2, key 'eval.mobility'"), "{e}");
        let e = error("[engine\n");
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn the_repository_engine_toml_is_valid() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../engine.toml"));
        let options = load(Some(path)).unwrap();
        assert_eq!(options.board.to_string(), "8x8");
    }

    #[test]
    fn a_missing_explicit_file_is_an_error() {
        assert!(matches!(
            load(Some(Path::new("/nonexistent/engine.toml"))),
            Err(ConfigError::Read { .. })
        ));
    }
}
