//! The proof table: proven values (win or loss for the side to move) of positions,
//! keyed by the full canonical position, shared by all worker threads. Two kinds: a
//! `DashMap` (any position, grows as needed up to a cap) and a fixed array of packed
//! atomic words (positions whose colours stand on their own shades, boards with three
//! spare bits; the whole position and its value fit one word, so lookups stay exact).

use std::hash::{BuildHasherDefault, Hash, Hasher};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use dashmap::DashMap;
use konane_core::{Bitboard, Color, Geometry, Word};

use crate::symmetry::Key;

/// Which proof table to use.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum TableKind {
    /// A concurrent `DashMap<Key, bool>`.
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

/// Why a table kind's name was refused: the text, which is neither `dashmap` nor `packed`.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct TableKindError(pub String);

impl std::fmt::Display for TableKindError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unknown table '{}': expected dashmap or packed", self.0)
    }
}

impl std::error::Error for TableKindError {}

impl<W: Word> Hash for Key<W> {
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

type Map<W> = DashMap<Key<W>, bool, BuildHasherDefault<DigestHasher>>;

/// Bits of a packed word: the occupied squares, then White to move, the value, a tag.
const WHITE_TO_MOVE: u64 = 1 << 61;
const WIN: u64 = 1 << 62;
const USED: u64 = 1 << 63;
/// Slots probed after the home slot before an old entry is overwritten.
const PROBES: usize = 4;

/// A table of packed words: exact, lock-free, fixed size (old entries get overwritten).
struct Packed<W: Word> {
    slots: Vec<AtomicU64>,
    black_shade: Bitboard<W>,
    white_shade: Bitboard<W>,
    used: AtomicUsize,
}

impl<W: Word> Packed<W> {
    /// The packed word of `key` (without value), if the position fits one word.
    #[inline(always)]
    fn pack(&self, key: &Key<W>) -> Option<u64> {
        let fits = key.black.without(self.black_shade).is_empty()
            && key.white.without(self.white_shade).is_empty();
        let side = if key.white_to_move { WHITE_TO_MOVE } else { 0 };
        fits.then(|| (key.black | key.white).0.low_u64() | USED | side)
    }

    #[inline(always)]
    fn get(&self, word: u64, digest: u64) -> Option<bool> {
        let home = digest as usize & (self.slots.len() - 1);
        (0..PROBES).find_map(|i| {
            let found = self.slots[(home + i) & (self.slots.len() - 1)].load(Ordering::Relaxed);
            (found & !WIN == word).then_some(found & WIN != 0)
        })
    }

    #[inline(always)]
    fn insert(&self, word: u64, digest: u64, win: bool) {
        let len = self.slots.len();
        let home = digest as usize & (len - 1);
        let value = word | if win { WIN } else { 0 };
        for i in 0..PROBES {
            let slot = &self.slots[(home + i) & (len - 1)];
            let found = slot.load(Ordering::Relaxed);
            if found == 0 {
                slot.store(value, Ordering::Relaxed);
                self.used.fetch_add(1, Ordering::Relaxed);
                return;
            }
            if found & !WIN == word {
                return;
            }
        }
        self.slots[home].store(value, Ordering::Relaxed);
    }
}

/// The shared proof table.
pub struct ProofTable<W: Word> {
    map: Map<W>,
    packed: Option<Packed<W>>,
    capacity: usize,
    map_len: AtomicUsize,
}

impl<W: Word> ProofTable<W> {
    /// A table of `kind` holding at most about `capacity` entries, for the board of
    /// `geometry` (whose start layout gives each colour its shade). The packed words
    /// need the board's squares below bit 61.
    pub fn new(kind: TableKind, capacity: usize, geometry: &Geometry<W>) -> ProofTable<W> {
        let mask = geometry.mask();
        let spare = mask.0.fold_high() == 0 && mask.0.low_u64() & (WHITE_TO_MOVE | WIN | USED) == 0;
        let packed = (kind == TableKind::Packed && spare).then(|| Packed {
            slots: (0..capacity.next_power_of_two())
                .map(|_| AtomicU64::new(0))
                .collect(),
            black_shade: geometry.start_pieces(Color::Black),
            white_shade: geometry.start_pieces(Color::White),
            used: AtomicUsize::new(0),
        });
        ProofTable {
            map: Map::default(),
            packed,
            capacity,
            map_len: AtomicUsize::new(0),
        }
    }

    /// The proven value of `key` (true: the side to move wins), if stored.
    #[inline(always)]
    pub fn get(&self, key: &Key<W>) -> Option<bool> {
        if let Some(packed) = &self.packed {
            if let Some(word) = packed.pack(key) {
                return packed.get(word, key.digest());
            }
        }
        self.map.get(key).map(|entry| *entry)
    }

    /// Reads the slot where `key` would be and returns a word that depends on it: a
    /// caller about to look up many keys touches them all first, so that their cache
    /// misses overlap instead of coming one after the other (`std::hint::black_box`
    /// the words, so that the reads stay).
    #[inline(always)]
    pub fn touch(&self, key: &Key<W>) -> u64 {
        match &self.packed {
            Some(packed) => {
                let home = key.digest() as usize & (packed.slots.len() - 1);
                packed.slots[home].load(Ordering::Relaxed)
            }
            None => 0,
        }
    }

    /// Records that the side to move in `key` wins (`true`) or loses.
    #[inline(always)]
    pub fn insert(&self, key: Key<W>, win: bool) {
        if let Some(packed) = &self.packed {
            if let Some(word) = packed.pack(&key) {
                return packed.insert(word, key.digest(), win);
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
