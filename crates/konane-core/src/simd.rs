//! The one vector kernel of the crate: [`cross`], the dot product of eight row entries
//! with the transpose of eight column entries (see
//! [`LineCounter`](crate::line_count::LineCounter)), with SSSE3 on x86-64 targets that
//! have it and a plain loop everywhere else. Both are always compiled; the tests check
//! them against each other.
//!
//! The only `unsafe` of the crate is here: calling SSE intrinsics (which the compiler
//! marks unsafe unless the calling function enables the feature) in a function compiled
//! only for targets with SSSE3, and reading 16 bytes through references to `[u8; 16]`.
#![allow(unsafe_code)]

/// One line's entry as a row, `[d'(0..8) | t(0..8)]`, or as a column, interleaved
/// `[t(0), d'(0), t(1), d'(1), …]`, where `t` and `d'` are small non-negative bytes.
pub(crate) type Entry = [u8; 16];

/// `Σ_{r,f} rows[r][f]·cols[f][2r] + rows[r][8+f]·cols[f][2r+1]`: per square (file f,
/// rank r), a row's `d'` times a column's `t` plus a row's `t` times a column's `d'`.
/// Every byte must be below 32 (the 16-bit sums of the vector path cannot overflow).
#[inline(always)]
pub(crate) fn cross(rows: &[&Entry; 8], cols: &[&Entry; 8]) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
    {
        cross_ssse3(rows, cols)
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "ssse3")))]
    {
        cross_plain(rows, cols)
    }
}

/// [`cross`] by the definition.
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "ssse3"),
    allow(dead_code)
)]
#[inline(always)]
pub(crate) fn cross_plain(rows: &[&Entry; 8], cols: &[&Entry; 8]) -> u32 {
    let mut total = 0;
    for (r, row) in rows.iter().enumerate() {
        for (f, col) in cols.iter().enumerate() {
            total += row[f] as u32 * col[2 * r] as u32 + row[8 + f] as u32 * col[2 * r + 1] as u32;
        }
    }
    total
}

/// [`cross`] in SSSE3: the columns are transposed by three rounds of unpacks (bytes,
/// pairs, quads), which leaves rank r's `[t(f) for f | d'(f) for f]` in one register,
/// and multiplied with the rows by `pmaddubsw`.
#[cfg(all(target_arch = "x86_64", target_feature = "ssse3"))]
#[inline(always)]
fn cross_ssse3(rows: &[&Entry; 8], cols: &[&Entry; 8]) -> u32 {
    use std::arch::x86_64::*;
    // SAFETY: this function is compiled only for targets with SSSE3 (and so SSE2), so
    // every intrinsic called is supported; each load reads the 16 bytes of a `&[u8; 16]`
    // (unaligned loads, any address is fine).
    unsafe {
        let load = |entry: &Entry| _mm_loadu_si128(entry.as_ptr().cast());
        let c: [__m128i; 8] = std::array::from_fn(|f| load(cols[f]));
        // Bytes: a[p] holds ranks 0..4 (low) and b[p] ranks 4..8 of columns 2p, 2p+1.
        let a: [__m128i; 4] = std::array::from_fn(|p| _mm_unpacklo_epi8(c[2 * p], c[2 * p + 1]));
        let b: [__m128i; 4] = std::array::from_fn(|p| _mm_unpackhi_epi8(c[2 * p], c[2 * p + 1]));
        // Pairs of columns into quads: g[q][k] holds rank (2k, 2k+1)'s bytes of columns
        // 4q..4q+4, k = 0..4.
        let g = |x: &[__m128i; 4], q: usize| {
            [
                _mm_unpacklo_epi16(x[2 * q], x[2 * q + 1]),
                _mm_unpackhi_epi16(x[2 * q], x[2 * q + 1]),
            ]
        };
        let (a0, a1, b0, b1) = (g(&a, 0), g(&a, 1), g(&b, 0), g(&b, 1));
        let quads = [
            (a0[0], a1[0]),
            (a0[1], a1[1]),
            (b0[0], b1[0]),
            (b0[1], b1[1]),
        ];
        let mut sum = _mm_setzero_si128();
        for (k, (low, high)) in quads.into_iter().enumerate() {
            // Ranks 2k and 2k+1: [t(f) | d'(f)] over the eight files.
            let even = _mm_unpacklo_epi32(low, high);
            let odd = _mm_unpackhi_epi32(low, high);
            sum = _mm_add_epi16(sum, _mm_maddubs_epi16(load(rows[2 * k]), even));
            sum = _mm_add_epi16(sum, _mm_maddubs_epi16(load(rows[2 * k + 1]), odd));
        }
        let sum = _mm_madd_epi16(sum, _mm_set1_epi16(1));
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0b01_00_11_10));
        let sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0b10_11_00_01));
        _mm_cvtsi128_si32(sum) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_kernel_equals_the_plain_sum() {
        let mut rng = StdRng::seed_from_u64(5);
        for round in 0..2000 {
            // Small values as in the tables, and the largest allowed ones.
            let top = if round % 2 == 0 { 8 } else { 32 };
            let entries: Vec<Entry> = (0..16)
                .map(|_| std::array::from_fn(|_| rng.gen_range(0..top) as u8))
                .collect();
            let rows: [&Entry; 8] = std::array::from_fn(|r| &entries[r]);
            let cols: [&Entry; 8] = std::array::from_fn(|f| &entries[8 + f]);
            let plain = cross_plain(&rows, &cols);
            assert_eq!(cross(&rows, &cols), plain);
            // One product is found where it belongs.
            let mut single = [[0u8; 16]; 16];
            let (r, f) = (rng.gen_range(0..8), rng.gen_range(0..8));
            single[r][8 + f] = 3;
            single[8 + f][2 * r + 1] = 5;
            let rows: [&Entry; 8] = std::array::from_fn(|r| &single[r]);
            let cols: [&Entry; 8] = std::array::from_fn(|f| &single[8 + f]);
            assert_eq!(cross(&rows, &cols), 15);
            assert_eq!(cross_plain(&rows, &cols), 15);
        }
    }
}
