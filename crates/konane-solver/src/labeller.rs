//! Positions won for the side to move, reached in games (random play from the start:
//! both removals, then random jumps, one game a seed; or games played, such as engine
//! games read from match records: [`Games`]), each labelled by the exact solver with
//! every winning move: the algorithm of `konane perfect label`, which keeps the file
//! and prints the progress ([`Labeller`]).
//!
//! Deterministic and resumable: game `g` is `random_opening(board, …, seed + g)`, or
//! the `g`-th game played (from 0); each game gives at most one position. The piece
//! counts share the count evenly, and game `g` aims at one of those that still have
//! room, in turn (so that a stopped run has them all). When [`GIVE_UP_GAMES`] games in
//! a row keep nothing, the counts that still have room are taken to have no more
//! distinct won positions: each keeps what it has
//! and the rest of its share goes to the other counts, evenly (the run fails only when
//! no other count is left). The game takes the first position along the game with at
//! most that many pieces whose count has room, that is no symmetric image of a
//! position already kept, and that the side to move wins (after a lost one, the next
//! position of the game is won for its mover). A run resumed with what an earlier one
//! kept and found lost ([`Labeller::resume_kept`], [`Labeller::resume_lost`]) starts at
//! the game after the last one kept and finds the positions and winning moves an
//! unbroken run would have.
//!
//! One solver (one proof table) serves the whole run: later positions reuse what
//! earlier ones proved (the next position of a game is a child of the lost one before
//! it). The node counts therefore depend on what the run proved before; the labels,
//! being exact, do not.

use std::collections::HashSet;
use std::ops::RangeInclusive;

use konane_core::{random_opening, Board, Move, Position};
use thiserror::Error;

use crate::root::{RootThreads, Solver};

/// Games in a row without a new position after which the counts that still have room
/// are taken to be exhausted (the board has too few distinct won positions of those
/// counts) and their shares go to the other counts.
pub const GIVE_UP_GAMES: u64 = 20_000;

/// Why positions cannot be labelled as asked.
#[derive(Clone, Debug, Eq, PartialEq, Error)]
pub enum LabelError {
    /// A position resumed is of a piece count whose share is already full.
    #[error("more positions of {0} pieces than the count gives them")]
    Overfull(u32),
    /// A position resumed is a symmetric image of one kept before (its FEN).
    #[error("{0} twice (up to symmetry)")]
    Repeated(String),
    /// No new position in [`GIVE_UP_GAMES`] games and no piece count left to take the
    /// shares of those that ran dry: `kept` positions were kept.
    #[error(
        "no new position in {GIVE_UP_GAMES} games: too few distinct won positions ({kept} kept)"
    )]
    Exhausted {
        /// The positions kept.
        kept: usize,
    },
    /// Every one of the `games` games played was used and `kept` positions were kept,
    /// fewer than the count.
    #[error("the {games} games gave {kept} positions, fewer than the count")]
    OutOfGames {
        /// The games played that the run had.
        games: usize,
        /// The positions kept.
        kept: usize,
    },
}

/// The games a run takes its positions from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Games {
    /// Game `g` is `random_opening(board, board.area(), seed + g)` from the start
    /// position: both removals, then random jumps to the end.
    Random {
        /// The seed of game 0.
        seed: u64,
    },
    /// Game `g` is the `g`-th of these (from 0): the position it started from and the
    /// moves played from there (engine games, for example, read from match records).
    Played(Vec<(Position, Vec<Move>)>),
}

impl Games {
    /// Game `game`: its start and its moves; `None` past the last game played.
    fn game(&self, board: Board, game: u64) -> Option<(Position, Vec<Move>)> {
        match self {
            Games::Random { seed } => Some((
                Position::start(board),
                random_opening(board, board.area() as usize, seed.wrapping_add(game)),
            )),
            Games::Played(games) => usize::try_from(game)
                .ok()
                .and_then(|g| games.get(g))
                .cloned(),
        }
    }
}

