//! Results of a match as they come in: wins and losses per engine and colour, pair
//! (pentanomial) counts, how games ended.

use std::collections::{BTreeMap, HashMap};

use konane_core::Color;

use crate::adjudication::Reason;
use crate::error::ArenaError;
use crate::record::{GameRecord, Records};
use crate::stats::Pentanomial;

/// The running totals of a match between two named engines.
#[derive(Clone, Debug)]
pub struct Tally {
    names: [String; 2],
    /// `wins[engine][colour]`: games engine (0 = first) won playing colour.
    wins: [[u64; 2]; 2],
    losses: [[u64; 2]; 2],
    /// Pairs scored from the first engine's view.
    pairs: Pentanomial,
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

    /// The two engines' names, the first (measured) one first.
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// Complete pairs, counted by the first engine's points.
    pub fn pairs(&self) -> &Pentanomial {
        &self.pairs
    }

    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins.iter().flatten().sum()
    }

    /// Games won by engine `engine` (0 = first).
    pub fn wins_of(&self, engine: usize) -> u64 {
        self.wins[engine].iter().sum()
    }

    /// Games engine `engine` (0 = first) won playing `colour`.
    pub fn wins_as(&self, engine: usize, colour: Color) -> u64 {
        self.wins[engine][colour.index()]
    }

    /// Games engine `engine` (0 = first) lost playing `colour`.
    pub fn losses_as(&self, engine: usize, colour: Color) -> u64 {
        self.losses[engine][colour.index()]
    }

    /// Games lost by engine `engine` (0 = first).
    pub fn losses_of(&self, engine: usize) -> u64 {
        self.losses[engine].iter().sum()
    }

    /// Games ended by the rules (the side to move had no move).
    pub fn rule_ends(&self) -> u64 {
        self.rule_ends
    }

    /// Games lost by adjudication: `(loser, reason word, count)`, by loser's name and
    /// then reason word.
    pub fn adjudications(&self) -> impl Iterator<Item = (&str, &'static str, u64)> + '_ {
        self.adjudications
            .iter()
            .map(|((loser, word), &count)| (loser.as_str(), *word, count))
    }
}

impl Records {
    /// The match's totals recomputed from the games. The first engine is the first
    /// named in the header (else the first to play); an error unless exactly two
    /// players appear.
    pub fn tally(&self) -> Result<Tally, ArenaError> {
        let mut names: Vec<&str> = self.engines.iter().map(|(n, _)| n.as_str()).collect();
        for game in &self.games {
            for player in &game.players {
                if !names.contains(&player.as_str()) {
                    names.push(player);
                }
            }
        }
        let [first, second] = names[..] else {
            return Err(ArenaError::PlayerCount(names.len()));
        };
        let mut tally = Tally::new(first, second);
        for game in &self.games {
            tally.add(game).expect("both players are named");
        }
        Ok(tally)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::PlayedGame;
    use konane_core::{Board, Position};

    fn game(pair: u64, black: &str, white: &str, winner: Color, reason: Reason) -> GameRecord {
        GameRecord {
            number: 0,
            pair,
            players: [black.to_string(), white.to_string()],
            game: PlayedGame {
                start: Position::start(Board::STANDARD),
                moves: Vec::new(),
                times_ms: Vec::new(),
                winner,
                reason,
            },
        }
    }

    #[test]
    fn games_count_per_engine_and_colour_and_pairs_once_complete() {
        let mut tally = Tally::new("A", "B");
        // Pair 1: A wins as Black, B wins as Black: 1 point for A.
        tally
            .add(&game(1, "A", "B", Color::Black, Reason::NoMoves))
            .unwrap();
        assert_eq!(tally.pairs.pairs(), 0);
        tally
            .add(&game(1, "B", "A", Color::Black, Reason::Crash))
            .unwrap();
        // Pair 2: A wins both, the second as White by B's illegal move.
        tally
            .add(&game(2, "A", "B", Color::Black, Reason::NoMoves))
            .unwrap();
        tally
            .add(&game(
                2,
                "B",
                "A",
                Color::White,
                Reason::Illegal("a1".into()),
            ))
            .unwrap();
        assert_eq!(tally.pairs.counts, [0, 0, 1, 0, 1]);
        assert_eq!(tally.games(), 4);
        assert_eq!(tally.wins_of(0), 3);
        assert_eq!(tally.wins, [[2, 1], [1, 0]]);
        assert_eq!(tally.losses, [[0, 1], [1, 2]]);
        // (The table and progress line made from this tally are checked where they are
        // formatted, in konane-cli's match_report.)
        assert_eq!(tally.rule_ends(), 2);
        assert_eq!(
            tally.adjudications().collect::<Vec<_>>(),
            [("A", "crash", 1), ("B", "illegal", 1)]
        );
        assert_eq!(
            (
                tally.wins_as(0, Color::White),
                tally.losses_as(1, Color::White)
            ),
            (1, 2)
        );
        assert_eq!(
            tally.add(&game(3, "A", "C", Color::Black, Reason::NoMoves)),
            Err(UnknownPlayer("C".to_string()))
        );
    }
}
