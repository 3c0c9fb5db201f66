//! `konane solve`: proves who wins a position (the start of a board size, or a FEN),
//! with every winning first move, nodes and time; a progress bar; Ctrl-C keeps what
//! has been proven so far; `--certificate` writes the proof for `konane verify`. With
//! `--units`, the solve is cut into units for many machines (see `solve_units`).

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use konane_core::{Board, Position, Shard};
use konane_solver::{
    certify_any, RootReport, Solver, SolverOptions, TableKind, DEFAULT_LEAF_PIECES,
};
use konane_verify::MAX_LEAF_PIECES;

use crate::certificate_file;
use crate::interrupt::stop_on_ctrl_c;
use crate::search_flags::PositionArgs;
use crate::solve_memory::{available_memory, parse_memory, peak_resident, show, MemoryBudget};
use crate::solve_status::{with_status, PlainStatus};

/// The proof table's default size in positions for `board`: 2^(squares − 12), from 2^16
/// to 2^30, and no more than `bytes` (its part of `--memory`; 8 a position in the packed
/// table, about 80 in the `DashMap`: [`SolverOptions::table_entry_bytes`]), a power of
/// two. One rule for both searches: the packed table is allocated zeroed and used from a
/// prefix that doubles as it fills, so a large limit costs neither set-up time nor
/// memory that the proof does not need (7x6 with df-pn stores 4.8 M positions, 231 MB
/// peak, under a limit of 512 M).
fn default_capacity(board: Board, kind: TableKind, bytes: u64) -> usize {
    let by_board = 1u64 << board.area().saturating_sub(12).clamp(16, 30);
    let entry = SolverOptions::table_entry_bytes(board, kind) as u64;
    let by_memory = (bytes / entry).max(1 << 16);
    let capacity = by_board.min(by_memory);
    // The largest power of two not above it (the packed table rounds up otherwise).
    (1u64 << (63 - capacity.leading_zeros())) as usize
}

/// Boards of at least this many squares are solved by proof-number search above
/// [`PN_PIECES`] pieces unless `--pn-pieces` says otherwise: there it cuts the nodes
/// several times (6x6, 7x6, 6x7, 8x5), while on the smaller boards where the side to
/// move wins (7x5, 5x7, 6x5) the depth-first search costs less (docs/proof-search.md,
/// "Proof-number search").
const PN_FROM_SQUARES: u32 = 36;

/// The proof-number search's default piece threshold on those boards.
const PN_PIECES: u32 = 20;

/// The default `--pn-pieces` for `board`: [`PN_PIECES`] from [`PN_FROM_SQUARES`]
/// squares on, else 0; also 0 when a certificate is to be written (its bytes depend
/// on the search's move order, and the writer's many small solves cost more with
/// proof numbers).
fn default_pn_pieces(board: Board, certificate: bool) -> u32 {
    if certificate || board.area() < PN_FROM_SQUARES {
        0
    } else {
        PN_PIECES
    }
}

/// The default `--pn-first-dn` and `--pn-first-pn`: a position the proof-number
/// search has not searched starts with disproof number twice its mover's moves and
/// proof number a third of the other side's. Against `(1, moves)`, one thread: 7x6
/// 18.5 M nodes against 21.3 M, 6x7 18.6 M against 21.7 M, 7x7 after `d4` 77.4 M
/// against 117.7 M; 6x6, 8x5 and 5x8 within 7 % either way (docs/journal/solver-2026.md,
/// "Issue 25: where the speed-up stands").
const PN_FIRST_DN: u32 = 2;
const PN_FIRST_PN: u32 = 3;

/// The default `--pn-first-dn-ours`: each move the other side keeps takes one off a
/// first disproof number (`max(1, 2 · mover's moves − other side's moves)`, the
/// mobility difference). Against 0, one thread: the five benchmark positions 40.3 M
/// nodes against 55.4 M, 7x7 after `a1` 391.8 M against 471.7 M and after `d4` 41.6 M
/// against 52.7 M; the whole 8x6 285.7 M against 282.5 M (docs/proof-search.md, "What
/// each method buys").
const PN_FIRST_DN_OURS: u32 = 1;

