//! `konane analyse`: searches one position on the engine layer and prints readable
//! progress (depth, score as a person reads it, best line) and a final verdict; exact
//! results say so.

use std::io::BufRead;
use std::sync::mpsc::channel;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use konane_core::Color;
use konane_engine::{Engine, Options, Score, SearchCallbacks, SearchInfo, SearchLimits};

use crate::option_flags::OptionFlags;
use crate::protocol::output::moves_text;
use crate::search_flags::{LimitArgs, PositionArgs};

/// The search time when no limit is given.
const DEFAULT_MOVETIME: Duration = Duration::from_millis(3000);

/// Arguments of `konane analyse`.
#[derive(Args, Debug)]
#[command(after_help = "Examples:\n  \
    konane analyse --moves d5 d4 --depth 10\n  \
    konane analyse --fen 'bwbwbw/wbwbwb/bwb2w/wbw2b/bwbwbw/wbwbwb b' --movetime 2000\n  \
    konane analyse --size 6x6 --infinite --multipv 3     (Enter stops)")]
pub struct AnalyseArgs {
    /// The position to analyse (default: the start position).
    #[command(flatten)]
    pub position: PositionArgs,
    /// The search's limit (default: --movetime 3000).
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Search until Enter is pressed (or the input ends).
    #[arg(long, conflicts_with = "limit")]
    pub infinite: bool,
    /// Engine options (--multipv shows that many best lines).
    #[command(flatten)]
    pub options: OptionFlags,
}

/// A score for a reader: `+1.25` (centi-moves as moves) or an exact win or loss.
pub fn describe_score(score: Score, side: Color) -> String {
    match score {
        Score::Cp(cp) => format!("{:+.2}", cp as f64 / 100.0),
        Score::Mate(0) => format!("{side} has no move: {} has won", !side),
        Score::Mate(n) if n > 0 => format!("{side} wins in {n} (exact)"),
        Score::Mate(n) => format!("{side} loses in {} (exact)", -n),
    }
}

/// The final verdict: an exact result, or who stands better and by how much.
pub fn verdict(score: Score, side: Color, depth: u32) -> String {
    match score {
        Score::Mate(0) => format!("{side} to move has no move: {} has won.", !side),
        Score::Mate(n) if n > 0 => format!(
            "{side} (to move) wins: its move {n} from now leaves {} without a move (exact).",
            !side
        ),
        Score::Mate(n) => format!(
            "{side} (to move) loses: {} wins, {side} runs out of moves after {}'s move {} (exact).",
            !side, !side, -n
        ),
        Score::Cp(cp) => {
            let (leader, lead) = if cp >= 0 { (side, cp) } else { (!side, -cp) };
            let how = match lead {
                0..=30 => "about even".to_string(),
                31..=150 => format!("{leader} is slightly better"),
                151..=400 => format!("{leader} is better"),
                _ => format!("{leader} is much better"),
            };
            format!(
                "{how} ({} for {side} to move; an estimate from a {depth}-ply search, not proved).",
                describe_score(score, side)
            )
        }
    }
}

/// One progress line.
fn progress_line(info: &SearchInfo, side: Color, multipv: usize) -> String {
    let line = if multipv > 1 {
        format!("#{} ", info.multipv)
    } else {
        String::new()
    };
    format!(
        "{line}depth {:>2}/{:<2}  score {:<24}  nodes {:>10}  {:>8.2} s  {:>9} nodes/s  line: {}",
        info.depth,
        info.seldepth,
        describe_score(info.score, side),
        info.nodes,
        info.time_ms as f64 / 1000.0,
        info.nps,
        moves_text(&info.pv)
    )
}

/// Runs `konane analyse`.
pub fn run(args: &AnalyseArgs, mut options: Options) -> Result<()> {
    args.options.apply(&mut options)?;
    let position = args.position.position(options.board)?;
    let side = position.side_to_move();
    println!("{}\n", position.diagram(None));
    println!(
        "FEN: {}\n{side} to move, phase: {}",
        position.to_fen(),
        position.phase()
    );
    let limits = if args.infinite {
        SearchLimits {
            infinite: true,
            ..SearchLimits::default()
        }
    } else {
        args.limits
            .limits_or(SearchLimits::movetime(DEFAULT_MOVETIME))?
    };
    let multipv = options.search.multipv;
    let mut engine = Engine::new(options);
    engine.set_position(position);
    let (sender, answers) = channel();
    let on_info = move |info: &SearchInfo| {
        // Depth 0 is a finished game: the verdict says it.
        if info.depth > 0 {
            println!("{}", progress_line(info, side, multipv));
        }
    };
    let on_bestmove = move |answer: &konane_engine::Answer| {
        // The receiver waits below.
        let _ = sender.send(answer.clone());
    };
    if args.infinite {
        println!("Searching until Enter is pressed...");
    }
    println!();
    engine.go(limits, SearchCallbacks::new(on_info, on_bestmove))?;
    if args.infinite {
        let stopper = engine.stopper();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = std::io::stdin().lock().read_line(&mut line);
            stopper.stop();
        });
    }
    engine.wait();
    let answer = answers.recv().context("the search gave no answer")?;
    let result = answer.result;
    if answer.failed {
        eprintln!("konane: the search failed; showing the first legal move");
    }
    // No move: the game is over, and the verdict says so.
    if let Some(best) = result.best_move {
        println!();
        match result.ponder_move {
            Some(reply) => println!("Best move: {best} (expected reply {reply})"),
            None => println!("Best move: {best}"),
        }
        println!("Searched {} plies, {} nodes.", result.depth, result.nodes);
    }
    println!("Verdict: {}", verdict(result.score, side, result.depth));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_people_say_them() {
        assert_eq!(describe_score(Score::Cp(125), Color::Black), "+1.25");
        assert_eq!(describe_score(Score::Cp(-40), Color::White), "-0.40");
        assert_eq!(
            describe_score(Score::Mate(3), Color::White),
            "White wins in 3 (exact)"
        );
        assert_eq!(
            describe_score(Score::Mate(-2), Color::Black),
            "Black loses in 2 (exact)"
        );
        assert!(verdict(Score::Cp(-500), Color::Black, 9).starts_with("White is much better"));
        assert!(verdict(Score::Cp(10), Color::Black, 9).starts_with("about even"));
        assert!(verdict(Score::Mate(4), Color::Black, 9).contains("(exact)"));
    }
}
