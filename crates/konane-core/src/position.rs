//! Positions: [`BitPosition`], one bitboard per colour on the board's word with the
//! side to move and its Zobrist hash (what the inner loops play), and [`Position`], the
//! same on any board behind one type (what front ends hold).

use std::fmt;

use crate::bit_move::BitMove;
use crate::bitboard::Bitboard;
use crate::board::{Board, Color, Square};
use crate::geometry::Geometry;
use crate::moves::{Move, MoveError};
use crate::square_set::SquareSet;
use crate::text::clip;
use crate::word::{OneWord, PerWord, Word};
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

/// A position on a board whose bitboards are words `W` (see [`Board::word`]): the
/// form search, solver and perft play on.
#[derive(Copy, Clone)]
pub struct BitPosition<W: Word = u64> {
    geometry: &'static Geometry<W>,
    pieces: [Bitboard<W>; 2],
    side: Color,
    hash: u64,
}

impl<W: Word> PartialEq for BitPosition<W> {
    fn eq(&self, other: &Self) -> bool {
        self.board() == other.board() && self.pieces == other.pieces && self.side == other.side
    }
}

impl<W: Word> Eq for BitPosition<W> {}

impl<W: Word> std::hash::Hash for BitPosition<W> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl<W: Word> fmt::Debug for BitPosition<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitPosition({})", self.to_fen())
    }
}

impl<W: Word> BitPosition<W> {
    /// The start position of `board` (whose word must be `W`).
    pub fn start(board: Board) -> Self {
        let geometry = Geometry::<W>::of(board);
        let black = geometry.start_pieces(Color::Black);
        let white = geometry.start_pieces(Color::White);
        Self::from_bitboards(board, black, white, Color::Black).expect("start layout is valid")
    }

    /// A position from its bitboards; fails if they overlap or leave the board.
    pub fn from_bitboards(
        board: Board,
        black: Bitboard<W>,
        white: Bitboard<W>,
        side: Color,
    ) -> Result<Self, PositionError> {
        let geometry = Geometry::<W>::of(board);
        if let Some(index) = (black & white).lowest() {
            return Err(PositionError::Overlap(geometry.square(index)));
        }
        if let Some(index) = (black | white).without(geometry.mask()).lowest() {
            return Err(PositionError::OffBoard(geometry.square(index)));
        }
        Ok(BitPosition {
            geometry,
            pieces: [black, white],
            side,
            hash: zobrist::hash_of(board, black, white, side),
        })
    }

