//! A tab's game: the start position, the moves, the position shown (a cursor into the
//! moves, for stepping through them) and how the game ended. Every move is checked by
//! konane-core; a move played at an earlier position starts a new branch there.

use konane_core::{Color, Move, MoveError, Position};

/// How a game ended.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct Outcome {
    pub winner: Color,
    /// Why, in words (`White has no move`, `Black resigned`, `White lost on time`).
    pub reason: String,
}

/// The moves of one game and the position shown.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    moves: Vec<Move>,
    /// The position shown is the one after this many moves.
    cursor: usize,
    /// An ending decided off the board (resignation, time, a failing engine).
    adjudicated: Option<Outcome>,
}

impl Game {
    /// A game from `start`, nothing played.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            moves: Vec::new(),
            cursor: 0,
            adjudicated: None,
        }
    }

    /// A game from `start` through `moves` (each checked), shown at its end.
    pub fn with_moves(start: Position, moves: &[Move]) -> Result<Game, String> {
        let mut game = Game::new(start);
        for (i, &mv) in moves.iter().enumerate() {
            if !game.position().is_legal(mv) {
                return Err(format!("move {} ({mv}) is illegal", i + 1));
            }
            game.play(mv);
        }
        Ok(game)
    }

    /// Reads a move list (`d5 d4 b5d5`, dashes and upper case accepted) from `start`.
    pub fn from_text(start: Position, text: &str) -> Result<Game, String> {
        let mut position = start;
        let mut moves = Vec::new();
        for (i, word) in text.split_whitespace().enumerate() {
            // Move numbers (`1.`) are skipped, so that a list written with them reads too.
            if word.ends_with('.') && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit()) {
                continue;
            }
            let mv = position
                .parse_move(word)
                .map_err(|e| format!("move {} of the list: {e}", i + 1))?;
            position.play(mv);
            moves.push(mv);
        }
        Game::with_moves(start, &moves)
    }

    pub fn start(&self) -> &Position {
        &self.start
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of moves before the position shown.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Whether the position shown is the last one.
    pub fn at_end(&self) -> bool {
        self.cursor == self.moves.len()
    }

    /// The position after `ply` moves (at most all of them).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut position = self.start;
        for &mv in &self.moves[..ply.min(self.moves.len())] {
            position.play(mv);
        }
        position
    }

    /// The position shown.
    pub fn position(&self) -> Position {
        self.position_at(self.cursor)
    }

    /// The last position of the game.
    pub fn last(&self) -> Position {
        self.position_at(self.moves.len())
    }

    /// Shows the position after `ply` moves.
    pub fn goto(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.moves.len() {
            return Err(format!(
                "there is no position after {ply} moves: the game has {}",
                self.moves.len()
            ));
        }
        self.cursor = ply;
        Ok(())
    }

    /// Plays `mv` at the position shown: later moves are dropped (a new branch) and so
    /// is an adjudicated ending. The move must be legal.
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.position().is_legal(mv));
        self.moves.truncate(self.cursor);
        self.moves.push(mv);
        self.cursor = self.moves.len();
        self.adjudicated = None;
    }

    /// Adds `mv`, legal at the last position, at the end of the game (an engine's move):
    /// the position shown follows it only if it was the last one.
    pub fn append(&mut self, mv: Move) {
        debug_assert!(self.last().is_legal(mv));
        if self.at_end() {
            self.cursor += 1;
        }
        self.moves.push(mv);
    }

    /// Reads `text` as a legal move at the position shown.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.position().parse_move(text)
    }

    /// Takes back the moves from the last one played by `side` on: the game goes back
    /// to the position where `side` was to move. False (nothing changes) if `side` has
    /// not moved.
    pub fn take_back(&mut self, side: Color) -> bool {
        let mut position = self.start;
        let mut last = None;
        for (i, &mv) in self.moves.iter().enumerate() {
            if position.side_to_move() == side {
                last = Some(i);
            }
            position.play(mv);
        }
        let Some(index) = last else {
            return false;
        };
        self.moves.truncate(index);
        self.cursor = index;
        self.adjudicated = None;
        true
    }

    /// Ends the game off the board: `winner` wins for `reason`.
    pub fn adjudicate(&mut self, winner: Color, reason: String) {
        self.adjudicated = Some(Outcome { winner, reason });
    }

    /// How the game ended, if it did: adjudicated, or the last position has no move.
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

    #[test]
    fn moves_are_checked_and_branch_at_the_cursor() {
        let mut game = Game::from_text(six(), "1. c4 c3 2. a4c4").unwrap();
        assert_eq!(game.moves().len(), 3);
        assert!(Game::from_text(six(), "c4 c4")
            .unwrap_err()
            .contains("move 2"));
        assert!(game.goto(4).is_err());
        game.goto(1).unwrap();
        assert_eq!(game.position().side_to_move(), Color::White);
        let mv = game.parse_move("d4").unwrap();
        game.play(mv);
        assert_eq!(
            game.moves().iter().map(Move::to_string).collect::<Vec<_>>(),
            ["c4", "d4"]
        );
        assert!(game.at_end());
        game.goto(0).unwrap();
        let mv = game.last().parse_move("a4c4").unwrap();
        game.append(mv);
        assert_eq!((game.cursor(), game.moves().len()), (0, 3));
    }

    #[test]
    fn take_back_returns_to_the_side_s_last_turn() {
        let mut game = Game::from_text(six(), "c4 c3 a4c4").unwrap();
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
