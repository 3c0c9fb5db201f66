//! A tab's whole-game review (lichess's computer analysis): each position of the main
//! line in turn is put to the solver (the badge's, with tables of its own for the
//! review) and, when it is too big, to the analysis engine for a fixed time; the
//! results are kept by node, so that the page marks the moves and the graph, and the
//! game's text carries them as comments ([`crate::tags`]). While a review runs it is
//! the tab's one search: the live analysis waits for it.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use konane_arena::{MoveTree, NodeId};
use konane_core::{Color, Move};
use tokio::sync::mpsc::UnboundedSender;

use super::{Refusal, Tab};
use crate::messages::{
    Mode, ReviewMarkView, ReviewPointView, ReviewView, ScoreView, Shape, SolvedView,
};
use crate::prove::Prover;
use crate::review::{chances, judge, mean, move_accuracy, Judgement, Point};
use crate::tags::{self, Tags, MAX_SHAPES};

/// The engine's time on each position, unless the page asks otherwise.
pub const REVIEW_MS: u64 = 1000;
/// The shortest and longest time a page may ask for.
pub const REVIEW_MS_RANGE: std::ops::RangeInclusive<u64> = 100..=60_000;

/// A solver's answer about a review's position: the review's number, the position's
/// index in it, the proof.
pub type ReviewProof = (u64, usize, Option<SolvedView>);

/// The review of a tab's game: what it found, by node, and the review under way.
pub struct Review {
    points: HashMap<NodeId, Point>,
    job: Option<Job>,
    /// Counts reviews, so that a stale proof is dropped.
    number: u64,
    results: UnboundedSender<ReviewProof>,
    holding: Arc<AtomicUsize>,
}

/// A review under way.
struct Job {
    number: u64,
    /// The main line's nodes, the start first.
    nodes: Vec<NodeId>,
    /// The index of the position under review.
    next: usize,
    /// Whether the engine (not the solver) is asked about it now.
    searching: bool,
    ms: u64,
    prover: Arc<Mutex<Prover>>,
    /// Stops the prover's proof under way (the prover clears it as it starts the next).
    cancel: Arc<AtomicBool>,
    /// Set for good when the review goes: its solver's work under way stops, whatever
    /// the prover did with `cancel`.
    dropped: Arc<AtomicBool>,
    /// The engine's last line about the position under review: its score (from the
    /// side to move's view) and first move.
    last: Option<(ScoreView, Option<String>)>,
}

impl Drop for Job {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::SeqCst);
        self.cancel.store(true, Ordering::SeqCst);
    }
}

/// The position under review for the engine: its node and the main line's moves to it.
pub struct ReviewSearch {
    pub moves: Vec<Move>,
    pub ms: u64,
}

impl Review {
    pub fn new(results: UnboundedSender<ReviewProof>, holding: Arc<AtomicUsize>) -> Review {
        Review {
            points: HashMap::new(),
            job: None,
            number: 0,
            results,
            holding,
        }
    }

    /// Sends the solver's answers to a new connection's tab.
    pub fn rebind(&mut self, results: UnboundedSender<ReviewProof>) {
        self.results = results;
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.points.clear();
        self.job = None;
    }

    /// Stops the review under way (its solver's tables go with it); what it found stays.
    pub fn stop(&mut self) {
        self.job = None;
    }

    /// The tags of `node`'s comment: the position's evaluation and the judgement of the
    /// move into it.
    pub fn tags(&self, tree: &MoveTree, node: NodeId) -> Tags {
        Tags {
            eval: self.points.get(&node).map(|p| p.eval),
            judgement: self
                .judgement(tree, node)
                .map(|(j, best)| (j, best.map(|m| m.to_string()))),
            shapes: Vec::new(),
        }
    }

    /// The judgement of the move into `node`, with the better move, when the review
    /// found both positions.
    fn judgement(&self, tree: &MoveTree, node: NodeId) -> Option<(Judgement, Option<Move>)> {
        let (before, after, mover, played) = self.step(tree, node)?;
        let best = before.best;
        judge(
            before_chances(tree, node, before)?,
            after,
            mover,
            played,
            best,
        )
        .map(|j| (j, best))
    }

    /// The points before and after the move into `node`, Black's chances after it, the
    /// mover and the move.
    fn step(&self, tree: &MoveTree, node: NodeId) -> Option<(Point, f64, Color, Move)> {
        let parent = tree.parent(node)?;
        let before = *self.points.get(&parent)?;
        let after = self.points.get(&node)?;
        let mover = tree.position(parent).side_to_move();
        let played = tree.move_to(node)?;
        Some((before, chances(after.eval, !mover), mover, played))
    }

