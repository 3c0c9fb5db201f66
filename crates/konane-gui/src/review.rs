//! Judging a reviewed game, as lichess's computer analysis does: each position of the
//! main line has an evaluation (Black's view; a solver's proof is a mate), each move is
//! judged by what it loses in winning chances (an inaccuracy, a mistake or a blunder,
//! with the better move), and each side gets an accuracy. Pure arithmetic: the tab runs
//! the searches ([`crate::tab`]) and the comments carry the results ([`crate::tags`]).

use konane_core::{Color, Move};

use crate::messages::ScoreView;

/// Winning chances lost by an inaccuracy, a mistake and a blunder (lichess's, on the
/// scale from -1, lost, to 1, won).
const INACCURACY: f64 = 0.1;
const MISTAKE: f64 = 0.2;
const BLUNDER: f64 = 0.3;

/// What the review found about one position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// The evaluation from Black's view: `Cp`, or `Mate(n)` (`n > 0`: Black wins with
    /// its n-th move; `0`: the side to move has no move and has lost).
    pub eval: ScoreView,
    /// The best move found there (none at the end, or when read from a game's text
    /// that did not say).
    pub best: Option<Move>,
}

/// How bad a move was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// The word for it, as the page and the comments write it.
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }

    /// The judgement a word names.
    pub fn from_word(word: &str) -> Option<Judgement> {
        [
            Judgement::Inaccuracy,
            Judgement::Mistake,
            Judgement::Blunder,
        ]
        .into_iter()
        .find(|j| j.word() == word)
    }

    fn of_loss(loss: f64) -> Option<Judgement> {
        if loss >= BLUNDER {
            Some(Judgement::Blunder)
        } else if loss >= MISTAKE {
            Some(Judgement::Mistake)
        } else if loss >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// Black's winning chances in a position of evaluation `eval` with `to_move` to move,
/// from -1 (lost) to 1 (won): the page's squashing of scores (`tanh(cp / 400)`), and a
/// mate or proof is a certainty.
pub fn chances(eval: ScoreView, to_move: Color) -> f64 {
    match eval {
        ScoreView::Cp(cp) => (f64::from(cp) / 400.0).tanh(),
        ScoreView::Mate(0) if to_move == Color::Black => -1.0,
        ScoreView::Mate(0) => 1.0,
        ScoreView::Mate(n) => f64::from(n.signum()),
    }
}

/// What `mover` lost by its move, in its own winning chances (0 when it gained).
fn loss(before: f64, after: f64, mover: Color) -> f64 {
    let sign = if mover == Color::Black { 1.0 } else { -1.0 };
    (sign * (before - after)).max(0.0)
}

/// The judgement of `mover`'s move `played` between Black's chances `before` and
/// `after`; none for the best move found (a search that changed its mind later is
/// not the mover's fault).
pub fn judge(
    before: f64,
    after: f64,
    mover: Color,
    played: Move,
    best: Option<Move>,
) -> Option<Judgement> {
    if best == Some(played) {
        return None;
    }
    Judgement::of_loss(loss(before, after, mover))
}

/// The accuracy of one move from 0 to 100 (lichess's formula on win percentages:
/// 100 for a move that loses nothing, falling as the loss grows).
pub fn move_accuracy(before: f64, after: f64, mover: Color) -> f64 {
    let lost_percent = 50.0 * loss(before, after, mover);
    (103.1668 * (-0.04354 * lost_percent).exp() - 3.1669).clamp(0.0, 100.0)
}

/// The mean of `values`, or `None` when there are none.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Position};

    fn a_move() -> (Move, Move) {
        let start = Position::start(Board::new(6, 6).unwrap());
        let moves = start.legal_moves();
        (moves[0], moves[1])
    }

    #[test]
    fn moves_are_judged_by_the_chances_they_lose() {
        let (played, other) = a_move();
        let even = chances(ScoreView::Cp(0), Color::Black);
        assert_eq!(even, 0.0);
        // Black's move from even to -0.5 pawns: tanh(-0.125) = -0.124, an inaccuracy.
        let worse = chances(ScoreView::Cp(-50), Color::White);
        let judged = judge(even, worse, Color::Black, played, Some(other));
        assert_eq!(judged, Some(Judgement::Inaccuracy));
        // The same drop is White's gain: no judgement.
        assert_eq!(judge(even, worse, Color::White, played, Some(other)), None);
        // The best move is never judged.
        assert_eq!(judge(even, worse, Color::Black, played, Some(played)), None);
        // Two pawns: a blunder; a proven win turned into a proven loss too.
        let lost = chances(ScoreView::Cp(-200), Color::White);
        assert_eq!(
            judge(even, lost, Color::Black, played, None),
            Some(Judgement::Blunder)
        );
        let won = chances(ScoreView::Mate(3), Color::Black);
        let proven_loss = chances(ScoreView::Mate(-2), Color::White);
        assert_eq!((won, proven_loss), (1.0, -1.0));
        assert_eq!(
            judge(won, proven_loss, Color::Black, played, Some(other)),
            Some(Judgement::Blunder)
        );
        // Mate 0: the side to move has lost.
        assert_eq!(chances(ScoreView::Mate(0), Color::White), 1.0);
        assert_eq!(chances(ScoreView::Mate(0), Color::Black), -1.0);
        let mistake = chances(ScoreView::Cp(-90), Color::White);
        assert_eq!(
            judge(even, mistake, Color::Black, played, None),
            Some(Judgement::Mistake)
        );
        for j in [
            Judgement::Inaccuracy,
            Judgement::Mistake,
            Judgement::Blunder,
        ] {
            assert_eq!(Judgement::from_word(j.word()), Some(j));
        }
    }

    #[test]
    fn accuracy_falls_with_the_loss() {
        assert!((move_accuracy(0.2, 0.3, Color::Black) - 100.0).abs() < 0.01);
        let small = move_accuracy(0.0, -0.1, Color::Black);
        let large = move_accuracy(0.0, -0.6, Color::Black);
        assert!(small > large && large > 0.0, "{small} {large}");
        assert_eq!(move_accuracy(1.0, -1.0, Color::Black), 0.0);
        assert_eq!(mean(&[]), None);
        assert_eq!(mean(&[50.0, 100.0]), Some(75.0));
    }
}