    /// The board's layout.
    #[inline(always)]
    pub fn geometry(&self) -> &'static Geometry<W> {
        self.geometry
    }

    /// The board.
    #[inline(always)]
    pub fn board(&self) -> Board {
        self.geometry.board()
    }

    /// The pieces of `color`.
    #[inline(always)]
    pub fn pieces(&self, color: Color) -> Bitboard<W> {
        self.pieces[color.index()]
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard<W> {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square of the board.
    #[inline(always)]
    pub fn empty(&self) -> Bitboard<W> {
        self.geometry.mask().without(self.occupied())
    }

    /// The player to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The Zobrist hash, kept up to date by [`BitPosition::play`].
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (equal to [`BitPosition::hash`]; for checks).
    pub fn hash_from_scratch(&self) -> u64 {
        zobrist::hash_of(self.board(), self.pieces[0], self.pieces[1], self.side)
    }

    /// The phase, from the number of empty squares.
    #[inline(always)]
    pub fn phase(&self) -> Phase {
        match self.empty().count() {
            0 => Phase::FirstRemoval,
            1 => Phase::SecondRemoval,
            _ => Phase::Jumps,
        }
    }

    /// The same pieces with the other side to move (for evaluation and analysis; not a legal move).
    pub fn with_side_to_move(&self, side: Color) -> Self {
        let mut next = *self;
        if side != self.side {
            next.side = side;
            next.hash ^= zobrist::side_key();
        }
        next
    }

    /// Plays `mv`, which must be legal here (checked in debug builds).
    #[inline(always)]
    pub fn play(&mut self, mv: BitMove) {
        debug_assert!(
            self.is_legal(mv),
            "illegal move {mv:?} in {}",
            self.to_fen()
        );
        let us = self.side;
        let them = us.opponent();
        let from = mv.from();
        if mv.is_removal() {
            self.pieces[us.index()] ^= Bitboard::from_index(from);
            self.hash ^= zobrist::piece_key(us, from);
        } else {
            let to = mv.to();
            let (own, opp) = (self.pieces[us.index()], self.pieces[them.index()]);
            let (own_after, opp_after) = self.geometry.apply_jump(own, opp, from, to);
            self.pieces[us.index()] = own_after;
            self.pieces[them.index()] = opp_after;
            self.hash ^= zobrist::piece_key(us, from) ^ zobrist::piece_key(us, to);
            for index in opp ^ opp_after {
                self.hash ^= zobrist::piece_key(them, index);
            }
        }
        self.side = them;
        self.hash ^= zobrist::side_key();
    }

    /// The position after `mv` (copy-make), which must be legal here.
    #[inline(always)]
    pub fn after(&self, mv: BitMove) -> Self {
        let mut next = *self;
        next.play(mv);
        next
    }

    /// The pieces a jump `mv` captures (empty for a removal).
    pub fn captures(&self, mv: BitMove) -> Bitboard<W> {
        if mv.is_removal() {
            Bitboard::EMPTY
        } else {
            self.geometry.between(mv.from(), mv.to()) & self.pieces(!self.side)
        }
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        Position::from_bits(*self).to_fen()
    }

    /// This position behind the type every front end holds.
    pub fn to_position(&self) -> Position {
        Position::from_bits(*self)
    }

    /// The square set of a bitboard of this board.
    pub fn squares(&self, bb: Bitboard<W>) -> SquareSet {
        bb.iter().map(|index| self.geometry.square(index)).collect()
    }
}

/// What to do with a [`Position`] on its board's word: the one way generic code over
/// [`Word`] is reached from a position of any size ([`Position::visit`]).
pub trait PositionVisitor {
    /// What the visit returns.
    type Output;
    /// Works on the position on its own word.
    fn visit<W: Word>(self, position: &BitPosition<W>) -> Self::Output;
}

/// [`BitPosition`] on each word.
struct Positions;

impl PerWord for Positions {
    type On<W: Word> = BitPosition<W>;
}

/// A Konane position on any board from 1x1 to 16x16: the pieces, the side to move and
/// the Zobrist hash. Inner loops take it on its own word ([`Position::visit`]).
#[derive(Copy, Clone, Eq, PartialEq)]
pub struct Position(OneWord<Positions>);

impl std::hash::Hash for Position {
    /// Hashes the Zobrist hash (equal positions have equal hashes).
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash());
    }
}

