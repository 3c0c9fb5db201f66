//! `konane selfplay`: fast in-process games between the engine and the built-in players
//! (random, greedy, alpha-beta), in pairs on seeded openings, with the match statistics.

use std::path::PathBuf;
use std::str::FromStr;

use anyhow::{Context, Result};
use clap::Args;
use konane_arena::{run_selfplay, split_words, Contestant, SelfPlayConfig, SelfPlayer, SpecError};
use konane_engine::{config, BuiltinKind, Options, Player, PlayerError, SearchLimits};

use crate::match_report::{print_outcome, shard_note, ProgressLine};
use crate::match_series::SeriesArgs;
use crate::search_flags::LimitArgs;

/// Arguments of `konane selfplay`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane selfplay --opponent random --games 200 --size 6x6
  konane selfplay --player alphabeta3 --opponent greedy --games 1000 --concurrency 2
  konane selfplay --depth 6 --games 400 --record games.txt --positions positions.txt
  konane selfplay --opponent \"engine name=no-endgame option.EndgameSolver=false\" --nodes 5000 --size 6x6 --games 600
  konane selfplay --player \"engine name=tuned config=tuned.toml\" --sprt \"elo0=0 elo1=20\"

A player is a kind (engine, random, greedy, alphabeta or alphabetaN), then for the
engine optional words: name=NAME, config=FILE (its engine.toml instead of the
command's), option.NAME=VALUE (an engine option, as setoption sets it).")]
pub struct SelfplayArgs {
    /// The measured player: "KIND [name=NAME] [config=FILE] [option.NAME=VALUE …]".
    #[arg(long, default_value = "engine")]
    pub player: PlayerSpec,
    /// Its opponent, given the same way.
    #[arg(long, default_value = "engine")]
    pub opponent: PlayerSpec,
    /// The engine's limit per move (default: --depth 4).
    #[command(flatten)]
    pub limits: LimitArgs,
    #[command(flatten)]
    pub series: SeriesArgs,
    /// Write every game to this record file (the `konane match` format).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Write every position reached to this file: its FEN and the winner's letter.
    #[arg(long)]
    pub positions: Option<PathBuf>,
}

/// A seat of a self-play series as given on the command line:
/// `KIND [name=NAME] [config=FILE] [option.NAME=VALUE …]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSpec {
    pub kind: Player,
    /// The name in tables and records (default: the kind's).
    pub name: Option<String>,
    /// The engine's defaults file, instead of the command's.
    pub config: Option<PathBuf>,
    /// Engine options set after the defaults, in the order given.
    pub options: Vec<(String, String)>,
    /// The settings other than the name, for the record file's description.
    settings: String,
}

/// Why a player text is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayerSpecError {
    /// The text does not split into words (an open quote).
    #[error("{0}")]
    Words(SpecError),
    /// No word at all.
    #[error("the player is empty")]
    Empty,
    /// The first word names no player.
    #[error("unknown player '{kind}': {error}")]
    UnknownPlayer { kind: String, error: PlayerError },
    /// A built-in player given settings (a word given).
    #[error("'{word}': only the engine takes settings, not {kind}")]
    BuiltinSettings { word: String, kind: BuiltinKind },
    /// A setting without `=`.
    #[error("'{0}' is not key=value (keys: name, config, option.NAME)")]
    NotKeyValue(String),
    /// A name that is empty or more than one word.
    #[error("name '{0}' must be one word")]
    NameNotOneWord(String),
    /// A key that is no setting.
    #[error("unknown key '{0}' (keys: name, config, option.NAME)")]
    UnknownKey(String),
}

impl FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        let words = split_words(text).map_err(PlayerSpecError::Words)?;
        let Some((kind, settings)) = words.split_first() else {
            return Err(PlayerSpecError::Empty);
        };
        let mut spec = PlayerSpec {
            kind: kind
                .parse()
                .map_err(|error| PlayerSpecError::UnknownPlayer {
                    kind: kind.clone(),
                    error,
                })?,
            name: None,
            config: None,
            options: Vec::new(),
            settings: String::new(),
        };
        if let (Player::Builtin(kind), Some(word)) = (spec.kind, settings.first()) {
            return Err(PlayerSpecError::BuiltinSettings {
                word: word.clone(),
                kind,
            });
        }
        let mut described = Vec::new();
        for word in settings {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| PlayerSpecError::NotKeyValue(word.clone()))?;
            match (key, key.strip_prefix("option.")) {
                ("name", _) if !value.is_empty() && !value.contains(char::is_whitespace) => {
                    spec.name = Some(value.to_string());
                    continue;
                }
                ("name", _) => return Err(PlayerSpecError::NameNotOneWord(value.to_string())),
                ("config", _) => spec.config = Some(PathBuf::from(value)),
                (_, Some(option)) if !option.is_empty() => {
                    spec.options.push((option.to_string(), value.to_string()))
                }
                _ => return Err(PlayerSpecError::UnknownKey(key.to_string())),
            }
            described.push(word.as_str());
        }
        spec.settings = described.join(" ");
        Ok(spec)
    }
}

