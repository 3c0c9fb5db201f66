//! Recognising the values that have a short name, `x + n·↑ + *k` (numbers, nimbers,
//! `x*`, `↑`, `2↑*`, `1/2↓`, ...), from the names of a canonical form's options.

use crate::dyadic::Dyadic;
use crate::error::CgtError;

/// A value `number + ups·↑ + *star`: a number when `ups` and `star` are 0, a nimber
/// when `number` and `ups` are 0. Only canonical forms of the shapes below get one:
/// `x + *k` for any `k`, and `x + n·↑` and `x + n·↑ + *` for any `n`
/// (`star` is then 0 or 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UpStar {
    /// The number part `x`.
    pub number: Dyadic,
    /// How many `↑` (negative: `↓`).
    pub ups: i32,
    /// The nimber part `k` of `*k`.
    pub star: u32,
}

impl UpStar {
    /// The value of a number.
    pub fn number(number: Dyadic) -> UpStar {
        UpStar {
            number,
            ups: 0,
            star: 0,
        }
    }

    /// The number, when this is one.
    pub fn as_number(self) -> Option<Dyadic> {
        (self.ups == 0 && self.star == 0).then_some(self.number)
    }

    fn with(self, ups: i32, star: u32) -> UpStar {
        UpStar {
            number: self.number,
            ups,
            star,
        }
    }
}

/// The name of the canonical form `{left | right}`, given the names of its options
/// (`None` for an option without one); `None` when it has no short name.
pub(crate) fn classify(
    left: &[Option<UpStar>],
    right: &[Option<UpStar>],
) -> Result<Option<UpStar>, CgtError> {
    let numbers = |side: &[Option<UpStar>]| -> Option<Vec<Dyadic>> {
        side.iter().map(|o| o.and_then(UpStar::as_number)).collect()
    };
    if let (Some(l), Some(r)) = (numbers(left), numbers(right)) {
        let low = l.iter().max().copied();
        let high = r.iter().min().copied();
        let is_number = match (low, high) {
            (Some(low), Some(high)) => low < high,
            _ => true,
        };
        if is_number {
            return Ok(Some(UpStar::number(Dyadic::simplest_between(low, high)?)));
        }
    }
    let named = |side: &[Option<UpStar>]| -> Option<Vec<UpStar>> { side.iter().copied().collect() };
    let (Some(left), Some(right)) = (named(left), named(right)) else {
        return Ok(None);
    };
    Ok(star_shape(&left, &right).or_else(|| up_shape(&left, &right)))
}

/// `x + *k = {x, x*, ..., x*(k-1) | x, x*, ..., x*(k-1)}`.
fn star_shape(left: &[UpStar], right: &[UpStar]) -> Option<UpStar> {
    let first = *left.first()?;
    let stars = |side: &[UpStar]| -> Option<Vec<u32>> {
        let mut stars: Vec<u32> = side
            .iter()
            .map(|u| (u.number == first.number && u.ups == 0).then_some(u.star))
            .collect::<Option<_>>()?;
        stars.sort_unstable();
        stars
            .iter()
            .enumerate()
            .all(|(i, &s)| s as usize == i)
            .then_some(stars)
    };
    let k = stars(left)?.len();
    (stars(right)?.len() == k).then(|| first.with(0, k as u32))
}

/// `x + ↑ = {x | x*}`, `x + ↑* = {x, x* | x}`, and for `n >= 1`
/// `x + (n+1)·↑ = {x | x + n·↑ + *}`, `x + (n+1)·↑ + * = {x | x + n·↑}`; the negatives
/// mirrored.
fn up_shape(left: &[UpStar], right: &[UpStar]) -> Option<UpStar> {
    match (left, right) {
        (&[a], &[b]) if a.as_number().is_some() && b.number == a.number => match (b.ups, b.star) {
            (0, 1) => Some(a.with(1, 0)),
            (n, s @ 0..=1) if n >= 1 => Some(a.with(n + 1, 1 - s)),
            _ => None,
        },
        (&[a], &[b]) if b.as_number().is_some() && a.number == b.number => match (a.ups, a.star) {
            (0, 1) => Some(b.with(-1, 0)),
            (n, s @ 0..=1) if n <= -1 => Some(b.with(n - 1, 1 - s)),
            _ => None,
        },
        (&[a1, a2], &[b]) if is_number_and_star(a1, a2, b) => Some(b.with(1, 1)),
        (&[a], &[b1, b2]) if is_number_and_star(b1, b2, a) => Some(a.with(-1, 1)),
        _ => None,
    }
}

/// Whether `{p, q}` is `{x, x*}` for the number `x`.
fn is_number_and_star(p: UpStar, q: UpStar, x: UpStar) -> bool {
    x.as_number().is_some() && ((p == x && q == x.with(0, 1)) || (q == x && p == x.with(0, 1)))
}
