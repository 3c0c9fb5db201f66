//! Drives the `konane` binary through pipes: send lines, wait for expected output with a
//! deadline, and show the whole transcript when an expectation fails.

#![allow(dead_code)] // Each test file uses a different part of this helper.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A generous deadline for answers that should come at once (the machine is shared).
pub const PROMPT: Duration = Duration::from_secs(5);

/// The longest a command of a test may run: past it the command is killed and the
/// test fails, so a hang fails the suite within a minute instead of stopping it.
pub const COMMAND_LIMIT: Duration = Duration::from_secs(60);

/// Kills the process `id` if it still runs `limit` after the watchdog was made, unless
/// the watchdog is dropped first: whatever waits on the process (its output, its end)
/// then returns, and the test fails instead of hanging.
pub struct Watchdog {
    cancel: Option<Sender<()>>,
    fired: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    limit: Duration,
}

impl Watchdog {
    pub fn new(id: u32, limit: Duration) -> Watchdog {
        let (cancel, cancelled) = channel::<()>();
        let fired = Arc::new(AtomicBool::new(false));
        let flag = fired.clone();
        let thread = std::thread::spawn(move || {
            if cancelled.recv_timeout(limit) == Err(RecvTimeoutError::Timeout) {
                flag.store(true, Ordering::SeqCst);
                let _ = Command::new("kill")
                    .args(["-KILL", &id.to_string()])
                    .status();
            }
        });
        Watchdog {
            cancel: Some(cancel),
            fired,
            thread: Some(thread),
            limit,
        }
    }

    /// Panics if the watchdog had to kill the process.
    pub fn check(&self, what: &str) {
        assert!(
            !self.fired.load(Ordering::SeqCst),
            "{what} ran past {:?} and was killed",
            self.limit
        );
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        drop(self.cancel.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// `Command::output` with a deadline.
pub trait OutputWithin {
    /// Runs the command to its end as `output()` does (no input, output captured), but
    /// kills it and panics once it runs past `limit`.
    fn output_within(&mut self, limit: Duration) -> std::io::Result<Output>;
}

impl OutputWithin for Command {
    fn output_within(&mut self, limit: Duration) -> std::io::Result<Output> {
        let child = self
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let watchdog = Watchdog::new(child.id(), limit);
        let output = child.wait_with_output()?;
        watchdog.check(&format!("{self:?}"));
        Ok(output)
    }
}

/// A running `konane` process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything sent and received so far, for failure messages.
    transcript: Vec<String>,
}

impl Engine {
    /// Starts `konane` with `args`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_konane"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("konane starts");
        let stdout = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            while reader.read_until(b'\n', &mut buf).unwrap_or(0) > 0 {
                let line = String::from_utf8_lossy(&buf).trim_end().to_string();
                buf.clear();
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {}", shorten(line)));
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes (a newline is not added).
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        stdin.write_all(bytes).expect("konane reads its input");
        stdin.flush().unwrap();
    }

    /// The next line within `timeout`, or `None`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.transcript.push(format!("< {}", shorten(&line)));
                Some(line)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Every line up to and including the first that satisfies `done`, which must come
    /// within `timeout`.
    pub fn until(&mut self, timeout: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let finished = done(&line);
                    lines.push(line);
                    if finished {
                        return lines;
                    }
                }
                None => panic!(
                    "expected line did not come within {timeout:?}; transcript:\n{}",
                    self.transcript()
                ),
            }
        }
    }

    /// Sends `isready` and returns the lines before `readyok`.
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.until(PROMPT, |l| l == "readyok");
        lines.pop();
        lines
    }

    /// The FEN shown by `d`.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.until(PROMPT, |l| l.starts_with("Legal moves"));
        lines
            .iter()
            .find_map(|l| l.strip_prefix("Fen: "))
            .expect("d shows the FEN")
            .to_string()
    }

    /// Closes stdin and waits for the exit, which must come within `timeout`.
    pub fn finish(mut self, timeout: Duration) -> (ExitStatus, Vec<String>) {
        self.stdin = None;
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                let rest: Vec<String> = self.lines.iter().collect();
                return (status, rest);
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("konane did not exit; transcript:\n{}", self.transcript());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The conversation so far, one line each way.
    pub fn transcript(&self) -> String {
        self.transcript.join("\n")
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// Cuts long lines in transcripts.
fn shorten(line: &str) -> String {
    if line.len() > 200 {
        let mut end = 200;
        while !line.is_char_boundary(end) {
            end -= 1;
        }
        format!("{}... ({} bytes)", &line[..end], line.len())
    } else {
        line.to_string()
    }
}

/// Runs `konane` with `args` to its end (no input, its output captured, killed past
/// [`COMMAND_LIMIT`]), whether it succeeds or not.
pub fn run(args: &[&str]) -> Output {
    run_within(args, COMMAND_LIMIT)
}

/// [`run`] with another deadline than [`COMMAND_LIMIT`].
pub fn run_within(args: &[&str], limit: Duration) -> Output {
    Command::new(env!("CARGO_BIN_EXE_konane"))
        .args(args)
        .output_within(limit)
        .expect("konane starts")
}

/// Runs `konane` with `args` to its end; it must succeed. Its standard output.
pub fn run_ok(args: &[&str]) -> String {
    run_ok_within(args, COMMAND_LIMIT)
}

/// [`run_ok`] with another deadline than [`COMMAND_LIMIT`].
pub fn run_ok_within(args: &[&str], limit: Duration) -> String {
    let output = run_within(args, limit);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("konane writes UTF-8")
}

/// Runs `konane` with `args` to its end; it must fail. Its standard error.
pub fn run_fails(args: &[&str]) -> String {
    let output = run(args);
    assert!(!output.status.success(), "{args:?} succeeded");
    String::from_utf8(output.stderr).expect("konane writes UTF-8")
}

/// Runs `konane` with `args` to its end; it must succeed. Its standard error is a pipe,
/// so a long command writes its progress there as plain lines: the first that holds
/// `marker`.
pub fn first_progress_line(args: &[&str], marker: &str) -> String {
    let output = run(args);
    assert!(output.status.success(), "{args:?} failed");
    let err = String::from_utf8(output.stderr).expect("konane writes UTF-8");
    err.lines()
        .find(|line| line.contains(marker))
        .map(str::to_string)
        .unwrap_or_else(|| panic!("no progress line with '{marker}' in {err}"))
}

/// The result table of `konane match`, `selfplay` or `replay` output: from its
/// `Engine` header up to the `Restarts` or `SPRT` line.
pub fn result_table(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .skip_while(|l| !l.starts_with("Engine"))
        .take_while(|l| !l.starts_with("Restarts") && !l.starts_with("SPRT"))
        .collect()
}
