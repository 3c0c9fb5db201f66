//! End-to-end: long extension commands (`perft 30`, `bench`) run as jobs, so the engine
//! stays responsive: `isready` is answered at once, and `stop`, `quit` and the end of
//! input end them. The design target is 100 ms; the tests allow 2 s for a loaded machine
//! and print what they measured (`cargo test --test protocol_jobs -- --nocapture`).

mod common;

use std::time::{Duration, Instant};

use common::{Engine, PROMPT};

/// The generous bound the tests assert; the design target is 100 ms.
const BOUND: Duration = Duration::from_secs(2);

/// The long jobs and the line each prints when stopped.
const JOBS: [(&str, &str); 2] = [
    ("perft 30", "info string perft 30 stopped"),
    ("bench", "info string bench stopped"),
];

/// Starts `konane` and `job` in it, and checks that it is running.
fn running(job: &str) -> Engine {
    let mut engine = Engine::start(&[]);
    engine.send(job);
    std::thread::sleep(Duration::from_millis(100));
    engine
}

#[test]
fn isready_is_answered_at_once_during_a_long_job() {
    for (job, _) in JOBS {
        let mut engine = running(job);
        let asked = Instant::now();
        engine.send("isready");
        engine.until(BOUND, |l| l == "readyok");
        eprintln!("{job}: readyok after {:?}", asked.elapsed());
        // `d` does not need the engine to itself: it answers too.
        engine.send("d");
        engine.until(BOUND, |l| l.starts_with("Legal moves"));
    }
}

#[test]
fn stop_ends_a_long_job_which_says_so() {
    for (job, stopped) in JOBS {
        let mut engine = running(job);
        let asked = Instant::now();
        engine.send("stop");
        let lines = engine.until(BOUND, |l| l == stopped);
        eprintln!("{job}: '{stopped}' after {:?}", asked.elapsed());
        assert!(
            lines.iter().all(|l| !l.starts_with("Nodes searched")),
            "{lines:?}"
        );
        // The engine is idle again: a short perft answers.
        engine.send("perft 1");
        let lines = engine.until(PROMPT, |l| l.starts_with("Nodes searched"));
        assert_eq!(lines.last().unwrap(), "Nodes searched: 4");
        assert!(engine.sync().is_empty());
    }
}

#[test]
fn quit_and_the_end_of_input_end_a_long_job() {
    for (job, _) in JOBS {
        let mut engine = running(job);
        let asked = Instant::now();
        engine.send("quit");
        let (status, _) = engine.finish(BOUND);
        assert!(status.success());
        eprintln!("{job}: quit exits after {:?}", asked.elapsed());
        let engine = running(job);
        let asked = Instant::now();
        let (status, _) = engine.finish(BOUND);
        assert!(status.success());
        eprintln!("{job}: end of input exits after {:?}", asked.elapsed());
    }
}

#[test]
fn commands_wait_behind_a_job_and_a_waiting_stop_ends_it() {
    let mut engine = Engine::start(&[]);
    engine.send("position startpos moves d5 d4");
    engine.send("perft 3");
    engine.send("go depth 2");
    let lines = engine.until(PROMPT, |l| l.starts_with("bestmove"));
    let total_at = lines
        .iter()
        .position(|l| l.starts_with("Nodes searched"))
        .expect("the perft answers first");
    assert!(total_at < lines.len() - 1, "{lines:?}");
    // A stop typed after a queued long job ends that job as soon as it starts.
    engine.send("go depth 1");
    engine.send("perft 30");
    engine.send("stop");
    engine.until(BOUND, |l| l == "info string perft 30 stopped");
    assert!(engine.sync().is_empty());
}
