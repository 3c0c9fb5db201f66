//! Self-play in process: the engine and the built-in players (any [`Agent`]) play
//! series of game pairs without pipes, with the statistics, records and SPRT of
//! engine matches, and optionally every position reached written for tuning data.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use konane_core::{Color, Position};
use konane_engine::{Agent, BuiltinKind, BuiltinPlayer, EnginePlayer, Options, SearchLimits};

use crate::collect::{Collector, MatchOutcome, Progress};
use crate::error::ArenaError;
use crate::record::{GameRecord, PlayedGame};
use crate::schedule::run_pairs;
use crate::series::Series;
use crate::tally::Tally;

/// What plays a seat of a self-play series.
#[derive(Clone, Debug)]
pub enum Contestant {
    /// The engine with `options`, searching each move within `limits`; one per worker,
    /// kept from game to game (its table cleared between games).
    Engine {
        options: Box<Options>,
        limits: SearchLimits,
    },
    /// A built-in player, made afresh for each pair from a seed so that results do not
    /// depend on the number of workers.
    Builtin(BuiltinKind),
}

/// One of the two players of a self-play series.
#[derive(Clone, Debug)]
pub struct SelfPlayer {
    /// The name in tables and records (the two must differ).
    pub name: String,
    pub contestant: Contestant,
    /// How the front end set the player up (`option.Threads=2`), added to its
    /// description in the record file when not empty.
    pub settings: String,
}

impl SelfPlayer {
    /// The player's line in the record file's header; `seed` is the series' seed of
    /// the built-in players' choices.
    fn description(&self, seed: u64) -> String {
        let what = match &self.contestant {
            Contestant::Engine { limits, .. } => format!("in-process engine, limits {limits:?}"),
            Contestant::Builtin(kind) => format!("built-in player {kind} (seed {seed})"),
        };
        if self.settings.is_empty() {
            what
        } else {
            format!("{what}, {}", self.settings)
        }
    }
}

/// Everything a self-play series needs.
#[derive(Clone, Debug)]
pub struct SelfPlayConfig {
    /// The two players; the first is the one measured (Elo and SPRT are its view).
    pub players: [SelfPlayer; 2],
    pub series: Series,
    /// Seed of the built-in players' choices (each pair's players get their own from it).
    pub seed: u64,
    /// Where to write every position reached, with the winner's letter.
    pub positions: Option<PathBuf>,
}

/// Plays `start` to the end, `agents[0]` for Black and `agents[1]` for White, timing
/// each move. In-process agents are trusted: an illegal move is a bug and panics.
pub fn play_game(start: &Position, agents: [&mut dyn Agent; 2]) -> PlayedGame {
    let mut position = *start;
    let [black, white] = agents;
    black.new_game();
    white.new_game();
    let mut game = PlayedGame::new(*start);
    while !position.is_game_over() {
        let agent = match position.side_to_move() {
            Color::Black => &mut *black,
            Color::White => &mut *white,
        };
        let started = Instant::now();
        let mv = agent.choose(&position);
        game.times_ms.push(started.elapsed().as_millis() as u64);
        assert!(
            position.is_legal(mv),
            "{} played the illegal move {mv}",
            agent.name()
        );
        position.play(mv);
        game.moves.push(mv);
    }
    game.winner = !position.side_to_move();
    game
}

/// Writes each position of `record`'s game with the winner's letter.
fn write_positions(out: &mut impl Write, record: &GameRecord) -> std::io::Result<()> {
    let mut position = record.game.start;
    let winner = record.game.winner.letter();
    writeln!(out, "{} {winner}", position.to_fen())?;
    for &mv in &record.game.moves {
        position.play(mv);
        writeln!(out, "{} {winner}", position.to_fen())?;
    }
    Ok(())
}

/// One worker's engines, by seat (`None` where a built-in player sits).
struct Worker {
    engines: [Option<EnginePlayer>; 2],
}

