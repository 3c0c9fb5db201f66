//! [`LineCounter`]: the leaves two plies below a position, counted without making its
//! children, from tables of the board's lines (boards up to 8x8, pieces on their shade).
//!
//! A piece never leaves its shade, so while every piece is on its own colour's shade a
//! line (a rank or a file, at most 8 squares) is described by its occupied squares and
//! by which parity of the line the mover's shade is. The jumps of a side are the sum
//! over lines of the jumps along each line. Let A be the mover of a position P and B
//! the other side; the leaves two plies below P are `S = Σ_m N_B(P·m)` over A's jumps
//! m. A jump along rank r changes rank r, and on each file it touches exactly one
//! square (one bit toggled: the piece that leaves, each captured piece, the landing).
//! So, with `N_B` B's jumps in P:
//!
//! `N_B(P·m) = N_B − J_B(rank r) + J_B(rank r after m) + Σ_{s toggled by m} δ_file(s)`,
//!
//! where `δ_file(s)` is the change in B's jumps along the file of s when s alone is
//! toggled. Summed over A's jumps along rank r, every term is a function of rank r's
//! content alone, except `δ_file`, which is weighted by `t_rank(s)`, the number of A's
//! jumps along the rank that toggle s. Files the same way. Hence
//!
//! `S = N_A·N_B + Σ_lines (R − J_A·J_B) + Σ_s (t_rank(s)·δ_file(s) + t_file(s)·δ_rank(s))`
//!
//! with, per line, `J_A` and `J_B` its jumps and `R` the sum of `J_B` over the lines
//! A's jumps along it leave. Sixteen table entries (8 ranks, 8 files) give every term;
//! the last sum pairs each rank's `t` and `δ` with the transposed files' and is one
//! small vector kernel ([`simd::cross`]).

use std::sync::OnceLock;

use crate::simd::{self, Entry};

/// The longest line the tables cover.
const MAX_LINE: usize = 8;
/// Added to every `δ` so the kernel multiplies non-negative bytes.
const DELTA_BIAS: i32 = 12;
/// Added to each line's `R − J_A·J_B − DELTA_BIAS·Σt` so it packs as unsigned.
const SUM_BIAS: i64 = 1 << 20;

/// The tables of the lines of one length, per parity (0: the mover's shade holds the
/// line's even squares) and per occupancy (bit i: square i of the line holds a piece).
struct LineTable {
    /// `[d'(0..8) | t(0..8)]`, `d' = δ + DELTA_BIAS`: the line's entry as a rank.
    as_rank: [[Entry; 256]; 2],
    /// `[t(0), d'(0), t(1), d'(1), …]`: the line's entry as a file.
    as_file: [[Entry; 256]; 2],
    /// `J_A | J_B << 16 | (R − J_A·J_B − DELTA_BIAS·Σt + SUM_BIAS) << 32`.
    sums: [[u64; 256]; 2],
}

/// The jumps along a line of `len` squares, by the side whose shade is the line's
/// squares of parity `parity`, over the occupancy `occupied`: each as the squares it
/// toggles (the one it leaves, those it captures, the landing).
fn line_jumps(occupied: u32, len: usize, parity: usize) -> Vec<u32> {
    let has = |i: isize| i >= 0 && (i as usize) < len && occupied >> i & 1 == 1;
    let on_line = |i: isize| i >= 0 && (i as usize) < len;
    let mut jumps = Vec::new();
    for from in (parity..len).step_by(2) {
        if !has(from as isize) {
            continue;
        }
        for step in [1isize, -1] {
            let mut toggled = 1 << from;
            for length in 1.. {
                let over = from as isize + (2 * length - 1) * step;
                let landing = from as isize + 2 * length * step;
                if !on_line(landing) || !has(over) || has(landing) {
                    break;
                }
                toggled |= 1 << over;
                jumps.push(toggled | 1 << landing);
            }
        }
    }
    jumps
}

