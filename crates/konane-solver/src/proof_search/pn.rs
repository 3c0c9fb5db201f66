//! Depth-first proof-number search (df-pn) over the positions with many pieces, the
//! depth-first search of [`Searcher::solve`] below them.
//!
//! In negamax form: a position's proof number `pn` is the least number of positions
//! still to prove to show that its mover wins, its disproof number `dn` the least to
//! show that the mover loses; `pn` is the smallest `dn` of its children and `dn` the
//! sum of their `pn`, damped: the largest in full and the others by `pn_dn_share`
//! percent ([`disproof_sum`]). A child not yet searched starts at `dn` = the
//! moves of its mover (all of them must be refuted) times `pn_first_dn`, less the
//! moves the other side keeps there times `pn_first_dn_ours` (at least 1), so the
//! first child tried is the one of the best mobility difference (with
//! `pn_first_dn_ours` 0, the one that leaves the opponent the fewest replies, as in
//! the depth-first search), and at `pn` = the moves the other side keeps there over
//! `pn_first_pn` (at least 1; 1 when `pn_first_pn` is 0): the more it keeps, the
//! harder the mover's win. The search goes down the most proving child while the
//! numbers stay under thresholds (with Pawlewicz and Lew's 1 + ε trick against going
//! back and forth between two children), and keeps the numbers of unproven positions
//! in a table (its own, or one that the threads sharing work share:
//! [`super::numbers`]).
//! Proven positions go to the shared proof table, as in the depth-first search, so a
//! verdict is exactly as sure: a number only steers the search, it never decides.

use std::sync::Arc;

use konane_core::{Bitboard, Word};

use super::jobs::{Job, JobBoard, JobState, OFFER_ABOVE_PN_PIECES};
use super::numbers::{Numbers, PnTable};
use super::{Child, Opened, Probe, Searcher};
use crate::symmetry::TableKey;

mod disproof_sum;
mod path;
use disproof_sum::{child_threshold, ChildSum};
pub(super) use path::PathNode;

/// A number beyond every real one: a proven position's.
pub(super) const INF: u32 = u32::MAX / 2;

