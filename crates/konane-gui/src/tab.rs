//! One browser tab: its game, its mode and players, its engines, the one search it runs
//! at a time (an engine's move or an analysis), the clocks and the solver badge. The tab
//! is a task that owns all of this: requests from the page, engine reports and the
//! clock's flag arrive as messages, and after each the tab tells the page what changed.
//! Closing the tab cancels its search and ends its engines.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, WebSocket};
use konane_arena::{judge_bestmove, GameClocks, Records, TimeControl};
use konane_core::{Board, Color, Move, Position};
use konane_engine::Player;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::app::App;
use crate::engines::{Budget, Driver, EngineEvent, Think};
use crate::game::Game;
use crate::messages::{
    color_name, side_name, ClocksView, Event, Mode, NewGame, RecordGameView, Request, ResultView,
    SolvedView, StateView, TimeSetting,
};
use crate::prove::Prover;

/// The largest request the tab reads (a record file of a long match fits).
pub const MAX_REQUEST_BYTES: usize = 4 << 20;
/// The most engine lines offered in an analysis.
pub const MAX_MULTIPV: usize = 8;
/// How often the page hears that a search is still running.
const TICK: Duration = Duration::from_millis(200);
/// How far past its time a move may go before it loses.
const TIME_MARGIN: Duration = Duration::from_millis(150);
/// The engines' time when a game sets none.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(1000);
/// The strengths offered for the built-in engine, strongest first.
pub const LEVELS: [&str; 6] = [
    "engine",
    "alphabeta6",
    "alphabeta4",
    "alphabeta2",
    "greedy",
    "random",
];

/// Who plays a colour.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Seat {
    Human,
    /// The engine of this catalog index.
    Engine(usize),
}

/// What a driver is for: a colour's engine or the analysis.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
enum Role {
    Seat(Color),
    Analysis,
}

/// A search the tab wants running.
#[derive(Clone, Debug, Eq, PartialEq)]
struct Want {
    role: Role,
    engine: usize,
    /// The search is for the game's next move (else an analysis).
    for_move: bool,
    /// The position is the one after this many moves.
    ply: usize,
    moves: Vec<Move>,
    start: Position,
    multipv: usize,
}

/// The running search.
struct Running {
    id: u64,
    want: Want,
    started: Instant,
    cancel: Arc<AtomicBool>,
}

/// The analysis settings.
#[derive(Copy, Clone, Debug)]
struct Analysis {
    on: bool,
    engine: usize,
    multipv: usize,
}

/// The solver badge's state: the position asked about and the try's number.
struct Proofs {
    prover: Arc<Mutex<Prover>>,
    generation: Arc<AtomicU64>,
    asked: Option<(String, usize)>,
    results: UnboundedSender<(u64, Option<SolvedView>)>,
}

/// One tab's state (see the module documentation).
pub struct Tab {
    app: Arc<App>,
    game: Game,
    mode: Mode,
    seats: [Seat; 2],
    level: String,
    time: Option<TimeControl>,
    clocks: Option<GameClocks>,
    /// When the side to move started thinking.
    turn_started: Instant,
    analysis: Analysis,
    paused: bool,
    drivers: HashMap<Role, (usize, Driver)>,
    /// Roles whose engine forgets earlier games at its next search.
    fresh: HashSet<Role>,
    running: Option<Running>,
    /// A search that ended by itself; it is not started again for the same position.
    finished: Option<Want>,
    next_search: u64,
    engine_events: UnboundedSender<EngineEvent>,
    record: Option<Records>,
    record_game: Option<usize>,
    proofs: Proofs,
    /// What to tell the page.
    outbox: Vec<Event>,
}

