//! `konane perfect label`: positions reached by random play from the start (both
//! removals, then random jumps: one game a seed), kept when the side to move wins, each
//! labelled by the exact solver with every winning move.
//!
//! Deterministic and resumable: game `g` is `random_opening(board, …, seed + g)`; each
//! game gives at most one position. The piece counts share `--count` evenly, and game
//! `g` aims at one of those that still have room, in turn (so that a stopped run has
//! them all). When [`GIVE_UP_GAMES`] games in a row keep nothing, the counts that still
//! have room are taken to have no more distinct won positions: each keeps what it has
//! and the rest of its share goes to the other counts, evenly (the run fails only when
//! no other count is left). The game takes the first position along the game with at most that many pieces
//! whose count has room, that is no symmetric image of a position already kept, and
//! that the side to move wins (after a lost one, the next position of the game is won
//! for its mover). Each kept position is appended to the file at once, with its game,
//! so a rerun of the same command starts at the game after the last one kept and
//! writes the positions and winning moves an unbroken run would have.
//!
//! One solver (one proof table) serves the whole run, with proof-number search above
//! `--pn-pieces`: later positions reuse what earlier ones proved (the next position of
//! a game is a child of the lost one before it). The node counts therefore depend on
//! what the run proved before; the labels, being exact, do not.

use std::collections::HashSet;
use std::fs::OpenOptions;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_core::{random_opening, Board, Position};
use konane_solver::{RootThreads, Solver, SolverOptions};

use super::file::{self, Labelled, COLUMNS};

/// Games in a row without a new position after which the counts that still have room
/// are taken to be exhausted (the board has too few distinct won positions of those
/// counts) and their shares go to the other counts.
pub const GIVE_UP_GAMES: u64 = 20_000;

/// The default of `--pn-pieces` (measured on 7x6 and 7x7 positions: docs/search.md,
/// "Against perfect play").
pub const DEFAULT_PN_PIECES: u32 = 22;

/// The default of `--pn-mpos`: the solver's own default, 1 M entries.
const DEFAULT_PN_MPOS: usize = 1;

/// The default of `--pn-first-dn`: the solver's own default.
const DEFAULT_PN_FIRST_DN: u32 = 1;

/// The default of `--pn-first-pn`: the solver's own default.
const DEFAULT_PN_FIRST_PN: u32 = 0;

/// A range of piece counts, `MIN-MAX` (or one number).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceRange(pub RangeInclusive<u32>);

impl FromStr for PieceRange {
    type Err = String;

    fn from_str(text: &str) -> Result<PieceRange, String> {
        let (low, high) = text.split_once('-').unwrap_or((text, text));
        let parse = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("'{text}' is not a piece range MIN-MAX (e.g. 32-38)"))
        };
        let (low, high) = (parse(low)?, parse(high)?);
        if low > high {
            return Err(format!("piece range '{text}' is empty"));
        }
        Ok(PieceRange(low..=high))
    }
}

/// The program as a file's header names it, before the flags.
const PROGRAM: &str = "konane perfect label";

/// Arguments of `konane perfect label`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:
  konane perfect label --size 7x6 --pieces 32-38 --count 200 --out data/perfect-play/7x6.txt
  konane perfect label --size 5x4 --pieces 10-16 --count 20 --table-mpos 1 --out 5x4.txt

