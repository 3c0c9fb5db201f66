//! Merging the record files of the shards of one series: checks that they belong
//! together (same engines, time controls, openings, seed and schedule) and do not
//! overlap, says which parts are missing, and counts the pairs in the schedule's order
//! with the SPRT decided on them, exactly as one unsharded run on one worker would.

use std::fmt;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use crate::collect::{MatchOutcome, Scoreboard};
use crate::record::{GameRecord, Records, SeriesHeader};
use crate::stats::Sprt;
use crate::tally::Tally;

/// A shard's record file as read.
#[derive(Clone, Debug)]
pub struct ShardRecords {
    pub path: PathBuf,
    pub records: Records,
}

/// The shards' games counted together.
#[derive(Clone, Debug)]
pub struct Merged {
    /// The table and the SPRT over the pairs present, in the schedule's order (pairs
    /// after the SPRT's decision are not counted, and not in `sprt.ignored_pairs`
    /// either: see `after_decision`).
    pub outcome: MatchOutcome,
    /// Pairs of the whole schedule.
    pub total_pairs: u64,
    /// Pairs found in the files.
    pub present_pairs: u64,
    /// Pairs of the schedule (numbered from 1) in no file.
    pub missing_pairs: Vec<RangeInclusive<u64>>,
    /// When every file is a part of the same N: the shards (from 1) with no file.
    pub missing_shards: Vec<u64>,
    /// Pairs that come after the SPRT's decision in the schedule's order: played by the
    /// shards, but not counted (an unsharded run would have stopped before them).
    pub after_decision: u64,
}

/// Why shard records cannot be merged; each names the files concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    /// No record file was given.
    Nothing,
    /// A file has no `series` line (written before shards existed).
    NoSeries(PathBuf),
    /// A file's header does not name exactly two engines.
    EngineCount { path: PathBuf, count: usize },
    /// Two files differ in what decides the games: `what` differs, `values` in each.
    Mismatch {
        what: String,
        files: [PathBuf; 2],
        values: [String; 2],
    },
    /// A file holds a game outside its own shard's pairs.
    OutsideShard {
        path: PathBuf,
        pair: u64,
        shard: String,
    },
    /// A pair of a file does not hold its two games (numbers `2p - 1` and `2p`).
    IncompletePair { path: PathBuf, pair: u64 },
    /// Two files hold the same pair.
    Overlap { pair: u64, files: [PathBuf; 2] },
    /// A game of a file is played by a player that is not one of its engines.
    UnknownPlayer { path: PathBuf, name: String },
    /// The series' settings name no number of games.
    NoGames(PathBuf),
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::Nothing => f.write_str("no record file to merge"),
            MergeError::NoSeries(path) => write!(
                f,
                "{} has no 'series' line (written by a konane without shards): it cannot be merged",
                path.display()
            ),
            MergeError::EngineCount { path, count } => {
                write!(f, "{} names {count} engines, not 2", path.display())
            }
            MergeError::Mismatch {
                what,
                files,
                values,
            } => write!(
                f,
                "the records are not shards of one series: {what}: {} in {}, {} in {}",
                values[0],
                files[0].display(),
                values[1],
                files[1].display()
            ),
            MergeError::OutsideShard { path, pair, shard } => write!(
                f,
                "{} holds pair {pair}, which is not in its shard {shard}",
                path.display()
            ),
            MergeError::IncompletePair { path, pair } => write!(
                f,
                "{}: pair {pair} does not hold its two games",
                path.display()
            ),
            MergeError::Overlap { pair, files } => write!(
                f,
                "the records overlap: pair {pair} is in both {} and {}",
                files[0].display(),
                files[1].display()
            ),
            MergeError::UnknownPlayer { path, name } => write!(
                f,
                "{}: a game is played by '{name}', who is not one of its engines",
                path.display()
            ),
            MergeError::NoGames(path) => {
                write!(f, "{}: the 'series' line gives no games=", path.display())
            }
        }
    }
}

impl std::error::Error for MergeError {}

