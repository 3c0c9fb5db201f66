//! A DashMap-backed transposition table behind the same [`Table`] interface, kept to
//! benchmark against the lock-free table (`cargo bench --bench speed`); the search uses
//! the lock-free one, which measured faster.

use std::sync::atomic::{AtomicU8, Ordering};

use dashmap::DashMap;
use konane_core::BitMove;

use crate::tt::{
    next_age, placement, sampled_hashfull, unpack, Bound, Table, TtHit, BUCKET_ENTRIES,
};

/// One bucket: (key, packed data) per slot; data 0 is an empty slot.
type Slots = [(u64, u64); BUCKET_ENTRIES];

/// The same buckets and replacement as the lock-free table, each bucket behind the
/// DashMap's shard locks.
pub struct DashTable {
    buckets: DashMap<u64, Slots>,
    count: u64,
    age: AtomicU8,
}

impl DashTable {
    /// A table with as many buckets as a lock-free table of `mib` MiB.
    pub fn new(mib: usize) -> DashTable {
        let count = (mib.max(1) * 1024 * 1024 / 64).max(1);
        DashTable {
            buckets: DashMap::with_capacity(count),
            count: count as u64,
            age: AtomicU8::new(0),
        }
    }

    fn index(&self, key: u64) -> u64 {
        ((key as u128 * self.count as u128) >> 64) as u64
    }
}

impl Table for DashTable {
    fn probe(&self, key: u64) -> Option<TtHit> {
        let bucket = self.buckets.get(&self.index(key))?;
        bucket
            .iter()
            .find(|&&(k, d)| d != 0 && k == key)
            .and_then(|&(_, d)| unpack(d))
    }

    fn store(&self, key: u64, mv: Option<BitMove>, score: i32, depth: i32, bound: Bound) {
        let age = self.age.load(Ordering::Relaxed);
        let mut bucket = self.buckets.entry(self.index(key)).or_default();
        if let Some((i, data)) = placement(&bucket, key, mv, score, depth, bound, age) {
            bucket[i] = (key, data);
        }
    }

    fn new_search(&self) {
        let next = next_age(self.age.load(Ordering::Relaxed));
        self.age.store(next, Ordering::Relaxed);
    }

    fn hashfull(&self) -> u32 {
        let age = self.age.load(Ordering::Relaxed);
        sampled_hashfull(self.count as usize, age, |i| {
            self.buckets.get(&(i as u64)).map(|bucket| *bucket)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_the_lock_free_table() {
        let dash = DashTable::new(1);
        let lock_free = crate::tt::TranspositionTable::new(1);
        let tables: [&dyn Table; 2] = [&dash, &lock_free];
        for table in tables {
            table.store(42, None, 7, 5, Bound::Lower);
            table.store(42, None, 9, 1, Bound::Upper);
            let hit = table.probe(42).unwrap();
            assert_eq!((hit.score, hit.depth, hit.bound), (7, 5, Bound::Lower));
            assert_eq!(table.probe(43), None);
        }
    }
}
