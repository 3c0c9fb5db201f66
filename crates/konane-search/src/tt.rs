//! The lock-free transposition table: 64-byte buckets of four entries, depth-preferred
//! replacement with aging, and a full-key check (key XOR data) so a torn or colliding
//! entry is almost never used. The `Table` trait lets the search run on another table.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};

use konane_core::BitMove;

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is the true value at that depth.
    Exact = 3,
}

/// A usable table entry.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct TtHit {
    pub mv: Option<BitMove>,
    /// The score as stored (mate scores relative to the stored position).
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A transposition table shared by every search thread.
pub trait Table: Sync {
    /// The entry stored for `key`, if any.
    fn probe(&self, key: u64) -> Option<TtHit>;
    /// Stores a result for `key`, replacing by depth and age.
    fn store(&self, key: u64, mv: Option<BitMove>, score: i32, depth: i32, bound: Bound);
    /// Starts a new search: older entries become the first to be replaced.
    fn new_search(&self);
    /// Per-mille of sampled entries written during the current search.
    fn hashfull(&self) -> u32;
}

/// Entries per bucket (four 16-byte entries fill a 64-byte cache line).
pub(crate) const BUCKET_ENTRIES: usize = 4;
const AGE_MASK: u8 = 63;
const MOVE_BITS: u64 = 0xffff;
const MOVE_PRESENT: u64 = 1 << 48;

/// Packs an entry's content into 64 bits: move (16), score (16), depth (8), bound (2),
/// age (6), whether there is a move (1). A zero word is an empty slot (bound 0 is
/// never stored).
pub(crate) fn pack(mv: Option<BitMove>, score: i32, depth: i32, bound: Bound, age: u8) -> u64 {
    let mv_bits = mv.map_or(0, |m| m.raw() as u64 | MOVE_PRESENT);
    let score_bits = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let depth_bits = depth.clamp(0, 255) as u64;
    mv_bits
        | score_bits << 16
        | depth_bits << 32
        | (bound as u64) << 40
        | ((age & AGE_MASK) as u64) << 42
}

/// Reads a packed entry back; `None` for an empty slot.
pub(crate) fn unpack(data: u64) -> Option<TtHit> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(TtHit {
        mv: (data & MOVE_PRESENT != 0).then(|| BitMove::from_raw((data & MOVE_BITS) as u16)),
        score: (data >> 16) as u16 as i16 as i32,
        depth: ((data >> 32) & 0xff) as i32,
        bound,
    })
}

fn age_of(data: u64) -> u8 {
    ((data >> 42) as u8) & AGE_MASK
}

fn depth_of(data: u64) -> i32 {
    ((data >> 32) & 0xff) as i32
}

/// Which slot of a bucket a store for `key` goes to: the slot already holding `key`,
/// else an empty one, else the one whose depth minus 8 per search of age is least.
/// `slots` gives each slot's (key, data).
fn choose_slot(slots: &[(u64, u64); BUCKET_ENTRIES], key: u64, age: u8) -> usize {
    if let Some(i) = slots.iter().position(|&(k, d)| d != 0 && k == key) {
        return i;
    }
    if let Some(i) = slots.iter().position(|&(_, d)| d == 0) {
        return i;
    }
    let worth = |d: u64| depth_of(d) - 8 * (age.wrapping_sub(age_of(d)) & AGE_MASK) as i32;
    (0..BUCKET_ENTRIES)
        .min_by_key(|&i| worth(slots[i].1))
        .unwrap_or(0)
}

/// Whether a new result should overwrite an existing entry of the same key: always,
/// unless the old one is much deeper and the new one is not exact.
fn overwrites_same_key(old: u64, depth: i32, bound: Bound, age: u8) -> bool {
    bound == Bound::Exact || age_of(old) != age || depth + 3 >= depth_of(old)
}

/// The packed data to store, keeping the old move when the new result has none.
fn merged(old: u64, old_key: u64, key: u64, new: u64) -> u64 {
    if new & MOVE_PRESENT == 0 && old != 0 && old_key == key {
        new | (old & (MOVE_BITS | MOVE_PRESENT))
    } else {
        new
    }
}

/// Where a result for `key` is stored in a bucket whose slots hold `slots` (each
/// slot's key and data) during the search of age `age`: the slot (`choose_slot`)
/// and the packed data to write there, or `None` when the slot holds the same key and
/// keeps its entry (`overwrites_same_key`). Both tables store through it.
#[inline(always)]
pub(crate) fn placement(
    slots: &[(u64, u64); BUCKET_ENTRIES],
    key: u64,
    mv: Option<BitMove>,
    score: i32,
    depth: i32,
    bound: Bound,
    age: u8,
) -> Option<(usize, u64)> {
    let i = choose_slot(slots, key, age);
    let (old_key, old) = slots[i];
    if old != 0 && old_key == key && !overwrites_same_key(old, depth, bound, age) {
        return None;
    }
    Some((
        i,
        merged(old, old_key, key, pack(mv, score, depth, bound, age)),
    ))
}

/// The age after `age`: a new search's.
pub(crate) fn next_age(age: u8) -> u8 {
    (age + 1) & AGE_MASK
}

