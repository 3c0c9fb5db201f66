//! `konane play`: a game against the engine layer at the terminal (or through a pipe):
//! the board each turn with the last move marked, moves in any notation, illegal ones
//! explained, `undo`, `hint`, `resign`, and the result.

use std::io::{BufRead, IsTerminal, Write};
use std::time::Duration;

use anyhow::Result;
use clap::{Args, ValueEnum};
use konane_core::{Color, Move, MoveError, Position};
use konane_engine::{Engine, Options, SearchLimits, SearchResult};

use crate::analyse::describe_score;
use crate::option_flags::OptionFlags;
use crate::protocol::output::moves_text;
use crate::search_flags::{LimitArgs, PositionArgs};

/// The side the player takes.
#[derive(Copy, Clone, Debug, ValueEnum)]
pub enum Side {
    /// Black moves first.
    Black,
    /// White moves second.
    White,
}

/// Arguments of `konane play`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  konane play --as white --movetime 2000 --size 6x6\n\n\
    At the prompt type a move (d5, d3d5, D3-D5), or: undo, hint, moves, resign, help, quit."
)]
pub struct PlayArgs {
    /// The side you play.
    #[arg(long = "as", value_enum, default_value = "black")]
    pub side: Side,
    /// The engine's limit per move (default: --movetime 1000).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// The position the game starts from (default: the start position).
    #[command(flatten)]
    pub position: PositionArgs,
    /// Engine options.
    #[command(flatten)]
    pub options: OptionFlags,
}

/// The engine's time per move when no limit is given.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

const HELP: &str = "Type a move: a square to remove a piece (d5), or a jump from one square to \
another (d3d5, d3-d5, any case).\nCommands: undo (take back your last move), hint (the \
engine's suggestion), moves (your legal moves), resign, help, quit.";

/// The game in progress.
struct Game {
    position: Position,
    /// Every move played, with the position before it.
    played: Vec<(Position, Move)>,
    human: Color,
    engine: Engine,
    limits: SearchLimits,
}

impl Game {
    fn last_move(&self) -> Option<Move> {
        self.played.last().map(|&(_, mv)| mv)
    }

    fn play(&mut self, mv: Move) {
        self.played.push((self.position, mv));
        self.position.play(mv);
    }

    fn think(&mut self) -> Result<SearchResult> {
        self.engine.set_position(self.position);
        Ok(self.engine.search(self.limits.clone(), |_| {})?.result)
    }

    /// Takes back the player's last move (and the engine's reply); false if there is none.
    fn undo(&mut self) -> bool {
        let Some(index) = self
            .played
            .iter()
            .rposition(|(before, _)| before.side_to_move() == self.human)
        else {
            return false;
        };
        self.position = self.played[index].0;
        self.played.truncate(index);
        true
    }
}

/// What the player typed, read.
enum Reply {
    Move(Move),
    Undo,
    Hint,
    Moves,
    Resign,
    Help,
    Quit,
    Bad(MoveError),
}

fn read_reply(position: &Position, text: &str) -> Reply {
    match text.trim().to_ascii_lowercase().as_str() {
        "undo" | "takeback" => Reply::Undo,
        "hint" => Reply::Hint,
        "moves" | "legal" => Reply::Moves,
        "resign" => Reply::Resign,
        "help" | "?" => Reply::Help,
        "quit" | "exit" => Reply::Quit,
        _ => match position.parse_move(text) {
            Ok(mv) => Reply::Move(mv),
            Err(e) => Reply::Bad(e),
        },
    }
}

/// An error about a typed move, with the legal moves when the error does not list them.
fn explain(error: &MoveError, position: &Position) -> String {
    match error {
        MoveError::Illegal { .. } => format!("{error}."),
        _ => format!(
            "{error}.\nYour legal moves: {}",
            moves_text(&position.legal_moves())
        ),
    }
}

/// Runs `konane play`.
pub fn run(args: &PlayArgs, mut options: Options) -> Result<()> {
    args.options.apply(&mut options)?;
    let human = match args.side {
        Side::Black => Color::Black,
        Side::White => Color::White,
    };
    let position = args.position.position(options.board)?;
    let board = position.board();
    let limits = args
        .limits
        .limits_or(SearchLimits::movetime(DEFAULT_MOVETIME))?;
    let pace = match (limits.depth, limits.nodes, limits.movetime_ms) {
        (Some(depth), _, _) => format!("depth {depth} a move"),
        (_, Some(nodes), _) => format!("{nodes} nodes a move"),
        (_, _, time) => format!("{} ms a move", time.unwrap_or_default()),
    };
    let mut game = Game {
        position,
        played: Vec::new(),
        human,
        engine: Engine::new(options),
        limits,
    };
    let interactive = std::io::stdin().is_terminal();
    let mut input = std::io::stdin().lock();
    println!(
        "Konane on {board}: you play {human}, the engine plays {} ({pace}). {} moves first.",
        !human,
        position.side_to_move()
    );
    println!("{HELP}");
    loop {
        println!("\n{}", game.position.diagram(game.last_move()));
        let side = game.position.side_to_move();
        if game.position.is_game_over() {
            let winner = !side;
            println!("{side} has no move: {winner} wins.");
            println!(
                "Result: {winner} wins{}",
                if winner == human {
                    " - you win!"
                } else {
                    " - the engine wins."
                }
            );
            return Ok(());
        }
        if side != human {
            if interactive {
                println!("Engine ({side}) is thinking...");
            }
            let result = game.think()?;
            let mv = result
                .best_move
                .expect("a position with moves has a best move");
            println!(
                "Engine ({side}) plays {mv}   [score {} for {side}, depth {}]",
                describe_score(result.score, side),
                result.depth
            );
            game.play(mv);
            continue;
        }
        println!("Your moves: {}", moves_text(&game.position.legal_moves()));
        loop {
            print!("{side} (you) > ");
            if !interactive {
                println!();
            }
            std::io::stdout().flush()?;
            let mut line = String::new();
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                println!("\nInput ended: game abandoned.");
                return Ok(());
            }
            line.push_str(&String::from_utf8_lossy(&bytes));
            if line.trim().is_empty() {
                continue;
            }
            match read_reply(&game.position, &line) {
                Reply::Move(mv) => {
                    println!("You play {mv}.");
                    game.play(mv);
                    break;
                }
                Reply::Undo => {
                    if game.undo() {
                        println!("Taken back.");
                    } else {
                        println!("Nothing to take back.");
                        continue;
                    }
                    break;
                }
                Reply::Hint => {
                    let result = game.think()?;
                    if let Some(mv) = result.best_move {
                        println!(
                            "Hint: {mv}   [score {} for {side}]",
                            describe_score(result.score, side)
                        );
                    }
                }
                Reply::Moves => {
                    println!("Your moves: {}", moves_text(&game.position.legal_moves()))
                }
                Reply::Help => println!("{HELP}"),
                Reply::Resign => {
                    println!("You resign.\nResult: {} wins - the engine wins.", !human);
                    return Ok(());
                }
                Reply::Quit => {
                    println!("Game abandoned.");
                    return Ok(());
                }
                Reply::Bad(error) => println!("{}", explain(&error, &game.position)),
            }
        }
    }
}
