//! The learned evaluation of 8x8 positions: a small NNUE-style network in integers.
//!
//! - **Inputs**: the pieces by square and colour, seen from each side ("perspective"):
//!   feature `own·64 + square` for a piece of the perspective's side, `64 + square` for
//!   an opponent's piece, where White's squares are mirrored left to right (`a1` ↔ `h1`).
//!   The mirror maps White's shade onto Black's, so a position and its colour-swapped
//!   mirror (the other side to move) read the same features: one set of weights serves
//!   both sides. 128 inputs, at most 64 of them set.
//! - **Accumulator** (first layer): per perspective, the bias plus the columns of the set
//!   features, in `i16`. A move changes it by a few columns ([`Network::update`]): the
//!   mover leaves its square and lands on its target, each jumped piece goes; a removal
//!   takes one piece. [`Network::refresh`] computes it from scratch (the reference).
//! - **Output**: clipped ReLU of both accumulators (the side to move's first) to `0..=127`,
//!   a dense layer of [`HIDDEN`] neurons (`i8` weights, `i32` sums, clipped ReLU again),
//!   and one output neuron, scaled to centi-moves by the net's own scale
//!   ([`Network::evaluate`]). The dense layers run in AVX2 where the build targets it
//!   and in plain loops otherwise (the private `kernels` module).
//!
//! Float value `v` of a layer is stored as `round(v·QA)` for the accumulator and the
//! activations and `round(v·QB)` for the dense weights; the trainer
//! (`scripts/nnue/train.py`) writes the same quantisation. Nets are read and written by
//! [`Network::from_bytes`] and [`Network::to_bytes`] (format in the `file` module).

mod file;
mod kernels;

use std::sync::{Arc, OnceLock};

use konane_core::{BitMove, BitPosition, Board, Color, Word};

pub use file::NetError;

/// The squares the net reads: the 8x8 board.
pub const SQUARES: usize = 64;
/// Inputs per perspective: own and opponent pieces by square.
pub const INPUTS: usize = 2 * SQUARES;
/// Accumulator neurons per perspective.
pub const ACCUMULATOR: usize = 256;
/// Neurons of the hidden dense layer.
pub const HIDDEN: usize = 16;
/// Scale of the accumulator and of every activation (float 1.0 is `QA`, the clip's top).
pub const QA: i32 = 127;
/// Scale of the dense layers' weights (float 1.0 is `QB`).
pub const QB: i32 = 64;
/// The largest evaluation the net returns (either sign), in centi-moves: far from the
/// search's exact win and loss scores.
pub const MAX_EVAL: i32 = 10_000;

/// The board the net evaluates.
pub const BOARD: Board = Board::STANDARD;

/// The first layer's values for both perspectives (index: [`Color::index`]).
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Accumulator {
    values: [[i16; ACCUMULATOR]; 2],
}

/// A network's weights, quantised (see the module's documentation).
#[derive(Clone, Eq, PartialEq)]
pub struct Network {
    /// One column per input feature.
    feature_weights: Box<[[i16; ACCUMULATOR]; INPUTS]>,
    feature_bias: [i16; ACCUMULATOR],
    /// One row per hidden neuron, over both perspectives' activations.
    hidden_weights: Box<[[i8; 2 * ACCUMULATOR]; HIDDEN]>,
    hidden_bias: [i32; HIDDEN],
    output_weights: [i8; HIDDEN],
    output_bias: i32,
    /// Centi-moves per unit of the output (the trainer's sigmoid scale).
    scale: i32,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({INPUTS}x{ACCUMULATOR}x2 -> {HIDDEN} -> 1, scale {})",
            self.scale
        )
    }
}

/// The net built into the engine (`EvalFile` empty), made by the command in
/// `crates/konane-search/nets/README.md`.
const EMBEDDED: &[u8] = include_bytes!("../../nets/default.nnue");

/// The input feature of a piece of `color` on bit index `square`, from `perspective`.
#[inline(always)]
fn feature(perspective: Color, color: Color, square: u8) -> usize {
    let square = match perspective {
        Color::Black => square,
        Color::White => square ^ 7,
    } as usize;
    if color == perspective {
        square
    } else {
        SQUARES + square
    }
}

impl Network {
    /// The net built into the engine (read once, then shared).
    pub fn embedded() -> Arc<Network> {
        static NET: OnceLock<Arc<Network>> = OnceLock::new();
        Arc::clone(NET.get_or_init(|| {
            Arc::new(Network::from_bytes(EMBEDDED).expect("the built-in net is valid"))
        }))
    }

