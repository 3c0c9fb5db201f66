//! An engine as the user describes it on the command line:
//! `name=A cmd="./konane --flag" dir=… proto=uci|ugi option.Hash=64 tc=10+0.1`.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

use crate::clock::{TimeControl, TimeControlError};

/// Which handshake an engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// `uci` … `uciok`, `ucinewgame`, `wtime`/`btime`.
    Uci,
    /// `ugi` … `ugiok`, `uginewgame`, `p1time`/`p2time`.
    Ugi,
}

/// One engine of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in tables and records (unique in a match).
    pub name: String,
    /// The program to run and its arguments.
    pub command: Vec<String>,
    /// The working directory of the process (the runner's when absent).
    pub dir: Option<PathBuf>,
    pub protocol: Protocol,
    /// `setoption` pairs sent after the handshake, in the order given.
    pub options: Vec<(String, String)>,
    /// This engine's time control; the match's own when absent.
    pub time: Option<TimeControl>,
}

/// Why an engine description is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecError(SpecProblem);

#[derive(Clone, Debug, PartialEq, Eq)]
enum SpecProblem {
    /// The words themselves: quoting, keys, values.
    Words(String),
    /// Its time control (shown as the time control's own error).
    Time(TimeControlError),
}

impl SpecError {
    fn words(message: String) -> SpecError {
        SpecError(SpecProblem::Words(message))
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            SpecProblem::Words(message) => f.write_str(message),
            SpecProblem::Time(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for SpecError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0 {
            // Shown as the time control's own message, so its source is the inner one's.
            SpecProblem::Time(error) => error.source(),
            SpecProblem::Words(_) => None,
        }
    }
}

/// Splits `text` into words at whitespace; single or double quotes group words (the
/// quotes themselves are dropped), a backslash takes the next character as is.
pub fn split_words(text: &str) -> Result<Vec<String>, SpecError> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', _) => {
                let next = chars.next().ok_or_else(|| {
                    SpecError::words(format!("'{text}' ends with a lone backslash"))
                })?;
                word.get_or_insert_with(String::new).push(next);
            }
            (q, None) if q == '"' || q == '\'' => {
                quote = Some(q);
                word.get_or_insert_with(String::new);
            }
            (q, Some(open)) if q == open => quote = None,
            (w, None) if w.is_whitespace() => words.extend(word.take()),
            (other, _) => word.get_or_insert_with(String::new).push(other),
        }
    }
    if let Some(open) = quote {
        return Err(SpecError::words(format!("'{text}' has an unclosed {open}")));
    }
    words.extend(word);
    Ok(words)
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<EngineSpec, SpecError> {
        let mut name = None;
        let mut command = None;
        let mut spec = EngineSpec {
            name: String::new(),
            command: Vec::new(),
            dir: None,
            protocol: Protocol::Uci,
            options: Vec::new(),
            time: None,
        };
        for word in split_words(text)? {
            let (key, value) = word.split_once('=').ok_or_else(|| {
                SpecError::words(format!(
                    "'{word}' is not key=value (keys: name, cmd, dir, proto, option.NAME, tc, movetime, depth, nodes)"
                ))
            })?;
            match key {
                "name" if !value.is_empty() && !value.contains(char::is_whitespace) => {
                    name = Some(value.to_string())
                }
                "name" => return Err(SpecError::words(format!("name '{value}' must be one word"))),
                "cmd" => {
                    let words = split_words(value)?;
                    if words.is_empty() {
                        return Err(SpecError::words("cmd is empty".to_string()));
                    }
                    command = Some(words);
                }
                "dir" => spec.dir = Some(PathBuf::from(value)),
                "proto" => {
                    spec.protocol = match value {
                        "uci" => Protocol::Uci,
                        "ugi" => Protocol::Ugi,
                        _ => return Err(SpecError::words(format!("proto '{value}' is not uci or ugi"))),
                    }
                }
                "tc" | "movetime" | "depth" | "nodes" => {
                    if spec.time.is_some() {
                        return Err(SpecError::words(format!(
                            "'{word}': this engine already has a time control"
                        )));
                    }
                    spec.time = Some(
                        TimeControl::from_key(key, value)
                            .map_err(|e| SpecError(SpecProblem::Time(e)))?,
                    );
                }
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        spec.options.push((option.to_string(), value.to_string()))
                    }
                    _ => {
                        return Err(SpecError::words(format!(
                            "unknown key '{key}' (keys: name, cmd, dir, proto, option.NAME, tc, movetime, depth, nodes)"
                        )))
                    }
                },
            }
        }
        spec.command = command.ok_or_else(|| SpecError::words(format!("'{text}' has no cmd=")))?;
        spec.name = name.unwrap_or_else(|| {
            let program = &spec.command[0];
            program.rsplit('/').next().unwrap_or(program).to_string()
        });
        Ok(spec)
    }
}

impl fmt::Display for EngineSpec {
    /// A one-line description for records: name, command, options and time control.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "name={} cmd={:?}", self.name, self.command.join(" "))?;
        if let Some(dir) = &self.dir {
            write!(f, " dir={:?}", dir.display().to_string())?;
        }
        if self.protocol == Protocol::Ugi {
            f.write_str(" proto=ugi")?;
        }
        for (name, value) in &self.options {
            write!(f, " option.{name}={value}")?;
        }
        if let Some(time) = &self.time {
            write!(f, " {time}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_with_quotes_and_escapes() {
        assert_eq!(
            split_words(r#"a "b c" 'd "e"' f\ g"#).unwrap(),
            ["a", "b c", "d \"e\"", "f g"]
        );
        assert_eq!(
            split_words(r#"cmd="python3 'my file.py' x""#).unwrap(),
            ["cmd=python3 'my file.py' x"]
        );
        assert_eq!(split_words(r#"x="""#).unwrap(), ["x="]);
        assert!(split_words("\"open").is_err());
        assert!(split_words("tail\\").is_err());
    }

    #[test]
    fn specs_parse_every_key() {
        let spec: EngineSpec =
            r#"name=New cmd="./konane --x 'a b'" option.Hash=64 "option.Move Overhead=10" tc=5+0.05 proto=ugi dir=/tmp"#
                .parse()
                .unwrap();
        assert_eq!(spec.name, "New");
        assert_eq!(spec.command, ["./konane", "--x", "a b"]);
        assert_eq!(
            spec.options,
            [
                ("Hash".to_string(), "64".to_string()),
                ("Move Overhead".to_string(), "10".to_string())
            ]
        );
        assert_eq!(spec.time, Some("5+0.05".parse().unwrap()));
        assert_eq!(spec.protocol, Protocol::Ugi);
        assert_eq!(spec.dir, Some(PathBuf::from("/tmp")));
        let plain: EngineSpec = "cmd=/usr/bin/konane".parse().unwrap();
        assert_eq!(plain.name, "konane");
        assert_eq!(plain.time, None);
        assert_eq!(plain.to_string(), "name=konane cmd=\"/usr/bin/konane\"");
    }

    #[test]
    fn bad_specs_name_the_problem() {
        for (text, needle) in [
            ("name=A", "no cmd"),
            ("name=A cmd=", "empty"),
            ("name=A cmd=x speed=3", "unknown key 'speed'"),
            ("name=A cmd=x proto=xboard", "xboard"),
            ("name=A cmd=x tc=1 depth=3", "already"),
            ("name=A cmd=x depth=zero", "depth"),
            ("name=A cmd=x option.=3", "unknown key"),
            ("name=A cmd=x hello", "key=value"),
        ] {
            let error = text.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }
}
