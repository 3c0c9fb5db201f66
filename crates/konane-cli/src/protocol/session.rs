//! The protocol's state machine: the position, the options and the searcher, changed by
//! one parsed command at a time; every error is one `info string error:` line and
//! leaves the state as it was.

use std::collections::VecDeque;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use konane_core::perft::divide_parallel;
use konane_core::{Color, FenError, Move, MoveError, Position};
use konane_search::{Clock, SearchLimits, Searcher};

use super::command::{self, Base, Command, Dialect, GoSpec, ParseError, PositionSpec, Query};
use super::options::{Effect, EngineOptions, OptionError};
use super::output::{eval_text, moves_text, Output};
use super::search_job::SearchJob;
use crate::board_view;

/// Whether the command loop goes on.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Flow {
    Continue,
    Quit,
}

/// Why a command was refused.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum CommandError {
    Parse(ParseError),
    Option(OptionError),
    Fen(FenError),
    /// A move of a list (`position … moves`, `go searchmoves`), numbered from 1.
    Move {
        list: &'static str,
        index: usize,
        error: MoveError,
    },
    /// A command that needs the searcher while a search runs.
    Busy(&'static str),
    /// A line longer than the input reader keeps.
    LineTooLong(usize),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Parse(e) => e.fmt(f),
            CommandError::Option(e) => e.fmt(f),
            CommandError::Fen(e) => write!(f, "bad FEN: {e}"),
            CommandError::Move { list, index, error } => {
                write!(f, "{list}: move {index}: {error}")
            }
            CommandError::Busy(what) => {
                write!(f, "'{what}' cannot run during a search; send 'stop' first")
            }
            CommandError::LineTooLong(bytes) => write!(
                f,
                "input line of {bytes} bytes is too long (at most {}); ignored",
                super::input::MAX_LINE_BYTES
            ),
        }
    }
}

impl From<ParseError> for CommandError {
    fn from(e: ParseError) -> Self {
        CommandError::Parse(e)
    }
}

/// The lines `help` prints.
const HELP: &str = "\
info string Commands (UCI and UGI):
info string   uci | ugi                      handshake: id, options, uciok | ugiok
info string   isready                        answers readyok, even during a search
info string   setoption name N [value V]     options: see 'uci'
info string   ucinewgame | uginewgame        forget earlier games
info string   position startpos|fen F [moves M...]
info string   go [depth D] [nodes N] [movetime MS] [wtime|p2time MS] [btime|p1time MS]
info string      [winc|p2inc MS] [binc|p1inc MS] [movestogo N] [mate N]
info string      [infinite] [ponder] [searchmoves M...]
info string   stop | ponderhit | quit
info string   query gameover|p1turn|result   UGI queries: response ...
info string   d                              board, FEN, phase, legal moves
info string   perft D                        leaf counts per move
info string   eval                           static evaluation with its terms
info string   bench                          fixed search; total nodes and speed
info string Moves: d5 (removal), d3d5 or d3-d5 (jump), any case.";

/// Called by the search thread once it has written its `bestmove`.
pub type SearchDone = Arc<dyn Fn() + Send + Sync>;

/// Whether `command` needs the searcher (or the machine) to itself.
fn needs_idle_engine(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_) | Command::Perft(_) | Command::Eval | Command::Bench
    )
}

/// The engine behind the protocol.
///
/// Commands that need the searcher while a search that ends by itself runs (`go depth
/// 5` then `perft 3`) wait in order, with every later command, until it has answered;
/// `isready` is answered at once, and `stop` stops the running search at once and also
/// takes its place in the queue (so that it stops the search it was typed after);
/// `quit` and the end of input come after the waiting commands. During a search that
/// only `stop` ends, `go` is ignored (as the spec says) and the other commands that
/// need the searcher are refused.
pub struct Engine {
    out: Output,
    options: EngineOptions,
    position: Position,
    /// `None` while a search holds it.
    searcher: Option<Searcher>,
    job: Option<SearchJob>,
    /// Options changed since the searcher last got them.
    options_pending: bool,
    /// A new game (or `Clear Hash`) asked for since the last search.
    new_game_pending: bool,
    /// Commands waiting for the running search to answer.
    waiting: VecDeque<Command>,
    on_search_done: SearchDone,
}