    /// Reads a net file at `path`.
    pub fn load(path: &std::path::Path) -> Result<Network, NetError> {
        let bytes = std::fs::read(path).map_err(|e| NetError::Io(path.display().to_string(), e))?;
        Network::from_bytes(&bytes)
    }

    /// Whether the net evaluates positions of `board`.
    pub fn handles(board: Board) -> bool {
        board == BOARD
    }

    /// Centi-moves per unit of the output.
    pub fn scale(&self) -> i32 {
        self.scale
    }

    /// The accumulator of `position` (an 8x8 position) from scratch.
    pub fn refresh<W: Word>(&self, position: &BitPosition<W>) -> Accumulator {
        debug_assert!(Network::handles(position.board()));
        let mut values = [self.feature_bias; 2];
        for perspective in [Color::Black, Color::White] {
            let acc = &mut values[perspective.index()];
            for color in [Color::Black, Color::White] {
                for square in position.pieces(color) {
                    kernels::add(
                        acc,
                        &self.feature_weights[feature(perspective, color, square)],
                    );
                }
            }
        }
        Accumulator { values }
    }

    /// The accumulator after `mv` is played in `position`, from `acc`, the accumulator of
    /// `position`: the columns of the pieces that moved or went are added or taken away.
    #[inline]
    pub fn update<W: Word>(
        &self,
        acc: &Accumulator,
        position: &BitPosition<W>,
        mv: BitMove,
    ) -> Accumulator {
        let us = position.side_to_move();
        let captured = position.captures(mv);
        let mut next = acc.clone();
        for perspective in [Color::Black, Color::White] {
            let values = &mut next.values[perspective.index()];
            let column = |color: Color, square: u8| {
                &self.feature_weights[feature(perspective, color, square)]
            };
            kernels::sub(values, column(us, mv.from()));
            if !mv.is_removal() {
                kernels::add(values, column(us, mv.to()));
                for square in captured {
                    kernels::sub(values, column(!us, square));
                }
            }
        }
        next
    }

    /// The evaluation in centi-moves from the view of `side`, the side to move of the
    /// position whose accumulator is `acc`.
    #[inline]
    pub fn evaluate(&self, acc: &Accumulator, side: Color) -> i32 {
        self.evaluate_with(acc, side, kernels::dense)
    }

    /// [`Network::evaluate`] with the dense layer `dense` (the vector or the plain one).
    #[inline(always)]
    fn evaluate_with(
        &self,
        acc: &Accumulator,
        side: Color,
        dense: fn(&[u8; 2 * ACCUMULATOR], &[[i8; 2 * ACCUMULATOR]; HIDDEN]) -> [i32; HIDDEN],
    ) -> i32 {
        let mut input = [0u8; 2 * ACCUMULATOR];
        let (ours, theirs) = input.split_at_mut(ACCUMULATOR);
        kernels::clip(&acc.values[side.index()], ours);
        kernels::clip(&acc.values[(!side).index()], theirs);
        let sums = dense(&input, &self.hidden_weights);
        let mut output = self.output_bias;
        for ((sum, bias), weight) in sums.iter().zip(self.hidden_bias).zip(self.output_weights) {
            let hidden = ((sum + bias) >> QB.trailing_zeros()).clamp(0, QA);
            output += hidden * weight as i32;
        }
        let eval = output as i64 * self.scale as i64 / (QA * QB) as i64;
        eval.clamp(-MAX_EVAL as i64, MAX_EVAL as i64) as i32
    }

