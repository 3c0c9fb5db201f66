//! `konane solve --units`: a solve cut into units for many machines. `--split D` writes
//! the units file, `--shard K/N --results OUT` solves one shard of it (resumable; with
//! `--certificates DIR`, a certificate a unit), and `--merge OUT…` backs the results up
//! to the root (with `--certificate FILE`, the certificate of the top of the proof).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use konane_core::{Move, Shard};
use konane_solver::certify_position;
use konane_solver::units::{
    back_up, solve_units, top_certificate, write_units, Backup, Results, ResultsWriter,
    RunningUnits, Split, Unit, UnitResult, UnitsError, UnitsFile,
};

use crate::certificate_file;
use crate::interrupt::stop_on_ctrl_c;
use crate::solve::SolveArgs;
use crate::solve_memory::{peak_resident, show};
use crate::solve_status::{with_status, PlainStatus};

/// The deepest split offered: far more plies give more units than a file should hold.
const MAX_SPLIT: u32 = 24;

/// Runs `konane solve` with `--units`.
pub fn run(args: &SolveArgs) -> Result<()> {
    let path = args.units.as_deref().expect("called with --units");
    if let Some(shard) = args.shard {
        let results = args.results.as_deref().expect("clap requires --results");
        run_shard(args, &read_units(args, path)?, shard, results)
    } else if let Some(results) = &args.merge {
        run_merge(args, &read_units(args, path)?, results)
    } else if let Some(depth) = args.split {
        run_split(args, depth, path)
    } else {
        bail!("with --units, give --split D (to write it), --shard K/N (to solve a shard) or --merge RESULTS… (to back the results up)")
    }
}

/// A unit's line as in the units file: id, path, FEN.
fn unit_line(unit: &Unit) -> String {
    let path: Vec<String> = unit.path.iter().map(Move::to_string).collect();
    format!("{} {} {}", unit.id, path.join(","), unit.position.to_fen())
}

/// `--split D --units FILE`: writes the units of the root.
fn run_split(args: &SolveArgs, depth: u32, path: &Path) -> Result<()> {
    let Some(root) = args.root()? else {
        bail!("--split needs the position to cut: give --size or --fen");
    };
    if !(1..=MAX_SPLIT).contains(&depth) {
        bail!("--split {depth}: the split depth must be from 1 to {MAX_SPLIT} plies");
    }
    let started = Instant::now();
    let split = Split::new(root, depth);
    write_units(&split, path)?;
    println!(
        "Split {} at {depth} plies: {} units (symmetric positions once) in {}, {:.1} s",
        root.to_fen(),
        split.units().len(),
        path.display(),
        started.elapsed().as_secs_f64()
    );
    if split.early_ends() > 0 {
        println!(
            "{} positions above the units end the game (no move): decided without a unit",
            split.early_ends()
        );
    }
    Ok(())
}

/// Reads the units file, checking it against --size, --fen, --moves and --split.
fn read_units(args: &SolveArgs, path: &Path) -> Result<UnitsFile> {
    let file = UnitsFile::read(path)?;
    let other = |what: &'static str, in_file: String, given: String| UnitsError::OtherSplit {
        path: path.to_path_buf(),
        what,
        file: in_file,
        given,
    };
    if let Some(board) = args.position.size {
        if board != file.board() {
            return Err(other("board", file.board().to_string(), board.to_string()).into());
        }
    }
    if let Some(root) = args.root()? {
        if root != file.root {
            return Err(other("root", file.root.to_fen(), root.to_fen()).into());
        }
    }
    if let Some(depth) = args.split {
        if depth != file.depth {
            return Err(other("split depth", file.depth.to_string(), depth.to_string()).into());
        }
    }
    Ok(file)
}

