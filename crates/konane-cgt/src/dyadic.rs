//! Dyadic rationals `m / 2^k`, the values of numbers among short games: exact
//! arithmetic within fixed bounds, order, birthdays, the simplest number between two
//! others, and the text form (`3`, `-3/4`).

use std::cmp::Ordering;
use std::fmt;

use crate::error::CgtError;

/// The largest exponent `k` of a denominator `2^k` a [`Dyadic`] may have.
pub const MAX_EXPONENT: u32 = 62;

/// A bound on the magnitude of a [`Dyadic`]: every value lies strictly between
/// `-MAX_MAGNITUDE` and `MAX_MAGNITUDE`.
pub const MAX_MAGNITUDE: i128 = 1 << 32;

/// An exact dyadic rational `numerator / 2^exponent`, always reduced (the numerator is
/// odd whenever the exponent is positive), with `exponent <= MAX_EXPONENT` and a
/// magnitude below [`MAX_MAGNITUDE`]. Equal values are equal structs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Dyadic {
    numerator: i128,
    exponent: u32,
}

impl Dyadic {
    /// Zero.
    pub const ZERO: Dyadic = Dyadic {
        numerator: 0,
        exponent: 0,
    };

    /// The integer `n`, or [`CgtError::NumberOutOfRange`] when `|n| >= 2^32`.
    pub fn integer(n: i64) -> Result<Dyadic, CgtError> {
        Dyadic::new(i128::from(n), 0)
    }

    /// `numerator / 2^exponent`, reduced; [`CgtError::NumberOutOfRange`] when the
    /// reduced exponent exceeds [`MAX_EXPONENT`] or the magnitude reaches
    /// [`MAX_MAGNITUDE`].
    pub fn new(mut numerator: i128, mut exponent: u32) -> Result<Dyadic, CgtError> {
        if numerator == 0 {
            return Ok(Dyadic::ZERO);
        }
        let twos = numerator.trailing_zeros().min(exponent);
        numerator >>= twos;
        exponent -= twos;
        if exponent > MAX_EXPONENT || numerator.unsigned_abs() >> exponent >= MAX_MAGNITUDE as u128
        {
            return Err(CgtError::NumberOutOfRange);
        }
        Ok(Dyadic {
            numerator,
            exponent,
        })
    }

    /// The numerator of the reduced fraction.
    pub fn numerator(self) -> i128 {
        self.numerator
    }

    /// The exponent `k` of the reduced denominator `2^k`.
    pub fn exponent(self) -> u32 {
        self.exponent
    }

    /// Whether this is an integer.
    pub fn is_integer(self) -> bool {
        self.exponent == 0
    }

    /// The numerator over the denominator `2^exponent` (`exponent >= self.exponent`).
    fn scaled(self, exponent: u32) -> i128 {
        self.numerator << (exponent - self.exponent)
    }

    /// The exact sum, or [`CgtError::NumberOutOfRange`].
    pub fn checked_add(self, other: Dyadic) -> Result<Dyadic, CgtError> {
        let exponent = self.exponent.max(other.exponent);
        Dyadic::new(self.scaled(exponent) + other.scaled(exponent), exponent)
    }

    /// The exact difference, or [`CgtError::NumberOutOfRange`].
    pub fn checked_sub(self, other: Dyadic) -> Result<Dyadic, CgtError> {
        self.checked_add(-other)
    }

    /// Half this value, or [`CgtError::NumberOutOfRange`] when the denominator would
    /// pass `2^MAX_EXPONENT`.
    pub fn half(self) -> Result<Dyadic, CgtError> {
        Dyadic::new(self.numerator, self.exponent + 1)
    }