/// Runs `$body` with `$p` bound to the position on its own word.
macro_rules! on_word {
    ($position:expr, $p:ident => $body:expr) => {
        crate::on_word!(&$position.0, W, $p => $body)
    };
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl Position {
    /// The start position of `board`: every square filled, Black to move.
    pub fn start(board: Board) -> Position {
        crate::with_word!(board, W => Position::from_bits(BitPosition::<W>::start(board)))
    }

    /// A position from the squares of each colour; fails if they overlap or leave the board.
    pub fn from_squares(
        board: Board,
        black: SquareSet,
        white: SquareSet,
        side: Color,
    ) -> Result<Position, PositionError> {
        if let Some(square) = (black & white).iter().next() {
            return Err(PositionError::Overlap(square));
        }
        if let Some(square) = (black | white).iter().find(|&s| !board.contains(s)) {
            return Err(PositionError::OffBoard(square));
        }
        fn build<W: Word>(
            board: Board,
            black: SquareSet,
            white: SquareSet,
            side: Color,
        ) -> Result<BitPosition<W>, PositionError> {
            let geometry = Geometry::<W>::of(board);
            let bits = |set: SquareSet| -> Bitboard<W> {
                set.iter()
                    .fold(Bitboard::EMPTY, |bb, s| bb | geometry.bit(s))
            };
            BitPosition::from_bitboards(board, bits(black), bits(white), side)
        }
        crate::with_word!(board, W => build::<W>(board, black, white, side).map(Position::from_bits))
    }

    /// The position `bits` behind the type of every size.
    pub fn from_bits<W: Word>(bits: BitPosition<W>) -> Position {
        Position(OneWord::new(bits))
    }

    /// The position on its word `W`, if that is its board's word.
    pub fn bits<W: Word>(&self) -> Option<&BitPosition<W>> {
        self.0.get()
    }

    /// Runs `visitor` on the position on its own word.
    #[inline]
    pub fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        on_word!(self, p => visitor.visit(p))
    }

    /// The board's geometry.
    pub fn board(&self) -> Board {
        on_word!(self, p => p.board())
    }

    /// The squares of `color`'s pieces.
    pub fn pieces(&self, color: Color) -> SquareSet {
        on_word!(self, p => p.squares(p.pieces(color)))
    }

    /// Every occupied square.
    pub fn occupied(&self) -> SquareSet {
        on_word!(self, p => p.squares(p.occupied()))
    }

    /// Every empty square of the board.
    pub fn empty(&self) -> SquareSet {
        on_word!(self, p => p.squares(p.empty()))
    }

    /// The colour of the piece on `square`, if any (and if it lies on the board).
    pub fn piece_at(&self, square: Square) -> Option<Color> {
        if !self.board().contains(square) {
            return None;
        }
        on_word!(self, p => {
            let bit = p.geometry().bit(square);
            if (p.pieces(Color::Black) & bit).any() {
                Some(Color::Black)
            } else if (p.pieces(Color::White) & bit).any() {
                Some(Color::White)
            } else {
                None
            }
        })
    }

    /// The number of pieces of `color`.
    pub fn count(&self, color: Color) -> u32 {
        on_word!(self, p => p.pieces(color).count())
    }

    /// The number of pieces of both colours.
    pub fn piece_count(&self) -> u32 {
        on_word!(self, p => p.occupied().count())
    }

    /// The number of empty squares.
    pub fn empty_count(&self) -> u32 {
        on_word!(self, p => p.empty().count())
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Color {
        on_word!(self, p => p.side_to_move())
    }

    /// The Zobrist hash, kept up to date by [`Position::play`].
    pub fn hash(&self) -> u64 {
        on_word!(self, p => p.hash())
    }

    /// The hash computed from scratch (equal to [`Position::hash`]; for tests and checks).
    pub fn hash_from_scratch(&self) -> u64 {
        on_word!(self, p => p.hash_from_scratch())
    }

    /// The phase, from the number of empty squares.
    pub fn phase(&self) -> Phase {
        on_word!(self, p => p.phase())
    }

    /// The same pieces with the other side to move (for evaluation and analysis; not a legal move).
    pub fn with_side_to_move(&self, side: Color) -> Position {
        on_word!(self, p => Position::from_bits(p.with_side_to_move(side)))
    }

    /// Plays `mv`, which must be legal here (checked in debug builds).
    pub fn play(&mut self, mv: Move) {
        *self = self.after(mv);
    }

    /// The position after `mv` (copy-make), which must be legal here.
    pub fn after(&self, mv: Move) -> Position {
        on_word!(self, p => Position::from_bits(p.after(p.geometry().bit_move(mv))))
    }

    /// The squares a jump `mv` captures (empty for a removal).
    pub fn captures(&self, mv: Move) -> SquareSet {
        on_word!(self, p => p.squares(p.captures(p.geometry().bit_move(mv))))
    }

    /// Whether the side to move has no legal move (and so has lost).
    pub fn is_game_over(&self) -> bool {
        self.count_moves() == 0
    }

    /// The winner once the game is over: the player who is not to move.
    pub fn winner(&self) -> Option<Color> {
        self.is_game_over().then(|| self.side_to_move().opponent())
    }

    /// Parses `text` as a move and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv = Move::parse(self.board(), text)?;
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
