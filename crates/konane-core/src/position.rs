//! A position: one bitboard per colour, the side to move and its Zobrist hash; the
//! opening phase and making moves.

use std::fmt;

use crate::bitboard::{apply_jump, between, Bits};
use crate::board::{Board, Color, Square};
use crate::moves::{Move, MoveError};
use crate::text::clip;
use crate::zobrist;

/// Which kind of move the side to move makes, from the number of empty squares.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub enum Phase {
    /// No empty square: remove an own piece on a corner or in the centre.
    FirstRemoval,
    /// One empty square: remove an own piece next to the hole.
    SecondRemoval,
    /// Two or more empty squares: every move is a jump.
    Jumps,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Phase::FirstRemoval => "first removal",
            Phase::SecondRemoval => "second removal",
            Phase::Jumps => "jumps",
        })
    }
}

/// Why a set of bitboards is not a position.
#[derive(Clone, Debug, Eq, PartialEq)]
pub enum PositionError {
    /// A square holds both colours.
    Overlap(Square),
    /// A piece stands outside the board.
    OffBoard(Square),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Overlap(sq) => {
                write!(f, "square {sq} holds both a black and a white piece")
            }
            PositionError::OffBoard(sq) => write!(f, "square {sq} is off the board"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why a sequence of moves could not be played: the failing move's place and error.
#[derive(Clone, Debug, Eq, PartialEq)]
pub struct PlayError {
    /// The failing move's place in the sequence, from 1.
    pub index: usize,
    /// Why that move was refused.
    pub error: MoveError,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index, self.error)
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A Konane position on any board from 1x1 to 8x8.
#[derive(Copy, Clone, Debug, Eq, PartialEq, Hash)]
pub struct Position {
    board: Board,
    pieces: [u64; 2],
    side: Color,
    hash: u64,
}

impl Position {
    /// The start position of `board`: every square filled, Black to move.
    pub fn start(board: Board) -> Position {
        let black = board.start_pieces(Color::Black);
        let white = board.start_pieces(Color::White);
        Position::from_parts(board, black, white, Color::Black).expect("start layout is valid")
    }

    /// A position from its bitboards; fails if they overlap or leave the board.
    pub fn from_parts(
        board: Board,
        black: u64,
        white: u64,
        side: Color,
    ) -> Result<Position, PositionError> {
        if let Some(sq) = Bits(black & white).next() {
            return Err(PositionError::Overlap(Square::from_index(sq)));
        }
        if let Some(sq) = Bits((black | white) & !board.mask()).next() {
            return Err(PositionError::OffBoard(Square::from_index(sq)));
        }
        Ok(Position {
            board,
            pieces: [black, white],
            side,
            hash: zobrist::hash_of(board, black, white, side),
        })
    }

    /// The board's geometry.
    pub const fn board(&self) -> Board {
        self.board
    }

    /// The pieces of `color`.
    #[inline(always)]
    pub const fn pieces(&self, color: Color) -> u64 {
        self.pieces[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub const fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square of the board.
    #[inline(always)]
    pub const fn empty(&self) -> u64 {
        self.board.mask() & !self.occupied()
    }

    /// The player to move.
    #[inline(always)]
    pub const fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash, kept up to date by [`Position::play`].
    #[inline(always)]
    pub const fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`Position::hash`]; for tests and checks).
    pub fn hash_from_scratch(&self) -> u64 {
        zobrist::hash_of(self.board, self.pieces[0], self.pieces[1], self.side)
    }

    /// The phase, from the number of empty squares.
    #[inline(always)]
    pub const fn phase(&self) -> Phase {
        match self.empty().count_ones() {
            0 => Phase::FirstRemoval,
            1 => Phase::SecondRemoval,
            _ => Phase::Jumps,
        }
    }

    /// The same pieces with the other side to move (for evaluation and analysis; not a legal move).
    pub fn with_side_to_move(&self, side: Color) -> Position {
        let mut next = *self;
        if side != self.side {
            next.side = side;
            next.hash ^= zobrist::side_key();
        }
        next
    }

    /// Plays `mv`, which must be legal here (checked in debug builds).
    #[inline(always)]
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "illegal move {mv} in {}", self.to_fen());
        let us = self.side;
        let them = us.opponent();
        let from = mv.from().index();
        if mv.is_removal() {
            self.pieces[us.index()] &= !(1u64 << from);
            self.hash ^= zobrist::piece_key(us, from);
        } else {
            let to = mv.to().index();
            let (own, opp) = (self.pieces[us.index()], self.pieces[them.index()]);
            let (own_after, opp_after) = apply_jump(own, opp, from, to);
            self.pieces[us.index()] = own_after;
            self.pieces[them.index()] = opp_after;
            self.hash ^= zobrist::piece_key(us, from) ^ zobrist::piece_key(us, to);
            for sq in Bits(opp ^ opp_after) {
                self.hash ^= zobrist::piece_key(them, sq);
            }
        }
        self.side = them;
        self.hash ^= zobrist::side_key();
    }

    /// The position after `mv` (copy-make), which must be legal here.
    #[inline(always)]
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.play(mv);
        next
    }

    /// The squares a jump `mv` captures (empty for a removal).
    pub fn captures(&self, mv: Move) -> u64 {
        if mv.is_removal() {
            0
        } else {
            between(mv.from().index(), mv.to().index()) & self.pieces(!self.side)
        }
    }

    /// Whether the side to move has no legal move (and so has lost).
    pub fn is_game_over(&self) -> bool {
        self.count_moves() == 0
    }

    /// The winner once the game is over: the player who is not to move.
    pub fn winner(&self) -> Option<Color> {
        self.is_game_over().then(|| self.side.opponent())
    }

    /// Parses `text` as a move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::parse(self.board, text)?;
        if self.is_legal(mv) {
            Ok(mv)
        } else {
            let mut legal: Vec<String> = self.legal_moves().iter().map(Move::to_string).collect();
            legal.sort();
            Err(MoveError::Illegal {
                text: clip(text.trim()),
                legal,
            })
        }
    }

    /// Plays a sequence of moves given as text, all or nothing: on an error the
    /// position is unchanged and the error names the failing move's place (from 1).
    pub fn play_all<'a, I>(&mut self, moves: I) -> Result<(), PlayError>
    where
        I: IntoIterator<Item = &'a str>,
    {
        let mut next = *self;
        for (i, text) in moves.into_iter().enumerate() {
            let mv = next.parse_move(text).map_err(|error| PlayError {
                index: i + 1,
                error,
            })?;
            next.play(mv);
        }
        *self = next;
        Ok(())
    }
}