impl LineTable {
    fn build(len: usize) -> LineTable {
        let mut table = LineTable {
            as_rank: [[[0; 16]; 256]; 2],
            as_file: [[[0; 16]; 256]; 2],
            sums: [[0; 256]; 2],
        };
        let squares = (1u32 << len) - 1;
        for parity in 0..2 {
            for content in 0..256u32 {
                let occupied = content & squares;
                let mine = line_jumps(occupied, len, parity);
                let theirs = |occupied| line_jumps(occupied, len, 1 - parity).len() as i64;
                let (j_a, j_b) = (mine.len() as i64, theirs(occupied));
                let after: i64 = mine.iter().map(|&m| theirs(occupied ^ m)).sum();
                let mut t_sum = 0;
                for i in 0..len {
                    let t = mine.iter().filter(|&&m| m >> i & 1 == 1).count() as i32;
                    let delta = theirs(occupied ^ 1 << i) as i32 - j_b as i32;
                    let d = delta + DELTA_BIAS;
                    assert!((0..32).contains(&t) && (0..32).contains(&d));
                    table.as_rank[parity][content as usize][i] = d as u8;
                    table.as_rank[parity][content as usize][8 + i] = t as u8;
                    table.as_file[parity][content as usize][2 * i] = t as u8;
                    table.as_file[parity][content as usize][2 * i + 1] = d as u8;
                    t_sum += t as i64;
                }
                let rest = after - j_a * j_b - DELTA_BIAS as i64 * t_sum + SUM_BIAS;
                assert!((0..1 << 28).contains(&rest) && j_a < 1 << 16 && j_b < 1 << 16);
                table.sums[parity][content as usize] =
                    j_a as u64 | (j_b as u64) << 16 | (rest as u64) << 32;
            }
        }
        table
    }

    /// The shared tables of lines of `len` squares.
    fn of(len: usize) -> &'static LineTable {
        static TABLES: [OnceLock<Box<LineTable>>; MAX_LINE] = [const { OnceLock::new() }; MAX_LINE];
        TABLES[len - 1].get_or_init(|| Box::new(LineTable::build(len)))
    }
}

/// The squares `(file, rank)` with `file + rank` even, at bit `rank * 8 + file`.
const EVEN_SQUARES: u64 = 0xaa55_aa55_aa55_aa55;

/// Counts the leaves two plies below positions of one board up to 8x8 (ranks of 8 bits,
/// bit `rank * 8 + file`).
pub(crate) struct LineCounter {
    ranks: &'static LineTable,
    files: &'static LineTable,
}

impl LineCounter {
    /// The counter of a board `width` x `height`, if both are at most 8.
    pub(crate) fn new(width: u8, height: u8) -> Option<LineCounter> {
        let (width, height) = (width as usize, height as usize);
        (width <= MAX_LINE && height <= MAX_LINE).then(|| LineCounter {
            ranks: LineTable::of(width),
            files: LineTable::of(height),
        })
    }

    /// Whether the mover's pieces `own` lie on the even squares (`Some(true)`) or the odd
    /// ones (`Some(false)`) and the other side's `opp` on the others: the counter's
    /// condition, which every position below keeps (with the mover alternating).
    pub(crate) fn mover_on_even(own: u64, opp: u64) -> Option<bool> {
        if own & !EVEN_SQUARES == 0 && opp & EVEN_SQUARES == 0 {
            Some(true)
        } else if own & EVEN_SQUARES == 0 && opp & !EVEN_SQUARES == 0 {
            Some(false)
        } else {
            None
        }
    }

    /// The number of move sequences of two jumps from the position with pieces
    /// `occupied`, the mover's on the even squares when `mover_on_even` (see
    /// [`LineCounter::mover_on_even`]); the position must be past the removals.
    #[inline(always)]
    pub(crate) fn grandchildren(&self, occupied: u64, mover_on_even: bool) -> u64 {
        let files = transpose(occupied);
        let odd = !mover_on_even as usize;
        let mut sums = 0;
        // On rank r the mover's squares have file ≡ r + odd (mod 2); on file f, rank ≡ f + odd.
        let ranks: [&Entry; 8] = std::array::from_fn(|r| {
            let (parity, content) = ((r + odd) & 1, (occupied >> (8 * r)) as u8 as usize);
            sums += self.ranks.sums[parity][content];
            &self.ranks.as_rank[parity][content]
        });
        let files: [&Entry; 8] = std::array::from_fn(|f| {
            let (parity, content) = ((f + odd) & 1, (files >> (8 * f)) as u8 as usize);
            sums += self.files.sums[parity][content];
            &self.files.as_file[parity][content]
        });
        let (mover, other) = (sums & 0xffff, sums >> 16 & 0xffff);
        let rest = (sums >> 32) as i64 - 16 * SUM_BIAS;
        (mover as i64 * other as i64 + rest + simd::cross(&ranks, &files) as i64) as u64
    }
}