Run the same command again to resume a stopped run: it reads --out, checks that it
was made with the same --size, --pieces, --count and --seed, and goes on from the game
after the last position, without solving again the positions it found lost (its
'# lost:' lines). The solver's settings may differ (they change only the node counts):
a '# resumed at game G:' line then names the new command.")]
pub struct LabelArgs {
    /// Board size, as WxH.
    #[arg(long)]
    pub size: Board,
    /// Piece counts (both sides together) of the positions kept, MIN-MAX.
    #[arg(long, value_name = "MIN-MAX")]
    pub pieces: PieceRange,
    /// Positions to keep in all, shared evenly by the piece counts.
    #[arg(long)]
    pub count: usize,
    /// Seed of the random games (game g is played from seed + g).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The solver's proof table, in millions (2^20) of positions (8 bytes each), one
    /// table for the whole run.
    #[arg(long, default_value_t = 64)]
    pub table_mpos: usize,
    /// Positions of at least this many pieces are searched by proof-number search
    /// (df-pn), those below depth first (0: depth first everywhere).
    #[arg(long, default_value_t = DEFAULT_PN_PIECES)]
    pub pn_pieces: u32,
    /// The proof-number search's table of unproven positions, in millions (2^20) of
    /// entries (32 bytes each on boards of up to 64 squares); 7x7 needs 32.
    #[arg(long, value_name = "M", default_value_t = DEFAULT_PN_MPOS)]
    pub pn_mpos: usize,
    /// The proof-number search's first disproof number of an unsearched position, per
    /// move of its mover (`konane solve --pn-first-dn`; 7x7 wants 2).
    #[arg(long, value_name = "D", default_value_t = DEFAULT_PN_FIRST_DN,
          value_parser = clap::value_parser!(u32).range(1..=64))]
    pub pn_first_dn: u32,
    /// The proof-number search's first proof number of an unsearched position: the
    /// moves of the side that just moved, divided by K, at least 1 (`konane solve
    /// --pn-first-pn`; 0: always 1).
    #[arg(long, value_name = "K", default_value_t = DEFAULT_PN_FIRST_PN,
          value_parser = clap::value_parser!(u32).range(0..=64))]
    pub pn_first_pn: u32,
    /// Worker threads: the root moves of a position are solved in parallel (the
    /// positions and winning moves are those of one thread; only the node counts vary).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: u32,
    /// The labelled positions file: created with its header, or resumed.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

impl LabelArgs {
    /// The settings that decide which positions the file holds and their labels, as
    /// command-line flags: a file is resumed only with these.
    fn identity(&self) -> String {
        format!(
            "--size {} --pieces {}-{} --count {} --seed {}",
            self.size,
            self.pieces.0.start(),
            self.pieces.0.end(),
            self.count,
            self.seed,
        )
    }

    /// Every setting of the file's lines, as command-line flags: the identity, then
    /// the solver's, which change only the node counts (`--pn-mpos`, `--pn-first-dn`
    /// and `--pn-first-pn` only when they are not the default, so that the header of a
    /// file made before those flags existed reads as before).
    fn settings(&self) -> String {
        let unless_default = |flag: &str, value: u64, default: u64| {
            if value == default {
                String::new()
            } else {
                format!(" {flag} {value}")
            }
        };
        let pn_mpos = unless_default("--pn-mpos", self.pn_mpos as u64, DEFAULT_PN_MPOS as u64);
        let pn_first_dn = unless_default(
            "--pn-first-dn",
            self.pn_first_dn.into(),
            DEFAULT_PN_FIRST_DN.into(),
        );
        let pn_first_pn = unless_default(
            "--pn-first-pn",
            self.pn_first_pn.into(),
            DEFAULT_PN_FIRST_PN.into(),
        );
        format!(
            "{} --table-mpos {} --pn-pieces {}{pn_mpos}{pn_first_dn}{pn_first_pn}",
            self.identity(),
            self.table_mpos,
            self.pn_pieces
        )
    }

    /// The command, as the header names it (after `made by:` or `resumed …:`).
    fn command(&self) -> String {
        format!("{PROGRAM} {} --out", self.settings())
    }
}

/// How many positions each piece count of `range` gets: `count` shared evenly, the
/// higher counts taking the remainder.
pub fn quotas(range: &RangeInclusive<u32>, count: usize) -> Vec<usize> {
    let counts = (range.end() - range.start() + 1) as usize;
    (0..counts)
        .map(|i| count / counts + usize::from(counts - i <= count % counts))
        .collect()
}

/// What has been kept so far: the positions of each piece count and their canonical forms.
struct Kept {
    range: RangeInclusive<u32>,
    quotas: Vec<usize>,
    counts: Vec<usize>,
    /// The counts found to have no more positions (see [`Kept::exhaust`]).
    exhausted: Vec<bool>,
    seen: HashSet<String>,
}

impl Kept {
    fn new(range: RangeInclusive<u32>, count: usize) -> Kept {
        let quotas = quotas(&range, count);
        Kept {
            counts: vec![0; quotas.len()],
            exhausted: vec![false; quotas.len()],
            quotas,
            range,
            seen: HashSet::new(),
        }
    }

    fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    fn is_full(&self) -> bool {
        self.counts == self.quotas
    }

