//! The proof table: proven values (win or loss for the side to move) of positions,
//! keyed by the full canonical position, shared by all worker threads. Two kinds: a
//! `DashMap` (any position, grows as needed up to a cap) and a fixed array of packed
//! atomic words (positions whose colours stand on their own shades, boards with three
//! spare bits; the whole position and its value fit one word, so lookups stay exact).

use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use dashmap::DashMap;
use konane_core::{mix64, Bitboard, Color, Geometry, Word};
use thiserror::Error;

use crate::huge_pages;
use crate::prefetch::prefetch;
use crate::proven_file::ProvenLog;
use crate::symmetry::TableKey;

/// Which proof table to use.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TableKind {
    /// A concurrent `DashMap<TableKey, bool>`.
    DashMap,
    /// A fixed array of atomic words, each one whole position and its value; falls
    /// back to the `DashMap` where the position does not fit one word.
    Packed,
}

impl std::str::FromStr for TableKind {
    type Err = TableKindError;
    fn from_str(text: &str) -> Result<TableKind, TableKindError> {
        match text {
            "dashmap" => Ok(TableKind::DashMap),
            "packed" => Ok(TableKind::Packed),
            _ => Err(TableKindError(text.to_string())),
        }
    }
}

/// Which entry a packed table overwrites when every slot a new position may take is
/// taken.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Replacement {
    /// The new position's home slot: the most recent entries stay, which suits the
    /// depth-first search (6x6 with a 1 M-position table: 7.73 M nodes, against 7.98 M
    /// with [`Replacement::FewestPieces`]).
    Home,
    /// The entry of fewest pieces, the cheapest to prove again, which suits
    /// proof-number search, as it comes back to positions proven long before (7x6,
    /// one thread: 25.8 M nodes against 32.4 M with a 1 M-position table, 21.7 M
    /// against 24.2 M with 4 M).
    FewestPieces,
}

/// Why a table kind's name was refused: the text, which is neither `dashmap` nor `packed`.
#[derive(Clone, Debug, Eq, PartialEq, Error)]
#[error("unknown table '{0}': expected dashmap or packed")]
pub struct TableKindError(pub String);

impl<W: Word> Hash for TableKey<W> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.digest());
    }
}

/// Passes a key's own digest through (keys hash themselves well).
#[derive(Default)]
pub struct DigestHasher(u64);

impl Hasher for DigestHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ b as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u64(&mut self, value: u64) {
        self.0 = value;
    }
}

type Map<W> = DashMap<TableKey<W>, bool, BuildHasherDefault<DigestHasher>>;

/// The three bits of a packed word beside the occupied squares: White to move, the
/// value, and a tag that tells a taken slot from an empty one (0). They are the
/// highest bits the board's squares leave free (on 8x6 the word's top three, 63 to
/// 61; on 6x8, whose squares reach bit 61 with a stride of 8, bits 63, 62 and 55). A
/// board with fewer than three bits free (8x8, and the boards of wider words) has no
/// packed table.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
struct Flags {
    white_to_move: u64,
    win: u64,
    used: u64,
}

impl Flags {
    /// The flags for a board whose squares are `squares` (a one-word board), if three
    /// bits are free.
    fn for_squares(squares: u64) -> Option<Flags> {
        let mut free = !squares;
        let mut take = || {
            let bit = 63u32.checked_sub(free.leading_zeros())?;
            free &= !(1 << bit);
            Some(1u64 << bit)
        };
        Some(Flags {
            used: take()?,
            win: take()?,
            white_to_move: take()?,
        })
    }

    /// The flags of the board of `geometry`, if its positions pack in one word.
    fn of<W: Word>(geometry: &Geometry<W>) -> Option<Flags> {
        let mask = geometry.mask();
        if mask.0.fold_high() != 0 {
            return None;
        }
        Flags::for_squares(mask.0.low_u64())
    }

    /// All three.
    #[inline(always)]
    fn all(&self) -> u64 {
        self.white_to_move | self.win | self.used
    }
}

/// Slots probed after the home slot before an old entry is overwritten.
const PROBES: usize = 4;