    /// The value as an `f64`, rounded when the numerator has more than 53 bits (for
    /// drawing, not for arithmetic).
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / (self.exponent as f64).exp2()
    }

    /// The largest integer at most this value.
    pub fn floor(self) -> i128 {
        self.numerator >> self.exponent
    }

    /// The smallest integer at least this value.
    pub fn ceil(self) -> i128 {
        -((-self).floor())
    }

    /// The day this number is born on: `|n|` for an integer `n`, `floor(|x|) + k + 1`
    /// for `x = m / 2^k` with `k >= 1`.
    pub fn birthday(self) -> u32 {
        let whole = (self.numerator.unsigned_abs() >> self.exponent) as u32;
        if self.exponent == 0 {
            whole
        } else {
            whole + self.exponent + 1
        }
    }

    /// The simplest number strictly between `low` and `high` (an absent bound is no
    /// bound): the one with the earliest birthday, which is unique. `low < high` when
    /// both are present.
    pub fn simplest_between(low: Option<Dyadic>, high: Option<Dyadic>) -> Result<Dyadic, CgtError> {
        let above_low = |n: i128| low.is_none_or(|l| Dyadic::from_int(n) > l);
        let below_high = |n: i128| high.is_none_or(|h| Dyadic::from_int(n) < h);
        if above_low(0) && below_high(0) {
            return Ok(Dyadic::ZERO);
        }
        // Zero is excluded, so the interval lies on one side of it; the integer closest
        // to zero inside it, if any, is the simplest.
        let candidate = match (low, high) {
            (Some(l), _) if l >= Dyadic::ZERO => l.floor() + 1,
            (_, Some(h)) => h.ceil() - 1,
            (Some(l), None) => l.floor() + 1,
            (None, None) => 0,
        };
        if above_low(candidate) && below_high(candidate) {
            return Dyadic::new(candidate, 0);
        }
        // No integer inside: both bounds are present and within one unit; the
        // simplest number has the smallest denominator that fits.
        let (Some(l), Some(h)) = (low, high) else {
            return Err(CgtError::NumberOutOfRange);
        };
        for exponent in 1..=MAX_EXPONENT {
            let m =
                (l.scaled(exponent.max(l.exponent)) >> (exponent.max(l.exponent) - exponent)) + 1;
            let x = Dyadic::new(m, exponent)?;
            if x > l && x < h {
                return Ok(x);
            }
        }
        Err(CgtError::NumberOutOfRange)
    }

    fn from_int(n: i128) -> Dyadic {
        Dyadic {
            numerator: n,
            exponent: 0,
        }
    }
}

/// The negation (always in range).
impl std::ops::Neg for Dyadic {
    type Output = Dyadic;

    fn neg(self) -> Dyadic {
        Dyadic {
            numerator: -self.numerator,
            exponent: self.exponent,
        }
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        let exponent = self.exponent.max(other.exponent);
        self.scaled(exponent).cmp(&other.scaled(exponent))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// `3`, `-3/4`: the integer, or the reduced fraction with its power-of-two denominator.
impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exponent == 0 {
            write!(f, "{}", self.numerator)
        } else {
            write!(f, "{}/{}", self.numerator, 1u64 << self.exponent)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i128, k: u32) -> Dyadic {
        Dyadic::new(n, k).unwrap()
    }

    #[test]
    fn reduces_and_orders() {
        assert_eq!(d(2, 2), d(1, 1));
        assert_eq!(d(4, 2), d(1, 0));
        assert!(d(-3, 2) < d(-1, 1));
        assert_eq!(d(-3, 2).to_string(), "-3/4");
        assert_eq!(d(-3, 2).floor(), -1);
        assert_eq!(d(-3, 2).ceil(), 0);
        assert_eq!(d(3, 1).checked_add(d(1, 1)).unwrap(), d(2, 0));
        assert_eq!(d(3, 1).checked_sub(d(1, 2)).unwrap(), d(5, 2));
        assert_eq!(d(-3, 1).half().unwrap(), d(-3, 2));
        assert_eq!(d(-3, 2).to_f64(), -0.75);
        assert_eq!(d(4, 0).half().unwrap(), d(2, 0));
        assert!(d(1, MAX_EXPONENT).half().is_err());
        assert!(Dyadic::new(1, MAX_EXPONENT + 1).is_err());
        assert!(Dyadic::integer(1 << 32).is_err());
        assert!(Dyadic::integer((1 << 32) - 1).is_ok());
    }

    #[test]
    fn birthdays() {
        assert_eq!(d(0, 0).birthday(), 0);
        assert_eq!(d(-3, 0).birthday(), 3);
        assert_eq!(d(1, 1).birthday(), 2);
        assert_eq!(d(-3, 2).birthday(), 3);
        assert_eq!(d(5, 2).birthday(), 4);
    }

    #[test]
    fn simplest_numbers() {
        let s = |l: Option<Dyadic>, h: Option<Dyadic>| Dyadic::simplest_between(l, h).unwrap();
        assert_eq!(s(None, None), d(0, 0));
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(Some(d(3, 1)), None), d(2, 0));
        assert_eq!(s(None, Some(d(-2, 0))), d(-3, 0));
        assert_eq!(s(Some(d(-5, 0)), Some(d(7, 1))), d(0, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(1, 0)), Some(d(4, 0))), d(2, 0));
        assert_eq!(s(Some(d(-1, 0)), Some(d(-1, 1))), d(-3, 2));
        assert_eq!(s(Some(d(-5, 2)), Some(d(-1, 0))), d(-9, 3));
    }
}
