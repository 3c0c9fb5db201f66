//! The one time manager of a search. Built once from the limits and owned by the main
//! thread, it makes every stop decision: the hard time limit and the node budget (abort
//! now), the soft time target (stop deepening once it is spent, stretched while the best
//! move is unstable: the manager keeps that instability from iteration to iteration),
//! the depth and mate limits, pondering (no time limit until
//! ponderhit) and the share of the time the endgame handover may take. Time always
//! leaves the move overhead in reserve.

use std::time::{Duration, Instant};

use konane_core::{Color, Position};

use crate::control::SearchControl;
use crate::limits::SearchLimits;
use crate::score::{Score, MAX_PLY};
use crate::winning::WinningMovesBudget;

/// The most moves the clock is ever shared over (and the cap of a given `movestogo`).
const DEFAULT_MOVES_TO_GO: i64 = 20;
/// Moves kept in reserve beyond those searched before the endgame handover: the
/// handover's moves cost little, but not nothing (and it may fail to settle one).
const ENDGAME_RESERVE: i64 = 3;
/// The shortest time a search is ever given, so a best move always exists.
const MINIMUM: Duration = Duration::from_millis(1);

/// The limits of one search, read once: when it must abort and when it may stop deepening.
#[derive(Clone, Debug)]
pub struct TimeManager {
    /// Only a stop ends this search ([`SearchLimits::until_stopped`]): no other limit applies.
    until_stopped: bool,
    /// Soft and hard budgets, or `None` when time does not limit this search. A fixed
    /// movetime has no soft budget: the whole time is used.
    budget: Option<(Option<Duration>, Duration)>,
    /// When the clock started (the search start, or ponderhit).
    started: Instant,
    /// Pondering and no ponderhit yet: the clock does not run.
    pondering: bool,
    /// The deepest iteration.
    max_depth: u32,
    /// Nodes of all threads together.
    node_limit: u64,
    /// Stop once a win in at most this many moves is proved.
    mate: Option<u32>,
    /// How much the soft limit stretches: 1.0 while the best move holds, up to 2.5
    /// when it has changed lately ([`next_instability`]).
    instability: f64,
}

/// The instability after an iteration, from the one before: a change of best move
/// adds 0.75 (at most 2.5), an iteration that keeps it halves the excess over 1.0.
fn next_instability(instability: f64, best_changed: bool) -> f64 {
    if best_changed {
        (instability + 0.75_f64).min(2.5)
    } else {
        1.0 + (instability - 1.0) * 0.5
    }
}

impl TimeManager {
    /// The manager of a search of `position` under `limits` that started at `started`,
    /// keeping `overhead_ms` in reserve.
    pub fn new(
        limits: &SearchLimits,
        position: &Position,
        overhead_ms: u64,
        started: Instant,
    ) -> TimeManager {
        let side = position.side_to_move();
        let moves_left = moves_left(position.piece_count());
        let until_stopped = limits.until_stopped();
        let deepest = MAX_PLY as u32 - 1;
        TimeManager {
            until_stopped,
            budget: if until_stopped {
                None
            } else {
                budget(limits, side, moves_left, overhead_ms as i64)
            },
            started,
            pondering: limits.ponder,
            max_depth: match limits.depth {
                Some(depth) if !until_stopped => depth.clamp(1, deepest),
                _ => deepest,
            },
            node_limit: match limits.nodes {
                Some(nodes) if !until_stopped => nodes,
                _ => u64::MAX,
            },
            mate: limits.mate.filter(|_| !until_stopped),
            instability: 1.0,
        }
    }

    /// When the clock started: the search start, until a ponderhit restarts it.
    pub fn clock_start(&self) -> Instant {
        self.started
    }

    /// The deepest iteration to search.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// The node budget of all threads together (`u64::MAX` when there is none).
    pub fn node_limit(&self) -> u64 {
        self.node_limit
    }

    /// When the endgame handover must give up: after half the move's planned time
    /// (never, when time does not limit the search or while pondering).
    pub fn handover_deadline(&self) -> Option<Instant> {
        self.target()
            .filter(|_| !self.pondering)
            .map(|target| self.started + target / 2)
    }

    /// The main thread's check every few thousand nodes, once `completed_depth` plies
    /// are searched and all threads have spent `nodes`: whether to abort the search now
    /// (the hard time limit or the node budget is passed). A ponderhit starts the clock.
    pub fn must_abort(
        &mut self,
        control: &SearchControl,
        nodes: u64,
        completed_depth: u32,
    ) -> bool {
        if self.pondering && control.is_ponderhit() {
            self.pondering = false;
            self.started = Instant::now();
        }
        let out_of_time = !self.pondering && self.hard_limit_passed();
        let out_of_nodes = nodes >= self.node_limit;
        completed_depth >= 1 && (out_of_time || out_of_nodes)
    }

