//! One browser tab: its game, its mode and players, its engines, the one search it runs
//! at a time (an engine's move or an analysis), the clocks and the solver badge. The tab
//! is a task that owns all of this: requests from the page, engine reports and the
//! clock's flag arrive as messages, and after each the tab tells the page what changed.
//! When the page goes away the tab stops its search and ends its engines; the server
//! keeps it for a while, so that a reload or a dropped connection finds the game again.
//!
//! - `setup`: new games, loading a game's text or a record, the players' names;
//! - `moves`: playing, taking back, resigning, the clocks, editing the tree;
//! - `search`: which search the tab wants, starting and stopping it, the engines'
//!   reports and moves;
//! - `view`: the state sent to the page, and the game's text for export;
//! - `proofs`: the solver badge;
//! - `review`: the whole game's review, and the circles and arrows drawn;
//! - `refusal`: why a request is refused.

mod moves;
mod proofs;
mod refusal;
mod review;
mod search;
mod setup;
mod view;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{close_code, CloseFrame, Message, WebSocket};
use konane_arena::{GameClocks, NodeId, Records, TimeControl};
use konane_core::{Color, Position};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::app::App;
use crate::engines::{Driver, EngineEvent};
use crate::game::Game;
use crate::messages::{AnalysisLimit, Event, Mode, Request, Shape, SolvedView};

pub use refusal::Refusal;

use proofs::Proofs;
use review::{Review, ReviewProof};
use search::{Role, Running, Want};
use setup::check_position;

/// The largest request the tab reads (a record file of a long match fits).
pub const MAX_REQUEST_BYTES: usize = 4 << 20;
/// The largest message the connection reads, to answer a larger request than
/// [`MAX_REQUEST_BYTES`] with its size; a message larger still is answered and the
/// connection closed (1009, message too big).
pub const MAX_READ_BYTES: usize = MAX_REQUEST_BYTES * 2;
/// The most engine lines offered in an analysis.
pub const MAX_MULTIPV: usize = 8;
/// How long the server keeps the game of a tab whose page went away.
pub const KEEP: Duration = Duration::from_secs(600);
/// How long a connection stays after its close for a message too large to read.
const LINGER: Duration = Duration::from_secs(1);
/// How often the page hears that a search is still running.
const TICK: Duration = Duration::from_millis(200);
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

/// The deepest analysis a page may ask for, and its longest time.
pub const MAX_ANALYSIS_DEPTH: u32 = 64;
pub const MAX_ANALYSIS_MS: u64 = 3_600_000;

/// The analysis settings (in play and two-player modes: the engine's help).
#[derive(Copy, Clone, Debug)]
struct Analysis {
    on: bool,
    engine: usize,
    multipv: usize,
    limit: AnalysisLimit,
}

/// One tab's state (see the module documentation).
pub struct Tab {
    app: Arc<App>,
    /// The page finds the tab again with this.
    session: String,
    game: Game,
    /// Counts the tab's games.
    game_number: u64,
    /// The game's headers: read from its text, or made when it started.
    headers: Vec<(String, String)>,
    mode: Mode,
    seats: [Seat; 2],
    /// The built-in engine's strength for Black's and White's seats.
    levels: [String; 2],
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
    /// Between engines, the next move waits until then: a move that came early is
    /// shown for the time per move, so that there is a game to watch.
    next_move_at: Option<Instant>,
    /// A search that ended by itself; it is not started again for the same position.
    finished: Option<Want>,
    next_search: u64,
    engine_events: UnboundedSender<EngineEvent>,
    record: Option<Records>,
    record_game: Option<usize>,
    proofs: Proofs,
    review: Review,
    /// The circles and arrows drawn, by node.
    shapes: HashMap<NodeId, Vec<Shape>>,
    /// What to tell the page.
    outbox: Vec<Event>,
}

impl Tab {
    fn new(
        app: Arc<App>,
        session: String,
        engine_events: UnboundedSender<EngineEvent>,
        proof_results: UnboundedSender<(u64, Option<SolvedView>)>,
        review_results: UnboundedSender<ReviewProof>,
    ) -> Tab {
        let board = app.board;
        let mut tab = Tab {
            session,
            game: Game::new(Position::start(board)),
            game_number: 0,
            headers: Vec::new(),
            mode: Mode::Analysis,
            seats: [Seat::Human; 2],
            levels: [LEVELS[0].to_string(), LEVELS[0].to_string()],
            time: None,
            clocks: None,
            turn_started: Instant::now(),
            analysis: Analysis {
                on: true,
                engine: 0,
                multipv: 3,
                limit: AnalysisLimit::Infinite,
            },
            paused: false,
            drivers: HashMap::new(),
            fresh: HashSet::new(),
            running: None,
            next_move_at: None,
            finished: None,
            next_search: 1,
            engine_events,
            record: None,
            record_game: None,
            proofs: Proofs::new(proof_results, app.solver_tables.clone()),
            review: Review::new(review_results, app.solver_tables.clone()),
            shapes: HashMap::new(),
            outbox: Vec::new(),
            app,
        };
        let game = tab.game.clone();
        tab.reset(game, Mode::Analysis, [Seat::Human; 2], None);
        tab
    }

