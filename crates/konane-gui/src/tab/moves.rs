//! The moves of a tab's game: a person's move (checked against the mode, the turn and
//! the clock), stepping through the game, taking back, resigning, pausing, the clocks
//! and their flag, and editing the tree of an analysis (promote, delete).

use std::time::{Duration, Instant};

use konane_arena::TimeControl;
use konane_core::Color;

use super::{Refusal, Seat, Tab};
use crate::messages::Mode;

/// How far past its time a move may go before it loses.
const TIME_MARGIN: Duration = Duration::from_millis(150);

impl Tab {
    /// Whether a game against an engine is under way (no moves away from its end).
    pub(super) fn game_running(&self) -> bool {
        matches!(self.mode, Mode::HumanEngine | Mode::EngineEngine) && self.game.outcome().is_none()
    }

    /// Whether the clocks have started: they start with the game's first move (the
    /// first move is not timed).
    pub(super) fn clocks_started(&self) -> bool {
        !self.game.moves().is_empty()
    }

    /// Whether the game's clocks run: a game under way, or two players with a clock.
    fn clocks_run(&self) -> bool {
        self.clocks.is_some()
            && (self.game_running()
                || self.mode == Mode::HumanHuman && self.game.outcome().is_none())
    }

    pub(super) fn play(&mut self, text: &str) -> Result<(), Refusal> {
        if self.mode == Mode::EngineEngine && self.game.outcome().is_none() {
            return Err(Refusal::EnginesMove);
        }
        if let Some(outcome) = self.game.outcome().filter(|_| self.mode != Mode::Analysis) {
            return Err(Refusal::GameOver(outcome.reason));
        }
        let side = self.game.position().side_to_move();
        let mv = self.game.parse_move(text)?;
        if self.game_running() || self.clocks_run() {
            if !self.game.at_end() {
                return Err(Refusal::NotAtEnd);
            }
            if self.seats[side.index()] != Seat::Human {
                return Err(Refusal::EnginesTurn(side));
            }
        }
        let charged = self.charge_clock(side, self.turn_started.elapsed());
        if self.game.play(mv) {
            // A new branch leaves the record's game.
            self.record_game = None;
        }
        self.turn_started = Instant::now();
        if let Err(loss) = charged {
            self.game.adjudicate(!side, loss.to_string());
        }
        Ok(())
    }

    pub(super) fn goto(&mut self, ply: usize) -> Result<(), Refusal> {
        let moves = self.game.moves().len();
        self.game.goto(ply).ok_or(Refusal::NoSuchPly { ply, moves })
    }

    /// Charges `side`'s clock for a move of `used`, if the game has clocks and runs; a
    /// clock that ran out shows zero.
    pub(super) fn charge_clock(&mut self, side: Color, used: Duration) -> Result<(), TimeLoss> {
        if self.game.outcome().is_some() || !self.clocks_started() {
            return Ok(());
        }
        // Only a clock is charged: a fixed time per move is the engine's budget, which
        // the engine process's deadline enforces.
        match &mut self.clocks {
            Some(clocks) if matches!(clocks.control(side), TimeControl::Clock { .. }) => {
                clocks.charge(side, used, TIME_MARGIN).map_err(|over| {
                    clocks.run_out(side);
                    TimeLoss {
                        side,
                        over_ms: over.by.as_millis(),
                    }
                })
            }
            _ => Ok(()),
        }
    }

    /// Takes back the person's last move (two players: the last move). A finished game
    /// stays finished: its moves can be tried again in an analysis.
    pub(super) fn take_back(&mut self) -> Result<(), Refusal> {
        if let Some(outcome) = self.game.outcome().filter(|_| self.mode != Mode::Analysis) {
            return Err(Refusal::GameOver(outcome.reason));
        }
        let side = match self.mode {
            Mode::EngineEngine => return Err(Refusal::EnginesTakeBack),
            Mode::HumanEngine => match self.seats {
                [Seat::Human, _] => Color::Black,
                _ => Color::White,
            },
            Mode::Analysis | Mode::HumanHuman => match self.game.moves().len() {
                0 => return Err(Refusal::NothingToTakeBack),
                _ => !self.game.last().side_to_move(),
            },
        };
        if !self.game.take_back(side) {
            return Err(Refusal::NoMoveOfYours);
        }
        self.turn_started = Instant::now();
        Ok(())
    }

    /// The person resigns; between two players, `named` (else the side to move).
    pub(super) fn resign(&mut self, named: Option<Color>) -> Result<(), Refusal> {
        if self.game.outcome().is_some() {
            return Err(Refusal::AlreadyOver);
        }
        let side = match (self.mode, self.seats) {
            (Mode::HumanEngine, [Seat::Human, _]) => Color::Black,
            (Mode::HumanEngine, _) => Color::White,
            (Mode::HumanHuman, _) => named.unwrap_or_else(|| self.game.last().side_to_move()),
            _ => return Err(Refusal::NotAPlayer),
        };
        if named.is_some_and(|named| named != side) {
            return Err(Refusal::NotAPlayer);
        }
        self.game.adjudicate(!side, format!("{side} resigned"));
        Ok(())
    }

    pub(super) fn pause(&mut self, on: bool) -> Result<(), Refusal> {
        if self.mode != Mode::EngineEngine {
            return Err(Refusal::NotPausable);
        }
        self.paused = on;
        self.turn_started = Instant::now();
        Ok(())
    }

    /// Branches are edited in analysis only (a game's moves are its record).
    fn editable(&self, node: usize) -> Result<(), Refusal> {
        if self.mode != Mode::Analysis {
            return Err(Refusal::NotAnalysis);
        }
        if !self.game.tree().contains(node) {
            return Err(Refusal::NoSuchNode(node));
        }
        Ok(())
    }

    pub(super) fn promote(&mut self, node: usize) -> Result<(), Refusal> {
        self.editable(node)?;
        self.game.promote(node).ok_or(Refusal::NoSuchNode(node))
    }

    pub(super) fn delete(&mut self, node: usize) -> Result<(), Refusal> {
        self.editable(node)?;
        self.game.remove(node).ok_or(Refusal::DeleteStart)?;
        self.record_game = None;
        Ok(())
    }

    /// When the person to move runs out of time, if a clock runs for them.
    pub(super) fn flag_deadline(&self) -> Option<Instant> {
        let clocks = self
            .clocks
            .as_ref()
            .filter(|_| self.clocks_run() && self.clocks_started())?;
        let side = self.game.last().side_to_move();
        if self.seats[side.index()] != Seat::Human {
            return None;
        }
        matches!(clocks.control(side), TimeControl::Clock { .. })
            .then(|| self.turn_started + clocks.left(side) + TIME_MARGIN)
    }

    /// The person to move ran out of time.
    pub(super) fn flag(&mut self) {
        let side = self.game.last().side_to_move();
        if let Some(clocks) = &mut self.clocks {
            clocks.run_out(side);
        }
        self.game.adjudicate(!side, format!("{side} lost on time"));
        self.after_change();
    }
}

/// A clock that ran out: the game's reason for its end.
#[derive(Debug, thiserror::Error)]
#[error("{side} lost on time ({over_ms} ms over)")]
pub(super) struct TimeLoss {
    side: Color,
    over_ms: u128,
}
