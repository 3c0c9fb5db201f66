//! The messages between the page and the server, as JSON over the tab's WebSocket:
//! [`Request`]s from the page, [`Event`]s to it. Moves and positions travel in the
//! protocol's notation (`d5`, `d3d5`, FEN).

use konane_core::{Color, Move, Position};
use konane_engine::{Score, SearchInfo};
use serde::{Deserialize, Serialize};

/// What a tab is for.
#[derive(Copy, Clone, Debug, Default, Deserialize, Serialize, Eq, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Any position, any side to move; the engine analyses the position shown.
    #[default]
    Analysis,
    /// A person against an engine.
    HumanEngine,
    /// Two engines; the page watches.
    EngineEngine,
    /// Two people at one board.
    HumanHuman,
}

/// How long an engine may think, as the page offers it.
#[derive(Copy, Clone, Debug, Deserialize, Eq, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeSetting {
    /// A fixed time per move.
    Movetime { ms: u64 },
    /// A clock for the game plus an increment per move (both players).
    Clock { base_ms: u64, inc_ms: u64 },
    /// A fixed search depth per move.
    Depth { depth: u32 },
}

/// How long an analysis runs.
#[derive(Copy, Clone, Debug, Default, Deserialize, Serialize, Eq, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AnalysisLimit {
    /// Until the position shown changes (or the analysis is turned off).
    #[default]
    Infinite,
    /// To this depth, then the lines stay.
    Depth { depth: u32 },
    /// For this long, then the lines stay.
    Movetime { ms: u64 },
}

/// A new game (or a new analysis board).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct NewGame {
    #[serde(default)]
    pub mode: Mode,
    /// Board size, `WxH` (the server's default board when absent).
    pub size: Option<String>,
    /// A start position instead of the start of `size`.
    pub fen: Option<String>,
    /// The person's colour against an engine (`black` or `white`).
    pub human: Option<String>,
    /// Engine indexes: the opponent against a person, Black's and White's otherwise.
    #[serde(default)]
    pub engines: Vec<usize>,
    /// Strength of the built-in engine: `engine`, `alphabetaN`, `greedy` or `random`
    /// (Black's in a game between engines, unless `white_level` gives White's).
    pub level: Option<String>,
    /// Strength of White's built-in engine in a game between engines.
    pub white_level: Option<String>,
    pub time: Option<TimeSetting>,
}

/// What the page asks.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    NewGame(NewGame),
    /// Plays a move at the shown position (from an earlier one, it starts a new branch).
    Play {
        #[serde(rename = "move")]
        mv: String,
    },
    /// Shows the position after `ply` moves of the line shown.
    Goto {
        ply: usize,
    },
    /// Shows node `node` of the game's tree (any line).
    GotoNode {
        node: usize,
    },
    /// Makes the line through `node` the main line (analysis).
    Promote {
        node: usize,
    },
    /// Deletes `node` and the moves after it (analysis).
    Delete {
        node: usize,
    },
    /// Takes back the person's last move (and the engine's answer).
    Takeback,
    /// Turns analysis on or off, with the engine, the number of lines and how long it
    /// runs (each unchanged when absent).
    Analyse {
        on: bool,
        engine: Option<usize>,
        multipv: Option<usize>,
        limit: Option<AnalysisLimit>,
    },
    /// The person resigns; between two players, the side named (`black` or `white`;
    /// the side to move when absent).
    Resign {
        side: Option<String>,
    },
    /// Pauses (or resumes) a game between engines.
    Pause {
        on: bool,
    },
    /// Loads a game: its text as export writes it (headers, moves with branches), or a
    /// bare move list (`d5 d4 b5d5 …`) from `fen` or the start of the current board.
    LoadMoves {
        moves: String,
        fen: Option<String>,
    },
    /// Reads a record file of `konane match` or `konane selfplay`.
    LoadRecord {
        text: String,
    },
    /// Shows game `game` (its index in the record's list) to step through.
    PickGame {
        game: usize,
    },
    /// Starts a review of the main line (each position `ms` of the analysis engine,
    /// or the solver's proof), or stops the one under way.
    Review {
        on: bool,
        ms: Option<u64>,
    },
    /// Sets the circles and arrows drawn on the position shown.
    Draw {
        shapes: Vec<Shape>,
    },
    /// Checks a position from the board editor (answered by [`Event::Checked`]; the
    /// game stays as it is).
    CheckPosition {
        fen: String,
    },
}