    /// After an iteration with best score `best`: whether to start no further one.
    /// `settled`: the score is exact and reached within the searched depth, so it cannot
    /// change; `only_move`: the root has one move; `best_changed`: the iteration's best
    /// move is not the one before it (which stretches the soft limit for a while).
    pub fn iteration_done(
        &mut self,
        best: Score,
        settled: bool,
        only_move: bool,
        best_changed: bool,
    ) -> bool {
        self.instability = next_instability(self.instability, best_changed);
        if self.until_stopped {
            return false;
        }
        if let (Some(n), Score::Mate(m)) = (self.mate, best) {
            if m > 0 && m <= n as i32 {
                return true;
            }
        }
        if settled {
            return true;
        }
        if self.pondering {
            return false;
        }
        (only_move && self.is_limited()) || self.soft_limit_passed(self.instability)
    }

    /// Whether time limits this search at all.
    fn is_limited(&self) -> bool {
        self.budget.is_some()
    }

    /// Time spent since the clock started.
    fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The time this move is planned to take: the soft budget, or a fixed movetime
    /// whole; `None` when time does not limit the search.
    fn target(&self) -> Option<Duration> {
        self.budget.map(|(soft, hard)| soft.unwrap_or(hard))
    }

    /// Whether the hard limit is passed: the search must stop now.
    fn hard_limit_passed(&self) -> bool {
        self.budget.is_some_and(|(_, hard)| self.elapsed() >= hard)
    }

    /// Whether to start no further iteration on time alone (see [`Self::iteration_done`]).
    fn soft_limit_passed(&self, instability: f64) -> bool {
        self.budget.is_some_and(|(soft, hard)| {
            let Some(soft) = soft else { return false };
            let target = soft.mul_f64(instability).min(hard);
            // The next iteration costs more than all before it: start it only early on.
            self.elapsed() >= target.mul_f64(0.6)
        })
    }
}

/// The moves the side to move is expected to make from a position of `pieces` pieces
/// (both sides) until the game ends, for sharing its clock: every move removes at least
/// one piece, so about one move each per two pieces above the endgame handover's limit,
/// where the exact solvers settle the rest nearly for free, plus a small reserve; never
/// more than [`DEFAULT_MOVES_TO_GO`].
fn moves_left(pieces: u32) -> i64 {
    let handover = WinningMovesBudget::InPlay.max_pieces().unwrap_or(0);
    let searched = i64::from(pieces.saturating_sub(handover)) / 2;
    (searched + ENDGAME_RESERVE).min(DEFAULT_MOVES_TO_GO)
}