    /// Takes a kept tab back for a new connection.
    fn rebind(
        &mut self,
        engine_events: UnboundedSender<EngineEvent>,
        proof_results: UnboundedSender<(u64, Option<SolvedView>)>,
        review_results: UnboundedSender<ReviewProof>,
    ) {
        self.engine_events = engine_events;
        self.proofs = Proofs::new(proof_results, self.app.solver_tables.clone());
        self.review.rebind(review_results);
        self.finished = None;
    }

    /// The session the page finds this tab again with.
    pub fn session(&self) -> &str {
        &self.session
    }

    fn welcome(&self, resumed: bool) -> Event {
        Event::Welcome {
            engines: self.app.catalog.views(),
            levels: LEVELS.iter().map(|l| l.to_string()).collect(),
            max_multipv: MAX_MULTIPV,
            max_request_bytes: MAX_REQUEST_BYTES,
            max_side: konane_core::MAX_SIDE,
            session: self.session.clone(),
            resumed,
            keep_s: KEEP.as_secs(),
        }
    }

    /// Reads and applies one message from the page; a bad one gets an error and
    /// changes nothing.
    fn handle_text(&mut self, text: &str) {
        let outcome = if text.len() > MAX_REQUEST_BYTES {
            Err(Refusal::TooLarge { bytes: text.len() })
        } else {
            serde_json::from_str(text)
                .map_err(Refusal::from)
                .and_then(|request| self.apply(request))
        };
        match outcome {
            Ok(()) => self.after_change(),
            Err(refusal) => self.refuse(refusal),
        }
    }

    fn refuse(&mut self, refusal: Refusal) {
        self.error(refusal.to_string());
    }

    fn error(&mut self, message: String) {
        self.outbox.push(Event::Error { message });
    }

    fn apply(&mut self, request: Request) -> Result<(), Refusal> {
        match request {
            Request::NewGame(setup) => self.new_game(setup),
            Request::Play { mv } => self.play(&mv),
            Request::Goto { ply } => self.goto(ply),
            Request::GotoNode { node } => {
                self.game.goto_node(node).ok_or(Refusal::NoSuchNode(node))
            }
            Request::Promote { node } => self.promote(node),
            Request::Delete { node } => self.delete(node),
            Request::Takeback => self.take_back(),
            Request::Analyse {
                on,
                engine,
                multipv,
                limit,
            } => self.set_analysis(on, engine, multipv, limit),
            Request::Resign { side } => {
                let side = side.as_deref().map(colour).transpose()?;
                self.resign(side)
            }
            Request::Pause { on } => self.pause(on),
            Request::LoadMoves { moves, fen } => self.load_text(&moves, fen.as_deref()),
            Request::LoadRecord { text } => self.load_record(&text),
            Request::PickGame { game } => self.pick_game(game),
            Request::Review { on, ms } => self.set_review(on, ms),
            Request::Draw { shapes } => self.draw(shapes),
            Request::CheckPosition { fen } => {
                let checked = check_position(&fen);
                self.outbox.push(checked);
                Ok(())
            }
        }
    }

    fn set_analysis(
        &mut self,
        on: bool,
        engine: Option<usize>,
        multipv: Option<usize>,
        limit: Option<AnalysisLimit>,
    ) -> Result<(), Refusal> {
        let engine = match engine {
            Some(index) => self.app.catalog.check(index)?,
            None => self.analysis.engine,
        };
        let multipv = multipv.unwrap_or(self.analysis.multipv);
        if !(1..=MAX_MULTIPV).contains(&multipv) {
            return Err(Refusal::MultiPv(multipv));
        }
        let limit = limit.unwrap_or(self.analysis.limit);
        let within = match limit {
            AnalysisLimit::Infinite => true,
            AnalysisLimit::Depth { depth } => (1..=MAX_ANALYSIS_DEPTH).contains(&depth),
            AnalysisLimit::Movetime { ms } => (100..=MAX_ANALYSIS_MS).contains(&ms),
        };
        if !within {
            return Err(Refusal::AnalysisLimit(limit));
        }
        if engine != self.analysis.engine {
            self.finished = None;
        }
        self.analysis = Analysis {
            on,
            engine,
            multipv,
            limit,
        };
        Ok(())
    }

