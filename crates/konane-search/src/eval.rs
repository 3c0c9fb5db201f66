//! Static evaluation: mobility-based terms with weights (engine.toml's `[eval]`) that
//! taper from the full board to the endgame, and a breakdown of the terms for the `eval`
//! command.

use konane_core::{
    BitPosition, Bitboard, Direction, Geometry, Phase, Position, PositionVisitor, Word,
};

/// Weights of the evaluation terms, in centi-moves per unit of each term. Each term has
/// a weight for the full board and one (`_end`) for the endgame, when a third of the
/// squares or fewer hold pieces; in between, the weight moves linearly with the number
/// of pieces.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct EvalWeights {
    /// Per legal move of the side to move minus per legal move of the opponent.
    pub mobility: i32,
    pub mobility_end: i32,
    /// Per legal move of the side to move (having the move is worth this much more).
    pub own_mobility: i32,
    pub own_mobility_end: i32,
    /// Per own piece that can jump now minus per opponent piece that can.
    pub movable_pieces: i32,
    pub movable_pieces_end: i32,
    /// Per own piece the opponent can capture now minus per opponent piece we can.
    pub threatened: i32,
    pub threatened_end: i32,
    /// Per own piece with no opponent beside it minus per such opponent piece.
    pub isolated: i32,
    pub isolated_end: i32,
    /// Per own piece minus per opponent piece.
    pub pieces: i32,
    pub pieces_end: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        // Fitted by the tune_eval example on 168,000 self-play positions (see
        // docs/search.md, "Evaluation", and the strength history in
        // docs/journal/search-2026.md).
        EvalWeights {
            mobility: 100,
            mobility_end: -25,
            own_mobility: -13,
            own_mobility_end: 1,
            movable_pieces: -40,
            movable_pieces_end: 79,
            threatened: 94,
            threatened_end: -113,
            isolated: 44,
            isolated_end: 85,
            pieces: -163,
            pieces_end: -21,
        }
    }
}

/// One named term of an evaluation, already weighted, from the side to move's view.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct EvalTerm {
    pub name: &'static str,
    /// The unweighted difference (side to move minus opponent).
    pub raw: i32,
    /// `raw` times its weight at this position's number of pieces.
    pub value: i32,
}

/// A full evaluation with its terms; `total` is their sum.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Evaluation {
    pub terms: Vec<EvalTerm>,
    pub total: i32,
}

/// The number of evaluation terms.
pub const TERMS: usize = 6;
/// The terms' names, in the order of [`EvalWeights::weights`] and of every evaluation's
/// terms.
pub const NAMES: [&str; TERMS] = [
    "mobility",
    "own_mobility",
    "movable_pieces",
    "threatened",
    "isolated",
    "pieces",
];

/// The steps of the taper from the endgame weights (0) to the full board's (`TAPER`).
pub const TAPER: i32 = 64;

/// Where `position` stands between the endgame (0: a third of the squares or fewer
/// hold pieces) and the full board (`TAPER`), by its number of pieces.
pub fn taper(position: &Position) -> i32 {
    let area = position.board().area() as i32;
    taper_at(area, position.piece_count() as i32)
}

/// [`taper`] of a position on its own word.
fn taper_bits<W: Word>(position: &BitPosition<W>) -> i32 {
    taper_at(
        position.board().area() as i32,
        position.occupied().count() as i32,
    )
}

/// The taper of a board of `area` squares holding `pieces` pieces.
#[inline(always)]
fn taper_at(area: i32, pieces: i32) -> i32 {
    let endgame = area / 3;
    ((pieces - endgame).max(0) * TAPER / (area - endgame).max(1)).min(TAPER)
}

/// What one side could do now if it were its turn.
struct Reach<W: Word> {
    /// Its jumps (every stopping point of a multi-jump counts).
    moves: u32,
    /// Its pieces that can jump.
    movable: Bitboard<W>,
    /// The other side's pieces it can capture (by any jump).
    captures: Bitboard<W>,
}

/// The reach of `own` jumping over `opp` onto `empty`, the four directions advanced
/// together one jump at a time (as `Geometry::count_jumps` does).
#[inline(always)]
fn reach<W: Word>(
    geometry: &Geometry<W>,
    own: Bitboard<W>,
    opp: Bitboard<W>,
    empty: Bitboard<W>,
) -> Reach<W> {
    let [n, s, e, w] = Direction::ALL;
    let shift = |dir: Direction, bb: Bitboard<W>| geometry.shift(dir, bb);
    let jump = |dir: Direction, from: Bitboard<W>| shift(dir, shift(dir, from) & opp) & empty;
    let (mut ln, mut ls, mut le, mut lw) = (jump(n, own), jump(s, own), jump(e, own), jump(w, own));
    let mut reach = Reach {
        moves: 0,
        movable: shift(s, shift(s, ln))
            | shift(n, shift(n, ls))
            | shift(w, shift(w, le))
            | shift(e, shift(e, lw)),
        captures: Bitboard::EMPTY,
    };
    while (ln | ls | le | lw).any() {
        reach.moves += ln.count() + ls.count() + le.count() + lw.count();
        reach.captures |= shift(s, ln) | shift(n, ls) | shift(w, le) | shift(e, lw);
        (ln, ls, le, lw) = (jump(n, ln), jump(s, ls), jump(e, le), jump(w, lw));
    }
    reach
}