/// The default `--pn-dn-share`: a disproof number counts its largest child's proof
/// number in full and 60 % of the others'. Against the plain sum (100), one thread:
/// 7x7 `--all` 576.0 M nodes against 1,320.3 M, the whole 8x6 430.8 M against 616.7 M
/// (docs/proof-search.md, "The damped disproof sum").
const PN_DN_SHARE: u32 = 60;

/// The default `--pn-epsilon`: ε = 1/8 of the 1 + ε trick. With the damped disproof
/// sum, against the library's 1/4, one thread: 7x7 `--all` 518.2 M nodes against
/// 576.0 M, the whole 8x6 395.3 M against 430.8 M, the five benchmark positions 54.3 M
/// against 57.7 M (docs/proof-search.md, "What each method buys").
const PN_EPSILON: (u32, u32) = (1, 8);

/// A fraction `A/B` (or a whole number `A`) of small non-negative numbers, B at least 1.
fn parse_fraction(text: &str) -> Result<(u32, u32), String> {
    let (a, b) = text.split_once('/').unwrap_or((text, "1"));
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 1000)
            .ok_or_else(|| format!("'{text}' is not a fraction A/B of whole numbers up to 1000"))
    };
    match (number(a)?, number(b)?) {
        (_, 0) => Err(format!("'{text}' has a denominator of 0")),
        fraction => Ok(fraction),
    }
}

/// The most entries a searcher's table of proof numbers takes by default: 64 M, on
/// boards of [`PN_MAX_FROM_SQUARES`] squares or more.
const PN_MAX_ENTRIES: u64 = 1 << 26;

/// Boards of at least this many squares (7x7 and larger) take [`PN_MAX_ENTRIES`] by
/// default. On 7x7 twice the entries of 8x6's default pay: the corner `a1` on one
/// thread took 773.5 M nodes and 906 s with 64 M entries against 890.2 M and 1,105 s
/// with 32 M; on two threads 826.2 M and 1,140 M nodes against 1,222 M (one run each,
/// before the digest change of 2026-12-04, after which the same one-thread corner run
/// took 1,177.7 M: single corner runs swing by half; docs/journal/solver-2026.md, "Issue 25:
/// where the speed-up stands").
const PN_MAX_FROM_SQUARES: u32 = 49;

/// The default `--pn-mpos` in entries: 2^(squares − 22) from 2^20 to 2^25, and
/// [`PN_MAX_ENTRIES`] from [`PN_MAX_FROM_SQUARES`] squares on; no more than `bytes` (their
/// part of `--memory`) for the tables of numbers of `threads` threads
/// ([`SolverOptions::pn_bytes_per_entry`]), a power of two. 7x6 takes fewer nodes and
/// less time with 1 M entries than with 32 M (21.98 M nodes and 34.7 s against 22.35 M
/// and 39.7 s on one thread), while 7x7 after `d4` is proven in 327 s with 32 M
/// (docs/journal/solver-2026.md, "Proof-number search as of 2026-12-05").
/// A searcher's own table starts at 1,024 entries and doubles when half full, and the
/// shared one is mapped as it is written, so a small search never takes it all.
fn default_pn_entries(board: Board, bytes: u64, threads: usize) -> usize {
    let entry = SolverOptions::pn_bytes_per_entry(board, threads) as u64;
    let by_board = match board.area() {
        area if area >= PN_MAX_FROM_SQUARES => PN_MAX_ENTRIES,
        area => 1u64 << area.saturating_sub(22).clamp(20, 25),
    };
    let by_memory = (bytes / entry).max(1 << 20);
    let entries = by_board.min(by_memory);
    (1u64 << (63 - entries.leading_zeros())) as usize
}

/// Arguments of `konane solve`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane solve --size 6x6
  konane solve --size 5x5 --all --threads 1
  konane solve --fen <FEN>
  konane solve --size 6x6 --certificate 6x6.cert && konane verify 6x6.cert

