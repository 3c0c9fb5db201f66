//! What a tab plays: a new game (mode, board, players, levels, time), a game read from
//! its text or from a record file, and the players' names.

use std::time::{Duration, Instant};

use konane_arena::{GameClocks, GameText, NodeId, Reason, Records, TimeControl};
use konane_core::{Board, Color, Phase, Position};
use konane_engine::Player;

use super::search::Role;
use super::{colour, Refusal, Seat, Tab, LEVELS};
use crate::game::Game;
use crate::messages::{color_name, Event, Mode, NewGame, RecordGameView, TimeSetting};
use crate::tags::{self, Tags};

impl Tab {
    pub(super) fn new_game(&mut self, setup: NewGame) -> Result<(), Refusal> {
        let start = match (setup.fen.as_deref().map(str::trim), &setup.size) {
            (Some(fen), _) if !fen.is_empty() => Position::from_fen(fen)?,
            (_, Some(size)) => {
                Position::start(size.parse::<Board>().map_err(|error| Refusal::BoardSize {
                    text: size.clone(),
                    error,
                })?)
            }
            _ => Position::start(self.game.start().board()),
        };
        let human = setup.human.as_deref().map_or(Ok(Color::Black), colour)?;
        let engines = setup
            .engines
            .iter()
            .map(|&index| self.app.catalog.check(index))
            .collect::<Result<Vec<_>, _>>()?;
        let first = engines.first().copied().unwrap_or(0);
        let second = engines.get(1).copied().unwrap_or(first);
        let black_level = checked_level(setup.level)?;
        let white_level = match setup.white_level {
            Some(level) => checked_level(Some(level))?,
            None => black_level.clone(),
        };
        let time = setup.time.map(time_control).transpose()?;
        let seats = match setup.mode {
            Mode::Analysis | Mode::HumanHuman => [Seat::Human; 2],
            Mode::HumanEngine if human == Color::Black => [Seat::Human, Seat::Engine(first)],
            Mode::HumanEngine => [Seat::Engine(first), Seat::Human],
            Mode::EngineEngine => [Seat::Engine(first), Seat::Engine(second)],
        };
        self.levels = match setup.mode {
            // Against a person, the one engine plays at `level` whatever its colour.
            Mode::HumanEngine => [black_level.clone(), black_level],
            _ => [black_level, white_level],
        };
        self.reset(Game::new(start), setup.mode, seats, time);
        Ok(())
    }

    /// Starts over with `game`: every engine forgets, the record game is left, the
    /// engine's help is on in analysis only.
    pub(super) fn reset(
        &mut self,
        game: Game,
        mode: Mode,
        seats: [Seat; 2],
        time: Option<TimeControl>,
    ) {
        self.game = game;
        self.game_number += 1;
        self.review.clear();
        self.shapes.clear();
        self.headers = vec![
            (
                "Event".to_string(),
                format!("konane gui: {}", mode_name(mode)),
            ),
            ("Date".to_string(), today()),
        ];
        self.mode = mode;
        self.seats = seats;
        self.time = time;
        self.clocks = time.map(|tc| GameClocks::new([tc, tc]));
        self.turn_started = Instant::now();
        self.paused = false;
        self.next_move_at = None;
        self.record_game = None;
        self.finished = None;
        self.fresh = [
            Role::Seat(Color::Black),
            Role::Seat(Color::White),
            Role::Analysis,
        ]
        .into();
        self.analysis.on = mode == Mode::Analysis;
    }

    /// Loads a game's text (headers, moves with branches) into an analysis board; a
    /// bare move list starts from `fen`, else from the start of the current board.
    pub(super) fn load_text(&mut self, text: &str, fen: Option<&str>) -> Result<(), Refusal> {
        let start = match fen.map(str::trim).filter(|f| !f.is_empty()) {
            Some(fen) => Position::from_fen(fen)?,
            None => Position::start(self.game.start().board()),
        };
        let mut read = GameText::parse(text, start)?;
        // The review's and the drawings' tags come out of the comments.
        let board = read.tree.start().board();
        let ids: Vec<NodeId> = read.tree.ids().collect();
        let mut found = Vec::new();
        for id in ids {
            let notes = read.tree.notes_mut(id);
            let (tags, text) = tags::split(&notes.comment, board);
            notes.comment = text;
            if tags != Tags::default() {
                found.push((id, tags));
            }
        }
        let mut game = Game::from_tree(read.tree);
        let end = game.tree().main_end();
        game.goto_node(end)
            .expect("the main line's end is in the tree");
        self.reset(game, Mode::Analysis, [Seat::Human; 2], None);
        self.review.read(self.game.tree(), &found);
        for (id, tags) in found {
            if !tags.shapes.is_empty() {
                self.shapes.insert(id, tags.shapes);
            }
        }
        if !read.headers.is_empty() {
            self.headers = read.headers;
        }
        Ok(())
    }