/// How a packed table puts a position into one word.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Packing {
    /// The occupied squares as they stand, with the three [`Flags`] in bits the
    /// squares leave free; the word's place comes from the key's digest.
    Squares(Flags),
    /// For boards whose squares fill the word (8x8): the occupied squares mixed by a
    /// bijection into a hash `h` (the side to move folded in), the slot chosen by the
    /// low bits of `h`, and the word keeping only `h`'s bits from [`QUOTIENT_BITS`] up
    /// beside the flags, the probe offset and the piece count ([`quotient`]). Exact:
    /// a slot's index less the offset gives back `h`'s low bits, the word the rest,
    /// and `h` gives back the squares.
    Quotient,
}

/// The bits of a quotient-packed word below the kept part of the hash: used (bit 0),
/// value (1), White to move (2), the probe offset (3-4) and the piece count (5-11).
/// The table needs at least `2^QUOTIENT_BITS` slots, so that a slot's index holds
/// every bit of `h` the word leaves out.
const QUOTIENT_BITS: u32 = 12;

/// The layout of a quotient-packed word.
mod quotient {
    pub const USED: u64 = 1;
    pub const WIN: u64 = 1 << 1;
    pub const WHITE_TO_MOVE: u64 = 1 << 2;
    pub const OFFSET_SHIFT: u32 = 3;
    pub const OFFSET: u64 = 0b11 << OFFSET_SHIFT;
    pub const PIECES_SHIFT: u32 = 5;
    pub const PIECES: u64 = 0x7f << PIECES_SHIFT;
    /// Added to the hash of a position with White to move (the squares alone decide
    /// `h` otherwise; the side is also kept in its own bit).
    pub const SIDE: u64 = 0x9e37_79b9_7f4a_7c15;
}

/// A table of packed words: exact, lock-free, at most a fixed size (when every slot a
/// position may take is taken, one entry is overwritten: [`Replacement`]). The slots
/// are allocated zeroed, so the system maps their pages only as they are first
/// written, and only a prefix of them is in use: it starts small and doubles whenever
/// it is half full, so a small solve touches little memory and a large table costs no
/// time to set up.
struct Packed<W: Word> {
    slots: huge_pages::Zeroed<AtomicU64>,
    /// The slots in use, minus one (a power of two minus one).
    mask: AtomicUsize,
    /// Taken by the thread that doubles the slots in use.
    growing: AtomicBool,
    black_shade: Bitboard<W>,
    white_shade: Bitboard<W>,
    used: AtomicUsize,
    replacement: Replacement,
    packing: Packing,
}

/// Bytes a position takes in the packed table.
pub(crate) const PACKED_ENTRY_BYTES: usize = 8;

/// Bytes a position takes in the `DashMap`, about: 6x8, before its positions were
/// packed (when only the word's top three bits could be flags), held 237 M positions
/// in 18.4 GB (with 1 GB of proof numbers beside).
pub(crate) const MAP_ENTRY_BYTES: usize = 80;

/// Whether the packed table holds the positions of the board of `geometry`: its squares
/// fit one word.
pub(crate) fn packs<W: Word>(geometry: &Geometry<W>) -> bool {
    Packing::of(geometry).is_some()
}

impl Packing {
    /// How the positions of the board of `geometry` pack, if its squares fit one word:
    /// as they stand where three bits are left free, else quotient-packed.
    fn of<W: Word>(geometry: &Geometry<W>) -> Option<Packing> {
        if geometry.mask().0.fold_high() != 0 {
            return None;
        }
        Some(Flags::of(geometry).map_or(Packing::Quotient, Packing::Squares))
    }
}

/// Slots in use when a packed table starts (8 MiB).
const FIRST_SLOTS: usize = 1 << 20;

