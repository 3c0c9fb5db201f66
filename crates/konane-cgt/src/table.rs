//! The value table: every canonical form it has seen, hash-consed so that equal values
//! share one [`GameId`], with the memo tables of comparisons, sums and thermography, and the
//! constructors of values (numbers, nimbers, `↑`, games from option sets).

use fnv::FnvHashMap;

use crate::dyadic::Dyadic;
use crate::error::CgtError;
use crate::shape::{classify, UpStar};
use crate::wall::Thermograph;

/// The latest birthday a value in a table may have. Every recursion of the arithmetic
/// is at most about four times this deep, which fits a 2 MiB thread stack even in a
/// debug build; an operation whose result could be born later returns
/// [`CgtError::TooDeep`] instead.
pub const MAX_BIRTHDAY: u32 = 512;

/// The most distinct options a side of a game given to [`Games::game`] may have:
/// simplification compares the options of a side pairwise.
pub const MAX_OPTIONS: usize = 1024;

/// A value in a [`Games`] table: a small copyable handle; two ids of one table are
/// equal exactly when their values are equal. An id means nothing in another table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GameId(u32);

impl GameId {
    /// The position of the value in its table (0 is always zero).
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The Left and the Right options of a canonical form, the key of the hash-consing.
type OptionSets = (Box<[GameId]>, Box<[GameId]>);

/// One canonical form: its options (sorted, each canonical), birthday and short name.
pub(crate) struct Node {
    pub(crate) left: Box<[GameId]>,
    pub(crate) right: Box<[GameId]>,
    pub(crate) birthday: u32,
    pub(crate) name: Option<UpStar>,
}

/// A table of short partizan games in canonical form (hash-consed), with memoised
/// comparisons, sums and negations. See the [crate documentation](crate).
///
/// The table only grows: every value built and every comparison or sum asked for
/// stays in it until the table is dropped ([`Games::len`], [`Games::memo_len`]).
pub struct Games {
    pub(crate) nodes: Vec<Node>,
    index: FnvHashMap<OptionSets, GameId>,
    numbers: FnvHashMap<Dyadic, GameId>,
    nimbers: Vec<GameId>,
    pub(crate) le_memo: FnvHashMap<(GameId, GameId), bool>,
    pub(crate) sum_memo: FnvHashMap<(GameId, GameId), GameId>,
    pub(crate) neg_memo: FnvHashMap<GameId, GameId>,
    pub(crate) thermograph_memo: FnvHashMap<GameId, Thermograph>,
    pub(crate) cool_memo: FnvHashMap<(GameId, Dyadic), GameId>,
}

impl Default for Games {
    fn default() -> Games {
        Games::new()
    }
}

impl Games {
    /// A table that holds zero.
    pub fn new() -> Games {
        let mut games = Games {
            nodes: Vec::new(),
            index: FnvHashMap::default(),
            numbers: FnvHashMap::default(),
            nimbers: Vec::new(),
            le_memo: FnvHashMap::default(),
            sum_memo: FnvHashMap::default(),
            neg_memo: FnvHashMap::default(),
            thermograph_memo: FnvHashMap::default(),
            cool_memo: FnvHashMap::default(),
        };
        let zero = games
            .intern(Vec::new(), Vec::new())
            .expect("an empty table has room for zero");
        games.nimbers.push(zero);
        games
    }

    /// How many distinct values the table holds.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the table holds only zero.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// How many comparisons, sums, negations, thermographs and coolings the memo
    /// tables hold.
    pub fn memo_len(&self) -> usize {
        self.le_memo.len()
            + self.sum_memo.len()
            + self.neg_memo.len()
            + self.thermograph_memo.len()
            + self.cool_memo.len()
    }

    /// Zero, `{ | }`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The Left options of a value's canonical form, sorted by id.
    pub fn left(&self, g: GameId) -> &[GameId] {
        &self.node(g).left
    }

    /// The Right options of a value's canonical form, sorted by id.
    pub fn right(&self, g: GameId) -> &[GameId] {
        &self.node(g).right
    }

    /// The day the value is born on: 0 for zero, else one more than the latest
    /// birthday of its canonical options.
    pub fn birthday(&self, g: GameId) -> u32 {
        self.node(g).birthday
    }

    /// The value as a number, when it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.node(g).name.and_then(UpStar::as_number)
    }

    /// The value as a nimber `*n`, when it is one (`Some(0)` for zero).
    pub fn as_nimber(&self, g: GameId) -> Option<u32> {
        let name = self.node(g).name?;
        (name.number == Dyadic::ZERO && name.ups == 0).then_some(name.star)
    }

    /// The value as `x + n·↑ + *k`, when it has that short name
    /// (see [`UpStar`] for which do).
    pub fn as_up_star(&self, g: GameId) -> Option<UpStar> {
        self.node(g).name
    }

    pub(crate) fn node(&self, g: GameId) -> &Node {
        &self.nodes[g.0 as usize]
    }

    /// The number `x`; [`CgtError::TooDeep`] when it is born after [`MAX_BIRTHDAY`].
    pub fn number(&mut self, x: Dyadic) -> Result<GameId, CgtError> {
        check_birthday(u64::from(x.birthday()))?;
        self.number_unchecked(x)
    }

