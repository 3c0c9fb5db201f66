//! "Being searched" marks shared by the threads of one search (a simplified ABDADA):
//! before a thread searches a move that is not the first of its node, it marks the pair
//! (position, move); another thread reaching the same node defers a marked move to the
//! end of its list, so the two search different moves of the node at the same time
//! instead of the same ones. Only searches with more than one thread use the marks.
//!
//! A mark is a hint, not a lock: a slot holds the last pair marked there, a collision
//! overwrites it, and a wrong answer only changes the order in which moves are searched.

use std::sync::atomic::{AtomicU64, Ordering};

use konane_core::BitMove;

/// Slots of the marks (128 KiB, fits the second-level cache).
const SLOTS: usize = 1 << 14;

/// The marks of one search; see the module documentation.
pub(crate) struct BusyMarks {
    slots: Box<[AtomicU64]>,
}

impl Default for BusyMarks {
    fn default() -> Self {
        BusyMarks {
            slots: (0..SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl BusyMarks {
    /// The tag of `mv` played in the position with hash `key`: never zero (an empty slot).
    pub fn tag(key: u64, mv: BitMove) -> u64 {
        (key ^ (u64::from(mv.raw()) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)).max(1)
    }

    fn slot(&self, tag: u64) -> &AtomicU64 {
        &self.slots[(tag >> 32) as usize % SLOTS]
    }

    /// Whether some thread has marked `tag` and not yet unmarked it.
    pub fn is_busy(&self, tag: u64) -> bool {
        self.slot(tag).load(Ordering::Relaxed) == tag
    }

    /// Marks `tag` as being searched.
    pub fn mark(&self, tag: u64) {
        self.slot(tag).store(tag, Ordering::Relaxed);
    }

    /// Removes the mark of `tag`, unless another pair has overwritten it since.
    pub fn unmark(&self, tag: u64) {
        let _ = self
            .slot(tag)
            .compare_exchange(tag, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mark_then_unmark() {
        let marks = BusyMarks::default();
        let (a, b) = (BitMove::from_raw(3), BitMove::from_raw(4));
        let tag = BusyMarks::tag(0x1234_5678_9abc_def0, a);
        assert_ne!(tag, 0);
        assert!(!marks.is_busy(tag));
        marks.mark(tag);
        assert!(marks.is_busy(tag));
        assert!(!marks.is_busy(BusyMarks::tag(0x1234_5678_9abc_def0, b)));
        assert!(!marks.is_busy(BusyMarks::tag(0x1234_5678_9abc_def1, a)));
        marks.unmark(tag);
        assert!(!marks.is_busy(tag));
        // A move of the position with hash 0 and the removal with raw encoding 0 still
        // get a tag that is not an empty slot.
        assert_ne!(BusyMarks::tag(0, BitMove::from_raw(0)), 0);
    }

    #[test]
    fn unmarking_a_pair_keeps_the_mark_that_overwrote_it() {
        let marks = BusyMarks::default();
        let first = 0x0000_0005_0000_0001;
        // The same slot (bits 32 and up modulo the slot count), another pair.
        let second = first | 0x0004_0000_0000_0000;
        assert_eq!(
            first >> 32 & (SLOTS as u64 - 1),
            second >> 32 & (SLOTS as u64 - 1)
        );
        marks.mark(first);
        marks.mark(second);
        assert!(!marks.is_busy(first));
        marks.unmark(first);
        assert!(
            marks.is_busy(second),
            "a stale unmark removed another pair's mark"
        );
        marks.unmark(second);
        assert!(!marks.is_busy(second));
    }
}