impl Engine {
    /// An engine with `options`, writing to `out`; `on_search_done` is called from the
    /// search thread after each `bestmove` (the loop then calls [`Engine::search_done`]).
    pub fn new(options: EngineOptions, out: Output, on_search_done: SearchDone) -> Engine {
        Engine {
            out,
            position: Position::start(options.board),
            searcher: Some(Searcher::new(options.search_options())),
            options,
            job: None,
            options_pending: false,
            new_game_pending: false,
            waiting: VecDeque::new(),
            on_search_done,
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        match command::parse(line) {
            Ok(Some(command)) => self.submit(command),
            Ok(None) => Flow::Continue,
            Err(e) => {
                self.out.error(&CommandError::Parse(e));
                Flow::Continue
            }
        }
    }

    /// The end of input: quits once the waiting commands have run.
    pub fn input_ended(&mut self) -> Flow {
        self.submit(Command::Quit)
    }

    /// Runs `command` now, or queues it behind a search that ends by itself.
    fn submit(&mut self, command: Command) -> Flow {
        self.collect_answered_search();
        let queued = !self.waiting.is_empty();
        let must_wait = match command {
            Command::IsReady => false,
            Command::Stop if queued => {
                if let Some(job) = &self.job {
                    job.stop();
                }
                true
            }
            _ if queued => true,
            _ => {
                needs_idle_engine(&command)
                    && self.job.as_ref().is_some_and(SearchJob::ends_by_itself)
            }
        };
        if must_wait {
            self.waiting.push_back(command);
            return Flow::Continue;
        }
        let flow = self.run(command);
        if flow == Flow::Continue {
            return self.run_waiting();
        }
        flow
    }

    /// A search has answered: takes the searcher back and runs the waiting commands.
    pub fn search_done(&mut self) -> Flow {
        self.collect_answered_search();
        self.run_waiting()
    }

    /// Reports a line that was too long to read.
    pub fn line_too_long(&self, bytes: usize) -> Flow {
        self.out.error(&CommandError::LineTooLong(bytes));
        Flow::Continue
    }

    /// Runs waiting commands until one has to wait for a new search again.
    fn run_waiting(&mut self) -> Flow {
        while self.job.is_none() || !self.job.as_ref().is_some_and(SearchJob::ends_by_itself) {
            let Some(command) = self.waiting.pop_front() else {
                break;
            };
            if self.run(command) == Flow::Quit {
                return Flow::Quit;
            }
        }
        Flow::Continue
    }

    /// Executes one command, writing its error line if it fails.
    fn run(&mut self, command: Command) -> Flow {
        self.execute(command).unwrap_or_else(|e| {
            self.out.error(&e);
            Flow::Continue
        })
    }

    /// Stops a running search (which prints its `bestmove`) and waits for it.
    pub fn shutdown(&mut self) {
        if let Some(job) = &self.job {
            job.stop();
        }
        self.join_search();
    }

    /// Takes the searcher back from a search that has printed its `bestmove`.
    fn collect_answered_search(&mut self) {
        if self.job.as_ref().is_some_and(SearchJob::has_answered) {
            self.join_search();
        }
    }

    fn join_search(&mut self) {
        if let Some(job) = self.job.take() {
            let searcher = job
                .join()
                .unwrap_or_else(|| Searcher::new(self.options.search_options()));
            self.searcher = Some(searcher);
        }
    }

    fn execute(&mut self, command: Command) -> Result<Flow, CommandError> {
        match command {
            Command::Hello(dialect) => self.hello(dialect),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref())?,
            Command::NewGame => {
                self.new_game_pending = true;
                self.position = Position::start(self.options.board);
            }
            Command::Position(spec) => self.position = self.build_position(&spec)?,
            Command::Go(spec) => self.go(&spec)?,
            Command::Stop => self.shutdown(),
            Command::PonderHit => {
                if let Some(job) = &self.job {
                    job.ponderhit();
                }
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::Query(query) => self.query(query),
            Command::Display => self.display(),
            Command::Perft(depth) => self.perft(depth)?,
            Command::Eval => self.eval()?,
            Command::Bench => self.bench()?,
            Command::Help => self.out.line(HELP),
        }
        Ok(Flow::Continue)
    }

    fn hello(&self, dialect: Dialect) {
        self.out
            .line(&format!("id name Konane {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author The Konane engine team");
        for line in self.options.handshake_lines() {
            self.out.line(&line);
        }
        self.out.line(match dialect {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        });
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), CommandError> {
        match self
            .options
            .set(name, value)
            .map_err(CommandError::Option)?
        {
            Effect::Search => self.options_pending = true,
            Effect::Board => self.position = Position::start(self.options.board),
            Effect::ClearHash => self.new_game_pending = true,
            Effect::None => {}
        }
        Ok(())
    }

    /// The position a `position` command describes, or why there is none.
    fn build_position(&self, spec: &PositionSpec) -> Result<Position, CommandError> {
        let mut position = match &spec.base {
            Base::StartPos => Position::start(self.options.board),
            Base::Fen(fen) => Position::from_fen(fen).map_err(CommandError::Fen)?,
        };
        position
            .play_all(spec.moves.iter().map(String::as_str))
            .map_err(|(index, error)| CommandError::Move {
                list: "position",
                index,
                error,
            })?;
        Ok(position)
    }

    /// The search limits of `go`, with its `searchmoves` checked against the position.
    fn limits(&self, spec: &GoSpec) -> Result<SearchLimits, CommandError> {
        let search_moves = spec
            .searchmoves
            .iter()
            .enumerate()
            .map(|(i, text)| {
                self.position
                    .parse_move(text)
                    .map_err(|error| CommandError::Move {
                        list: "searchmoves",
                        index: i + 1,
                        error,
                    })
            })
            .collect::<Result<Vec<Move>, _>>()?;
        let clock = |side: usize| {
            spec.time[side].map(|time_ms| Clock {
                time_ms,
                increment_ms: spec.increment[side].unwrap_or(0),
            })
        };
        Ok(SearchLimits {
            depth: spec.depth,
            nodes: spec.nodes,
            movetime: spec.movetime.map(Duration::from_millis),
            clocks: [clock(Color::Black.index()), clock(Color::White.index())],
            moves_to_go: spec.movestogo,
            infinite: spec.infinite,
            ponder: spec.ponder,
            mate: spec.mate,
            search_moves,
        })
    }

    /// The searcher, brought up to date with the options, unless a search holds it.
    fn idle_searcher(&mut self, command: &'static str) -> Result<Searcher, CommandError> {
        if self.job.is_some() {
            return Err(CommandError::Busy(command));
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(self.options.search_options()));
        if self.options_pending {
            searcher.set_options(self.options.search_options());
            self.options_pending = false;
        }
        if self.new_game_pending {
            searcher.new_game();
            self.new_game_pending = false;
        }
        Ok(searcher)
    }

    fn go(&mut self, spec: &GoSpec) -> Result<(), CommandError> {
        if self.job.is_some() {
            return Ok(()); // The spec: `go` while a search runs is ignored.
        }
        let limits = self.limits(spec)?;
        let searcher = self.idle_searcher("go")?;
        self.job = Some(SearchJob::start(
            searcher,
            self.options.player,
            self.position,
            limits,
            self.options.ponder,
            self.out.clone(),
            self.on_search_done.clone(),
        ));
        Ok(())
    }

    fn query(&self, query: Query) {
        let answer = match query {
            Query::GameOver => self.position.is_game_over().to_string(),
            Query::P1Turn => (self.position.side_to_move() == Color::Black).to_string(),
            Query::Result => match self.position.winner() {
                Some(Color::Black) => "p1win".to_string(),
                Some(Color::White) => "p2win".to_string(),
                None => "none".to_string(),
            },
        };
        self.out.line(&format!("response {answer}"));
    }

    fn display(&self) {
        let position = &self.position;
        let moves = position.legal_moves();
        self.out.line(&format!(
            "{}\n\nFen: {}\nSide to move: {}\nPhase: {}\nLegal moves ({}): {}",
            board_view::draw(position, None),
            position.to_fen(),
            position.side_to_move(),
            position.phase(),
            moves.len(),
            moves_text(&moves)
        ));
    }

    fn perft(&mut self, depth: u32) -> Result<(), CommandError> {
        if self.job.is_some() {
            return Err(CommandError::Busy("perft"));
        }
        let parts = divide_parallel(&self.position, depth);
        let mut text = String::new();
        for (mv, count) in &parts {
            text.push_str(&format!("{mv}: {count}\n"));
        }
        let total: u64 = parts.iter().map(|(_, n)| n).sum();
        text.push_str(&format!("\nNodes searched: {total}"));
        self.out.line(&text);
        Ok(())
    }

    fn eval(&mut self) -> Result<(), CommandError> {
        let searcher = self.idle_searcher("eval")?;
        let evaluation = searcher.evaluate(&self.position);
        self.searcher = Some(searcher);
        self.out
            .line(&eval_text(&evaluation, self.position.side_to_move()));
        Ok(())
    }

    fn bench(&mut self) -> Result<(), CommandError> {
        if self.job.is_some() {
            return Err(CommandError::Busy("bench"));
        }
        crate::bench::run(&mut |line| self.out.line(line));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Captured;
    use proptest::prelude::*;

    fn engine() -> (Engine, Captured) {
        let captured = Captured::default();
        let out = Output::to(Box::new(captured.clone()));
        (
            Engine::new(EngineOptions::default(), out, Arc::new(|| {})),
            captured,
        )
    }

    /// Words that make up random command lines: every command, keyword and some values
    /// (searches stay short: no depth or time beyond 2).
    const WORDS: [&str; 47] = [
        "uci",
        "ugi",
        "isready",
        "setoption",
        "name",
        "value",
        "Hash",
        "BoardSize",
        "Threads",
        "Ponder",
        "ucinewgame",
        "position",
        "startpos",
        "fen",
        "moves",
        "stop",
        "ponderhit",
        "query",
        "gameover",
        "result",
        "d",
        "perft",
        "eval",
        "help",
        "d5",
        "d4",
        "b5d5",
        "a1",
        "3x3",
        "4x4",
        "1",
        "2",
        "-1",
        "0",
        "true",
        "b",
        "w",
        "bwb/wbw/bwb",
        "999999999999999999999",
        "\u{fffd}",
        "go",
        "depth",
        "movetime",
        "nodes",
        "infinite",
        "ponder",
        "searchmoves",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn no_line_of_words_or_noise_breaks_the_engine(
            lines in prop::collection::vec(
                prop_oneof![
                    prop::collection::vec(prop::sample::select(&WORDS[..]), 0..8)
                        .prop_map(|w| w.join(" ")),
                    any::<String>(),
                ],
                1..20,
            )
        ) {
            let (mut engine, captured) = engine();
            for line in &lines {
                engine.handle_line(line);
            }
            captured.take();
            engine.handle_line("isready");
            prop_assert!(captured.take().ends_with("readyok\n"));
            engine.shutdown();
        }
    }

    #[test]
    fn a_failed_position_command_keeps_the_previous_position() {
        let (mut engine, captured) = engine();
        engine.handle_line("position startpos moves d5 d4");
        let kept = engine.position;
        engine.handle_line("position startpos moves d5 d4 b5d5 zz");
        assert_eq!(engine.position, kept);
        let output = captured.take();
        assert_eq!(output.lines().count(), 1);
        assert!(
            output.starts_with("info string error: position: move 4: 'zz'"),
            "{output}"
        );
    }
}
