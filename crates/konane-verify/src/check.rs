//! Checking a certificate's proof: from the root, every won record's move is legal and
//! leads to a position proven lost, every move of a lost record leads to a position
//! proven won, leaves are solved by the checker's own search, and every record is used.

use std::fmt;

use konane_core::{Move, Position};

use crate::format::{Certificate, Section};
use crate::key::{Canonical, KeyWord};
use crate::leaf::LeafSolver;

/// What a successful check found.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Summary {
    /// Won records checked.
    pub won: usize,
    /// Lost records checked.
    pub lost: usize,
    /// Arrivals of the walk at leaves (positions of at most the leaf limit of pieces in
    /// which the side to move has a move), each decided by the checker's search (or its
    /// memo): a leaf reached along two lines counts twice.
    pub leaves: u64,
    /// Positions the checker's leaf search visited.
    pub leaf_nodes: u64,
    /// Positions visited for the costliest single leaf.
    pub hardest_leaf: u64,
}

/// Where a check failed: the line of moves from the root to the position at fault
/// (empty for the root itself) and what is wrong there.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Failure {
    /// The moves from the root, as played from the root's own position.
    pub line: Vec<Move>,
    /// What is wrong at the end of the line (boxed: a problem holds whole positions).
    pub problem: Box<Problem>,
}

/// A record of the certificate, for messages: its section, index and position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct RecordRef {
    /// The record's section.
    pub section: Section,
    /// Its place in the section, from 0.
    pub index: usize,
    /// The record's own position (the canonical image of the position on the line).
    pub position: Position,
}

impl fmt::Display for RecordRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} record {} ({})",
            self.section, self.index, self.position
        )
    }
}

/// What is wrong.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum Problem {
    /// A position above the leaf limit that the proof needs has no record in the
    /// section that would prove it.
    Missing {
        /// The position, as reached on the line.
        position: Position,
        /// The section its record would be in.
        needed: Section,
    },
    /// A won record's move is not legal in its position.
    IllegalMove {
        /// The won record.
        record: RecordRef,
        /// Its move.
        mv: Move,
    },
    /// After a move the opponent has no move at all: it wins at once, so the position
    /// it was played from is not lost.
    ImmediateWin {
        /// The lost record.
        record: RecordRef,
        /// The move that leaves the opponent without a move (as played on the line).
        mv: Move,
    },
    /// A leaf (or the root, when it is one) whose value by the checker's own search is
    /// not the one the proof needs.
    LeafValue {
        /// The leaf, as reached on the line.
        position: Position,
        /// Whether the proof needs it won for the side to move.
        claimed_win: bool,
    },
    /// A move that does not remove a piece (impossible under the rules; it would break
    /// the induction on the number of pieces that makes the proof sound).
    NotShrinking {
        /// The position the move is played in.
        position: Position,
        /// The move.
        mv: Move,
    },
    /// Records the proof from the root never reaches (the first of them named).
    Unused {
        /// How many records are not reached.
        count: usize,
        /// The first of them, won records first.
        first: RecordRef,
    },
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |p: &Position| p.side_to_move();
        match self {
            Problem::Missing { position, needed } => write!(
                f,
                "the position {position} ({} to move, {} pieces) needs a {needed} record, \
                 and there is none",
                side(position),
                position.piece_count()
            ),
            Problem::IllegalMove { record, mv } => {
                write!(
                    f,
                    "{record} claims the winning move {mv}, which is not legal there"
                )
            }
            Problem::ImmediateWin { record, mv } => write!(
                f,
                "{record} claims {} loses, but its move {mv} leaves the opponent without a move",
                side(&record.position)
            ),
            Problem::LeafValue {
                position,
                claimed_win,
            } => write!(
                f,
                "the leaf {position} ({} to move) must be {} for {}, but the checker's own \
                 search finds it {}",
                side(position),
                if *claimed_win { "won" } else { "lost" },
                side(position),
                if *claimed_win { "lost" } else { "won" },
            ),
            Problem::NotShrinking { position, mv } => {
                write!(f, "the move {mv} in {position} removes no piece")
            }
            Problem::Unused { count, first } => write!(
                f,
                "{count} records are not reached from the root (the first: {first})"
            ),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line.is_empty() {
            write!(f, "at the root: {}", self.problem)
        } else {
            let line: Vec<String> = self.line.iter().map(Move::to_string).collect();
            write!(f, "after the line {}: {}", line.join(" "), self.problem)
        }
    }
}

impl std::error::Error for Failure {}

/// A record being checked: the position reached on the line, the record, and the
/// moves of the position still to follow.
struct Frame {
    position: Position,
    record: RecordRef,
    /// The move from the parent frame's position that led here.
    via: Option<Move>,
    /// The moves to follow, in this frame's `position`.
    moves: Vec<Move>,
    next: usize,
}

/// The state of one check.
struct Checker<'a, W> {
    certificate: &'a Certificate<W>,
    canonical: Canonical,
    leaves: LeafSolver,
    leaf_count: u64,
    hardest_leaf: u64,
    seen_won: Vec<bool>,
    seen_lost: Vec<bool>,
    stack: Vec<Frame>,
}

