//! Depth-first proof-number search (df-pn) over the positions with many pieces, the
//! depth-first search of [`Searcher::solve`] below them.
//!
//! In negamax form: a position's proof number `pn` is the least number of positions
//! still to prove to show that its mover wins, its disproof number `dn` the least to
//! show that the mover loses; `pn` is the smallest `dn` of its children and `dn` the
//! sum of their `pn`. A child not yet searched starts at `pn = 1` and `dn` = the moves
//! of its mover (all of them must be refuted), so the first child tried is the one
//! that leaves the opponent the fewest replies, as in the depth-first search. The
//! search goes down the most proving child while the numbers stay under thresholds
//! (with Pawlewicz and Lew's 1 + ε trick against going back and forth between two
//! children), and keeps the numbers of unproven positions in a table of its own.
//! Proven positions go to the shared proof table, as in the depth-first search, so a
//! verdict is exactly as sure: a number only steers the search, it never decides.

use konane_core::{Bitboard, Word};

use super::{Child, Opened, Probe, Searcher};
use crate::symmetry::Key;

/// A number beyond every real one: a proven position's.
const INF: u32 = u32::MAX / 2;

/// Proof and disproof numbers of a proven position: `win` for its mover or not.
#[inline(always)]
fn proven(win: bool) -> (u32, u32) {
    if win {
        (0, INF)
    } else {
        (INF, 0)
    }
}

#[derive(Copy, Clone, Debug, PartialEq)]
struct Slot<W: Word> {
    key: Key<W>,
    pn: u32,
    dn: u32,
}

/// Slots a table of numbers starts with (32 KiB on boards of 64 squares).
const FIRST_SLOTS: usize = 1 << 10;

/// Proof and disproof numbers of unproven positions, keyed by the whole position
/// (two slots a home, the cheaper one overwritten when both are taken). It starts
/// small and doubles whenever a position would overwrite another, up to its size: a
/// search of a few nodes (most of the certificate writer's) touches a few KiB instead
/// of the whole table. Below its size it never overwrites, and at its size it holds
/// what a table of that size made at once would, slot for slot, so the search and its
/// node count are the same either way.
pub(crate) struct PnTable<W: Word> {
    slots: Vec<Option<Slot<W>>>,
    /// The most slots it grows to (a power of two).
    limit: usize,
}

impl<W: Word> PnTable<W> {
    pub(super) fn new(entries: usize) -> PnTable<W> {
        PnTable::starting_with(entries, FIRST_SLOTS)
    }

    /// A table of at most `entries` (rounded up to a power of two) that starts with
    /// `first` slots (or all of them, if fewer).
    fn starting_with(entries: usize, first: usize) -> PnTable<W> {
        let limit = entries.next_power_of_two().max(2);
        PnTable {
            slots: vec![None; first.next_power_of_two().clamp(2, limit)],
            limit,
        }
    }

    #[inline(always)]
    fn home(&self, key: &Key<W>) -> usize {
        key.digest() as usize & (self.slots.len() - 2)
    }

    #[inline(always)]
    fn get(&self, key: &Key<W>) -> Option<(u32, u32)> {
        let home = self.home(key);
        self.slots[home..home + 2]
            .iter()
            .flatten()
            .find(|s| s.key == *key)
            .map(|s| (s.pn, s.dn))
    }

    /// Reads the slots of `key` (see [`crate::table::ProofTable::touch`]).
    #[inline(always)]
    fn touch(&self, key: &Key<W>) -> u64 {
        self.slots[self.home(key)].map_or(0, |s| u64::from(s.pn))
    }

    #[inline(always)]
    fn set(&mut self, key: Key<W>, pn: u32, dn: u32) {
        loop {
            let home = self.home(&key);
            let full = self.slots.len() == self.limit;
            let index = match (&self.slots[home], &self.slots[home + 1]) {
                (Some(a), _) if a.key == key => Some(0),
                (_, Some(b)) if b.key == key => Some(1),
                (None, _) => Some(0),
                (_, None) => Some(1),
                (Some(a), Some(b)) if full => Some(usize::from(b.pn.min(b.dn) < a.pn.min(a.dn))),
                _ => None,
            };
            match index {
                Some(index) => {
                    self.slots[home + index] = Some(Slot { key, pn, dn });
                    return;
                }
                None => self.grow(),
            }
        }
    }

