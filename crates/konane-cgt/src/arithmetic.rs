//! Sums and negation of values, memoised.

use crate::error::CgtError;
use crate::table::{check_birthday, sorted, GameId, Games};

impl Games {
    /// `g + h`, the disjunctive sum: each move is a move in one of the two.
    /// [`CgtError::TooDeep`] when `birthday(g) + birthday(h)` exceeds
    /// [`MAX_BIRTHDAY`](crate::MAX_BIRTHDAY), which bounds the birthday of the sum.
    /// Memoised; the work is at most proportional to the number of pairs of
    /// subpositions of `g` and `h`.
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        check_birthday(u64::from(self.birthday(g)) + u64::from(self.birthday(h)))?;
        self.add_unchecked(g, h)
    }

    /// The sum of all the values (zero for none), added from the first.
    pub fn sum(&mut self, values: &[GameId]) -> Result<GameId, CgtError> {
        values
            .iter()
            .try_fold(self.zero(), |total, &g| self.add(total, g))
    }

    /// `g - h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        let minus_h = self.neg(h)?;
        self.add(g, minus_h)
    }

    fn add_unchecked(&mut self, g: GameId, h: GameId) -> Result<GameId, CgtError> {
        let zero = self.zero();
        if g == zero {
            return Ok(h);
        }
        if h == zero {
            return Ok(g);
        }
        let key = (g.min(h), g.max(h));
        if let Some(&known) = self.sum_memo.get(&key) {
            return Ok(known);
        }
        let sum = match (self.as_number(g), self.as_number(h)) {
            (Some(x), Some(y)) => self.number_unchecked(x.checked_add(y)?)?,
            // A number is never worth moving in while the other part is not a number
            // (number avoidance): x + G = {x + G^L | x + G^R}.
            (Some(_), None) => self.translate(g, h)?,
            (None, Some(_)) => self.translate(h, g)?,
            (None, None) => {
                let mut left = Vec::new();
                let mut right = Vec::new();
                for (a, b) in [(g, h), (h, g)] {
                    for i in 0..self.node(a).left.len() {
                        let al = self.node(a).left[i];
                        left.push(self.add_unchecked(al, b)?);
                    }
                    for i in 0..self.node(a).right.len() {
                        let ar = self.node(a).right[i];
                        right.push(self.add_unchecked(ar, b)?);
                    }
                }
                self.canonicalize(sorted(left), sorted(right))?
            }
        };
        self.sum_memo.insert(key, sum);
        Ok(sum)
    }

    /// `x + g` for a number `x` and a `g` that is not a number.
    fn translate(&mut self, x: GameId, g: GameId) -> Result<GameId, CgtError> {
        let mut left = Vec::with_capacity(self.node(g).left.len());
        for i in 0..self.node(g).left.len() {
            let gl = self.node(g).left[i];
            left.push(self.add_unchecked(x, gl)?);
        }
        let mut right = Vec::with_capacity(self.node(g).right.len());
        for i in 0..self.node(g).right.len() {
            let gr = self.node(g).right[i];
            right.push(self.add_unchecked(x, gr)?);
        }
        self.canonicalize(sorted(left), sorted(right))
    }

    /// `-g`: the roles of Left and Right swapped. Memoised; the recursion is
    /// `birthday(g)` deep.
    /// [`CgtError::TableFull`] is its only error.
    pub fn neg(&mut self, g: GameId) -> Result<GameId, CgtError> {
        if let Some(&known) = self.neg_memo.get(&g) {
            return Ok(known);
        }
        let mut left = Vec::with_capacity(self.node(g).right.len());
        for i in 0..self.node(g).right.len() {
            let gr = self.node(g).right[i];
            left.push(self.neg(gr)?);
        }
        let mut right = Vec::with_capacity(self.node(g).left.len());
        for i in 0..self.node(g).left.len() {
            let gl = self.node(g).left[i];
            right.push(self.neg(gl)?);
        }
        // The negation of a canonical form is canonical.
        let minus = self.intern(left, right)?;
        self.neg_memo.insert(g, minus);
        self.neg_memo.insert(minus, g);
        Ok(minus)
    }
}