On many machines: cut the solve into units, solve each shard of them anywhere, merge.
  konane solve --size 6x6 --split 4 --units units.txt
  konane solve --units units.txt --shard 3/8 --results results-3.txt
  konane solve --units units.txt --merge results-*.txt

Solving only the units of the cheapest proof, round after round, costs far fewer
nodes than solving them all: merge, solve the units it lists as the cheapest proof,
and again until the winner is proven.
  konane solve --units units.txt --merge results-*.txt > merged.txt
  sed -n '/^Cheapest proof/,/^Others/p' merged.txt > round.txt
  konane solve --units units.txt --shard 3/8 --results results-3.txt --only round.txt

A shard's results file is resumable: run the same command again after Ctrl-C or a
killed job, and it skips the units already solved. With --shard or --merge, --size,
--fen, --moves and --split check that the units file is the one meant.")]
#[command(group(clap::ArgGroup::new("start").args(["size", "fen"])))]
pub struct SolveArgs {
    /// The position to solve: the start position (full removal opening) of --size, or
    /// --fen, then --moves.
    #[command(flatten)]
    pub position: PositionArgs,
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
    /// board (16 for 6x6, 1024 from 7x6 up) but takes at most two thirds of --memory
    /// (8 bytes a position in the packed table, about 80 in the DashMap).
    #[arg(long)]
    pub table_mpos: Option<usize>,
    /// The memory the solver's tables keep to, e.g. 16GiB, 512MiB or 1.5G: two thirds
    /// for the proof table, one third for the tables of proof numbers. Once full, they
    /// overwrite their least valuable entries and the solve goes on (slower, never
    /// wrong). Default: three eighths of the memory available.
    #[arg(long, value_name = "SIZE", value_parser = parse_memory)]
    pub memory: Option<u64>,
    /// Split positions of at most this many pieces into regions no jump can ever join,
    /// leaving out those where nobody can move (default 0: never split; 11 gives the
    /// fewest nodes for the time, but more time than without).
    #[arg(long, value_name = "N")]
    pub region_pieces: Option<u32>,
    /// Value regions of at most this many pieces (game values): the verdict is read
    /// from the values when every region that can move is that small (0: never;
    /// default 8).
    #[arg(long, value_name = "N")]
    pub value_pieces: Option<u32>,
    /// Search positions of at least this many pieces by proof numbers (df-pn), depth
    /// first below them (0: depth first everywhere; default 20 on boards of 36
    /// squares or more, 0 on smaller boards and with --certificate).
    #[arg(long, value_name = "N")]
    pub pn_pieces: Option<u32>,
    /// Entries of each thread's table of proof numbers, in millions (2^20); default:
    /// 2^(squares - 22) positions, from 1 M (7x6 and smaller) to 32 M (8x6), 64 M on
    /// 7x7 and larger, within a third of --memory.
    #[arg(long, value_name = "M")]
    pub pn_mpos: Option<usize>,
    /// The proof-number search's first disproof number of a position it has not
    /// searched, per move of the position's mover [default: 2].
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=64))]
    pub pn_first_dn: Option<u32>,
    /// What each move of the other side (the one that just moved) takes off that first
    /// disproof number, which stays at least 1 (0: nothing) [default: 1].
    #[arg(long, value_name = "W", value_parser = clap::value_parser!(u32).range(0..=64))]
    pub pn_first_dn_ours: Option<u32>,
    /// The proof-number search's first proof number of a position it has not searched:
    /// the moves the other side (the one that just moved) would have there, divided by
    /// K, at least 1 (0: always 1) [default: 3].
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=64))]
    pub pn_first_pn: Option<u32>,
    /// The proof-number search's ε of the 1 + ε trick, a fraction A/B (0 or 0/1:
    /// plain df-pn) [default: 1/8].
    #[arg(long, value_name = "A/B", value_parser = parse_fraction)]
    pub pn_epsilon: Option<(u32, u32)>,
    /// The percentage of its children's proof numbers, other than the largest, that
    /// the proof-number search counts in a position's disproof number (100: the plain
    /// sum, which counts the positions the children share once per child) [default: 60].
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u32).range(0..=100))]
    pub pn_dn_share: Option<u32>,
    /// Decide positions of at most this many pieces by their safe moves where they
    /// can (moves the other side can never prevent, against the most moves it can
    /// ever make) before searching them (0: never) [default: 0].
    #[arg(long, value_name = "N")]
    pub safe_pieces: Option<u32>,
    /// Stop as soon as one root move is proven to win: the verdict (and a certificate)
    /// without the values of the other root moves.
    #[arg(long, conflicts_with_all = ["all", "units"])]
    pub first_win: bool,
    /// Write the proof of the verdict to FILE, for `konane verify FILE`; with --units
    /// and --merge, the proof of the positions above the units, once the results
    /// decide the root (`konane verify FILE UNIT-CERTIFICATES…` checks the whole).
    #[arg(long, value_name = "FILE", group = "certify", conflicts_with_all = ["split", "shard"])]
    pub certificate: Option<PathBuf>,
    /// With --shard: write the proof of each unit solved to DIR/unit-ID.cert (before
    /// its result goes to the results file), for `konane verify` with the top's
    /// certificate (--merge --certificate).
    #[arg(long, value_name = "DIR", group = "certify", requires = "shard")]
    pub certificates: Option<PathBuf>,
    /// Certificate leaf limit: positions of at most this many pieces get no record,
    /// the checker solves them itself (fewer records, more checking).
    #[arg(long, requires = "certify", default_value_t = DEFAULT_LEAF_PIECES,
          value_parser = clap::value_parser!(u32).range(0..=MAX_LEAF_PIECES as i64))]
    pub leaf_pieces: u32,
    /// Cut the solve into units, the positions D plies below the root (removals count,
    /// symmetric positions once), and write them to the --units file.
    #[arg(long, value_name = "D", requires = "units")]
    pub split: Option<u32>,
    /// The units file: written with --split, read with --shard and --merge.
    #[arg(long, value_name = "FILE")]
    pub units: Option<PathBuf>,
    /// Solve part K of N of the units (units 1, N+1, 2N+1, … are part 1), appending
    /// each result to --results as it is proven.
    #[arg(long, value_name = "K/N", requires_all = ["units", "results"], conflicts_with = "merge")]
    pub shard: Option<Shard>,
    /// The shard's results file: created, or resumed (units already there are skipped).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub results: Option<PathBuf>,
    /// Solve only the units listed in this file, in its order: lines that start with a
    /// unit's id (the "Still needed" lines of --merge's output; other lines are skipped).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub only: Option<PathBuf>,
    /// Back these results files up to the root of the units file: the verdict, the
    /// winning first moves, and the units still needed, cheapest proof first (with no
    /// file: the units to start with).
    #[arg(long, value_name = "RESULTS", num_args = 0.., requires = "units")]
    pub merge: Option<Vec<PathBuf>>,
    /// Keep every proven position of at least --keep-pieces pieces in FILE too, and
    /// load what FILE holds first: a solve stopped at any time (Ctrl-C, a killed job)
    /// and started again with the same FILE goes on from what it proved.
    #[arg(long, value_name = "FILE", conflicts_with = "merge")]
    pub keep_proven: Option<PathBuf>,
    /// The fewest pieces of a position kept in the --keep-proven file (default: two
    /// thirds of the board's squares; fewer pieces keep more, in a larger file).
    #[arg(long, value_name = "N", requires = "keep_proven")]
    pub keep_pieces: Option<u32>,
    /// Where the progress bar cannot be drawn (standard error is a log or a batch
    /// job's output, not a terminal), write its line to standard error every SECONDS
    /// instead: elapsed time, root moves or units done, nodes, speed, memory, the
    /// root's proof numbers
    #[arg(long, value_name = "SECONDS", default_value = "60", value_parser = parse_every)]
    pub progress_every: Duration,
}

