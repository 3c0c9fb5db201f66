//! What the board writes into a game's comments and reads back from them, in the
//! manner of lichess's PGN: the review's evaluation of the position after a move
//! (`[%eval 0.35]`, `[%eval #-3]`) and its judgement of the move (`Mistake. d3d5 was
//! best.`), and the person's circles and arrows (`[%csl Gd4,Rb2]`, `[%cal Gd3d5]`; G,
//! R, B, Y: green, red, blue, yellow). Everything else in a comment is the person's
//! text and stays as it was.

use konane_core::Board;

use crate::messages::{ScoreView, Shape};
use crate::review::Judgement;

/// The most circles and arrows kept on one position.
pub const MAX_SHAPES: usize = 64;

/// A shape from the page or a game's text, checked against `board` (an arrow to its
/// own square is a circle).
pub fn checked(shape: Shape, board: Board) -> Result<Shape, String> {
    if !"GRBY".contains(shape.colour) {
        return Err(format!(
            "colour '{}' is not G, R, B or Y (green, red, blue, yellow)",
            shape.colour
        ));
    }
    let square = |name: &str| -> Result<String, String> {
        let square = board
            .parse_square(name)
            .map_err(|e| format!("bad square '{name}': {e}"))?;
        Ok(square.to_string())
    };
    let from = square(&shape.from)?;
    let to = shape.to.as_deref().map(square).transpose()?;
    Ok(Shape {
        colour: shape.colour,
        to: to.filter(|to| *to != from),
        from,
    })
}

/// A shape as the tags write it: `Gd4`, `Rd3d5`.
fn shape_text(shape: &Shape) -> String {
    format!(
        "{}{}{}",
        shape.colour,
        shape.from,
        shape.to.as_deref().unwrap_or("")
    )
}

/// What a comment holds besides the person's text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tags {
    pub eval: Option<ScoreView>,
    /// The review's judgement of the move, with the better move it names.
    pub judgement: Option<(Judgement, Option<String>)>,
    pub shapes: Vec<Shape>,
}

/// An evaluation as `[%eval]` writes it: pawns with two decimals, or `#N`.
pub fn eval_text(eval: ScoreView) -> String {
    match eval {
        ScoreView::Cp(cp) => format!("{:.2}", f64::from(cp) / 100.0),
        ScoreView::Mate(n) => format!("#{n}"),
    }
}

fn parse_eval(text: &str) -> Option<ScoreView> {
    if let Some(mate) = text.strip_prefix('#') {
        return mate.parse().ok().map(ScoreView::Mate);
    }
    let pawns: f64 = text.parse().ok().filter(|p: &f64| p.is_finite())?;
    let cp = (pawns * 100.0).round();
    (cp.abs() < 1e9).then_some(ScoreView::Cp(cp as i32))
}

/// Splits `comment` into its tags (checked against `board`) and the person's text.
/// A tag that does not read is left in the text.
pub fn split(comment: &str, board: Board) -> (Tags, String) {
    let mut tags = Tags::default();
    let mut rest = String::new();
    let mut text = comment;
    while let Some(open) = text.find("[%") {
        rest.push_str(&text[..open]);
        let Some(close) = text[open..].find(']').map(|c| open + c) else {
            rest.push_str(&text[open..]);
            text = "";
            break;
        };
        let inner = &text[open + 2..close];
        let (key, value) = inner.split_once(' ').unwrap_or((inner, ""));
        if !read_tag(&mut tags, key, value.trim(), board) {
            rest.push_str(&text[open..=close]);
        }
        text = &text[close + 1..];
    }
    rest.push_str(text);
    let rest = take_judgement(&mut tags, &rest);
    (tags, rest.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// Reads one `[%key value]` tag into `tags`; false if it does not read.
fn read_tag(tags: &mut Tags, key: &str, value: &str, board: Board) -> bool {
    match key {
        "eval" => match parse_eval(value) {
            Some(eval) => {
                tags.eval = Some(eval);
                true
            }
            None => false,
        },
        "csl" | "cal" => {
            let mut shapes = Vec::new();
            for item in value.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let mut chars = item.chars();
                let colour = chars.next().unwrap_or(' ');
                let squares = chars.as_str();
                let (from, to) = match key {
                    "csl" => (squares.to_string(), None),
                    _ => match split_squares(squares) {
                        Some((a, b)) => (a, Some(b)),
                        None => return false,
                    },
                };
                match checked(Shape { colour, from, to }, board) {
                    Ok(shape) => shapes.push(shape),
                    Err(_) => return false,
                }
            }
            if shapes.is_empty() {
                return false;
            }
            tags.shapes.extend(shapes);
            tags.shapes.truncate(MAX_SHAPES);
            true
        }
        _ => false,
    }
}

/// `d3d5` as `("d3", "d5")`.
fn split_squares(text: &str) -> Option<(String, String)> {
    let (second, _) = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| c.is_ascii_alphabetic())?;
    Some((text[..second].to_string(), text[second..].to_string()))
}