impl<W: Word> Packed<W> {
    /// The packed word of `key` (without value and, when quotient-packed, without
    /// probe offset) and the hash that places it, if the position fits one word.
    #[inline(always)]
    fn pack(&self, key: &TableKey<W>) -> Option<(u64, u64)> {
        let fits = key.black.without(self.black_shade).is_empty()
            && key.white.without(self.white_shade).is_empty();
        if !fits {
            return None;
        }
        let occupied = (key.black | key.white).0.low_u64();
        Some(match self.packing {
            Packing::Squares(flags) => {
                let side = if key.white_to_move {
                    flags.white_to_move
                } else {
                    0
                };
                (occupied | flags.used | side, key.digest())
            }
            Packing::Quotient => {
                let (hash, side) = match key.white_to_move {
                    true => (mix64(occupied) ^ quotient::SIDE, quotient::WHITE_TO_MOVE),
                    false => (mix64(occupied), 0),
                };
                let pieces = u64::from(occupied.count_ones()) << quotient::PIECES_SHIFT;
                let kept = hash & !((1 << QUOTIENT_BITS) - 1);
                (kept | pieces | side | quotient::USED, hash)
            }
        })
    }

    /// The value bit of a word.
    #[inline(always)]
    fn win_bit(&self) -> u64 {
        match self.packing {
            Packing::Squares(flags) => flags.win,
            Packing::Quotient => quotient::WIN,
        }
    }

    /// `word` as stored `offset` slots after its home.
    #[inline(always)]
    fn at(&self, word: u64, offset: usize) -> u64 {
        match self.packing {
            Packing::Squares(_) => word,
            Packing::Quotient => word | (offset as u64) << quotient::OFFSET_SHIFT,
        }
    }

    /// A stored word without its probe offset.
    #[inline(always)]
    fn unplaced(&self, found: u64) -> u64 {
        match self.packing {
            Packing::Squares(_) => found,
            Packing::Quotient => found & !quotient::OFFSET,
        }
    }

    /// The pieces of the position a stored word holds.
    #[inline(always)]
    fn pieces(&self, found: u64) -> u32 {
        match self.packing {
            Packing::Squares(flags) => (found & !flags.all()).count_ones(),
            Packing::Quotient => ((found & quotient::PIECES) >> quotient::PIECES_SHIFT) as u32,
        }
    }

    /// The hash that placed the word `found` stored at `index` of a table of `mask + 1`
    /// slots in use.
    fn hash_of(&self, found: u64, index: usize, mask: usize) -> u64 {
        match self.packing {
            Packing::Squares(flags) => {
                let occupied = Bitboard(W::from_u64(found & !flags.all()));
                TableKey {
                    black: occupied & self.black_shade,
                    white: occupied & self.white_shade,
                    white_to_move: found & flags.white_to_move != 0,
                }
                .digest()
            }
            Packing::Quotient => {
                let offset = ((found & quotient::OFFSET) >> quotient::OFFSET_SHIFT) as usize;
                let low = (1u64 << QUOTIENT_BITS) - 1;
                let home = index.wrapping_sub(offset) & mask;
                (found & !low) | (home as u64 & low)
            }
        }
    }

    #[inline(always)]
    fn get(&self, word: u64, hash: u64) -> Option<bool> {
        let mask = self.mask.load(Ordering::Relaxed);
        let home = hash as usize & mask;
        let win = self.win_bit();
        (0..PROBES).find_map(|i| {
            let found = self.slots[(home + i) & mask].load(Ordering::Relaxed);
            (found & !win == self.at(word, i)).then_some(found & win != 0)
        })
    }

    /// Stores `value` (a packed word with its value bit, without offset) in one of its
    /// slots under `mask`: an empty one (true) or [`Packed::victim`], overwritten
    /// (false), unless it is there already (true).
    #[inline(always)]
    fn place(&self, value: u64, hash: u64, mask: usize) -> bool {
        let home = hash as usize & mask;
        let win = self.win_bit();
        for i in 0..PROBES {
            let slot = &self.slots[(home + i) & mask];
            let found = slot.load(Ordering::Relaxed);
            if found == 0 {
                slot.store(self.at(value, i), Ordering::Relaxed);
                return true;
            }
            if found & !win == self.at(value, i) & !win {
                return true;
            }
        }
        let (index, offset) = self.victim(home, mask);
        self.slots[index].store(self.at(value, offset), Ordering::Relaxed);
        false
    }

