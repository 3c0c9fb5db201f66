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

use std::sync::Arc;

use konane_core::{Bitboard, Word};

use super::jobs::{Job, JobBoard, JobState, OFFER_ABOVE_PN_PIECES};
use super::{Opened, Probe, Searcher};
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

/// One slot of a [`PnTable`]: a whole position and its numbers. Empty when `pn` is 0
/// (an unproven position's numbers are never 0), so that a slot takes 32 bytes on `u64`.
#[derive(Copy, Clone, Debug, PartialEq)]
struct Slot<W: Word> {
    black: Bitboard<W>,
    white: Bitboard<W>,
    pn: u32,
    dn: u32,
    white_to_move: bool,
}

impl<W: Word> Slot<W> {
    const EMPTY: Slot<W> = Slot {
        black: Bitboard::EMPTY,
        white: Bitboard::EMPTY,
        pn: 0,
        dn: 0,
        white_to_move: false,
    };

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.pn == 0
    }

    #[inline(always)]
    fn holds(&self, key: &Key<W>) -> bool {
        !self.is_empty()
            && self.black == key.black
            && self.white == key.white
            && self.white_to_move == key.white_to_move
    }

    #[inline(always)]
    fn key(&self) -> Key<W> {
        Key {
            black: self.black,
            white: self.white,
            white_to_move: self.white_to_move,
        }
    }

    /// How much keeping this slot is worth when another position wants its home: the
    /// smaller of its numbers.
    #[inline(always)]
    fn worth(&self) -> u32 {
        self.pn.min(self.dn)
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

/// Slots a table of numbers starts with (32 KiB on boards of 64 squares).
const FIRST_SLOTS: usize = 1 << 10;

/// Proof and disproof numbers of unproven positions, keyed by the whole position
/// (two slots a home; when both are taken, the one with the smaller `min(pn, dn)` is
/// overwritten). It starts small and doubles whenever it would be more than half full,
/// up to its size, so that it takes memory in proportion to the positions it holds (a
/// search of a few nodes, most of the certificate writer's, touches a few KiB).
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
            homes: vec![Home::EMPTY; first.next_power_of_two().clamp(2, limit) / 2],
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
    fn home(&self, key: &Key<W>) -> usize {
        (key.digest() >> 1) as usize & (self.homes.len() - 1)
    }

    #[inline(always)]
    fn get(&self, key: &Key<W>) -> Option<(u32, u32)> {
        self.homes[self.home(key)]
            .0
            .iter()
            .find(|s| s.holds(key))
            .map(|s| (s.pn, s.dn))
    }

    /// Reads the slots of `key` (see [`crate::table::ProofTable::touch`]).
    #[inline(always)]
    fn touch(&self, key: &Key<W>) -> u64 {
        u64::from(self.homes[self.home(key)].0[0].pn)
    }

    /// Records the numbers of `key` (neither of them 0).
    #[inline(always)]
    fn set(&mut self, key: Key<W>, pn: u32, dn: u32) {
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
                Some(usize::from(b.worth() < a.worth()))
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
                        white_to_move: key.white_to_move,
                    };
                    return;
                }
                None => self.grow(),
            }
        }
    }

    /// Doubles the slots, each entry to its new home (the two of an old home go to two
    /// new homes, so nothing is lost).
    #[inline(never)]
    fn grow(&mut self) {
        let doubled = vec![Home::EMPTY; 2 * self.homes.len()];
        let old = std::mem::replace(&mut self.homes, doubled);
        for slot in old.iter().flat_map(|h| h.0).filter(|s| !s.is_empty()) {
            let at = self.home(&slot.key());
            let home = &mut self.homes[at].0;
            let index = usize::from(!home[0].is_empty());
            debug_assert!(home[index].is_empty(), "at most two a home");
            home[index] = slot;
        }
    }
}

