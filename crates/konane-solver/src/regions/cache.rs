//! The solver's per-thread cache of region values: a [`RegionValues`] database (values
//! by normalised key) in front of which sits a map from a region's pieces on the
//! search's board to its value, so that a region seen again where it stood costs one
//! lookup and no key normalisation.

use fnv::FnvHashMap;
use konane_cgt::{GameId, Games};
use konane_core::{Bitboard, Geometry, Word};

use super::bits::BitRegion;
use super::key::RegionKey;
use super::split::Region;
use super::squares::RegionSquares;
use super::values::RegionValues;

/// New regions one valuation may value (a region of the sizes the solver values needs
/// far fewer); past it the region counts as too large and is searched.
const VALUE_BUDGET: u64 = 20_000;

/// Region values for one thread of a solve (the [`GameId`]s it hands out mean something
/// only in its own [`Games`] table).
pub(crate) struct RegionCache<W: Word> {
    values: RegionValues,
    here: FnvHashMap<(Bitboard<W>, Bitboard<W>), GameId>,
    capacity: usize,
    /// Bumped on every clear, so that holders of ids can tell they went stale.
    pub generation: u64,
}

impl<W: Word> RegionCache<W> {
    /// An empty cache that holds about `capacity` entries before it starts again.
    pub fn new(capacity: usize) -> RegionCache<W> {
        RegionCache {
            values: RegionValues::new(usize::MAX),
            here: FnvHashMap::default(),
            capacity,
            generation: 0,
        }
    }

    /// The values' table.
    pub fn games(&mut self) -> &mut Games {
        self.values.games()
    }

    /// Entries held.
    pub fn entries(&self) -> usize {
        self.values.entries() + self.here.len()
    }

    /// Empties the cache when it holds its capacity: call it before valuing regions
    /// whose ids are used together (it invalidates every id handed out before).
    pub fn make_room(&mut self) {
        if self.entries() >= self.capacity {
            self.values.clear();
            self.here.clear();
            self.generation += 1;
        }
    }

    /// The value of `region` of the board of `geometry` (Left = Black), or `None` when
    /// it needs more than the valuation budget (or leaves the arithmetic's limits).
    pub fn value(&mut self, geometry: &Geometry<W>, region: &BitRegion<W>) -> Option<GameId> {
        if let Some(&g) = self.here.get(&(region.black, region.white)) {
            return Some(g);
        }
        let named = |bb: Bitboard<W>| {
            bb.iter()
                .map(|i| RegionSquares::single(geometry.square(i)))
                .fold(RegionSquares::EMPTY, RegionSquares::or)
        };
        let key = RegionKey::of(&Region {
            black: named(region.black),
            white: named(region.white),
            reach: named(region.reach),
        });
        let g = match self.values.stored_value(&key) {
            Some(g) => g,
            None => self
                .values
                .value_on_board(key, key.board(), (key.black(), key.white()), VALUE_BUDGET)
                .ok()?,
        };
        self.here.insert((region.black, region.white), g);
        Some(g)
    }
}