    /// Whether the page may show the engine's help (lines, arrow, bar, solver): always
    /// in analysis and between engines, in games with a person only when turned on.
    fn help_shown(&self) -> bool {
        match self.mode {
            Mode::Analysis | Mode::EngineEngine => true,
            Mode::HumanEngine | Mode::HumanHuman => self.analysis.on,
        }
    }

    /// Stops the search and ends the engines (the page went away); the game stays.
    fn close(&mut self) {
        self.stop_search();
        self.drivers.clear();
        self.proofs.release();
        self.review.stop();
    }
}

/// A tab's game kept for `KEEP` after its page went away, found by its session.
pub struct Kept {
    pub session: String,
    pub since: Instant,
    pub tab: Tab,
}

/// Serves one tab over its WebSocket until the page goes away, then gives the tab back
/// to keep. `resumed` is the tab of the session the page asked for, if it was kept.
pub async fn serve(
    mut socket: WebSocket,
    app: Arc<App>,
    resumed: Option<Tab>,
    session: String,
) -> Kept {
    let (engine_events, mut engine_reports) = unbounded_channel();
    let (proof_results, mut proofs): (_, UnboundedReceiver<(u64, Option<SolvedView>)>) =
        unbounded_channel();
    let (review_results, mut review_proofs) = unbounded_channel();
    let found = resumed.is_some();
    let mut tab = match resumed {
        Some(mut tab) => {
            tab.rebind(engine_events, proof_results, review_results);
            tab
        }
        None => Tab::new(app, session, engine_events, proof_results, review_results),
    };
    tab.outbox.push(tab.welcome(found));
    tab.after_change();
    let mut ticker = tokio::time::interval(TICK);
    loop {
        if send_all(&mut socket, &mut tab).await.is_err() {
            break;
        }
        let flag = tab.flag_deadline();
        let pace = tab.next_move_at;
        tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => tab.handle_text(text.as_str()),
                Some(Ok(Message::Binary(_))) => tab.refuse(Refusal::Binary),
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                Some(Err(error)) if too_big(&error) => {
                    tab.refuse(Refusal::OverRead);
                    let _ = send_all(&mut socket, &mut tab).await;
                    let close = CloseFrame {
                        code: close_code::SIZE,
                        reason: "request too large".into(),
                    };
                    let _ = socket.send(Message::Close(Some(close))).await;
                    // The rest of the message is never read: closing at once would reset
                    // the connection before the page has read the answer.
                    tokio::time::sleep(LINGER).await;
                    break;
                }
                Some(Ok(Message::Close(_)) | Err(_)) | None => break,
            },
            Some(event) = engine_reports.recv() => tab.on_engine(event),
            Some((generation, proof)) = proofs.recv() => tab.on_proof(generation, proof),
            Some(proof) = review_proofs.recv() => tab.on_review_proof(proof),
            _ = ticker.tick() => tab.tick(),
            _ = tokio::time::sleep_until(flag.unwrap_or_else(Instant::now).into()), if flag.is_some() => tab.flag(),
            _ = tokio::time::sleep_until(pace.unwrap_or_else(Instant::now).into()), if pace.is_some() => tab.paced(),
        }
    }
    tab.close();
    Kept {
        session: tab.session.clone(),
        since: Instant::now(),
        tab,
    }
}

/// Sends what the tab has to tell the page.
async fn send_all(socket: &mut WebSocket, tab: &mut Tab) -> Result<(), axum::Error> {
    for event in std::mem::take(&mut tab.outbox) {
        let json = serde_json::to_string(&event).expect("events serialize");
        socket.send(Message::Text(json.into())).await?;
    }
    Ok(())
}

/// Whether a read failed on a message over [`MAX_READ_BYTES`].
fn too_big(error: &axum::Error) -> bool {
    std::error::Error::source(error)
        .and_then(|inner| inner.downcast_ref::<tungstenite::Error>())
        .is_some_and(|inner| matches!(inner, tungstenite::Error::Capacity(_)))
}

/// The colour named by the page (`black` or `white`).
fn colour(text: &str) -> Result<Color, Refusal> {
    match text {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        other => Err(Refusal::Colour(other.to_string())),
    }
}
