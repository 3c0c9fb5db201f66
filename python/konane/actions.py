"""A fixed numbering of the moves of one board size, for learning agents.

Reinforcement-learning libraries (PettingZoo, OpenSpiel) want every move of a game to be
one of a fixed set of integer actions. ``ActionEncoding(width, height)`` numbers the
moves of a ``width`` x ``height`` board (or of any board size as the package spells it:
``ActionEncoding(8)``, ``ActionEncoding("6x4")``, ``ActionEncoding((6, 4))``): each
square has one slot for removing the piece
on it, then four directions (up, right, down, left) times the jump lengths the board
allows (2, 4, 6 squares, ...). The action of a move is
``square * slots_per_square + slot``, where ``square = rank * width + file`` counts from
``a1``. On 8x8 there are 64 * 13 = 832 actions.
"""

from __future__ import annotations

import operator
from typing import Iterable, Optional, SupportsIndex, Tuple, Union

import numpy as np

from ._konane import Move, Position, board_size

#: A board size as every API of the package takes it: an int ``N`` for ``N`` x ``N``
#: (NumPy integers too, never a bool), a ``(width, height)`` pair, or a ``"WxH"``
#: string; see ``konane.board_size``.
BoardSize = Union[SupportsIndex, Tuple[SupportsIndex, SupportsIndex], str]

#: The largest width and height (the rules crate's ``MAX_SIDE``).
MAX_SIDE = 16
FILES = "abcdefghijklmnop"

#: The four directions of a jump as (file step, rank step): up, right, down, left.
DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))


class ActionEncoding:
    """The actions of one board size: ``size`` of them, numbered from 0."""

    def __init__(self, size: BoardSize, height: Optional[SupportsIndex] = None) -> None:
        """``ActionEncoding(size)`` for a board size in any of the package's forms, or
        ``ActionEncoding(width, height)``."""
        # The package's one check of a board size (it raises ValueError or TypeError).
        if height is None:
            width, height = board_size(size)
        elif isinstance(size, (str, tuple)):
            raise TypeError("ActionEncoding(width, height) takes two ints; give a board size alone")
        else:
            width, height = board_size((size, height))
        self.width = width
        self.height = height
        #: The longest jump, in steps of two squares.
        self.reach = (max(width, height) - 1) // 2
        self.slots_per_square = 1 + len(DIRECTIONS) * self.reach
        self.size = width * height * self.slots_per_square

    def __repr__(self) -> str:
        return f"ActionEncoding({self.width}, {self.height})"

    def action(self, move: Union[Move, str]) -> int:
        """The action of ``move`` (a ``Move`` or its text, on this board)."""
        if isinstance(move, str):
            move = Move(move)
        elif not isinstance(move, Move):
            raise TypeError(f"expected a Move or a str, not {type(move).__name__}")
        (file, rank), (to_file, to_rank) = move.from_coords, move.to_coords
        if file >= self.width or rank >= self.height or to_file >= self.width or to_rank >= self.height:
            raise ValueError(f"move {move} is off the {self.width}x{self.height} board")
        square = rank * self.width + file
        if move.is_removal:
            return square * self.slots_per_square
        steps = abs(to_file - file) + abs(to_rank - rank)
        step = ((to_file > file) - (to_file < file), (to_rank > rank) - (to_rank < rank))
        direction = DIRECTIONS.index(step)
        slot = 1 + direction * self.reach + steps // 2 - 1
        return square * self.slots_per_square + slot

    def move(self, action: SupportsIndex) -> Move:
        """The move that ``action`` (an int, NumPy's too) stands for (which may be
        illegal in a position). Raises ``ValueError`` for an action out of range or a
        jump off the board, ``TypeError`` for what is no whole number (``1.7``, a bool)."""
        if isinstance(action, (bool, np.bool_)):
            raise TypeError("an action is a whole number, not a bool")
        action = operator.index(action)
        if not 0 <= action < self.size:
            raise ValueError(f"action {action} is out of range 0 to {self.size - 1}")
        square, slot = divmod(action, self.slots_per_square)
        rank, file = divmod(square, self.width)
        origin = f"{FILES[file]}{rank + 1}"
        if slot == 0:
            return Move(origin)
        direction, length = divmod(slot - 1, self.reach)
        df, dr = DIRECTIONS[direction]
        to_file, to_rank = file + df * 2 * (length + 1), rank + dr * 2 * (length + 1)
        if not (0 <= to_file < self.width and 0 <= to_rank < self.height):
            raise ValueError(f"action {action} jumps off the {self.width}x{self.height} board")
        return Move(f"{origin}{FILES[to_file]}{to_rank + 1}")

    def actions(self, moves: Iterable[Union[Move, str]]) -> list[int]:
        """The actions of ``moves``."""
        return [self.action(move) for move in moves]

    def mask(self, position: Position) -> np.ndarray:
        """An ``int8`` vector of ``size`` with 1 for each legal action of ``position``."""
        if (position.width, position.height) != (self.width, self.height):
            raise ValueError(
                f"position on a {position.width}x{position.height} board, "
                f"actions of {self.width}x{self.height}"
            )
        mask = np.zeros(self.size, dtype=np.int8)
        mask[self.actions(position.legal_moves())] = 1
        return mask
