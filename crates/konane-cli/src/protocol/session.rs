//! The protocol's session: each parsed command becomes an engine call, or waits behind
//! a job that ends by itself, and what the engine reports is written as protocol lines;
//! every error is one `info string error:` line and leaves the state as it was.

use std::collections::VecDeque;
use std::fmt;
use std::sync::{Arc, Mutex};

use konane_core::{Color, FenError, Move, MoveError, Position};
use konane_engine::{Activity, Answer, Engine, OptionError, Options, SearchCallbacks};

use super::command::{self, Base, Command, Dialect, Go, ParseError, PositionSpec, Query};
use super::output::{bestmove_line, eval_text, moves_text, perft_text, Output};
use super::progress::Reporter;

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
    /// A command that needs the engine while a search that only `stop` ends runs.
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

impl std::error::Error for CommandError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            CommandError::Parse(e) => Some(e),
            CommandError::Option(e) => Some(e),
            CommandError::Fen(e) => Some(e),
            CommandError::Move { error, .. } => Some(error),
            CommandError::Busy(_) | CommandError::LineTooLong(_) => None,
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
info string   perft D                        leaf counts per move ('stop' ends it)
info string   eval                           static evaluation with its terms
info string   bench                          fixed search; total nodes and speed
info string Moves: d5 (removal), d3d5 or d3-d5 (jump), any case.";

/// Called on the job's thread once a job has given its answer (the loop then calls
/// [`Session::job_done`]).
pub type JobDone = Arc<dyn Fn() + Send + Sync>;

/// Whether `command` needs the engine without a running job.
fn needs_idle_engine(command: &Command) -> bool {
    matches!(
        command,
        Command::Go(_) | Command::Perft(_) | Command::Eval | Command::Bench
    )
}

/// The protocol over one engine.
///
/// Commands that need the engine while a job that ends by itself runs (`go depth 5` or
/// `perft 9`, then `perft 3`) wait in order, with every later command, until it has
/// answered; `isready` is answered at once, and `stop` stops the running job at once and
/// also takes its place in the queue (so that it stops the job it was typed after);
/// `quit` and the end of input come after the waiting commands, and stop the running
/// job. During a search that only `stop` ends, `go` is ignored (as the spec says) and
/// the other commands that need the engine are refused.
pub struct Session {
    out: Output,
    engine: Engine,
    /// Commands waiting for the running job to answer.
    waiting: VecDeque<Command>,
    on_job_done: JobDone,
}

