//! engine.toml: option values read through the option table, with errors that name the
//! file, line, key and what was expected; and the file written back from the table
//! (`konane config`), which is how the shipped engine.toml is made.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use toml::Spanned;

use crate::options::{Kind, OptionSpec, Options, Value, OPTIONS};

/// The file read when no `--config` is given, from the working directory; a missing one
/// means the built-in defaults.
pub const DEFAULT_FILE: &str = "engine.toml";

/// The sections of the file, in order, with the comment that opens each.
const SECTIONS: [(&str, &str); 2] = [
    ("engine", ""),
    (
        "eval",
        "# Evaluation weights, centi-moves per unit of each term (side to move minus opponent).\n\
         # A key weighs its term on the full board; its `_end` key in the endgame, when a\n\
         # third of the squares or fewer hold pieces; in between the weight moves linearly\n\
         # with the number of pieces.\n",
    ),
];

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

/// Reads `explicit`, or [`DEFAULT_FILE`] if present, into option values over the
/// defaults.
pub fn load(explicit: Option<&Path>) -> Result<Options, ConfigError> {
    let path = explicit.unwrap_or(Path::new(DEFAULT_FILE));
    match std::fs::read_to_string(path) {
        Ok(text) => parse(&text, path),
        Err(e) if explicit.is_none() && e.kind() == std::io::ErrorKind::NotFound => {
            Ok(Options::default())
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

/// Makes serde's type names readable: `expected a map` becomes `expected a table`.
fn readable(message: &str) -> String {
    message.trim().replace("expected a map", "expected a table")
}

/// The file's layout: sections of keys, each value with where it stands.
type Sections = BTreeMap<String, Spanned<BTreeMap<String, Spanned<toml::Value>>>>;

/// The typed value of `value` for `spec`, or an error naming the type found.
fn typed(spec: &OptionSpec, value: toml::Value) -> Result<Value, crate::OptionError> {
    match (spec.kind, value) {
        (Kind::Check { .. }, toml::Value::Boolean(on)) => Ok(Value::Check(on)),
        (Kind::Spin { .. }, toml::Value::Integer(number)) => Ok(Value::Spin(number)),
        (Kind::Text { .. }, toml::Value::String(text)) => Ok(Value::Text(text)),
        (_, other) => Err(spec.wrong_type(other.type_str())),
    }
}

/// Parses the text of a configuration file named `path`.
pub fn parse(text: &str, path: &Path) -> Result<Options, ConfigError> {
    let invalid =
        |line: Option<usize>, key: Option<String>, problem: String| ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            key,
            problem,
        };
    let sections: Sections = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|span| line_of(text, span.start));
        invalid(
            line,
            line.and_then(|l| key_on_line(text, l)),
            readable(e.message()),
        )
    })?;
    let mut options = Options::default();
    for (section, keys) in sections {
        let section_line = line_of(text, keys.span().start);
        if !SECTIONS.iter().any(|(name, _)| *name == section) {
            let known: Vec<&str> = SECTIONS.iter().map(|(name, _)| *name).collect();
            let problem = format!(
                "unknown field '{section}' (the sections are {})",
                known.join(", ")
            );
            return Err(invalid(Some(section_line), Some(section), problem));
        }
        for (key, value) in keys.into_inner() {
            let full_key = format!("{section}.{key}");
            let line = Some(line_of(text, value.span().start));
            let Some(spec) = crate::options::config_option(&full_key) else {
                let problem = format!(
                    "unknown field '{key}' (the keys of [{section}] are {})",
                    keys_of(&section).join(", ")
                );
                return Err(invalid(line, Some(full_key), problem));
            };
            typed(spec, value.into_inner())
                .and_then(|value| spec.apply(&mut options, value))
                .map_err(|e| invalid(line, Some(full_key.clone()), e.to_string()))?;
        }
    }
    Ok(options)
}

/// The keys of section `section`, in table order.
fn keys_of(section: &str) -> Vec<&'static str> {
    OPTIONS
        .iter()
        .filter_map(|spec| spec.key?.strip_prefix(section)?.strip_prefix('.'))
        .collect()
}

