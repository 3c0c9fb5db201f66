//! The evaluation one search thread uses: the hand-written terms (`eval`), or on 8x8 the
//! learned network (`nnue`) with one accumulator per ply of the line being searched,
//! each computed from its parent's as the search steps into a move.

use std::sync::Arc;

use konane_core::{BitMove, BitPosition, Phase, Word};

use crate::eval::EvalWeights;
use crate::nnue::{Accumulator, Network};
use crate::options::SearchOptions;
use crate::score::MAX_PLY;

pub(crate) enum Evaluator {
    Classic(EvalWeights),
    Nnue {
        net: Arc<Network>,
        /// The accumulator of the position at each ply of the current line.
        stack: Box<[Accumulator]>,
    },
}

impl Evaluator {
    /// The evaluation `options` choose for a search of `root`: the net when one is
    /// chosen and it handles the board, the hand-written terms otherwise.
    pub fn new<W: Word>(options: &SearchOptions, root: &BitPosition<W>) -> Evaluator {
        match &options.net {
            Some(net) if Network::handles(root.board()) => Evaluator::Nnue {
                stack: vec![net.refresh(root); MAX_PLY].into_boxed_slice(),
                net: Arc::clone(net),
            },
            _ => Evaluator::Classic(options.eval.clone()),
        }
    }

    /// The evaluation of `position`, the position at `ply` of the current line, from
    /// the side to move's view, or `None` when the side to move has no move (and has
    /// lost).
    #[inline(always)]
    pub fn evaluate_unless_lost<W: Word>(
        &self,
        position: &BitPosition<W>,
        ply: usize,
    ) -> Option<i32> {
        match self {
            Evaluator::Classic(weights) => weights.evaluate_unless_lost(position),
            Evaluator::Nnue { net, stack } => {
                let side = position.side_to_move();
                let can_move = match position.phase() {
                    Phase::Jumps => position.movable_pieces(side).any(),
                    Phase::FirstRemoval | Phase::SecondRemoval => position.removable().any(),
                };
                can_move.then(|| net.evaluate(&stack[ply], side))
            }
        }
    }

    /// The evaluation of the position after `mv` in `position` (the position at `ply`),
    /// from the view of the side to move there (the opponent's).
    #[inline(always)]
    pub fn evaluate_after<W: Word>(
        &self,
        position: &BitPosition<W>,
        ply: usize,
        mv: BitMove,
    ) -> i32 {
        match self {
            Evaluator::Classic(weights) => weights.evaluate(&position.after(mv)),
            Evaluator::Nnue { net, stack } => net.evaluate(
                &net.update(&stack[ply], position, mv),
                !position.side_to_move(),
            ),
        }
    }

    /// The search steps from `position`, at `ply`, into `mv`: the net's accumulator at
    /// `ply + 1` becomes that of the child.
    #[inline(always)]
    pub fn enter<W: Word>(&mut self, position: &BitPosition<W>, ply: usize, mv: BitMove) {
        if let Evaluator::Nnue { net, stack } = self {
            if ply + 1 < stack.len() {
                stack[ply + 1] = net.update(&stack[ply], position, mv);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use konane_core::{Board, Position};
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::nnue::tests::random_net;
    use crate::{SearchControl, SearchLimits, SearchResult, Searcher};

    fn with_net(net: Option<Arc<Network>>) -> SearchOptions {
        SearchOptions {
            net,
            hash_mib: 4,
            ..SearchOptions::default()
        }
    }

    /// Down random 8x8 games, the evaluator stepping from ply to ply gives the net's
    /// evaluation from scratch of every position and of every child, and `None` where
    /// the side to move is lost.
    #[test]
    fn the_accumulator_stack_follows_the_line() {
        let net = Arc::new(random_net(11));
        let mut rng = StdRng::seed_from_u64(12);
        for _ in 0..20 {
            let mut position = *Position::start(Board::STANDARD).bits::<u64>().unwrap();
            let mut eval = Evaluator::new(&with_net(Some(Arc::clone(&net))), &position);
            for ply in 0.. {
                let moves = position.legal_moves();
                let expected = (!moves.is_empty()).then(|| net.evaluate_position(&position));
                assert_eq!(eval.evaluate_unless_lost(&position, ply), expected);
                for &mv in moves.iter() {
                    assert_eq!(
                        eval.evaluate_after(&position, ply, mv),
                        net.evaluate_position(&position.after(mv))
                    );
                }
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                eval.enter(&position, ply, mv);
                position.play(mv);
            }
        }
    }

    fn search(options: SearchOptions, fen: &str) -> SearchResult {
        let position = Position::from_fen(fen).unwrap();
        let mut searcher = Searcher::new(options);
        searcher.search(
            &position,
            &SearchLimits::depth(6),
            &SearchControl::default(),
            &mut |_| {},
        )
    }

    #[test]
    fn a_net_searches_8x8_and_leaves_other_boards_to_the_weights() {
        let net = Arc::new(random_net(13));
        let fen = crate::bench::BENCH_FENS[3];
        let classic = search(with_net(None), fen);
        let learned = search(with_net(Some(Arc::clone(&net))), fen);
        assert_eq!(
            learned.nodes,
            search(with_net(Some(Arc::clone(&net))), fen).nodes
        );
        assert_ne!(learned.nodes, classic.nodes, "the net changes the search");
        let position = Position::from_fen(fen).unwrap();
        assert!(position.legal_moves().contains(&learned.best_move.unwrap()));
        // 6x6: the net is not used.
        let fen = crate::bench::BENCH_FENS[6];
        let classic = search(with_net(None), fen);
        let learned = search(with_net(Some(net)), fen);
        assert_eq!(
            (learned.nodes, learned.best_move),
            (classic.nodes, classic.best_move)
        );
    }
}
