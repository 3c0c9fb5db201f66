//! Tables of the proof and disproof numbers of unproven positions, which steer the
//! proof-number search and never decide a verdict: each searcher's own
//! ([`PnTable`], exact keys, grown as needed) when it searches alone, one
//! [`SharedNumbers`] for all the threads of a solve that share work, so that a thread
//! proving a job starts from what the others learnt about its positions.

use std::sync::atomic::{AtomicU64, Ordering};

use konane_core::{Bitboard, Word};
use zerocopy::FromZeros;

use crate::huge_pages;
use crate::prefetch::prefetch;
use crate::symmetry::TableKey;

/// Where a searcher keeps the numbers of unproven positions.
pub(crate) enum Numbers<'a, W: Word> {
    Own(PnTable<W>),
    Shared(&'a SharedNumbers),
}

impl<W: Word> Numbers<'_, W> {
    #[inline(always)]
    pub(super) fn get(&self, key: &TableKey<W>) -> Option<(u32, u32)> {
        match self {
            Numbers::Own(table) => table.get(key),
            Numbers::Shared(table) => table.get(key.digest()),
        }
    }

    /// Asks for the home of `key` (see [`crate::table::ProofTable::prefetch`]).
    #[inline(always)]
    pub(super) fn prefetch(&self, key: &TableKey<W>) {
        match self {
            Numbers::Own(table) => table.prefetch(key),
            Numbers::Shared(table) => table.prefetch(key.digest()),
        }
    }

    /// Records the numbers of `key` (neither of them 0), whose search just took `work`
    /// nodes.
    #[inline(always)]
    pub(super) fn set(&mut self, key: TableKey<W>, pn: u32, dn: u32, work: u64) {
        match self {
            Numbers::Own(table) => {
                table.set(key, pn, dn, u32::try_from(work).unwrap_or(u32::MAX));
            }
            Numbers::Shared(table) => table.set(key.digest(), pn, dn),
        }
    }
}

/// One slot of a [`PnTable`]: a whole position, its numbers and the nodes its last
/// search took. Empty when `pn` is 0 (an unproven position's numbers are never 0), so
/// that a slot takes 32 bytes on `u64`.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Slot<W: Word> {
    black: Bitboard<W>,
    white: Bitboard<W>,
    pn: u32,
    dn: u32,
    work: u32,
    white_to_move: bool,
}

impl<W: Word> Slot<W> {
    const EMPTY: Slot<W> = Slot {
        black: Bitboard::EMPTY,
        white: Bitboard::EMPTY,
        pn: 0,
        dn: 0,
        work: 0,
        white_to_move: false,
    };

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.pn == 0
    }

    #[inline(always)]
    fn holds(&self, key: &TableKey<W>) -> bool {
        !self.is_empty()
            && self.black == key.black
            && self.white == key.white
            && self.white_to_move == key.white_to_move
    }

    #[inline(always)]
    fn key(&self) -> TableKey<W> {
        TableKey {
            black: self.black,
            white: self.white,
            white_to_move: self.white_to_move,
        }
    }

    /// How much keeping this slot is worth when another position wants its home: in a
    /// table at its size (`full`), the nodes its last search took, what losing it may
    /// cost to search again (kept by the smaller of its numbers instead, 8x6's corner
    /// on one thread took 7 % to 30 % more nodes: docs/journal/solver-2026.md,
    /// "Twelfth session"); below its size, the smaller of its numbers.
    #[inline(always)]
    fn worth(&self, full: bool) -> u32 {
        if full {
            self.work
        } else {
            self.pn.min(self.dn)
        }
    }
}

/// The two slots of one home, on a cache line of their own (on `u64`), so that a
/// lookup costs one cache miss, not two.
#[derive(Copy, Clone, Debug)]
#[repr(C, align(64))]
struct Home<W: Word>([Slot<W>; 2]);

impl<W: Word> Home<W> {
    const EMPTY: Home<W> = Home([Slot::EMPTY; 2]);
}

/// Bytes one slot of a table of numbers takes on the word `W` (32 on `u64`).
pub(crate) fn slot_bytes<W: Word>() -> usize {
    std::mem::size_of::<Home<W>>() / 2
}

/// `count` empty homes with room reserved for `most` (only address space: a page is
/// mapped when first written), in huge pages where the system has them. Where the room
/// cannot be had, growing moves the homes instead.
fn empty_homes<W: Word>(count: usize, most: usize) -> Vec<Home<W>> {
    let mut homes = Vec::new();
    if homes.try_reserve_exact(most.max(count)).is_err() {
        homes.reserve_exact(count);
    }
    huge_pages::advise(homes.spare_capacity_mut());
    homes.resize(count, Home::EMPTY);
    homes
}