/// (soft, hard) for the given limits, or `None` when neither movetime nor a clock is
/// set; `moves_left` is the estimate used when the protocol gives no `movestogo`.
fn budget(
    limits: &SearchLimits,
    side: Color,
    moves_left: i64,
    overhead: i64,
) -> Option<(Option<Duration>, Duration)> {
    let ms = |m: i64| Duration::from_millis(m.max(0) as u64).max(MINIMUM);
    let from_movetime = limits.movetime_ms.map(|t| (None, ms(t - overhead)));
    let from_clock = limits.clock(side).map(|clock| {
        let left = clock.time_ms - overhead;
        let increment = clock.increment_ms.max(0);
        let moves_to_go = limits
            .moves_to_go
            .map_or(moves_left, |n| (n as i64).min(moves_left))
            .clamp(1, DEFAULT_MOVES_TO_GO);
        // Never plan to use more than the clock holds minus a cushion for the moves after.
        let ceiling = if moves_to_go == 1 {
            left * 9 / 10
        } else {
            left * 2 / 5
        };
        let soft = (left / moves_to_go + increment * 3 / 4).min(ceiling);
        let hard = (soft * 4).min(ceiling);
        (Some(ms(soft)), ms(hard))
    });
    match (from_movetime, from_clock) {
        (Some((_, a)), Some((soft, b))) => Some((soft, a.min(b))),
        (a, b) => a.or(b),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::Clock;
    use konane_core::Board;

    /// The 8x8 start position: Black to move, 64 pieces, the most moves left.
    fn start() -> Position {
        Position::start(Board::STANDARD)
    }

    fn clock_limits(time_ms: i64, increment_ms: i64, moves_to_go: Option<u32>) -> SearchLimits {
        SearchLimits {
            clocks: [
                Some(Clock {
                    time_ms,
                    increment_ms,
                }),
                None,
            ],
            moves_to_go,
            ..SearchLimits::default()
        }
    }

    #[test]
    fn movetime_keeps_the_overhead() {
        let limits = SearchLimits::movetime(Duration::from_millis(1000));
        let budget = budget(&limits, Color::Black, DEFAULT_MOVES_TO_GO, 30).unwrap();
        assert_eq!(budget, (None, Duration::from_millis(970)));
    }

    #[test]
    fn clocks_leave_time_for_later_moves() {
        let (soft, hard) = budget(
            &clock_limits(60_000, 0, None),
            Color::Black,
            DEFAULT_MOVES_TO_GO,
            30,
        )
        .unwrap();
        let soft = soft.unwrap();
        assert!(soft < hard);
        assert!(hard <= Duration::from_millis(60_000 * 2 / 5));
        assert!(soft >= Duration::from_millis(2_000), "{soft:?}");
        // The last move before the control may use most of the clock, never all.
        let (_, last) = budget(
            &clock_limits(10_000, 0, Some(1)),
            Color::Black,
            DEFAULT_MOVES_TO_GO,
            50,
        )
        .unwrap();
        assert!(last < Duration::from_millis(9_950) && last > Duration::from_millis(5_000));
    }

    #[test]
    fn zero_or_negative_clocks_give_the_minimum() {
        for time in [0, -500, 10] {
            let budget = budget(
                &clock_limits(time, 0, None),
                Color::Black,
                DEFAULT_MOVES_TO_GO,
                30,
            )
            .unwrap();
            assert_eq!(budget, (Some(MINIMUM), MINIMUM), "time {time}");
        }
    }

    #[test]
    fn only_the_side_to_move_clock_counts_and_infinite_has_no_limit() {
        let limits = clock_limits(5_000, 0, None);
        assert!(budget(&limits, Color::White, DEFAULT_MOVES_TO_GO, 30).is_none());
        let infinite = SearchLimits {
            infinite: true,
            ..limits
        };
        let manager = TimeManager::new(&infinite, &start(), 30, Instant::now());
        assert!(!manager.is_limited());
        assert!(!manager.hard_limit_passed());
    }

    #[test]
    fn instability_stretches_the_soft_limit() {
        let limits = SearchLimits::movetime(Duration::from_millis(1_000));
        let started = Instant::now() - Duration::from_millis(700);
        let manager = TimeManager::new(&limits, &start(), 0, started);
        let clock = TimeManager::new(&clock_limits(20_000, 0, None), &start(), 0, started);
        assert!(
            !manager.soft_limit_passed(1.0),
            "movetime uses all its time"
        );
        assert!(
            clock.soft_limit_passed(1.0),
            "soft is 1 s, 60% of it is spent"
        );
        assert!(!clock.soft_limit_passed(2.0));
    }

    #[test]
    fn a_changed_best_move_stretches_the_soft_limit_for_a_while() {
        // Soft is 2 s (40 s over 20 moves): a search stops deepening once 60% of it,
        // stretched by the instability, is spent; 1.8 s are.
        let started = Instant::now() - Duration::from_millis(1_800);
        let mut manager = TimeManager::new(&clock_limits(40_000, 0, None), &start(), 0, started);
        let best = Score::Cp(0);
        assert!(
            !manager.iteration_done(best, false, false, true),
            "1.75: 2.1 s"
        );
        assert!(
            !manager.iteration_done(best, false, false, true),
            "2.5: 3 s"
        );
        assert!(
            !manager.iteration_done(best, false, false, false),
            "1.75: 2.1 s"
        );
        assert!(
            manager.iteration_done(best, false, false, false),
            "1.375: 1.65 s"
        );
        assert_eq!(next_instability(1.0, false), 1.0);
    }

    #[test]
    fn the_clock_is_shared_over_the_moves_left_before_the_handover() {
        assert_eq!(moves_left(64), DEFAULT_MOVES_TO_GO);
        assert!(moves_left(40) < moves_left(50) && moves_left(50) < moves_left(58));
        assert_eq!(moves_left(24), ENDGAME_RESERVE);
        assert_eq!(moves_left(2), ENDGAME_RESERVE);
        // Late in the game a move gets a larger share of what is left.
        let limits = clock_limits(1_000, 20, None);
        let early = budget(&limits, Color::Black, moves_left(58), 0).unwrap();
        let late = budget(&limits, Color::Black, moves_left(30), 0).unwrap();
        assert!(late.0 > early.0 && late.1 > early.1, "{early:?} {late:?}");
        // A given movestogo that is smaller than the estimate wins.
        let last = SearchLimits {
            moves_to_go: Some(1),
            ..limits
        };
        let (_, hard) = budget(&last, Color::Black, moves_left(58), 0).unwrap();
        assert_eq!(hard, Duration::from_millis(900));
    }
}
