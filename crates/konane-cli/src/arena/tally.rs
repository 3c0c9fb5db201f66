//! Results of a match as they come in: wins and losses per engine and colour, pair
//! (pentanomial) counts, how games ended; the live progress line and the final table.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;

use konane_core::Color;

use super::adjudication::Reason;
use super::record::GameRecord;
use super::stats::{elo_from_games, Pentanomial, Sprt};

/// The running totals of a match between two named engines.
#[derive(Clone, Debug)]
pub struct Tally {
    names: [String; 2],
    /// `wins[engine][colour]`: games engine (0 = first) won playing colour.
    wins: [[u64; 2]; 2],
    losses: [[u64; 2]; 2],
    /// Pairs scored from the first engine's view.
    pub pairs: Pentanomial,
    /// First-engine half points of pairs with one game in so far.
    open_pairs: HashMap<u64, usize>,
    /// Games lost by adjudication, by loser and reason word.
    adjudications: BTreeMap<(String, &'static str), u64>,
    /// Games ended by the rules.
    rule_ends: u64,
}

/// A game played by an engine that is not in the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPlayer(pub String);

impl Tally {
    /// An empty tally of `first` against `second`.
    pub fn new(first: &str, second: &str) -> Tally {
        Tally {
            names: [first.to_string(), second.to_string()],
            wins: [[0; 2]; 2],
            losses: [[0; 2]; 2],
            pairs: Pentanomial::default(),
            open_pairs: HashMap::new(),
            adjudications: BTreeMap::new(),
            rule_ends: 0,
        }
    }

    /// Counts a finished game; the second game of a pair also counts the pair.
    pub fn add(&mut self, record: &GameRecord) -> Result<(), UnknownPlayer> {
        let seat = |name: &str| {
            self.names
                .iter()
                .position(|n| n == name)
                .ok_or_else(|| UnknownPlayer(name.to_string()))
        };
        let black = seat(&record.players[0])?;
        let white = seat(&record.players[1])?;
        let winner = record.game.winner;
        let (won, lost) = match winner {
            Color::Black => (black, white),
            Color::White => (white, black),
        };
        self.wins[won][winner.index()] += 1;
        self.losses[lost][(!winner).index()] += 1;
        match record.game.reason {
            Reason::NoMoves => self.rule_ends += 1,
            ref reason => {
                *self
                    .adjudications
                    .entry((self.names[lost].clone(), reason.word()))
                    .or_default() += 1
            }
        }
        let first_half_points = if won == 0 { 2 } else { 0 };
        match self.open_pairs.remove(&record.pair) {
            Some(earlier) => self.pairs.add_pair(earlier + first_half_points),
            None => {
                self.open_pairs.insert(record.pair, first_half_points);
            }
        }
        Ok(())
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins.iter().flatten().sum()
    }

    /// Games won by engine `engine` (0 = first).
    pub fn wins_of(&self, engine: usize) -> u64 {
        self.wins[engine].iter().sum()
    }

    /// The live progress line: games, the first engine's score, Elo and LLR so far.
    pub fn progress(&self, planned: u64, sprt: Option<&Sprt>) -> String {
        let games = self.games();
        let wins = self.wins_of(0);
        let mut line = format!(
            "games {games}/{planned}  {} {wins}-{} ({:.1}%)",
            self.names[0],
            games - wins,
            100.0 * wins as f64 / games.max(1) as f64
        );
        if let Some(elo) = self.pairs.elo() {
            let _ = write!(line, "  Elo {elo}");
        }
        if let Some(sprt) = sprt {
            let (lower, upper) = sprt.bounds();
            let _ = write!(
                line,
                "  LLR {:.2} ({lower:.2}, {upper:.2})",
                sprt.llr(&self.pairs)
            );
        }
        line
    }

    /// The final table: per engine and colour, the Elo difference with its interval,
    /// the pair counts and how games ended.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let width = self.names.iter().map(String::len).max().unwrap_or(0).max(6);
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>11}  {:>11}",
            "Engine", "Games", "Wins", "Losses", "Score", "Black W-L", "White W-L"
        );
        for (engine, name) in self.names.iter().enumerate() {
            let wins = self.wins_of(engine);
            let losses: u64 = self.losses[engine].iter().sum();
            let games = wins + losses;
            let colour = |c: Color| {
                format!(
                    "{}-{}",
                    self.wins[engine][c.index()],
                    self.losses[engine][c.index()]
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
        let [first, second] = &self.names;
        match self.pairs.elo() {
            Some(elo) => {
                let pairs = match self.pairs.pairs() {
                    1 => "1 pair".to_string(),
                    n => format!("{n} pairs"),
                };
                let _ = writeln!(out, "Elo {first} - {second}: {elo} from {pairs}");
            }
            None => {
                let _ = writeln!(out, "Elo {first} - {second}: no complete pair yet");
            }
        }
        let wins = self.wins_of(0);
        if let Some(elo) = elo_from_games(wins, self.games() - wins, 0) {
            let _ = writeln!(out, "Elo from single games (ignores pairing): {elo}");
        }
        let c = self.pairs.counts;
        let _ = writeln!(
            out,
            "Pairs by {first}'s points (0, 1/2, 1, 3/2, 2): [{}, {}, {}, {}, {}]",
            c[0], c[1], c[2], c[3], c[4]
        );
        let mut ends = format!("Ends: {} by the rules", self.rule_ends);
        for ((loser, word), count) in &self.adjudications {
            let _ = write!(ends, ", {count} {word} ({loser} lost)");
        }
        let _ = writeln!(out, "{ends}");
        out
    }
}