/// Slots a table of numbers starts with (32 KiB on boards of 64 squares).
const FIRST_SLOTS: usize = 1 << 10;

/// Proof and disproof numbers of unproven positions, keyed by the whole position
/// (two slots a home; when both are taken, the one of smaller `min(pn, dn)` is
/// overwritten, or once the table is at its size the one whose last search took fewer
/// nodes). It starts small and doubles in place whenever it would be more than
/// half full, up to its size, so that it takes memory in proportion to the positions
/// it holds (a search of a few nodes, most of the certificate writer's, touches a few
/// KiB).
/// (Doubling whenever a position would overwrite another, as before, keeps a table
/// below its size from ever overwriting, but some home of two slots overflows once
/// about `1.6 (slots / 2)^(2/3)` positions are in, about 100 K for 32 M slots, so a
/// large search took the whole size at once.)
pub(crate) struct PnTable<W: Word> {
    homes: Vec<Home<W>>,
    /// The most slots it grows to (a power of two).
    limit: usize,
    /// Slots taken.
    used: usize,
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
            homes: empty_homes(first.next_power_of_two().clamp(2, limit) / 2, limit / 2),
            limit,
            used: 0,
        }
    }

    /// The slots it has now.
    fn slots(&self) -> usize {
        2 * self.homes.len()
    }

    /// The home of `key`: the digest's bits from bit 1 on, the bits the earlier layout
    /// (slot pairs at even indices) used, so that the search's nodes stay the same.
    #[inline(always)]
    fn home(&self, key: &TableKey<W>) -> usize {
        home_among(key, self.homes.len())
    }

    #[inline(always)]
    fn get(&self, key: &TableKey<W>) -> Option<(u32, u32)> {
        self.homes[self.home(key)]
            .0
            .iter()
            .find(|s| s.holds(key))
            .map(|s| (s.pn, s.dn))
    }

    #[inline(always)]
    fn prefetch(&self, key: &TableKey<W>) {
        prefetch(&self.homes[self.home(key)]);
    }

    /// Records the numbers of `key` (neither of them 0) and the nodes its search took.
    #[inline(always)]
    fn set(&mut self, key: TableKey<W>, pn: u32, dn: u32, work: u32) {
        debug_assert!(pn > 0 && dn > 0, "an unproven position's numbers");
        loop {
            let home = self.home(&key);
            let full = self.slots() == self.limit;
            let [a, b] = &self.homes[home].0;
            let index = if a.holds(&key) {
                Some(0)
            } else if b.holds(&key) {
                Some(1)
            } else if !full && 2 * (self.used + 1) > self.slots() {
                None
            } else if a.is_empty() {
                Some(0)
            } else if b.is_empty() {
                Some(1)
            } else {
                Some(usize::from(b.worth(full) < a.worth(full)))
            };
            match index {
                Some(index) => {
                    let slot = &mut self.homes[home].0[index];
                    if slot.is_empty() {
                        self.used += 1;
                    }
                    *slot = Slot {
                        black: key.black,
                        white: key.white,
                        pn,
                        dn,
                        work,
                        white_to_move: key.white_to_move,
                    };
                    return;
                }
                None => self.grow(),
            }
        }
    }

    /// Doubles the slots in place, each entry to its new home: home `h` splits into
    /// `h` and `h` + the old count, each keeping its entries in their order (the
    /// layout a fresh table filled in the old order would have). Growing in place
    /// writes only the new half: memory first written costs far more than memory
    /// reused (about 5 s a GiB on this project's virtual machines).
    #[inline(never)]
    fn grow(&mut self) {
        let old = self.homes.len();
        self.homes.reserve_exact(old);
        for at in 0..old {
            let [a, b] = self.homes[at].0;
            let (mut stay, mut leave) = (Home::EMPTY, Home::EMPTY);
            let (mut stayed, mut left) = (0, 0);
            for slot in [a, b].into_iter().filter(|s| !s.is_empty()) {
                if home_among(&slot.key(), 2 * old) == at {
                    stay.0[stayed] = slot;
                    stayed += 1;
                } else {
                    leave.0[left] = slot;
                    left += 1;
                }
            }
            self.homes[at] = stay;
            // Home `at + old`: the homes are pushed in order, each written once.
            self.homes.push(leave);
        }
    }
}

/// The home of `key` in a [`PnTable`] of `homes` homes (a power of two).
#[inline(always)]
fn home_among<W: Word>(key: &TableKey<W>, homes: usize) -> usize {
    (key.digest() >> 1) as usize & (homes - 1)
}

/// Slots of a home of [`SharedNumbers`]: a tag word and a numbers word each.
const SHARED_SLOTS: usize = 4;

