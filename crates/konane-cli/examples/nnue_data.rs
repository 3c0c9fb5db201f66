//! Training positions for the learned evaluation (`scripts/nnue/pipeline.sh`): 8x8
//! self-play games of the engine from seeded random openings, every position labelled
//! with the engine's search score and the game's result, and positions with few pieces
//! labelled exactly by the solver.
//!
//! One line per position where the side to move has a move:
//! `FEN;SCORE;RESULT;EXACT`, all from the side to move's view: SCORE the search's score
//! in centi-moves (±10000 for a proven win or loss), RESULT 1 if the side to move won
//! the game (or, when EXACT is 1, wins with best play as the solver proved) and 0 if
//! not. The games and so the file depend only on the arguments.
//!
//! `cargo run --release -p konane-cli --example nnue_data -- GAMES SEED NODES [SOLVE_PIECES SOLVE_NODES] [OPTION=VALUE …]`
//!
//! plays games `SEED·GAMES` to `SEED·GAMES + GAMES − 1` (opening `i`: both removals and
//! `i mod 11` random jumps from seed `i`), the engine searching NODES nodes a move;
//! positions with at most SOLVE_PIECES pieces (default 18) go to the solver, which gives
//! up after SOLVE_NODES positions (default 200,000) and then keeps the game's labels.
//! The engine evaluates with the hand-written terms (`Eval classic`, the evaluation
//! whose games made the built-in net) unless an option says otherwise: `OPTION=VALUE`
//! sets an engine option (as `setoption`), for example `Eval=nnue`.

use std::io::{BufWriter, Write};

use konane_core::{random_opening, Board, Color, Position};
use konane_engine::{Engine, Options, Score, SearchLimits};
use konane_solver::{Solver, SolverOptions, TableKind};

/// The score written for a proven win (its negation for a proven loss).
const PROVEN: i32 = 10_000;

struct Args {
    games: u64,
    seed: u64,
    nodes: u64,
    solve_pieces: u32,
    solve_nodes: u64,
    options: Vec<(String, String)>,
}

fn parse_args() -> Result<Args, String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (numbers, options): (Vec<&String>, Vec<&String>) =
        args.iter().partition(|a| !a.contains('='));
    let number = |i: usize, default: Option<u64>| -> Result<u64, String> {
        match numbers.get(i) {
            Some(text) => text
                .parse()
                .map_err(|_| format!("'{text}' is not a number")),
            None => default.ok_or_else(|| {
                "usage: nnue_data GAMES SEED NODES [SOLVE_PIECES SOLVE_NODES] [OPTION=VALUE …]"
                    .to_string()
            }),
        }
    };
    Ok(Args {
        games: number(0, None)?,
        seed: number(1, None)?,
        nodes: number(2, None)?,
        solve_pieces: number(3, Some(18))? as u32,
        solve_nodes: number(4, Some(200_000))?,
        options: options
            .iter()
            .map(|o| {
                let (name, value) = o.split_once('=').expect("partitioned on '='");
                (name.to_string(), value.to_string())
            })
            .collect(),
    })
}

/// A position reached in a game with its search score (side to move's view).
struct Labelled {
    position: Position,
    score: i32,
    /// The solver's verdict: whether the side to move wins.
    proven: Option<bool>,
}

fn main() {
    let args = parse_args().unwrap_or_else(|e| {
        eprintln!("nnue_data: {e}");
        std::process::exit(2);
    });
    let board = Board::STANDARD;
    let mut engine = Engine::new(Options::default());
    let classic = [("Eval".to_string(), "classic".to_string())];
    for (name, value) in classic.iter().chain(&args.options) {
        if let Err(e) = engine.set_option(name, Some(value)) {
            eprintln!("nnue_data: {e}");
            std::process::exit(2);
        }
    }
    let solver = Solver::new(
        board,
        SolverOptions {
            table: TableKind::Packed,
            capacity: 1 << 20,
            split_plies: 0,
            ..SolverOptions::default()
        },
    );
    let limits = SearchLimits {
        nodes: Some(args.nodes),
        ..SearchLimits::default()
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    for game in args.seed * args.games..(args.seed + 1) * args.games {
        let mut position = Position::start(board);
        for mv in random_opening(board, (game % 11) as usize, game) {
            position.play(mv);
        }
        engine.new_game();
        let mut labelled = Vec::new();
        while !position.is_game_over() {
            engine.set_position(position);
            let answer = engine
                .search(limits.clone(), |_| {})
                .expect("one search at a time");
            let score = match answer.result.score {
                Score::Cp(cp) => cp.clamp(-PROVEN + 1, PROVEN - 1),
                Score::Mate(n) if n > 0 => PROVEN,
                Score::Mate(_) => -PROVEN,
            };
            let proven = (position.piece_count() <= args.solve_pieces)
                .then(|| solver.solve_limited(&position, args.solve_nodes))
                .flatten()
                .map(|verdict| verdict.winner == position.side_to_move());
            labelled.push(Labelled {
                position,
                score,
                proven,
            });
            position.play(answer.result.best_move.expect("the game is not over"));
        }
        let winner: Color = !position.side_to_move();
        for l in labelled {
            let won = l.proven.unwrap_or(winner == l.position.side_to_move());
            writeln!(
                out,
                "{};{};{};{}",
                l.position.to_fen(),
                l.score,
                u8::from(won),
                u8::from(l.proven.is_some())
            )
            .expect("stdout is writable");
        }
    }
    out.flush().expect("stdout is writable");
}
