//! The strict machine form of a game, for other programs to read and write:
//!
//! ```text
//! G      := number | nimber | '{' list '|' list '}'
//! list   := (nothing) | G (',' G)*
//! number := integer | integer '/' denominator   (reduced; denominator a power of two >= 2)
//! nimber := '*' | '*' n                          (n >= 2)
//! ```
//!
//! No spaces; integers without leading zeros or a `+`, zero as `0` (never `-0`). A value
//! equal to a number or a nimber is printed as that; anything else as braces around its
//! canonical options so printed. [`Form`] is the parsed text, [`Games::strict`] prints a
//! value and [`Games::parse`] reads one.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::dyadic::Dyadic;
use crate::error::CgtError;
use crate::table::{GameId, Games, MAX_BIRTHDAY};

/// A game written in the strict form: a tree of option lists, numbers and nimbers,
/// not necessarily canonical. `Display` writes the strict form, `FromStr` reads it.
/// Forms are ordered numbers first (by value), then nimbers, then games (by their
/// Left, then their Right options): the order in which [`Games::form`] lists options.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Form {
    /// A number.
    Number(Dyadic),
    /// The nimber `*n` (`*0` is zero and prints `0`, `*1` prints `*`).
    Nimber(u32),
    /// `{left | right}`.
    Game {
        /// Left's options.
        left: Vec<Form>,
        /// Right's options.
        right: Vec<Form>,
    },
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Form::Number(x) => write!(f, "{x}"),
            Form::Nimber(0) => f.write_str("0"),
            Form::Nimber(1) => f.write_str("*"),
            Form::Nimber(n) => write!(f, "*{n}"),
            Form::Game { left, right } => {
                f.write_str("{")?;
                write_list(left, f)?;
                f.write_str("|")?;
                write_list(right, f)?;
                f.write_str("}")
            }
        }
    }
}

fn write_list(side: &[Form], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (i, form) in side.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{form}")?;
    }
    Ok(())
}

/// Why a text is not a game in the strict form, and where (a byte offset).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("at byte {offset}: {kind}")]
pub struct ParseError {
    /// The byte offset of the problem in the text.
    pub offset: usize,
    /// What is wrong there.
    pub kind: ParseErrorKind,
}

/// What is wrong in a text that is not a game in the strict form.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// The text ends where a game, a digit, `,`, `|` or `}` was due.
    #[error("the text ends before the game does")]
    UnexpectedEnd,
    /// A character that cannot stand here.
    #[error("unexpected {0:?}")]
    Unexpected(char),
    /// Text after a complete game.
    #[error("unexpected {0:?} after the end of the game")]
    Trailing(char),
    /// A number with a leading zero, or `-0`.
    #[error("a number with a leading zero or a minus sign on zero")]
    LeadingZero,
    /// A fraction that is not reduced (even numerator, zero numerator, or denominator 1).
    #[error("a fraction that is not reduced")]
    NotReduced,
    /// A denominator that is not a power of two.
    #[error("a denominator that is not a power of two")]
    NotDyadic,
    /// A number outside the exact range of [`Dyadic`], or a nimber beyond `u32`.
    #[error("a number out of range (magnitude below 2^32, denominator at most 2^62)")]
    OutOfRange,
    /// `*0` or `*1` (written `0` and `*`), or a nimber with a leading zero.
    #[error("a nimber written other than `*` or `*n` with n >= 2")]
    NimberSpelling,
    /// Braces nested deeper than [`MAX_BIRTHDAY`], which no value in a table can have.
    #[error("braces nested deeper than {0}")]
    TooDeep(u32),
}

impl FromStr for Form {
    type Err = ParseError;

    fn from_str(text: &str) -> Result<Form, ParseError> {
        let mut parser = Parser {
            text: text.as_bytes(),
            source: text,
            at: 0,
        };
        let form = parser.game(0)?;
        match parser.peek() {
            None => Ok(form),
            Some(_) => Err(parser.error_here(ParseErrorKind::Trailing)),
        }
    }
}