/// The seed of the built-in player in `seat` for pair `pair`.
fn builtin_seed(seed: u64, pair: u64, seat: usize) -> u64 {
    seed ^ (pair * 2 + seat as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Plays the series; `progress` sees the tally after each pair.
pub fn run_selfplay(
    config: &SelfPlayConfig,
    progress: Progress,
) -> Result<MatchOutcome, ArenaError> {
    let [first, second] = &config.players;
    if first.name == second.name {
        return Err(ArenaError::SameName(first.name.clone()));
    }
    let names = [first.name.clone(), second.name.clone()];
    let positions = match &config.positions {
        Some(path) => Some(Mutex::new(BufWriter::new(File::create(path).map_err(
            |source| ArenaError::CreatePositions {
                path: path.clone(),
                source,
            },
        )?))),
        None => None,
    };
    let descriptions: Vec<(String, String)> = config
        .players
        .iter()
        .map(|player| (player.name.clone(), player.description(config.seed)))
        .collect();
    let series = &config.series;
    let mut collector = Collector::new(
        Tally::new(&names[0], &names[1]),
        series,
        &descriptions,
        progress,
    )?;
    let workers: Vec<Worker> = (0..series.concurrency.max(1))
        .map(|_| Worker {
            engines: std::array::from_fn(|seat| match &config.players[seat].contestant {
                Contestant::Engine { options, limits } => Some(EnginePlayer::new(
                    &names[seat],
                    Options::clone(options),
                    limits.clone(),
                )),
                Contestant::Builtin(_) => None,
            }),
        })
        .collect();
    let play_pair = |worker: &mut Worker, pair: u64| -> [GameRecord; 2] {
        let start = series.openings.position(pair as usize);
        let mut builtins: [Option<BuiltinPlayer>; 2] =
            std::array::from_fn(|seat| match config.players[seat].contestant {
                Contestant::Builtin(kind) => Some(BuiltinPlayer::new(
                    kind,
                    builtin_seed(config.seed, pair, seat),
                )),
                Contestant::Engine { .. } => None,
            });
        let [engine_a, engine_b] = &mut worker.engines;
        let [builtin_a, builtin_b] = &mut builtins;
        let a: &mut dyn Agent = match (engine_a, builtin_a) {
            (Some(engine), _) => engine,
            (None, Some(builtin)) => builtin,
            (None, None) => unreachable!("every seat has a player"),
        };
        let b: &mut dyn Agent = match (engine_b, builtin_b) {
            (Some(engine), _) => engine,
            (None, Some(builtin)) => builtin,
            (None, None) => unreachable!("every seat has a player"),
        };
        let first_game = play_game(&start, [&mut *a, &mut *b]);
        let second_game = play_game(&start, [b, a]);
        let records = GameRecord::pair(pair, &names, [first_game, second_game]);
        if let Some(out) = &positions {
            let mut out = out.lock().expect("no writer panicked");
            for record in &records {
                // A write error shows at the final flush below.
                let _ = write_positions(&mut *out, record);
            }
        }
        records
    };
    run_pairs(workers, &series.schedule, play_pair, |pair| {
        collector.add_pair(pair)
    });
    let outcome = collector.finish()?;
    if let (Some(out), Some(path)) = (positions, &config.positions) {
        let mut out = out.into_inner().expect("no writer panicked");
        out.flush().map_err(|source| ArenaError::Write {
            path: path.clone(),
            source,
        })?;
    }
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::openings::OpeningSource;
    use crate::schedule::Schedule;
    use crate::stats::elo_from_games;
    use konane_core::random_opening;
    use konane_core::Board;

    fn builtin(name: &str) -> SelfPlayer {
        SelfPlayer {
            name: name.to_string(),
            contestant: Contestant::Builtin(name.parse().unwrap()),
            settings: String::new(),
        }
    }

    fn greedy_against_random(concurrency: usize) -> Tally {
        let config = SelfPlayConfig {
            players: [builtin("greedy"), builtin("random")],
            series: Series {
                openings: OpeningSource::Random {
                    board: "5x5".parse().unwrap(),
                    jumps: 2,
                    seed: 7,
                },
                schedule: Schedule::new(10),
                concurrency,
                sprt: None,
                record: None,
            },
            seed: 7,
            positions: None,
        };
        let mut reports = 0;
        let outcome = run_selfplay(&config, &mut |_| reports += 1).unwrap();
        assert_eq!(reports, 10);
        outcome.tally
    }

    #[test]
    fn pairs_swap_colours_and_count_every_game() {
        let tally = greedy_against_random(2);
        assert_eq!(tally.games(), 20);
        assert!(tally.wins_of(0) > tally.wins_of(1), "{tally:?}");
        // Seeded: the same match gives the same score, whatever the parallelism.
        let sequential = greedy_against_random(1);
        assert_eq!(
            (sequential.wins_of(0), sequential.pairs()),
            (tally.wins_of(0), tally.pairs())
        );
        assert_eq!(elo_from_games(3, 1, 0).unwrap().elo.round(), 191.0);
    }

    #[test]
    fn greedy_beats_random_and_games_end_legally() {
        let board: Board = "6x6".parse().unwrap();
        let mut greedy_wins = 0;
        for seed in 0..20 {
            let mut greedy = BuiltinPlayer::new(BuiltinKind::Greedy, seed);
            let mut random = BuiltinPlayer::new(BuiltinKind::Random, seed + 100);
            let mut start = Position::start(board);
            for mv in random_opening(board, 2, seed) {
                start.play(mv);
            }
            let greedy_colour = if seed % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let game = if greedy_colour == Color::Black {
                play_game(&start, [&mut greedy, &mut random])
            } else {
                play_game(&start, [&mut random, &mut greedy])
            };
            let mut end = game.start;
            for &mv in &game.moves {
                assert!(end.is_legal(mv));
                end.play(mv);
            }
            assert!(end.is_game_over());
            assert_eq!(game.winner, !end.side_to_move());
            assert_eq!(game.times_ms.len(), game.moves.len());
            greedy_wins += (game.winner == greedy_colour) as u32;
        }
        assert!(greedy_wins >= 14, "greedy won only {greedy_wins} of 20");
    }

    #[test]
    fn equal_names_are_refused() {
        let config = SelfPlayConfig {
            players: [builtin("greedy"), builtin("greedy")],
            series: Series {
                openings: OpeningSource::Random {
                    board: Board::STANDARD,
                    jumps: 2,
                    seed: 1,
                },
                schedule: Schedule::new(1),
                concurrency: 1,
                sprt: None,
                record: None,
            },
            seed: 1,
            positions: None,
        };
        let error = run_selfplay(&config, &mut |_| {}).unwrap_err();
        assert!(matches!(error, ArenaError::SameName(ref name) if name == "greedy"));
    }
}
