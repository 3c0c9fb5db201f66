//! The human notation of a value, CGSuite-like: `0`, `-3/4`, `*2`, `↑`, `2↓*`, `1/2↑`,
//! `1+2↑`, `±1`, `{2|1}`, and braces around the options of anything else.

use std::fmt;

use crate::dyadic::Dyadic;
use crate::shape::UpStar;
use crate::table::{GameId, Games};

/// A value in human notation ([`Games::display`]).
pub struct Notation<'a> {
    games: &'a Games,
    g: GameId,
}

impl Games {
    /// The value in human notation: numbers (`1/2`), nimbers (`*`, `*2`), ups with
    /// their number and star (`↑`, `↑*`, `2↓`, `1+2↑*`), switches `±x`, and otherwise
    /// `{L|R}` with the options so written, separated by commas. The text can be
    /// exponentially longer than the table entries it shows.
    pub fn display(&self, g: GameId) -> Notation<'_> {
        Notation { games: self, g }
    }
}

impl fmt::Display for Notation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let games = self.games;
        if let Some(name) = games.as_up_star(self.g) {
            return write_up_star(name, f);
        }
        let (left, right) = (games.left(self.g), games.right(self.g));
        if let (&[l], &[r]) = (left, right) {
            if let (Some(x), Some(y)) = (games.as_number(l), games.as_number(r)) {
                if x > Dyadic::ZERO && y == -x {
                    return write!(f, "±{x}");
                }
            }
        }
        f.write_str("{")?;
        write_list(games, left, f)?;
        f.write_str("|")?;
        write_list(games, right, f)?;
        f.write_str("}")
    }
}

fn write_list(games: &Games, side: &[GameId], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (i, &g) in side.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{}", games.display(g))?;
    }
    Ok(())
}

fn write_up_star(name: UpStar, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    let has_number = name.number != Dyadic::ZERO || (name.ups == 0 && name.star == 0);
    if has_number {
        write!(f, "{}", name.number)?;
    }
    if name.ups != 0 {
        let count = name.ups.unsigned_abs();
        if count > 1 {
            if has_number {
                f.write_str("+")?;
            }
            write!(f, "{count}")?;
        }
        f.write_str(if name.ups > 0 { "↑" } else { "↓" })?;
    }
    match name.star {
        0 => Ok(()),
        1 => f.write_str("*"),
        k => write!(f, "*{k}"),
    }
}
