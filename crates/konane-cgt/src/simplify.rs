//! Simplification to canonical form: dominated options removed, reversible options
//! bypassed, until neither applies.

use crate::compare::Pending;
use crate::dyadic::Dyadic;
use crate::error::CgtError;
use crate::table::{sorted, GameId, Games};

impl Games {
    /// The canonical form of `{left | right}`, options canonical and sorted.
    pub(crate) fn canonicalize(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
    ) -> Result<GameId, CgtError> {
        loop {
            if let Some(x) = self.number_between(&left, &right)? {
                return self.number_unchecked(x);
            }
            left = self.undominated(left, true);
            right = self.undominated(right, false);
            let g = Pending {
                left: &left,
                right: &right,
            };
            let mut changed = false;
            let new_left = self.bypassed(&g, true, &mut changed);
            let new_right = self.bypassed(&g, false, &mut changed);
            if !changed {
                return self.intern(left, right);
            }
            left = sorted(new_left);
            right = sorted(new_right);
        }
    }

    /// One side of `g` with its reversible options bypassed: a Left option `a` that
    /// reverses through `a^R <= g` is replaced by the Left options of `a^R`, a Right
    /// option `b` that reverses through `b^L >= g` by the Right options of `b^L`.
    /// Sets `changed` when it bypassed any.
    fn bypassed(&mut self, g: &Pending<'_>, is_left: bool, changed: &mut bool) -> Vec<GameId> {
        let side = if is_left { g.left } else { g.right };
        let mut kept = Vec::with_capacity(side.len());
        for &option in side {
            match self.reversal(option, g, is_left) {
                Some(reply) => {
                    let node = self.node(reply);
                    kept.extend_from_slice(if is_left { &node.left } else { &node.right });
                    *changed = true;
                }
                None => kept.push(option),
            }
        }
        kept
    }

    /// The value of `{left | right}` when every option is a number and each Left one
    /// is below each Right one: the simplest number between.
    fn number_between(
        &self,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<Option<Dyadic>, CgtError> {
        let numbers = |side: &[GameId]| -> Option<Vec<Dyadic>> {
            side.iter().map(|&g| self.as_number(g)).collect()
        };
        let (Some(l), Some(r)) = (numbers(left), numbers(right)) else {
            return Ok(None);
        };
        let (low, high) = (l.into_iter().max(), r.into_iter().min());
        if matches!((low, high), (Some(low), Some(high)) if low >= high) {
            return Ok(None);
        }
        Dyadic::simplest_between(low, high).map(Some)
    }

    /// The options of one side with the dominated ones removed: for Left those below
    /// another Left option, for Right those above another Right option.
    fn undominated(&mut self, side: Vec<GameId>, is_left: bool) -> Vec<GameId> {
        let mut kept = Vec::with_capacity(side.len());
        for &a in &side {
            let dominated = side.iter().any(|&b| {
                b != a
                    && if is_left {
                        self.le(a, b)
                    } else {
                        self.le(b, a)
                    }
            });
            if !dominated {
                kept.push(a);
            }
        }
        kept
    }

    /// The option of `option` that makes it reversible in `g`, if any: for a Left
    /// option some `option^R <= g`, for a Right option some `option^L >= g`.
    fn reversal(&mut self, option: GameId, g: &Pending<'_>, is_left: bool) -> Option<GameId> {
        let count = if is_left {
            self.node(option).right.len()
        } else {
            self.node(option).left.len()
        };
        (0..count).find_map(|i| {
            let node = self.node(option);
            let reply = if is_left { node.right[i] } else { node.left[i] };
            let reverses = if is_left {
                self.le_pending(reply, g)
            } else {
                self.pending_le(g, reply)
            };
            reverses.then_some(reply)
        })
    }
}
