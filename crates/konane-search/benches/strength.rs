//! Matches between in-process players: pairs of games from seeded random 8x8 openings
//! with colours swapped, printing the first player's score and Elo.
//!
//! `cargo bench -p konane-search --bench strength -- FIRST SECOND PAIRS LIMIT [PARALLEL] [JUMPS] [SIZE]`
//! where a player is `engine` or `engine:KEY=VALUE,...` (keys: `threads`, `endgame`
//! (0: no handover to the exact solver) and the evaluation weights `mobility`,
//! `movable_pieces`), `random`, `greedy` or `alphabetaN`; LIMIT is the engine's budget per
//! move, `100ms` or `20000n` (nodes); JUMPS random jumps follow the two removals (default 2);
//! SIZE is the board, WxH (default 8x8).

use std::time::Duration;

use konane_core::Board;
use konane_engine::{EnginePlayer, Options};
use konane_search::players::{Agent, BuiltinKind, BuiltinPlayer};
use konane_search::selfplay::play_pairs;
use konane_search::SearchLimits;

fn limits(text: &str) -> SearchLimits {
    if let Some(ms) = text.strip_suffix("ms") {
        SearchLimits::movetime(Duration::from_millis(
            ms.parse().expect("LIMIT: e.g. 100ms"),
        ))
    } else {
        let nodes = text.strip_suffix('n').and_then(|n| n.parse().ok());
        SearchLimits {
            nodes: Some(nodes.expect("LIMIT: e.g. 20000n")),
            ..SearchLimits::default()
        }
    }
}

/// Engine options from `KEY=VALUE,...`.
fn engine_options(settings: &str) -> Options {
    let mut options = Options::default();
    let search = &mut options.search;
    search.move_overhead_ms = 0;
    for setting in settings.split(',').filter(|s| !s.is_empty()) {
        let (key, value) = setting.split_once('=').expect("engine setting KEY=VALUE");
        let value: i32 = value.parse().expect("an integer value");
        match key {
            "threads" => search.threads = value.max(1) as usize,
            "endgame" => search.endgame_solver = value != 0,
            "mobility" => search.eval.mobility = value,
            "movable_pieces" => search.eval.movable_pieces = value,
            other => panic!("unknown engine setting {other}"),
        }
    }
    options
}

fn player(name: &str, limits: &SearchLimits, seed: u64) -> Box<dyn Agent> {
    match name.strip_prefix("engine") {
        Some(settings) => {
            let options = engine_options(settings.trim_start_matches(':'));
            Box::new(EnginePlayer::new(name, options, limits.clone()))
        }
        None => Box::new(BuiltinPlayer::new(
            name.parse::<BuiltinKind>().expect("a player name"),
            seed,
        )),
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    assert!(
        args.len() >= 4,
        "usage: FIRST SECOND PAIRS LIMIT [PARALLEL] [JUMPS] [SIZE]"
    );
    let (first, second) = (args[0].clone(), args[1].clone());
    let pairs: u32 = args[2].parse().expect("PAIRS");
    let limits = limits(&args[3]);
    let parallel: usize = args.get(4).map_or(1, |p| p.parse().expect("PARALLEL"));
    let jumps: usize = args.get(5).map_or(2, |j| j.parse().expect("JUMPS"));
    let board: Board = args
        .get(6)
        .map_or(Board::STANDARD, |b| b.parse().expect("SIZE: e.g. 6x6"));
    let started = std::time::Instant::now();
    let score = play_pairs(
        &|seed| player(&first, &limits, seed),
        &|seed| player(&second, &limits, seed),
        board,
        jumps,
        pairs,
        2026,
        parallel,
    );
    println!(
        "{first} vs {second} on {board}: {} games at {} per move, {} parallel, openings with {jumps} random jumps: +{} -{} ({:.1}%), Elo {:+.0}, {:.0} s",
        score.games(),
        args[3],
        parallel,
        score.wins,
        score.losses,
        100.0 * score.wins as f64 / score.games() as f64,
        score.elo(),
        started.elapsed().as_secs_f64()
    );
}