/// The index of `own_mobility`, the side to move's number of legal moves.
const OWN_MOBILITY: usize = 1;

/// The unweighted terms in the order of [`NAMES`].
#[inline(always)]
fn raw_terms<W: Word>(position: &BitPosition<W>) -> [i32; TERMS] {
    let geometry = position.geometry();
    let us = position.side_to_move();
    let (own, opp, empty) = (position.pieces(us), position.pieces(!us), position.empty());
    let ours = reach(geometry, own, opp, empty);
    let our_moves = if position.phase() == Phase::Jumps {
        ours.moves
    } else {
        position.count_moves()
    };
    let theirs = reach(geometry, opp, own, empty);
    let count = |bb: Bitboard<W>| bb.count() as i32;
    [
        our_moves as i32 - theirs.moves as i32,
        our_moves as i32,
        count(ours.movable) - count(theirs.movable),
        count(theirs.captures) - count(ours.captures),
        count(own.without(geometry.neighbours(opp))) - count(opp.without(geometry.neighbours(own))),
        count(own) - count(opp),
    ]
}

impl EvalWeights {
    /// Every weight 0.
    pub const ZERO: EvalWeights = EvalWeights {
        mobility: 0,
        mobility_end: 0,
        own_mobility: 0,
        own_mobility_end: 0,
        movable_pieces: 0,
        movable_pieces_end: 0,
        threatened: 0,
        threatened_end: 0,
        isolated: 0,
        isolated_end: 0,
        pieces: 0,
        pieces_end: 0,
    };

    /// The full board's weights in the order of [`NAMES`].
    pub fn weights(&self) -> [i32; TERMS] {
        [
            self.mobility,
            self.own_mobility,
            self.movable_pieces,
            self.threatened,
            self.isolated,
            self.pieces,
        ]
    }

    /// The endgame's weights in the order of [`NAMES`].
    pub fn endgame_weights(&self) -> [i32; TERMS] {
        [
            self.mobility_end,
            self.own_mobility_end,
            self.movable_pieces_end,
            self.threatened_end,
            self.isolated_end,
            self.pieces_end,
        ]
    }

    /// The weights at taper `taper` (see [`taper`]).
    #[inline(always)]
    fn weights_at(&self, taper: i32) -> [i32; TERMS] {
        let (full, end) = (self.weights(), self.endgame_weights());
        std::array::from_fn(|i| (full[i] * taper + end[i] * (TAPER - taper)) / TAPER)
    }

    /// The evaluation of `position` from the side to move's view.
    pub fn evaluate<W: Word>(&self, position: &BitPosition<W>) -> i32 {
        self.weighted(position, &raw_terms(position))
    }

    /// The evaluation, or `None` when the side to move has no move (and has lost).
    #[inline]
    pub fn evaluate_unless_lost<W: Word>(&self, position: &BitPosition<W>) -> Option<i32> {
        let raw = raw_terms(position);
        (raw[OWN_MOBILITY] != 0).then(|| self.weighted(position, &raw))
    }

    #[inline(always)]
    fn weighted<W: Word>(&self, position: &BitPosition<W>, raw: &[i32; TERMS]) -> i32 {
        let weights = self.weights_at(taper_bits(position));
        raw.iter()
            .zip(weights)
            .map(|(&raw, weight)| raw * weight)
            .sum()
    }

    /// The evaluation of a position of any size from the side to move's view.
    pub fn evaluate_position(&self, position: &Position) -> i32 {
        struct Evaluate<'a>(&'a EvalWeights);
        impl PositionVisitor for Evaluate<'_> {
            type Output = i32;
            fn visit<W: Word>(self, position: &BitPosition<W>) -> i32 {
                self.0.evaluate(position)
            }
        }
        position.visit(Evaluate(self))
    }

    /// The evaluation with every term shown.
    pub fn explain(&self, position: &Position) -> Evaluation {
        struct Terms;
        impl PositionVisitor for Terms {
            type Output = ([i32; TERMS], i32);
            fn visit<W: Word>(self, position: &BitPosition<W>) -> ([i32; TERMS], i32) {
                (raw_terms(position), taper_bits(position))
            }
        }
        let (raw, taper) = position.visit(Terms);
        let weights = self.weights_at(taper);
        let terms: Vec<EvalTerm> = NAMES
            .iter()
            .zip(raw)
            .zip(weights)
            .map(|((&name, raw), weight)| EvalTerm {
                name,
                raw,
                value: raw * weight,
            })
            .collect();
        let total = terms.iter().map(|t| t.value).sum();
        Evaluation { terms, total }
    }
}