/// Bytes one slot of [`SharedNumbers`] takes on any board (16).
pub(crate) const SHARED_SLOT_BYTES: usize = std::mem::size_of::<SharedHome>() / SHARED_SLOTS;

/// One home of [`SharedNumbers`] on a cache line of its own: slot `i` is the tag
/// `2i` (the position's digest with its low bit set, 0 when empty) and the numbers
/// `2i + 1` (`pn` in the high half, `dn` in the low one).
#[derive(FromZeros)]
#[repr(C, align(64))]
struct SharedHome([AtomicU64; 2 * SHARED_SLOTS]);

/// The numbers of unproven positions shared by the threads of one solve, lock-free:
/// a fixed number of slots, allocated zeroed (pages are mapped as they are first
/// written), four a home, the one with the smallest `min(pn, dn)` overwritten when a
/// home is full (the nodes of each slot's last search, which the own table keeps by,
/// did not pay here: docs/journal/solver-2026.md, "Twelfth session"). A position is
/// known by its 64-bit digest, and a slot's tag and numbers are two words that two
/// threads may write at once, so a position may now and then read another's numbers:
/// that only steers the search elsewhere (the numbers never decide; verdicts come from
/// the proof table). A numbers word is
/// written before its tag and is never 0 once a tag is there, so a read never sees a
/// proof (a 0) that nobody found.
pub(crate) struct SharedNumbers {
    homes: huge_pages::Zeroed<SharedHome>,
}

impl SharedNumbers {
    /// A table of about `entries` slots (a power of two, at least one home).
    pub(crate) fn new(entries: usize) -> SharedNumbers {
        let homes = (entries.next_power_of_two() / SHARED_SLOTS).max(1);
        SharedNumbers {
            homes: huge_pages::zeroed(homes, "the table of numbers"),
        }
    }

    #[inline(always)]
    fn home(&self, digest: u64) -> &SharedHome {
        &self.homes[(digest >> 1) as usize & (self.homes.len() - 1)]
    }

    #[inline(always)]
    fn get(&self, digest: u64) -> Option<(u32, u32)> {
        let tag = digest | 1;
        let home = &self.home(digest).0;
        (0..SHARED_SLOTS).find_map(|i| {
            if home[2 * i].load(Ordering::Acquire) != tag {
                return None;
            }
            let word = home[2 * i + 1].load(Ordering::Relaxed);
            let (pn, dn) = ((word >> 32) as u32, word as u32);
            (pn > 0 && dn > 0).then_some((pn, dn))
        })
    }

    #[inline(always)]
    fn prefetch(&self, digest: u64) {
        prefetch(self.home(digest));
    }

    #[inline(always)]
    fn set(&self, digest: u64, pn: u32, dn: u32) {
        debug_assert!(pn > 0 && dn > 0, "an unproven position's numbers");
        let tag = digest | 1;
        let home = &self.home(digest).0;
        let word = (u64::from(pn) << 32) | u64::from(dn);
        let worth = |i: usize| {
            let word = home[2 * i + 1].load(Ordering::Relaxed);
            ((word >> 32) as u32).min(word as u32)
        };
        let mut slot = 0;
        for i in 0..SHARED_SLOTS {
            let found = home[2 * i].load(Ordering::Relaxed);
            if found == tag || found == 0 {
                slot = i;
                break;
            }
            if worth(i) < worth(slot) {
                slot = i;
            }
        }
        home[2 * slot + 1].store(word, Ordering::Relaxed);
        home[2 * slot].store(tag, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Bitboard;
    use rand::{Rng, SeedableRng};

    /// A table that grows stays at most half full below its limit, answers only for the
    /// positions set, with their last numbers, and keeps most of them.
    #[test]
    fn a_growing_table_stays_half_full_and_exact() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(25);
        let keys: Vec<TableKey<u64>> = (0..6000)
            .map(|_| TableKey {
                black: Bitboard(rng.gen::<u64>()),
                white: Bitboard(rng.gen::<u64>()),
                white_to_move: rng.gen(),
            })
            .collect();
        let mut table = PnTable::<u64>::new(1 << 16);
        let mut last = std::collections::HashMap::new();
        for step in 0..40_000 {
            // Early on few positions, later all of them.
            let key = keys[rng.gen_range(0..keys.len().min(100 + step / 4))];
            let (pn, dn) = (rng.gen_range(1..50), rng.gen_range(1..50));
            table.set(key, pn, dn, step as u32);
            last.insert(key, (pn, dn));
            assert_eq!(table.get(&key), Some((pn, dn)));
            assert!(2 * table.used <= table.slots(), "step {step}");
        }
        // 6,000 positions: never more than 16,384 slots (half of 8,192 is 4,096).
        assert!(table.slots() <= 1 << 14, "{}", table.slots());
        let mut kept = 0;
        for key in &keys {
            if let Some(numbers) = table.get(key) {
                assert_eq!(Some(&numbers), last.get(key));
                kept += 1;
            }
        }
        assert!(kept > keys.len() * 8 / 10, "{kept} of {}", keys.len());
    }

    /// Doubling in place keeps every entry, with its numbers, in the layout a fresh
    /// table of twice the slots gets when the entries are set in the old order.
    #[test]
    fn growing_in_place_keeps_every_entry_where_a_fresh_table_puts_it() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let mut table = PnTable::<u64>::starting_with(1 << 10, 1 << 10);
        for _ in 0..2_000 {
            let key = TableKey {
                black: Bitboard(rng.gen()),
                white: Bitboard(rng.gen()),
                white_to_move: rng.gen(),
            };
            table.set(
                key,
                rng.gen_range(1..50),
                rng.gen_range(1..50),
                rng.gen_range(1..500),
            );
        }
        let kept: Vec<Slot<u64>> = table.homes.iter().flat_map(|h| h.0).collect();
        let mut grown = PnTable {
            homes: table.homes.clone(),
            limit: 1 << 11,
            used: table.used,
        };
        grown.grow();
        let mut fresh = PnTable::<u64>::starting_with(1 << 11, 1 << 11);
        for slot in kept.iter().filter(|s| !s.is_empty()) {
            assert_eq!(grown.get(&slot.key()), Some((slot.pn, slot.dn)));
            fresh.set(slot.key(), slot.pn, slot.dn, slot.work);
        }
        assert_eq!(grown.slots(), fresh.slots());
        for (a, b) in grown.homes.iter().zip(&fresh.homes) {
            assert_eq!(a.0, b.0);
        }
    }

