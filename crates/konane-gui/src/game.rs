//! A tab's game: a tree of moves from a start position (konane-arena's [`MoveTree`]:
//! the main line and its branches), the node shown, and how the game ended. Every move
//! is checked by konane-core. The line shown is the one through the node shown; a move
//! played at an earlier position of it enters that move's node, or adds a branch there.

use konane_arena::{MoveTree, NodeId};
use konane_core::{Color, Move, Position};

/// How a game ended.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Outcome {
    pub winner: Color,
    /// Why, in words (`White has no move`, `Black resigned`, `White lost on time`).
    pub reason: String,
}

/// The moves of one game, the node shown and an ending decided off the board.
#[derive(Clone, Debug)]
pub struct Game {
    tree: MoveTree,
    /// The node shown.
    current: NodeId,
    /// An ending decided off the board (resignation, time, a failing engine).
    adjudicated: Option<Outcome>,
}

impl Game {
    /// A game from `start`, nothing played.
    pub fn new(start: Position) -> Game {
        Game::from_tree(MoveTree::new(start))
    }

    /// A game of `tree`, shown at its start.
    pub fn from_tree(tree: MoveTree) -> Game {
        Game {
            tree,
            current: MoveTree::ROOT,
            adjudicated: None,
        }
    }

    pub fn tree(&self) -> &MoveTree {
        &self.tree
    }

    pub fn start(&self) -> &Position {
        self.tree.start()
    }

    /// The node shown.
    pub fn current(&self) -> NodeId {
        self.current
    }

    /// The nodes of the line shown, from the first move to its end.
    pub fn line(&self) -> Vec<NodeId> {
        self.tree.line(self.current)
    }

    /// The moves of the line shown.
    pub fn moves(&self) -> Vec<Move> {
        self.tree.moves(&self.line())
    }

    /// The number of moves before the position shown.
    pub fn cursor(&self) -> usize {
        self.tree.depth(self.current)
    }

    /// Whether the position shown is the last of its line.
    pub fn at_end(&self) -> bool {
        self.tree.children(self.current).is_empty()
    }

    /// The node after `ply` moves of the line shown (at most all of them).
    fn node_at(&self, ply: usize) -> NodeId {
        match ply {
            0 => MoveTree::ROOT,
            _ => {
                let line = self.line();
                line[ply.min(line.len()) - 1]
            }
        }
    }

    /// The position after `ply` moves of the line shown (at most all of them).
    pub fn position_at(&self, ply: usize) -> Position {
        *self.tree.position(self.node_at(ply))
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        *self.tree.position(self.current)
    }

    /// The node at the end of the line shown.
    fn end(&self) -> NodeId {
        self.line().last().copied().unwrap_or(MoveTree::ROOT)
    }

    /// The last position of the line shown.
    pub fn last(&self) -> Position {
        *self.tree.position(self.end())
    }

    /// Shows the position after `ply` moves of the line shown; `None` past its end.
    pub fn goto(&mut self, ply: usize) -> Option<()> {
        (ply <= self.line().len()).then(|| self.current = self.node_at(ply))
    }

    /// Shows node `node`; `None` if the tree has no such node.
    pub fn goto_node(&mut self, node: NodeId) -> Option<()> {
        self.tree.contains(node).then(|| self.current = node)
    }

    /// Plays `mv`, legal at the position shown: enters its node, or adds a branch.
    /// Drops an adjudicated ending. True if the move was new.
    pub fn play(&mut self, mv: Move) -> bool {
        let parent = self.current;
        let before = self.tree.children(parent).len();
        self.current = self
            .tree
            .add(parent, mv)
            .expect("the move was checked at the position shown");
        self.adjudicated = None;
        self.tree.children(parent).len() > before
    }

    /// Adds `mv`, legal at the end of the line shown, there (an engine's move): the
    /// position shown follows it only if it was the last one.
    pub fn append(&mut self, mv: Move) {
        let end = self.end();
        let node = self
            .tree
            .add(end, mv)
            .expect("the move was checked at the line's end");
        if self.current == end {
            self.current = node;
        }
    }

    /// Reads `text` as a legal move at the position shown.
    pub fn parse_move(&self, text: &str) -> Result<Move, konane_core::MoveError> {
        self.position().parse_move(text)
    }

