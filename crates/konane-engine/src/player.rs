//! The engine as an in-process player (an `Agent`) for self-play: a thin wrapper that
//! searches each move on its own engine within fixed limits.

use konane_core::{Move, Position};
use konane_search::players::Agent;
use konane_search::SearchLimits;

use crate::engine::Engine;
use crate::options::Options;

/// The engine as a player, searching each move within fixed limits.
pub struct EnginePlayer {
    name: String,
    engine: Engine,
    limits: SearchLimits,
}

impl EnginePlayer {
    /// The engine with `options`, searching each move within `limits` (which must end
    /// by themselves: a depth, nodes or time).
    pub fn new(name: &str, options: Options, limits: SearchLimits) -> EnginePlayer {
        EnginePlayer {
            name: name.to_string(),
            engine: Engine::new(options),
            limits,
        }
    }
}

impl Agent for EnginePlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        self.engine.new_game();
    }

    fn choose(&mut self, position: &Position) -> Move {
        self.engine.set_position(*position);
        self.engine
            .search(self.limits.clone(), |_| {})
            .expect("the player's engine runs one search at a time")
            .result
            .best_move
            .expect("choose is only called when a legal move exists")
    }
}