/// Takes the review's judgement (`Mistake.`, `Mistake. d3d5 was best.`) out of the
/// start of `text`.
fn take_judgement(tags: &mut Tags, text: &str) -> String {
    let trimmed = text.trim_start();
    let Some((word, after)) = trimmed.split_once('.') else {
        return text.to_string();
    };
    let Some(judgement) = Judgement::from_word(word) else {
        return text.to_string();
    };
    let mut best = None;
    let mut rest = after;
    let words: Vec<&str> = after.split_whitespace().take(3).collect();
    if let [mv, "was", "best."] = words.as_slice() {
        best = Some(mv.to_string());
        let end = after.find("best.").expect("just read") + "best.".len();
        rest = &after[end..];
    }
    tags.judgement = Some((judgement, best));
    rest.to_string()
}

/// The comment that holds `tags` and the person's `text`.
pub fn join(tags: &Tags, text: &str) -> String {
    let mut parts = Vec::new();
    if let Some(eval) = tags.eval {
        parts.push(format!("[%eval {}]", eval_text(eval)));
    }
    // Circles (no `to` square) under `%csl`, then arrows under `%cal`.
    for (tag, arrows) in [("csl", false), ("cal", true)] {
        let shapes: Vec<String> = tags
            .shapes
            .iter()
            .filter(|s| s.to.is_some() == arrows)
            .map(shape_text)
            .collect();
        if !shapes.is_empty() {
            parts.push(format!("[%{tag} {}]", shapes.join(",")));
        }
    }
    if let Some((judgement, best)) = &tags.judgement {
        parts.push(format!("{}.", judgement.word()));
        if let Some(best) = best {
            parts.push(format!("{best} was best."));
        }
    }
    if !text.is_empty() {
        parts.push(text.to_string());
    }
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn six() -> Board {
        Board::new(6, 6).unwrap()
    }

    #[test]
    fn tags_round_trip_and_leave_the_text() {
        let comment = "[%eval -0.35] [%csl Gd4,Rb2] [%cal Bd3d5] Mistake. d3d5 was best. my note";
        let (tags, text) = split(comment, six());
        assert_eq!(tags.eval, Some(ScoreView::Cp(-35)));
        assert_eq!(
            tags.judgement,
            Some((Judgement::Mistake, Some("d3d5".into())))
        );
        assert_eq!(tags.shapes.len(), 3);
        assert_eq!(tags.shapes[2].to.as_deref(), Some("d5"));
        assert_eq!(text, "my note");
        assert_eq!(join(&tags, &text), comment);
        let (mate, _) = split("[%eval #-3]", six());
        assert_eq!(mate.eval, Some(ScoreView::Mate(-3)));
        assert_eq!(eval_text(ScoreView::Cp(120)), "1.20");
    }

    #[test]
    fn what_does_not_read_stays_text() {
        for comment in [
            "[%eval x] hi",
            "[%csl Gz9] hi",
            "[%cal Gd3] hi",
            "[%clk 0:01:00] hi",
            "[%eval 1 hi",
            "Brilliant. hi",
            "[%cal G] hi",
            "[%cal Gé] hi",
            "[%csl ] hi",
        ] {
            let (tags, text) = split(comment, six());
            assert_eq!(tags, Tags::default(), "{comment}");
            assert_eq!(text, comment, "{comment}");
        }
        let (tags, text) = split("Blunder.", six());
        assert_eq!(tags.judgement, Some((Judgement::Blunder, None)));
        assert_eq!(text, "");
        // A 12x12 board's squares have two digits.
        let (tags, _) = split("[%cal Ra10a12]", Board::new(12, 12).unwrap());
        assert_eq!(tags.shapes[0].from, "a10");
        let shape = Shape {
            colour: 'Q',
            from: "a1".into(),
            to: None,
        };
        assert!(checked(shape, six()).unwrap_err().contains("colour"));
    }
}