/// An engine line's description without and with its time control: `konane match`
/// writes `<engine> (plays <time control>)`.
fn split_time(description: &str) -> (&str, &str) {
    description
        .rsplit_once(" (plays ")
        .and_then(|(engine, time)| Some((engine, time.strip_suffix(')')?)))
        .unwrap_or((description, "(none)"))
}

/// The `key=value` words of a settings line, in order.
fn words(settings: &str) -> Vec<(&str, &str)> {
    settings
        .split_whitespace()
        .map(|word| word.split_once('=').unwrap_or((word, "")))
        .collect()
}

/// The series header of `file`, required.
fn series_of(file: &ShardRecords) -> Result<&SeriesHeader, MergeError> {
    file.records
        .series
        .as_ref()
        .ok_or_else(|| MergeError::NoSeries(file.path.clone()))
}

/// Checks that `other` is a shard of the same series as `first`; `sprt_given` skips the
/// comparison of the files' SPRTs (the merge's own is used).
fn check_same_series(
    first: &ShardRecords,
    other: &ShardRecords,
    sprt_given: bool,
) -> Result<(), MergeError> {
    let mismatch = |what: String, a: String, b: String| MergeError::Mismatch {
        what,
        files: [first.path.clone(), other.path.clone()],
        values: [a, b],
    };
    let (a, b) = (series_of(first)?, series_of(other)?);
    let (words_a, words_b) = (words(&a.settings), words(&b.settings));
    let value = |list: &[(&str, &str)], key: &str| {
        list.iter()
            .find(|(k, _)| *k == key)
            .map_or("(none)".to_string(), |(_, v)| v.to_string())
    };
    for (key, _) in words_a.iter().chain(&words_b) {
        let (value_a, value_b) = (value(&words_a, key), value(&words_b, key));
        if value_a != value_b {
            return Err(mismatch(key.to_string(), value_a, value_b));
        }
    }
    let names = |file: &ShardRecords| {
        file.records
            .engines
            .iter()
            .map(|(name, _)| format!("'{name}'"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if names(first) != names(other) {
        return Err(mismatch("the engines".into(), names(first), names(other)));
    }
    for ((name, a), (_, b)) in first.records.engines.iter().zip(&other.records.engines) {
        let ((engine_a, time_a), (engine_b, time_b)) = (split_time(a), split_time(b));
        if engine_a != engine_b {
            return Err(mismatch(
                format!("engine '{name}'"),
                engine_a.into(),
                engine_b.into(),
            ));
        }
        if time_a != time_b {
            return Err(mismatch(
                format!("the time control of '{name}'"),
                time_a.into(),
                time_b.into(),
            ));
        }
    }
    if !sprt_given && a.sprt != b.sprt {
        let text = |sprt: Option<Sprt>| sprt.map_or("(none)".to_string(), |s| format!("'{s}'"));
        return Err(mismatch("the SPRT".into(), text(a.sprt), text(b.sprt)));
    }
    Ok(())
}

/// The games of `file` by pair (numbered from 1), each pair checked whole and inside
/// the file's shard.
fn pairs_of(
    file: &ShardRecords,
    total_pairs: u64,
) -> Result<Vec<(u64, [GameRecord; 2])>, MergeError> {
    let shard = series_of(file)?.shard;
    let block = shard.block(total_pairs);
    let mut games: Vec<&GameRecord> = file.records.games.iter().collect();
    games.sort_by_key(|g| (g.pair, g.number));
    let mut pairs = Vec::new();
    for chunk in games.chunk_by(|a, b| a.pair == b.pair) {
        let pair = chunk[0].pair;
        if pair == 0 || !block.contains(&(pair - 1)) {
            return Err(MergeError::OutsideShard {
                path: file.path.clone(),
                pair,
                shard: shard.to_string(),
            });
        }
        match chunk {
            [a, b] if a.number == 2 * pair - 1 && b.number == 2 * pair => {
                pairs.push((pair, [(*a).clone(), (*b).clone()]))
            }
            _ => {
                return Err(MergeError::IncompletePair {
                    path: file.path.clone(),
                    pair,
                })
            }
        }
    }
    Ok(pairs)
}

/// Ranges of the numbers 1..=total absent from `present` (sorted).
fn gaps(present: &[u64], total: u64) -> Vec<RangeInclusive<u64>> {
    let mut gaps = Vec::new();
    let mut next = 1;
    for &n in present.iter().chain(std::iter::once(&(total + 1))) {
        if n > next {
            gaps.push(next..=n - 1);
        }
        next = n + 1;
    }
    gaps
}

/// Merges the record files of shards of one series. `sprt` replaces the SPRT written
/// in the files (which must otherwise agree).
pub fn merge(files: &[ShardRecords], sprt: Option<Sprt>) -> Result<Merged, MergeError> {
    let first = files.first().ok_or(MergeError::Nothing)?;
    for file in files {
        series_of(file)?;
        if file.records.engines.len() != 2 {
            return Err(MergeError::EngineCount {
                path: file.path.clone(),
                count: file.records.engines.len(),
            });
        }
        check_same_series(first, file, sprt.is_some())?;
    }
    let series = series_of(first)?;
    let total_pairs = words(&series.settings)
        .iter()
        .find(|(key, _)| *key == "games")
        .and_then(|(_, games)| games.parse::<u64>().ok())
        .ok_or_else(|| MergeError::NoGames(first.path.clone()))?
        .div_ceil(2);
    let mut pairs: Vec<(u64, [GameRecord; 2], &Path)> = Vec::new();
    for file in files {
        for (pair, games) in pairs_of(file, total_pairs)? {
            pairs.push((pair, games, &file.path));
        }
    }
    pairs.sort_by_key(|(pair, _, _)| *pair);
    if let Some(twice) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(MergeError::Overlap {
            pair: twice[0].0,
            files: [twice[0].2.to_path_buf(), twice[1].2.to_path_buf()],
        });
    }
    let present: Vec<u64> = pairs.iter().map(|(pair, _, _)| *pair).collect();
    let count = series.shard.count();
    let missing_shards = if files
        .iter()
        .all(|f| series_of(f).map(|s| s.shard.count()) == Ok(count))
    {
        (1..=count)
            .filter(|&k| {
                !files
                    .iter()
                    .any(|f| series_of(f).map(|s| s.shard.index()) == Ok(k))
            })
            .collect()
    } else {
        Vec::new()
    };
    let [(first_name, _), (second_name, _)] = &first.records.engines[..] else {
        unreachable!("two engines checked above");
    };
    let mut scoreboard = Scoreboard::new(Tally::new(first_name, second_name), sprt.or(series.sprt));
    for (_, games, path) in &pairs {
        // Every pair is offered: those after the SPRT's decision are counted as such.
        let _ = scoreboard
            .add_pair(games)
            .map_err(|unknown| MergeError::UnknownPlayer {
                path: path.to_path_buf(),
                name: unknown.0,
            })?;
    }
    let mut outcome = scoreboard.finish();
    let after_decision = outcome.sprt.as_ref().map_or(0, |s| s.ignored_pairs);
    if let Some(sprt) = &mut outcome.sprt {
        sprt.ignored_pairs = 0;
    }
    Ok(Merged {
        outcome,
        total_pairs,
        present_pairs: present.len() as u64,
        missing_pairs: gaps(&present, total_pairs),
        missing_shards,
        after_decision,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_the_missing_runs() {
        assert_eq!(gaps(&[], 3), [1..=3]);
        assert_eq!(gaps(&[1, 2, 3], 3), Vec::<RangeInclusive<u64>>::new());
        assert_eq!(gaps(&[2, 3, 7], 9), [1..=1, 4..=6, 8..=9]);
    }

    #[test]
    fn time_controls_are_split_off_engine_lines() {
        assert_eq!(
            split_time("name=a cmd=\"x (y)\" (plays tc=1+0.1)"),
            ("name=a cmd=\"x (y)\"", "tc=1+0.1")
        );
        assert_eq!(
            split_time("built-in player random (seed 1)"),
            ("built-in player random (seed 1)", "(none)")
        );
    }
}
