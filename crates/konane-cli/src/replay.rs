//! `konane replay FILE`: reads a record file back (checking every move) and prints its
//! games, one game move by move, and the match's totals recomputed from the records.

use std::path::PathBuf;

use anyhow::{bail, Result};
use clap::Args;
use konane_arena::{GameRecord, Records};

use crate::match_report::table;

/// Arguments of `konane replay`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  konane replay match-1764477000.txt\n  konane replay match-1764477000.txt --game 7"
)]
pub struct ReplayArgs {
    /// A record file written by `konane match` or `konane selfplay --record`.
    pub file: PathBuf,
    /// Print this game (numbered from 1) move by move, with the final board.
    #[arg(long)]
    pub game: Option<u64>,
}

/// One game move by move.
fn print_game(record: &GameRecord) {
    let game = &record.game;
    println!("Game {} (pair {})", record.number, record.pair);
    println!("Black: {}  White: {}", record.players[0], record.players[1]);
    println!("Start: {}", game.start.to_fen());
    let mut position = game.start;
    for (i, (mv, ms)) in game.moves.iter().zip(&game.times_ms).enumerate() {
        println!(
            "{:>3}. {:<5} {:<6} {ms} ms",
            i + 1,
            position.side_to_move().name(),
            mv.to_string()
        );
        position.play(*mv);
    }
    println!("{}", position.diagram(game.moves.last().copied()));
    println!("Final: {}", position.to_fen());
    println!(
        "Result: {} ({}) wins: {}",
        game.winner.name(),
        record.winner_name(),
        game.reason
    );
}

/// Runs `konane replay`.
pub fn run(args: &ReplayArgs) -> Result<()> {
    let records = Records::read(&args.file)?;
    if let Some(number) = args.game {
        let Some(game) = records.games.iter().find(|g| g.number == number) else {
            bail!("{} has no game {number}", args.file.display());
        };
        print_game(game);
        return Ok(());
    }
    for (name, description) in &records.engines {
        println!("engine {name}: {description}");
    }
    for game in &records.games {
        println!(
            "game {:>4}  pair {:>4}  {} - {}  {} wins  {}  {} moves",
            game.number,
            game.pair,
            game.players[0],
            game.players[1],
            game.winner_name(),
            game.game.reason,
            game.game.moves.len()
        );
    }
    print!("{}", table(&records.tally()?));
    Ok(())
}
