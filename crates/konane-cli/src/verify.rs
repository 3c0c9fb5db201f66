//! `konane verify`: checks a proof certificate with the independent checker of
//! `konane-verify` (which trusts only the rules crate), and says where it fails.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_verify::AnyCertificate;

/// Arguments of `konane verify`.
#[derive(Args, Debug)]
#[command(
    after_help = "Example:\n  konane solve --size 5x5 --certificate 5x5.cert\n  konane verify 5x5.cert"
)]
pub struct VerifyArgs {
    /// The certificate file.
    pub file: PathBuf,
}

/// Runs `konane verify`: success only when the certificate proves its claim.
pub fn run(args: &VerifyArgs) -> Result<()> {
    let name = args.file.display();
    let started = Instant::now();
    let file = File::open(&args.file).with_context(|| format!("cannot open {name}"))?;
    let certificate = AnyCertificate::read(BufReader::new(file))
        .with_context(|| format!("{name} is not a readable certificate"))?;
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