/// What a [`Labeller::run`] reports as it goes.
#[derive(Debug)]
pub enum LabelEvent<'a> {
    /// At `game`, [`GIVE_UP_GAMES`] games went by without a new position: these piece
    /// counts keep what they have, their shares go to the other counts.
    Exhausted { game: u64, counts: Vec<u32> },
    /// A solve of `position` starts (for those who time it).
    Solving { game: u64, position: &'a Position },
    /// `position`, reached in `game`, is lost for its side to move.
    Lost {
        game: u64,
        position: &'a Position,
        /// Its legal moves.
        legal: usize,
        /// The positions searched to prove it.
        nodes: u64,
    },
    /// `position`, reached in `game`, is won for its side to move and kept.
    Won {
        game: u64,
        position: &'a Position,
        /// Every winning move, in the order of `Position::legal_moves`.
        winning: &'a [Move],
        /// Its legal moves.
        legal: usize,
        /// The positions searched to prove every root move's value.
        nodes: u64,
        /// The positions kept so far, this one included.
        kept: usize,
    },
}

/// Why a [`Labeller::run`] stopped before every position was kept.
#[derive(Debug)]
pub enum LabelStop<E> {
    /// The labeller cannot go on.
    Label(LabelError),
    /// The report failed.
    Report(E),
}

/// A run labelling positions of one board: what it kept and found lost so far.
pub struct Labeller {
    board: Board,
    games: Games,
    kept: Kept,
    /// Canonical FENs of positions proven lost, not solved again (an optimisation
    /// only: the positions kept are the same without it).
    lost: HashSet<String>,
    next_game: u64,
    /// The game of the last position kept (or where the last exhaustion was found).
    last_kept: u64,
}

impl Labeller {
    /// A run that keeps `count` positions of `board`, shared by the piece counts of
    /// `pieces`, from `games` (those played must be on `board`).
    pub fn new(board: Board, pieces: RangeInclusive<u32>, count: usize, games: Games) -> Labeller {
        Labeller {
            board,
            games,
            kept: Kept::new(pieces, count),
            lost: HashSet::new(),
            next_game: 0,
            last_kept: 0,
        }
    }

    /// Notes a position an earlier run found lost: it is not solved again.
    pub fn resume_lost(&mut self, position: &Position) {
        self.lost.insert(position.canonical_fen());
    }

    /// Notes a position an earlier run kept, reached in `game` (in the order it kept
    /// them), with the exhaustions that run found on its way.
    pub fn resume_kept(&mut self, position: &Position, game: u64) -> Result<(), LabelError> {
        while game - self.last_kept >= GIVE_UP_GAMES && self.kept.exhaust().is_some() {
            self.last_kept += GIVE_UP_GAMES;
        }
        self.kept.add(position, position.canonical_fen())?;
        self.next_game = game + 1;
        self.last_kept = game;
        Ok(())
    }

    /// The game the run goes on from.
    pub fn next_game(&self) -> u64 {
        self.next_game
    }

    /// The positions kept so far.
    pub fn kept(&self) -> usize {
        self.kept.total()
    }