    pub(super) fn load_record(&mut self, text: &str) -> Result<(), Refusal> {
        let records: Records = text.parse()?;
        if records.games.is_empty() {
            return Err(Refusal::EmptyRecord);
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

    pub(super) fn pick_game(&mut self, index: usize) -> Result<(), Refusal> {
        let record = self
            .record
            .as_ref()
            .ok_or(Refusal::NoRecord)?
            .games
            .get(index)
            .ok_or(Refusal::NoRecordGame(index))?;
        let text = GameText::from(record);
        let mut game = Game::from_tree(text.tree);
        if record.game.reason != Reason::NoMoves {
            let loser = !record.game.winner;
            game.adjudicate(
                record.game.winner,
                format!("{loser}: {}", record.game.reason),
            );
        }
        self.reset(game, Mode::Analysis, [Seat::Human; 2], None);
        self.headers = text.headers;
        self.record_game = Some(index);
        Ok(())
    }

    /// The names of Black's and White's players: the game's headers if it was read,
    /// else who sits there.
    pub(super) fn players(&self) -> [String; 2] {
        let header = |key: &str| {
            self.headers
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.clone())
        };
        if let (Some(black), Some(white)) = (header("Black"), header("White")) {
            return [black, white];
        }
        let catalog = &self.app.catalog;
        let names = [Color::Black, Color::White].map(|color| {
            let level = &self.levels[color.index()];
            match self.seats[color.index()] {
                Seat::Human if self.mode == Mode::HumanEngine => "You".to_string(),
                Seat::Human => color.name().to_string(),
                Seat::Engine(0) if level != LEVELS[0] => {
                    format!("{} ({level})", catalog.name(0))
                }
                Seat::Engine(index) => catalog.name(index).to_string(),
            }
        });
        if names[0] == names[1] && self.mode == Mode::EngineEngine {
            // The same engine twice: number them, so that the page tells them apart.
            return [format!("{} #1", names[0]), format!("{} #2", names[1])];
        }
        names
    }
}

/// What the rules say about a position from the board editor: whether it reads, who
/// is to move and what they may do, and the pieces on squares of the other colour (a
/// jump keeps a piece on squares of its colour in the start position, so such a
/// position cannot arise in a game, though it can be analysed).
pub(super) fn check_position(fen: &str) -> Event {
    let checked = |ok: bool, message: String, warnings: Vec<String>| Event::Checked {
        fen: fen.to_string(),
        ok,
        message,
        warnings,
    };
    let position = match Position::from_fen(fen.trim()) {
        Ok(position) => position,
        Err(error) => return checked(false, format!("bad FEN: {error}"), Vec::new()),
    };
    let side = position.side_to_move();
    let moves = position.legal_moves().len();
    let message = match (position.phase(), position.winner()) {
        (_, Some(winner)) => format!("{side} has no move: {winner} wins"),
        (Phase::FirstRemoval | Phase::SecondRemoval, _) => {
            format!("{side} to move removes a piece ({moves} possible)")
        }
        (Phase::Jumps, _) => {
            let jumps = if moves == 1 { "jump" } else { "jumps" };
            format!("{side} to move, {moves} {jumps}")
        }
    };
    let start = Position::start(position.board());
    let mut warnings = Vec::new();
    for color in [Color::Black, Color::White] {
        let strays: Vec<String> = position
            .pieces(color)
            .iter()
            .filter(|&square| start.piece_at(square) != Some(color))
            .map(|square| square.to_string())
            .collect();
        if !strays.is_empty() {
            warnings.push(format!(
                "{color} pieces on {}: squares of the other colour, which no game reaches",
                strays.join(" ")
            ));
        }
    }
    checked(true, message, warnings)
}

/// A level from the page, checked (the strongest when absent).
fn checked_level(level: Option<String>) -> Result<String, Refusal> {
    match level {
        None => Ok(LEVELS[0].to_string()),
        Some(text) => match text.parse::<Player>() {
            Ok(_) => Ok(text),
            Err(error) => Err(Refusal::Level { text, error }),
        },
    }
}

fn mode_name(mode: Mode) -> &'static str {
    match mode {
        Mode::Analysis => "analysis",
        Mode::HumanEngine => "against the engine",
        Mode::EngineEngine => "engine against engine",
        Mode::HumanHuman => "two players",
    }
}

/// Today's date (UTC) as PGN writes it: `2026.12.01`.
fn today() -> String {
    let date = time::OffsetDateTime::now_utc().date();
    format!(
        "{}.{:02}.{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// The longest time the board offers (a move's, a clock's base or its increment), and
/// the deepest fixed depth: a game on the board needs no more, and no clock or deadline
/// can overflow.
const MAX_TIME: Duration = Duration::from_secs(3 * 3600);
const MAX_DEPTH: u32 = 64;

/// A page's time setting as a time control: its fields in `konane match`'s words
/// (`movetime=200`, `tc=60+1`, `depth=4`), read by the arena's one reader of time
/// controls, within the board's bounds.
fn time_control(setting: TimeSetting) -> Result<TimeControl, Refusal> {
    let seconds = |ms: u64| ms as f64 / 1000.0;
    let (key, value, within) = match setting {
        TimeSetting::Movetime { ms } => (
            "movetime",
            ms.to_string(),
            ms >= 10 && Duration::from_millis(ms) <= MAX_TIME,
        ),
        TimeSetting::Clock { base_ms, inc_ms } => (
            "tc",
            format!("{}+{}", seconds(base_ms), seconds(inc_ms)),
            base_ms >= 1000
                && Duration::from_millis(base_ms) <= MAX_TIME
                && Duration::from_millis(inc_ms) <= MAX_TIME,
        ),
        TimeSetting::Depth { depth } => {
            ("depth", depth.to_string(), (1..=MAX_DEPTH).contains(&depth))
        }
    };
    if !within {
        return Err(Refusal::TimeRange {
            key,
            value,
            max_depth: MAX_DEPTH,
        });
    }
    Ok(TimeControl::from_key(key, &value)?)
}
