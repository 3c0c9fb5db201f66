//! `konane replay FILE`: reads a record file back (checking every move) and prints its
//! games, one game move by move, and the match's totals recomputed from the records; or
//! reads one game's text (the browser board's export: headers, moves with branches) and
//! prints its main line move by move.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use konane_arena::{GameRecord, GameText, MoveTree, Records};

use crate::match_report::table;

/// Arguments of `konane replay`.
#[derive(Args, Debug)]
#[command(
    after_help = "Examples:\n  konane replay match-1764477000.txt\n  konane replay match-1764477000.txt --game 7"
)]
pub struct ReplayArgs {
    /// A record file written by `konane match` or `konane selfplay --record`, or one
    /// game's text as `konane gui` exports it.
    pub file: PathBuf,
    /// Print this game of a record file (numbered from 1) move by move, with the final
    /// board.
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

/// One game's text: its headers, then its main line move by move, with the number of
/// other moves at each branch point.
fn print_game_text(game: &GameText) {
    for (key, value) in &game.headers {
        println!("{key}: {value}");
    }
    let tree = &game.tree;
    println!("Start: {}", tree.start().to_fen());
    let line = tree.line(MoveTree::ROOT);
    let mut at = MoveTree::ROOT;
    for (i, &node) in line.iter().enumerate() {
        let mv = tree.move_to(node).expect("a move");
        let others = tree.children(at).len() - 1;
        let branches = match others {
            0 => String::new(),
            n => format!("  ({n} other move{} here)", if n == 1 { "" } else { "s" }),
        };
        let side = tree.position(at).side_to_move().name();
        let text = format!("{:>3}. {side:<5} {:<6}{branches}", i + 1, mv.to_string());
        println!("{}", text.trim_end());
        at = node;
    }
    let end = tree.position(at);
    println!("{}", end.diagram(tree.move_to(at)));
    println!("Final: {}", end.to_fen());
    println!(
        "Moves: {} in the main line, {} in the tree",
        line.len(),
        tree.ids().count() - 1
    );
}

/// Runs `konane replay`.
pub fn run(args: &ReplayArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    if !Records::is_record_text(&text) {
        if args.game.is_some() {
            bail!(
                "--game picks a game of a record file; {} holds one game's text",
                args.file.display()
            );
        }
        let game: GameText = text.parse().with_context(|| {
            format!(
                "{} is neither a record file nor a game's text",
                args.file.display()
            )
        })?;
        print_game_text(&game);
        return Ok(());
    }
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