    /// The slot of the `PROBES` from `home` (all taken) that a new entry overwrites,
    /// by the table's [`Replacement`], and its offset from `home`.
    #[inline(always)]
    fn victim(&self, home: usize, mask: usize) -> (usize, usize) {
        if self.replacement == Replacement::Home {
            return (home, 0);
        }
        (0..PROBES)
            .min_by_key(|&i| {
                let found = self.slots[(home + i) & mask].load(Ordering::Relaxed);
                self.pieces(found)
            })
            .map_or((home, 0), |i| ((home + i) & mask, i))
    }

    #[inline(always)]
    fn insert(&self, word: u64, hash: u64, win: bool) {
        let mask = self.mask.load(Ordering::Relaxed);
        let home = hash as usize & mask;
        let value = word | if win { self.win_bit() } else { 0 };
        for i in 0..PROBES {
            let slot = &self.slots[(home + i) & mask];
            let found = slot.load(Ordering::Relaxed);
            if found == 0 {
                slot.store(self.at(value, i), Ordering::Relaxed);
                let used = self.used.fetch_add(1, Ordering::Relaxed) + 1;
                if used > mask / 2 && mask + 1 < self.slots.len() {
                    self.grow(mask);
                }
                return;
            }
            if found & !self.win_bit() == self.at(word, i) {
                return;
            }
        }
        let (index, offset) = self.victim(home, mask);
        self.slots[index].store(self.at(value, offset), Ordering::Relaxed);
    }

    /// Doubles the slots in use from `mask + 1` and moves each entry to its place
    /// under the new mask. Other threads go on meanwhile: they may miss an entry not
    /// moved yet, or lose one to a race, which costs a search again but never
    /// exactness (a slot holds a whole position and its value, read atomically; a
    /// quotient-packed word read under the old mask names the same position, since
    /// both masks keep the low [`QUOTIENT_BITS`] bits of its hash in the index).
    #[cold]
    fn grow(&self, mask: usize) {
        if self.growing.swap(true, Ordering::Acquire) {
            return;
        }
        if self.mask.load(Ordering::Relaxed) == mask {
            let wider = 2 * mask + 1;
            self.mask.store(wider, Ordering::Relaxed);
            for index in 0..=mask {
                let slot = &self.slots[index];
                let found = slot.load(Ordering::Relaxed);
                if found == 0 {
                    continue;
                }
                let hash = self.hash_of(found, index, mask);
                let home = hash as usize & wider;
                let unplaced = self.unplaced(found);
                if (0..PROBES).any(|i| (home + i) & wider == index && self.at(unplaced, i) == found)
                {
                    continue;
                }
                if slot
                    .compare_exchange(found, 0, Ordering::Relaxed, Ordering::Relaxed)
                    .is_ok()
                    && !self.place(unplaced, hash, wider)
                {
                    self.used.fetch_sub(1, Ordering::Relaxed);
                }
            }
        }
        self.growing.store(false, Ordering::Release);
    }
}

/// The shared proof table.
pub struct ProofTable<W: Word> {
    map: Map<W>,
    packed: Option<Packed<W>>,
    capacity: usize,
    map_len: AtomicUsize,
    /// Where proven positions of many pieces are also kept on disk, if anywhere.
    log: Option<ProvenLog>,
}

impl<W: Word> ProofTable<W> {
    /// A table of `kind` holding at most about `capacity` entries, for the board of
    /// `geometry` (whose start layout gives each colour its shade), overwriting by
    /// `replacement` once full. The packed words need the board's squares to fit one
    /// word ([`Packing`]).
    pub fn new(
        kind: TableKind,
        capacity: usize,
        geometry: &Geometry<W>,
        replacement: Replacement,
    ) -> ProofTable<W> {
        let packing = Packing::of(geometry).filter(|_| kind == TableKind::Packed);
        let packed = packing.map(|packing| {
            let slots = match packing {
                Packing::Squares(_) => capacity.next_power_of_two(),
                Packing::Quotient => capacity.next_power_of_two().max(1 << QUOTIENT_BITS),
            };
            Packed {
                slots: huge_pages::zeroed(slots, "the proof table"),
                mask: AtomicUsize::new(slots.min(FIRST_SLOTS) - 1),
                growing: AtomicBool::new(false),
                black_shade: geometry.start_pieces(Color::Black),
                white_shade: geometry.start_pieces(Color::White),
                used: AtomicUsize::new(0),
                replacement,
                packing,
            }
        });
        ProofTable {
            map: Map::default(),
            packed,
            capacity,
            map_len: AtomicUsize::new(0),
            log: None,
        }
    }

