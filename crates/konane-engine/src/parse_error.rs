//! Why a protocol line is not a command: one error type for every parser of the
//! protocol's words, the front end's (`konane-cli`'s line parser) and the engine's own
//! (`go` words, [`crate::go_words`]), so that a message is worded in one place.

use konane_core::clip;
use thiserror::Error;

/// What is wrong with a number.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum NumberProblem {
    NotANumber,
    TooLarge { max: i128 },
    TooSmall { min: i128 },
}

/// Why a line (or the words of one command) is not a command.
#[derive(Clone, Debug, Eq, PartialEq, Error)]
pub enum ParseError {
    /// The first word is no command.
    #[error("unknown command '{}' (type 'help' for the list)", clip(.0))]
    Unknown(String),
    /// A command or keyword lacks its argument.
    #[error("'{after}' needs {what}")]
    Missing { after: String, what: &'static str },
    /// A word that does not belong where it stands.
    #[error("unexpected '{}' in '{command}'", clip(.word))]
    Unexpected { command: &'static str, word: String },
    /// A number that is not one, or is out of range.
    #[error("{}", bad_number(.keyword, .text, *.problem))]
    BadNumber {
        keyword: String,
        text: String,
        problem: NumberProblem,
    },
    /// A keyword given twice in one command.
    #[error("'{word}' is given twice in '{command}'")]
    Repeated { command: &'static str, word: String },
}

/// The message of [`ParseError::BadNumber`].
fn bad_number(keyword: &str, text: &str, problem: NumberProblem) -> String {
    let text = clip(text);
    match problem {
        NumberProblem::NotANumber => format!("'{keyword}' needs a whole number, not '{text}'"),
        NumberProblem::TooLarge { max } => {
            format!("'{keyword} {text}' is too large (at most {max})")
        }
        NumberProblem::TooSmall { min } => {
            format!("'{keyword} {text}' is too small (at least {min})")
        }
    }
}
