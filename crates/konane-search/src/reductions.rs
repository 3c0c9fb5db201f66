//! Late move reductions: how many plies shallower than the others a late move is
//! searched first, growing with the remaining depth and with the move's place in the
//! order (issue 22; the formula is Ethereal's for quiet moves).

use std::sync::LazyLock;

/// Depths and move indices of the table; larger ones use its last row or column.
const SIZE: usize = 64;

/// `TABLE[depth][index]`: 0.75 + ln(depth) · ln(index + 1) / 2.25, rounded down, at
/// least 1 (`index` counts from 0, so `index + 1` is the move's number).
static TABLE: LazyLock<[[u8; SIZE]; SIZE]> = LazyLock::new(|| {
    std::array::from_fn(|depth| {
        std::array::from_fn(|index| {
            let r = 0.75 + (depth as f64).ln() * ((index + 1) as f64).ln() / 2.25;
            (r as u8).max(1)
        })
    })
});

/// The reduction of the move at `index` (from 0) of a node with `depth` plies left.
#[inline]
pub(crate) fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let depth = (depth.max(0) as usize).min(SIZE - 1);
    i32::from(TABLE[depth][index.min(SIZE - 1)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(
            late_move_reduction(3, 3),
            1,
            "the first reduced move, shallow"
        );
        assert_eq!(late_move_reduction(6, 4), 2);
        assert_eq!(late_move_reduction(10, 9), 3);
        assert_eq!(late_move_reduction(20, 30), 5);
        for depth in 0..80 {
            for index in 0..80 {
                let r = late_move_reduction(depth, index);
                assert!(r >= 1);
                assert!(late_move_reduction(depth + 1, index) >= r);
                assert!(late_move_reduction(depth, index + 1) >= r);
            }
        }
    }
}
