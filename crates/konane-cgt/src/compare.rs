//! Comparison of values (`<=`, `>=`, `=`, confused with) and outcome classes, with a
//! memo table; and the comparison of a value with a game that is not yet canonical,
//! which simplification needs.

use std::cmp::Ordering;
use std::fmt;

use crate::table::{GameId, Games};

/// Who wins a game, whoever starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins, whoever starts (`G > 0`).
    Left,
    /// Right wins, whoever starts (`G < 0`).
    Right,
    /// The player to move wins (`G || 0`, confused with zero).
    Next,
    /// The player to move loses (`G = 0`).
    Previous,
}

/// `L`, `R`, `N` or `P`.
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::Left => "L",
            Outcome::Right => "R",
            Outcome::Next => "N",
            Outcome::Previous => "P",
        })
    }
}

/// A game given by its options (each canonical), not itself in the table.
pub(crate) struct Pending<'a> {
    pub(crate) left: &'a [GameId],
    pub(crate) right: &'a [GameId],
}

impl Games {
    /// `g <= h`, that is `h - g >= 0`: Left wins `h - g` when Right starts.
    /// Memoised; the recursion is at most `birthday(g) + birthday(h)` deep.
    pub fn le(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            return x <= y;
        }
        if let Some(&known) = self.le_memo.get(&(g, h)) {
            return known;
        }
        // g <= h unless some g^L >= h or some h^R <= g.
        let mut result = true;
        for i in 0..self.node(g).left.len() {
            let gl = self.node(g).left[i];
            if self.le(h, gl) {
                result = false;
                break;
            }
        }
        if result {
            for i in 0..self.node(h).right.len() {
                let hr = self.node(h).right[i];
                if self.le(hr, g) {
                    result = false;
                    break;
                }
            }
        }
        self.le_memo.insert((g, h), result);
        result
    }

    /// `g >= h`.
    pub fn ge(&mut self, g: GameId, h: GameId) -> bool {
        self.le(h, g)
    }

    /// `g < h`.
    pub fn lt(&mut self, g: GameId, h: GameId) -> bool {
        g != h && self.le(g, h)
    }

    /// `g > h`.
    pub fn gt(&mut self, g: GameId, h: GameId) -> bool {
        self.lt(h, g)
    }

    /// `g || h`: neither `g <= h` nor `g >= h`.
    pub fn confused(&mut self, g: GameId, h: GameId) -> bool {
        self.compare(g, h).is_none()
    }

    /// The order of `g` and `h`, `None` when they are confused. Equal values have
    /// equal ids, so `Some(Equal)` exactly when `g == h`.
    pub fn compare(&mut self, g: GameId, h: GameId) -> Option<Ordering> {
        if g == h {
            Some(Ordering::Equal)
        } else if self.le(g, h) {
            Some(Ordering::Less)
        } else if self.le(h, g) {
            Some(Ordering::Greater)
        } else {
            None
        }
    }

    /// Who wins `g`, whoever starts.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let zero = self.zero();
        match (self.le(zero, g), self.le(g, zero)) {
            (true, true) => Outcome::Previous,
            (true, false) => Outcome::Left,
            (false, true) => Outcome::Right,
            (false, false) => Outcome::Next,
        }
    }

    /// Whether Left wins `g` moving first (`g |> 0`: not `g <= 0`).
    pub fn left_wins_moving_first(&mut self, g: GameId) -> bool {
        let zero = self.zero();
        !self.le(g, zero)
    }

    /// Whether Right wins `g` moving first (`g <| 0`: not `g >= 0`).
    pub fn right_wins_moving_first(&mut self, g: GameId) -> bool {
        let zero = self.zero();
        !self.le(zero, g)
    }

    /// `x <= p` for a pending game `p`; the recursion is on `x` only.
    pub(crate) fn le_pending(&mut self, x: GameId, p: &Pending<'_>) -> bool {
        // x <= p unless some p^R <= x or some x^L >= p.
        if p.right.iter().any(|&pr| self.le(pr, x)) {
            return false;
        }
        for i in 0..self.node(x).left.len() {
            let xl = self.node(x).left[i];
            if self.pending_le(p, xl) {
                return false;
            }
        }
        true
    }

    /// `p <= x` for a pending game `p`; the recursion is on `x` only.
    pub(crate) fn pending_le(&mut self, p: &Pending<'_>, x: GameId) -> bool {
        // p <= x unless some p^L >= x or some x^R <= p.
        if p.left.iter().any(|&pl| self.le(x, pl)) {
            return false;
        }
        for i in 0..self.node(x).right.len() {
            let xr = self.node(x).right[i];
            if self.le_pending(xr, p) {
                return false;
            }
        }
        true
    }
}