    /// Plays the games from [`Labeller::next_game`] until every piece count has its
    /// share, solving the positions with `solver` (its table keeps what earlier solves
    /// proved) on this thread or, with `pool`, in parallel on its threads, and tells
    /// `report` what it finds as it goes. Stops at the first error of `report`.
    pub fn run<E>(
        &mut self,
        solver: &Solver,
        pool: Option<&rayon::ThreadPool>,
        mut report: impl FnMut(LabelEvent<'_>) -> Result<(), E>,
    ) -> Result<(), LabelStop<E>> {
        let board = self.board;
        let mut game = self.next_game;
        while !self.kept.is_full() {
            if game - self.last_kept >= GIVE_UP_GAMES {
                let Some(counts) = self.kept.exhaust() else {
                    return Err(LabelStop::Label(LabelError::Exhausted {
                        kept: self.kept.total(),
                    }));
                };
                report(LabelEvent::Exhausted { game, counts }).map_err(LabelStop::Report)?;
                self.last_kept = game;
                continue;
            }
            let Some((mut position, line)) = self.games.game(board, game) else {
                // Games are numbered from 0, so the first one missing is their number.
                self.next_game = game;
                return Err(LabelStop::Label(LabelError::OutOfGames {
                    games: game as usize,
                    kept: self.kept.total(),
                }));
            };
            let target = self.kept.target(game);
            for mv in line {
                position.play(mv);
                if position.piece_count() > target || !self.kept.has_room(position.piece_count()) {
                    continue;
                }
                let key = position.canonical_fen();
                if self.kept.seen.contains(&key) || self.lost.contains(&key) {
                    continue;
                }
                report(LabelEvent::Solving {
                    game,
                    position: &position,
                })
                .map_err(LabelStop::Report)?;
                let (winning, nodes) = label(solver, pool, &position);
                let legal = position.legal_moves().len();
                if winning.is_empty() {
                    report(LabelEvent::Lost {
                        game,
                        position: &position,
                        legal,
                        nodes,
                    })
                    .map_err(LabelStop::Report)?;
                    self.lost.insert(key);
                    continue;
                }
                self.kept.add(&position, key).map_err(LabelStop::Label)?;
                self.last_kept = game;
                report(LabelEvent::Won {
                    game,
                    position: &position,
                    winning: &winning,
                    legal,
                    nodes,
                    kept: self.kept.total(),
                })
                .map_err(LabelStop::Report)?;
                break;
            }
            game += 1;
        }
        self.next_game = game;
        Ok(())
    }
}

/// Proves the value of every root move of `position` with `solver` (whose table keeps
/// what earlier solves proved), on this thread or, with `pool`, in parallel on its
/// threads: every winning move (none when the side to move loses) and the nodes
/// searched.
fn label(
    solver: &Solver,
    pool: Option<&rayon::ThreadPool>,
    position: &Position,
) -> (Vec<Move>, u64) {
    let solve = |threads| solver.solve_root(position, &[], u64::MAX, threads, |_, _| {});
    let report = match pool {
        Some(pool) => pool.install(|| solve(RootThreads::Pool)),
        None => solve(RootThreads::Calling),
    };
    assert!(report.complete, "an unlimited solve proves every root move");
    (report.winning_moves(), report.nodes)
}

/// How many positions each piece count of `range` gets: `count` shared evenly, the
/// higher counts taking the remainder.
fn quotas(range: &RangeInclusive<u32>, count: usize) -> Vec<usize> {
    let counts = (range.end() - range.start() + 1) as usize;
    (0..counts)
        .map(|i| count / counts + usize::from(counts - i <= count % counts))
        .collect()
}

/// What has been kept so far: the positions of each piece count and their canonical forms.
struct Kept {
    range: RangeInclusive<u32>,
    quotas: Vec<usize>,
    counts: Vec<usize>,
    /// The counts found to have no more positions (see [`Kept::exhaust`]).
    exhausted: Vec<bool>,
    seen: HashSet<String>,
}

impl Kept {
    fn new(range: RangeInclusive<u32>, count: usize) -> Kept {
        let quotas = quotas(&range, count);
        Kept {
            counts: vec![0; quotas.len()],
            exhausted: vec![false; quotas.len()],
            quotas,
            range,
            seen: HashSet::new(),
        }
    }

    fn total(&self) -> usize {
        self.counts.iter().sum()
    }

    fn is_full(&self) -> bool {
        self.counts == self.quotas
    }

    /// The piece count game `game` aims at: those with room in turn, fewest first.
    fn target(&self, game: u64) -> u32 {
        let with_room: Vec<u32> = self
            .range
            .clone()
            .filter(|&pieces| self.has_room(pieces))
            .collect();
        with_room[(game % with_room.len() as u64) as usize]
    }

    /// Whether a position of `pieces` pieces is in the range and its count has room.
    fn has_room(&self, pieces: u32) -> bool {
        let i = pieces.wrapping_sub(*self.range.start()) as usize;
        self.range.contains(&pieces) && self.counts[i] < self.quotas[i]
    }