/// A circle (`to` none) or an arrow drawn by the person, in the colour `G`, `R`, `B` or
/// `Y` (green, red, blue, yellow).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shape {
    pub colour: char,
    pub from: String,
    pub to: Option<String>,
}

/// A score for the page: `{"cp": 35}` or `{"mate": -3}`, from the side to move's view.
#[derive(Copy, Clone, Debug, Serialize, Eq, PartialEq, Hash)]
#[serde(rename_all = "lowercase")]
pub enum ScoreView {
    Cp(i32),
    Mate(i32),
}

impl From<Score> for ScoreView {
    fn from(score: Score) -> ScoreView {
        match score {
            Score::Cp(cp) => ScoreView::Cp(cp),
            Score::Mate(n) => ScoreView::Mate(n),
        }
    }
}

/// One engine line (one `info` report) for the page.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct LineView {
    pub multipv: usize,
    pub depth: u32,
    pub seldepth: u32,
    pub score: Option<ScoreView>,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: u64,
    pub pv: Vec<String>,
}

impl From<&SearchInfo> for LineView {
    fn from(info: &SearchInfo) -> LineView {
        LineView {
            multipv: info.multipv,
            depth: info.depth,
            seldepth: info.seldepth,
            score: Some(info.score.into()),
            nodes: info.nodes,
            nps: info.nps,
            time_ms: info.time_ms,
            pv: info.pv.iter().map(Move::to_string).collect(),
        }
    }
}

/// An engine the page can choose.
#[derive(Clone, Debug, Serialize)]
pub struct EngineView {
    pub index: usize,
    pub name: String,
    /// Whether it runs in the server (the built-in engine, which takes a level).
    pub builtin: bool,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, Eq, PartialEq)]
pub struct ResultView {
    pub winner: String,
    pub reason: String,
}

/// The clocks: time left and whose runs.
#[derive(Clone, Debug, Serialize, Eq, PartialEq)]
pub struct ClocksView {
    pub black_ms: u64,
    pub white_ms: u64,
    pub running: Option<String>,
}

/// A node of the game's tree: the move into it and the moves from it (its line's
/// continuation first).
#[derive(Clone, Debug, Serialize)]
pub struct NodeView {
    pub id: usize,
    #[serde(rename = "move")]
    pub mv: String,
    pub children: Vec<usize>,
    /// The person's comment on the move (the review's and the drawings' tags apart).
    pub comment: String,
}

/// The review of a game: its progress, what it found and what it judged.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewView {
    pub running: bool,
    /// Positions reviewed and to review, while it runs.
    pub done: usize,
    pub total: usize,
    pub points: Vec<ReviewPointView>,
    pub marks: Vec<ReviewMarkView>,
    /// Black's and White's accuracy (0 to 100) over the main line's reviewed moves.
    pub accuracy: [Option<f64>; 2],
}

/// A reviewed position: its node, its evaluation from Black's view (`{"mate": 0}`: the
/// side to move has lost) and the best move found.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewPointView {
    pub node: usize,
    pub eval: ScoreView,
    pub best: Option<String>,
}

/// A move judged by the review: `Inaccuracy`, `Mistake` or `Blunder`, and the better
/// move.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReviewMarkView {
    pub node: usize,
    pub judgement: String,
    pub best: Option<String>,
}

