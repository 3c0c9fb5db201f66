//! Move ordering: the table's move first, then the two killer moves of the ply, then
//! the rest by history score (moves that caused cutoffs before, weighted by depth), or,
//! far from the leaves, by the evaluation after the move with history breaking ties.

use konane_core::{BitMove, Color};

use crate::score::MAX_PLY;

const TT_MOVE_SCORE: i32 = 1 << 30;
const KILLER_SCORE: i32 = 1 << 29;
/// History values stay within this bound (the gravity update saturates towards it).
const HISTORY_MAX: i32 = 1 << 20;
/// A lookahead point outweighs the whole history range.
const LOOKAHEAD_WEIGHT: i32 = 256;

/// History entries of one side: one per move encoding ([`BitMove::raw`]).
const SIDE_ENTRIES: usize = 1 << 16;

/// Killer moves (two per ply) and the history table of one search thread.
pub struct MoveOrderer {
    killers: [[Option<BitMove>; 2]; MAX_PLY],
    /// The history of each side ([`Color::index`]): fixed-size arrays, so a move's
    /// encoding indexes them without a bounds check.
    history: Box<[[i32; SIDE_ENTRIES]; 2]>,
}

impl Default for MoveOrderer {
    fn default() -> Self {
        MoveOrderer {
            killers: [[None; 2]; MAX_PLY],
            history: vec![[0; SIDE_ENTRIES]; 2]
                .into_boxed_slice()
                .try_into()
                .expect("the history has two sides"),
        }
    }
}

impl MoveOrderer {
    /// Sorts `moves` best first for the side `side` at `ply`, with `tt_move` in front.
    /// With `lookahead`, the remaining moves go by its value first, then by history.
    pub fn sort(
        &self,
        moves: &mut [BitMove],
        side: Color,
        ply: usize,
        tt_move: Option<BitMove>,
        lookahead: Option<&dyn Fn(BitMove) -> i32>,
    ) {
        let killers = self.killers[ply];
        let history = &self.history[side.index()];
        let score = |mv: BitMove| {
            if Some(mv) == tt_move {
                TT_MOVE_SCORE
            } else if Some(mv) == killers[0] {
                KILLER_SCORE + 1
            } else if Some(mv) == killers[1] {
                KILLER_SCORE
            } else {
                let history = history[mv.raw() as usize];
                match lookahead {
                    Some(value) => {
                        value(mv) * LOOKAHEAD_WEIGHT + history / (HISTORY_MAX / LOOKAHEAD_WEIGHT)
                    }
                    None => history,
                }
            }
        };
        if moves.len() <= SHORT_LIST {
            insertion_sort::<SHORT_LIST>(moves, score);
        } else if moves.len() <= LONG_LIST {
            insertion_sort::<LONG_LIST>(moves, score);
        } else {
            sort_by_score(moves, score);
        }
    }

    /// Records that `best` caused a cutoff at `ply` and depth `depth`; the moves tried
    /// before it (`tried`) lose history.
    pub fn cutoff(
        &mut self,
        side: Color,
        ply: usize,
        depth: i32,
        best: BitMove,
        tried: &[BitMove],
    ) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(best) {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let history = &mut self.history[side.index()];
        update(&mut history[best.raw() as usize], bonus);
        for &mv in tried {
            update(&mut history[mv.raw() as usize], -bonus);
        }
    }

    /// Whether `mv` is one of the two killer moves of `ply`.
    pub fn is_killer(&self, ply: usize, mv: BitMove) -> bool {
        self.killers[ply].contains(&Some(mv))
    }

    /// Forgets the killers (kept history ages by halving) before a new search.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for value in self.history.iter_mut().flatten() {
            *value /= 2;
        }
    }
}

/// Most positions have fewer moves: their scores fit a smaller scratch array.
const SHORT_LIST: usize = 48;
/// Every position of a board up to 8x8 has at most this many moves.
const LONG_LIST: usize = 192;

/// Sorts at most `N` moves by descending `score`, stably, without allocating.
#[inline(always)]
fn insertion_sort<const N: usize>(moves: &mut [BitMove], score: impl Fn(BitMove) -> i32) {
    let mut scores = [0i32; N];
    for i in 0..moves.len() {
        let (mv, value) = (moves[i], score(moves[i]));
        let mut j = i;
        while j > 0 && scores[j - 1] < value {
            scores[j] = scores[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        scores[j] = value;
        moves[j] = mv;
    }
}

/// Sorts moves by descending `score`, stably, for lists longer than [`LONG_LIST`]
/// (only on boards larger than 8x8).
fn sort_by_score(moves: &mut [BitMove], score: impl Fn(BitMove) -> i32) {
    let mut scored: Vec<(i32, BitMove)> = moves.iter().map(|&mv| (-score(mv), mv)).collect();
    scored.sort_by_key(|&(key, _)| key);
    for (slot, (_, mv)) in moves.iter_mut().zip(scored) {
        *slot = mv;
    }
}

/// Moves a history value by `bonus`, shrinking the step as the value nears the bound.
fn update(value: &mut i32, bonus: i32) {
    // In 64 bits: a value near the bound times a deep search's bonus overflows 32.
    let (old, bonus) = (i64::from(*value), i64::from(bonus));
    *value = (old + bonus - old * bonus.abs() / i64::from(HISTORY_MAX)) as i32;
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::{Board, Position};

    #[test]
    fn tt_move_then_killers_then_history() {
        let mut position = Position::start(Board::STANDARD);
        position.play_all(["d5", "d4"]).unwrap();
        position.play_all(["d7d5", "f4d4"]).unwrap();
        let position = *position.bits::<u64>().unwrap();
        let moves = position.legal_moves();
        assert!(moves.len() >= 4, "{moves:?}");
        let (a, b, c, d) = (moves[0], moves[1], moves[2], moves[3]);
        let side = position.side_to_move();
        let mut ordering = MoveOrderer::default();
        ordering.cutoff(side, 3, 4, c, &[a]);
        ordering.cutoff(!side, 4, 9, a, &[]);
        let mut sorted = moves.to_vec();
        ordering.sort(&mut sorted, side, 5, Some(d), None);
        assert_eq!(sorted[0], d);
        assert_eq!(sorted[1], c, "history of the side to move");
        assert_eq!(*sorted.last().unwrap(), a, "a lost history");
        ordering.sort(&mut sorted, side, 3, Some(b), None);
        assert_eq!(&sorted[..2], &[b, c], "killer after the table move");
    }
}