impl<W: Word> Searcher<'_, W> {
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
        // Children that other threads are proving, and the board to offer jobs on.
        let pieces = (me | opp).count();
        let board = self
            .shared
            .jobs
            .filter(|_| pieces >= self.shared.pn_pieces + OFFER_ABOVE_PN_PIECES);
        let mut pending = board.map_or_else(Vec::new, |b| b.among(&self.keys[keys..]));
        // The jobs offered below this node from here on.
        let offers = self.offers.len();
        self.keys.truncate(keys);
        let result = loop {
            if !pending.is_empty() {
                let stack = &mut self.numbers_stack[base..];
                pending.retain(|(j, job)| match job.state() {
                    JobState::Live => true,
                    JobState::Done(win) => {
                        stack[*j] = proven(win);
                        false
                    }
                    JobState::Dropped => false,
                });
            }
            // pn: the best child's dn; dn: the sum of the children's pn. The best and
            // second best are chosen among the children no job is proving.
            let (mut pn, mut dn) = (INF, 0u32);
            let (mut best, mut best_pn, mut best_dn, mut second) = (0, 0, INF, INF);
            for (j, &(cpn, cdn)) in self.numbers_stack[base..].iter().enumerate() {
                dn = dn.saturating_add(cpn).min(INF - 1);
                pn = pn.min(cdn);
                if !pending.is_empty() && pending.iter().any(|(i, _)| *i == j) {
                    continue;
                }
                if cdn < best_dn {
                    second = best_dn;
                    best_dn = cdn;
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
            if !pending.is_empty() && dn < th_dn && best_dn == INF {
                // Only children that jobs are proving are left.
                match self.wait_for(&pending, pieces) {
                    true => continue,
                    false => break None,
                }
            }
            if best_dn >= th_pn || dn >= th_dn {
                // With children left to jobs, the proof number is that of the children
                // this node can search itself: its parent must not come back before
                // that is worth it (it would find nothing to do and leave again).
                let pn = best_dn.min(INF - 1);
                self.numbers
                    .as_mut()
                    .expect("made before the search")
                    .set(key, pn, dn);
                break Some((pn, dn));
            }
            if let Some(board) = board {
                // The mover probably loses, so every child must be proven: one of them
                // for an idle thread.
                if dn <= pn && board.wants_work() {
                    let offer = self.numbers_stack[base..]
                        .iter()
                        .enumerate()
                        .filter(|&(j, &(_, cdn))| {
                            j != best && cdn < INF && !pending.iter().any(|(i, _)| *i == j)
                        })
                        .max_by_key(|&(j, &(_, cdn))| (cdn, std::cmp::Reverse(j)))
                        .map(|(j, _)| j);
                    if let Some(j) = offer {
                        let child = self.children[start + j];
                        let child_key = self.key(child.me, child.opp, !white);
                        let job = board.offer(child_key, child.me, child.opp, !white, self.class());
                        self.offers.push(job.clone());
                        pending.push((j, job));
                    }
                }
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
        if let Some(board) = board {
            // Proven (or stopped): what it offered is no longer needed.
            if !matches!(result, Some((pn, dn)) if pn > 0 && dn > 0) {
                for job in self.offers.drain(offers..) {
                    if job.state() == JobState::Live {
                        board.cancel(&job);
                    }
                }
            }
        }
        self.numbers_stack.truncate(base);
        self.children.truncate(start);
        result
    }

    /// The root move the current work belongs to: the innermost job's, or this
    /// searcher's own.
    fn class(&self) -> usize {
        self.running.last().map_or(self.class, |job| job.class)
    }

    /// Waits at a node of `pieces` pieces until one of the `pending` jobs is no longer
    /// live, proving open jobs of fewer pieces meanwhile (see the module [`super::jobs`]
    /// for why); false when the search must stop.
    fn wait_for(&mut self, pending: &[(usize, Arc<Job<W>>)], pieces: u32) -> bool {
        let board = self.shared.jobs.expect("jobs are pending");
        board.set_idle(true);
        let go_on = loop {
            if pending.iter().any(|(_, job)| job.state() != JobState::Live) {
                break true;
            }
            if self.must_stop() || !self.help_once(board, pieces) {
                break false;
            }
        };
        board.set_idle(false);
        go_on
    }

    /// Proves one open job of fewer than `below` pieces, taken from `board`, or sleeps
    /// a little if there is none; false when the whole search must stop. The caller
    /// counts as idle on the board meanwhile.
    fn help_once(&mut self, board: &JobBoard<W>, below: u32) -> bool {
        match board.take(below) {
            Some(job) => {
                board.set_idle(false);
                let go_on = self.prove_job(board, job);
                board.set_idle(true);
                go_on
            }
            None => {
                board.wait();
                true
            }
        }
    }

    /// Proves `job` (taken from `board`) and posts the verdict; false when the whole
    /// search must stop (not only this job).
    fn prove_job(&mut self, board: &JobBoard<W>, job: Arc<Job<W>>) -> bool {
        self.running.push(job.clone());
        let verdict = self.search(job.me, job.opp, job.white);
        self.running.pop();
        board.finish(&job, verdict);
        verdict.is_some() || !self.must_stop()
    }

    /// Proves open jobs until `done` says the solve is over (or it must stop).
    pub(crate) fn help_until(&mut self, done: impl Fn() -> bool) {
        let board = self.shared.jobs.expect("helping needs the board");
        board.set_idle(true);
        while !done() && !self.must_stop() && self.help_once(board, u32::MAX) {}
        board.set_idle(false);
        self.flush();
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
        let keys: Vec<Key<u64>> = (0..6000)
            .map(|_| Key {
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
            table.set(key, pn, dn);
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

    /// At its size the table overwrites, keeping the position with the larger of the
    /// smaller numbers.
    #[test]
    fn a_full_table_keeps_the_position_with_larger_numbers() {
        let mut table = PnTable::<u64>::starting_with(2, 2);
        let key = |i: u64| Key {
            black: Bitboard(i),
            white: Bitboard(0),
            white_to_move: false,
        };
        table.set(key(1), 30, 40);
        table.set(key(2), 5, 6);
        assert_eq!(table.slots(), 2);
        // A third position takes the slot of the second (min 5), not the first (min 30).
        table.set(key(3), 7, 8);
        assert_eq!(table.get(&key(1)), Some((30, 40)));
        assert_eq!(table.get(&key(2)), None);
        assert_eq!(table.get(&key(3)), Some((7, 8)));
        // Set again with larger numbers, the third now outweighs the first.
        table.set(key(3), 70, 90);
        table.set(key(4), 1, 1);
        assert_eq!(table.get(&key(1)), None);
        assert_eq!(table.get(&key(3)), Some((70, 90)));
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
        assert!(table.slots() <= 1 << 14, "{}", table.slots());
    }
}
