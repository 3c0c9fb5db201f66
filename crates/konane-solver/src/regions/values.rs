//! The canonical value of regions and positions, Left = Black (a positive value
//! favours Black): a region's value is `{ values after Black's moves | values after
//! White's moves }`, where the value after a move is the sum of the values of the
//! regions it leaves. Values are kept in a database in memory, one entry per
//! [`RegionKey`], so a region seen again anywhere is looked up.

use fnv::FnvHashMap;
use konane_cgt::{CgtError, GameId, Games};
use konane_core::{Board, Color, Phase, Position};
use thiserror::Error;

use super::key::RegionKey;
use super::split::{after_jumps, reach, split, Region};
use super::squares::RegionSquares;

/// Why a value was not computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ValueError {
    /// The position is still in the opening removals, which are not a sum of regions.
    #[error(
        "the position is in the opening removals; values start with the jumps, once both removals are played"
    )]
    Opening,
    /// Valuing the position needs more than the budget of new regions.
    #[error("more than {0} regions to value; the position is too large to value cheaply")]
    Budget(u64),
    /// The database holds its capacity of entries: [`RegionValues::clear`] it first.
    #[error("the value database is full ({0} entries); clear it to go on")]
    Full(usize),
    /// The caller's stop flag was raised before the value was found.
    #[error("stopped before the value was found")]
    Stopped,
    /// A value beyond the limits of the arithmetic.
    #[error("{0}")]
    Arithmetic(#[from] CgtError),
}

/// A database of region values: their [`Games`] table and a map from [`RegionKey`] to
/// value. It holds at most `capacity` entries (region values, values in the table and
/// memoised comparisons and sums together) between calls: a call that finds it full
/// returns [`ValueError::Full`], and [`RegionValues::clear`] empties it (which makes
/// every [`GameId`] it gave out meaningless). One call adds at most what its budget of
/// regions needs.
pub struct RegionValues {
    games: Games,
    values: FnvHashMap<RegionKey, GameId>,
    reaches: FnvHashMap<(Board, RegionSquares, RegionSquares), RegionSquares>,
    capacity: usize,
}

impl RegionValues {
    /// An empty database that holds at most `capacity` entries.
    pub fn new(capacity: usize) -> RegionValues {
        RegionValues {
            games: Games::new(),
            values: FnvHashMap::default(),
            reaches: FnvHashMap::default(),
            capacity,
        }
    }

    /// The table of the values given out, to print, compare and add them.
    pub fn games(&mut self) -> &mut Games {
        &mut self.games
    }

    /// The table of the values given out, to print them.
    pub fn games_ref(&self) -> &Games {
        &self.games
    }

    /// How many regions have a stored value.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no region has a stored value.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Entries held: region values, values in the table, memoised operations and the
    /// reaches of groups of pieces.
    pub fn entries(&self) -> usize {
        self.values.len() + self.games.len() + self.games.memo_len() + self.reaches.len()
    }

    /// Forgets every value (every [`GameId`] given out so far becomes meaningless).
    pub fn clear(&mut self) {
        self.games = Games::new();
        self.values.clear();
        self.reaches.clear();
    }

    /// The value of `position` (whoever is to move): the sum of its regions' values.
    /// At most `budget` regions not yet in the database are valued.
    pub fn value(&mut self, position: &Position, budget: u64) -> Result<GameId, ValueError> {
        let parts = self.region_values(position, budget)?;
        let values: Vec<GameId> = parts.iter().map(|&(_, v)| v).collect();
        Ok(self.games.sum(&values)?)
    }

