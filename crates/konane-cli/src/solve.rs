//! `konane solve`: proves who wins a position (the start of a board size, or a FEN),
//! with every winning first move, nodes and time; a progress bar; Ctrl-C keeps what
//! has been proven so far.

use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use konane_core::{Board, Position};
use konane_solver::{RootReport, Solver, SolverOptions, TableKind};

/// Arguments of `konane solve`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  konane solve --size 6x6\n  konane solve --size 5x5 --all --threads 1\n  konane solve --fen <FEN>"
)]
#[command(group(clap::ArgGroup::new("start").required(true).args(["size", "fen"])))]
pub struct SolveArgs {
    /// Solve the start position (full removal opening) of this board size, as WxH.
    #[arg(long)]
    pub size: Option<Board>,
    /// Solve this position instead.
    #[arg(long)]
    pub fen: Option<String>,
    /// Play these moves first, from the start position or the FEN (for example "f1 e1").
    #[arg(long)]
    pub moves: Option<String>,
    /// Worker threads (default: all cores; 1 gives the same node count every run).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the value of every root move, not only the winning ones.
    #[arg(long)]
    pub all: bool,
    /// Proof table: `packed` (atomic words, fixed size) or `dashmap`.
    #[arg(long, default_value = "packed")]
    pub table: TableKind,
    /// Proof table size, in millions of positions (2^20); default: grows with the
    /// board, 16 for 6x6, 64 from 7x6 up (8 bytes a position in the packed table).
    #[arg(long)]
    pub table_mpos: Option<usize>,
}

/// Runs `konane solve`.
pub fn run(args: &SolveArgs) -> Result<()> {
    let mut position = match (&args.fen, args.size) {
        (Some(fen), _) => Position::from_fen(fen).context("bad --fen")?,
        (None, Some(board)) => Position::start(board),
        (None, None) => unreachable!("clap requires --size or --fen"),
    };
    if let Some(moves) = &args.moves {
        position
            .play_all(moves.split_whitespace())
            .map_err(|e| anyhow::anyhow!("move {} of --moves: {}", e.index, e.error))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let options = SolverOptions {
        table: args.table,
        capacity: match args.table_mpos {
            Some(millions) => millions.max(1) << 20,
            None => 1 << (position.board().area().saturating_sub(12)).clamp(16, 26),
        },
        ..SolverOptions::default()
    };
    let solver = Solver::new(position.board(), options);
    let stop = solver.stop_flag();
    ctrlc::set_handler(move || stop.store(true, Ordering::Relaxed))
        .context("cannot install the Ctrl-C handler")?;

    println!(
        "Solving {} ({} to move, threads: {})",
        position.to_fen(),
        position.side_to_move(),
        pool.current_num_threads()
    );
    let bar = ProgressBar::new(position.legal_moves().len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:20}] {pos}/{len} root moves  {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    let started = Instant::now();
    let (done, finished) = mpsc::channel::<()>();
    let report = std::thread::scope(|scope| {
        let (solver, ticker) = (&solver, bar.clone());
        scope.spawn(move || {
            while finished.recv_timeout(Duration::from_millis(200))
                == Err(RecvTimeoutError::Timeout)
            {
                let nodes = solver.nodes();
                let rate = nodes as f64 / started.elapsed().as_secs_f64().max(1e-9);
                ticker.set_message(format!("{nodes} nodes, {:.1} M nodes/s", rate / 1e6));
            }
        });
        let report = pool.install(|| {
            solver.solve_moves(&position, |value, _| {
                let verdict = if value.wins { "wins" } else { "loses" };
                bar.println(format!("  {}: {verdict}", value.mv));
                bar.inc(1);
            })
        });
        drop(done);
        report
    });
    bar.finish_and_clear();
    print_report(
        &report,
        args.all,
        started.elapsed().as_secs_f64(),
        solver.table_len(),
    );
    Ok(())
}

/// Prints the verdict, the winning moves (every value with `all`), nodes and time.
fn print_report(report: &RootReport, all: bool, seconds: f64, table_len: usize) {
    if !report.complete {
        println!(
            "Interrupted: {} of the root moves proven",
            report.values.len()
        );
    }
    if all {
        for value in &report.values {
            let verdict = if value.wins { "wins" } else { "loses" };
            println!("{}: {verdict}", value.mv);
        }
    }
    match report.winner() {
        Some(winner) => println!("{winner} wins"),
        None => println!("Winner not proven yet"),
    }
    let winning: Vec<String> = report
        .winning_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let listed = if winning.is_empty() {
        "none".to_string()
    } else {
        winning.join(" ")
    };
    let qualifier = if report.complete { "" } else { " (so far)" };
    println!("Winning moves for {}{qualifier}: {listed}", report.side);
    println!("Nodes: {}", report.nodes);
    println!(
        "Time: {seconds:.3} s, {:.2} M nodes/s, {table_len} positions in the proof table",
        report.nodes as f64 / seconds.max(1e-9) / 1e6
    );
}
