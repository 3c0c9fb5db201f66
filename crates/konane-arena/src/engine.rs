//! An engine process: spawning it, the `uci`/`ugi` handshake, `ucinewgame` + `isready`
//! between games, reading its lines on a thread with timeouts, and restarting it after a
//! crash or a hang.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::log::ProtocolLog;
use crate::spec::{EngineSpec, Protocol};

/// How long a stopped engine gets to answer `bestmove` before it is restarted.
const STOP_GRACE: Duration = Duration::from_secs(1);

/// The least time a starting engine gets for its handshake, whatever the stall timeout.
const STARTUP_MIN: Duration = Duration::from_secs(5);

/// The longest line kept from an engine; the rest of a longer line is read as more lines.
const MAX_LINE: u64 = 64 * 1024;

/// How often a watched search looks at its stop flag.
const WATCH_POLL: Duration = Duration::from_millis(10);

/// Why an engine gave no usable answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process ended or closed its output or input.
    Crash,
    /// No answer within the stall timeout.
    Stall,
    /// No `bestmove` before the move's time limit ran out, after this long.
    TimeUp(Duration),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Crash => f.write_str("the process ended"),
            Failure::Stall => f.write_str("no answer in time (stalled)"),
            Failure::TimeUp(elapsed) => {
                write!(f, "out of time after {} ms", elapsed.as_millis())
            }
        }
    }
}

/// Why an engine could not be started: the process did not run, or it did not
/// complete its handshake.
#[derive(Debug)]
pub struct StartError {
    engine: String,
    problem: StartProblem,
}

#[derive(Debug)]
enum StartProblem {
    /// The program could not be run.
    Spawn { command: String, source: io::Error },
    /// No `uciok` (`ugiok`) after `uci` (`ugi`).
    Handshake {
        hello: &'static str,
        ok: &'static str,
        failure: Failure,
    },
    /// The process ended while its options were sent.
    Options,
    /// No `readyok` after the options.
    NotReady(Failure),
}

impl StartError {
    fn new(engine: &str, problem: StartProblem) -> StartError {
        StartError {
            engine: engine.to_string(),
            problem,
        }
    }
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = &self.engine;
        match &self.problem {
            StartProblem::Spawn { command, .. } => {
                write!(f, "engine {name}: cannot run '{command}'")
            }
            StartProblem::Handshake { hello, ok, failure } => {
                write!(f, "engine {name}: no '{ok}' after '{hello}' ({failure:?})")
            }
            StartProblem::Options => write!(f, "engine {name}: exited while its options were set"),
            StartProblem::NotReady(failure) => {
                write!(
                    f,
                    "engine {name}: no 'readyok' after its options ({failure:?})"
                )
            }
        }
    }
}

impl std::error::Error for StartError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.problem {
            StartProblem::Spawn { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A `bestmove` line's arguments and how long the move took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub arguments: String,
    pub elapsed: Duration,
}

/// How a caller follows a search it may end early (a board that shows the engine's
/// lines, an analysis that runs until the user stops it).
pub struct Watch<'a> {
    /// Set it to end the search: `stop` is sent, and the answer awaited a short grace.
    pub stop: &'a AtomicBool,
    /// Gets each line the engine writes before its `bestmove` (its `info` lines).
    pub on_line: &'a mut dyn FnMut(&str),
    /// The search runs until stopped (`go infinite`): no stall timeout applies.
    pub until_stopped: bool,
}

fn is_bestmove(line: &str) -> bool {
    line == "bestmove" || line.starts_with("bestmove ")
}

/// A running process and the channel its output lines arrive on.
struct Running {
    child: Child,
    /// The operating system's process id, for the log.
    id: u32,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

/// One engine, restarted on demand. Dropping it ends the process.
pub struct EngineProcess {
    spec: EngineSpec,
    stall: Duration,
    running: Option<Running>,
    log: Option<ProtocolLog>,
    /// How many times the process was started again after a failure.
    pub restarts: u32,
}

impl EngineProcess {
    /// Starts the engine and completes the handshake, each answer awaited at most `stall`;
    /// the lines both ways go to `log` when given.
    pub fn start(
        spec: &EngineSpec,
        stall: Duration,
        log: Option<ProtocolLog>,
    ) -> Result<EngineProcess, StartError> {
        let mut engine = EngineProcess {
            spec: spec.clone(),
            stall,
            running: None,
            log,
            restarts: 0,
        };
        engine.launch()?;
        Ok(engine)
    }

