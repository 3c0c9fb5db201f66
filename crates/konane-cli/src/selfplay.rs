//! `konane selfplay`: fast in-process games between the engine and the built-in players
//! (random, greedy, alpha-beta), in pairs on seeded openings, with the match statistics.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use konane_core::{Color, Move, Position};
use konane_search::players::{Agent, BuiltinKind, BuiltinPlayer, EnginePlayer};
use konane_search::selfplay::play_game;
use konane_search::{SearchLimits, SearchOptions};

use crate::arena::adjudication::Reason;
use crate::arena::collect::Collector;
use crate::arena::record::{GameRecord, PlayedGame};
use crate::arena::schedule::run_pairs;
use crate::arena::series::SeriesArgs;
use crate::arena::tally::Tally;
use crate::match_cmd::print_outcome;

/// Arguments of `konane selfplay`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane selfplay --opponent random --games 200 --size 6x6
  konane selfplay --player alphabeta3 --opponent greedy --games 1000 --concurrency 2
  konane selfplay --depth 6 --games 400 --record games.txt --positions positions.txt")]
pub struct SelfplayArgs {
    /// The measured player: engine, random, greedy, alphabeta or alphabetaN.
    #[arg(long, default_value = "engine")]
    pub player: PlayerKind,
    /// Its opponent: engine, random, greedy, alphabeta or alphabetaN.
    #[arg(long, default_value = "engine")]
    pub opponent: PlayerKind,
    /// The engine's search depth per move (the default limit).
    #[arg(long, group = "limit")]
    pub depth: Option<u32>,
    /// The engine's node budget per move.
    #[arg(long, group = "limit")]
    pub nodes: Option<u64>,
    /// The engine's milliseconds per move.
    #[arg(long, group = "limit")]
    pub movetime: Option<u64>,
    #[command(flatten)]
    pub series: SeriesArgs,
    /// Write every game to this record file (the `konane match` format).
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Write every position reached to this file: its FEN and the winner's letter.
    #[arg(long)]
    pub positions: Option<PathBuf>,
}

/// A player of a self-play game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKind {
    /// The engine's search within the given limits.
    Engine,
    Builtin(BuiltinKind),
}

impl FromStr for PlayerKind {
    type Err = String;

    fn from_str(text: &str) -> Result<PlayerKind, String> {
        if text.eq_ignore_ascii_case("engine") {
            Ok(PlayerKind::Engine)
        } else {
            text.parse::<BuiltinKind>()
                .map(PlayerKind::Builtin)
                .map_err(|e| {
                    e.to_string()
                        .replace("expected random", "expected engine, random")
                })
        }
    }
}

impl PlayerKind {
    fn name(self) -> String {
        match self {
            PlayerKind::Engine => "engine".to_string(),
            PlayerKind::Builtin(kind) => kind.to_string(),
        }
    }
}

/// One worker's players: engines are kept (their tables reset between games), built-in
/// players are made for each game from a seed so that results do not depend on workers.
struct Worker {
    engines: [Option<EnginePlayer>; 2],
}

/// Records the time of each move an agent chooses.
struct Timed<'a> {
    inner: &'a mut dyn Agent,
    times_ms: Vec<u64>,
}

impl Agent for Timed<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }

    fn choose(&mut self, position: &Position) -> Move {
        let started = Instant::now();
        let mv = self.inner.choose(position);
        self.times_ms.push(started.elapsed().as_millis() as u64);
        mv
    }
}

/// Plays one game from `start` between `agents` (Black first) with each move timed.
fn timed_game(start: &Position, agents: [&mut dyn Agent; 2]) -> PlayedGame {
    let [black, white] = agents;
    let mut timed_black = Timed {
        inner: black,
        times_ms: Vec::new(),
    };
    let mut timed_white = Timed {
        inner: white,
        times_ms: Vec::new(),
    };
    let game = play_game(start, [&mut timed_black, &mut timed_white]);
    let (mut black_times, mut white_times) = (
        timed_black.times_ms.into_iter(),
        timed_white.times_ms.into_iter(),
    );
    let mut side = start.side_to_move();
    let times_ms = game
        .moves
        .iter()
        .map(|_| {
            let time = match side {
                Color::Black => black_times.next(),
                Color::White => white_times.next(),
            };
            side = !side;
            time.expect("one time per move")
        })
        .collect();
    PlayedGame {
        start: game.start,
        moves: game.moves,
        times_ms,
        winner: game.winner,
        reason: Reason::NoMoves,
    }
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

/// Runs `konane selfplay`; the engine plays with `options` (engine.toml and defaults).
pub fn run(args: &SelfplayArgs, options: SearchOptions) -> Result<()> {
    let limits = if let Some(nodes) = args.nodes {
        SearchLimits {
            nodes: Some(nodes),
            ..SearchLimits::default()
        }
    } else if let Some(ms) = args.movetime {
        SearchLimits::movetime(Duration::from_millis(ms))
    } else {
        SearchLimits::depth(args.depth.unwrap_or(4))
    };
    let kinds = [args.player, args.opponent];
    let mut names = kinds.map(PlayerKind::name);
    if names[0] == names[1] {
        names[1].push_str("-2");
    }
    let openings = args.series.openings()?;
    let positions = match &args.positions {
        Some(path) => Some(Mutex::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        ))),
        None => None,
    };
    let limit_text = format!("{limits:?}");
    let descriptions: Vec<(String, String)> = kinds
        .iter()
        .zip(&names)
        .map(|(kind, name)| {
            let what = match kind {
                PlayerKind::Engine => format!("in-process engine, limits {limit_text}"),
                PlayerKind::Builtin(kind) => format!("built-in player {kind}"),
            };
            (name.clone(), what)
        })
        .collect();
    let pairs = args.series.pairs()?;
    let mut collector = Collector::new(
        Tally::new(&names[0], &names[1]),
        args.series.sprt,
        pairs * 2,
        args.record.as_deref(),
        &descriptions,
    )?;
    let workers: Vec<Worker> = (0..args.series.concurrency()?)
        .map(|_| Worker {
            engines: std::array::from_fn(|i| {
                (kinds[i] == PlayerKind::Engine)
                    .then(|| EnginePlayer::new(&names[i], options.clone(), limits.clone()))
            }),
        })
        .collect();
    let play_pair = |worker: &mut Worker, pair: u64| -> [GameRecord; 2] {
        let start = openings.position(pair as usize);
        let mut builtins: [Option<BuiltinPlayer>; 2] = std::array::from_fn(|i| match kinds[i] {
            PlayerKind::Builtin(kind) => Some(BuiltinPlayer::new(
                kind,
                args.series.seed ^ (pair * 2 + i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            )),
            PlayerKind::Engine => None,
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
        let first = timed_game(&start, [&mut *a, &mut *b]);
        let second = timed_game(&start, [b, a]);
        let records = GameRecord::pair(pair, &names, [first, second]);
        if let Some(out) = &positions {
            let mut out = out.lock().expect("no writer panicked");
            for record in &records {
                // A write error shows at the final flush below.
                let _ = write_positions(&mut *out, record);
            }
        }
        records
    };
    run_pairs(workers, pairs, play_pair, |pair| collector.add_pair(pair));
    let outcome = collector.finish()?;
    if let (Some(out), Some(path)) = (positions, &args.positions) {
        let mut out = out.into_inner().expect("no writer panicked");
        out.flush()
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    print_outcome(&outcome);
    Ok(())
}
