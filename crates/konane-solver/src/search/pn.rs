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

#[derive(Copy, Clone)]
struct Slot<W: Word> {
    key: Key<W>,
    pn: u32,
    dn: u32,
}

/// Proof and disproof numbers of unproven positions, keyed by the whole position
/// (two slots a home, the cheaper one overwritten when both are taken).
pub(crate) struct PnTable<W: Word> {
    slots: Vec<Option<Slot<W>>>,
}

impl<W: Word> PnTable<W> {
    fn new(entries: usize) -> PnTable<W> {
        PnTable {
            slots: vec![None; entries.next_power_of_two().max(2)],
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
        let home = self.home(&key);
        let pair = &mut self.slots[home..home + 2];
        let index = match (&pair[0], &pair[1]) {
            (Some(a), _) if a.key == key => 0,
            (_, Some(b)) if b.key == key => 1,
            (None, _) => 0,
            (_, None) => 1,
            (Some(a), Some(b)) => usize::from(b.pn.min(b.dn) < a.pn.min(a.dn)),
        };
        pair[index] = Some(Slot { key, pn, dn });
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
