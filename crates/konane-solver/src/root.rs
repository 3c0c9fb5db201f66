//! Solving from a `Position`: the value of every root move (in parallel), and the
//! budget-limited verdict with a winning move that the engine's search asks for.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use konane_core::{
    on_word, with_word, BitMove, BitPosition, Board, Color, Geometry, Move, OneWord, PerWord,
    Position, Word,
};
use rayon::prelude::*;

use crate::proof_search::{JobBoard, RootMoves, RootNumbers, Searcher, Shared, SharedNumbers};
use crate::proven_file::{ProvenFileError, ProvenLog};
use crate::regions::RegionCache;
use crate::symmetry::{Symmetries, TableKey};
use crate::table::{self, ProofTable, Replacement, TableKind};

/// How a [`Solver`] works.
#[derive(Copy, Clone, Debug)]
pub struct SolverOptions {
    /// The kind of proof table.
    pub table: TableKind,
    /// The most positions the proof table keeps (the packed table rounds it up to a
    /// power of two and overwrites old entries once full).
    pub capacity: usize,
    /// Plies below each root move that are split into parallel tasks when there are
    /// more threads than root moves (0: one thread per root move).
    pub split_plies: u32,
    /// Positions with at most this many pieces are split into regions that no jump
    /// can ever join; regions where nobody can move are left out (0: never split).
    pub region_pieces: u32,
    /// Regions of at most this many pieces are valued (combinatorial game values):
    /// when every region that can move is that small the verdict is read from the sum
    /// of their values, and regions of value 0 are left out (0: nothing is valued).
    pub value_pieces: u32,
    /// Positions with at least this many pieces are searched by proof-number search
    /// (df-pn), the depth-first search below them (0: depth first everywhere).
    pub pn_pieces: u32,
    /// Entries of each searcher's table of proof and disproof numbers (unproven
    /// positions of the proof-number search; 32 bytes each on boards of 64 squares).
    /// Threads that share work share one table of this many entries per thread, 16
    /// bytes each.
    pub pn_entries: usize,
    /// What each move of its mover adds to the first disproof number of a position
    /// the proof-number search has not searched yet: every move must be refuted, each
    /// at some cost. 0 counts as 1 (a disproof number of 0 would mean a proven loss).
    pub pn_first_dn: u32,
    /// What each move of the other side (the one that just moved) takes off that
    /// first disproof number, which stays at least 1: the more moves it keeps, the
    /// likelier the mover's loss. 1 with [`SolverOptions::pn_first_dn`] 2 suits 7x6,
    /// 6x7 and 7x7 (docs/proof-search.md, "Proof-number search"); 0 leaves it out.
    pub pn_first_dn_ours: u32,
    /// The moves of the other side (the one that just moved) that make one unit of the
    /// first proof number of a position the proof-number search has not searched yet:
    /// the more moves it keeps, the harder the mover's win is to prove. The number is
    /// at least 1; 0 makes it always 1. 3 with [`SolverOptions::pn_first_dn`] 2 suits
    /// 7x6, 6x7 and 7x7 (docs/proof-search.md, "Proof-number search").
    pub pn_first_pn: u32,
    /// The proof-number search's ε of Pawlewicz and Lew's 1 + ε trick, as a fraction
    /// (numerator, denominator): a child is searched until its disproof number passes
    /// (1 + ε) times the second smallest among its siblings' (0/1: plain df-pn).
    /// Default 1/4 (docs/proof-search.md, "What each method buys").
    pub pn_epsilon: (u32, u32),
    /// The percentage (0 to 100) of its children's proof numbers, other than the
    /// largest, that the proof-number search counts in a position's disproof number:
    /// the sum counts positions the children's subtrees share once per child. Default
    /// 100, the plain sum (docs/proof-search.md, "The damped disproof sum").
    pub pn_dn_share: u32,
    /// Positions with at most this many pieces are first checked for safe moves
    /// (moves the other side can never prevent, counted against the most moves it
    /// can ever make), which may decide them without a search (0: never; see
    /// docs/proof-search.md, "Safe moves").
    pub safe_pieces: u32,
}