    /// Each region of `position` with its value (see [`RegionValues::value`]).
    pub fn region_values(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<Vec<(Region, GameId)>, ValueError> {
        self.region_values_until(position, budget, &|| false)
    }

    /// [`RegionValues::region_values`], giving up with [`ValueError::Stopped`] once
    /// `stop` says so (it is asked before each new region is valued).
    pub fn region_values_until(
        &mut self,
        position: &Position,
        budget: u64,
        stop: &dyn Fn() -> bool,
    ) -> Result<Vec<(Region, GameId)>, ValueError> {
        if position.phase() != Phase::Jumps {
            return Err(ValueError::Opening);
        }
        if self.entries() >= self.capacity {
            return Err(ValueError::Full(self.entries()));
        }
        let mut search = Search {
            db: self,
            board: position.board(),
            left: budget,
            budget,
            stop,
        };
        let black = RegionSquares::pieces(position, Color::Black);
        let white = RegionSquares::pieces(position, Color::White);
        search
            .regions(black, white)
            .into_iter()
            .map(|region| Ok((region, search.region_value(&region)?)))
            .collect()
    }

    /// The stored value of the region of `key`, if any.
    pub(crate) fn stored_value(&self, key: &RegionKey) -> Option<GameId> {
        self.values.get(key).copied()
    }

    /// Every stored region value.
    pub(crate) fn stored(&self) -> impl Iterator<Item = (&RegionKey, GameId)> {
        self.values.iter().map(|(key, &g)| (key, g))
    }

    /// The value of the pieces `black` and `white` on `board` (a region's own board),
    /// computed from their moves with at most `budget` new regions, and stored under
    /// `key` when the database has room.
    pub(crate) fn value_on_board(
        &mut self,
        key: RegionKey,
        board: Board,
        (black, white): (RegionSquares, RegionSquares),
        budget: u64,
    ) -> Result<GameId, ValueError> {
        let mut search = Search {
            db: self,
            board,
            left: budget,
            budget,
            stop: &|| false,
        };
        let mut total = search.db.games.zero();
        for part in search.regions(black, white) {
            let v = search.region_value(&part)?;
            total = search.db.games.add(total, v)?;
        }
        if self.values.len() < self.capacity {
            self.values.insert(key, total);
        }
        Ok(total)
    }

    /// Whether the side to move wins `position` with perfect play, from its value.
    pub fn side_to_move_wins(
        &mut self,
        position: &Position,
        budget: u64,
    ) -> Result<bool, ValueError> {
        let g = self.value(position, budget)?;
        Ok(match position.side_to_move() {
            Color::Black => self.games.left_wins_moving_first(g),
            Color::White => self.games.right_wins_moving_first(g),
        })
    }
}

/// One call's valuation: the database, the board, what is left of the budget and the
/// caller's stop flag.
struct Search<'a> {
    db: &'a mut RegionValues,
    board: Board,
    left: u64,
    budget: u64,
    stop: &'a dyn Fn() -> bool,
}

impl Search<'_> {
    /// The regions of the pieces on the board, with the reaches of groups of pieces
    /// remembered while the database has room.
    fn regions(&mut self, black: RegionSquares, white: RegionSquares) -> Vec<Region> {
        let (board, db) = (self.board, &mut *self.db);
        let room = db.entries() < db.capacity;
        split(board, black, white, &mut |black, white| {
            if let Some(&known) = db.reaches.get(&(board, black, white)) {
                return known;
            }
            let found = reach(black, white, board);
            if room {
                db.reaches.insert((board, black, white), found);
            }
            found
        })
    }

    fn region_value(&mut self, region: &Region) -> Result<GameId, ValueError> {
        let key = RegionKey::of(region);
        if let Some(&g) = self.db.values.get(&key) {
            return Ok(g);
        }
        if self.left == 0 {
            return Err(ValueError::Budget(self.budget));
        }
        if (self.stop)() {
            return Err(ValueError::Stopped);
        }
        self.left -= 1;
        let black = self.options(region, Color::Black)?;
        let white = self.options(region, Color::White)?;
        let g = self.db.games.game(&black, &white)?;
        if self.db.values.len() < self.db.capacity {
            self.db.values.insert(key, g);
        }
        Ok(g)
    }

    /// The values after each move of `side` in the region.
    fn options(&mut self, region: &Region, side: Color) -> Result<Vec<GameId>, ValueError> {
        let mut options = Vec::new();
        for (black, white) in after_jumps(region.black, region.white, side, self.board) {
            let mut total = self.db.games.zero();
            for part in self.regions(black, white) {
                let v = self.region_value(&part)?;
                total = self.db.games.add(total, v)?;
            }
            options.push(total);
        }
        Ok(options)
    }
}
