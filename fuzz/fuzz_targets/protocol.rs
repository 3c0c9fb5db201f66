//! Fuzz target: the protocol front end — the line parser and the session over the
//! engine layer — fed arbitrary byte lines. Searches are cut to depth 1 and expensive
//! settings clamped (Hash, Threads, perft depth, bench), so that each input runs in
//! milliseconds.
#![no_main]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use konane_cli::protocol::command::{self, Command};
use konane_cli::protocol::output::Output;
use konane_cli::protocol::session::{Flow, Session};
use konane_engine::Options;
use libfuzzer_sys::fuzz_target;

/// The line the engine gets: the same command with its cost bounded.
fn tame(line: &str) -> Option<String> {
    match command::parse(line) {
        Ok(Some(Command::Go(spec))) => {
            let mut go = String::from("go depth 1");
            if spec.limits.infinite {
                go.push_str(" infinite");
            }
            if spec.limits.ponder {
                go.push_str(" ponder");
            }
            Some(go)
        }
        Ok(Some(Command::SetOption { name, value })) => {
            let limit = match name.to_ascii_lowercase().as_str() {
                "hash" => 2,
                "threads" => 2,
                _ => return Some(line.to_string()),
            };
            match value.as_deref().map(str::parse::<u64>) {
                Some(Ok(n)) if n > limit => Some(format!("setoption name {name} value {limit}")),
                _ => Some(line.to_string()),
            }
        }
        Ok(Some(Command::Perft(depth))) if depth > 3 => Some("perft 3".to_string()),
        Ok(Some(Command::Bench)) => None,
        _ => Some(line.to_string()),
    }
}

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    let out = Output::to(Box::new(std::io::sink()));
    let mut options = Options::default();
    options.search.hash_mib = 1;
    let mut session = Session::new(
        options,
        out,
        Arc::new(move || flag.store(true, Ordering::SeqCst)),
    );
    for line in text.lines().take(64) {
        let Some(line) = tame(line) else { continue };
        if session.handle_line(&line) == Flow::Quit {
            break;
        }
        if done.swap(false, Ordering::SeqCst) && session.job_done() == Flow::Quit {
            break;
        }
    }
    session.shutdown();
});