impl PlayerSpec {
    /// The name of the player's kind.
    fn kind_name(&self) -> String {
        self.kind.to_string()
    }

    /// The player: a built-in one, or the engine with `base` options (or its own
    /// config file's) and its own options set on top, searching within `limits`.
    fn contestant(&self, base: &Options, limits: &SearchLimits) -> Result<Contestant> {
        let Player::Builtin(kind) = self.kind else {
            let mut options = match &self.config {
                Some(path) => config::load(Some(path))?,
                None => base.clone(),
            };
            for (name, value) in &self.options {
                options
                    .set(name, Some(value))
                    .with_context(|| format!("bad option.{name}={value}"))?;
            }
            return Ok(Contestant::Engine {
                options: Box::new(options),
                limits: limits.clone(),
            });
        };
        Ok(Contestant::Builtin(kind))
    }
}

/// The engine's depth per move when no limit is given.
const DEFAULT_DEPTH: u32 = 4;

/// Runs `konane selfplay`; the engine plays with `options` (engine.toml and defaults)
/// unless a player names its own.
pub fn run(args: &SelfplayArgs, options: Options) -> Result<()> {
    let limits = args.limits.limits_or(SearchLimits::depth(DEFAULT_DEPTH))?;
    let specs = [&args.player, &args.opponent];
    let mut names = specs.map(|spec| spec.name.clone().unwrap_or_else(|| spec.kind_name()));
    if names[0] == names[1] && specs.iter().all(|spec| spec.name.is_none()) {
        names[1].push_str("-2");
    }
    let [first, second] = [0, 1].map(|seat| -> Result<SelfPlayer> {
        let (spec, name) = (specs[seat], &names[seat]);
        Ok(SelfPlayer {
            name: name.clone(),
            contestant: spec
                .contestant(&options, &limits)
                .with_context(|| format!("bad player '{name}'"))?,
            settings: spec.settings.clone(),
        })
    });
    let players = [first?, second?];
    let config = SelfPlayConfig {
        players,
        series: args.series.series(options.board, args.record.clone())?,
        seed: args.series.seed,
        positions: args.positions.clone(),
    };
    let mut progress = ProgressLine::new(&config.series);
    let outcome = run_selfplay(&config, &mut |tally| progress.show(tally))?;
    drop(progress);
    print_outcome(&outcome);
    if let Some(note) = shard_note(&config.series.schedule) {
        println!("{note}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_parse_kind_name_config_and_options() {
        let spec: PlayerSpec =
            "engine name=tuned config=my.toml 'option.Clear Hash=' option.Threads=2"
                .parse()
                .unwrap();
        assert_eq!(spec.kind, Player::Engine);
        assert_eq!(spec.name.as_deref(), Some("tuned"));
        assert_eq!(spec.config, Some(PathBuf::from("my.toml")));
        assert_eq!(
            spec.options,
            [
                ("Clear Hash".to_string(), String::new()),
                ("Threads".to_string(), "2".to_string())
            ]
        );
        assert_eq!(
            spec.settings,
            "config=my.toml option.Clear Hash= option.Threads=2"
        );
        let builtin: PlayerSpec = "alphabeta4".parse().unwrap();
        assert_eq!(builtin.kind, Player::Builtin(BuiltinKind::AlphaBeta(4)));
        assert_eq!(builtin.kind_name(), "alphabeta4");
        for (text, needle) in [
            ("", "empty"),
            ("minimax", "expected engine, random"),
            ("greedy name=g", "only the engine"),
            ("engine name=", "one word"),
            ("engine option.=1", "unknown key"),
            ("engine threads", "key=value"),
            ("engine 'open", "unclosed"),
        ] {
            let error = text.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(error.contains(needle), "{text}: {error}");
        }
    }

    #[test]
    fn engine_options_are_set_on_top_of_the_base_ones() {
        let limits = SearchLimits::depth(3);
        let base = Options::default();
        let spec: PlayerSpec = "engine option.EndgameSolver=false option.hash=32"
            .parse()
            .unwrap();
        let Contestant::Engine {
            options,
            limits: set,
        } = spec.contestant(&base, &limits).unwrap()
        else {
            panic!("the engine is an engine");
        };
        let (base_search, search) = (&base.search, &options.search);
        assert!(base_search.endgame_solver && !search.endgame_solver);
        assert_eq!((search.hash_mib, search.threads), (32, base_search.threads));
        assert_eq!(set, limits);
        let error = "engine option.Threads=0"
            .parse::<PlayerSpec>()
            .unwrap()
            .contestant(&base, &limits)
            .unwrap_err();
        assert!(format!("{error:#}").contains("out of range"), "{error:#}");
        assert!(matches!(
            "random"
                .parse::<PlayerSpec>()
                .unwrap()
                .contestant(&base, &limits),
            Ok(Contestant::Builtin(BuiltinKind::Random))
        ));
    }
}
