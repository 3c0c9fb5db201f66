//! A tab's one search: which the tab wants now (an engine's move, or the analysis of
//! the position shown), starting and stopping it on the engines' drivers, and what
//! their reports do (an engine line for the page, an engine's move for the game).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use konane_arena::{judge_bestmove, GameClocks, TimeControl};
use konane_core::{Color, Move, Position};

use super::{Seat, Tab, LEVELS};
use crate::engines::{Budget, Driver, EngineEvent, EngineFailure, Think};
use crate::messages::{side_name, AnalysisLimit, Event, Mode};

/// The engines' time when a game sets none.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);

/// What a driver is for: a colour's engine or the analysis.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Role {
    Seat(Color),
    Analysis,
}

/// A search the tab wants running.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Want {
    role: Role,
    engine: usize,
    /// The search is for the game's next move (else an analysis).
    pub for_move: bool,
    /// The search is for a position of the game's review.
    review: bool,
    /// The position is the one after this many moves.
    ply: usize,
    moves: Vec<Move>,
    start: Position,
    multipv: usize,
    /// How long an analysis runs (a move's search follows the clocks).
    limit: AnalysisLimit,
}

/// The running search.
pub struct Running {
    id: u64,
    pub want: Want,
    started: Instant,
    cancel: Arc<AtomicBool>,
}

impl Running {
    /// The engine that runs it (a catalog index).
    pub fn engine(&self) -> usize {
        self.want.engine
    }
}

impl Tab {
    /// The search the tab should be running now, if any: the engine's move in a game
    /// under way, else the analysis of the position shown when it is on.
    fn wanted(&self) -> Option<Want> {
        let line = self.game.moves();
        let prefix = |ply: usize| line[..ply].to_vec();
        let waiting = self.next_move_at.is_some_and(|at| at > Instant::now());
        if self.game_running() && !self.paused && !waiting {
            let end = line.len();
            let side = self.game.last().side_to_move();
            if let Seat::Engine(engine) = self.seats[side.index()] {
                return Some(Want {
                    role: Role::Seat(side),
                    engine,
                    for_move: true,
                    review: false,
                    ply: end,
                    moves: prefix(end),
                    start: *self.game.start(),
                    multipv: 1,
                    limit: AnalysisLimit::Infinite,
                });
            }
        }
        if let Some(review) = self.review_search() {
            return Some(Want {
                role: Role::Analysis,
                engine: self.analysis.engine,
                for_move: false,
                review: true,
                ply: review.moves.len(),
                moves: review.moves,
                start: *self.game.start(),
                multipv: 1,
                limit: AnalysisLimit::Movetime { ms: review.ms },
            });
        }
        let watching = self.mode == Mode::EngineEngine && self.game_running() && !self.paused;
        if watching && waiting {
            return None;
        }
        if !self.analysis.on || self.game.position().is_game_over() || watching {
            return None;
        }
        let ply = self.game.cursor();
        Some(Want {
            role: Role::Analysis,
            engine: self.analysis.engine,
            for_move: false,
            review: false,
            ply,
            moves: prefix(ply),
            start: *self.game.start(),
            multipv: self.analysis.multipv,
            limit: self.analysis.limit,
        })
    }

    /// Brings the search, the solver and the page up to date after a change.
    pub(super) fn after_change(&mut self) {
        let wanted = self.wanted();
        let current = self.running.as_ref().map(|r| &r.want);
        if current != wanted.as_ref() {
            self.stop_search();
            if let Some(want) = wanted.filter(|w| self.finished.as_ref() != Some(w)) {
                self.start_search(want);
            }
        }
        let state = self.state();
        self.outbox.push(Event::State(Box::new(state)));
        if self.help_shown() {
            self.ask_prover();
        } else {
            self.proofs.release();
        }
    }