/// Slots sampled by `hashfull`.
const HASHFULL_SAMPLE: usize = 1000;

/// [`Table::hashfull`] of a table of `buckets` buckets at age `age`, from the first
/// buckets' slots: `slots(i)` gives bucket `i`'s (key, data) per slot, or `None` for a
/// bucket never written. Both tables answer through it.
pub(crate) fn sampled_hashfull(
    buckets: usize,
    age: u8,
    slots: impl Fn(usize) -> Option<[(u64, u64); BUCKET_ENTRIES]>,
) -> u32 {
    let sampled = (HASHFULL_SAMPLE / BUCKET_ENTRIES).min(buckets);
    let used: usize = (0..sampled)
        .filter_map(slots)
        .map(|slots| {
            slots
                .iter()
                .filter(|&&(_, d)| d != 0 && age_of(d) == age)
                .count()
        })
        .sum();
    (used * 1000 / (sampled * BUCKET_ENTRIES)) as u32
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    /// Per entry: key XOR data, then data.
    words: [AtomicU64; 2 * BUCKET_ENTRIES],
}

/// The lock-free table: racing writers may tear an entry, but its check word then no
/// longer matches and the probe reports a miss.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    age: AtomicU8,
}

impl std::fmt::Debug for TranspositionTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "TranspositionTable({} buckets)", self.buckets.len())
    }
}

impl TranspositionTable {
    /// A table of about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> TranspositionTable {
        let count = (mib.max(1) * 1024 * 1024 / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: (0..count).map(|_| Bucket::default()).collect(),
            age: AtomicU8::new(0),
        }
    }

    /// A table with exactly `buckets` buckets (for tests).
    pub fn with_buckets(buckets: usize) -> TranspositionTable {
        TranspositionTable {
            buckets: (0..buckets.max(1)).map(|_| Bucket::default()).collect(),
            age: AtomicU8::new(0),
        }
    }

    /// The size in MiB this table was built for (rounded down).
    pub fn size_mib(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>() / (1024 * 1024)
    }

    /// Reallocates to about `mib` MiB, emptying the table.
    pub fn resize(&mut self, mib: usize) {
        // The old table goes first: peak memory is the larger of the two, not both.
        drop(std::mem::take(&mut self.buckets));
        *self = TranspositionTable::new(mib);
    }

    /// Empties every entry and resets the age.
    pub fn clear(&mut self) {
        for bucket in &mut self.buckets {
            for word in &mut bucket.words {
                *word.get_mut() = 0;
            }
        }
        *self.age.get_mut() = 0;
    }

    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    fn slots(bucket: &Bucket) -> [(u64, u64); BUCKET_ENTRIES] {
        std::array::from_fn(|i| {
            let check = bucket.words[2 * i].load(Ordering::Relaxed);
            let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
            (check ^ data, data)
        })
    }
}

impl Table for TranspositionTable {
    fn probe(&self, key: u64) -> Option<TtHit> {
        let bucket = self.bucket(key);
        (0..BUCKET_ENTRIES).find_map(|i| {
            let check = bucket.words[2 * i].load(Ordering::Relaxed);
            let data = bucket.words[2 * i + 1].load(Ordering::Relaxed);
            if check ^ data == key {
                unpack(data)
            } else {
                None
            }
        })
    }

    fn store(&self, key: u64, mv: Option<BitMove>, score: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let bucket = self.bucket(key);
        let slots = Self::slots(bucket);
        if let Some((i, data)) = placement(&slots, key, mv, score, depth, bound, age) {
            bucket.words[2 * i].store(key ^ data, Ordering::Relaxed);
            bucket.words[2 * i + 1].store(data, Ordering::Relaxed);
        }
    }

    fn new_search(&self) {
        let next = next_age(self.age.load(Ordering::Relaxed));
        self.age.store(next, Ordering::Relaxed);
    }

    fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        sampled_hashfull(self.buckets.len(), age, |i| {
            Some(Self::slots(&self.buckets[i]))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Position};

    fn some_move() -> BitMove {
        let position = Position::start(Board::STANDARD);
        position.bits::<u64>().unwrap().legal_moves()[1]
    }

    #[test]
    fn pack_round_trips_every_field() {
        let mv = some_move();
        for (score, depth, bound) in [
            (0, 0, Bound::Exact),
            (-29_990, 17, Bound::Upper),
            (29_999, 255, Bound::Lower),
            (-123, 1, Bound::Exact),
        ] {
            let hit = unpack(pack(Some(mv), score, depth, bound, 5)).unwrap();
            assert_eq!(
                hit,
                TtHit {
                    mv: Some(mv),
                    score,
                    depth,
                    bound
                }
            );
            assert_eq!(
                unpack(pack(None, score, depth, bound, 63)).unwrap().mv,
                None
            );
        }
        // The removal of a1 has raw encoding 0 and must still read back as a move, and
        // the largest encoding (p16 to p16) must not spill into the score.
        let a1 = BitMove::from_raw(0);
        let top = BitMove::from_raw(u16::MAX);
        assert_eq!(
            unpack(pack(Some(top), -1, 3, Bound::Upper, 63)),
            Some(TtHit {
                mv: Some(top),
                score: -1,
                depth: 3,
                bound: Bound::Upper
            })
        );
        assert_eq!(
            unpack(pack(Some(a1), 1, 1, Bound::Lower, 0)).unwrap().mv,
            Some(a1)
        );
        assert_eq!(unpack(0), None);
    }

    #[test]
    fn store_then_probe_finds_the_entry_and_misses_other_keys() {
        let table = TranspositionTable::new(1);
        let mv = some_move();
        table.store(0xdead_beef, Some(mv), 42, 7, Bound::Exact);
        let hit = table.probe(0xdead_beef).unwrap();
        assert_eq!(
            hit,
            TtHit {
                mv: Some(mv),
                score: 42,
                depth: 7,
                bound: Bound::Exact
            }
        );
        assert_eq!(table.probe(0xdead_beee), None);
        assert_eq!(table.probe(0), None, "an empty slot never matches key 0");
    }

    #[test]
    fn same_bucket_collisions_are_told_apart_by_the_full_key() {
        // One bucket: every key lands in it.
        let table = TranspositionTable::with_buckets(1);
        for key in 1..=4u64 {
            table.store(key, None, key as i32, 3, Bound::Lower);
        }
        for key in 1..=4u64 {
            assert_eq!(table.probe(key).unwrap().score, key as i32);
        }
        assert_eq!(table.probe(5), None);
    }

    #[test]
    fn replacement_prefers_keeping_deep_and_current_entries() {
        let table = TranspositionTable::with_buckets(1);
        for (key, depth) in [(1u64, 10), (2, 2), (3, 8), (4, 6)] {
            table.store(key, None, 0, depth, Bound::Exact);
        }
        // A fifth key evicts the shallowest entry (key 2).
        table.store(5, None, 0, 1, Bound::Exact);
        assert!(table.probe(2).is_none());
        for key in [1, 3, 4, 5] {
            assert!(table.probe(key).is_some(), "key {key}");
        }
        // Two searches later every entry has lost 16 plies of worth: the shallowest
        // goes first, then an old depth-6 entry before a fresh depth-1 one.
        table.new_search();
        table.new_search();
        table.store(6, None, 0, 1, Bound::Exact);
        assert!(table.probe(5).is_none());
        table.store(7, None, 0, 3, Bound::Exact);
        assert!(table.probe(4).is_none());
        for key in [1, 3, 6, 7] {
            assert!(table.probe(key).is_some(), "key {key}");
        }
    }

    #[test]
    fn a_shallow_bound_does_not_overwrite_a_deep_entry_of_the_same_key() {
        let table = TranspositionTable::with_buckets(4);
        let mv = some_move();
        table.store(77, Some(mv), 10, 12, Bound::Exact);
        table.store(77, None, -5, 2, Bound::Upper);
        assert_eq!(table.probe(77).unwrap().depth, 12);
        // A deep enough result replaces it and keeps the old move when it has none.
        table.store(77, None, -5, 11, Bound::Upper);
        let hit = table.probe(77).unwrap();
        assert_eq!((hit.depth, hit.mv, hit.bound), (11, Some(mv), Bound::Upper));
    }

    #[test]
    fn a_torn_entry_is_a_miss() {
        let table = TranspositionTable::with_buckets(1);
        table.store(9, None, 1, 1, Bound::Exact);
        // Simulate a racing writer changing the data word only.
        let bucket = &table.buckets[0];
        let slot = (0..BUCKET_ENTRIES)
            .find(|&i| bucket.words[2 * i + 1].load(Ordering::Relaxed) != 0)
            .unwrap();
        let data = bucket.words[2 * slot + 1].load(Ordering::Relaxed);
        bucket.words[2 * slot + 1].store(data ^ (5 << 16), Ordering::Relaxed);
        assert_eq!(table.probe(9), None);
    }

    #[test]
    fn clear_resize_and_hashfull() {
        let mut table = TranspositionTable::new(1);
        assert_eq!(table.size_mib(), 1);
        assert_eq!(table.hashfull(), 0);
        for key in 0..200_000u64 {
            table.store(
                key.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1,
                None,
                0,
                1,
                Bound::Exact,
            );
        }
        assert!(table.hashfull() > 500, "hashfull {}", table.hashfull());
        table.new_search();
        assert_eq!(
            table.hashfull(),
            0,
            "entries of older searches do not count"
        );
        table.store(12345, None, 3, 3, Bound::Exact);
        table.clear();
        assert_eq!(table.probe(12345), None);
        table.resize(2);
        assert_eq!(table.size_mib(), 2);
    }

    #[test]
    fn many_threads_store_and_probe_without_false_hits() {
        let table = TranspositionTable::with_buckets(64);
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let table = &table;
                scope.spawn(move || {
                    for i in 0..20_000u64 {
                        let key = (i * 4 + t).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
                        table.store(key, None, (key % 1000) as i32, 1, Bound::Exact);
                        if let Some(hit) = table.probe(key) {
                            assert_eq!(hit.score, (key % 1000) as i32);
                        }
                    }
                });
            }
        });
    }
}