/// Entries (region values, values and memoised sums) each thread's region cache holds
/// before it starts again.
const REGION_CACHE_ENTRIES: usize = 1 << 21;

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            table: TableKind::Packed,
            capacity: 1 << 26,
            split_plies: 4,
            // Off: measured, the split costs more time than its 10-20% fewer nodes save
            // (docs/regions.md, "Regions in the search").
            region_pieces: 0,
            value_pieces: 8,
            pn_pieces: 0,
            pn_entries: 1 << 20,
            pn_first_dn: 1,
            pn_first_dn_ours: 0,
            pn_first_pn: 0,
            pn_epsilon: (1, 4),
            pn_dn_share: 100,
            safe_pieces: 0,
        }
    }
}

impl SolverOptions {
    /// Bytes one position of the proof table ([`SolverOptions::capacity`]) takes on
    /// `board` with a table of `kind`: 8 in the packed table where the board's
    /// squares fit one word (up to 8x8), about 80 in the `DashMap` (the `dashmap`
    /// kind, and boards of more than 64 squares).
    pub fn table_entry_bytes(board: Board, kind: TableKind) -> usize {
        let packs = with_word!(board, W => table::packs(Geometry::<W>::of(board)));
        if kind == TableKind::Packed && packs {
            table::PACKED_ENTRY_BYTES
        } else {
            table::MAP_ENTRY_BYTES
        }
    }

    /// Bytes one entry of a searcher's table of proof numbers ([`SolverOptions::pn_entries`])
    /// takes on `board`: 32 on boards of at most 64 squares.
    pub fn pn_entry_bytes(board: Board) -> usize {
        with_word!(board, W => crate::proof_search::pn_slot_bytes::<W>())
    }

    /// Bytes the tables of proof numbers of a solve by `threads` threads take per entry
    /// of [`SolverOptions::pn_entries`]: one searcher's own table on one thread; with
    /// more, the one table the threads share, of `threads` times the entries at 16
    /// bytes each on any board.
    pub fn pn_bytes_per_entry(board: Board, threads: usize) -> usize {
        match threads {
            0 | 1 => SolverOptions::pn_entry_bytes(board),
            _ => threads * crate::proof_search::PN_SHARED_SLOT_BYTES,
        }
    }
}

/// The proven value of one root move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct MoveValue {
    pub mv: Move,
    /// Whether the side to move at the root wins by playing `mv`.
    pub wins: bool,
}

/// What a solve of every root move found (all of it, or as much as was proven
/// before a stop).
#[derive(Clone, Debug)]
pub struct RootReport {
    /// The side to move at the root.
    pub side: Color,
    /// The proven root moves, in the order of `Position::legal_moves`.
    pub values: Vec<MoveValue>,
    /// Whether every root move was proven.
    pub complete: bool,
    /// Positions searched (see the crate documentation for what counts).
    pub nodes: u64,
    /// Positions that one thread handed to another to prove (the proof-number search
    /// on several threads; 0 otherwise).
    pub jobs: u64,
}

impl RootReport {
    /// The winner, once it is proven: the side to move as soon as one move wins, the
    /// other side once every move is proven to lose.
    pub fn winner(&self) -> Option<Color> {
        if self.values.iter().any(|v| v.wins) {
            Some(self.side)
        } else if self.complete {
            Some(!self.side)
        } else {
            None
        }
    }

    /// The root moves proven to win.
    pub fn winning_moves(&self) -> Vec<Move> {
        self.values
            .iter()
            .filter(|v| v.wins)
            .map(|v| v.mv)
            .collect()
    }
}

/// The exact value of a position for the side to move.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct Verdict {
    /// The player who wins with best play.
    pub winner: Color,
    /// A winning move when the side to move wins; `None` when it loses.
    pub winning_move: Option<Move>,
    /// Positions searched to prove it.
    pub nodes: u64,
}

/// What [`Solver::keep_proven`] found in its file.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct KeptProven {
    /// Proven positions loaded into the proof table.
    pub loaded: usize,
    /// Whether a record cut off at the file's end (an interrupted write) was dropped.
    pub dropped_partial: bool,
}

/// Where [`Solver::solve_root`] solves the root moves.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub enum RootThreads {
    /// In parallel, on the current rayon pool.
    Pool,
    /// One after the other, on the calling thread alone (deterministic).
    Calling,
}

/// An exact solver for one board size, with a proof table kept between calls.
pub struct Solver {
    board: Board,
    options: SolverOptions,
    solvers: OneWord<WordSolvers>,
    stop: Arc<AtomicBool>,
    /// Positions searched by the running (or last) [`Solver::solve_moves`].
    nodes: AtomicU64,
    /// The numbers of its root moves.
    root_moves: RootMoves,
}

