//! The proof search: depth-first win/loss negamax with move ordering (fewest replies
//! first), cheap verdicts, child lookups in the table, the shared proof table, and parallel splitting of the top
//! plies (young brothers wait: the first child alone, then the rest with rayon).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use konane_core::{Bitboard, Geometry, Word};
use rayon::prelude::*;

use crate::regions::{split_bits, BitRegion, ReachCache, RegionCache};
use crate::symmetry::{Symmetries, TableKey};
use crate::table::ProofTable;

mod jobs;
mod numbers;
mod pn;
mod root_moves;
use jobs::Job;
pub(crate) use jobs::JobBoard;
use numbers::Numbers;
pub(crate) use numbers::{
    slot_bytes as pn_slot_bytes, SharedNumbers, SHARED_SLOT_BYTES as PN_SHARED_SLOT_BYTES,
};
pub(crate) use root_moves::RootMoves;
pub use root_moves::RootNumbers;

/// Nodes with at least this many pieces look up every child in the proof table before
/// searching any (a known lost child proves a win at once); below it the lookups cost
/// more than they save (6x6: 7.1 M nodes with, 9.3 M without, 18% less CPU time).
const PROBE_CHILDREN_FROM: u32 = 12;

/// Reaches of groups of pieces a searcher keeps.
const REACH_CACHE: usize = 1 << 16;

/// Nodes a searcher counts between adding them to the shared total and checking for a
/// stop, while the budget is far (see `Searcher::next_countdown`).
const FLUSH_EVERY: u64 = 1024;

/// Flushes between two reports of a root move's numbers as they stand (about 64 K
/// nodes: see `Searcher::report_live`).
const REPORT_LIVE_EVERY: u32 = 64;

/// What every searcher of one solve shares.
pub(crate) struct Shared<'a, W: Word> {
    pub geometry: &'static Geometry<W>,
    pub symmetries: &'a Symmetries<W>,
    pub table: &'a ProofTable<W>,
    /// Set from outside (Ctrl-C, a front end) to abandon the solve.
    pub stop: &'a AtomicBool,
    /// Positions searched so far, all threads together (up to `FLUSH_EVERY` each behind).
    pub nodes: &'a AtomicU64,
    /// The search gives up once `nodes` passes this (all searchers together pass it by
    /// at most one node each: see `Searcher::next_countdown`).
    pub budget: u64,
    /// Positions with at most this many pieces are split into regions (0: never).
    pub region_pieces: u32,
    /// Regions of at most this many pieces are valued (0: none is).
    pub value_pieces: u32,
    /// Region values, one cache per thread of the pool (see [`Shared::cache`]).
    pub caches: &'a [Mutex<RegionCache<W>>],
    /// Positions with at least this many pieces are searched by proof-number search
    /// (0: never; the depth-first search below them).
    pub pn_pieces: u32,
    /// Entries of each searcher's table of proof and disproof numbers.
    pub pn_entries: usize,
    /// The first disproof number of an unsearched position, per move of its mover.
    pub pn_first_dn: u32,
    /// What each move of the other side takes off that first disproof number.
    pub pn_first_dn_ours: u32,
    /// The other side's moves per unit of an unsearched position's first proof number
    /// (0: it is 1).
    pub pn_first_pn: u32,
    /// The 1 + ε trick's ε as (numerator, denominator), the denominator at least 1.
    pub pn_epsilon: (u64, u64),
    /// The percentage of the children's proof numbers other than the largest that a
    /// disproof number counts (100: the plain sum).
    pub pn_dn_share: u32,
    /// Positions with at most this many pieces are first checked for safe moves
    /// (0: never).
    pub safe_pieces: u32,
    /// The jobs the threads of a proof-number solve share (`None`: one thread, or no
    /// proof-number search).
    pub jobs: Option<&'a JobBoard<W>>,
    /// The table of numbers those threads share (`None`: each searcher has its own).
    pub numbers: Option<&'a SharedNumbers>,
    /// Where the numbers of the root moves' positions are shown (`None`: nowhere).
    pub root_moves: Option<&'a RootMoves>,
    /// A running total for progress displays that the searchers add their nodes to as
    /// well (`None`: none): the solver's, across calls (see `Solver::nodes`).
    pub progress: Option<&'a AtomicU64>,
}

