//! Thermography, as in Siegel's *Combinatorial Game Theory* (II.5) and CGSuite: the
//! thermograph of a value (its exact walls, mean and temperature), its stops, and
//! cooling by a temperature. Memoised in the table.
//!
//! The walls of `G` are, for `t >= 0`, `L(t) = max R_{G^L}(t) - t` and
//! `R(t) = min L_{G^R}(t) + t` until they meet, at the temperature, and vertical (the
//! mast, at the mean) from there on; a number `x` has both walls at `x`. The temperature
//! of a number is `-1` for an integer and `-1/2^k` for `m/2^k` (`m` odd, `k >= 1`); that
//! of any other value is at least 0 (0 for an infinitesimal such as `*` or `↑`).

use crate::dyadic::Dyadic;
use crate::error::CgtError;
use crate::table::{GameId, Games};
use crate::wall::{Thermograph, Wall};

impl Games {
    /// The thermograph of `g`. Memoised; the recursion is `birthday(g)` deep.
    /// [`CgtError::NumberOutOfRange`] when a break point is beyond [`Dyadic`]'s range.
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph, CgtError> {
        if let Some(known) = self.thermograph_memo.get(&g) {
            return Ok(known.clone());
        }
        let graph = match self.as_number(g) {
            Some(x) => Thermograph {
                left: Wall::constant(x),
                right: Wall::constant(x),
                temperature: if x.is_integer() {
                    Dyadic::integer(-1)?
                } else {
                    Dyadic::new(-1, x.exponent())?
                },
                mean: x,
            },
            None => self.hot_thermograph(g)?,
        };
        self.thermograph_memo.insert(g, graph.clone());
        Ok(graph)
    }

    /// The thermograph of a value that is not a number: both sides have options.
    fn hot_thermograph(&mut self, g: GameId) -> Result<Thermograph, CgtError> {
        let mut left: Option<Wall> = None;
        for i in 0..self.node(g).left.len() {
            let gl = self.node(g).left[i];
            let wall = self.thermograph(gl)?.right.sheared(-1)?;
            left = Some(match left {
                Some(l) => l.envelope(&wall, true)?,
                None => wall,
            });
        }
        let mut right: Option<Wall> = None;
        for i in 0..self.node(g).right.len() {
            let gr = self.node(g).right[i];
            let wall = self.thermograph(gr)?.left.sheared(1)?;
            right = Some(match right {
                Some(r) => r.envelope(&wall, false)?,
                None => wall,
            });
        }
        let (left, right) = left
            .zip(right)
            .expect("a value that is not a number has options on both sides");
        // The Left wall falls with slope -1 and the Right one rises with slope 1 once
        // past every break point, so they meet.
        let temperature = left
            .meets(&right)?
            .expect("the walls of a value that is not a number meet");
        let mean = left.at(temperature)?;
        Ok(Thermograph {
            left: left.frozen(temperature, mean),
            right: right.frozen(temperature, mean),
            temperature,
            mean,
        })
    }

    /// The mean of `g` ([`Games::thermograph`]).
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic, CgtError> {
        Ok(self.thermograph(g)?.mean)
    }

    /// The temperature of `g` ([`Games::thermograph`]).
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic, CgtError> {
        Ok(self.thermograph(g)?.temperature)
    }

    /// The Left and Right stops of `g`: the number play stops at when Left, or Right,
    /// moves first and both stop once it is a number (the walls at `t = 0`).
    pub fn stops(&mut self, g: GameId) -> Result<(Dyadic, Dyadic), CgtError> {
        let graph = self.thermograph(g)?;
        Ok((graph.left.start(), graph.right.start()))
    }

    /// `g` cooled by `t >= 0`: a number is itself; any other value is its mean when `t`
    /// exceeds its temperature, else `{G^L_t - t | G^R_t + t}` (so `±1` cooled by 1 is
    /// `*`). [`CgtError::NegativeCooling`] for `t < 0`; the errors of
    /// [`Games::add`] and [`Games::game`] when the result is too large. Memoised.
    pub fn cool(&mut self, g: GameId, t: Dyadic) -> Result<GameId, CgtError> {
        if t < Dyadic::ZERO {
            return Err(CgtError::NegativeCooling(t.to_string()));
        }
        if self.as_number(g).is_some() {
            return Ok(g);
        }
        if let Some(&known) = self.cool_memo.get(&(g, t)) {
            return Ok(known);
        }
        let graph = self.thermograph(g)?;
        let cooled = if t > graph.temperature {
            self.number(graph.mean)?
        } else {
            let plus_t = self.number(t)?;
            let minus_t = self.number(-t)?;
            let mut left = Vec::with_capacity(self.node(g).left.len());
            for i in 0..self.node(g).left.len() {
                let gl = self.node(g).left[i];
                let cooled = self.cool(gl, t)?;
                left.push(self.add(cooled, minus_t)?);
            }
            let mut right = Vec::with_capacity(self.node(g).right.len());
            for i in 0..self.node(g).right.len() {
                let gr = self.node(g).right[i];
                let cooled = self.cool(gr, t)?;
                right.push(self.add(cooled, plus_t)?);
            }
            self.game(&left, &right)?
        };
        self.cool_memo.insert((g, t), cooled);
        Ok(cooled)
    }
}