    /// Reads the review's tags of a game's text back: evaluations by node, the better
    /// moves the judgements name onto their positions.
    pub fn read(&mut self, tree: &MoveTree, found: &[(NodeId, Tags)]) {
        self.clear();
        for (node, tags) in found {
            if let Some(eval) = tags.eval {
                self.points.insert(*node, Point { eval, best: None });
            }
        }
        for (node, tags) in found {
            let best = tags
                .judgement
                .as_ref()
                .and_then(|(_, best)| best.as_deref());
            let parent = tree.parent(*node);
            if let (Some(best), Some(parent)) = (best, parent) {
                let mv = tree.position(parent).parse_move(best).ok();
                if let Some(point) = self.points.get_mut(&parent) {
                    point.best = mv;
                }
            }
        }
    }

    /// What the page shows: progress, the points and marks, each side's accuracy
    /// (over the main line's moves that have both their positions reviewed).
    pub fn view(&self, tree: &MoveTree) -> ReviewView {
        let mut points: Vec<ReviewPointView> = self
            .points
            .iter()
            .map(|(&node, point)| ReviewPointView {
                node,
                eval: point.eval,
                best: point.best.map(|m| m.to_string()),
            })
            .collect();
        points.sort_by_key(|p| p.node);
        let mut marks: Vec<ReviewMarkView> = tree
            .ids()
            .filter_map(|node| {
                let (judgement, best) = self.judgement(tree, node)?;
                Some(ReviewMarkView {
                    node,
                    judgement: judgement.word().to_string(),
                    best: best.map(|m| m.to_string()),
                })
            })
            .collect();
        marks.sort_by_key(|m| m.node);
        let mut accuracies: [Vec<f64>; 2] = [Vec::new(), Vec::new()];
        let main = tree.line(MoveTree::ROOT);
        for &node in &main {
            if let Some((before, after, mover, _)) = self.step(tree, node) {
                if let Some(before) = before_chances(tree, node, before) {
                    accuracies[mover.index()].push(move_accuracy(before, after, mover));
                }
            }
        }
        let (done, total) = match &self.job {
            Some(job) => (job.next, job.nodes.len()),
            None => (0, 0),
        };
        ReviewView {
            running: self.job.is_some(),
            done,
            total,
            points,
            marks,
            accuracy: accuracies.map(|a| mean(&a).map(|m| (m * 10.0).round() / 10.0)),
        }
    }
}

/// Black's chances before the move into `node`.
fn before_chances(tree: &MoveTree, node: NodeId, before: Point) -> Option<f64> {
    let parent = tree.parent(node)?;
    Some(chances(before.eval, tree.position(parent).side_to_move()))
}

/// A solver's proof as an evaluation from Black's view: a mate in the winner's moves.
fn proof_eval(proof: &SolvedView) -> ScoreView {
    let moves = (proof.plies as i32 + 1) / 2;
    if proof.winner == "black" {
        ScoreView::Mate(moves)
    } else {
        ScoreView::Mate(-moves)
    }
}

impl Tab {
    /// Sets the circles and arrows drawn on the position shown.
    pub(super) fn draw(&mut self, shapes: Vec<Shape>) -> Result<(), Refusal> {
        if shapes.len() > MAX_SHAPES {
            return Err(Refusal::TooManyShapes(shapes.len()));
        }
        let board = self.game.start().board();
        let shapes = shapes
            .into_iter()
            .map(|shape| tags::checked(shape, board))
            .collect::<Result<Vec<_>, _>>()
            .map_err(Refusal::Shape)?;
        let node = self.game.current();
        if shapes.is_empty() {
            self.shapes.remove(&node);
        } else {
            self.shapes.insert(node, shapes);
        }
        Ok(())
    }