/// Checks `certificate`'s proof that its winner wins from its root.
pub fn verify<W: KeyWord>(certificate: &Certificate<W>) -> Result<Summary, Failure> {
    let mut checker = Checker {
        certificate,
        canonical: Canonical::new(certificate.root().board()),
        leaves: LeafSolver::new(),
        leaf_count: 0,
        hardest_leaf: 0,
        seen_won: vec![false; certificate.won().len()],
        seen_lost: vec![false; certificate.lost().len()],
        stack: Vec::new(),
    };
    checker.run()?;
    Ok(Summary {
        won: certificate.won().len(),
        lost: certificate.lost().len(),
        leaves: checker.leaf_count,
        leaf_nodes: checker.leaves.nodes(),
        hardest_leaf: checker.hardest_leaf,
    })
}

impl<W: KeyWord> Checker<'_, W> {
    fn run(&mut self) -> Result<(), Failure> {
        let root = self.certificate.root();
        let root_wins = root.side_to_move() == self.certificate.winner();
        self.prove(root, None, root_wins)?;
        while let Some(frame) = self.stack.last_mut() {
            let Some(&mv) = frame.moves.get(frame.next) else {
                self.stack.pop();
                continue;
            };
            frame.next += 1;
            let position = frame.position;
            let must_win = frame.record.section == Section::Lost;
            let child = position.after(mv);
            if child.piece_count() >= position.piece_count() {
                return Err(self.fail(Problem::NotShrinking { position, mv }));
            }
            if must_win && child.count_moves() == 0 {
                let record = frame.record.clone();
                return Err(self.fail(Problem::ImmediateWin { record, mv }));
            }
            self.prove(child, Some(mv), must_win)?;
        }
        self.check_all_used()
    }

    /// Proves that the side to move at `position` (reached by `via`) wins (`must_win`)
    /// or loses: at once for a leaf or a position without moves, else by pushing its
    /// record to be followed, unless it was followed already.
    fn prove(
        &mut self,
        position: Position,
        via: Option<Move>,
        must_win: bool,
    ) -> Result<(), Failure> {
        let pieces = position.piece_count();
        if !must_win && position.count_moves() == 0 {
            return Ok(());
        }
        if pieces <= self.certificate.leaf_pieces() {
            self.leaf_count += 1;
            let before = self.leaves.nodes();
            let wins = self.leaves.wins(&position);
            self.hardest_leaf = self.hardest_leaf.max(self.leaves.nodes() - before);
            if wins != must_win {
                let problem = Problem::LeafValue {
                    position,
                    claimed_win: must_win,
                };
                return Err(self.fail_at(via, problem));
            }
            return Ok(());
        }
        let (key, symmetry) = self.canonical.of::<W>(&position);
        let (section, index) = if must_win {
            (Section::Won, self.certificate.find_won(key))
        } else {
            (Section::Lost, self.certificate.find_lost(key))
        };
        let Some(index) = index else {
            let problem = Problem::Missing {
                position,
                needed: section,
            };
            return Err(self.fail_at(via, problem));
        };
        let seen = match section {
            Section::Won => &mut self.seen_won[index],
            Section::Lost => &mut self.seen_lost[index],
        };
        if std::mem::replace(seen, true) {
            return Ok(());
        }
        let record = RecordRef {
            section,
            index,
            position: self.certificate.position(section, key),
        };
        let moves = match section {
            Section::Won => {
                let mv = self.certificate.won()[index].1;
                // The record's move, in the frame of the position on the line.
                let played = symmetry.inverse().apply_move(position.board(), mv);
                if !record.position.is_legal(mv) || !position.is_legal(played) {
                    let problem = Problem::IllegalMove { record, mv };
                    return Err(self.fail_at(via, problem));
                }
                vec![played]
            }
            Section::Lost => position.legal_moves().to_vec(),
        };
        self.stack.push(Frame {
            position,
            record,
            via,
            moves,
            next: 0,
        });
        Ok(())
    }

    /// Fails unless every record was reached from the root.
    fn check_all_used(&self) -> Result<(), Failure> {
        let unused = |seen: &[bool]| seen.iter().filter(|&&s| !s).count();
        let count = unused(&self.seen_won) + unused(&self.seen_lost);
        if count == 0 {
            return Ok(());
        }
        let (section, index) = match self.seen_won.iter().position(|&s| !s) {
            Some(index) => (Section::Won, index),
            None => (
                Section::Lost,
                self.seen_lost
                    .iter()
                    .position(|&s| !s)
                    .expect("one is unused"),
            ),
        };
        let key = match section {
            Section::Won => self.certificate.won()[index].0,
            Section::Lost => self.certificate.lost()[index],
        };
        let first = RecordRef {
            section,
            index,
            position: self.certificate.position(section, key),
        };
        Err(Failure {
            line: Vec::new(),
            problem: Box::new(Problem::Unused { count, first }),
        })
    }

    /// A failure at the position the top frame's last move led to.
    fn fail(&self, problem: Problem) -> Failure {
        Failure {
            line: self.line(),
            problem: Box::new(problem),
        }
    }

    /// A failure at the position `via` led to from the top frame (the root when `None`).
    fn fail_at(&self, via: Option<Move>, problem: Problem) -> Failure {
        let mut line = self.line();
        line.extend(via);
        Failure {
            line,
            problem: Box::new(problem),
        }
    }

    /// The moves from the root to the top frame's position.
    fn line(&self) -> Vec<Move> {
        self.stack.iter().filter_map(|frame| frame.via).collect()
    }
}
