//! The walls of thermographs: exact continuous piecewise-linear functions of the
//! temperature `t >= 0` whose pieces have slope -1, 0 or 1, with dyadic break points,
//! and what thermography does with them (shear by `t`, pointwise maximum and minimum,
//! where two walls meet, freezing into a mast), and the thermograph two of them make.

use crate::dyadic::Dyadic;
use crate::error::CgtError;

/// One linear piece: from temperature `from` on (up to the next piece), the value
/// `value + slope * (t - from)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Piece {
    from: Dyadic,
    value: Dyadic,
    slope: i8,
}

impl Piece {
    fn at(self, t: Dyadic) -> Result<Dyadic, CgtError> {
        let run = t.checked_sub(self.from)?;
        match self.slope {
            0 => Ok(self.value),
            1 => self.value.checked_add(run),
            _ => self.value.checked_sub(run),
        }
    }
}

/// A wall of a thermograph: a continuous piecewise-linear function of the temperature
/// `t >= 0`, exact, with dyadic break points and slopes -1, 0 or 1. The walls of a
/// [`Thermograph`](crate::Thermograph) end in a vertical mast: constant from the
/// temperature on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Wall {
    /// Sorted by `from`, the first from 0; neighbours differ in slope.
    pieces: Vec<Piece>,
}

impl Wall {
    /// The constant function `x`.
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                from: Dyadic::ZERO,
                value: x,
                slope: 0,
            }],
        }
    }

    /// The value at temperature `t >= 0` ([`CgtError::NumberOutOfRange`] only when the
    /// value is beyond the range of [`Dyadic`]).
    pub fn at(&self, t: Dyadic) -> Result<Dyadic, CgtError> {
        self.piece_at(t).at(t)
    }

    /// The value at `t = 0`: for a thermograph's wall, a stop.
    pub fn start(&self) -> Dyadic {
        self.pieces[0].value
    }

    /// The break points `(t, value)`: the wall is linear between neighbours, starts at
    /// the first (`t = 0`) and goes on from the last with slope [`Wall::final_slope`].
    pub fn points(&self) -> Vec<(Dyadic, Dyadic)> {
        self.pieces.iter().map(|p| (p.from, p.value)).collect()
    }

    /// The slope after the last break point: 0 for the walls of a thermograph.
    pub fn final_slope(&self) -> i8 {
        self.pieces.last().map_or(0, |p| p.slope)
    }

    fn piece_at(&self, t: Dyadic) -> Piece {
        let i = self.pieces.partition_point(|p| p.from <= t);
        self.pieces[i.saturating_sub(1)]
    }

    /// `f(t) + delta * t` (`delta` -1 or 1), for slopes that stay within -1..=1.
    pub(crate) fn sheared(&self, delta: i8) -> Result<Wall, CgtError> {
        let pieces = self
            .pieces
            .iter()
            .map(|p| {
                let value = if delta > 0 {
                    p.value.checked_add(p.from)?
                } else {
                    p.value.checked_sub(p.from)?
                };
                Ok(Piece {
                    from: p.from,
                    value,
                    slope: p.slope + delta,
                })
            })
            .collect::<Result<_, CgtError>>()?;
        Ok(Wall { pieces })
    }

    /// The pointwise maximum (`upper`) or minimum of two walls.
    pub(crate) fn envelope(&self, other: &Wall, upper: bool) -> Result<Wall, CgtError> {
        let starts = merged_starts(self, other);
        let mut pieces = Vec::with_capacity(starts.len() + 2);
        for (i, &s) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied();
            let (a, b) = (self.piece_at(s), other.piece_at(s));
            let (va, vb) = (a.at(s)?, b.at(s)?);
            // The winner at s (on a tie, the one that wins just after s), then the
            // loser if it overtakes before the next break point.
            let a_wins = if upper {
                (va, a.slope) >= (vb, b.slope)
            } else {
                (va, a.slope) <= (vb, b.slope)
            };
            let (win, lose, v_win, v_lose) = if a_wins {
                (a, b, va, vb)
            } else {
                (b, a, vb, va)
            };
            pieces.push(Piece {
                from: s,
                value: v_win,
                slope: win.slope,
            });
            let overtakes = if upper {
                lose.slope > win.slope
            } else {
                lose.slope < win.slope
            };
            if overtakes && v_win != v_lose {
                let gap = v_win.checked_sub(v_lose)?;
                let run = match (lose.slope - win.slope).abs() {
                    1 => gap,
                    _ => gap.half()?,
                };
                let run = if upper { run } else { -run };
                let cross = s.checked_add(run)?;
                if end.is_none_or(|e| cross < e) {
                    pieces.push(Piece {
                        from: cross,
                        value: win.at(cross)?,
                        slope: lose.slope,
                    });
                }
            }
        }
        Ok(Wall::normalised(pieces))
    }

    /// The least `t >= 0` where `self` (a Left wall) is at or left of, that is at most,
    /// `right`; `None` when it never is.
    pub(crate) fn meets(&self, right: &Wall) -> Result<Option<Dyadic>, CgtError> {
        let starts = merged_starts(self, right);
        for (i, &s) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied();
            let (l, r) = (self.piece_at(s), right.piece_at(s));
            let gap = l.at(s)?.checked_sub(r.at(s)?)?;
            if gap <= Dyadic::ZERO {
                return Ok(Some(s));
            }
            let closing = r.slope - l.slope;
            if closing > 0 {
                let run = if closing == 1 { gap } else { gap.half()? };
                let meet = s.checked_add(run)?;
                if end.is_none_or(|e| meet < e) {
                    return Ok(Some(meet));
                }
            }
        }
        Ok(None)
    }

    /// The wall up to `t`, then constant at `mast` (its value at `t`): the mast of a
    /// thermograph.
    pub(crate) fn frozen(&self, t: Dyadic, mast: Dyadic) -> Wall {
        let mut pieces: Vec<Piece> = self.pieces.iter().filter(|p| p.from < t).copied().collect();
        pieces.push(Piece {
            from: t,
            value: mast,
            slope: 0,
        });
        Wall::normalised(pieces)
    }

    /// The pieces with each one that continues its predecessor's line merged into it.
    fn normalised(pieces: Vec<Piece>) -> Wall {
        let mut kept: Vec<Piece> = Vec::with_capacity(pieces.len());
        for p in pieces {
            match kept.last() {
                Some(last) if last.slope == p.slope => {}
                _ => kept.push(p),
            }
        }
        Wall { pieces: kept }
    }
}

