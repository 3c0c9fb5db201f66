//! `konane perfect`: play against perfect play. `label` reaches positions by random
//! play, keeps those the side to move wins and labels each with every winning move
//! (the exact solver); `score` plays an engine over the protocol on each labelled
//! position and counts how often its move is one of them.

mod file;
pub mod label;
pub mod score;

use anyhow::Result;
use clap::{Args, Subcommand};

/// Arguments of `konane perfect`.
#[derive(Args, Debug)]
pub struct PerfectArgs {
    #[command(subcommand)]
    pub command: PerfectCommand,
}

/// The two steps: make the labelled positions, then score an engine on them.
#[derive(Subcommand, Debug)]
pub enum PerfectCommand {
    /// Reach won positions by random play and label each with every winning move
    /// (resumable: appends to --out position by position).
    Label(label::LabelArgs),
    /// Play an engine on labelled positions and count how often it keeps the win.
    Score(score::ScoreArgs),
}

/// Runs `konane perfect label` or `konane perfect score`.
pub fn run(args: &PerfectArgs) -> Result<()> {
    match &args.command {
        PerfectCommand::Label(args) => label::run(args),
        PerfectCommand::Score(args) => score::run(args),
    }
}