    /// At its size the table overwrites, keeping the position whose last search took
    /// more nodes, whatever the numbers.
    #[test]
    fn a_full_table_keeps_the_position_of_more_work() {
        let mut table = PnTable::<u64>::starting_with(2, 2);
        let key = |i: u64| TableKey {
            black: Bitboard(i),
            white: Bitboard(0),
            white_to_move: false,
        };
        table.set(key(1), 3, 4, 500);
        table.set(key(2), 50, 60, 20);
        assert_eq!(table.slots(), 2);
        // A third position takes the slot of the second (20 nodes), not the first (500),
        // though the second's numbers are the larger.
        table.set(key(3), 7, 8, 100);
        assert_eq!(table.get(&key(1)), Some((3, 4)));
        assert_eq!(table.get(&key(2)), None);
        assert_eq!(table.get(&key(3)), Some((7, 8)));
        // Searched again at more cost, the third now outweighs the first.
        table.set(key(3), 7, 9, 900);
        table.set(key(4), 1, 1, 1000);
        assert_eq!(table.get(&key(1)), None);
        assert_eq!(table.get(&key(3)), Some((7, 9)));
        assert_eq!(table.get(&key(4)), Some((1, 1)));
    }

    /// The shared table answers for the positions set with their last numbers, keeps
    /// the larger of a full home's, and never answers for a position not set.
    #[test]
    fn the_shared_table_keeps_numbers_by_digest() {
        let table = SharedNumbers::new(SHARED_SLOTS);
        // One home: five digests that differ only in bits above the home's.
        let digest = |i: u64| i << 40;
        for i in 1..=4 {
            table.set(digest(i), 10 * i as u32, 100);
        }
        assert_eq!(table.get(digest(2)), Some((20, 100)));
        table.set(digest(2), 25, 7);
        assert_eq!(table.get(digest(2)), Some((25, 7)));
        // The fifth takes the slot of the smallest min(pn, dn): the second's (7).
        table.set(digest(5), 3, 4);
        assert_eq!(table.get(digest(2)), None);
        assert_eq!(table.get(digest(5)), Some((3, 4)));
        for i in [1, 3, 4] {
            assert_eq!(table.get(digest(i)), Some((10 * i as u32, 100)));
        }
        assert_eq!(table.get(digest(6)), None);
    }

    /// A few positions keep the table small.
    #[test]
    fn a_table_of_few_positions_stays_small() {
        let mut table = PnTable::<u64>::new(1 << 20);
        for i in 0..100u64 {
            let key = TableKey {
                black: Bitboard(i.wrapping_mul(0x9e37_79b9_7f4a_7c15)),
                white: Bitboard(i),
                white_to_move: false,
            };
            table.set(key, 1, 2, 1);
            assert_eq!(table.get(&key), Some((1, 2)));
        }
        assert!(table.slots() <= 1 << 14, "{}", table.slots());
    }
}