impl Session {
    /// A session over an engine with `options`, writing to `out`; `on_job_done` is
    /// called on the job's thread after each answer.
    pub fn new(options: Options, out: Output, on_job_done: JobDone) -> Session {
        Session {
            out,
            engine: Engine::new(options),
            waiting: VecDeque::new(),
            on_job_done,
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

    /// Runs `command` now, or queues it behind a job that ends by itself.
    fn submit(&mut self, command: Command) -> Flow {
        let activity = self.engine.activity();
        let queued = !self.waiting.is_empty();
        let must_wait = match command {
            Command::IsReady => false,
            Command::Stop if queued => {
                self.engine.stop();
                true
            }
            _ if queued => true,
            _ => needs_idle_engine(&command) && activity == Activity::Finishing,
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

    /// A job has answered: runs the waiting commands.
    pub fn job_done(&mut self) -> Flow {
        self.run_waiting()
    }

    /// Reports a line that was too long to read.
    pub fn line_too_long(&self, bytes: usize) -> Flow {
        self.out.error(&CommandError::LineTooLong(bytes));
        Flow::Continue
    }

    /// Runs waiting commands until one has to wait for a job that ends by itself; a
    /// waiting `stop` ends that job instead of waiting for it.
    fn run_waiting(&mut self) -> Flow {
        loop {
            let stop_next = matches!(self.waiting.front(), Some(Command::Stop));
            if self.engine.activity() == Activity::Finishing && !stop_next {
                break;
            }
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

    /// Stops the running job (a search still prints its `bestmove`) and waits for it.
    pub fn shutdown(&mut self) {
        self.engine.stop();
        self.engine.wait();
    }

    fn execute(&mut self, command: Command) -> Result<Flow, CommandError> {
        match command {
            Command::Hello(dialect) => self.hello(dialect),
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => self
                .engine
                .set_option(&name, value.as_deref())
                .map_err(CommandError::Option)?,
            Command::NewGame => self.engine.new_game(),
            Command::Position(spec) => {
                let position = self.build_position(&spec)?;
                self.engine.set_position(position);
            }
            Command::Go(go) => self.go(go)?,
            Command::Stop => self.shutdown(),
            Command::PonderHit => self.engine.ponderhit(),
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
        for line in self.engine.options().handshake_lines() {
            self.out.line(&line);
        }
        self.out.line(match dialect {
            Dialect::Uci => "uciok",
            Dialect::Ugi => "ugiok",
        });
    }

    /// The position a `position` command describes, or why there is none.
    fn build_position(&self, spec: &PositionSpec) -> Result<Position, CommandError> {
        let mut position = match &spec.base {
            Base::StartPos => Position::start(self.engine.options().board),
            Base::Fen(fen) => Position::from_fen(fen).map_err(CommandError::Fen)?,
        };
        position
            .play_all(spec.moves.iter().map(String::as_str))
            .map_err(|e| CommandError::Move {
                list: "position",
                index: e.index,
                error: e.error,
            })?;
        Ok(position)
    }

    /// Refuses `command` while a job runs (one that only `stop` ends: the others made
    /// it wait).
    fn idle_engine(&mut self, command: &'static str) -> Result<(), CommandError> {
        match self.engine.activity() {
            Activity::Idle => Ok(()),
            _ => Err(CommandError::Busy(command)),
        }
    }

    fn go(&mut self, go: Go) -> Result<(), CommandError> {
        if self.engine.activity() != Activity::Idle {
            return Ok(()); // The spec: `go` while a search runs is ignored.
        }
        let position = *self.engine.position();
        let mut limits = go.limits;
        limits.search_moves = go
            .searchmoves
            .iter()
            .enumerate()
            .map(|(i, text)| {
                position
                    .parse_move(text)
                    .map_err(|error| CommandError::Move {
                        list: "searchmoves",
                        index: i + 1,
                        error,
                    })
            })
            .collect::<Result<Vec<Move>, _>>()?;
        let callbacks = self.search_callbacks();
        self.engine
            .go(limits, callbacks)
            .map_err(|_| CommandError::Busy("go"))
    }

    /// Progress thinned to a few lines a second, then exactly one `bestmove` line; the
    /// `ponder` part only with the Ponder option.
    fn search_callbacks(&self) -> SearchCallbacks {
        let reporter = Arc::new(Mutex::new(Reporter::new(self.out.clone())));
        let (on_info, on_searched) = (reporter.clone(), reporter.clone());
        let (out, done) = (self.out.clone(), self.on_job_done.clone());
        let show_ponder = self.engine.options().ponder;
        SearchCallbacks::new(
            move |info| locked(&on_info).report(info),
            move |answer: &Answer| {
                locked(&reporter).finish();
                if answer.failed {
                    out.error(&"the search failed; playing the first legal move");
                }
                let result = &answer.result;
                let ponder = result.ponder_move.filter(|_| show_ponder);
                out.line(&bestmove_line(result.best_move, ponder));
                done();
            },
        )
        .on_searched(move || locked(&on_searched).finish())
    }

    fn query(&self, query: Query) {
        let position = self.engine.position();
        let answer = match query {
            Query::GameOver => position.is_game_over().to_string(),
            Query::P1Turn => (position.side_to_move() == Color::Black).to_string(),
            Query::Result => match position.winner() {
                Some(Color::Black) => "p1win".to_string(),
                Some(Color::White) => "p2win".to_string(),
                None => "none".to_string(),
            },
        };
        self.out.line(&format!("response {answer}"));
    }

    fn display(&self) {
        let position = self.engine.position();
        let moves = position.legal_moves();
        self.out.line(&format!(
            "{}\n\nFen: {}\nSide to move: {}\nPhase: {}\nLegal moves ({}): {}",
            position.diagram(None),
            position.to_fen(),
            position.side_to_move(),
            position.phase(),
            moves.len(),
            moves_text(&moves)
        ));
    }

    fn perft(&mut self, depth: u32) -> Result<(), CommandError> {
        self.idle_engine("perft")?;
        let (out, done) = (self.out.clone(), self.on_job_done.clone());
        self.engine
            .perft(depth, None, move |parts| {
                match parts {
                    Some(parts) => out.line(&perft_text(&parts)),
                    None => out.line(&format!("info string perft {depth} stopped")),
                }
                done();
            })
            .map_err(|_| CommandError::Busy("perft"))
    }

    fn eval(&mut self) -> Result<(), CommandError> {
        self.idle_engine("eval")?;
        let evaluation = self.engine.evaluate();
        self.out.line(&eval_text(
            &evaluation,
            self.engine.position().side_to_move(),
        ));
        Ok(())
    }

    fn bench(&mut self) -> Result<(), CommandError> {
        self.idle_engine("bench")?;
        let (line_out, out, done) = (self.out.clone(), self.out.clone(), self.on_job_done.clone());
        self.engine
            .bench(
                move |line| line_out.line(&crate::bench::line_text(line)),
                move |report| {
                    match report {
                        Some(report) => out.line(&crate::bench::total_text(&report)),
                        None => out.line("info string bench stopped"),
                    }
                    done();
                },
            )
            .map_err(|_| CommandError::Busy("bench"))
    }
}

/// The reporter behind `reporter`'s lock (a panicked holder does not matter: it only
/// prints).
fn locked(reporter: &Mutex<Reporter>) -> std::sync::MutexGuard<'_, Reporter> {
    reporter.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::output::Captured;
    use proptest::prelude::*;

    fn session() -> (Session, Captured) {
        let captured = Captured::default();
        let out = Output::to(Box::new(captured.clone()));
        (
            Session::new(Options::default(), out, Arc::new(|| {})),
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
            let (mut session, captured) = session();
            for line in &lines {
                session.handle_line(line);
            }
            captured.take();
            session.handle_line("isready");
            prop_assert!(captured.take().ends_with("readyok\n"));
            session.shutdown();
        }
    }

    #[test]
    fn a_failed_position_command_keeps_the_previous_position() {
        let (mut session, captured) = session();
        session.handle_line("position startpos moves d5 d4");
        let kept = *session.engine.position();
        session.handle_line("position startpos moves d5 d4 b5d5 zz");
        assert_eq!(*session.engine.position(), kept);
        let output = captured.take();
        assert_eq!(output.lines().count(), 1);
        assert!(
            output.starts_with("info string error: position: move 4: 'zz'"),
            "{output}"
        );
    }
}