impl Tab {
    fn new(
        app: Arc<App>,
        engine_events: UnboundedSender<EngineEvent>,
        proof_results: UnboundedSender<(u64, Option<SolvedView>)>,
    ) -> Tab {
        let board = app.board;
        Tab {
            game: Game::new(Position::start(board)),
            mode: Mode::Analysis,
            seats: [Seat::Human; 2],
            level: LEVELS[0].to_string(),
            time: None,
            clocks: None,
            turn_started: Instant::now(),
            analysis: Analysis {
                on: true,
                engine: 0,
                multipv: 3,
            },
            paused: false,
            drivers: HashMap::new(),
            fresh: HashSet::new(),
            running: None,
            finished: None,
            next_search: 1,
            engine_events,
            record: None,
            record_game: None,
            proofs: Proofs {
                prover: Arc::default(),
                generation: Arc::default(),
                asked: None,
                results: proof_results,
            },
            outbox: Vec::new(),
            app,
        }
    }

    fn welcome(&self) -> Event {
        Event::Welcome {
            engines: self.app.catalog.views(),
            levels: LEVELS.iter().map(|l| l.to_string()).collect(),
            max_multipv: MAX_MULTIPV,
            max_request_bytes: MAX_REQUEST_BYTES,
        }
    }

    /// Reads and applies one message from the page; a bad one gets an error and
    /// changes nothing.
    fn handle_text(&mut self, text: &str) {
        if text.len() > MAX_REQUEST_BYTES {
            self.error(format!(
                "request too large: {} bytes (the limit is {} MiB)",
                text.len(),
                MAX_REQUEST_BYTES >> 20
            ));
            return;
        }
        let request: Request = match serde_json::from_str(text) {
            Ok(request) => request,
            Err(error) => {
                self.error(format!("malformed request: {error}"));
                return;
            }
        };
        match self.apply(request) {
            Ok(()) => self.after_change(),
            Err(message) => self.error(message),
        }
    }

    fn error(&mut self, message: String) {
        self.outbox.push(Event::Error { message });
    }