    /// The proven value of `key` (true: the side to move wins), if stored.
    #[inline(always)]
    pub fn get(&self, key: &TableKey<W>) -> Option<bool> {
        if let Some(packed) = &self.packed {
            if let Some((word, hash)) = packed.pack(key) {
                return packed.get(word, hash);
            }
        }
        self.map.get(key).map(|entry| *entry)
    }

    /// Asks for the slots where `key` would be ([`crate::prefetch`]): a caller about
    /// to look up many keys asks for them all first, so that their cache misses overlap.
    #[inline(always)]
    pub fn prefetch(&self, key: &TableKey<W>) {
        if let Some(packed) = &self.packed {
            let hash = match packed.packing {
                Packing::Squares(_) => key.digest(),
                Packing::Quotient => packed.pack(key).map_or(0, |(_, hash)| hash),
            };
            let mask = packed.mask.load(Ordering::Relaxed);
            let home = hash as usize & mask;
            // The probes may run into the next cache line.
            prefetch(&packed.slots[home]);
            prefetch(&packed.slots[(home + PROBES - 1) & mask]);
        }
    }

    /// Records that the side to move in `key` wins (`true`) or loses, and keeps it on
    /// disk too if it has enough pieces for the file of proven positions.
    #[inline(always)]
    pub fn insert(&self, key: TableKey<W>, win: bool) {
        if let Some(log) = &self.log {
            if (key.black | key.white).count() >= log.min_pieces {
                log.append(&key, win);
            }
        }
        self.store(key, win);
    }

    /// Keeps the proven positions of at least `log.min_pieces` pieces in its file from
    /// now on, and loads `proven` (what the file held) into the table.
    pub fn keep_proven(&mut self, log: ProvenLog, proven: &[(TableKey<W>, bool)]) {
        for &(key, win) in proven {
            self.store(key, win);
        }
        self.log = Some(log);
    }

    /// Writes out the positions waiting in the buffer of the file of proven positions.
    pub fn flush_proven(&self) -> std::io::Result<()> {
        self.log.as_ref().map_or(Ok(()), ProvenLog::flush)
    }