struct Parser<'a> {
    text: &'a [u8],
    source: &'a str,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn fail(&self, offset: usize, kind: ParseErrorKind) -> ParseError {
        ParseError { offset, kind }
    }

    /// The error for the character here (or the end of the text), made by `kind`.
    fn error_here(&self, kind: fn(char) -> ParseErrorKind) -> ParseError {
        match self.source[self.at..].chars().next() {
            Some(c) => self.fail(self.at, kind(c)),
            None => self.fail(self.at, ParseErrorKind::UnexpectedEnd),
        }
    }

    fn expect(&mut self, byte: u8) -> Result<(), ParseError> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error_here(ParseErrorKind::Unexpected))
        }
    }

    fn game(&mut self, depth: u32) -> Result<Form, ParseError> {
        match self.peek() {
            Some(b'{') => {
                if depth >= MAX_BIRTHDAY {
                    return Err(self.fail(self.at, ParseErrorKind::TooDeep(MAX_BIRTHDAY)));
                }
                self.at += 1;
                let left = self.list(b'|', depth)?;
                self.expect(b'|')?;
                let right = self.list(b'}', depth)?;
                self.expect(b'}')?;
                Ok(Form::Game { left, right })
            }
            Some(b'*') => self.nimber(),
            Some(b'-' | b'0'..=b'9') => self.number().map(Form::Number),
            _ => Err(self.error_here(ParseErrorKind::Unexpected)),
        }
    }

    fn list(&mut self, end: u8, depth: u32) -> Result<Vec<Form>, ParseError> {
        let mut side = Vec::new();
        if self.peek() == Some(end) {
            return Ok(side);
        }
        loop {
            side.push(self.game(depth + 1)?);
            if self.peek() != Some(b',') {
                return Ok(side);
            }
            self.at += 1;
        }
    }

    /// Decimal digits without a leading zero (a lone `0` is allowed); `None` when
    /// there are none.
    fn digits(&mut self) -> Result<Option<u128>, ParseError> {
        let start = self.at;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.at += 1;
        }
        let digits = &self.source[start..self.at];
        if digits.is_empty() {
            return Ok(None);
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(self.fail(start, ParseErrorKind::LeadingZero));
        }
        digits
            .parse::<u128>()
            .map(Some)
            .map_err(|_| self.fail(start, ParseErrorKind::OutOfRange))
    }

    fn required_digits(&mut self) -> Result<u128, ParseError> {
        self.digits()?
            .ok_or_else(|| self.error_here(ParseErrorKind::Unexpected))
    }

    fn number(&mut self) -> Result<Dyadic, ParseError> {
        let start = self.at;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        let magnitude = self.required_digits()?;
        if negative && magnitude == 0 {
            return Err(self.fail(start, ParseErrorKind::LeadingZero));
        }
        let numerator =
            i128::try_from(magnitude).map_err(|_| self.fail(start, ParseErrorKind::OutOfRange))?;
        let numerator = if negative { -numerator } else { numerator };
        if self.peek() != Some(b'/') {
            return Dyadic::new(numerator, 0)
                .map_err(|_| self.fail(start, ParseErrorKind::OutOfRange));
        }
        self.at += 1;
        let denominator_at = self.at;
        let denominator = self.required_digits()?;
        if !denominator.is_power_of_two() {
            return Err(self.fail(denominator_at, ParseErrorKind::NotDyadic));
        }
        if denominator == 1 || numerator % 2 == 0 {
            return Err(self.fail(start, ParseErrorKind::NotReduced));
        }
        Dyadic::new(numerator, denominator.trailing_zeros())
            .map_err(|_| self.fail(start, ParseErrorKind::OutOfRange))
    }

    fn nimber(&mut self) -> Result<Form, ParseError> {
        let start = self.at;
        self.at += 1;
        let n = match self.digits() {
            Ok(None) => return Ok(Form::Nimber(1)),
            Ok(Some(n)) => n,
            Err(ParseError {
                kind: ParseErrorKind::LeadingZero,
                ..
            }) => return Err(self.fail(start, ParseErrorKind::NimberSpelling)),
            Err(e) => return Err(e),
        };
        if n < 2 {
            return Err(self.fail(start, ParseErrorKind::NimberSpelling));
        }
        u32::try_from(n)
            .map(Form::Nimber)
            .map_err(|_| self.fail(start, ParseErrorKind::OutOfRange))
    }
}

/// Why a text could not be read as a value: not in the strict form, or a value the
/// table refuses.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadError {
    /// The text is not a game in the strict form.
    #[error("not a game: {0}")]
    Parse(#[from] ParseError),
    /// The game is beyond the table's limits.
    #[error("{0}")]
    Value(#[from] CgtError),
}

impl Games {
    /// The value's canonical form as a [`Form`], which prints in the strict form, each
    /// side's options in [`Form`]'s order: one value has one form and one text, whatever
    /// the table and the order its values were made in. Shared subpositions are copied,
    /// so the tree (and its text) can be exponentially larger than the table entries it
    /// shows.
    pub fn form(&self, g: GameId) -> Form {
        if let Some(x) = self.as_number(g) {
            return Form::Number(x);
        }
        if let Some(n) = self.as_nimber(g) {
            return Form::Nimber(n);
        }
        let side = |side: &[GameId]| {
            let mut forms: Vec<Form> = side.iter().map(|&o| self.form(o)).collect();
            forms.sort_unstable();
            forms
        };
        Form::Game {
            left: side(self.left(g)),
            right: side(self.right(g)),
        }
    }

    /// The value in the strict form (see [`Games::form`] on its size).
    pub fn strict(&self, g: GameId) -> String {
        self.form(g).to_string()
    }

    /// The value of a game written as a [`Form`]. The errors of [`Games::game`], and
    /// [`CgtError::TooDeep`] for a form nested deeper than [`MAX_BIRTHDAY`].
    pub fn value_of_form(&mut self, form: &Form) -> Result<GameId, CgtError> {
        self.value_of_form_at(form, 0)
    }

    fn value_of_form_at(&mut self, form: &Form, depth: u32) -> Result<GameId, CgtError> {
        match form {
            Form::Number(x) => self.number(*x),
            Form::Nimber(n) => self.nimber(*n),
            Form::Game { left, right } => {
                if depth >= MAX_BIRTHDAY {
                    return Err(CgtError::TooDeep {
                        birthday: u64::from(depth) + 1,
                        limit: MAX_BIRTHDAY,
                    });
                }
                let mut side = |forms: &[Form]| -> Result<Vec<GameId>, CgtError> {
                    forms
                        .iter()
                        .map(|o| self.value_of_form_at(o, depth + 1))
                        .collect()
                };
                let left = side(left)?;
                let right = side(right)?;
                self.game(&left, &right)
            }
        }
    }

    /// The value written in the strict form.
    pub fn parse(&mut self, text: &str) -> Result<GameId, ReadError> {
        let form: Form = text.parse()?;
        Ok(self.value_of_form(&form)?)
    }
}