    /// The integer `n` ([`Games::number`] of it).
    pub fn integer(&mut self, n: i64) -> Result<GameId, CgtError> {
        self.number(Dyadic::integer(n)?)
    }

    /// Builds a number from canonical forms: `n = {n-1 | }`, `-n = { | -n+1}`,
    /// `m/2^k = {(m-1)/2^k | (m+1)/2^k}`. The recursion is on the exponent only
    /// (at most [`MAX_EXPONENT`](crate::MAX_EXPONENT) deep); integers are built in a loop.
    pub(crate) fn number_unchecked(&mut self, x: Dyadic) -> Result<GameId, CgtError> {
        if let Some(&g) = self.numbers.get(&x) {
            return Ok(g);
        }
        if x.is_integer() {
            let n = x.numerator();
            let step = n.signum();
            let mut previous = self.zero();
            let mut k = 0;
            while k != n {
                k += step;
                let here = Dyadic::new(k, 0)?;
                previous = match self.numbers.get(&here) {
                    Some(&g) => g,
                    None if step > 0 => self.intern(vec![previous], Vec::new())?,
                    None => self.intern(Vec::new(), vec![previous])?,
                };
            }
            return Ok(previous);
        }
        let below = Dyadic::new(x.numerator() - 1, x.exponent())?;
        let above = Dyadic::new(x.numerator() + 1, x.exponent())?;
        let below = self.number_unchecked(below)?;
        let above = self.number_unchecked(above)?;
        self.intern(vec![below], vec![above])
    }

    /// The nimber `*n = {0, *, ..., *(n-1) | 0, *, ..., *(n-1)}`;
    /// [`CgtError::TooDeep`] for `n > MAX_BIRTHDAY`.
    pub fn nimber(&mut self, n: u32) -> Result<GameId, CgtError> {
        check_birthday(u64::from(n))?;
        while self.nimbers.len() <= n as usize {
            let options = self.nimbers.clone();
            let next = self.intern(options.clone(), options)?;
            self.nimbers.push(next);
        }
        Ok(self.nimbers[n as usize])
    }

    /// Star, `* = {0 | 0}`.
    pub fn star(&mut self) -> GameId {
        self.nimber(1).expect("* is born on day 1")
    }

    /// Up, `↑ = {0 | *}`.
    pub fn up(&mut self) -> GameId {
        let star = self.star();
        let zero = self.zero();
        self.intern(vec![zero], vec![star])
            .expect("a table that holds * has room for ↑")
    }

    /// The canonical form of the game `{left | right}` whose options are the given
    /// values: dominated options removed and reversible ones bypassed. Errors:
    /// [`CgtError::TooManyOptions`] when a side has more than [`MAX_OPTIONS`] distinct
    /// options, [`CgtError::TooDeep`] when the game is born after [`MAX_BIRTHDAY`].
    pub fn game(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId, CgtError> {
        let (left, right) = (sorted(left.to_vec()), sorted(right.to_vec()));
        let count = left.len().max(right.len());
        if count > MAX_OPTIONS {
            return Err(CgtError::TooManyOptions {
                count,
                limit: MAX_OPTIONS,
            });
        }
        let latest = left.iter().chain(&right).map(|&g| self.birthday(g)).max();
        check_birthday(latest.map_or(0, |b| u64::from(b) + 1))?;
        self.canonicalize(left, right)
    }

    /// The id of the canonical form with these (canonical, in any order) options,
    /// adding it to the table when it is new.
    pub(crate) fn intern(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
    ) -> Result<GameId, CgtError> {
        let key = (
            sorted(left).into_boxed_slice(),
            sorted(right).into_boxed_slice(),
        );
        if let Some(&g) = self.index.get(&key) {
            return Ok(g);
        }
        let id = u32::try_from(self.nodes.len())
            .ok()
            .filter(|&i| i < u32::MAX)
            .ok_or(CgtError::TableFull(self.nodes.len()))?;
        let names = |side: &[GameId]| -> Vec<Option<UpStar>> {
            side.iter().map(|&g| self.node(g).name).collect()
        };
        let name = classify(&names(&key.0), &names(&key.1))?;
        let birthday = key
            .0
            .iter()
            .chain(key.1.iter())
            .map(|&g| self.birthday(g) + 1)
            .max()
            .unwrap_or(0);
        let g = GameId(id);
        if let Some(x) = name.and_then(UpStar::as_number) {
            self.numbers.insert(x, g);
        }
        self.nodes.push(Node {
            left: key.0.clone(),
            right: key.1.clone(),
            birthday,
            name,
        });
        self.index.insert(key, g);
        Ok(g)
    }
}

/// [`CgtError::TooDeep`] when `birthday` exceeds [`MAX_BIRTHDAY`].
pub(crate) fn check_birthday(birthday: u64) -> Result<(), CgtError> {
    if birthday > u64::from(MAX_BIRTHDAY) {
        return Err(CgtError::TooDeep {
            birthday,
            limit: MAX_BIRTHDAY,
        });
    }
    Ok(())
}

/// The ids sorted, each once.
pub(crate) fn sorted(mut ids: Vec<GameId>) -> Vec<GameId> {
    ids.sort_unstable();
    ids.dedup();
    ids
}