/// `--progress-every`: seconds, from 0.2 (the status's refresh) to a day.
fn parse_every(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(secs) if (0.2..=86_400.0).contains(&secs) => Ok(Duration::from_secs_f64(secs)),
        Ok(_) => Err(format!(
            "'{text}' is out of range: give 0.2 to 86400 seconds"
        )),
        Err(_) => Err(format!("'{text}' is not a number of seconds")),
    }
}

impl SolveArgs {
    /// The position given by --size or --fen, then --moves; `None` without either.
    pub fn root(&self) -> Result<Option<Position>> {
        if !self.position.names_a_start() {
            return Ok(None);
        }
        self.position.position(Board::STANDARD).map(Some)
    }

    /// The solver's options for positions on `board`.
    pub fn solver_options(&self, board: Board) -> SolverOptions {
        let pn_pieces = self
            .pn_pieces
            .unwrap_or_else(|| default_pn_pieces(board, self.certificate.is_some()));
        let defaults = SolverOptions::default();
        SolverOptions {
            table: self.table,
            capacity: match self.table_mpos {
                Some(millions) => millions.max(1) << 20,
                None => default_capacity(board, self.table, self.memory_budget().table),
            },
            region_pieces: self.region_pieces.unwrap_or(defaults.region_pieces),
            value_pieces: self.value_pieces.unwrap_or(defaults.value_pieces),
            pn_pieces,
            pn_entries: match self.pn_mpos {
                Some(millions) => millions.max(1) << 20,
                None => {
                    default_pn_entries(board, self.memory_budget().numbers, self.thread_count())
                }
            },
            pn_first_dn: self.pn_first_dn.unwrap_or(PN_FIRST_DN),
            pn_first_dn_ours: self.pn_first_dn_ours.unwrap_or(PN_FIRST_DN_OURS),
            pn_first_pn: self.pn_first_pn.unwrap_or(PN_FIRST_PN),
            pn_epsilon: self.pn_epsilon.unwrap_or(PN_EPSILON),
            pn_dn_share: self.pn_dn_share.unwrap_or(PN_DN_SHARE),
            safe_pieces: self.safe_pieces.unwrap_or(defaults.safe_pieces),
            ..defaults
        }
    }