/// The break points of both walls, sorted, each once.
fn merged_starts(a: &Wall, b: &Wall) -> Vec<Dyadic> {
    let mut starts: Vec<Dyadic> = a.pieces.iter().chain(&b.pieces).map(|p| p.from).collect();
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// The thermograph of a value: its Left and Right walls, which meet at the
/// temperature, and the mean, where they then stand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermograph {
    pub(crate) left: Wall,
    pub(crate) right: Wall,
    pub(crate) temperature: Dyadic,
    pub(crate) mean: Dyadic,
}

impl Thermograph {
    /// The Left wall (the larger values): at `t = 0` the Left stop.
    pub fn left(&self) -> &Wall {
        &self.left
    }

    /// The Right wall: at `t = 0` the Right stop.
    pub fn right(&self) -> &Wall {
        &self.right
    }

    /// The temperature: where the walls meet; for a number `-1` (integers) or `-1/2^k`.
    pub fn temperature(&self) -> Dyadic {
        self.temperature
    }

    /// The mean: the number the walls meet at, which the value cools to.
    pub fn mean(&self) -> Dyadic {
        self.mean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, k: u32) -> Dyadic {
        Dyadic::new(n, k).unwrap()
    }

    #[test]
    fn envelopes_meet_and_freeze() {
        // 3 - t and 1 + 0t: the maximum is 3 - t until t = 2, then 1.
        let a = Wall::constant(d(3, 0)).sheared(-1).unwrap();
        let b = Wall::constant(d(1, 0));
        let upper = a.envelope(&b, true).unwrap();
        assert_eq!(upper.points(), vec![(d(0, 0), d(3, 0)), (d(2, 0), d(1, 0))]);
        assert_eq!(upper.final_slope(), 0);
        let lower = a.envelope(&b, false).unwrap();
        assert_eq!(lower.points(), vec![(d(0, 0), d(1, 0)), (d(2, 0), d(1, 0))]);
        assert_eq!(lower.final_slope(), -1);
        assert_eq!(lower.at(d(5, 1)).unwrap(), d(1, 1));
        // On a tie the envelope follows the wall that wins just after: min(t, 0) is 0.
        let rising = Wall::constant(d(0, 0)).sheared(1).unwrap();
        let zero = Wall::constant(d(0, 0));
        assert_eq!(rising.envelope(&zero, false).unwrap(), zero);
        assert_eq!(rising.envelope(&zero, true).unwrap(), rising);
        // 3 - t meets -2 + t at t = 5/2.
        let right = Wall::constant(d(-2, 0)).sheared(1).unwrap();
        assert_eq!(a.meets(&right).unwrap(), Some(d(5, 1)));
        let frozen = a.frozen(d(5, 1), d(1, 1));
        assert_eq!(
            frozen.points(),
            vec![(d(0, 0), d(3, 0)), (d(5, 1), d(1, 1))]
        );
        assert_eq!(frozen.final_slope(), 0);
        // Parallel walls apart never meet; walls that start together meet at 0.
        assert_eq!(b.meets(&Wall::constant(d(0, 0))).unwrap(), None);
        assert_eq!(b.meets(&b).unwrap(), Some(d(0, 0)));
    }
}