    /// Doubles the slots, each entry to its new home in the order of the old slots (so
    /// the two of a home stay in the order they came, as in a table made at this size).
    #[inline(never)]
    fn grow(&mut self) {
        let doubled = vec![None; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        for slot in old.into_iter().flatten() {
            let home = self.home(&slot.key);
            let index = usize::from(self.slots[home].is_some());
            debug_assert!(self.slots[home + index].is_none(), "at most two a home");
            self.slots[home + index] = Some(slot);
        }
    }
}

/// One remembered node: its key, and its children and their keys, in order.
struct Recent<W: Word> {
    key: Option<Key<W>>,
    children: Vec<(Child<W>, Key<W>)>,
}

/// The children of recent proof-number nodes, so that a node entered again (df-pn
/// enters a node once for each time its parent picks it) need not generate, order
/// and key its children again: one entry a home, the newest node kept.
pub(crate) struct ChildCache<W: Word> {
    entries: Vec<Recent<W>>,
}

/// Nodes a searcher's [`ChildCache`] remembers.
const RECENT_NODES: usize = 1 << 16;

impl<W: Word> ChildCache<W> {
    fn new(entries: usize) -> ChildCache<W> {
        ChildCache {
            entries: (0..entries.next_power_of_two())
                .map(|_| Recent {
                    key: None,
                    children: Vec::new(),
                })
                .collect(),
        }
    }

    #[inline(always)]
    fn home(&self, key: &Key<W>) -> usize {
        (key.digest() >> 32) as usize & (self.entries.len() - 1)
    }
}

impl<W: Word> Searcher<'_, W> {
    /// Pushes the children of the node `key` and their keys, as [`Searcher::remember`]
    /// kept them, onto `children` and `keys`; false (nothing pushed) when they are
    /// not kept.
    #[inline(always)]
    pub(super) fn recall(&mut self, key: &Key<W>) -> bool {
        let Some(recent) = &self.recent else {
            return false;
        };
        let entry = &recent.entries[recent.home(key)];
        if entry.key.as_ref() != Some(key) {
            return false;
        }
        for &(child, child_key) in &entry.children {
            self.children.push(child);
            self.keys.push(child_key);
        }
        true
    }

    /// Keeps the `count` children of the node `key` from `start` (and their keys, the
    /// last `count` of `keys`) for [`Searcher::recall`].
    #[inline(always)]
    pub(super) fn remember(&mut self, key: Key<W>, start: usize, count: usize) {
        let recent = self
            .recent
            .get_or_insert_with(|| ChildCache::new(RECENT_NODES));
        let home = recent.home(&key);
        let entry = &mut recent.entries[home];
        entry.key = Some(key);
        entry.children.clear();
        let keys = &self.keys[self.keys.len() - count..];
        entry.children.extend(
            self.children[start..start + count]
                .iter()
                .copied()
                .zip(keys.iter().copied()),
        );
    }

    /// Whether (`me`, `opp`) is searched by proof numbers.
    #[inline(always)]
    pub(super) fn uses_pn(&self, me: Bitboard<W>, opp: Bitboard<W>) -> bool {
        let pieces = self.shared.pn_pieces;
        pieces > 0 && (me | opp).count() >= pieces
    }

    /// Whether the mover `me` wins against `opp` (`white` to move or not): by proof
    /// numbers when the position has enough pieces, else depth first.
    pub fn search(&mut self, me: Bitboard<W>, opp: Bitboard<W>, white: bool) -> Option<bool> {
        if !self.uses_pn(me, opp) {
            return self.solve(me, opp, white);
        }
        if self.numbers.is_none() {
            self.numbers = Some(PnTable::new(self.shared.pn_entries));
        }
        let (pn, dn) = self.mid(me, opp, white, INF, INF)?;
        debug_assert!(
            pn == 0 || dn == 0,
            "the root is searched until it is proven"
        );
        Some(pn == 0)
    }

    /// The numbers of a child: proven, searched before, or first estimates.
    #[inline(always)]
    fn numbers_of(&self, key: &Key<W>, replies: u32) -> (u32, u32) {
        if let Some(win) = self.shared.table.get(key) {
            return proven(win);
        }
        let numbers = self.numbers.as_ref().expect("made before the search");
        numbers.get(key).unwrap_or((1, replies))
    }