    /// The memory of the solver's tables: --memory, or the default share of what the
    /// machine has available.
    pub fn memory_budget(&self) -> MemoryBudget {
        match self.memory {
            Some(bytes) => MemoryBudget::of(bytes),
            None => MemoryBudget::default_for(available_memory()),
        }
    }

    /// A solver for positions on `board` with these options, keeping proven positions
    /// in the --keep-proven file (and loading what it holds) when one is given.
    pub fn solver(&self, board: Board) -> Result<Solver> {
        let mut solver = Solver::new(board, self.solver_options(board));
        if let Some(path) = &self.keep_proven {
            let pieces = self.keep_pieces.unwrap_or(board.area() * 2 / 3);
            let kept = solver.keep_proven(path, pieces)?;
            if kept.dropped_partial {
                eprintln!(
                    "konane: {}: the last record was cut off (an interrupted write) and is dropped",
                    path.display()
                );
            }
            println!(
                "Proven positions of {pieces} pieces or more are kept in {}: {} loaded",
                path.display(),
                kept.loaded
            );
        }
        Ok(solver)
    }

    /// The worker threads: --threads, or one per core.
    fn thread_count(&self) -> usize {
        match self.threads {
            Some(threads) if threads > 0 => threads,
            _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }

    /// The pool of worker threads: --threads, or one per core (the count the
    /// default table of proof numbers is shared over).
    pub fn pool(&self) -> Result<rayon::ThreadPool> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.thread_count())
            .build()
            .context("cannot start the worker threads")
    }
}