    /// [`ProofTable::insert`] without the file.
    #[inline(always)]
    fn store(&self, key: TableKey<W>, win: bool) {
        if let Some(packed) = &self.packed {
            if let Some((word, hash)) = packed.pack(&key) {
                return packed.insert(word, hash, win);
            }
        }
        if self.map_len.load(Ordering::Relaxed) < self.capacity
            && self.map.insert(key, win).is_none()
        {
            self.map_len.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// The number of positions stored.
    pub fn len(&self) -> usize {
        self.map_len.load(Ordering::Relaxed)
            + self
                .packed
                .as_ref()
                .map_or(0, |p| p.used.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    /// Distinct positions of the board of `geometry` with each colour on its own shade,
    /// and a value each.
    fn positions(count: usize, geometry: &Geometry<u64>) -> Vec<(TableKey<u64>, bool)> {
        let (black, white) = (
            geometry.start_pieces(Color::Black),
            geometry.start_pieces(Color::White),
        );
        let mut seen = std::collections::HashSet::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut out = Vec::new();
        while out.len() < count {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let key = TableKey {
                black: Bitboard(x) & black,
                white: Bitboard(x.rotate_left(17)) & white,
                white_to_move: x & 1 == 1,
            };
            if seen.insert(key) {
                out.push((key, x & 2 == 2));
            }
        }
        out
    }

    #[test]
    fn a_packed_table_grows_and_keeps_its_entries_exact() {
        let geometry = Geometry::<u64>::of(Board::new(7, 7).unwrap());
        let table = ProofTable::new(TableKind::Packed, 1 << 23, geometry, Replacement::Home);
        let packed = table.packed.as_ref().expect("7x7 packs");
        assert_eq!(packed.mask.load(Ordering::Relaxed), FIRST_SLOTS - 1);
        let entries = positions(3 * FIRST_SLOTS, geometry);
        for &(key, win) in &entries {
            table.insert(key, win);
        }
        // Grown to 8 M slots (3 M entries, never more than half full).
        assert_eq!(packed.mask.load(Ordering::Relaxed), (1 << 23) - 1);
        let mut found = 0;
        for &(key, win) in &entries {
            if let Some(value) = table.get(&key) {
                assert_eq!(value, win, "a lookup answers only for its own position");
                found += 1;
            }
        }
        // Entries are lost only where four slots in a row were taken (up to half full
        // before each doubling: about 4 % here).
        assert!(
            found > entries.len() * 9 / 10,
            "{found} of {}",
            entries.len()
        );
        assert!(table.len() <= entries.len());
    }

    #[test]
    fn a_full_packed_table_stays_exact() {
        let geometry = Geometry::<u64>::of(Board::new(7, 7).unwrap());
        for replacement in [Replacement::Home, Replacement::FewestPieces] {
            let table = ProofTable::new(TableKind::Packed, 1 << 10, geometry, replacement);
            let entries = positions(1 << 14, geometry);
            for &(key, win) in &entries {
                table.insert(key, win);
            }
            for &(key, win) in &entries {
                assert!(table.get(&key).is_none_or(|value| value == win));
            }
        }
    }

    #[test]
    fn the_flags_take_the_highest_bits_the_squares_leave_free() {
        let flags = |w, h| Flags::of(Geometry::<u64>::of(Board::new(w, h).unwrap()));
        let bits = |f: Flags| [f.used, f.win, f.white_to_move].map(|bit| bit.trailing_zeros());
        assert_eq!(flags(8, 6).map(bits), Some([63, 62, 61]));
        assert_eq!(flags(7, 7).map(bits), Some([63, 62, 61]));
        // 6x8's squares reach bit 61 (stride 8): the flags go between its rows.
        assert_eq!(flags(6, 8).map(bits), Some([63, 62, 55]));
        assert_eq!(flags(8, 8), None, "64 squares leave no bit free");
    }

    #[test]
    fn a_board_with_flags_between_its_rows_packs_exactly() {
        let geometry = Geometry::<u64>::of(Board::new(6, 8).unwrap());
        let table = ProofTable::new(TableKind::Packed, 1 << 23, geometry, Replacement::Home);
        assert!(table.packed.is_some(), "6x8 packs");
        let entries = positions(1 << 16, geometry);
        for &(key, win) in &entries {
            table.insert(key, win);
        }
        assert!(table.map.is_empty(), "every 6x8 position fits a word");
        let keys: std::collections::HashSet<TableKey<u64>> = entries.iter().map(|e| e.0).collect();
        let mut found = 0;
        for &(key, win) in &entries {
            if let Some(value) = table.get(&key) {
                assert_eq!(value, win);
                found += 1;
            }
            // The side to move is part of the key.
            let other = TableKey {
                white_to_move: !key.white_to_move,
                ..key
            };
            if !keys.contains(&other) {
                assert_eq!(table.get(&other), None);
            }
        }
        assert!(found > entries.len() * 9 / 10, "{found}");
    }

    /// 8x8's squares fill the word: its positions are quotient-packed, exactly, through
    /// doublings (each entry re-placed, its probe offset rewritten) and once full.
    #[test]
    fn eight_by_eight_is_quotient_packed_exactly() {
        let geometry = Geometry::<u64>::of(Board::new(8, 8).unwrap());
        for (capacity, count) in [(1 << 23, 3 * FIRST_SLOTS), (1 << 10, 1 << 14)] {
            for replacement in [Replacement::Home, Replacement::FewestPieces] {
                let table = ProofTable::new(TableKind::Packed, capacity, geometry, replacement);
                let packed = table.packed.as_ref().expect("8x8 packs");
                assert_eq!(packed.packing, Packing::Quotient);
                let entries = positions(count, geometry);
                let keys: std::collections::HashSet<TableKey<u64>> =
                    entries.iter().map(|e| e.0).collect();
                for &(key, win) in &entries {
                    table.insert(key, win);
                }
                assert!(
                    table.map.is_empty(),
                    "every 8x8 position on its shades packs"
                );
                let mut found = 0;
                for &(key, win) in &entries {
                    if let Some(value) = table.get(&key) {
                        assert_eq!(value, win, "a lookup answers only for its own position");
                        found += 1;
                    }
                    // Neighbours in the hash and the other side to move are other
                    // positions: never answered for unless stored.
                    for other in [
                        TableKey {
                            white_to_move: !key.white_to_move,
                            ..key
                        },
                        TableKey {
                            black: Bitboard(key.black.0 ^ 1),
                            ..key
                        },
                    ] {
                        if !keys.contains(&other) && other.black.0 & !packed.black_shade.0 == 0 {
                            assert_eq!(table.get(&other), None);
                        }
                    }
                }
                if capacity > count {
                    assert!(
                        found > entries.len() * 9 / 10,
                        "{found} of {}",
                        entries.len()
                    );
                } else {
                    assert!(found <= capacity.max(1 << QUOTIENT_BITS));
                    assert!(found > 0);
                }
            }
        }
    }

    /// A quotient-packed word gives back the hash that placed it from its slot's index,
    /// under the mask it was placed with and under any wider one.
    #[test]
    fn a_quotient_word_gives_back_its_hash() {
        let geometry = Geometry::<u64>::of(Board::new(8, 8).unwrap());
        let table = ProofTable::new(TableKind::Packed, 1 << 16, geometry, Replacement::Home);
        let packed = table.packed.as_ref().expect("8x8 packs");
        for (key, _) in positions(1000, geometry) {
            let (word, hash) = packed.pack(&key).expect("on its shades");
            for mask in [(1 << 12) - 1, (1 << 16) - 1] {
                for offset in 0..PROBES {
                    let index = (hash as usize + offset) & mask;
                    let stored = packed.at(word, offset);
                    assert_eq!(
                        packed.hash_of(stored, index, mask) as usize & mask,
                        hash as usize & mask
                    );
                    assert_eq!(
                        packed.hash_of(stored, index, mask) >> QUOTIENT_BITS,
                        hash >> QUOTIENT_BITS
                    );
                    assert_eq!(packed.pieces(stored), (key.black | key.white).count());
                }
            }
        }
    }

    #[test]
    fn a_full_table_keeps_the_positions_of_most_pieces_or_the_latest() {
        let geometry = Geometry::<u64>::of(Board::new(7, 7).unwrap());
        let entries = positions(1 << 14, geometry);
        let pieces = |key: &TableKey<u64>| (key.black | key.white).count();
        let kept = |replacement| {
            let table = ProofTable::new(TableKind::Packed, 1 << 10, geometry, replacement);
            for &(key, win) in &entries {
                table.insert(key, win);
            }
            let found: Vec<&TableKey<u64>> = entries
                .iter()
                .map(|(key, _)| key)
                .filter(|key| table.get(key).is_some())
                .collect();
            assert!(found.len() <= 1 << 10, "no more than the table's slots");
            found
        };
        // Sixteen entries for each slot: the fewest-pieces rule keeps positions of more
        // pieces than the home rule, which keeps the latest ones.
        let mean = |found: &[&TableKey<u64>]| {
            found.iter().map(|key| pieces(key) as f64).sum::<f64>() / found.len() as f64
        };
        let (home, fewest) = (kept(Replacement::Home), kept(Replacement::FewestPieces));
        assert!(
            mean(&fewest) > mean(&home) + 2.0,
            "{} {}",
            mean(&fewest),
            mean(&home)
        );
        let latest = entries.len() - (1 << 10);
        let recent = |found: &[&TableKey<u64>]| {
            found
                .iter()
                .filter(|key| entries[latest..].iter().any(|(k, _)| k == **key))
                .count()
        };
        assert!(
            recent(&home) > recent(&fewest),
            "the home rule keeps the latest"
        );
    }
}