    /// The piece count game `game` aims at: those with room in turn, fewest first.
    fn target(&self, game: u64) -> u32 {
        let with_room: Vec<u32> = self
            .range
            .clone()
            .filter(|&pieces| self.has_room(pieces))
            .collect();
        with_room[(game % with_room.len() as u64) as usize]
    }

    /// Whether a position of `pieces` pieces is in the range and its count has room.
    fn has_room(&self, pieces: u32) -> bool {
        let i = pieces.wrapping_sub(*self.range.start()) as usize;
        self.range.contains(&pieces) && self.counts[i] < self.quotas[i]
    }

    /// After [`GIVE_UP_GAMES`] games without a new position: the counts that still have
    /// room keep what they have, and the rest of their shares goes to the counts not
    /// exhausted, evenly (the higher counts taking the remainder). The piece counts
    /// found exhausted; `None`, and nothing changed, when no count is left to take
    /// their shares.
    fn exhaust(&mut self) -> Option<Vec<u32>> {
        let short: Vec<usize> = (0..self.counts.len())
            .filter(|&i| self.counts[i] < self.quotas[i])
            .collect();
        let takers: Vec<usize> = (0..self.counts.len())
            .filter(|&i| !self.exhausted[i] && !short.contains(&i))
            .collect();
        if takers.is_empty() {
            return None;
        }
        let freed: usize = short.iter().map(|&i| self.quotas[i] - self.counts[i]).sum();
        for &i in &short {
            self.quotas[i] = self.counts[i];
            self.exhausted[i] = true;
        }
        let shares = quotas(&(0..=takers.len() as u32 - 1), freed);
        for (&i, share) in takers.iter().zip(shares) {
            self.quotas[i] += share;
        }
        Some(
            short
                .iter()
                .map(|&i| self.range.start() + i as u32)
                .collect(),
        )
    }

    fn add(&mut self, labelled: &Labelled, key: String) -> Result<()> {
        if !self.has_room(labelled.pieces()) {
            bail!(
                "the file holds more positions of {} pieces than --count gives them",
                labelled.pieces()
            );
        }
        if !self.seen.insert(key) {
            bail!(
                "the file holds {} twice (up to symmetry)",
                labelled.position.to_fen()
            );
        }
        self.counts[(labelled.pieces() - self.range.start()) as usize] += 1;
        Ok(())
    }
}

/// The processor time this thread has run, in seconds (Linux's schedstat; `None`
/// elsewhere): on a loaded machine it says what a solve costs better than the clock.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanoseconds: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(nanoseconds as f64 / 1e9)
}

/// The wall and processor time since `started` and `cpu_started`, for the progress lines.
fn elapsed(started: Instant, cpu_started: Option<f64>) -> String {
    let wall = started.elapsed().as_secs_f64();
    match (cpu_started, thread_cpu_seconds()) {
        (Some(before), Some(now)) => format!("{wall:.1} s (CPU {:.1} s)", now - before),
        _ => format!("{wall:.1} s"),
    }
}

/// Proves the value of every root move of `position` with `solver` (whose table keeps
/// what earlier solves proved), on this thread or, with `pool`, in parallel on its
/// threads: every winning move (none when the side to move loses) and the nodes
/// searched.
fn label(
    solver: &Solver,
    pool: Option<&rayon::ThreadPool>,
    position: &Position,
) -> (Vec<konane_core::Move>, u64) {
    let solve = |threads| solver.solve_root(position, &[], u64::MAX, threads, |_, _| {});
    let report = match pool {
        Some(pool) => pool.install(|| solve(RootThreads::Pool)),
        None => solve(RootThreads::Calling),
    };
    assert!(report.complete, "an unlimited solve proves every root move");
    (report.winning_moves(), report.nodes)
}