impl<W: Word> Shared<'_, W> {
    /// The region-value cache of the current thread (the calling thread's when it is
    /// outside the pool).
    fn cache(&self) -> &Mutex<RegionCache<W>> {
        let index = rayon::current_thread_index().map_or(0, |i| i + 1);
        &self.caches[index % self.caches.len()]
    }
}

/// What the regions of a position say about it.
enum Split<W: Word> {
    /// Nothing: search the position as it is.
    Whole,
    /// The verdict, from the regions' values: whether the mover wins.
    Known(bool),
    /// The same game with regions of value 0 left out: the mover's and the other
    /// side's pieces.
    Reduced(Bitboard<W>, Bitboard<W>),
}

/// A position to search, from its mover's point of view, with its ordering score.
#[derive(Copy, Clone, Debug)]
struct Child<W: Word> {
    me: Bitboard<W>,
    opp: Bitboard<W>,
    /// Smaller is searched first.
    order: u32,
    /// The moves the side to move in this child has.
    replies: u32,
    /// The moves the other side (the parent's mover) would have in this child, when
    /// counted (else 0).
    ours: u32,
}

/// What [`Searcher::push_children`] does with the moves the mover keeps in each child.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum OwnMoves {
    /// Not counted.
    Skip,
    /// Counted ([`Child::ours`]).
    Count,
    /// Counted, and the more of them the earlier the child among those with as many
    /// replies.
    Order,
}

/// What [`Searcher::open`] does with a node's children besides generating them.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
enum Probe {
    /// Look every child up in the proof table (with enough pieces).
    Children,
    /// Push their keys (for the proof-number search, which looks them up itself).
    Numbers,
}

/// How a node stands once opened.
enum Opened<W: Word> {
    /// The search was stopped.
    Stopped,
    /// Decided without searching the children: whether the mover wins.
    Known(bool),
    /// The children to search are `children[start..start + count]`.
    Search {
        start: usize,
        count: usize,
        key: TableKey<W>,
    },
}

/// One thread's search. Results are `Some(true)` when the side to move wins,
/// `Some(false)` when it loses, `None` when the search was stopped first.
pub(crate) struct Searcher<'a, W: Word> {
    shared: &'a Shared<'a, W>,
    /// Flags of the parallel splits above this searcher: set once a sibling has won.
    cancels: Vec<&'a AtomicBool>,
    unflushed: u64,
    /// Nodes this searcher has entered in all (a df-pn node's search takes the
    /// difference, which the table of numbers keeps by).
    pub(super) entered: u64,
    /// Nodes left before the next check for a stop (the first node checks at once).
    countdown: u64,
    /// A stack of children lists, one segment per ply.
    children: Vec<Child<W>>,
    /// The regions of the position being opened.
    regions: Vec<BitRegion<W>>,
    /// The reaches of small groups of pieces seen by this searcher.
    reaches: ReachCache<W>,
    /// Children's table keys, one segment per node: while a depth-first node looks
    /// them up, and for the whole search of a df-pn node (its offers compare them).
    keys: Vec<TableKey<W>>,
    /// A stack of the children's proof and disproof numbers, one segment per ply.
    numbers_stack: Vec<(u32, u32)>,
    /// Proof and disproof numbers of unproven positions (made on first use).
    numbers: Option<Numbers<'a, W>>,
    /// The root move (class) this searcher works on, for the jobs it offers.
    pub class: usize,
    /// The jobs this searcher is proving, innermost last.
    running: Vec<Arc<Job<W>>>,
    /// The jobs offered below the nodes on the stack, oldest first: dropped when the
    /// node above them is proven.
    offers: Vec<Arc<Job<W>>>,
    /// Set by [`Searcher::search`] for the proof-number search of its position, so
    /// that it reports that position's numbers to [`Shared::root_moves`].
    at_root: bool,
    /// The df-pn nodes being searched, outermost first.
    path: Vec<pn::PathNode>,
    /// Flushes since the root move's numbers were last reported as they stand.
    flushes: u32,
}