    /// Takes back the moves of the line shown from the last one played by `side` on:
    /// they are removed, and the game goes back to where `side` was to move. False
    /// (nothing changes) if `side` has not moved.
    pub fn take_back(&mut self, side: Color) -> bool {
        let last = self
            .line()
            .into_iter()
            .rev()
            .find(|&node| self.mover(node) == side);
        let Some(node) = last else {
            return false;
        };
        let parent = self.tree.parent(node).expect("a move has a parent");
        self.tree.remove(node);
        self.current = parent;
        self.adjudicated = None;
        true
    }

    /// The side that played the move into `node`.
    fn mover(&self, node: NodeId) -> Color {
        !self.tree.position(node).side_to_move()
    }

    /// Makes the line through `node` the main line.
    pub fn promote(&mut self, node: NodeId) -> Option<()> {
        self.tree.contains(node).then(|| self.tree.promote(node))
    }

    /// Removes `node` (not the start) and what follows it; the position shown moves to
    /// its parent if it was among them.
    pub fn remove(&mut self, node: NodeId) -> Option<()> {
        let parent = self
            .tree
            .parent(node)
            .filter(|_| self.tree.contains(node))?;
        let shown = self.tree.path(self.current).contains(&node);
        self.tree.remove(node);
        if shown {
            self.current = parent;
        }
        Some(())
    }

    /// Ends the game off the board: `winner` wins for `reason`.
    pub fn adjudicate(&mut self, winner: Color, reason: String) {
        self.adjudicated = Some(Outcome { winner, reason });
    }

    /// How the game ended, if it did: adjudicated, or the last position of the line
    /// shown has no move.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = &self.adjudicated {
            return Some(outcome.clone());
        }
        let last = self.last();
        last.winner().map(|winner| Outcome {
            winner,
            reason: format!("{} has no move", last.side_to_move()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use konane_core::Board;

    fn six() -> Position {
        Position::start(Board::new(6, 6).unwrap())
    }

    fn line(game: &Game) -> Vec<String> {
        game.moves().iter().map(Move::to_string).collect()
    }

    fn play(game: &mut Game, text: &str) -> bool {
        let mv = game.parse_move(text).unwrap();
        game.play(mv)
    }

    #[test]
    fn moves_branch_at_the_position_shown_and_keep_the_old_line() {
        let mut game = Game::new(six());
        for mv in ["c4", "c3", "a4c4"] {
            assert!(play(&mut game, mv));
        }
        assert!(game.goto(4).is_none());
        game.goto(1).unwrap();
        assert_eq!(game.position().side_to_move(), Color::White);
        assert_eq!(line(&game), ["c4", "c3", "a4c4"], "the line shown goes on");
        assert!(play(&mut game, "d4"), "a new branch");
        assert_eq!(line(&game), ["c4", "d4"]);
        assert!(game.at_end());
        game.goto(1).unwrap();
        assert!(!play(&mut game, "c3"), "an existing move is entered");
        assert_eq!(line(&game), ["c4", "c3", "a4c4"]);
        let branch = game.tree().children(game.tree().children(0)[0])[1];
        game.promote(branch).unwrap();
        game.goto(0).unwrap();
        assert_eq!(line(&game), ["c4", "d4"], "the branch is the main line");
        game.goto_node(branch).unwrap();
        game.remove(branch).unwrap();
        assert_eq!(game.cursor(), 1);
        assert_eq!(line(&game), ["c4", "c3", "a4c4"]);
        assert!(game.goto_node(branch).is_none());
        game.goto(0).unwrap();
        let mv = game.last().parse_move("b2b4").unwrap();
        game.append(mv);
        assert_eq!((game.cursor(), game.moves().len()), (0, 4));
    }

    #[test]
    fn take_back_returns_to_the_side_s_last_turn() {
        let mut game = Game::new(six());
        for mv in ["c4", "c3", "a4c4"] {
            play(&mut game, mv);
        }
        assert!(game.take_back(Color::White));
        assert_eq!(game.moves().len(), 1);
        assert!(game.take_back(Color::Black));
        assert!(game.moves().is_empty());
        assert!(!game.take_back(Color::Black));
    }

    #[test]
    fn outcomes_come_from_the_rules_or_adjudication() {
        let mut game = Game::new(Position::from_fen("bb1 w").unwrap());
        let outcome = game.outcome().unwrap();
        assert_eq!(outcome.winner, Color::Black);
        assert_eq!(outcome.reason, "White has no move");
        let mut open = Game::new(six());
        assert_eq!(open.outcome(), None);
        open.adjudicate(Color::White, "Black resigned".into());
        assert_eq!(open.outcome().unwrap().winner, Color::White);
        game.adjudicate(Color::White, "x".into());
        assert_eq!(game.outcome().unwrap().reason, "x");
    }
}