/// Runs `konane solve` on one position (`--units` solves go to `solve_units::run`).
pub fn run(args: &SolveArgs) -> Result<()> {
    let Some(position) = args.root()? else {
        bail!("give --size or --fen (or --units with --shard or --merge)");
    };
    let pool = args.pool()?;
    // The time the user sees includes setting up the tables.
    let started = Instant::now();
    let solver = args.solver(position.board())?;
    let stop = solver.stop_flag();
    stop_on_ctrl_c(solver.stop_flag())?;

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
    let report = with_status(
        &bar,
        &solver,
        started,
        PlainStatus {
            every: args.progress_every,
            counted: "root moves",
        },
        &|| {
            solver
                .root_numbers()
                .map_or_else(String::new, |root| root.to_string())
        },
        || {
            pool.install(|| {
                solver.solve_moves(&position, |value, _| {
                    if value.wins && args.first_win {
                        stop.store(true, Ordering::Relaxed);
                    }
                    let verdict = if value.wins { "wins" } else { "loses" };
                    bar.println(format!("  {}: {verdict}", value.mv));
                    bar.inc(1);
                })
            })
        },
    );
    bar.finish_and_clear();
    solver
        .flush_proven()
        .context("cannot write the proven positions to the --keep-proven file")?;
    let winner_found = args.first_win && report.winner().is_some();
    print_report(
        &report,
        args.all,
        winner_found,
        started.elapsed().as_secs_f64(),
        solver.table_len(),
    );
    if let Some(path) = &args.certificate {
        if winner_found {
            stop.store(false, Ordering::Relaxed);
        }
        pool.install(|| write_certificate(&solver, &position, &report, args.leaf_pieces, path))?;
    }
    Ok(())
}

