//! Short partizan games in canonical form, knowing nothing of any particular game:
//! the values of combinatorial game theory, as the Konane solver needs them for the
//! regions of a board.
//!
//! A [`Games`] table holds values in canonical form, hash-consed: equal values share
//! one [`GameId`], a copyable `u32` handle, so values are cheap to store, compare for
//! equality and hash. Values are built from option sets ([`Games::game`], simplified:
//! dominated options removed, reversible options bypassed) or directly
//! ([`Games::number`], [`Games::nimber`], [`Games::up`]); the table adds
//! ([`Games::add`], [`Games::sum`]), negates ([`Games::neg`]), compares
//! ([`Games::le`], [`Games::compare`], [`Games::confused`]) and gives outcome classes
//! ([`Games::outcome`]: [`Outcome::Left`], `Right`, `Next`, `Previous`), memoising
//! comparisons, sums and negations. Left is the positive player. Thermography:
//! [`Games::thermograph`] (exact [`Wall`]s, [`Thermograph::mean`],
//! [`Thermograph::temperature`]), [`Games::stops`] and [`Games::cool`], with the
//! conventions of Siegel's *Combinatorial Game Theory* and CGSuite.
//!
//! Two text forms: [`Games::display`], a human notation (`1/2`, `*2`, `↑`, `↑*`, `2↓`,
//! `±1`, `{2|1}`, a [`Notation`]), and [`Games::strict`], a strict grammar for programs
//! (`G := number | nimber | '{' list '|' list '}'`, see [`Form`]), read back by
//! [`Games::parse`] or [`Form`]'s `FromStr`: a text that is not in the strict form is a
//! [`ParseError`] with its byte offset and its [`ParseErrorKind`], and [`ReadError`]
//! adds the values the table refuses. [`Games::as_up_star`] names the values of the
//! shape `x + n·↑ + *k` ([`UpStar`]).
//!
//! # Example
//!
//! ```
//! use konane_cgt::{Games, Outcome};
//!
//! let mut games = Games::new();
//! let zero = games.zero();
//! let star = games.star();
//! let up = games.game(&[zero], &[star])?; // {0|*} is ↑
//! assert_eq!(up, games.up());
//! assert_eq!(games.display(up).to_string(), "↑");
//! assert_eq!(games.strict(up), "{0|*}");
//!
//! let up_star = games.add(up, star)?;
//! assert_eq!(games.display(up_star).to_string(), "↑*");
//! assert_eq!(games.outcome(up_star), Outcome::Next); // ↑* is confused with 0
//!
//! let hot = games.parse("{1|-1}")?;
//! assert_eq!(games.display(hot).to_string(), "±1");
//! let half = games.parse("{0|1}")?;
//! assert_eq!(games.strict(half), "1/2");
//! let one = games.add(half, half)?;
//! assert_eq!(one, games.integer(1)?);
//! assert!(games.gt(one, up)); // every positive number exceeds ↑
//! let minus_hot = games.neg(hot)?;
//! assert_eq!(games.add(hot, minus_hot)?, zero);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! The algorithms recurse on the structure of games, so every value in a table is born
//! by day [`MAX_BIRTHDAY`]: an operation whose result could be born later (a game of
//! late options, a sum whose birthdays add up past the limit, a number such as 1000)
//! returns [`CgtError::TooDeep`] instead of overflowing the stack. A side of a game
//! given to [`Games::game`] has at most [`MAX_OPTIONS`] distinct options. Numbers are
//! exact [`Dyadic`]s within a fixed range: denominators up to `2^`[`MAX_EXPONENT`],
//! magnitudes below [`MAX_MAGNITUDE`] ([`CgtError::NumberOutOfRange`] beyond).
//!
//! Costs: a comparison or a sum is memoised, and its work is bounded by the pairs of
//! subpositions of its two arguments; simplifying a game compares its options
//! pairwise. The table never forgets (drop it to free the memory; [`Games::len`] and
//! [`Games::memo_len`] say how much it holds). The text forms copy shared
//! subpositions, so a text can be exponentially longer than the table entries.
//!
//! The notation is described in `docs/cgt.md` of the repository.

#![deny(clippy::print_stdout, clippy::print_stderr)]
#![forbid(unsafe_code)]

mod arithmetic;
mod compare;
mod dyadic;
mod error;
mod form;
mod notation;
mod shape;
mod simplify;
mod table;
mod thermograph;
mod wall;

pub use compare::Outcome;
pub use dyadic::{Dyadic, MAX_EXPONENT, MAX_MAGNITUDE};
pub use error::CgtError;
pub use form::{Form, ParseError, ParseErrorKind, ReadError};
pub use notation::Notation;
pub use shape::UpStar;
pub use table::{GameId, Games, MAX_BIRTHDAY, MAX_OPTIONS};
pub use wall::{Thermograph, Wall};