/// The 8x8 bit matrix transposed: bit `rank * 8 + file` moves to `file * 8 + rank`.
#[inline(always)]
fn transpose(mut x: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::Bitboard;
    use crate::board::Board;
    use crate::geometry::Geometry;
    use crate::leaf_batch::tests::{plain_grandchildren, random_positions};
    use crate::position::Phase;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn transpose_swaps_files_and_ranks() {
        for (file, rank) in [(0, 0), (3, 5), (7, 0), (0, 7), (6, 6)] {
            assert_eq!(transpose(1 << (rank * 8 + file)), 1 << (file * 8 + rank));
        }
        assert_eq!(
            transpose(transpose(0x1234_5678_9abc_def0)),
            0x1234_5678_9abc_def0
        );
    }

    #[test]
    fn line_jumps_follow_the_rules() {
        // Mover on the even squares of "x o . o . . o x": x at 0 jumps to 2 and 4.
        let line = 0b1000_1011;
        assert_eq!(line_jumps(line, 8, 0), [0b0111, 0b1_1011]);
        // The other side (odd squares): o at 1 and 3 have no empty square beyond an x.
        assert_eq!(line_jumps(line, 8, 1), Vec::<u32>::new());
        // The end of a short line stops a jump.
        assert_eq!(line_jumps(0b011, 2, 0), Vec::<u32>::new());
        assert_eq!(line_jumps(0b011, 3, 0), [0b111]);
    }

    /// Random positions on boards up to 8x8 past the removals with pieces on their
    /// shade, for both sides to move, and the counter against the plain count.
    #[test]
    fn grandchildren_equal_the_plain_count_on_random_positions_up_to_8x8() {
        let mut checked = 0;
        for position in random_positions(33, 4000) {
            let board = position.board();
            let Some(counter) = LineCounter::new(board.width(), board.height()) else {
                continue;
            };
            if position.phase() != Phase::Jumps {
                continue;
            }
            let bits = position.bits::<u64>().unwrap();
            let geometry = Geometry::<u64>::of(board);
            let mover = bits.side_to_move();
            let (black, white) = (bits.pieces(mover).0, bits.pieces(!mover).0);
            for (own, opp) in [(black, white), (white, black)] {
                let Some(even) = LineCounter::mover_on_even(own, opp) else {
                    continue;
                };
                let plain = plain_grandchildren(geometry, Bitboard(own), Bitboard(opp));
                assert_eq!(
                    counter.grandchildren(own | opp, even),
                    plain,
                    "{position} {own:x} {opp:x}"
                );
                checked += 1;
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    /// Random occupancies of every board up to 8x8, split by shade between the sides.
    #[test]
    fn grandchildren_equal_the_plain_count_on_random_occupancies() {
        let mut rng = StdRng::seed_from_u64(9);
        for width in 1..=8 {
            for height in 1..=8 {
                let board = Board::new(width, height).unwrap();
                let geometry = Geometry::<u64>::of(board);
                let counter = LineCounter::new(width as u8, height as u8).unwrap();
                for _ in 0..300 {
                    // Full boards and sparse ones.
                    let density = rng.gen_range(0.2..1.0);
                    let occupied = (0..64)
                        .filter(|_| rng.gen_bool(density))
                        .fold(0u64, |bb, i| bb | 1 << i)
                        & geometry.mask().0;
                    for even in [true, false] {
                        let mine = if even { EVEN_SQUARES } else { !EVEN_SQUARES };
                        let (own, opp) = (occupied & mine, occupied & !mine);
                        assert_eq!(
                            counter.grandchildren(occupied, even),
                            plain_grandchildren(geometry, Bitboard(own), Bitboard(opp)),
                            "{board} {own:x} {opp:x}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_counter_needs_pieces_on_their_shade_and_small_boards() {
        assert_eq!(LineCounter::mover_on_even(0b1, 0b10), Some(true));
        assert_eq!(LineCounter::mover_on_even(0b10, 0b1), Some(false));
        assert_eq!(LineCounter::mover_on_even(0b11, 0), None);
        assert!(LineCounter::new(8, 8).is_some());
        assert!(LineCounter::new(9, 2).is_none());
        let board = Board::new(8, 8).unwrap();
        assert_eq!(board.word(), crate::word::WordSize::W64);
    }
}