    pub(super) fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            if let Some((_, driver)) = self.drivers.get(&running.want.role) {
                driver.stop(&running.cancel);
            }
        }
    }

    fn start_search(&mut self, want: Want) {
        let role = want.role;
        if self
            .drivers
            .get(&role)
            .is_none_or(|(e, _)| *e != want.engine)
        {
            let driver = Driver::spawn(
                &self.app.catalog,
                want.engine,
                self.app.slots.clone(),
                self.engine_events.clone(),
            );
            self.drivers.insert(role, (want.engine, driver));
            self.fresh.insert(role);
        }
        let id = self.next_search;
        self.next_search += 1;
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = if want.for_move {
            let default = TimeControl::MoveTime(DEFAULT_MOVETIME);
            Budget::Clocks(
                self.clocks
                    .clone()
                    .unwrap_or_else(|| GameClocks::new([default, default])),
            )
        } else {
            let control = match want.limit {
                AnalysisLimit::Infinite => None,
                AnalysisLimit::Depth { depth } => Some(TimeControl::Depth(depth)),
                AnalysisLimit::Movetime { ms } => {
                    Some(TimeControl::MoveTime(Duration::from_millis(ms)))
                }
            };
            control.map_or(Budget::Infinite, |tc| {
                Budget::Clocks(GameClocks::new([tc, tc]))
            })
        };
        let level = match role {
            Role::Seat(color) => self.levels[color.index()].clone(),
            Role::Analysis => LEVELS[0].to_string(),
        };
        let think = Think {
            search: id,
            start: want.start,
            moves: want.moves.clone(),
            budget,
            for_move: want.for_move,
            multipv: want.multipv,
            level,
            cancel: cancel.clone(),
            new_game: self.fresh.remove(&role),
        };
        self.drivers[&role].1.think(think);
        if want.for_move {
            self.turn_started = Instant::now();
        }
        self.running = Some(Running {
            id,
            want,
            started: Instant::now(),
            cancel,
        });
    }

    pub(super) fn on_engine(&mut self, event: EngineEvent) {
        let Some(running) = &self.running else {
            return;
        };
        match event {
            EngineEvent::Line { search, line } if search == running.id => {
                if running.want.review {
                    let first = line.pv.first().cloned();
                    self.review_line(line.score, first);
                    return;
                }
                // An engine's own lines in a game with a person are help too.
                if running.want.for_move && !self.help_shown() {
                    return;
                }
                let position = self.game.position_at(running.want.ply);
                self.outbox.push(Event::Info {
                    search,
                    ply: running.want.ply,
                    side: side_name(&position),
                    engine: self.app.catalog.name(running.want.engine).to_string(),
                    line,
                });
            }
            EngineEvent::Done {
                search,
                answer,
                elapsed,
            } if search == running.id => {
                let running = self.running.take().expect("checked above");
                if running.want.review {
                    match answer {
                        Ok(answer) => self.review_searched(answer),
                        Err(message) => {
                            self.review.stop();
                            self.error(format!("review stopped: {message}"));
                        }
                    }
                } else if running.want.for_move {
                    self.engine_moved(&running.want, answer, elapsed);
                    self.pace(running.started);
                } else {
                    if let Err(message) = answer {
                        self.analysis.on = false;
                        self.error(format!("analysis stopped: {message}"));
                    }
                    self.finished = Some(running.want);
                }
                self.after_change();
            }
            _ => {}
        }
    }

    /// Plays the engine's answer, or ends the game if it is no legal move.
    fn engine_moved(
        &mut self,
        want: &Want,
        answer: Result<Option<String>, EngineFailure>,
        used: Duration,
    ) {
        let position = self.game.last();
        let side = position.side_to_move();
        let name = self.app.catalog.name(want.engine).to_string();
        let text = match answer {
            Ok(Some(text)) => text,
            Ok(None) => "(none)".to_string(),
            Err(message) => {
                self.game
                    .adjudicate(!side, format!("{side} ({name}) failed: {message}"));
                return;
            }
        };
        match judge_bestmove(&position, &text) {
            Ok(mv) => {
                let charged = self.charge_clock(side, used);
                self.game.append(mv);
                self.turn_started = Instant::now();
                if let Err(loss) = charged {
                    self.game.adjudicate(!side, loss.to_string());
                }
            }
            Err(reason) => self
                .game
                .adjudicate(!side, format!("{side} ({name}): {reason}")),
        }
    }

    /// Between engines at a fixed time per move, the next move waits until the time of
    /// the one that started at `started` is up.
    fn pace(&mut self, started: Instant) {
        if self.mode != Mode::EngineEngine {
            return;
        }
        let per_move = match self
            .clocks
            .as_ref()
            .map(|c| c.control(self.game.last().side_to_move()))
        {
            None => DEFAULT_MOVETIME,
            Some(TimeControl::MoveTime(time)) => time,
            Some(_) => return,
        };
        let at = started + per_move;
        self.next_move_at = (at > Instant::now()).then_some(at);
    }

    /// The wait between two engines' moves is over.
    pub(super) fn paced(&mut self) {
        self.next_move_at = None;
        self.after_change();
    }

    pub(super) fn tick(&mut self) {
        if let Some(running) = &self.running {
            if running.want.for_move && !self.help_shown() || running.want.review {
                return;
            }
            self.outbox.push(Event::Tick {
                search: running.id,
                elapsed_ms: running.started.elapsed().as_millis() as u64,
            });
        }
    }
}