/// The solver on the board's word, with its proof table and symmetries.
struct WordSolvers;

impl PerWord for WordSolvers {
    type On<W: Word> = WordSolver<W>;
}

/// Runs `$body` with `$solver` the word solver and `$p` the position `$position` (of
/// the solver's board) on its word.
macro_rules! with_solver {
    ($self:expr, $position:expr, $solver:ident, $p:ident => $body:expr) => {{
        $self.check_board($position);
        on_word!(&$self.solvers, W, $solver => {
            let $p = $position
                .bits::<W>()
                .expect("a position of the solver's board is on its word");
            $body
        })
    }};
}

impl Solver {
    /// A solver for positions on `board`.
    pub fn new(board: Board, options: SolverOptions) -> Solver {
        let solvers = with_word!(board, W => OneWord::new(WordSolver::<W>::new(board, options)));
        Solver {
            board,
            options,
            solvers,
            stop: Arc::new(AtomicBool::new(false)),
            nodes: AtomicU64::new(0),
            root_moves: RootMoves::default(),
        }
    }

    /// This solver, its stop flag `stop` (shared with whoever stops it, who also clears
    /// it before the next solve).
    pub fn with_stop_flag(self, stop: Arc<AtomicBool>) -> Solver {
        Solver { stop, ..self }
    }

    /// The options it was made with.
    pub fn options(&self) -> SolverOptions {
        self.options
    }

    /// The flag that stops a running solve when set (from a Ctrl-C handler, say).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Positions searched so far, for progress displays (each thread adds its count
    /// every thousand nodes or so): by the running (or last) [`Solver::solve_moves`],
    /// which starts the count again, and by every [`Solver::solve_limited`] since, those
    /// running included (the units of a sharded solve, solved side by side).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// Where the running (or last) [`Solver::solve_moves`] stands at its root: the
    /// proof and disproof numbers of the root (from each root move's numbers as they
    /// stand, reported by its searcher every 64 K nodes or so; 1 and 1 for a move not
    /// yet searched, so only a guide while it runs) and the root moves proven. `None`
    /// before the first solve.
    pub fn root_numbers(&self) -> Option<RootNumbers> {
        self.root_moves.root()
    }

    /// The number of positions in the proof table.
    pub fn table_len(&self) -> usize {
        on_word!(&self.solvers, W, solver => solver.table.len())
    }

    /// Keeps every proven position of at least `min_pieces` pieces in the file at
    /// `path` as well as in the proof table, and first loads what the file already
    /// holds (a solve stopped earlier), so that a solve started again with the same
    /// file goes on from what was proven. The file is created if missing; one of
    /// another board, or not such a file, is refused.
    pub fn keep_proven(
        &mut self,
        path: &Path,
        min_pieces: u32,
    ) -> Result<KeptProven, ProvenFileError> {
        let board = self.board;
        on_word!(&mut self.solvers, W, solver => {
            let mut opened = ProvenLog::open::<W>(path, board, min_pieces)?;
            // Keyed again, in case the file was written under other keys (before the
            // keys took in the symmetries that exchange the colours): each record is a
            // whole position, so its key today is its canonical image.
            for (key, _) in &mut opened.proven {
                *key = solver.symmetries.canonical(key.black, key.white, key.white_to_move);
            }
            solver.table.keep_proven(opened.log, &opened.proven);
            Ok(KeptProven {
                loaded: opened.proven.len(),
                dropped_partial: opened.dropped_partial,
            })
        })
    }

    /// Writes out the proven positions still in the buffer of the file given to
    /// [`Solver::keep_proven`] (nothing without one); a kill loses at most what came
    /// after the last flush.
    pub fn flush_proven(&self) -> std::io::Result<()> {
        on_word!(&self.solvers, W, solver => solver.table.flush_proven())
    }

