//! The value of a whole position for front ends: its regions with their values, the
//! sum, who wins with either side to move (from the sum's outcome class), and the
//! thermography (konane-cgt's) of the whole and of each region.

use konane_cgt::{CgtError, Dyadic, GameId, Games, Outcome, Thermograph};
use konane_core::{Color, Position};

use super::split::Region;
use super::values::{RegionValues, ValueError};

/// A position's value, region by region (Left = Black).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionValue {
    /// Each region with its value, ordered by the region's lowest square.
    pub regions: Vec<(Region, GameId)>,
    /// The value of the whole position: the sum of the regions' values.
    pub total: GameId,
    /// The outcome class of the total.
    pub outcome: Outcome,
}

impl PositionValue {
    /// Who wins with perfect play when `to_move` moves first.
    pub fn winner(&self, to_move: Color) -> Color {
        winner(self.outcome, to_move)
    }
}

/// The thermography of a valued position: the thermograph of the whole and the mean
/// and temperature of each region, in the regions' order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermography {
    pub total: Thermograph,
    /// Each region's `(mean, temperature)`.
    pub regions: Vec<(Dyadic, Dyadic)>,
}

impl PositionValue {
    /// The thermography of the position, from the values in `games` (the database's
    /// table that valued it).
    pub fn thermography(&self, games: &mut Games) -> Result<Thermography, CgtError> {
        let regions = self
            .regions
            .iter()
            .map(|&(_, g)| Ok((games.mean(g)?, games.temperature(g)?)))
            .collect::<Result<_, CgtError>>()?;
        Ok(Thermography {
            total: games.thermograph(self.total)?,
            regions,
        })
    }
}

impl Thermography {
    /// The index of the hottest region (the first of them on a tie), where a move
    /// gains the most; `None` without regions.
    pub fn hottest(&self) -> Option<usize> {
        let top = self.regions.iter().map(|&(_, t)| t).max()?;
        self.regions.iter().position(|&(_, t)| t == top)
    }
}

/// Who wins a game of outcome class `outcome` (Left = Black) when `to_move` moves first.
pub fn winner(outcome: Outcome, to_move: Color) -> Color {
    match outcome {
        Outcome::Left => Color::Black,
        Outcome::Right => Color::White,
        Outcome::Next => to_move,
        Outcome::Previous => !to_move,
    }
}

impl RegionValues {
    /// The value of `position` region by region, valuing at most `budget` regions not
    /// yet in the database and giving up once `stop` says so (see
    /// [`RegionValues::region_values_until`]).
    pub fn position_value(
        &mut self,
        position: &Position,
        budget: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<PositionValue, ValueError> {
        let regions = self.region_values_until(position, budget, stop)?;
        let values: Vec<GameId> = regions.iter().map(|&(_, v)| v).collect();
        let total = self.games().sum(&values)?;
        let outcome = self.games().outcome(total);
        Ok(PositionValue {
            regions,
            total,
            outcome,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_follows_the_outcome_class() {
        for side in [Color::Black, Color::White] {
            assert_eq!(winner(Outcome::Left, side), Color::Black);
            assert_eq!(winner(Outcome::Right, side), Color::White);
            assert_eq!(winner(Outcome::Next, side), side);
            assert_eq!(winner(Outcome::Previous, side), !side);
        }
    }

    #[test]
    fn a_position_value_agrees_with_the_side_to_move_verdict() {
        // A lone Black jump in each of two corners of 6x6: 1 + 1 = 2.
        let position: Position = "6/6/bw4/6/6/4wb w".parse().unwrap();
        let mut db = RegionValues::new(1 << 16);
        let value = db.position_value(&position, 1000, &|| false).unwrap();
        assert_eq!(value.regions.len(), 2);
        assert_eq!(db.games_ref().strict(value.total), "2");
        assert_eq!(value.outcome, Outcome::Left);
        assert_eq!(value.winner(Color::White), Color::Black);
        let thermal = value.thermography(db.games()).unwrap();
        let (one, minus_one) = (Dyadic::integer(1).unwrap(), Dyadic::integer(-1).unwrap());
        assert_eq!(thermal.regions, [(one, minus_one); 2]);
        assert_eq!(thermal.total.mean(), Dyadic::integer(2).unwrap());
        assert_eq!(thermal.hottest(), Some(0), "the first of equals");
        let raised = db.position_value(&"6/6/6/6/6/bwbw2 b".parse().unwrap(), 1000, &|| true);
        assert_eq!(raised, Err(ValueError::Stopped));
    }

    #[test]
    fn the_hottest_region_is_the_one_with_the_highest_temperature() {
        // Row 3: {1|0} (temperature 1/2); row 1: a lone Black jump, 1 (temperature -1).
        let position: Position = "bw1bw2/7/bw5 b".parse().unwrap();
        let mut db = RegionValues::new(1 << 16);
        let value = db.position_value(&position, 1000, &|| false).unwrap();
        let thermal = value.thermography(db.games()).unwrap();
        assert_eq!(thermal.regions.len(), 2);
        let hot = thermal.hottest().unwrap();
        assert_eq!(db.games_ref().strict(value.regions[hot].1), "{1|0}");
        assert_eq!(
            thermal.regions[hot],
            (Dyadic::new(1, 1).unwrap(), Dyadic::new(1, 1).unwrap())
        );
        let empty = Thermography {
            total: thermal.total.clone(),
            regions: Vec::new(),
        };
        assert_eq!(empty.hottest(), None);
    }
}
