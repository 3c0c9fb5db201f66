//! Static evaluation: mobility-based terms with weights (engine.toml's `[eval]`), and a
//! breakdown of the terms for the `eval` command.

use konane_core::Position;

/// Weights of the evaluation terms, in centi-moves per unit of each term.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct EvalWeights {
    /// Per legal move of the side to move minus per legal move of the opponent.
    pub mobility: i32,
    /// Per own piece that can jump now minus per opponent piece that can.
    pub movable_pieces: i32,
}

impl Default for EvalWeights {
    fn default() -> Self {
        EvalWeights {
            mobility: 100,
            movable_pieces: 20,
        }
    }
}

/// One named term of an evaluation, already weighted, from the side to move's view.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct EvalTerm {
    pub name: &'static str,
    /// The unweighted difference (side to move minus opponent).
    pub raw: i32,
    /// `raw` times its weight.
    pub value: i32,
}

/// A full evaluation with its terms; `total` is their sum.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Evaluation {
    pub terms: Vec<EvalTerm>,
    pub total: i32,
}

/// The unweighted terms, side to move minus opponent, in a fixed order; `our_moves` is
/// the side to move's number of legal moves.
fn raw_terms(position: &Position, our_moves: u32) -> [(&'static str, i32); 2] {
    let us = position.side_to_move();
    let them = !us;
    let mobility = our_moves as i32 - position.count_jumps_for(them) as i32;
    let movable = position.movable_pieces(us).count_ones() as i32
        - position.movable_pieces(them).count_ones() as i32;
    [("mobility", mobility), ("movable_pieces", movable)]
}

impl EvalWeights {
    fn weights(&self) -> [i32; 2] {
        [self.mobility, self.movable_pieces]
    }

    /// The evaluation of `position` from the side to move's view.
    pub fn evaluate(&self, position: &Position) -> i32 {
        self.weighted(position, position.count_moves())
    }

    /// The evaluation, or `None` when the side to move has no move (and has lost).
    #[inline]
    pub fn evaluate_unless_lost(&self, position: &Position) -> Option<i32> {
        let our_moves = position.count_moves();
        (our_moves != 0).then(|| self.weighted(position, our_moves))
    }

    fn weighted(&self, position: &Position, our_moves: u32) -> i32 {
        raw_terms(position, our_moves)
            .iter()
            .zip(self.weights())
            .map(|(&(_, raw), weight)| raw * weight)
            .sum()
    }

    /// The evaluation with every term shown.
    pub fn explain(&self, position: &Position) -> Evaluation {
        let terms: Vec<EvalTerm> = raw_terms(position, position.count_moves())
            .iter()
            .zip(self.weights())
            .map(|(&(name, raw), weight)| EvalTerm {
                name,
                raw,
                value: raw * weight,
            })
            .collect();
        let total = terms.iter().map(|t| t.value).sum();
        Evaluation { terms, total }
    }
}
