//! Which depths each Lazy SMP thread skips in its iterative deepening, so that helper
//! threads search ahead of the main thread instead of beside it.

/// Sizes and phases of the depths helper threads skip (the tables of Stockfish 8):
/// helper `id` skips `depth` when `(depth + PHASE) / SIZE` is odd, so the first helper
/// searches every other depth, the next ones other patterns.
const SKIP_SIZE: [u32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE: [u32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/// Whether thread `id` skips the iteration at `depth` of a search to `max_depth`: the
/// main thread (0) never does, and no thread skips the deepest iteration or depth 1.
pub(crate) fn helper_skips(id: usize, depth: u32, max_depth: u32) -> bool {
    if id == 0 || depth == max_depth || depth == 1 {
        return false;
    }
    let i = (id - 1) % SKIP_SIZE.len();
    (depth + SKIP_PHASE[i]) / SKIP_SIZE[i] % 2 == 1
}

#[cfg(test)]
mod tests {
    use super::helper_skips;

    #[test]
    fn the_first_helper_searches_every_other_depth() {
        let searched: Vec<u32> = (1..=12).filter(|&d| !helper_skips(1, d, 12)).collect();
        assert_eq!(searched, [1, 2, 4, 6, 8, 10, 12]);
        // The deepest iteration is never skipped, odd or not.
        let searched: Vec<u32> = (1..=9).filter(|&d| !helper_skips(1, d, 9)).collect();
        assert_eq!(searched, [1, 2, 4, 6, 8, 9]);
        // The second helper takes the other depths.
        let searched: Vec<u32> = (1..=9).filter(|&d| !helper_skips(2, d, 20)).collect();
        assert_eq!(searched, [1, 3, 5, 7, 9]);
    }

    #[test]
    fn the_main_thread_never_skips() {
        assert!((1..=40).all(|d| !helper_skips(0, d, 40)));
        // Every helper searches some depths and skips others.
        for id in 1..=21 {
            let searched = (1..=40).filter(|&d| !helper_skips(id, d, 40)).count();
            assert!((10..=30).contains(&searched), "helper {id}: {searched}");
        }
    }
}