/// engine.toml for `options`: every key of the table with its value, meaning and range.
/// The shipped engine.toml is this text for the defaults.
pub fn render(options: &Options) -> String {
    let mut text = String::from(
        "# Konane engine defaults, written by `konane config` from the engine's option table.\n\
         #\n\
         # `konane` reads ./engine.toml (from the directory it is started in) when the file is\n\
         # there; `--config FILE` names another. Command-line flags and the protocol's\n\
         # `setoption` override these values. Every key is optional: a missing key keeps the\n\
         # built-in default shown here.\n",
    );
    for (section, comment) in SECTIONS {
        text.push_str(&format!("\n[{section}]\n{comment}"));
        for spec in &OPTIONS {
            let Some(key) = spec
                .key
                .and_then(|k| k.strip_prefix(section)?.strip_prefix('.'))
            else {
                continue;
            };
            let value = match spec.kind {
                Kind::Text { get, .. } => toml::Value::String(get(options)).to_string(),
                _ => spec.value_text(options).unwrap_or_default(),
            };
            let mut about = spec.help.to_string();
            if let Kind::Spin { min, max, .. } = spec.kind {
                about.push_str(&format!(" ({min} to {max})"));
            }
            if spec.in_protocol {
                about.push_str(&format!("; option {}", spec.name));
            }
            if let Some(flag) = spec.flag {
                about.push_str(&format!(", --{flag}"));
            }
            text.push_str(&format!("{:<24}# {about}\n", format!("{key} = {value}")));
        }
    }
    text
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
        let search = &options.search;
        assert_eq!(
            (
                search.hash_mib,
                search.threads,
                search.multipv,
                search.move_overhead_ms
            ),
            (64, 2, 3, 5)
        );
        assert!(options.ponder);
        assert!(!search.endgame_solver);
        assert_eq!(options.board.to_string(), "6x6");
        assert_eq!(parse("", Path::new("x")).unwrap(), Options::default());
        let weights = parse("[eval]\nmobility = 7\n", Path::new("x"))
            .unwrap()
            .search
            .eval;
        assert_eq!(weights.mobility, 7);
        assert_eq!(
            weights.movable_pieces,
            Options::default().search.eval.movable_pieces
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
        let e = error("[engine]\nboard_size = \"17x9\"\n");
        assert!(
            e.contains("key 'engine.board_size'") && e.contains("out of range"),
            "{e}"
        );
        let e = error("[eval]\nmobility = 1.5\n");
        assert!(e.contains("line 2, key 'eval.mobility'"), "{e}");
        let e = error("[engine\n");
        assert!(e.contains("line 1"), "{e}");
        let e = error("[engine]\nhash = 1\n\n[search]\nx = 1\n");
        assert!(
            e.contains("key 'search'") && e.contains("unknown field"),
            "{e}"
        );
        let e = error("hash = 1\n");
        assert!(
            e.contains("line 1") && e.contains("expected a table"),
            "{e}"
        );
        let e = error("[engine]\nplayer = \"random\"\n");
        assert!(e.contains("unknown field 'player'"), "{e}");
    }

    #[test]
    fn the_repository_engine_toml_is_valid() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../engine.toml"));
        let options = load(Some(path)).unwrap();
        assert_eq!(options.board.to_string(), "8x8");
    }

    #[test]
    fn the_repository_engine_toml_is_the_table_written_out() {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../engine.toml"));
        let shipped = std::fs::read_to_string(path).unwrap();
        assert_eq!(
            shipped,
            render(&Options::default()),
            "regenerate it: konane --config /dev/null config > engine.toml"
        );
    }

    #[test]
    fn a_written_file_reads_back_the_same_options() {
        let mut options = Options::default();
        options.set("Hash", Some("64")).unwrap();
        options.set("BoardSize", Some("6x7")).unwrap();
        options.search.eval.movable_pieces = -3;
        let text = render(&options);
        assert_eq!(parse(&text, Path::new("x")).unwrap(), options);
        // Every key of the table is written.
        for spec in OPTIONS.iter().filter_map(|s| s.key) {
            let key = spec.split_once('.').unwrap().1;
            assert!(text.contains(&format!("\n{key} = ")), "{key}");
        }
    }

    #[test]
    fn a_missing_explicit_file_is_an_error() {
        assert!(matches!(
            load(Some(Path::new("/nonexistent/engine.toml"))),
            Err(ConfigError::Read { .. })
        ));
    }
}
