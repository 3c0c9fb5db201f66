//! A node's disproof number from its children's proof numbers, and how far a child's
//! proof number may grow before the search returns to the node.
//!
//! Plain df-pn sums the children's proof numbers: to disprove the node, every child
//! must be proven. Where the children's subtrees share positions (transpositions,
//! which Konane has in plenty: two jumps far apart reach one position in either
//! order) the sum counts the shared work once per child and overstates it. The damped
//! sum counts the largest child in full and the others by `share` percent: `max +
//! share% of (sum - max)`, 100 being the plain sum. It is 0 exactly when every
//! child's proof number is 0, never above the plain sum, and never falls when a
//! child's number rises; a number only steers the search (docs/proof-search.md, "The
//! damped disproof sum").

use super::INF;

/// The proof numbers of a node's children, summed as they are read.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ChildSum {
    /// The plain sum.
    sum: u64,
    /// The largest proof number.
    top: u64,
}

impl ChildSum {
    /// Counts a child's proof number.
    #[inline(always)]
    pub fn add(&mut self, pn: u32) {
        let pn = u64::from(pn);
        self.sum += pn;
        self.top = self.top.max(pn);
    }

    /// The node's disproof number: the largest proof number plus `share` percent of
    /// the others', below `INF`.
    #[inline(always)]
    pub fn disproof(&self, share: u32) -> u32 {
        let rest = (self.sum - self.top) * u64::from(share) / 100;
        (self.top + rest).min(u64::from(INF - 1)) as u32
    }
}

/// The proof number a child (now at `pn`) may reach before the search returns to its
/// node, whose disproof number is `dn` and threshold `th_dn`: `th_dn - dn + pn`, as
/// in plain df-pn. The damped sum rises by at most as much as the child's number (by
/// as much for the largest child, by `share` percent for the others), so the child
/// returns before the node's disproof number passes its threshold, and the node
/// chooses again. Measured, this beats letting a child go on until the node's damped
/// sum reaches `th_dn` (docs/proof-search.md, "The damped disproof sum").
#[inline(always)]
pub(super) fn child_threshold(dn: u32, pn: u32, th_dn: u32) -> u32 {
    (th_dn - dn).saturating_add(pn).min(INF)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    fn disproof(pns: &[u32], share: u32) -> u32 {
        let mut sum = ChildSum::default();
        for &pn in pns {
            sum.add(pn);
        }
        sum.disproof(share)
    }

    #[test]
    fn the_full_share_is_the_plain_sum() {
        assert_eq!(disproof(&[3, 9, 1, 4], 100), 17);
        assert_eq!(disproof(&[INF, 5], 100), INF - 1);
    }

    #[test]
    fn the_damped_sum_counts_the_largest_in_full() {
        assert_eq!(disproof(&[3, 9, 1, 4], 60), 9 + 8 * 60 / 100);
        assert_eq!(disproof(&[3, 9, 1, 4], 0), 9);
        assert_eq!(disproof(&[INF, 5], 60), INF - 1);
    }

    /// The damped sum is 0 exactly when every child's proof number is 0, at most the
    /// plain sum, and never falls when a child's number rises; a child searched up to
    /// its threshold leaves the node below its own threshold, and with the full share
    /// it takes the node exactly to it.
    #[test]
    fn the_damped_sum_keeps_what_df_pn_relies_on() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(49);
        for _ in 0..20_000 {
            let children = rng.gen_range(1..6);
            let mut pns: Vec<u32> = (0..children).map(|_| rng.gen_range(0..40)).collect();
            let share = [0, 1, 25, 50, 60, 75, 99, 100][rng.gen_range(0..8)];
            let dn = disproof(&pns, share);
            assert_eq!(dn == 0, pns.iter().all(|&pn| pn == 0), "{pns:?} {share}");
            assert!(dn <= disproof(&pns, 100), "{pns:?} {share}");
            let j = rng.gen_range(0..children);
            let th_dn = dn + rng.gen_range(1..60);
            let threshold = child_threshold(dn, pns[j], th_dn);
            assert!(threshold > pns[j]);
            let mut last = dn;
            for x in pns[j]..threshold {
                pns[j] = x;
                let raised = disproof(&pns, share);
                assert!(raised >= last && raised < th_dn, "{pns:?} {share} {th_dn}");
                last = raised;
            }
            pns[j] = threshold;
            let reached = disproof(&pns, share);
            assert!(reached >= last && reached <= th_dn);
            if share == 100 {
                assert_eq!(reached, th_dn);
            }
        }
    }
}
