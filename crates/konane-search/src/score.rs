//! Scores: the protocol's [`Score`] and the search's internal integer scale, where exact
//! wins and losses carry their distance to the end of the game.

/// A score from the side to move's view.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum Score {
    /// A heuristic evaluation in centi-moves.
    Cp(i32),
    /// An exact result: `Mate(n)` with n > 0, the side to move wins with its n-th move
    /// from now; n < 0, it loses after the opponent's |n|-th move; `Mate(0)`, no move now.
    Mate(i32),
}

impl Score {
    /// The key of the order by goodness for the side to move: a loss now (`Mate(0)`),
    /// then losses from the quickest to the slowest, then plain scores by value, then
    /// wins from the slowest to the quickest.
    fn goodness(self) -> (u8, i32) {
        match self {
            Score::Mate(n) if n > 0 => (2, -n),
            Score::Cp(cp) => (1, cp),
            Score::Mate(n) => (0, -n),
        }
    }
}

/// Scores are ordered by how good they are for the side to move: every proven win above
/// every plain score (a quicker win above a slower one), every proven loss below (a
/// slower loss above a quicker one, `Mate(0)` lowest).
impl Ord for Score {
    fn cmp(&self, other: &Score) -> std::cmp::Ordering {
        self.goodness().cmp(&other.goodness())
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The deepest ply a search reaches (no Konane game on 8x8 lasts 64 plies).
pub const MAX_PLY: usize = 128;
/// The score of a side that has just won: a win found `p` plies from the root scores
/// `MATE - p`, a loss `-(MATE - p)`, so quicker wins and slower losses score higher.
pub(crate) const MATE: i32 = 30_000;
/// Scores at least this large (in absolute value) are exact wins or losses.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Beyond every score.
pub(crate) const INFINITE: i32 = MATE + 1;
/// The protocol's view of an internal score.
pub(crate) fn to_score(value: i32) -> Score {
    if value >= MATE_BOUND {
        Score::Mate((MATE - value + 1) / 2)
    } else if value <= -MATE_BOUND {
        Score::Mate(-((MATE + value) / 2))
    } else {
        Score::Cp(value)
    }
}

/// The plies to the end of the game an exact score says, if it is one.
pub(crate) fn plies_to_end(value: i32) -> Option<i32> {
    (value.abs() >= MATE_BOUND).then(|| MATE - value.abs())
}

/// A score for the table: wins and losses counted from the stored position, not the root.
pub(crate) fn to_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= MATE_BOUND => v + ply as i32,
        v if v <= -MATE_BOUND => v - ply as i32,
        v => v,
    }
}

/// A score from the table, made relative to the root again.
pub(crate) fn from_table(value: i32, ply: usize) -> i32 {
    match value {
        v if v >= MATE_BOUND => v - ply as i32,
        v if v <= -MATE_BOUND => v + ply as i32,
        v => v,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_ordered_by_goodness_with_mates_beyond_every_plain_score() {
        let ordered = [
            Score::Mate(0),
            Score::Mate(-1),
            Score::Mate(-7),
            Score::Cp(-29_999),
            Score::Cp(0),
            Score::Cp(29_999),
            Score::Mate(9),
            Score::Mate(2),
            Score::Mate(1),
        ];
        for (i, a) in ordered.iter().enumerate() {
            for (j, b) in ordered.iter().enumerate() {
                assert_eq!(a.cmp(b), i.cmp(&j), "{a:?} against {b:?}");
            }
        }
        // The order agrees with the search's integer scale.
        let values = [
            -MATE,
            -(MATE - 2),
            -(MATE - 14),
            -500,
            0,
            500,
            MATE - 17,
            MATE - 3,
            MATE - 1,
        ];
        let scores: Vec<Score> = values.iter().map(|&v| to_score(v)).collect();
        assert!(scores.windows(2).all(|w| w[0] < w[1]), "{scores:?}");
    }

    #[test]
    fn scores_convert_to_the_protocol_convention() {
        assert_eq!(to_score(-MATE), Score::Mate(0));
        assert_eq!(to_score(MATE - 1), Score::Mate(1));
        assert_eq!(to_score(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(to_score(MATE - 3), Score::Mate(2));
        assert_eq!(to_score(-(MATE - 4)), Score::Mate(-2));
        assert_eq!(to_score(250), Score::Cp(250));
        assert_eq!(to_score(-250), Score::Cp(-250));
    }

    #[test]
    fn table_scores_are_relative_to_the_stored_position() {
        for (value, ply) in [(MATE - 7, 3), (-(MATE - 6), 4), (123, 9)] {
            assert_eq!(from_table(to_table(value, ply), ply), value);
        }
        // A win 7 plies from the root seen at ply 3 is a win in 4 from that node.
        assert_eq!(to_table(MATE - 7, 3), MATE - 4);
    }
}
