//! One game between two engine processes: positions and clocks sent, every answer
//! checked with konane-core, and the game adjudicated when an engine fails.

use std::time::Duration;

use konane_core::{Color, Position};

use crate::adjudication::{judge_bestmove, Reason};
use crate::clock::{GameClocks, TimeControl};
use crate::engine::{EngineProcess, Failure};
use crate::record::PlayedGame;

/// Limits that apply to every game of a match.
#[derive(Clone, Copy, Debug)]
pub struct GameRules {
    /// How far past its time a move may go before it loses.
    pub time_margin: Duration,
}

/// An engine with the time control it plays under.
pub struct Seat<'a> {
    pub engine: &'a mut EngineProcess,
    pub time: TimeControl,
}

/// The `position` command for `start` followed by `moves`.
fn position_command(start: &Position, moves: &[String]) -> String {
    if moves.is_empty() {
        format!("position fen {}", start.to_fen())
    } else {
        format!("position fen {} moves {}", start.to_fen(), moves.join(" "))
    }
}

/// The reason a failure loses the game, charging a move that ran out of time.
fn failure_reason(
    failure: Failure,
    clocks: &mut GameClocks,
    side: Color,
    rules: &GameRules,
) -> Reason {
    match failure {
        Failure::Crash => Reason::Crash,
        Failure::Stall => Reason::Stall,
        Failure::TimeUp(elapsed) => {
            let over = clocks.charge(side, elapsed, rules.time_margin).err();
            Reason::Time(over.map_or(rules.time_margin, |o| o.by).as_millis() as u64)
        }
    }
}

/// Plays `start` to the end, `seats[0]` for Black and `seats[1]` for White.
pub fn play_game(start: &Position, seats: [Seat<'_>; 2], rules: &GameRules) -> PlayedGame {
    let [black, white] = seats;
    let mut clocks = GameClocks::new([black.time, white.time]);
    let mut engines = [black.engine, white.engine];
    let mut game = PlayedGame::new(*start);
    let end = |game: &mut PlayedGame, loser: Color, reason: Reason| {
        game.winner = !loser;
        game.reason = reason;
    };
    for side in [Color::Black, Color::White] {
        if let Err(failure) = engines[side.index()].new_game() {
            let reason = failure_reason(failure, &mut clocks, side, rules);
            end(&mut game, side, reason);
            return game;
        }
    }
    let mut position = *start;
    let mut texts: Vec<String> = Vec::new();
    while !position.is_game_over() {
        let side = position.side_to_move();
        let engine = &mut engines[side.index()];
        let go = clocks.go_command(side, engine.is_ugi());
        let limit = clocks.deadline(side, rules.time_margin);
        let answer = match engine.think(&position_command(start, &texts), &go, limit) {
            Ok(answer) => answer,
            Err(failure) => {
                let reason = failure_reason(failure, &mut clocks, side, rules);
                end(&mut game, side, reason);
                return game;
            }
        };
        if let Err(over) = clocks.charge(side, answer.elapsed, rules.time_margin) {
            end(&mut game, side, Reason::Time(over.by.as_millis() as u64));
            return game;
        }
        match judge_bestmove(&position, &answer.arguments) {
            Ok(mv) => {
                position.play(mv);
                texts.push(mv.to_string());
                game.moves.push(mv);
                game.times_ms.push(answer.elapsed.as_millis() as u64);
            }
            Err(reason) => {
                end(&mut game, side, reason);
                return game;
            }
        }
    }
    end(&mut game, position.side_to_move(), Reason::NoMoves);
    game
}