/// Writes the certificate of what `report` proved about `root` to `path` (through a temporary
/// file, so that a failure never leaves half a certificate under that name).
fn write_certificate(
    solver: &Solver,
    root: &Position,
    report: &RootReport,
    leaf_pieces: u32,
    path: &Path,
) -> Result<()> {
    let started = Instant::now();
    let bar = ProgressBar::new_spinner();
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} certificate: {msg}")
            .expect("the template is valid"),
    );
    let certificate = certify_any(solver, root, report, leaf_pieces, |done| {
        bar.set_message(format!("{done} positions proven"))
    });
    bar.finish_and_clear();
    let certificate = certificate.context("no certificate written")?;
    let bytes = certificate_file::save(&certificate, path)?;
    println!(
        "Certificate: {} ({}, {:.3} s)",
        path.display(),
        certificate_file::describe(&certificate, bytes),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints the verdict, the winning moves (every value with `all`, and every value proven
/// when the solve stopped early: what it learnt, which the progress bar's lines do not
/// keep in a log), nodes and time.
fn print_report(report: &RootReport, all: bool, first_win: bool, seconds: f64, table_len: usize) {
    if !report.complete {
        let why = if first_win {
            "Stopped at the first winning move"
        } else {
            "Interrupted"
        };
        println!("{why}: {} of the root moves proven", report.values.len());
    }
    if all || !report.complete {
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
    if report.jobs > 0 {
        println!("Shared between threads: {} positions", report.jobs);
    }
    println!(
        "Time: {seconds:.3} s, {:.2} M nodes/s, {table_len} positions in the proof table",
        report.nodes as f64 / seconds.max(1e-9) / 1e6
    );
    if let Some(peak) = peak_resident() {
        println!("Memory: {} peak resident", show(peak));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epsilons_are_read_as_fractions_with_one_clear_error() {
        assert_eq!(parse_fraction("1/4"), Ok((1, 4)));
        assert_eq!(parse_fraction("0"), Ok((0, 1)));
        assert_eq!(parse_fraction(" 3 / 8 "), Ok((3, 8)));
        assert!(parse_fraction("1/0")
            .unwrap_err()
            .contains("denominator of 0"));
        for bad in ["", "a/4", "-1/4", "1/4/2", "0.25", "5000/1"] {
            let error = parse_fraction(bad).unwrap_err();
            assert!(error.contains("is not a fraction"), "{bad}: {error}");
        }
    }

    #[test]
    fn the_default_table_grows_with_the_board_within_a_quarter_of_the_memory() {
        let board = |w, h| Board::new(w, h).unwrap();
        let lots = 1 << 40;
        let packed = |b, available| {
            let bytes = MemoryBudget::default_for(available).table;
            default_capacity(b, TableKind::Packed, bytes)
        };
        assert_eq!(packed(board(4, 4), lots), 1 << 16);
        assert_eq!(packed(board(6, 6), lots), 1 << 24);
        assert_eq!(packed(board(7, 6), lots), 1 << 30);
        assert_eq!(packed(board(8, 8), lots), 1 << 30);
        // 23 GB available: a quarter is 5.75 GB, 718 M positions, so 512 M (4 GiB).
        assert_eq!(packed(board(7, 7), 23_000_000_000), 1 << 29);
        assert_eq!(packed(board(8, 6), 23_000_000_000), 1 << 29);
        assert_eq!(packed(board(7, 7), 1 << 20), 1 << 16);
        assert_eq!(packed(board(6, 8), 23_000_000_000), 1 << 29);
        // 8x8's positions quotient-pack in one word too: 8 bytes, 512 M positions. In
        // the DashMap, 80 bytes a position give 71.9 M, so 64 M (about 5 GB).
        assert_eq!(packed(board(8, 8), 23_000_000_000), 1 << 29);
        for b in [board(7, 7), board(8, 8)] {
            let bytes = MemoryBudget::default_for(23_000_000_000).table;
            let map = default_capacity(b, TableKind::DashMap, bytes);
            assert_eq!(map, 1 << 26);
        }
    }

    #[test]
    fn the_default_table_of_numbers_grows_with_the_board_within_an_eighth_of_the_memory() {
        let board = |w, h| Board::new(w, h).unwrap();
        let default_pn_entries = |b, available: u64, threads| {
            super::default_pn_entries(b, MemoryBudget::default_for(available).numbers, threads)
        };
        let lots = 1 << 40;
        assert_eq!(default_pn_entries(board(6, 6), lots, 2), 1 << 20);
        assert_eq!(default_pn_entries(board(7, 6), lots, 2), 1 << 20);
        assert_eq!(default_pn_entries(board(8, 6), lots, 2), 1 << 25);
        assert_eq!(default_pn_entries(board(6, 8), lots, 1), 1 << 25);
        for threads in [1, 2] {
            assert_eq!(
                default_pn_entries(board(7, 7), lots, threads),
                PN_MAX_ENTRIES as usize
            );
        }
        // 23 GB: an eighth is 2.875 GB, 89.8 M entries of 32 bytes on one thread, or of
        // the shared table's 2 x 16 bytes on two, so 64 M either way (2 GiB).
        assert_eq!(default_pn_entries(board(7, 7), 23_000_000_000, 1), 1 << 26);
        assert_eq!(default_pn_entries(board(7, 7), 23_000_000_000, 2), 1 << 26);
        // Four threads share a table of 4 x 16 bytes an entry: 44.9 M, so 32 M.
        assert_eq!(default_pn_entries(board(7, 7), 23_000_000_000, 4), 1 << 25);
        // 4 GiB and 2 threads: 512 MiB, 16 M entries of 2 x 16 bytes.
        assert_eq!(default_pn_entries(board(7, 7), 1 << 32, 2), 1 << 24);
        // Never below 1 M; larger entries on boards of more than 64 squares.
        assert_eq!(default_pn_entries(board(7, 7), 1 << 28, 2), 1 << 20);
        assert!(default_pn_entries(board(9, 9), 1 << 32, 1) < 1 << 24);
    }

    #[test]
    fn proof_numbers_are_the_default_from_36_squares_on_except_for_certificates() {
        let board = |w, h| Board::new(w, h).unwrap();
        assert_eq!(default_pn_pieces(board(7, 5), false), 0);
        assert_eq!(default_pn_pieces(board(6, 6), false), PN_PIECES);
        assert_eq!(default_pn_pieces(board(7, 7), false), PN_PIECES);
        assert_eq!(default_pn_pieces(board(7, 6), true), 0);
    }
}
