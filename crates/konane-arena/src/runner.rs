//! Engine matches: workers that own one process of each engine and play pairs of games
//! (same opening, colours swapped) until the schedule is played or the SPRT decides.

use std::path::PathBuf;
use std::time::Duration;

use crate::clock::TimeControl;
use crate::collect::{Collector, MatchOutcome, Progress};
use crate::engine::EngineProcess;
use crate::error::ArenaError;
use crate::game::{play_game, GameRules, Seat};
use crate::log::ProtocolLog;
use crate::record::GameRecord;
use crate::schedule::run_pairs;
use crate::series::Series;
use crate::spec::EngineSpec;
use crate::tally::Tally;

/// Everything a match between two engine programs needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines; the first is the one measured (Elo and SPRT are its view).
    pub engines: [EngineSpec; 2],
    /// The time control of engines that do not give their own.
    pub time: Option<TimeControl>,
    pub series: Series,
    /// How far past its time a move may go before it loses on time.
    pub time_margin: Duration,
    /// How long an engine may stay silent when no clock bounds it.
    pub stall: Duration,
    /// The protocol log to write.
    pub log: Option<PathBuf>,
}

/// One worker's processes, in the order of the match's engines.
struct Worker {
    engines: [EngineProcess; 2],
}

/// Plays the match; `progress` sees the tally after each pair. Returns the results and
/// how many times each engine's process was started again after a crash or a hang.
pub fn run_match(
    config: &MatchConfig,
    progress: Progress,
) -> Result<(MatchOutcome, [u32; 2]), ArenaError> {
    let [first, second] = &config.engines;
    if first.name == second.name {
        return Err(ArenaError::SameName(first.name.clone()));
    }
    let times = config.engines.clone().map(|spec| spec.time.or(config.time));
    let [Some(first_time), Some(second_time)] = times else {
        return Err(ArenaError::NoTimeControl);
    };
    let times = [first_time, second_time];
    let log = match &config.log {
        Some(path) => Some(
            ProtocolLog::create(path).map_err(|source| ArenaError::CreateLog {
                path: path.clone(),
                source,
            })?,
        ),
        None => None,
    };
    let series = &config.series;
    let mut workers = Vec::new();
    for _ in 0..series.concurrency.max(1) {
        let start = |spec| EngineProcess::start(spec, config.stall, log.clone());
        workers.push(Worker {
            engines: [
                start(first).map_err(ArenaError::EngineStart)?,
                start(second).map_err(ArenaError::EngineStart)?,
            ],
        });
    }
    let rules = GameRules {
        time_margin: config.time_margin,
    };
    let descriptions: Vec<(String, String)> = config
        .engines
        .iter()
        .zip(&times)
        .map(|(spec, time)| (spec.name.clone(), format!("{spec} (plays {time})")))
        .collect();
    let mut collector = Collector::new(
        Tally::new(&first.name, &second.name),
        series,
        &descriptions,
        progress,
    )?;
    let play_pair = |worker: &mut Worker, pair: u64| -> [GameRecord; 2] {
        let start = series.openings.position(pair as usize);
        let [a, b] = &mut worker.engines;
        let names = [a.name().to_string(), b.name().to_string()];
        let first_game = play_game(
            &start,
            [
                Seat {
                    engine: a,
                    time: times[0],
                },
                Seat {
                    engine: b,
                    time: times[1],
                },
            ],
            &rules,
        );
        let second_game = play_game(
            &start,
            [
                Seat {
                    engine: b,
                    time: times[1],
                },
                Seat {
                    engine: a,
                    time: times[0],
                },
            ],
            &rules,
        );
        GameRecord::pair(pair, &names, [first_game, second_game])
    };
    let workers = run_pairs(workers, &series.schedule, play_pair, |pair| {
        collector.add_pair(pair)
    });
    let mut restarts = [0, 0];
    for worker in workers {
        for (i, engine) in worker.engines.into_iter().enumerate() {
            restarts[i] += engine.restarts;
            engine.quit();
        }
    }
    Ok((collector.finish()?, restarts))
}
