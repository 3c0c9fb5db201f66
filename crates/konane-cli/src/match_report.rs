//! The text of `konane match`, `selfplay`, `replay` and `match merge`: the live
//! progress line, the final table (score per engine and colour, Elo, pairs, how games
//! ended), the SPRT's verdict, and what a shard played or a merge found.

use std::fmt::Write as _;

use indicatif::{ProgressBar, ProgressStyle};
use std::ops::RangeInclusive;

use konane_arena::{
    elo_from_games, Decision, MatchOutcome, Merged, Schedule, Series, Sprt, SprtOutcome, Tally,
};
use konane_core::Color;

/// The live progress line on the terminal: games, the first engine's score, Elo and
/// LLR so far. It is not drawn when stderr is not a terminal, and is cleared when
/// dropped.
pub struct ProgressLine {
    bar: ProgressBar,
    planned: u64,
    sprt: Option<Sprt>,
}

impl ProgressLine {
    /// A line for `series`.
    pub fn new(series: &Series) -> ProgressLine {
        let planned = series.schedule.games();
        let bar = ProgressBar::new(planned);
        bar.set_style(ProgressStyle::with_template("{msg}").expect("a valid template"));
        ProgressLine {
            bar,
            planned,
            sprt: series.sprt,
        }
    }

    /// Shows the series as it stands.
    pub fn show(&mut self, tally: &Tally) {
        self.bar
            .set_message(progress(tally, self.planned, self.sprt.as_ref()));
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// The progress text: games of `planned`, the first engine's score, Elo and LLR so far.
fn progress(tally: &Tally, planned: u64, sprt: Option<&Sprt>) -> String {
    let games = tally.games();
    let wins = tally.wins_of(0);
    let mut line = format!(
        "games {games}/{planned}  {} {wins}-{} ({:.1}%)",
        tally.names()[0],
        games - wins,
        100.0 * wins as f64 / games.max(1) as f64
    );
    if let Some(elo) = tally.pairs().elo() {
        let _ = write!(line, "  Elo {elo}");
    }
    if let Some(sprt) = sprt {
        let (lower, upper) = sprt.bounds();
        let _ = write!(
            line,
            "  LLR {:.2} ({lower:.2}, {upper:.2})",
            sprt.llr(tally.pairs())
        );
    }
    line
}

/// The final table: per engine and colour, the Elo difference with its interval, the
/// pair counts and how games ended.
pub fn table(tally: &Tally) -> String {
    let mut out = String::new();
    let names = tally.names();
    let width = names.iter().map(String::len).max().unwrap_or(0).max(6);
    let _ = writeln!(
        out,
        "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>11}  {:>11}",
        "Engine", "Games", "Wins", "Losses", "Score", "Black W-L", "White W-L"
    );
    for (engine, name) in names.iter().enumerate() {
        let wins = tally.wins_of(engine);
        let losses = tally.losses_of(engine);
        let games = wins + losses;
        let colour = |c: Color| {
            format!(
                "{}-{}",
                tally.wins_as(engine, c),
                tally.losses_as(engine, c)
            )
        };
        let _ = writeln!(
            out,
            "{name:<width$}  {games:>6}  {wins:>6}  {losses:>6}  {:>5.1}%  {:>11}  {:>11}",
            100.0 * wins as f64 / games.max(1) as f64,
            colour(Color::Black),
            colour(Color::White)
        );
    }
    let [first, second] = names;
    let pairs = tally.pairs();
    match pairs.elo() {
        Some(elo) => {
            let count = match pairs.pairs() {
                1 => "1 pair".to_string(),
                n => format!("{n} pairs"),
            };
            let _ = writeln!(out, "Elo {first} - {second}: {elo} from {count}");
        }
        None => {
            let _ = writeln!(out, "Elo {first} - {second}: no complete pair yet");
        }
    }
    let wins = tally.wins_of(0);
    if let Some(elo) = elo_from_games(wins, tally.games() - wins, 0) {
        let _ = writeln!(out, "Elo from single games (ignores pairing): {elo}");
    }
    let c = pairs.counts;
    let _ = writeln!(
        out,
        "Pairs by {first}'s points (0, 1/2, 1, 3/2, 2): [{}, {}, {}, {}, {}]",
        c[0], c[1], c[2], c[3], c[4]
    );
    let mut ends = format!("Ends: {} by the rules", tally.rule_ends());
    for (loser, word, count) in tally.adjudications() {
        let _ = write!(ends, ", {count} {word} ({loser} lost)");
    }
    let _ = writeln!(out, "{ends}");
    out
}

/// The SPRT's line: its parameters, the ratio and bounds, and the decision.
fn sprt_line(outcome: &SprtOutcome) -> String {
    let (lower, upper) = outcome.sprt.bounds();
    let mut line = format!(
        "SPRT {} (logistic-Elo pentanomial GSPRT): LLR {:.2} ({lower:.2}, {upper:.2}): ",
        outcome.sprt, outcome.llr
    );
    match outcome.decision {
        Some((Decision::H1, pairs)) => {
            let _ = write!(line, "H1 accepted after {pairs} pairs");
        }
        Some((Decision::H0, pairs)) => {
            let _ = write!(line, "H0 accepted after {pairs} pairs");
        }
        None => line.push_str("no decision yet"),
    }
    if outcome.ignored_pairs > 0 {
        let (count, verb) = match outcome.ignored_pairs {
            1 => ("1 pair".to_string(), "was"),
            n => (format!("{n} pairs"), "were"),
        };
        let _ = write!(
            line,
            " ({count} that {verb} still running then not counted)"
        );
    }
    line
}

/// Prints the final table and the SPRT's verdict.
pub fn print_outcome(outcome: &MatchOutcome) {
    print!("{}", table(&outcome.tally));
    if let Some(sprt) = &outcome.sprt {
        println!("{}", sprt_line(sprt));
    }
}

/// For a shard of a series: the pairs it played, and how to count the shards together.
pub fn shard_note(schedule: &Schedule) -> Option<String> {
    let shard = schedule.shard();
    let (first, last) = (schedule.pairs().first()?, schedule.pairs().last()?);
    (!shard.is_whole()).then(|| {
        format!(
            "Shard {shard}: pairs {}-{} of {}; count the shards' records together with `konane match merge`",
            first + 1,
            last + 1,
            schedule.total_pairs()
        )
    })
}

/// Ranges of numbers as `3, 5-8`.
fn ranges<T: std::fmt::Display + PartialEq>(list: &[RangeInclusive<T>]) -> String {
    list.iter()
        .map(|r| {
            if r.start() == r.end() {
                r.start().to_string()
            } else {
                format!("{}-{}", r.start(), r.end())
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Consecutive runs of the sorted `numbers`.
fn runs(numbers: &[u64]) -> Vec<RangeInclusive<u64>> {
    let mut runs: Vec<RangeInclusive<u64>> = Vec::new();
    for &n in numbers {
        match runs.last_mut() {
            Some(run) if *run.end() + 1 == n => *run = *run.start()..=n,
            _ => runs.push(n..=n),
        }
    }
    runs
}

/// The text of `konane match merge`: what was found, the table and the SPRT's verdict
/// over the pairs present, then what is missing.
pub fn merged(merged: &Merged, files: usize) -> String {
    let mut out = format!(
        "Merged {files} record file{}: {} of {} pairs\n",
        if files == 1 { "" } else { "s" },
        merged.present_pairs,
        merged.total_pairs
    );
    out.push_str(&table(&merged.outcome.tally));
    if let Some(sprt) = &merged.outcome.sprt {
        let _ = writeln!(out, "{}", sprt_line(sprt));
    }
    if merged.after_decision > 0 {
        let _ = writeln!(
            out,
            "Not counted: {} pairs after the SPRT's decision (an unsharded run stops there)",
            merged.after_decision
        );
    }
    if !merged.missing_pairs.is_empty() {
        let shards = if merged.missing_shards.is_empty() {
            String::new()
        } else {
            format!("shards {}, ", ranges(&runs(&merged.missing_shards)))
        };
        let _ = writeln!(
            out,
            "Missing: {shards}pairs {} (the figures above are for the pairs present)",
            ranges(&merged.missing_pairs)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_arena::{GameRecord, PlayedGame, Reason};
    use konane_core::{Board, Position};

    /// A game from the standard start that `winner` won for `reason`.
    fn won(winner: Color, reason: Reason) -> PlayedGame {
        PlayedGame {
            winner,
            reason,
            ..PlayedGame::new(Position::start(Board::STANDARD))
        }
    }

    #[test]
    fn the_table_counts_colours_pairs_and_ends() {
        // konane-arena's tally test, shown: A wins 3 of 4, one pair split and one won.
        let names = ["A".to_string(), "B".to_string()];
        let mut tally = Tally::new("A", "B");
        let first = [
            won(Color::Black, Reason::NoMoves),
            won(Color::Black, Reason::Crash),
        ];
        let second = [
            won(Color::Black, Reason::NoMoves),
            won(Color::White, Reason::Illegal("a1".into())),
        ];
        for (pair, games) in [first, second].into_iter().enumerate() {
            for record in GameRecord::pair(pair as u64, &names, games) {
                tally.add(&record).unwrap();
            }
        }
        let table = table(&tally);
        assert!(
            table.contains("Ends: 2 by the rules, 1 crash (A lost), 1 illegal (B lost)"),
            "{table}"
        );
        assert!(table.contains("[0, 0, 1, 0, 1]"), "{table}");
        assert!(
            table.contains("A            4       3       1   75.0%          2-0          1-1"),
            "{table}"
        );
        assert!(progress(&tally, 10, None).starts_with("games 4/10  A 3-1 (75.0%)"));
        let sprt: Sprt = "elo0=0 elo1=5".parse().unwrap();
        assert!(progress(&tally, 10, Some(&sprt)).contains("  LLR "));
    }

    #[test]
    fn missing_parts_are_listed_as_runs() {
        assert_eq!(runs(&[1, 2, 3, 5, 7, 8]), [1..=3, 5..=5, 7..=8]);
        assert_eq!(ranges(&runs(&[1, 2, 3, 5, 7, 8])), "1-3, 5, 7-8");
        assert_eq!(ranges::<u64>(&[]), "");
        let schedule = Schedule::for_games(40);
        assert_eq!(shard_note(&schedule), None);
        let note = shard_note(&schedule.part("2/4".parse().unwrap())).unwrap();
        assert!(note.starts_with("Shard 2/4: pairs 6-10 of 20;"), "{note}");
    }

    #[test]
    fn the_sprt_line_gives_the_decision_and_the_pairs_left_out() {
        let sprt: Sprt = "elo0=0 elo1=200".parse().unwrap();
        let line = sprt_line(&SprtOutcome {
            sprt,
            llr: 3.348,
            decision: Some((Decision::H1, 8)),
            ignored_pairs: 1,
        });
        assert_eq!(
            line,
            "SPRT elo0=0 elo1=200 alpha=0.05 beta=0.05 (logistic-Elo pentanomial GSPRT): LLR 3.35 (-2.94, 2.94): H1 accepted after 8 pairs (1 pair that was still running then not counted)"
        );
    }
}