    /// Searches (`me`, `opp`) until its proof number reaches `th_pn` or its disproof
    /// number `th_dn`, or it is proven; its numbers then (`None`: stopped).
    fn mid(
        &mut self,
        me: Bitboard<W>,
        opp: Bitboard<W>,
        white: bool,
        th_pn: u32,
        th_dn: u32,
    ) -> Option<(u32, u32)> {
        if !self.uses_pn(me, opp) {
            return self.solve(me, opp, white).map(proven);
        }
        // The children are looked up in the tables below, so `open` only pushes their
        // keys.
        let (start, count, key) = match self.open(me, opp, white, Probe::Numbers) {
            Opened::Stopped => return None,
            Opened::Known(win) => return Some(proven(win)),
            Opened::Search { start, count, key } => (start, count, key),
        };
        // The children's numbers, read from the tables once and then kept here as
        // each child's search returns them.
        let base = self.numbers_stack.len();
        let keys = self.keys.len() - count;
        let mut touched = 0;
        let numbers = self.numbers.as_ref().expect("made before the search");
        for key in &self.keys[keys..] {
            touched ^= self.shared.table.touch(key) ^ numbers.touch(key);
        }
        std::hint::black_box(touched);
        for j in 0..count {
            let numbers = self.numbers_of(&self.keys[keys + j], self.children[start + j].replies);
            self.numbers_stack.push(numbers);
        }
        self.keys.truncate(keys);
        let result = loop {
            // pn: the best child's dn; dn: the sum of the children's pn.
            let (mut pn, mut dn) = (INF, 0u32);
            let (mut best, mut best_pn, mut second) = (0, 0, INF);
            for (j, &(cpn, cdn)) in self.numbers_stack[base..].iter().enumerate() {
                dn = dn.saturating_add(cpn).min(INF - 1);
                if cdn < pn {
                    second = pn;
                    pn = cdn;
                    best = j;
                    best_pn = cpn;
                } else if cdn < second {
                    second = cdn;
                }
            }
            if pn == 0 || dn == 0 {
                self.shared.table.insert(key, pn == 0);
                break Some(proven(pn == 0));
            }
            if pn >= th_pn || dn >= th_dn {
                self.numbers
                    .as_mut()
                    .expect("made before the search")
                    .set(key, pn, dn);
                break Some((pn, dn));
            }
            let child = self.children[start + best];
            let child_th_pn = th_dn - dn + best_pn;
            // 1 + ε with ε = 1/4 (6x6 at 18 pieces: 1.88 M nodes; ε = 0 3.06 M,
            // 1/2 2.25 M, 1/8 2.39 M).
            let child_th_dn = th_pn.min(second.saturating_add(second / 4).saturating_add(1));
            match self.mid(child.me, child.opp, !white, child_th_pn, child_th_dn) {
                None => break None,
                Some(numbers) => self.numbers_stack[base + best] = numbers,
            }
        };
        self.numbers_stack.truncate(base);
        self.children.truncate(start);
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Bitboard;
    use rand::{Rng, SeedableRng};

    /// A table that grows holds, slot for slot, what one made at its full size holds,
    /// through sets of new positions, sets of known ones and overwrites.
    #[test]
    fn a_growing_table_holds_what_a_full_one_holds() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(25);
        let keys: Vec<Key<u64>> = (0..6000)
            .map(|_| Key {
                black: Bitboard(rng.gen::<u64>()),
                white: Bitboard(rng.gen::<u64>()),
                white_to_move: rng.gen(),
            })
            .collect();
        let limit = 1 << 12;
        let mut growing = PnTable::<u64>::new(limit);
        let mut full = PnTable::<u64>::starting_with(limit, limit);
        assert!(growing.slots.len() < full.slots.len());
        for step in 0..40_000 {
            // Early on few positions (no overwrite yet), later all of them.
            let key = keys[rng.gen_range(0..keys.len().min(100 + step / 4))];
            let (pn, dn) = (rng.gen_range(1..50), rng.gen_range(1..50));
            growing.set(key, pn, dn);
            full.set(key, pn, dn);
            assert_eq!(growing.get(&key), full.get(&key));
            if growing.slots.len() == full.slots.len() {
                assert_eq!(growing.slots, full.slots, "step {step}");
            }
        }
        assert_eq!(growing.slots, full.slots);
        for key in &keys {
            assert_eq!(growing.get(key), full.get(key));
        }
    }

    /// A few positions keep the table small.
    #[test]
    fn a_table_of_few_positions_stays_small() {
        let mut table = PnTable::<u64>::new(1 << 20);
        for i in 0..100u64 {
            let key = Key {
                black: Bitboard(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
                white: Bitboard(i),
                white_to_move: false,
            };
            table.set(key, 1, 2);
            assert_eq!(table.get(&key), Some((1, 2)));
        }
        assert!(table.slots.len() <= 1 << 14, "{}", table.slots.len());
    }
}
