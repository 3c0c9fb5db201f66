//! `konane verify`: checks a proof certificate with the independent checker of
//! `konane-verify` (which trusts only the rules crate), and says where it fails. Given
//! more files, it checks the first (the top of a split solve) joined with the others
//! (its units' certificates) as one proof. With `--transpose DIR` it then writes every
//! file turned onto the transposed board (a proof of 8x7 becomes one of 7x8) and checks
//! those in turn.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_verify::AnyCertificate;

use crate::certificate_file;

/// Arguments of `konane verify`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  konane solve --size 5x5 --certificate 5x5.cert\n  konane verify 5x5.cert\n\nA split solve: the top's certificate and its units' as one proof.\n  konane solve --units units.txt --shard 1/1 --results results.txt --certificates certs\n  konane solve --units units.txt --merge results.txt --certificate top.cert\n  konane verify top.cert certs/unit-*.cert\n\nThe same proof on the transposed board (8x7 to 7x8), written to a folder and checked:\n  konane verify 8x7.cert --transpose 7x8"
)]
pub struct VerifyArgs {
    /// The certificate file.
    pub file: PathBuf,
    /// Certificates of the positions FILE leaves to others (the units of a split
    /// solve, from `konane solve --shard … --certificates DIR`): checked with FILE as
    /// one proof, which must reach every record of every file.
    pub parts: Vec<PathBuf>,
    /// Once the proof verifies, write FILE and each PART turned onto the transposed
    /// board (WxH to HxW: the same game, turned) into DIR under their own names, and
    /// check those as one proof in turn.
    #[arg(long, value_name = "DIR")]
    pub transpose: Option<PathBuf>,
}

/// Reads the certificate at `path`.
fn read(path: &Path) -> Result<AnyCertificate> {
    let name = path.display();
    let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
    AnyCertificate::read(BufReader::new(file))
        .with_context(|| format!("{name} is not a readable certificate"))
}

/// Runs `konane verify`: success only when the certificate proves its claim (and,
/// with `--transpose`, its transposed copy does too).
pub fn run(args: &VerifyArgs) -> Result<()> {
    let paths: Vec<&PathBuf> = std::iter::once(&args.file).chain(&args.parts).collect();
    let started = Instant::now();
    let certificates = read_all(&paths)?;
    // The files as read are kept for the transposition, so that none is read twice.
    let kept = args.transpose.as_ref().map(|_| certificates.clone());
    check(&paths, certificates, started)?;
    let (Some(dir), Some(certificates)) = (&args.transpose, kept) else {
        return Ok(());
    };
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let mut written = Vec::new();
    for (path, certificate) in paths.iter().zip(&certificates) {
        let name = path
            .file_name()
            .with_context(|| format!("{} names no file", path.display()))?;
        let out = dir.join(name);
        if out.exists() && std::fs::canonicalize(&out)? == std::fs::canonicalize(path)? {
            bail!(
                "--transpose {} would write over {}: name another folder",
                dir.display(),
                path.display()
            );
        }
        let turned = certificate.transposed();
        let bytes = certificate_file::save(&turned, &out)?;
        println!(
            "Transposed {} to {}: {}",
            path.display(),
            out.display(),
            certificate_file::describe(&turned, bytes)
        );
        written.push(out);
    }
    // The files written are read back and checked as they are on disk.
    let written: Vec<&PathBuf> = written.iter().collect();
    let started = Instant::now();
    check(&written, read_all(&written)?, started)
}

/// Reads the certificates at `paths`.
fn read_all(paths: &[&PathBuf]) -> Result<Vec<AnyCertificate>> {
    paths.iter().map(|path| read(path)).collect()
}

/// Checks the certificates read from `paths` (reading began at `started`): the first
/// joined with the others as one proof, printing what it checked.
fn check(paths: &[&PathBuf], certificates: Vec<AnyCertificate>, started: Instant) -> Result<()> {
    let name = paths[0].display();
    let mut certificates = certificates.into_iter();
    let mut certificate = certificates.next().expect("at least the one file");
    let parts: Vec<AnyCertificate> = certificates.collect();
    if !parts.is_empty() {
        let count = parts.len();
        certificate = certificate.join(parts).map_err(|e| {
            let part = paths[e.part()].display();
            anyhow::anyhow!("{name} and {part} are not one proof: {e}")
        })?;
        println!("Joined {name} with {count} certificates of the positions it leaves to them");
    }
    let read = started.elapsed().as_secs_f64();
    let root = certificate.root();
    println!(
        "Certificate {name}: {} claims {} wins from {} ({} to move)",
        root.board(),
        certificate.winner(),
        root.to_fen(),
        root.side_to_move()
    );
    println!(
        "Records: {} won, {} lost; leaf limit {} pieces",
        certificate.won_count(),
        certificate.lost_count(),
        certificate.leaf_pieces()
    );
    let checked = Instant::now();
    let summary = match certificate.verify() {
        Ok(summary) => summary,
        Err(failure) => bail!("{name} is not a valid proof: {failure}"),
    };
    // Every arrival counts: a leaf reached along two lines counts twice (docs/certificates.md,
    // "What `konane verify` checks").
    println!(
        "Leaves: {} arrivals at positions of at most {} pieces with a move, decided by the checker's own search ({} positions searched, at most {} for one leaf)",
        summary.leaves,
        certificate.leaf_pieces(),
        summary.leaf_nodes,
        summary.hardest_leaf
    );
    println!(
        "Verified: {} wins (read {read:.3} s, checked {:.3} s)",
        certificate.winner(),
        checked.elapsed().as_secs_f64()
    );
    Ok(())
}