/// `--shard K/N --results OUT`: solves the shard's units not yet in OUT.
fn run_shard(args: &SolveArgs, file: &UnitsFile, shard: Shard, out: &Path) -> Result<()> {
    let resumed = ResultsWriter::open(out, file, shard)?;
    if resumed.dropped_partial_line {
        eprintln!(
            "konane: {}: the last line was cut off (an interrupted write) and is dropped; its unit is solved again",
            out.display()
        );
    }
    let mine: Vec<&Unit> = file
        .units
        .iter()
        .filter(|unit| shard.deals(unit.id - 1))
        .collect();
    let mut todo: Vec<Unit> = mine
        .iter()
        .filter(|unit| !resumed.done.iter().any(|r| r.id == unit.id))
        .map(|&unit| unit.clone())
        .collect();
    // Counted before --only leaves units out, which are not solved for all that.
    let already = mine.len() - todo.len();
    if let Some(list) = &args.only {
        let rank = listed_units(list, file)?;
        todo.retain(|unit| rank.contains_key(&unit.id));
        todo.sort_by_key(|unit| rank[&unit.id]);
        println!(
            "{} lists {} units, {} of them in this shard and not yet solved",
            list.display(),
            rank.len(),
            todo.len()
        );
    }
    if let Some(dir) = &args.certificates {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot make the certificates folder {}", dir.display()))?;
    }
    let pool = args.pool()?;
    let solver = args.solver(file.board())?;
    let stop = solver.stop_flag();
    stop_on_ctrl_c(solver.stop_flag())?;
    println!(
        "Shard {shard} of {}: {} units, {} already in {}, {} to solve (threads: {})",
        file.path.display(),
        mine.len(),
        already,
        out.display(),
        todo.len(),
        pool.current_num_threads()
    );
    let bar = ProgressBar::new(todo.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:20}] {pos}/{len} units  {msg}")
            .expect("the template is valid")
            .progress_chars("=> "),
    );
    let started = Instant::now();
    let writer = Mutex::new((resumed.writer, None::<UnitsError>));
    // The nodes of the units solved so far.
    let nodes = AtomicU64::new(0);
    // The unit's certificate, written before its result: a unit whose result is in
    // the results file has its certificate too (a kill in between solves it again).
    let certify = |result: &UnitResult| -> Result<Option<String>> {
        let Some(dir) = &args.certificates else {
            return Ok(None);
        };
        let unit = todo
            .iter()
            .find(|unit| unit.id == result.id)
            .expect("a result is of a unit to solve");
        let started = Instant::now();
        let certificate = certify_position(
            &solver,
            &unit.position,
            result.winner,
            args.leaf_pieces,
            |_| {},
        )
        .with_context(|| format!("no certificate of unit {}", unit.id))?;
        let path = dir.join(format!("unit-{}.cert", unit.id));
        let bytes = certificate_file::save(&certificate, &path)?;
        Ok(Some(format!(
            "unit {} certificate: {} ({}, {:.3} s)",
            unit.id,
            path.display(),
            certificate_file::describe(&certificate, bytes),
            started.elapsed().as_secs_f64()
        )))
    };
    let certify_error = Mutex::new(None::<anyhow::Error>);
    let running = RunningUnits::default();
    let record = |result: UnitResult| {
        let certified = match certify(&result) {
            Ok(line) => line,
            Err(e) => {
                certify_error
                    .lock()
                    .expect("no panic while holding the lock")
                    .get_or_insert(e);
                stop.store(true, Ordering::Relaxed);
                return;
            }
        };
        let mut guard = writer.lock().expect("no panic while writing");
        let (writer, error) = &mut *guard;
        if error.is_some() {
            return;
        }
        match writer.append(&result) {
            Ok(()) => {
                // The proven positions as far as this unit (errors show at the end).
                let _ = solver.flush_proven();
                nodes.fetch_add(result.nodes, Ordering::Relaxed);
                bar.println(format!(
                    "unit {}: {} wins ({} nodes, {:.3} s)",
                    result.id, result.winner, result.nodes, result.seconds
                ));
                if let Some(line) = certified {
                    bar.println(line);
                }
                bar.inc(1);
            }
            Err(e) => {
                *error = Some(e);
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    let solved = with_status(
        &bar,
        &solver,
        started,
        PlainStatus {
            every: args.progress_every,
            counted: "units",
        },
        &|| running.to_string(),
        || pool.install(|| solve_units(&solver, &todo, &running, record)),
    );
    bar.finish_and_clear();
    solver
        .flush_proven()
        .context("cannot write the proven positions to the --keep-proven file")?;
    let (_, error) = writer.into_inner().expect("no panic while writing");
    let nodes = nodes.into_inner();
    if let Some(error) = error {
        return Err(error.into());
    }
    if let Some(error) = certify_error
        .into_inner()
        .expect("no panic while holding the lock")
    {
        return Err(error);
    }
    let peak = peak_resident().map_or_else(String::new, |b| format!(", {} peak resident", show(b)));
    println!(
        "Solved {solved} units: {nodes} nodes, {:.3} s{peak}",
        started.elapsed().as_secs_f64()
    );
    if solved < todo.len() {
        bail!(
            "interrupted: {} of the shard's units are still to solve; run the same command again to resume",
            todo.len() - solved
        );
    }
    println!(
        "Shard {shard} complete: {} units in {}",
        mine.len(),
        out.display()
    );
    Ok(())
}

/// The units listed in `path` (lines starting with a unit's id; others skipped), each
/// with its place in the list (the first, if listed twice).
fn listed_units(path: &Path, file: &UnitsFile) -> Result<HashMap<u64, usize>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut rank = HashMap::new();
    for (i, line) in text.lines().enumerate() {
        let Some(Ok(id)) = line.split_whitespace().next().map(str::parse::<u64>) else {
            continue;
        };
        if id == 0 || id > file.units.len() as u64 {
            bail!(
                "{} line {}: unit {id} is not in {} (units 1 to {})",
                path.display(),
                i + 1,
                file.path.display(),
                file.units.len()
            );
        }
        let next = rank.len();
        rank.entry(id).or_insert(next);
    }
    Ok(rank)
}

/// `--merge OUT…`: backs the results up to the root.
fn run_merge(args: &SolveArgs, file: &UnitsFile, paths: &[PathBuf]) -> Result<()> {
    let split = file.split()?;
    let mut results = Results::default();
    for path in paths {
        results.add_file(path, file)?;
    }
    let backup = back_up(&split, &results);
    let nodes: u64 = results.by_unit.values().map(|(r, _)| r.nodes).sum();
    let seconds: f64 = results
        .by_unit
        .values()
        .map(|(r, _)| r.seconds)
        .sum::<f64>()
        + 0.0;
    println!(
        "Units: {} of {} solved ({nodes} nodes, {seconds:.3} s of solving), split {} at {} plies",
        results.by_unit.len(),
        split.units().len(),
        split.root().to_fen(),
        split.depth()
    );
    print!("{}", verdict(&backup, args.all));
    if !backup.needed.is_empty() {
        print!("{}", needed(&backup, split.units()));
    }
    if let Some(path) = &args.certificate {
        if backup.winner.is_none() {
            bail!(
                "no certificate written: the results do not decide the root yet ({} units still needed)",
                backup.needed.len()
            );
        }
        let top = top_certificate(&split, &results, args.leaf_pieces)
            .context("no certificate written")?;
        let bytes = certificate_file::save(&top.certificate, path)?;
        println!(
            "Certificate of the top: {} ({})",
            path.display(),
            certificate_file::describe(&top.certificate, bytes)
        );
        let ids: Vec<String> = top.units.iter().map(u64::to_string).collect();
        println!(
            "It needs the certificates of {} units: {}",
            ids.len(),
            ids.join(" ")
        );
    }
    Ok(())
}

/// The winner, the winning first moves and (with `all`) every root move's value.
fn verdict(backup: &Backup, all: bool) -> String {
    let mut out = String::new();
    if all {
        for (mv, winner) in &backup.root_moves {
            let value = match winner {
                Some(w) if *w == backup.side => "wins",
                Some(_) => "loses",
                None => "not proven yet",
            };
            out.push_str(&format!("{mv}: {value}\n"));
        }
    }
    match backup.winner {
        Some(winner) => out.push_str(&format!("{winner} wins\n")),
        None => out.push_str("Winner not proven yet\n"),
    }
    let winning: Vec<String> = backup.winning_moves().iter().map(Move::to_string).collect();
    let every_move_known = backup.root_moves.iter().all(|(_, w)| w.is_some());
    out.push_str(&format!(
        "Winning moves for {}{}: {}\n",
        backup.side,
        if every_move_known { "" } else { " (so far)" },
        if winning.is_empty() {
            "none".to_string()
        } else {
            winning.join(" ")
        }
    ));
    out
}

/// The units still needed, one line each as in the units file: those of the cheapest
/// proof, then the others.
fn needed(backup: &Backup, units: &[Unit]) -> String {
    let mut out = format!("Still needed: {} units\n", backup.needed.len());
    if let [Some(black), Some(white)] = backup.proof_numbers {
        out.push_str(&format!(
            "Proof numbers: a proof that Black wins needs at least {black} of them, that White wins {white}\n"
        ));
    }
    let line = |id: &u64| format!("{}\n", unit_line(&units[*id as usize - 1]));
    let cheapest = backup.cheapest.map_or(0, |proof| proof.units);
    if let Some(proof) = backup.cheapest {
        out.push_str(&format!(
            "Cheapest proof: if {} wins each of these {} units, {} wins\n",
            proof.winner, proof.units, proof.winner
        ));
    }
    out.extend(backup.needed[..cheapest].iter().map(line));
    if cheapest < backup.needed.len() {
        out.push_str("Others:\n");
        out.extend(backup.needed[cheapest..].iter().map(line));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Position};

    #[test]
    fn needed_lines_are_unit_lines_cheapest_proof_first() {
        let split = Split::new(Position::start(Board::new(5, 4).unwrap()), 2);
        let backup = back_up(&split, &Results::default());
        let text = needed(&backup, split.units());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            format!("Still needed: {} units", split.units().len())
        );
        let proof = backup.cheapest.unwrap();
        assert!(lines[1].starts_with("Proof numbers: a proof that Black wins needs at least "));
        assert!(lines[2].starts_with("Cheapest proof: if "), "{text}");
        let listed: Vec<&str> = lines[3..]
            .iter()
            .copied()
            .filter(|l| *l != "Others:")
            .collect();
        assert_eq!(listed.len(), backup.needed.len());
        for (line, id) in listed.iter().zip(&backup.needed) {
            assert_eq!(*line, unit_line(&split.units()[*id as usize - 1]));
        }
        if proof.units < backup.needed.len() {
            assert_eq!(lines[3 + proof.units], "Others:");
        }
    }
}