    /// What a solve reports to while it runs.
    fn counters(&self) -> Counters<'_> {
        Counters {
            stop: &self.stop,
            nodes: &self.nodes,
            root_moves: &self.root_moves,
        }
    }

    fn check_board(&self, position: &Position) {
        assert_eq!(
            position.board(),
            self.board,
            "position on another board than the solver's"
        );
    }

    /// Proves the value of every legal move of `position`, root moves in parallel on
    /// the current rayon pool; `progress(value, nodes_so_far)` is called as each is
    /// proven. Stops early, with what it has, when the stop flag is set. Call it from
    /// one thread at a time.
    pub fn solve_moves<F>(&self, position: &Position, progress: F) -> RootReport
    where
        F: Fn(MoveValue, u64) + Sync,
    {
        self.solve_moves_within(position, u64::MAX, progress)
    }

    /// [`Solver::solve_moves`] that also gives up once more than `node_budget`
    /// positions have been searched (each thread looks every thousand nodes or so),
    /// keeping what was proven.
    pub fn solve_moves_within<F>(
        &self,
        position: &Position,
        node_budget: u64,
        progress: F,
    ) -> RootReport
    where
        F: Fn(MoveValue, u64) + Sync,
    {
        self.solve_root(position, &[], node_budget, RootThreads::Pool, progress)
    }

    /// The general root solve: the value of each legal move of `position` that is in
    /// `among` (every legal move when `among` is empty, as in `searchmoves`), within
    /// `node_budget` positions in all, the root moves in parallel on the current rayon
    /// pool or one after the other on this thread (`threads`). Stops early, with what
    /// it has, when the stop flag is set; `complete` says whether every move asked
    /// about was proven. On one thread the answer, node count included, is the same on
    /// every run.
    pub fn solve_root<F>(
        &self,
        position: &Position,
        among: &[Move],
        node_budget: u64,
        threads: RootThreads,
        progress: F,
    ) -> RootReport
    where
        F: Fn(MoveValue, u64) + Sync,
    {
        self.nodes.store(0, Ordering::Relaxed);
        with_solver!(self, position, solver, p => {
            solver.solve_moves(p, among, threads, self.counters(), node_budget, progress)
        })
    }

    /// The exact value of `position` and a winning move, on this thread alone, or
    /// `None` if that takes more than `node_budget` positions (or the stop flag is set).
    /// Proven positions stay in the table, so later calls reuse them.
    pub fn solve_limited(&self, position: &Position, node_budget: u64) -> Option<Verdict> {
        self.solve_limited_reporting(position, node_budget, &|_| {})
    }

    /// [`Solver::solve_limited`], telling `searched` where it stands before it searches
    /// the first move of `position` and after each move it searches.
    pub fn solve_limited_reporting(
        &self,
        position: &Position,
        node_budget: u64,
        searched: &(dyn Fn(MovesSearched) + Sync),
    ) -> Option<Verdict> {
        with_solver!(self, position, solver, p => {
            solver.solve_limited(p, self.counters(), node_budget, searched)
        })
    }

    /// A winning move of `position` that the proof table alone shows, without a search:
    /// the first legal move, in [`Solver::solve_limited`]'s order, that leaves the
    /// opponent no move or whose result the table holds lost for the side then to move. `None` when the table shows none
    /// (which does not mean there is none). What it finds depends on what the table
    /// kept, so on the threads and the table's size.
    pub fn known_winning_move(&self, position: &Position) -> Option<Move> {
        with_solver!(self, position, solver, p => solver.known_winning_move(p))
    }
}

/// Where [`Solver::solve_limited_reporting`] stands: the position's moves it has
/// proven to lose, in the order it searches them, whether the one after them wins, and
/// how many moves there are.
#[derive(Copy, Clone, Debug, Eq, PartialEq)]
pub struct MovesSearched {
    /// The moves searched and proven to lose for the side to move.
    pub lost: usize,
    /// The legal moves of the position.
    pub moves: usize,
    /// The last move searched wins (the search is over).
    pub won: bool,
}

/// What a root solve counts into and reads its stop from.
#[derive(Copy, Clone)]
struct Counters<'a> {
    stop: &'a AtomicBool,
    nodes: &'a AtomicU64,
    root_moves: &'a RootMoves,
}

/// The solver's tables on the board's word `W`.
struct WordSolver<W: Word> {
    options: SolverOptions,
    geometry: &'static Geometry<W>,
    symmetries: Symmetries<W>,
    table: ProofTable<W>,
    /// Region values, one cache per thread (see `Shared::cache`).
    caches: Vec<Mutex<RegionCache<W>>>,
}

impl<W: Word> WordSolver<W> {
    fn new(board: Board, options: SolverOptions) -> WordSolver<W> {
        let geometry = Geometry::of(board);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        WordSolver {
            options,
            geometry,
            symmetries: Symmetries::new(geometry),
            // Proof-number search comes back to positions proven long before, so its
            // table keeps those of many pieces (docs/proof-search.md, "Proof-number search").
            table: ProofTable::new(
                options.table,
                options.capacity,
                geometry,
                if options.pn_pieces > 0 {
                    Replacement::FewestPieces
                } else {
                    Replacement::Home
                },
            ),
            caches: (0..=threads)
                .map(|_| Mutex::new(RegionCache::new(REGION_CACHE_ENTRIES)))
                .collect(),
        }
    }