#[cfg(test)]
mod tests {
    use konane_core::{Board, Color};
    use rand::rngs::StdRng;
    use rand::seq::SliceRandom;
    use rand::SeedableRng;

    use super::*;

    /// Every position of seeded random games on boards from 4x4 to 16x16.
    fn positions() -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(15);
        let mut all = Vec::new();
        for (width, height, games) in [
            (4, 4, 20),
            (5, 6, 20),
            (6, 6, 20),
            (7, 8, 20),
            (8, 8, 20),
            (10, 10, 4),
            (16, 5, 4),
            (16, 16, 1),
        ] {
            for _ in 0..games {
                let mut position = Position::start(Board::new(width, height).unwrap());
                loop {
                    all.push(position);
                    let moves = position.legal_moves();
                    let Some(&mv) = moves.choose(&mut rng) else {
                        break;
                    };
                    position.play(mv);
                }
            }
        }
        all
    }

    /// The pieces of `victim` that the other side could capture with one move.
    fn capturable<W: Word>(position: &BitPosition<W>, victim: Color) -> Bitboard<W> {
        let attacker = position.with_side_to_move(!victim);
        attacker
            .legal_moves()
            .iter()
            .fold(Bitboard::EMPTY, |all, &mv| all | attacker.captures(mv))
    }

    /// The terms computed by the evaluation and by their definitions.
    fn terms_both_ways<W: Word>(position: &BitPosition<W>) -> ([i32; TERMS], [i32; TERMS]) {
        let count = |bb: Bitboard<W>| bb.count() as i32;
        let geometry = position.geometry();
        let us = position.side_to_move();
        let (own, opp) = (position.pieces(us), position.pieces(!us));
        let beside =
            |side: Bitboard<W>, other: Bitboard<W>| count(side.without(geometry.neighbours(other)));
        let ours = position.count_moves() as i32;
        let theirs = position.count_jumps_for(!us) as i32;
        let expected = [
            if position.phase() == Phase::Jumps {
                ours - theirs
            } else {
                raw_terms(position)[0]
            },
            ours,
            count(position.movable_pieces(us)) - count(position.movable_pieces(!us)),
            if position.phase() == Phase::Jumps {
                count(capturable(position, us)) - count(capturable(position, !us))
            } else {
                raw_terms(position)[3]
            },
            beside(own, opp) - beside(opp, own),
            count(own) - count(opp),
        ];
        (raw_terms(position), expected)
    }

    struct BothWays;
    impl PositionVisitor for BothWays {
        type Output = ([i32; TERMS], [i32; TERMS]);
        fn visit<W: Word>(self, position: &BitPosition<W>) -> Self::Output {
            terms_both_ways(position)
        }
    }

    #[test]
    fn mobility_weights_alone_give_the_mobility_evaluation() {
        let weights = EvalWeights {
            mobility: 100,
            mobility_end: 100,
            movable_pieces: 20,
            movable_pieces_end: 20,
            ..EvalWeights::ZERO
        };
        for position in positions() {
            let us = position.side_to_move();
            let mobility = position.count_moves() as i32 - position.count_jumps_for(!us) as i32;
            let movable = position.movable_pieces(us).len() as i32
                - position.movable_pieces(!us).len() as i32;
            let expected = 100 * mobility + 20 * movable;
            assert_eq!(
                weights.evaluate_position(&position),
                expected,
                "{}",
                position.to_fen()
            );
        }
    }

    #[test]
    fn every_term_counts_what_its_name_says() {
        for position in positions() {
            let (raw, expected) = position.visit(BothWays);
            assert_eq!(raw, expected, "{}", position.to_fen());
        }
    }

    #[test]
    fn the_weights_taper_from_the_full_board_to_the_endgame() {
        let full = Position::start(Board::STANDARD);
        assert_eq!(taper(&full), TAPER);
        let endgame = Position::from_fen("bw6/8/8/8/8/8/8/8 b").unwrap();
        assert_eq!(taper(&endgame), 0);
        let weights = EvalWeights {
            pieces: 64,
            ..EvalWeights::ZERO
        };
        assert_eq!(weights.weights_at(TAPER)[5], 64);
        assert_eq!(weights.weights_at(TAPER / 2)[5], 32);
        assert_eq!(weights.weights_at(0)[5], 0);
        let shown = weights.explain(&full);
        assert_eq!(
            shown.terms.iter().map(|t| t.name).collect::<Vec<_>>(),
            NAMES
        );
        assert_eq!(shown.total, weights.evaluate_position(&full));
    }
}
