//! `konane match`'s engine: workers that own one process of each engine and play pairs
//! of games (same opening, colours swapped) until the games are played or the SPRT decides.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{bail, Result};

use super::clock::TimeControl;
use super::collect::{Collector, MatchOutcome};
use super::engine::EngineProcess;
use super::game::{play_game, GameRules, Seat};
use super::openings::OpeningSource;
use super::record::GameRecord;
use super::schedule::run_pairs;
use super::spec::EngineSpec;
use super::stats::Sprt;
use super::tally::Tally;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two engines; the first is the one measured (Elo and SPRT are its view).
    pub engines: [EngineSpec; 2],
    /// The time control of engines that do not give their own.
    pub time: Option<TimeControl>,
    pub openings: OpeningSource,
    /// Pairs of games to play (fewer if the SPRT decides first).
    pub pairs: u64,
    /// Games played at once.
    pub concurrency: usize,
    pub sprt: Option<Sprt>,
    pub rules: GameRules,
    /// How long an engine may stay silent when no clock bounds it.
    pub stall: Duration,
    /// The record file to write.
    pub record: Option<PathBuf>,
}

/// One worker's processes, in the order of the match's engines.
struct Worker {
    engines: [EngineProcess; 2],
}

/// Plays the match; returns its results and how many times each engine was restarted.
pub fn run_match(config: &MatchConfig) -> Result<(MatchOutcome, [u32; 2])> {
    let [first, second] = &config.engines;
    if first.name == second.name {
        bail!(
            "both engines are named '{}': give each a different name=",
            first.name
        );
    }
    let times = config.engines.clone().map(|spec| spec.time.or(config.time));
    let times = match times {
        [Some(a), Some(b)] => [a, b],
        _ => bail!(
            "an engine has no time control: give --tc, --movetime, --depth or --nodes, or tc= (movetime=, depth=, nodes=) in its --engine"
        ),
    };
    let mut workers = Vec::new();
    for _ in 0..config.concurrency.max(1) {
        workers.push(Worker {
            engines: [
                EngineProcess::start(first, config.stall)?,
                EngineProcess::start(second, config.stall)?,
            ],
        });
    }
    let descriptions: Vec<(String, String)> = config
        .engines
        .iter()
        .zip(&times)
        .map(|(spec, time)| (spec.name.clone(), format!("{spec} (plays {time})")))
        .collect();
    let mut collector = Collector::new(
        Tally::new(&first.name, &second.name),
        config.sprt,
        config.pairs * 2,
        config.record.as_deref(),
        &descriptions,
    )?;
    let play_pair = |worker: &mut Worker, pair: u64| -> [GameRecord; 2] {
        let start = config.openings.position(pair as usize);
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
            &config.rules,
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
            &config.rules,
        );
        GameRecord::pair(pair, &names, [first_game, second_game])
    };
    let workers = run_pairs(workers, config.pairs, play_pair, |pair| {
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