/// Runs `konane perfect label`.
pub fn run(args: &LabelArgs) -> Result<()> {
    let board = args.size;
    let range = args.pieces.0.clone();
    if *range.end() > board.area() {
        bail!(
            "--pieces {}-{}: a {board} board holds at most {} pieces",
            range.start(),
            range.end(),
            board.area()
        );
    }
    if args.count == 0 {
        bail!("--count must be at least 1");
    }
    let mut kept = Kept::new(range.clone(), args.count);
    // Positions proven lost, by this run or the one that wrote the file, not solved
    // again (an optimisation only: the positions kept are the same without it).
    let mut lost: HashSet<String> = HashSet::new();
    let mut next_game = 0;
    // The game of the last position kept (or where the last exhaustion was found).
    let mut last_kept = 0;
    let command = args.command();
    // The header line to add when a run resumes the file with other solver settings.
    let mut resumed_with = None;
    if args.out.exists() {
        let existing = file::read(&args.out)?;
        let commands = file::commands(&existing.header);
        let identity = format!("{PROGRAM} {} ", args.identity());
        if !commands
            .first()
            .is_some_and(|made| made.starts_with(&identity))
        {
            bail!(
                "{} was made with other settings than {} (its header: {})",
                args.out.display(),
                args.identity(),
                commands.first().copied().unwrap_or("names no command")
            );
        }
        if !commands
            .last()
            .is_some_and(|last| last.starts_with(&command))
        {
            resumed_with = Some(command.clone());
        }
        let on_board = |position: &Position| -> Result<()> {
            if position.board() != board {
                bail!(
                    "{}: {} is not on {board}",
                    args.out.display(),
                    position.to_fen()
                );
            }
            Ok(())
        };
        for position in &existing.lost {
            on_board(position)?;
            lost.insert(position.canonical_fen());
        }
        for labelled in &existing.positions {
            on_board(&labelled.position)?;
            // The exhaustions the run that wrote the file found on its way.
            while labelled.game - last_kept >= GIVE_UP_GAMES && kept.exhaust().is_some() {
                last_kept += GIVE_UP_GAMES;
            }
            kept.add(labelled, labelled.position.canonical_fen())?;
            next_game = labelled.game + 1;
            last_kept = labelled.game;
        }
        // A stopped run may have left part of a line: it is solved again.
        OpenOptions::new()
            .write(true)
            .open(&args.out)
            .and_then(|f| f.set_len(existing.complete_bytes))
            .with_context(|| format!("cannot write {}", args.out.display()))?;
    } else {
        if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let header = format!(
            "# Positions won for the side to move, reached by random play on {board} (both \
             removals, then random jumps), each labelled by the exact solver with every winning move.\n\
             {}\n{COLUMNS}\n",
            file::made_by_line(&command, &args.out)
        );
        std::fs::write(&args.out, header)
            .with_context(|| format!("cannot write {}", args.out.display()))?;
    }
    let mut out = OpenOptions::new()
        .append(true)
        .open(&args.out)
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    if let Some(command) = resumed_with {
        writeln!(
            out,
            "{}",
            file::resumed_line(next_game, &command, &args.out)
        )
        .with_context(|| format!("cannot write {}", args.out.display()))?;
    }
    println!(
        "Labelling {board}, {}-{} pieces: {} of {} kept, from game {next_game}",
        range.start(),
        range.end(),
        kept.total(),
        args.count
    );
    let solver = Solver::new(
        board,
        SolverOptions {
            capacity: args.table_mpos.max(1) << 20,
            pn_pieces: args.pn_pieces,
            pn_entries: args.pn_mpos.max(1) << 20,
            pn_first_dn: args.pn_first_dn,
            pn_first_pn: args.pn_first_pn,
            ..SolverOptions::default()
        },
    );
    let pool = match args.threads {
        1 => None,
        threads => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads as usize)
                .build()
                .context("cannot start the worker threads")?,
        ),
    };
    let mut game = next_game;
    while !kept.is_full() {
        if game - last_kept >= GIVE_UP_GAMES {
            if let Some(short) = kept.exhaust() {
                println!(
                    "game {game}: no new position in {GIVE_UP_GAMES} games; {short:?} pieces \
                     keep what they have, their share goes to the other counts"
                );
                last_kept = game;
                continue;
            }
            bail!(
                "no new position in {GIVE_UP_GAMES} games: {board} has too few distinct won \
                 positions of {}-{} pieces for --count {} ({} kept)",
                range.start(),
                range.end(),
                args.count,
                kept.total()
            );
        }
        let line = random_opening(board, board.area() as usize, args.seed.wrapping_add(game));
        let target = kept.target(game);
        let mut position = Position::start(board);
        for mv in line {
            position.play(mv);
            if position.piece_count() > target || !kept.has_room(position.piece_count()) {
                continue;
            }
            let key = position.canonical_fen();
            if kept.seen.contains(&key) || lost.contains(&key) {
                continue;
            }
            // The thread's own CPU time says nothing when the pool solves.
            let cpu_started = pool.is_none().then(thread_cpu_seconds).flatten();
            let started = Instant::now();
            let (winning, nodes) = label(&solver, pool.as_ref(), &position);
            let time = elapsed(started, cpu_started);
            let legal = position.legal_moves().len();
            if winning.is_empty() {
                println!(
                    "game {game}: {} pieces, {} to move loses ({legal} moves), {nodes} nodes, {time}",
                    position.piece_count(),
                    position.side_to_move()
                );
                writeln!(out, "{}", file::lost_line(&position, game))
                    .and_then(|()| out.flush())
                    .with_context(|| format!("cannot write {}", args.out.display()))?;
                lost.insert(key);
                continue;
            }
            let labelled = Labelled {
                position,
                winning,
                legal,
                nodes,
                game,
            };
            writeln!(out, "{}", labelled.to_line())
                .and_then(|()| out.flush())
                .with_context(|| format!("cannot write {}", args.out.display()))?;
            kept.add(&labelled, key)?;
            last_kept = game;
            println!(
                "game {game}: {} pieces, {} to move wins ({} of {legal} moves), {nodes} nodes, {time} [{}/{}]",
                labelled.pieces(),
                position.side_to_move(),
                labelled.winning.len(),
                kept.total(),
                args.count
            );
            break;
        }
        game += 1;
    }
    println!("Done: {} positions in {}", kept.total(), args.out.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_share_the_quota_evenly() {
        assert_eq!(quotas(&(32..=38), 200), vec![28, 28, 28, 29, 29, 29, 29]);
        assert_eq!(quotas(&(5..=5), 3), vec![3]);
        assert_eq!(quotas(&(1..=4), 2), vec![0, 0, 1, 1]);
        assert_eq!(quotas(&(32..=38), 200).iter().sum::<usize>(), 200);
    }

    #[test]
    fn games_aim_at_the_counts_with_room_in_turn() {
        let mut kept = Kept::new(10..=12, 4);
        let aims: Vec<u32> = (0..4).map(|game| kept.target(game)).collect();
        assert_eq!(aims, [10, 11, 12, 10]);
        kept.counts = vec![1, 0, 1];
        assert_eq!(kept.target(0), 11);
        assert_eq!(kept.target(1), 12);
        kept.counts = vec![1, 1, 2];
        assert!(kept.is_full());
    }

    #[test]
    fn an_exhausted_count_gives_its_share_to_the_others() {
        // 7x6's case: 32-37 full, 38 stuck at 11 of 29.
        let mut kept = Kept::new(32..=38, 200);
        kept.counts = vec![28, 28, 28, 29, 29, 29, 11];
        assert_eq!(kept.exhaust(), Some(vec![38]));
        assert_eq!(kept.quotas, vec![31, 31, 31, 32, 32, 32, 11]);
        assert_eq!(kept.quotas.iter().sum::<usize>(), 200);
        assert_eq!(kept.target(0), 32);
        assert!(!kept.has_room(38));
        // Later 32-36 fill and 37 runs dry: its 2 go to 35 and 36, 38 takes none.
        kept.counts = vec![31, 31, 31, 32, 32, 30, 11];
        assert_eq!(kept.exhaust(), Some(vec![37]));
        assert_eq!(kept.quotas, vec![31, 31, 31, 33, 33, 30, 11]);
        assert_eq!(kept.quotas.iter().sum::<usize>(), 200);
        // When every count with no room left is exhausted too, nothing can take a share.
        kept.counts = vec![31, 31, 31, 32, 32, 30, 11];
        kept.exhausted = vec![true, true, true, true, false, true, true];
        let before = kept.quotas.clone();
        assert_eq!(kept.exhaust(), None);
        assert_eq!(kept.quotas, before);
    }

    #[test]
    fn ranges_read_as_min_max() {
        assert_eq!("32-38".parse::<PieceRange>().unwrap().0, 32..=38);
        assert_eq!("7".parse::<PieceRange>().unwrap().0, 7..=7);
        assert!("38-32".parse::<PieceRange>().unwrap_err().contains("empty"));
        assert!("a-b".parse::<PieceRange>().unwrap_err().contains("MIN-MAX"));
    }
}
