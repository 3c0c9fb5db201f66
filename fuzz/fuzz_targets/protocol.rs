//! Fuzz target: the protocol front end — the line parser and the state machine — fed
//! arbitrary byte lines. Searches are cut to depth 1 and expensive settings clamped
//! (Hash, Threads, perft depth, bench), so that each input runs in milliseconds.
#![no_main]

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use konane_cli::protocol::command::{self, Command};
use konane_cli::protocol::engine::{Engine, Flow};
use konane_cli::protocol::options::EngineOptions;
use konane_cli::protocol::output::Output;
use libfuzzer_sys::fuzz_target;

/// The line the engine gets: the same command with its cost bounded.
fn tame(line: &str) -> Option<String> {
    match command::parse(line) {
        Ok(Some(Command::Go(spec))) => {
            let mut go = String::from("go depth 1");
            if spec.infinite {
                go.push_str(" infinite");
            }
            if spec.ponder {
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
    let options = EngineOptions {
        hash_mib: 1,
        ..EngineOptions::default()
    };
    let mut engine = Engine::new(
        options,
        out,
        Arc::new(move || flag.store(true, Ordering::SeqCst)),
    );
    for line in text.lines().take(64) {
        let Some(line) = tame(line) else { continue };
        if engine.handle_line(&line) == Flow::Quit {
            break;
        }
        if done.swap(false, Ordering::SeqCst) && engine.search_done() == Flow::Quit {
            break;
        }
    }
    engine.shutdown();
});