    /// Starts a review of the main line (`ms` of the engine a position), or stops the
    /// one under way.
    pub(super) fn set_review(&mut self, on: bool, ms: Option<u64>) -> Result<(), Refusal> {
        if !on {
            self.review.stop();
            return Ok(());
        }
        if self.mode != Mode::Analysis {
            return Err(Refusal::ReviewNotAnalysis);
        }
        let ms = ms.unwrap_or(REVIEW_MS);
        if !REVIEW_MS_RANGE.contains(&ms) {
            return Err(Refusal::ReviewTime(ms));
        }
        let tree = self.game.tree();
        let mut nodes = vec![MoveTree::ROOT];
        nodes.extend(tree.line(MoveTree::ROOT));
        let review = &mut self.review;
        review.number += 1;
        review.points.retain(|node, _| !nodes.contains(node));
        let cancel = Arc::new(AtomicBool::new(false));
        let prover = Prover::new(cancel.clone(), review.holding.clone());
        review.job = Some(Job {
            number: review.number,
            nodes,
            next: 0,
            searching: false,
            ms,
            prover: Arc::new(Mutex::new(prover)),
            cancel,
            dropped: Arc::default(),
            last: None,
        });
        self.review_next();
        Ok(())
    }

    /// Puts the review's next position to the solver (or ends the review).
    fn review_next(&mut self) {
        let tree = self.game.tree();
        let Some(job) = self.review.job.as_mut() else {
            return;
        };
        // Nodes deleted meanwhile are skipped.
        while job.next < job.nodes.len() && !tree.contains(job.nodes[job.next]) {
            job.next += 1;
        }
        let Some(&node) = job.nodes.get(job.next) else {
            self.review.job = None;
            return;
        };
        let position = *tree.position(node);
        if position.is_game_over() {
            // No move: the side to move has lost.
            let point = Point {
                eval: ScoreView::Mate(0),
                best: None,
            };
            self.review.points.insert(node, point);
            job.next += 1;
            return self.review_next();
        }
        job.searching = false;
        job.last = None;
        let (prover, dropped, results) = (
            job.prover.clone(),
            job.dropped.clone(),
            self.review.results.clone(),
        );
        let (number, index) = (job.number, job.next);
        tokio::task::spawn_blocking(move || {
            let stop = || dropped.load(Ordering::SeqCst);
            if stop() {
                return;
            }
            let mut prover = prover.lock().unwrap_or_else(|e| e.into_inner());
            if stop() {
                return;
            }
            let proof = prover.prove(&position, 0, &stop);
            let _ = results.send((number, index, proof));
        });
    }

    /// The solver's answer about a review's position: its proof is the position's
    /// point, or else the engine is asked.
    pub(super) fn on_review_proof(&mut self, (number, index, proof): ReviewProof) {
        let Some(job) = self.review.job.as_mut() else {
            return;
        };
        if job.number != number || job.next != index || job.searching {
            return;
        }
        let node = job.nodes[index];
        match proof {
            Some(proof) => {
                let position = self.game.tree().position(node);
                let best = proof.winning.first().or(proof.line.first());
                let point = Point {
                    eval: proof_eval(&proof),
                    best: best.and_then(|m| position.parse_move(m).ok()),
                };
                self.review.points.insert(node, point);
                job.next += 1;
                self.review_next();
            }
            None => job.searching = true,
        }
        self.after_change();
    }

    /// The engine search the review wants now, if any.
    pub(super) fn review_search(&self) -> Option<ReviewSearch> {
        let job = self.review.job.as_ref().filter(|j| j.searching)?;
        let tree = self.game.tree();
        let node = job.nodes[job.next];
        let path = tree.path(node);
        let path = path
            .iter()
            .copied()
            .filter(|&n| n != MoveTree::ROOT)
            .collect::<Vec<_>>();
        Some(ReviewSearch {
            moves: tree.moves(&path),
            ms: job.ms,
        })
    }

    /// An engine line about the position under review.
    pub(super) fn review_line(&mut self, score: Option<ScoreView>, first: Option<String>) {
        if let (Some(job), Some(score)) = (self.review.job.as_mut(), score) {
            job.last = Some((score, first));
        }
    }

    /// The engine's search of the position under review ended: its last line is the
    /// position's point.
    pub(super) fn review_searched(&mut self, answer: Option<String>) {
        let Some(job) = self.review.job.as_mut() else {
            return;
        };
        let node = job.nodes[job.next];
        let position = *self.game.tree().position(node);
        if let Some((score, first)) = job.last.take() {
            // From the side to move's view to Black's.
            let eval = match (score, position.side_to_move()) {
                (score, Color::Black) => score,
                (ScoreView::Cp(cp), Color::White) => ScoreView::Cp(-cp),
                (ScoreView::Mate(n), Color::White) => ScoreView::Mate(-n),
            };
            let best = answer.or(first).and_then(|m| position.parse_move(&m).ok());
            self.review.points.insert(node, Point { eval, best });
        }
        job.next += 1;
        job.searching = false;
        self.review_next();
    }
}
