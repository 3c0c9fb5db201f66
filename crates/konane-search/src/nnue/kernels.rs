//! The net's arithmetic on fixed-size arrays: accumulator columns added and taken away,
//! the clipped ReLU, and the dense layer of `u8` activations by `i8` weights.
//!
//! The column updates and the clip are plain loops over fixed-size arrays, which the
//! compiler turns into vector code for whatever CPU the build targets (SSE2 at least on
//! x86-64). The dense layer's `u8`·`i8` products want `pmaddubsw`, which the compiler
//! does not find by itself: [`dense`] uses AVX2 where the build targets it (the engine is
//! built with `target-cpu=native`) and [`dense_plain`] everywhere else; both are compiled
//! where AVX2 is, and the tests check them against each other.
//!
//! The only `unsafe` of the crate is here: calling AVX2 intrinsics (which the compiler
//! marks unsafe unless the calling function enables the feature) in a function compiled
//! only for targets with AVX2, loading 32 bytes at a time from arrays whose length is a
//! multiple of 32.
#![allow(unsafe_code)]

use super::{ACCUMULATOR, HIDDEN, QA};

/// The activations of both perspectives.
type Input = [u8; 2 * ACCUMULATOR];
/// The dense layer's weights, one row per neuron.
type Rows = [[i8; 2 * ACCUMULATOR]; HIDDEN];

/// `acc += column` (wrapping: a loaded net cannot overflow, see `file`).
#[inline(always)]
pub(super) fn add(acc: &mut [i16; ACCUMULATOR], column: &[i16; ACCUMULATOR]) {
    for (a, c) in acc.iter_mut().zip(column) {
        *a = a.wrapping_add(*c);
    }
}

/// `acc -= column`.
#[inline(always)]
pub(super) fn sub(acc: &mut [i16; ACCUMULATOR], column: &[i16; ACCUMULATOR]) {
    for (a, c) in acc.iter_mut().zip(column) {
        *a = a.wrapping_sub(*c);
    }
}

/// The clipped ReLU: each value bounded to `0..=QA`.
#[inline(always)]
pub(super) fn clip(acc: &[i16; ACCUMULATOR], out: &mut [u8]) {
    for (o, a) in out.iter_mut().zip(acc) {
        *o = (*a).clamp(0, QA as i16) as u8;
    }
}

/// Each row's dot product with `input`, in `i32`.
#[inline(always)]
pub(super) fn dense(input: &Input, rows: &Rows) -> [i32; HIDDEN] {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    {
        dense_avx2(input, rows)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
    {
        dense_plain(input, rows)
    }
}

/// [`dense`] by the definition.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "avx2", not(test)),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn dense_plain(input: &Input, rows: &Rows) -> [i32; HIDDEN] {
    std::array::from_fn(|j| {
        input
            .iter()
            .zip(&rows[j])
            .map(|(&a, &w)| a as i32 * w as i32)
            .sum()
    })
}

/// [`dense`] in AVX2: `vpmaddubsw` multiplies 32 activations by 32 weights into 16
/// pair sums (at most 2·127·128 in size: no saturation, as activations are at most
/// `QA` = 127), `vpmaddwd` by ones widens them to `i32`, and the lanes are summed.
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
#[inline(always)]
fn dense_avx2(input: &Input, rows: &Rows) -> [i32; HIDDEN] {
    use std::arch::x86_64::*;
    const LANES: usize = 32;
    const _: () = assert!((2 * ACCUMULATOR).is_multiple_of(LANES));
    // SAFETY: this function is compiled only for targets with AVX2, so every intrinsic
    // called is supported; each load reads 32 bytes at offset `LANES·k` of a
    // `[u8; 2·ACCUMULATOR]` or `[i8; 2·ACCUMULATOR]` with `LANES·(k+1)` at most its
    // length (the assertion above), through unaligned loads (any address is fine).
    unsafe {
        let load = |bytes: *const u8, k: usize| _mm256_loadu_si256(bytes.add(LANES * k).cast());
        let ones = _mm256_set1_epi16(1);
        let a: [__m256i; 2 * ACCUMULATOR / LANES] =
            std::array::from_fn(|k| load(input.as_ptr(), k));
        std::array::from_fn(|j| {
            let row = rows[j].as_ptr().cast::<u8>();
            let mut sum = _mm256_setzero_si256();
            for (k, &activations) in a.iter().enumerate() {
                let pairs = _mm256_maddubs_epi16(activations, load(row, k));
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(pairs, ones));
            }
            let half = _mm_add_epi32(
                _mm256_castsi256_si128(sum),
                _mm256_extracti128_si256(sum, 1),
            );
            let half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0b01_00_11_10));
            let half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0b10_11_00_01));
            _mm_cvtsi128_si32(half)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_dense_layer_equals_the_plain_sums() {
        let mut rng = StdRng::seed_from_u64(3);
        for round in 0..500 {
            // The extremes as well as random values.
            let input: Input = std::array::from_fn(|_| match round % 3 {
                0 => QA as u8,
                _ => rng.gen_range(0..=QA as u8),
            });
            let rows: Rows = std::array::from_fn(|_| {
                std::array::from_fn(|_| match round % 3 {
                    0 => [-128, 127][rng.gen_range(0..2)],
                    _ => rng.gen(),
                })
            });
            let expected: [i32; HIDDEN] = std::array::from_fn(|j| {
                (0..2 * ACCUMULATOR)
                    .map(|i| input[i] as i32 * rows[j][i] as i32)
                    .sum()
            });
            assert_eq!(dense_plain(&input, &rows), expected);
            assert_eq!(dense(&input, &rows), expected);
        }
    }

    #[test]
    fn columns_add_and_subtract_and_the_clip_bounds() {
        let mut acc = [5i16; ACCUMULATOR];
        let column: [i16; ACCUMULATOR] = std::array::from_fn(|i| i as i16 * 3 - 90);
        add(&mut acc, &column);
        assert_eq!(acc[0], -85);
        assert_eq!(acc[63], 5 + 63 * 3 - 90);
        let mut out = [0u8; ACCUMULATOR];
        clip(&acc, &mut out);
        assert_eq!(out[0], 0);
        assert_eq!(out[63], 104);
        add(&mut acc, &[200; ACCUMULATOR]);
        clip(&acc, &mut out);
        assert_eq!(out[63], QA as u8);
        sub(&mut acc, &[200; ACCUMULATOR]);
        sub(&mut acc, &column);
        assert_eq!(acc, [5i16; ACCUMULATOR]);
    }
}