    /// The evaluation of `position` (8x8) from the side to move's view, from scratch.
    pub fn evaluate_position<W: Word>(&self, position: &BitPosition<W>) -> i32 {
        self.evaluate(&self.refresh(position), position.side_to_move())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use konane_core::Position;
    use proptest::prelude::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A net of random weights (within the file's bounds), seeded.
    pub(crate) fn random_net(seed: u64) -> Network {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut feature_weights = Box::new([[0i16; ACCUMULATOR]; INPUTS]);
        for column in feature_weights.iter_mut() {
            for w in column.iter_mut() {
                *w = rng.gen_range(-120..=120);
            }
        }
        let mut hidden_weights = Box::new([[0i8; 2 * ACCUMULATOR]; HIDDEN]);
        for row in hidden_weights.iter_mut() {
            for w in row.iter_mut() {
                *w = rng.gen_range(-128..=127);
            }
        }
        Network {
            feature_weights,
            feature_bias: std::array::from_fn(|_| rng.gen_range(-200..=200)),
            hidden_weights,
            hidden_bias: std::array::from_fn(|_| rng.gen_range(-5000..=5000)),
            output_weights: std::array::from_fn(|_| rng.gen_range(-128..=127)),
            output_bias: rng.gen_range(-5000..=5000),
            scale: 300,
        }
    }

    /// The evaluation by its definition, in `i64` from the float-free formulas.
    fn by_definition(net: &Network, position: &BitPosition<u64>) -> i32 {
        let side = position.side_to_move();
        let mut input = Vec::new();
        for perspective in [side, !side] {
            for neuron in 0..ACCUMULATOR {
                let mut sum = net.feature_bias[neuron] as i64;
                for color in [Color::Black, Color::White] {
                    for square in position.pieces(color) {
                        sum +=
                            net.feature_weights[feature(perspective, color, square)][neuron] as i64;
                    }
                }
                input.push(sum.clamp(0, QA as i64));
            }
        }
        let mut output = net.output_bias as i64;
        for j in 0..HIDDEN {
            let sum: i64 = input
                .iter()
                .zip(net.hidden_weights[j])
                .map(|(&a, w)| a * w as i64)
                .sum::<i64>()
                + net.hidden_bias[j] as i64;
            output +=
                (sum.div_euclid(QB as i64)).clamp(0, QA as i64) * net.output_weights[j] as i64;
        }
        (output * net.scale as i64 / (QA * QB) as i64).clamp(-MAX_EVAL as i64, MAX_EVAL as i64)
            as i32
    }

    /// The positions of a random 8x8 game from `seed`, with the move played from each.
    fn random_game(seed: u64) -> Vec<(BitPosition<u64>, Option<BitMove>)> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut position = *Position::start(BOARD).bits::<u64>().unwrap();
        let mut game = Vec::new();
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                game.push((position, None));
                return game;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            game.push((position, Some(mv)));
            position.play(mv);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Along a random game, the accumulator updated move by move equals the one
        /// computed from scratch, and the evaluation equals its definition.
        #[test]
        fn the_updated_accumulator_equals_the_refreshed_one(seed in any::<u64>()) {
            let net = random_net(seed ^ 0x5eed);
            let game = random_game(seed);
            let mut acc = net.refresh(&game[0].0);
            for (position, mv) in &game {
                prop_assert_eq!(&acc, &net.refresh(position), "{}", position.to_fen());
                prop_assert_eq!(net.evaluate(&acc, position.side_to_move()), by_definition(&net, position));
                if let Some(mv) = mv {
                    acc = net.update(&acc, position, *mv);
                }
            }
        }
    }

    #[test]
    fn the_vector_and_plain_dense_layers_agree() {
        for seed in 0..20 {
            let net = random_net(seed);
            for (position, _) in random_game(seed + 100) {
                let acc = net.refresh(&position);
                let side = position.side_to_move();
                assert_eq!(
                    net.evaluate_with(&acc, side, kernels::dense),
                    net.evaluate_with(&acc, side, kernels::dense_plain)
                );
            }
        }
    }

    #[test]
    fn a_colour_swapped_mirror_evaluates_the_same() {
        let net = random_net(7);
        for (position, _) in random_game(8) {
            let mirror = |bb: konane_core::Bitboard<u64>| -> konane_core::Bitboard<u64> {
                bb.iter().map(|s| s ^ 7).collect()
            };
            let swapped = BitPosition::<u64>::from_bitboards(
                BOARD,
                mirror(position.pieces(Color::White)),
                mirror(position.pieces(Color::Black)),
                !position.side_to_move(),
            )
            .unwrap();
            assert_eq!(
                net.evaluate_position(&position),
                net.evaluate_position(&swapped)
            );
        }
    }

    #[test]
    fn the_built_in_net_loads_and_evaluates() {
        let net = Network::embedded();
        assert_eq!(net.to_bytes(), EMBEDDED);
        let start = *Position::start(BOARD).bits::<u64>().unwrap();
        let eval = net.evaluate_position(&start);
        assert!(eval.abs() < MAX_EVAL, "{eval}");
    }

    #[test]
    fn the_net_handles_8x8_only() {
        assert!(Network::handles(Board::STANDARD));
        assert!(!Network::handles(Board::new(6, 6).unwrap()));
        assert!(!Network::handles(Board::new(8, 7).unwrap()));
    }
}