    fn apply(&mut self, request: Request) -> Result<(), String> {
        match request {
            Request::NewGame(setup) => self.new_game(setup),
            Request::Play { mv } => self.play(&mv),
            Request::Goto { ply } => self.game.goto(ply),
            Request::Takeback => self.take_back(),
            Request::Analyse {
                on,
                engine,
                multipv,
            } => {
                let engine = match engine {
                    Some(index) => self.app.catalog.check(index)?,
                    None => self.analysis.engine,
                };
                let multipv = multipv.unwrap_or(self.analysis.multipv);
                if !(1..=MAX_MULTIPV).contains(&multipv) {
                    return Err(format!(
                        "multipv {multipv} is out of range (1 to {MAX_MULTIPV})"
                    ));
                }
                if engine != self.analysis.engine {
                    self.finished = None;
                }
                self.analysis = Analysis {
                    on,
                    engine,
                    multipv,
                };
                Ok(())
            }
            Request::Resign => self.resign(),
            Request::Pause { on } => {
                if self.mode != Mode::EngineEngine {
                    return Err("only a game between engines can be paused".to_string());
                }
                self.paused = on;
                self.turn_started = Instant::now();
                Ok(())
            }
            Request::LoadMoves { moves, fen } => {
                let start = match fen.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
                    Some(fen) => Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?,
                    None => Position::start(self.game.start().board()),
                };
                let game = Game::from_text(start, &moves)?;
                self.reset(game, Mode::Analysis, [Seat::Human; 2], None);
                Ok(())
            }
            Request::LoadRecord { text } => self.load_record(&text),
            Request::PickGame { game } => self.pick_game(game),
        }
    }

    fn new_game(&mut self, setup: NewGame) -> Result<(), String> {
        let start = match (setup.fen.as_deref().map(str::trim), &setup.size) {
            (Some(fen), _) if !fen.is_empty() => {
                Position::from_fen(fen).map_err(|e| format!("bad FEN: {e}"))?
            }
            (_, Some(size)) => Position::start(
                size.parse::<Board>()
                    .map_err(|e| format!("bad board size '{size}': {e}"))?,
            ),
            _ => Position::start(self.game.start().board()),
        };
        let human = match setup.human.as_deref() {
            None | Some("black") => Color::Black,
            Some("white") => Color::White,
            Some(other) => return Err(format!("colour '{other}' is not black or white")),
        };
        let engines = setup
            .engines
            .iter()
            .map(|&index| self.app.catalog.check(index))
            .collect::<Result<Vec<_>, _>>()?;
        let first = engines.first().copied().unwrap_or(0);
        let second = engines.get(1).copied().unwrap_or(first);
        if let Some(level) = &setup.level {
            level
                .parse::<Player>()
                .map_err(|e| format!("bad level '{level}': {e}"))?;
        }
        let time = setup.time.map(time_control).transpose()?;
        let seats = match setup.mode {
            Mode::Analysis | Mode::HumanHuman => [Seat::Human; 2],
            Mode::HumanEngine if human == Color::Black => [Seat::Human, Seat::Engine(first)],
            Mode::HumanEngine => [Seat::Engine(first), Seat::Human],
            Mode::EngineEngine => [Seat::Engine(first), Seat::Engine(second)],
        };
        self.level = setup.level.unwrap_or_else(|| LEVELS[0].to_string());
        self.reset(Game::new(start), setup.mode, seats, time);
        Ok(())
    }

    /// Starts over with `game`: every engine forgets, the record game is left.
    fn reset(&mut self, game: Game, mode: Mode, seats: [Seat; 2], time: Option<TimeControl>) {
        self.game = game;
        self.mode = mode;
        self.seats = seats;
        self.time = time;
        self.clocks = time.map(|tc| GameClocks::new([tc, tc]));
        self.turn_started = Instant::now();
        self.paused = false;
        self.record_game = None;
        self.finished = None;
        self.fresh = [
            Role::Seat(Color::Black),
            Role::Seat(Color::White),
            Role::Analysis,
        ]
        .into();
        if mode == Mode::Analysis {
            self.analysis.on = true;
        }
    }

    /// Whether a game against the clock or an engine is under way (no hints then, and
    /// no moves away from its end).
    fn game_running(&self) -> bool {
        matches!(self.mode, Mode::HumanEngine | Mode::EngineEngine) && self.game.outcome().is_none()
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        if self.mode == Mode::EngineEngine && self.game.outcome().is_none() {
            return Err("the engines make the moves in this game".to_string());
        }
        if let Some(outcome) = self.game.outcome().filter(|_| self.mode != Mode::Analysis) {
            return Err(format!(
                "the game is over ({}): take back, or load its moves to analyse them",
                outcome.reason
            ));
        }
        let position = self.game.position();
        let side = position.side_to_move();
        let mv = self.game.parse_move(text).map_err(|e| e.to_string())?;
        if self.game_running() || self.clocks.is_some() && self.game.outcome().is_none() {
            if !self.game.at_end() {
                return Err(
                    "go to the last position to move: this game cannot branch while it runs"
                        .to_string(),
                );
            }
            if self.seats[side.index()] != Seat::Human {
                return Err(format!("it is the engine's turn ({side} to move)"));
            }
        }
        let charged = self.charge_clock(side, self.turn_started.elapsed());
        self.game.play(mv);
        self.turn_started = Instant::now();
        if let Err(reason) = charged {
            self.game.adjudicate(!side, reason);
        }
        Ok(())
    }

    /// Charges `side`'s clock for a move of `used`, if the game has clocks and runs.
    fn charge_clock(&mut self, side: Color, used: Duration) -> Result<(), String> {
        if self.game.outcome().is_some() || !self.game.at_end() {
            return Ok(());
        }
        // Only a clock is charged: a fixed time per move is the engine's budget, which
        // the engine process's deadline enforces.
        match &mut self.clocks {
            Some(clocks) if matches!(clocks.control(side), TimeControl::Clock { .. }) => clocks
                .charge(side, used, TIME_MARGIN)
                .map_err(|over| format!("{side} lost on time ({} ms over)", over.by.as_millis())),
            _ => Ok(()),
        }
    }

    fn take_back(&mut self) -> Result<(), String> {
        let side = match self.mode {
            Mode::EngineEngine => {
                return Err("moves of a game between engines cannot be taken back".to_string())
            }
            Mode::HumanEngine => match self.seats {
                [Seat::Human, _] => Color::Black,
                _ => Color::White,
            },
            Mode::Analysis | Mode::HumanHuman => match self.game.moves().len() {
                0 => return Err("there is no move to take back".to_string()),
                n => !self.game.position_at(n).side_to_move(),
            },
        };
        if !self.game.take_back(side) {
            return Err("there is no move of yours to take back".to_string());
        }
        self.turn_started = Instant::now();
        Ok(())
    }

    fn resign(&mut self) -> Result<(), String> {
        if self.game.outcome().is_some() {
            return Err("the game is already over".to_string());
        }
        let side = match (self.mode, self.seats) {
            (Mode::HumanEngine, [Seat::Human, _]) => Color::Black,
            (Mode::HumanEngine, _) => Color::White,
            (Mode::HumanHuman, _) => self.game.last().side_to_move(),
            _ => return Err("only a player in a game can resign".to_string()),
        };
        self.game.adjudicate(!side, format!("{side} resigned"));
        Ok(())
    }

    fn load_record(&mut self, text: &str) -> Result<(), String> {
        let records: Records = text.parse().map_err(|e| format!("bad record file: {e}"))?;
        if records.games.is_empty() {
            return Err("the record file has no game".to_string());
        }
        let view = Event::Record {
            engines: records
                .engines
                .iter()
                .map(|(name, _)| name.clone())
                .collect(),
            games: records
                .games
                .iter()
                .map(|record| RecordGameView {
                    number: record.number,
                    black: record.players[0].clone(),
                    white: record.players[1].clone(),
                    winner: color_name(record.game.winner),
                    reason: record.game.reason.to_string(),
                    moves: record.game.moves.len(),
                    board: record.game.start.board().to_string(),
                })
                .collect(),
        };
        self.record = Some(records);
        self.outbox.push(view);
        self.pick_game(0)
    }

    fn pick_game(&mut self, index: usize) -> Result<(), String> {
        let record = self
            .record
            .as_ref()
            .ok_or("no record file is loaded")?
            .games
            .get(index)
            .ok_or_else(|| format!("the record has no game {index}"))?;
        let mut game = Game::with_moves(record.game.start, &record.game.moves)?;
        if record.game.reason != konane_arena::Reason::NoMoves {
            let loser = !record.game.winner;
            game.adjudicate(
                record.game.winner,
                format!("{loser}: {}", record.game.reason),
            );
        }
        game.goto(0)?;
        self.reset(game, Mode::Analysis, [Seat::Human; 2], None);
        self.record_game = Some(index);
        Ok(())
    }

    /// The names of Black's and White's players.
    fn players(&self) -> [String; 2] {
        if let Some(record) = self
            .record_game
            .and_then(|i| self.record.as_ref()?.games.get(i))
        {
            return record.players.clone();
        }
        let catalog = &self.app.catalog;
        [Color::Black, Color::White].map(|color| match self.seats[color.index()] {
            Seat::Human if self.mode == Mode::HumanEngine => "You".to_string(),
            Seat::Human => color.name().to_string(),
            Seat::Engine(0) if self.level != LEVELS[0] => {
                format!("{} ({})", catalog.name(0), self.level)
            }
            Seat::Engine(index) => catalog.name(index).to_string(),
        })
    }

    /// The search the tab should be running now, if any.
    fn wanted(&self) -> Option<Want> {
        let prefix = |ply: usize| self.game.moves()[..ply].to_vec();
        if self.game_running() && !self.paused {
            let end = self.game.moves().len();
            let side = self.game.last().side_to_move();
            if let Seat::Engine(engine) = self.seats[side.index()] {
                return Some(Want {
                    role: Role::Seat(side),
                    engine,
                    for_move: true,
                    ply: end,
                    moves: prefix(end),
                    start: *self.game.start(),
                    multipv: 1,
                });
            }
            if self.mode == Mode::HumanEngine {
                return None;
            }
        }
        let position = self.game.position();
        if !self.analysis.on || position.is_game_over() || self.game_running() && !self.paused {
            return None;
        }
        let ply = self.game.cursor();
        Some(Want {
            role: Role::Analysis,
            engine: self.analysis.engine,
            for_move: false,
            ply,
            moves: prefix(ply),
            start: *self.game.start(),
            multipv: self.analysis.multipv,
        })
    }

    /// Brings the search, the solver and the page up to date after a change.
    fn after_change(&mut self) {
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
        self.ask_prover();
    }

    fn stop_search(&mut self) {
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
            Budget::Infinite
        };
        let level = match role {
            Role::Seat(_) => self.level.clone(),
            Role::Analysis => LEVELS[0].to_string(),
        };
        let think = Think {
            search: id,
            start: want.start,
            moves: want.moves.clone(),
            budget,
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

    fn on_engine(&mut self, event: EngineEvent) {
        let Some(running) = &self.running else {
            return;
        };
        match event {
            EngineEvent::Line { search, line } if search == running.id => {
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
                if running.want.for_move {
                    self.engine_moved(&running.want, answer, elapsed);
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
        answer: Result<Option<String>, String>,
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
                if let Err(reason) = charged {
                    self.game.adjudicate(!side, reason);
                }
            }
            Err(reason) => self
                .game
                .adjudicate(!side, format!("{side} ({name}): {reason}")),
        }
    }

    /// When the person to move runs out of time, if a clock runs for them.
    fn flag_deadline(&self) -> Option<Instant> {
        let clocks = self.clocks.as_ref()?;
        let clocks_run =
            self.game_running() || self.mode == Mode::HumanHuman && self.game.outcome().is_none();
        if !clocks_run {
            return None;
        }
        let side = self.game.last().side_to_move();
        if self.seats[side.index()] != Seat::Human {
            return None;
        }
        matches!(clocks.control(side), TimeControl::Clock { .. })
            .then(|| self.turn_started + clocks.left(side) + TIME_MARGIN)
    }

    fn flag(&mut self) {
        let side = self.game.last().side_to_move();
        self.game.adjudicate(!side, format!("{side} lost on time"));
        self.after_change();
    }

    fn tick(&mut self) {
        if let Some(running) = &self.running {
            self.outbox.push(Event::Tick {
                search: running.id,
                elapsed_ms: running.started.elapsed().as_millis() as u64,
            });
        }
    }

    fn clocks_view(&self) -> Option<ClocksView> {
        let clocks = self.clocks.as_ref().filter(|clocks| {
            [Color::Black, Color::White]
                .iter()
                .any(|&side| matches!(clocks.control(side), TimeControl::Clock { .. }))
        })?;
        let side = self.game.last().side_to_move();
        let running = (self.game.outcome().is_none()
            && !self.paused
            && matches!(clocks.control(side), TimeControl::Clock { .. }))
        .then_some(side);
        let left = |color: Color| {
            let mut left = clocks.left(color);
            if running == Some(color) {
                left = left.saturating_sub(self.turn_started.elapsed());
            }
            left.as_millis() as u64
        };
        Some(ClocksView {
            black_ms: left(Color::Black),
            white_ms: left(Color::White),
            running: running.map(color_name),
        })
    }

    fn state(&self) -> StateView {
        let position = self.game.position();
        let outcome = self.game.outcome();
        let side = self.game.last().side_to_move();
        let human_to_move = match self.mode {
            Mode::Analysis => true,
            Mode::HumanHuman => outcome.is_none(),
            Mode::HumanEngine => {
                outcome.is_none() && self.seats[side.index()] == Seat::Human && self.game.at_end()
            }
            Mode::EngineEngine => false,
        };
        let thinking = self
            .running
            .as_ref()
            .filter(|r| r.want.for_move)
            .map(|r| self.app.catalog.name(r.want.engine).to_string());
        StateView {
            mode: self.mode,
            board: position.board().to_string(),
            start: self.game.start().to_fen(),
            moves: self.game.moves().iter().map(Move::to_string).collect(),
            ply: self.game.cursor(),
            fen: position.to_fen(),
            side: side_name(&position),
            legal: position.legal_moves().iter().map(Move::to_string).collect(),
            players: self.players(),
            human_to_move,
            result: outcome.map(|o| ResultView {
                winner: color_name(o.winner),
                reason: o.reason,
            }),
            clocks: self.clocks_view(),
            thinking,
            analysing: self.running.as_ref().is_some_and(|r| !r.want.for_move),
            analysis_engine: self.analysis.engine,
            multipv: self.analysis.multipv,
            paused: self.paused,
            record_game: self.record_game,
        }
    }

    /// Asks the solver about the position shown, unless it already did.
    fn ask_prover(&mut self) {
        let position = self.game.position();
        let ply = self.game.cursor();
        let key = (position.to_fen(), ply);
        if self.proofs.asked.as_ref() == Some(&key) {
            return;
        }
        self.proofs.asked = Some(key);
        let generation = self.proofs.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let (prover, current, results) = (
            self.proofs.prover.clone(),
            self.proofs.generation.clone(),
            self.proofs.results.clone(),
        );
        tokio::task::spawn_blocking(move || {
            let stale = || current.load(Ordering::SeqCst) != generation;
            if stale() {
                return;
            }
            let mut prover = prover.lock().unwrap_or_else(|e| e.into_inner());
            let proof = prover.prove(&position, ply, &stale);
            let _ = results.send((generation, proof));
        });
    }

    fn on_proof(&mut self, generation: u64, proof: Option<SolvedView>) {
        if generation == self.proofs.generation.load(Ordering::SeqCst) {
            if let Some(proof) = proof {
                self.outbox.push(Event::Solved(proof));
            }
        }
    }

    /// Cancels the search and ends the engines (the tab is closing).
    fn close(&mut self) {
        self.stop_search();
        self.drivers.clear();
        self.proofs.generation.fetch_add(1, Ordering::SeqCst);
    }
}

/// A page's time setting as a time control, checked.
fn time_control(setting: TimeSetting) -> Result<TimeControl, String> {
    match setting {
        TimeSetting::Movetime { ms } if (10..=600_000).contains(&ms) => {
            Ok(TimeControl::MoveTime(Duration::from_millis(ms)))
        }
        TimeSetting::Movetime { ms } => Err(format!(
            "time per move {ms} ms is out of range (10 ms to 10 minutes)"
        )),
        TimeSetting::Clock { base_ms, inc_ms }
            if (1_000..=10_800_000).contains(&base_ms) && inc_ms <= 600_000 =>
        {
            Ok(TimeControl::Clock {
                base: Duration::from_millis(base_ms),
                increment: Duration::from_millis(inc_ms),
            })
        }
        TimeSetting::Clock { .. } => {
            Err("clock out of range: 1 s to 3 hours, increment up to 10 minutes".to_string())
        }
        TimeSetting::Depth { depth } if (1..=64).contains(&depth) => Ok(TimeControl::Depth(depth)),
        TimeSetting::Depth { depth } => Err(format!("depth {depth} is out of range (1 to 64)")),
    }
}

/// Serves one tab over its WebSocket until the page goes away.
pub async fn serve(mut socket: WebSocket, app: Arc<App>) {
    let (engine_events, mut engine_reports) = unbounded_channel();
    let (proof_results, mut proofs): (_, UnboundedReceiver<(u64, Option<SolvedView>)>) =
        unbounded_channel();
    let mut tab = Tab::new(app, engine_events, proof_results);
    tab.outbox.push(tab.welcome());
    tab.after_change();
    let mut ticker = tokio::time::interval(TICK);
    loop {
        for event in std::mem::take(&mut tab.outbox) {
            let json = serde_json::to_string(&event).expect("events serialize");
            if socket.send(Message::Text(json.into())).await.is_err() {
                tab.close();
                return;
            }
        }
        let flag = tab.flag_deadline();
        tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => tab.handle_text(text.as_str()),
                Some(Ok(Message::Binary(_))) => {
                    tab.error("binary messages are not understood: send JSON text".to_string())
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(event) = engine_reports.recv() => tab.on_engine(event),
            Some((generation, proof)) = proofs.recv() => tab.on_proof(generation, proof),
            _ = ticker.tick() => tab.tick(),
            _ = tokio::time::sleep_until(flag.unwrap_or_else(Instant::now).into()), if flag.is_some() => tab.flag(),
        }
    }
    tab.close();
}