/// Proof and disproof numbers of a proven position: `win` for its mover or not.
#[inline(always)]
pub(super) fn proven(win: bool) -> (u32, u32) {
    if win {
        (0, INF)
    } else {
        (INF, 0)
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
        self.make_numbers();
        self.at_root = true;
        let (pn, dn) = self.mid(me, opp, white, INF, INF)?;
        debug_assert!(
            pn == 0 || dn == 0,
            "the root is searched until it is proven"
        );
        Some(pn == 0)
    }

    /// Makes the table of numbers on first use.
    fn make_numbers(&mut self) {
        if self.numbers.is_none() {
            self.numbers = Some(match self.shared.numbers {
                Some(shared) => Numbers::Shared(shared),
                None => Numbers::Own(PnTable::new(self.shared.pn_entries)),
            });
        }
    }

    /// The numbers of a child: proven, searched before, or first estimates.
    #[inline(always)]
    fn numbers_of(&self, key: &TableKey<W>, child: &Child<W>) -> (u32, u32) {
        if let Some(win) = self.shared.table.get(key) {
            return proven(win);
        }
        let numbers = self.numbers.as_ref().expect("made before the search");
        numbers.get(key).unwrap_or_else(|| {
            let pn = match self.shared.pn_first_pn {
                0 => 1,
                per => (child.ours / per).max(1),
            };
            let dn = self
                .shared
                .pn_first_dn
                .saturating_mul(child.replies)
                .saturating_sub(self.shared.pn_first_dn_ours.saturating_mul(child.ours));
            (pn, dn.max(1))
        })
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
        let at_root = std::mem::take(&mut self.at_root);
        let entered = self.entered;
        let root_moves = self.shared.root_moves.filter(|_| at_root);
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
        let numbers = self.numbers.as_ref().expect("made before the search");
        for key in &self.keys[keys..] {
            self.shared.table.prefetch(key);
            numbers.prefetch(key);
        }
        for j in 0..count {
            let numbers = self.numbers_of(&self.keys[keys + j], &self.children[start + j]);
            self.numbers_stack.push(numbers);
        }
        let node = self.path.len();
        self.path.push(PathNode {
            base,
            count,
            active: None,
            root: at_root,
        });
        // Children that other threads are searching, and the board to offer jobs on.
        let pieces = (me | opp).count();
        let board = self
            .shared
            .jobs
            .filter(|_| pieces >= self.shared.pn_pieces + OFFER_ABOVE_PN_PIECES);
        let mut pending = board.map_or_else(Vec::new, |b| b.among(&self.keys[keys..]));
        // The jobs offered below this node from here on.
        let offers = self.offers.len();
        let result = loop {
            if !pending.is_empty() {
                let stack = &mut self.numbers_stack[base..];
                pending.retain(|(j, job)| match job.state() {
                    JobState::Live => true,
                    JobState::Done(numbers) => {
                        stack[*j] = numbers;
                        false
                    }
                    JobState::Dropped => false,
                });
            }
            // pn: the best child's dn; dn: the children's pn summed, the largest in
            // full and the others by `pn_dn_share` percent. The best and second best
            // are chosen among the children no job is searching.
            let mut pn = INF;
            let mut sum = ChildSum::default();
            let (mut best, mut best_dn, mut second) = (0, INF, INF);
            for (j, &(cpn, cdn)) in self.numbers_stack[base..].iter().enumerate() {
                sum.add(cpn);
                pn = pn.min(cdn);
                if !pending.is_empty() && pending.iter().any(|(i, _)| *i == j) {
                    continue;
                }
                if cdn < best_dn {
                    second = best_dn;
                    best_dn = cdn;
                    best = j;
                } else if cdn < second {
                    second = cdn;
                }
            }
            let dn = sum.disproof(self.shared.pn_dn_share);
            if let Some(root_moves) = root_moves {
                root_moves.set(self.class, pn, dn);
            }
            if pn == 0 || dn == 0 {
                self.shared.table.insert(key, pn == 0);
                break Some(proven(pn == 0));
            }
            if !pending.is_empty() && dn < th_dn && best_dn == INF {
                // Only children that jobs are searching are left.
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
                self.numbers.as_mut().expect("made before the search").set(
                    key,
                    pn,
                    dn,
                    self.entered - entered,
                );
                break Some((pn, dn));
            }
            if let Some(board) = board {
                // The mover probably loses, so every child must be proven: one of them
                // for an idle thread.
                if dn <= pn && board.wants_work() {
                    // Not a child that is the best one turned or mirrored (the replies
                    // to a symmetric opening are), which this node searches itself.
                    let child_keys = &self.keys[keys..];
                    let offer = self.numbers_stack[base..]
                        .iter()
                        .enumerate()
                        .filter(|&(j, &(_, cdn))| {
                            j != best
                                && cdn < INF
                                && child_keys[j] != child_keys[best]
                                && !pending.iter().any(|(i, _)| *i == j)
                        })
                        .max_by_key(|&(j, &(_, cdn))| (cdn, std::cmp::Reverse(j)))
                        .map(|(j, _)| j);
                    if let Some(j) = offer {
                        let (child, key) = (self.children[start + j], child_keys[j]);
                        // What this node would give the child: its proof number may
                        // grow as far as this node's disproof threshold allows.
                        let th_pn = child_threshold(dn, self.numbers_stack[base + j].0, th_dn);
                        let job =
                            board.offer(key, child.me, child.opp, !white, th_pn, self.class());
                        // The job stands for every child of its key.
                        pending.extend(
                            (0..child_keys.len())
                                .filter(|&i| child_keys[i] == key)
                                .map(|i| (i, job.clone())),
                        );
                        self.offers.push(job);
                    }
                }
            }
            let child = self.children[start + best];
            let child_th_pn = child_threshold(dn, self.numbers_stack[base + best].0, th_dn);
            // 1 + ε (docs/proof-search.md, "What each method buys").
            let (num, den) = self.shared.pn_epsilon;
            let stretched = u64::from(second) * (den + num) / den;
            let child_th_dn = th_pn.min((stretched.min(u64::from(INF)) as u32).saturating_add(1));
            self.path[node].active = Some(best);
            let searched = self.mid(child.me, child.opp, !white, child_th_pn, child_th_dn);
            self.path[node].active = None;
            match searched {
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
        self.path.pop();
        self.numbers_stack.truncate(base);
        self.keys.truncate(keys);
        self.children.truncate(start);
        result
    }

    /// Reports the numbers of the root move being searched as they stand now (the
    /// module [`path`]) to the progress display, if it has one.
    pub(super) fn report_live(&self) {
        if let Some(root_moves) = self.shared.root_moves {
            let share = self.shared.pn_dn_share;
            if let Some((pn, dn)) = path::live(&self.path, &self.numbers_stack, share) {
                root_moves.set(self.class, pn, dn);
            }
        }
    }

    /// The root move the current work belongs to: the innermost job's, or this
    /// searcher's own.
    fn class(&self) -> usize {
        self.running.last().map_or(self.class, |job| job.class)
    }

    /// Waits at a node of `pieces` pieces until one of the `pending` jobs is no longer
    /// live, searching open jobs of fewer pieces meanwhile (see the module [`super::jobs`]
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

    /// Searches one open job of fewer than `below` pieces, taken from `board`, or sleeps
    /// a little if there is none; false when the whole search must stop. The caller
    /// counts as idle on the board meanwhile.
    fn help_once(&mut self, board: &JobBoard<W>, below: u32) -> bool {
        match board.take(below) {
            Some(job) => {
                board.set_idle(false);
                let go_on = self.search_job(board, job);
                board.set_idle(true);
                go_on
            }
            None => {
                board.wait();
                true
            }
        }
    }

    /// Searches `job` (taken from `board`) under its proof-number threshold (its
    /// disproof number unbounded) and posts its numbers; false when the whole search
    /// must stop (not only this job).
    fn search_job(&mut self, board: &JobBoard<W>, job: Arc<Job<W>>) -> bool {
        self.running.push(job.clone());
        self.make_numbers();
        let numbers = self.mid(job.me, job.opp, job.white, job.th_pn, INF);
        self.running.pop();
        board.finish(&job, numbers);
        numbers.is_some() || !self.must_stop()
    }

    /// Searches open jobs until `done` says the solve is over (or it must stop).
    pub(crate) fn help_until(&mut self, done: impl Fn() -> bool) {
        let board = self.shared.jobs.expect("helping needs the board");
        board.set_idle(true);
        while !done() && !self.must_stop() && self.help_once(board, u32::MAX) {}
        board.set_idle(false);
        self.flush();
    }
}