    fn shared<'a>(
        &'a self,
        stop: &'a AtomicBool,
        nodes: &'a AtomicU64,
        budget: u64,
        jobs: Option<&'a JobBoard<W>>,
        numbers: Option<&'a SharedNumbers>,
        root_moves: Option<&'a RootMoves>,
    ) -> Shared<'a, W> {
        Shared {
            geometry: self.geometry,
            symmetries: &self.symmetries,
            table: &self.table,
            stop,
            nodes,
            budget,
            region_pieces: self.options.region_pieces,
            value_pieces: self.options.value_pieces,
            caches: &self.caches,
            pn_pieces: self.options.pn_pieces,
            pn_entries: self.options.pn_entries,
            pn_first_dn: self.options.pn_first_dn.max(1),
            pn_first_dn_ours: self.options.pn_first_dn_ours,
            pn_first_pn: self.options.pn_first_pn,
            pn_epsilon: (
                u64::from(self.options.pn_epsilon.0),
                u64::from(self.options.pn_epsilon.1.max(1)),
            ),
            pn_dn_share: self.options.pn_dn_share.min(100),
            safe_pieces: self.options.safe_pieces,
            jobs,
            numbers,
            root_moves,
            progress: None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn solve_moves<F>(
        &self,
        position: &BitPosition<W>,
        among: &[Move],
        threads: RootThreads,
        counters: Counters,
        node_budget: u64,
        progress: F,
    ) -> RootReport
    where
        F: Fn(MoveValue, u64) + Sync,
    {
        let side = position.side_to_move();
        let moves: Vec<BitMove> = position
            .legal_moves()
            .iter()
            .copied()
            .filter(|&mv| among.is_empty() || among.contains(&self.geometry.to_move(mv)))
            .collect();
        // Root moves whose results are symmetric images of each other are solved once.
        let mut classes: Vec<(TableKey<W>, Vec<BitMove>)> = Vec::new();
        for &mv in moves.iter() {
            let key = self.key(&position.after(mv));
            match classes.iter_mut().find(|(k, _)| *k == key) {
                Some((_, members)) => members.push(mv),
                None => classes.push((key, vec![mv])),
            }
        }
        let parallel = threads == RootThreads::Pool && rayon::current_num_threads() > 1;
        // The proof-number search shares work below the root moves through jobs; the
        // depth-first search splits the top plies, but only when the root moves alone
        // leave threads idle (splitting costs speculative work).
        let board = (parallel && self.options.pn_pieces > 0).then(|| JobBoard::new(classes.len()));
        let split = if board.is_none() && parallel && rayon::current_num_threads() > classes.len() {
            self.options.split_plies
        } else {
            0
        };
        // Threads sharing work share one table of numbers too, as large as all of
        // theirs would be together.
        let numbers = board
            .as_ref()
            .map(|_| SharedNumbers::new(self.options.pn_entries * rayon::current_num_threads()));
        let Counters {
            stop,
            nodes,
            root_moves,
        } = counters;
        root_moves.reset(classes.len());
        let shared = self.shared(
            stop,
            nodes,
            node_budget,
            board.as_ref(),
            numbers.as_ref(),
            Some(root_moves),
        );
        let proven = Mutex::new(Vec::new());
        let solve_class = |searcher: &mut Searcher<W>, class: usize| {
            let members = &classes[class].1;
            let next = position.after(members[0]);
            searcher.class = class;
            let result = searcher.solve_split(
                next.pieces(!side),
                next.pieces(side),
                side == Color::Black,
                split,
            );
            searcher.flush();
            if let Some(board) = &board {
                board.finish_class(class);
            }
            if let Some(child_wins) = result {
                root_moves.prove(class, !child_wins);
                for &mv in members {
                    let value = MoveValue {
                        mv: self.geometry.to_move(mv),
                        wins: !child_wins,
                    };
                    proven
                        .lock()
                        .expect("no panics while holding the lock")
                        .push(value);
                    progress(value, nodes.load(Ordering::Relaxed));
                }
            }
        };
        match (threads, &board) {
            (RootThreads::Calling, _) => {
                (0..classes.len()).for_each(|class| solve_class(&mut Searcher::new(&shared), class))
            }
            (RootThreads::Pool, None) => (0..classes.len())
                .into_par_iter()
                .for_each(|class| solve_class(&mut Searcher::new(&shared), class)),
            (RootThreads::Pool, Some(_)) => {
                // One worker a thread: root moves while there are any, then jobs until
                // every root move is proven.
                let next = AtomicUsize::new(0);
                let unproven = AtomicUsize::new(classes.len());
                rayon::scope(|scope| {
                    for _ in 0..rayon::current_num_threads() {
                        scope.spawn(|_| {
                            let mut searcher = Searcher::new(&shared);
                            loop {
                                let class = next.fetch_add(1, Ordering::Relaxed);
                                if class >= classes.len() {
                                    break;
                                }
                                solve_class(&mut searcher, class);
                                unproven.fetch_sub(1, Ordering::Relaxed);
                            }
                            searcher.help_until(|| unproven.load(Ordering::Relaxed) == 0);
                        });
                    }
                });
            }
        }
        let mut values = proven
            .into_inner()
            .expect("no panics while holding the lock");
        let order: Vec<Move> = moves.iter().map(|&mv| self.geometry.to_move(mv)).collect();
        values.sort_by_key(|v| order.iter().position(|&m| m == v.mv));
        RootReport {
            side,
            complete: values.len() == moves.len(),
            values,
            nodes: nodes.load(Ordering::Relaxed),
            jobs: board.as_ref().map_or(0, JobBoard::offered),
        }
    }

    fn solve_limited(
        &self,
        position: &BitPosition<W>,
        counters: Counters<'_>,
        node_budget: u64,
        searched: &(dyn Fn(MovesSearched) + Sync),
    ) -> Option<Verdict> {
        let nodes = AtomicU64::new(0);
        let mut shared = self.shared(counters.stop, &nodes, node_budget, None, None, None);
        shared.progress = Some(counters.nodes);
        let mut searcher = Searcher::new(&shared);
        let side = position.side_to_move();
        let mut winning_move = None;
        let moves = ordered_moves(position);
        let mut standing = MovesSearched {
            lost: 0,
            moves: moves.len(),
            won: false,
        };
        searched(standing);
        for (_, mv, next) in moves {
            let child_wins =
                searcher.search(next.pieces(!side), next.pieces(side), side == Color::Black);
            searcher.flush();
            if !child_wins? {
                winning_move = Some(self.geometry.to_move(mv));
                standing.won = true;
                searched(standing);
                break;
            }
            standing.lost += 1;
            searched(standing);
        }
        searcher.flush();
        Some(Verdict {
            winner: if winning_move.is_some() { side } else { !side },
            winning_move,
            nodes: nodes.load(Ordering::Relaxed) + 1,
        })
    }

    fn known_winning_move(&self, position: &BitPosition<W>) -> Option<Move> {
        ordered_moves(position)
            .into_iter()
            .find(|(replies, _, next)| {
                *replies == 0 || self.table.get(&self.key(next)) == Some(false)
            })
            .map(|(_, mv, _)| self.geometry.to_move(mv))
    }

    /// The proof table's key of `position`.
    fn key(&self, position: &BitPosition<W>) -> TableKey<W> {
        self.symmetries.canonical(
            position.pieces(Color::Black),
            position.pieces(Color::White),
            position.side_to_move() == Color::White,
        )
    }
}

/// The legal moves of `position` with the replies they leave and the positions they
/// lead to, in the order [`Solver::solve_limited`] tries them: fewest replies first,
/// ties in the order of the legal moves.
fn ordered_moves<W: Word>(position: &BitPosition<W>) -> Vec<(u32, BitMove, BitPosition<W>)> {
    let mut ordered: Vec<(u32, BitMove, BitPosition<W>)> = position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let next = position.after(mv);
            (next.count_moves(), mv, next)
        })
        .collect();
    ordered.sort_by_key(|&(replies, _, _)| replies);
    ordered
}

/// [`Solver::solve_limited`] with a fresh solver (a small `DashMap` table): the exact
/// value of `position` and a winning move, or `None` past `node_budget` positions.
pub fn solve_limited(position: &Position, node_budget: u64) -> Option<Verdict> {
    let options = SolverOptions {
        table: TableKind::DashMap,
        capacity: 1 << 20,
        split_plies: 0,
        ..SolverOptions::default()
    };
    Solver::new(position.board(), options).solve_limited(position, node_budget)
}