impl<'a, W: Word> Searcher<'a, W> {
    pub fn new(shared: &'a Shared<'a, W>) -> Searcher<'a, W> {
        Searcher {
            shared,
            cancels: Vec::new(),
            unflushed: 0,
            entered: 0,
            countdown: 1,
            children: Vec::with_capacity(1024),
            regions: Vec::new(),
            reaches: ReachCache::new(REACH_CACHE),
            keys: Vec::new(),
            numbers_stack: Vec::new(),
            numbers: None,
            class: 0,
            running: Vec::new(),
            offers: Vec::new(),
            at_root: false,
            path: Vec::new(),
            flushes: 0,
        }
    }

    /// Adds the nodes counted here to the shared total, and sets how many to count
    /// before the next flush.
    pub fn flush(&mut self) {
        self.shared
            .nodes
            .fetch_add(self.unflushed, Ordering::Relaxed);
        if let Some(progress) = self.shared.progress {
            progress.fetch_add(self.unflushed, Ordering::Relaxed);
        }
        self.unflushed = 0;
        self.countdown = self.next_countdown();
        self.flushes += 1;
        if self.flushes == REPORT_LIVE_EVERY {
            self.flushes = 0;
            self.report_live();
        }
    }

    /// Counts one node; false when the search must stop.
    #[inline(always)]
    fn enter(&mut self) -> bool {
        self.unflushed += 1;
        self.entered += 1;
        self.countdown -= 1;
        if self.countdown > 0 {
            return true;
        }
        self.flush();
        !self.must_stop()
    }

    /// The nodes to count before the next flush: [`FLUSH_EVERY`], or fewer once the
    /// budget is near, each thread's searcher a share of what is left, so that all
    /// together pass the budget by at most one node each (a searcher that waits for
    /// the searchers of its children flushes first, and again after).
    fn next_countdown(&self) -> u64 {
        let nodes = self.shared.nodes.load(Ordering::Relaxed);
        let left = self.shared.budget.saturating_sub(nodes);
        let searchers = rayon::current_num_threads() as u64;
        (left / searchers).clamp(1, FLUSH_EVERY)
    }

    /// Whether the search must stop: stopped from outside, out of nodes, a sibling of a
    /// parallel split has won, or a job being proven was dropped.
    fn must_stop(&self) -> bool {
        self.shared.stop.load(Ordering::Relaxed)
            || self.shared.nodes.load(Ordering::Relaxed) > self.shared.budget
            || self.cancels.iter().any(|c| c.load(Ordering::Relaxed))
            || self
                .shared
                .jobs
                .is_some_and(|board| self.running.iter().any(|job| board.is_dropped(job)))
    }

    /// Pushes the children of (`me`, `opp`) onto the stack, best first: fewest replies
    /// for the opponent, then (with [`OwnMoves::Order`]) most moves left for the mover.
    /// Returns `None` when one of them leaves the opponent without a move (a win found
    /// without searching), else the number pushed (0: the mover has lost).
    #[inline(always)]
    fn push_children(&mut self, me: Bitboard<W>, opp: Bitboard<W>, own: OwnMoves) -> Option<usize> {
        let start = self.children.len();
        let geometry = self.shared.geometry;
        let children = &mut self.children;
        let mut stalemate = false;
        geometry.for_each_move(me, opp, |_, me_after, opp_after| {
            let replies = geometry.count_moves(opp_after, me_after);
            stalemate |= replies == 0;
            let ours = match own {
                OwnMoves::Skip => 0,
                OwnMoves::Count | OwnMoves::Order => geometry.count_moves(me_after, opp_after),
            };
            let order = match own {
                OwnMoves::Order => (4 * replies).saturating_sub(ours),
                OwnMoves::Skip | OwnMoves::Count => 4 * replies,
            };
            children.push(Child {
                me: opp_after,
                opp: me_after,
                order,
                replies,
                ours,
            });
        });
        if stalemate {
            self.children.truncate(start);
            return None;
        }
        self.children[start..].sort_unstable_by_key(|c| c.order);
        Some(self.children.len() - start)
    }

    /// The canonical table key of (`me`, `opp`) with `white` to move or not.
    #[inline(always)]
    fn key(&self, me: Bitboard<W>, opp: Bitboard<W>, white: bool) -> TableKey<W> {
        let (black, white_bb) = if white { (opp, me) } else { (me, opp) };
        self.shared.symmetries.canonical(black, white_bb, white)
    }

    /// Pushes the keys of the `count` children from `start` (their side to move is the
    /// other one) onto `keys`, and returns where they begin there.
    #[inline(always)]
    fn push_child_keys(&mut self, start: usize, count: usize, white: bool) -> usize {
        let keys = self.keys.len();
        for i in start..start + count {
            let child = self.children[i];
            let key = self.key(child.me, child.opp, !white);
            self.keys.push(key);
        }
        keys
    }

    /// Everything before searching the children of a node: counting it, the table, the
    /// cheap verdicts, and (`Probe::Children`, with enough pieces) a table probe of
    /// every child; with `Probe::Numbers` the children's keys are pushed onto `keys`.
    #[inline(always)]
    fn open(&mut self, me: Bitboard<W>, opp: Bitboard<W>, white: bool, probe: Probe) -> Opened<W> {
        if !self.enter() {
            return Opened::Stopped;
        }
        // The table first: a proven position needs no move generation. (Same verdicts
        // and node count as generating first: both answers are exact.)
        let key = self.key(me, opp, white);
        if let Some(win) = self.shared.table.get(&key) {
            return Opened::Known(win);
        }
        let (me, opp, key) = match self.split(me, opp, white) {
            None | Some(Split::Whole) => (me, opp, key),
            Some(Split::Known(win)) => {
                self.shared.table.insert(key, win);
                return Opened::Known(win);
            }
            Some(Split::Reduced(me, opp)) => {
                let reduced = self.key(me, opp, white);
                if let Some(win) = self.shared.table.get(&reduced) {
                    return Opened::Known(win);
                }
                (me, opp, reduced)
            }
        };
        if (me | opp).count() <= self.shared.safe_pieces {
            if let Some(win) = crate::safe_moves::verdict(self.shared.geometry, me, opp) {
                self.shared.table.insert(key, win);
                return Opened::Known(win);
            }
        }
        let start = self.children.len();
        // The proof-number search orders by numbers, not by the mover's moves left
        // (6x6 at 18 pieces: 1.65 M nodes without them, 1.81 M with), and counts them
        // only for its first numbers.
        let own = match probe {
            Probe::Numbers if self.shared.pn_first_pn == 0 && self.shared.pn_first_dn_ours == 0 => {
                OwnMoves::Skip
            }
            Probe::Numbers => OwnMoves::Count,
            Probe::Children => OwnMoves::Order,
        };
        let count = match self.push_children(me, opp, own) {
            None => return Opened::Known(true),
            Some(0) => return Opened::Known(false),
            Some(n) => n,
        };
        if probe == Probe::Numbers {
            self.push_child_keys(start, count, white);
        } else if probe == Probe::Children && (me | opp).count() >= PROBE_CHILDREN_FROM {
            // Every child's key first, and its slots asked for, so that the misses overlap.
            let keys = self.push_child_keys(start, count, white);
            for key in &self.keys[keys..] {
                self.shared.table.prefetch(key);
            }
            let known_loss = self.keys[keys..]
                .iter()
                .any(|k| self.shared.table.get(k) == Some(false));
            self.keys.truncate(keys);
            if known_loss {
                self.children.truncate(start);
                self.shared.table.insert(key, true);
                return Opened::Known(true);
            }
        }
        Opened::Search { start, count, key }
    }

    /// The regions of (`me`, `opp`) when it has few enough pieces: the verdict when
    /// every region that can still move is small enough to value, else the position
    /// without its regions of value 0 (those where nobody can move, and small ones
    /// valued 0), if it has any.
    #[inline(always)]
    fn split(&mut self, me: Bitboard<W>, opp: Bitboard<W>, white: bool) -> Option<Split<W>> {
        // Kept out of line, so that the search without regions stays as it was.
        ((me | opp).count() <= self.shared.region_pieces)
            .then(|| self.split_regions(me, opp, white))
    }

    #[inline(never)]
    fn split_regions(&mut self, me: Bitboard<W>, opp: Bitboard<W>, white: bool) -> Split<W> {
        let shared = self.shared;
        let (black, white_pieces) = if white { (opp, me) } else { (me, opp) };
        split_bits(
            shared.geometry,
            black,
            white_pieces,
            false,
            &mut self.reaches,
            &mut self.regions,
        );
        if self.regions.len() < 2 {
            return Split::Whole;
        }
        let mut keep = Bitboard::EMPTY;
        let mut live = 0;
        let mut large = false;
        for region in self.regions.iter().filter(|r| !r.dead()) {
            live += 1;
            if region.pieces() > shared.value_pieces {
                large = true;
                keep |= region.black | region.white;
            }
        }
        // One region that can move: nothing to add up (a small one is searched, which
        // costs less than valuing it), only the dead ones to leave out.
        let is_small = |r: &BitRegion<W>| !r.dead() && r.pieces() <= shared.value_pieces;
        let any_small = live > 1 && self.regions.iter().any(is_small);
        if live == 1 {
            keep = self
                .regions
                .iter()
                .filter(|r| !r.dead())
                .fold(Bitboard::EMPTY, |k, r| k | r.black | r.white);
        }
        if any_small {
            let mut cache = shared
                .cache()
                .lock()
                .expect("no panics while holding the lock");
            cache.make_room();
            let mut total = cache.games().zero();
            for region in self.regions.iter().filter(|r| is_small(r)) {
                match cache.value(shared.geometry, region) {
                    Some(g) if g == cache.games().zero() => {}
                    Some(g) => {
                        keep |= region.black | region.white;
                        match cache.games().add(total, g) {
                            Ok(sum) => total = sum,
                            Err(_) => large = true,
                        }
                    }
                    None => {
                        keep |= region.black | region.white;
                        large = true;
                    }
                }
            }
            if !large {
                let games = cache.games();
                return Split::Known(if white {
                    games.right_wins_moving_first(total)
                } else {
                    games.left_wins_moving_first(total)
                });
            }
        }
        if keep == me | opp {
            Split::Whole
        } else {
            Split::Reduced(me & keep, opp & keep)
        }
    }

    /// Whether the mover `me` wins against `opp`; `white` says whose turn it is.
    pub fn solve(&mut self, me: Bitboard<W>, opp: Bitboard<W>, white: bool) -> Option<bool> {
        let (start, count, key) = match self.open(me, opp, white, Probe::Children) {
            Opened::Stopped => return None,
            Opened::Known(win) => return Some(win),
            Opened::Search { start, count, key } => (start, count, key),
        };
        let mut win = false;
        for i in start..start + count {
            let child = self.children[i];
            match self.solve(child.me, child.opp, !white) {
                None => {
                    self.children.truncate(start);
                    return None;
                }
                Some(false) => {
                    win = true;
                    break;
                }
                Some(true) => {}
            }
        }
        self.children.truncate(start);
        self.shared.table.insert(key, win);
        Some(win)
    }

    /// [`Searcher::solve`] with the children of the next `plies` plies searched in
    /// parallel on the current rayon pool (after the first child, alone).
    pub fn solve_split(
        &mut self,
        me: Bitboard<W>,
        opp: Bitboard<W>,
        white: bool,
        plies: u32,
    ) -> Option<bool> {
        if plies == 0 || self.uses_pn(me, opp) {
            return self.search(me, opp, white);
        }
        let (start, count, key) = match self.open(me, opp, white, Probe::Children) {
            Opened::Stopped => return None,
            Opened::Known(win) => return Some(win),
            Opened::Search { start, count, key } => (start, count, key),
        };
        let children: Vec<Child<W>> = self.children.drain(start..start + count).collect();
        let first = self.solve_split(children[0].me, children[0].opp, !white, plies - 1)?;
        if !first {
            self.shared.table.insert(key, true);
            return Some(true);
        }
        let cancel = AtomicBool::new(false);
        self.flush();
        let results: Vec<Option<bool>> = children[1..]
            .par_iter()
            .map(|child| {
                let mut searcher = Searcher::new(self.shared);
                searcher.cancels = self.cancels.clone();
                searcher.cancels.push(&cancel);
                let result = searcher.solve_split(child.me, child.opp, !white, plies - 1);
                searcher.flush();
                if result == Some(false) {
                    cancel.store(true, Ordering::Relaxed);
                }
                result
            })
            .collect();
        self.flush();
        let win = if results.contains(&Some(false)) {
            true
        } else if results.contains(&None) {
            return None;
        } else {
            false
        };
        self.shared.table.insert(key, win);
        Some(win)
    }
}
