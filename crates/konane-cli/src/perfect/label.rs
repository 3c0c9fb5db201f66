//! `konane perfect label`: positions reached by random play from the start, or in the
//! games of match records (`--records`), kept when the side to move wins, each labelled
//! by the exact solver with every winning move.
//! The algorithm (which games, which positions, when a piece count runs dry) is
//! `konane_solver::Labeller`'s; this command reads its arguments, keeps the file
//! (header, one line a position, resumed where a stopped run left it) and prints the
//! progress.
//!
//! Each kept position is appended to the file at once, with its game, so a rerun of the
//! same command starts at the game after the last one kept and writes the positions
//! and winning moves an unbroken run would have.

use std::fs::OpenOptions;
use std::io::Write;
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::str::FromStr;
use std::time::Instant;

use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use konane_arena::Records;
use konane_core::{Board, Move, Position};
use konane_solver::{
    Games, LabelError, LabelEvent, LabelStop, Labeller, Solver, SolverOptions, GIVE_UP_GAMES,
};

use super::file::{self, Labelled, COLUMNS};

/// The default of `--pn-pieces` (measured on 7x6 and 7x7 positions:
/// docs/journal/search-2026.md, "What a label costs").
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
  konane perfect label --size 8x8 --pieces 28-33 --count 200 --records a.txt b.txt --out 8x8.txt

Run the same command again to resume a stopped run: it reads --out, checks that it
was made with the same --size, --pieces, --count and --seed (or --records), and goes on from the game
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
    #[arg(long, default_value_t = 1, conflicts_with = "records")]
    pub seed: u64,
    /// Take the positions from the games of these match record files (`konane match
    /// --record`, `konane selfplay --record`), game after game in the files' order,
    /// instead of from random games.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub records: Vec<PathBuf>,
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
        let games = if self.records.is_empty() {
            format!("--seed {}", self.seed)
        } else {
            let files: Vec<String> = self
                .records
                .iter()
                .map(|path| path.display().to_string())
                .collect();
            format!("--records {}", files.join(" "))
        };
        format!(
            "--size {} --pieces {}-{} --count {} {games}",
            self.size,
            self.pieces.0.start(),
            self.pieces.0.end(),
            self.count,
        )
    }

    /// The games the positions come from: the random games of `--seed`, or those of
    /// `--records`, each of which must be on `--size`.
    fn games(&self) -> Result<Games> {
        if self.records.is_empty() {
            return Ok(Games::Random { seed: self.seed });
        }
        let mut games: Vec<(Position, Vec<Move>)> = Vec::new();
        for path in &self.records {
            let records = Records::read(path)?;
            for record in records.games {
                let board = record.game.start.board();
                if board != self.size {
                    bail!(
                        "{} game {}: it is on {board}, not on --size {}",
                        path.display(),
                        record.number,
                        self.size
                    );
                }
                games.push((record.game.start, record.game.moves));
            }
        }
        Ok(Games::Played(games))
    }

    /// Where the positions come from, as the file's header says it.
    fn source(&self) -> String {
        if self.records.is_empty() {
            format!(
                "reached by random play on {} (both removals, then random jumps)",
                self.size
            )
        } else {
            let files = match self.records.len() {
                1 => "1 match record file".to_string(),
                n => format!("{n} match record files"),
            };
            format!("reached in the games of {files} on {}", self.size)
        }
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
    let mut labeller = Labeller::new(board, range.clone(), args.count, args.games()?);
    // What the labeller refuses, in this command's words.
    let refusal = |error: LabelError| match error {
        LabelError::Overfull(pieces) => {
            anyhow!("the file holds more positions of {pieces} pieces than --count gives them")
        }
        LabelError::Repeated(fen) => anyhow!("the file holds {fen} twice (up to symmetry)"),
        LabelError::Exhausted { kept } => anyhow!(
            "no new position in {GIVE_UP_GAMES} games: {board} has too few distinct won \
             positions of {}-{} pieces for --count {} ({kept} kept)",
            range.start(),
            range.end(),
            args.count
        ),
        LabelError::OutOfGames { games, kept } => anyhow!(
            "the {games} games of --records gave {kept} won positions of {}-{} pieces, \
             fewer than --count {}: add record files or lower --count",
            range.start(),
            range.end(),
            args.count
        ),
    };
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
            labeller.resume_lost(position);
        }
        for labelled in &existing.positions {
            on_board(&labelled.position)?;
            labeller
                .resume_kept(&labelled.position, labelled.game)
                .map_err(refusal)?;
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
            "# Positions won for the side to move, {}, each labelled by the exact solver \
             with every winning move.\n{}\n{COLUMNS}\n",
            args.source(),
            file::made_by_line(&command, &args.out)
        );
        std::fs::write(&args.out, header)
            .with_context(|| format!("cannot write {}", args.out.display()))?;
    }
    let next_game = labeller.next_game();
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
        labeller.kept(),
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
    let mut started = (Instant::now(), None);
    let mut write_line = |line: String| {
        writeln!(out, "{line}")
            .and_then(|()| out.flush())
            .with_context(|| format!("cannot write {}", args.out.display()))
    };
    let run = labeller.run(&solver, pool.as_ref(), |event| -> Result<()> {
        match event {
            LabelEvent::Exhausted { game, counts } => println!(
                "game {game}: no new position in {GIVE_UP_GAMES} games; {counts:?} pieces \
                 keep what they have, their share goes to the other counts"
            ),
            LabelEvent::Solving { .. } => {
                // The thread's own CPU time says nothing when the pool solves.
                started = (Instant::now(), pool.is_none().then(thread_cpu_seconds).flatten());
            }
            LabelEvent::Lost {
                game,
                position,
                legal,
                nodes,
            } => {
                let time = elapsed(started.0, started.1);
                println!(
                    "game {game}: {} pieces, {} to move loses ({legal} moves), {nodes} nodes, {time}",
                    position.piece_count(),
                    position.side_to_move()
                );
                write_line(file::lost_line(position, game))?;
            }
            LabelEvent::Won {
                game,
                position,
                winning,
                legal,
                nodes,
                kept,
            } => {
                let time = elapsed(started.0, started.1);
                let labelled = Labelled {
                    position: *position,
                    winning: winning.to_vec(),
                    legal,
                    nodes,
                    game,
                };
                write_line(labelled.to_line())?;
                println!(
                    "game {game}: {} pieces, {} to move wins ({} of {legal} moves), {nodes} nodes, {time} [{kept}/{}]",
                    labelled.pieces(),
                    position.side_to_move(),
                    labelled.winning.len(),
                    args.count
                );
            }
        }
        Ok(())
    });
    match run {
        Ok(()) => {}
        Err(LabelStop::Label(error)) => return Err(refusal(error)),
        Err(LabelStop::Report(error)) => return Err(error),
    }
    println!(
        "Done: {} positions in {}",
        labeller.kept(),
        args.out.display()
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_as_min_max() {
        assert_eq!("32-38".parse::<PieceRange>().unwrap().0, 32..=38);
        assert_eq!("7".parse::<PieceRange>().unwrap().0, 7..=7);
        assert!("38-32".parse::<PieceRange>().unwrap_err().contains("empty"));
        assert!("a-b".parse::<PieceRange>().unwrap_err().contains("MIN-MAX"));
    }
}