    /// After [`GIVE_UP_GAMES`] games without a new position: the counts that still have
    /// room keep what they have, and the rest of their shares goes to the counts not
    /// exhausted, evenly (the higher counts taking the remainder). The piece counts
    /// found exhausted; `None`, and nothing changed, when no count is left to take
    /// their shares.
    fn exhaust(&mut self) -> Option<Vec<u32>> {
        let short: Vec<usize> = (0..self.counts.len())
            .filter(|&i| self.counts[i] < self.quotas[i])
            .collect();
        let takers: Vec<usize> = (0..self.counts.len())
            .filter(|&i| !self.exhausted[i] && !short.contains(&i))
            .collect();
        if takers.is_empty() {
            return None;
        }
        let freed: usize = short.iter().map(|&i| self.quotas[i] - self.counts[i]).sum();
        for &i in &short {
            self.quotas[i] = self.counts[i];
            self.exhausted[i] = true;
        }
        let shares = quotas(&(0..=takers.len() as u32 - 1), freed);
        for (&i, share) in takers.iter().zip(shares) {
            self.quotas[i] += share;
        }
        Some(
            short
                .iter()
                .map(|&i| self.range.start() + i as u32)
                .collect(),
        )
    }

    /// Keeps `position`, whose canonical FEN is `key`.
    fn add(&mut self, position: &Position, key: String) -> Result<(), LabelError> {
        let pieces = position.piece_count();
        if !self.has_room(pieces) {
            return Err(LabelError::Overfull(pieces));
        }
        if !self.seen.insert(key) {
            return Err(LabelError::Repeated(position.to_fen()));
        }
        self.counts[(pieces - self.range.start()) as usize] += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_share_the_quota_evenly() {
        assert_eq!(quotas(&(32..=38), 200), vec![28, 28, 28, 29, 29, 29, 29]);
        assert_eq!(quotas(&(5..=5), 3), vec![3]);
        assert_eq!(quotas(&(1..=4), 2), vec![0, 0, 1, 1]);
        assert_eq!(quotas(&(32..=38), 200).iter().sum::<usize>(), 200);
    }

    #[test]
    fn games_aim_at_the_counts_with_room_in_turn() {
        let mut kept = Kept::new(10..=12, 4);
        let aims: Vec<u32> = (0..4).map(|game| kept.target(game)).collect();
        assert_eq!(aims, [10, 11, 12, 10]);
        kept.counts = vec![1, 0, 1];
        assert_eq!(kept.target(0), 11);
        assert_eq!(kept.target(1), 12);
        kept.counts = vec![1, 1, 2];
        assert!(kept.is_full());
    }

    #[test]
    fn an_exhausted_count_gives_its_share_to_the_others() {
        // 7x6's case: 32-37 full, 38 stuck at 11 of 29.
        let mut kept = Kept::new(32..=38, 200);
        kept.counts = vec![28, 28, 28, 29, 29, 29, 11];
        assert_eq!(kept.exhaust(), Some(vec![38]));
        assert_eq!(kept.quotas, vec![31, 31, 31, 32, 32, 32, 11]);
        assert_eq!(kept.quotas.iter().sum::<usize>(), 200);
        assert_eq!(kept.target(0), 32);
        assert!(!kept.has_room(38));
        // Later 32-36 fill and 37 runs dry: its 2 go to 35 and 36, 38 takes none.
        kept.counts = vec![31, 31, 31, 32, 32, 30, 11];
        assert_eq!(kept.exhaust(), Some(vec![37]));
        assert_eq!(kept.quotas, vec![31, 31, 31, 33, 33, 30, 11]);
        assert_eq!(kept.quotas.iter().sum::<usize>(), 200);
        // When every count with no room left is exhausted too, nothing can take a share.
        kept.counts = vec![31, 31, 31, 32, 32, 30, 11];
        kept.exhausted = vec![true, true, true, true, false, true, true];
        let before = kept.quotas.clone();
        assert_eq!(kept.exhaust(), None);
        assert_eq!(kept.quotas, before);
    }
}