    /// The engine's name.
    pub fn name(&self) -> &str {
        &self.spec.name
    }

    /// Whether the engine speaks UGI.
    pub fn is_ugi(&self) -> bool {
        self.spec.protocol == Protocol::Ugi
    }

    fn launch(&mut self) -> Result<(), StartError> {
        let name = self.spec.name.clone();
        let mut command = Command::new(&self.spec.command[0]);
        command
            .args(&self.spec.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = &self.spec.dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|source| {
            StartError::new(
                &name,
                StartProblem::Spawn {
                    command: self.spec.command.join(" "),
                    source,
                },
            )
        })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (sender, lines) = mpsc::channel();
        let id = child.id();
        let log = self.log.clone();
        let reader_name = name.clone();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buffer = Vec::new();
            loop {
                buffer.clear();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut buffer) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buffer).trim().to_string();
                        if let Some(log) = &log {
                            log.line(&reader_name, id, '>', &line);
                        }
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        self.running = Some(Running {
            child,
            id,
            stdin,
            lines,
        });
        let (hello, ok) = match self.spec.protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ugi => ("ugi", "ugiok"),
        };
        let handshake = self
            .send(hello)
            .and_then(|()| self.wait_for(|line| line == ok, self.stall.max(STARTUP_MIN)));
        if let Err(failure) = handshake {
            self.kill();
            return Err(StartError::new(
                &name,
                StartProblem::Handshake { hello, ok, failure },
            ));
        }
        let options: Vec<String> = self
            .spec
            .options
            .iter()
            .map(|(option, value)| format!("setoption name {option} value {value}"))
            .collect();
        for line in &options {
            if self.send(line).is_err() {
                self.kill();
                return Err(StartError::new(&name, StartProblem::Options));
            }
        }
        if let Err(failure) = self.ready() {
            self.kill();
            return Err(StartError::new(&name, StartProblem::NotReady(failure)));
        }
        Ok(())
    }

    /// Writes one line to the engine.
    fn send(&mut self, line: &str) -> Result<(), Failure> {
        let running = self.running.as_mut().ok_or(Failure::Crash)?;
        if let Some(log) = &self.log {
            log.line(&self.spec.name, running.id, '<', line);
        }
        writeln!(running.stdin, "{line}")
            .and_then(|()| running.stdin.flush())
            .map_err(|_| Failure::Crash)
    }

    /// Reads lines until one satisfies `wanted` (returned), for at most `limit`.
    fn wait_for(
        &mut self,
        wanted: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> Result<String, Failure> {
        let running = self.running.as_mut().ok_or(Failure::Crash)?;
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match running.lines.recv_timeout(left) {
                Ok(line) if wanted(&line) => return Ok(line),
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => return Err(Failure::Stall),
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crash),
            }
        }
    }

    fn ready(&mut self) -> Result<(), Failure> {
        self.send("isready")?;
        self.wait_for(|line| line == "readyok", self.stall)
            .map(drop)
    }

    /// Prepares a new game: restarts the process if it is down, then `ucinewgame` (or
    /// `uginewgame`) and `isready`. A failure here loses the game for this engine.
    pub fn new_game(&mut self) -> Result<(), Failure> {
        if self.running.is_none() {
            self.restarts += 1;
            self.launch().map_err(|_| Failure::Crash)?;
        }
        let result = self
            .send(if self.is_ugi() {
                "uginewgame"
            } else {
                "ucinewgame"
            })
            .and_then(|()| self.ready());
        if result.is_err() {
            self.kill();
        }
        result
    }

    /// Sends `position` and `go` and waits for `bestmove`: at most `time_limit` when the
    /// move is timed, else at most the stall timeout. After a failure the engine is
    /// stopped (or ended, and restarted at the next game).
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        time_limit: Option<Duration>,
    ) -> Result<Answer, Failure> {
        let never = AtomicBool::new(false);
        let watch = Watch {
            stop: &never,
            on_line: &mut |_| {},
            until_stopped: false,
        };
        self.think_watched(position, go, time_limit, watch)
    }

    /// [`EngineProcess::think`], with the engine's lines passed on as they come and a
    /// stop flag that ends the search early (its `bestmove` is then the answer).
    pub fn think_watched(
        &mut self,
        position: &str,
        go: &str,
        time_limit: Option<Duration>,
        mut watch: Watch<'_>,
    ) -> Result<Answer, Failure> {
        let result = self
            .send(position)
            .and_then(|()| self.send(go))
            .and_then(|()| {
                let started = Instant::now();
                match self.await_bestmove(time_limit, &mut watch) {
                    Ok(line) => Ok(Answer {
                        arguments: line["bestmove".len()..].trim().to_string(),
                        elapsed: started.elapsed(),
                    }),
                    Err(Failure::Stall)
                        if time_limit.is_some() && !watch.stop.load(Ordering::Relaxed) =>
                    {
                        Err(Failure::TimeUp(started.elapsed()))
                    }
                    Err(failure) => Err(failure),
                }
            });
        match result {
            Err(Failure::TimeUp(_)) => {
                let stopped = self
                    .send("stop")
                    .and_then(|()| self.wait_for(|line| line.starts_with("bestmove"), STOP_GRACE));
                if stopped.is_err() {
                    self.kill();
                }
            }
            Err(_) => self.kill(),
            Ok(_) => {}
        }
        result
    }

    /// Reads lines until `bestmove` (returned), passing the others to the watcher:
    /// within `time_limit` (else the stall timeout) unless the search runs until
    /// stopped, and within a short grace once the stop flag is seen (`stop` is sent).
    fn await_bestmove(
        &mut self,
        time_limit: Option<Duration>,
        watch: &mut Watch<'_>,
    ) -> Result<String, Failure> {
        let after = |limit: Duration| Instant::now() + limit;
        let mut deadline = (!watch.until_stopped).then(|| after(time_limit.unwrap_or(self.stall)));
        let mut stopping = false;
        loop {
            if !stopping && watch.stop.load(Ordering::Relaxed) {
                stopping = true;
                self.send("stop")?;
                let grace = after(STOP_GRACE);
                deadline = Some(deadline.map_or(grace, |d| d.min(grace)));
            }
            let running = self.running.as_mut().ok_or(Failure::Crash)?;
            let slice = deadline.map_or(WATCH_POLL, |d| {
                d.saturating_duration_since(Instant::now()).min(WATCH_POLL)
            });
            match running.lines.recv_timeout(slice) {
                Ok(line) if is_bestmove(&line) => return Ok(line),
                Ok(line) => (watch.on_line)(&line),
                Err(RecvTimeoutError::Timeout) => {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        return Err(Failure::Stall);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => return Err(Failure::Crash),
            }
        }
    }

    /// Sends `setoption name <name> value <value>` (between searches).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), Failure> {
        let line = format!("setoption name {name} value {value}");
        let result = self.send(&line);
        if result.is_err() {
            self.kill();
        }
        result
    }

    /// Ends the process at once.
    fn kill(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = running.child.kill();
            let _ = running.child.wait();
        }
    }

    /// Asks the engine to quit, and ends it if it has not after a short wait.
    pub fn quit(mut self) {
        if self.send("quit").is_ok() {
            if let Some(running) = self.running.as_mut() {
                let deadline = Instant::now() + STOP_GRACE;
                while Instant::now() < deadline {
                    if let Ok(Some(_)) = running.child.try_wait() {
                        self.running = None;
                        return;
                    }
                    thread::sleep(Duration::from_millis(5));
                }
            }
        }
        self.kill();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}