/// Everything the page draws, sent after every change.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    pub mode: Mode,
    /// Counts the tab's games: the page turns the board to `orientation` when it
    /// changes.
    pub game: u64,
    /// The colour drawn at the bottom: the person's against an engine, else Black.
    pub orientation: String,
    pub board: String,
    /// The position the move list starts from.
    pub start: String,
    /// The moves of the line shown.
    pub moves: Vec<String>,
    /// The nodes of the line shown (one per move).
    pub line: Vec<usize>,
    /// The node shown (0: the start).
    pub node: usize,
    /// The root's moves (the main line's first move first).
    pub roots: Vec<usize>,
    /// Every node of the tree but the root.
    pub nodes: Vec<NodeView>,
    /// The game as text (headers, moves with branches), as import reads it.
    pub export: String,
    /// The position shown: after this many moves.
    pub ply: usize,
    /// The position shown.
    pub fen: String,
    pub side: String,
    /// The legal moves in the position shown.
    pub legal: Vec<String>,
    /// Names of Black's and White's players.
    pub players: [String; 2],
    /// Whose turn a person plays, if a person may move now.
    pub human_to_move: bool,
    pub result: Option<ResultView>,
    pub clocks: Option<ClocksView>,
    /// The engine that thinks about the next move, if one does.
    pub thinking: Option<String>,
    pub analysing: bool,
    /// Whether the analysis (in games with a person: the engine's help) is turned on.
    pub analysis_on: bool,
    /// Whether the page shows the engine's help (lines, arrow, bar, graph, solver).
    pub help: bool,
    pub analysis_engine: usize,
    pub multipv: usize,
    pub analysis_limit: AnalysisLimit,
    pub paused: bool,
    /// The record game shown, if the game came from a record.
    pub record_game: Option<usize>,
    pub review: ReviewView,
    /// The circles and arrows drawn on the position shown.
    pub shapes: Vec<Shape>,
}

/// A game of a loaded record, in the record's list.
#[derive(Clone, Debug, Serialize)]
pub struct RecordGameView {
    pub number: u64,
    pub black: String,
    pub white: String,
    pub winner: String,
    pub reason: String,
    pub moves: usize,
    pub board: String,
}

/// What the exact solver proved about a position.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SolvedView {
    pub ply: usize,
    pub fen: String,
    pub winner: String,
    /// Plies to the end with best play (the winner makes the last move).
    pub plies: u32,
    /// Every move of the side to move that wins (empty when it loses).
    pub winning: Vec<String>,
    pub line: Vec<String>,
    /// The position's combinatorial game value, when it is past the opening removals
    /// and small enough.
    pub value: Option<ValueView>,
}

/// A position's combinatorial game value (Left = Black).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ValueView {
    /// Human notation (`±1`, `↑*`, `{2|1}`).
    pub human: String,
    /// The strict form (`{1|0}`), for programs.
    pub canonical: String,
    /// How many regions the board splits into.
    pub regions: usize,
    /// The mean and temperature of the whole (exact: `-5/4`).
    pub mean: String,
    pub temperature: String,
    /// The region with the highest temperature, when there are several.
    pub hottest: Option<HotRegionView>,
}

/// The hottest region of a position: where a move gains the most.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HotRegionView {
    /// Every square its pieces could ever stand on (theirs included).
    pub squares: Vec<String>,
    pub mean: String,
    pub temperature: String,
}

/// What the server tells the page.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// The first message: the engines and levels to offer, and the limits.
    Welcome {
        engines: Vec<EngineView>,
        levels: Vec<String>,
        max_multipv: usize,
        max_request_bytes: usize,
        /// The longest side of a board (sizes from 1x1 to this square).
        max_side: u8,
        /// This tab's session: the page reconnects with it to find its game again.
        session: String,
        /// Whether the tab's game was found again (a reconnection).
        resumed: bool,
        /// How long the server keeps a closed tab's game, in seconds.
        keep_s: u64,
    },
    State(Box<StateView>),
    /// An engine's line about the position after `ply` moves, `side` to move.
    Info {
        search: u64,
        ply: usize,
        side: String,
        engine: String,
        line: LineView,
    },
    /// A search is still running, `elapsed_ms` after it started (sent a few times a
    /// second, so that the page shows it alive between engine lines).
    Tick {
        search: u64,
        elapsed_ms: u64,
    },
    Solved(SolvedView),
    /// The games of a loaded record.
    Record {
        engines: Vec<String>,
        games: Vec<RecordGameView>,
    },
    /// What the rules say about a position from the board editor: `ok` when it can
    /// be played from, the verdict in words, and what could not arise in a game.
    Checked {
        fen: String,
        ok: bool,
        message: String,
        warnings: Vec<String>,
    },
    /// A request was refused (nothing changed), or something went wrong.
    Error {
        message: String,
    },
}

/// A colour's name as the page writes it.
pub fn color_name(color: Color) -> String {
    color.name().to_ascii_lowercase()
}

/// The side to move's name.
pub fn side_name(position: &Position) -> String {
    color_name(position.side_to_move())
}
