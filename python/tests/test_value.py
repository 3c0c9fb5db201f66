"""``konane.value``: game values of positions, against textbook values and plain
negamax, and its errors."""

from __future__ import annotations

import random
import time
from typing import Callable

import pytest
from test_solve import negamax_wins

import konane
from konane import Color, Position


def with_side(fen: str, side: Color) -> str:
    return fen[:-1] + ("b" if side == Color.BLACK else "w")


def test_textbook_values() -> None:
    one = konane.value(Position("bw2 b"))
    assert (one.canonical, one.human, one.outcome) == ("1", "1", "L")
    assert one.winner_black_to_move == one.winner_white_to_move == Color.BLACK
    star = konane.value(Position("1bw1 b"))
    assert (star.canonical, star.outcome) == ("*", "N")
    assert (star.winner_black_to_move, star.winner_white_to_move) == (Color.BLACK, Color.WHITE)
    hot = konane.value(Position("bw1bw2 b"))
    assert hot.canonical == "{1|0}"


def test_regions_are_listed_with_their_values() -> None:
    value = konane.value(Position("6/6/bw4/6/6/4wb b"))
    assert value.canonical == "2"
    assert [(r.black, r.white, r.squares, r.canonical) for r in value.regions] == [
        (["f1"], ["e1"], ["d1", "e1", "f1"], "1"),
        (["a4"], ["b4"], ["a4", "b4", "c4"], "1"),
    ]
    assert repr(value) == "Value(canonical='2', human='2', outcome='L', regions=2)"
    assert repr(value.regions[0]) == "ValueRegion(black=['f1'], white=['e1'], canonical='1')"


def test_the_winner_agrees_with_negamax() -> None:
    rng = random.Random(5)
    checked = 0
    for width, height in [(4, 4), (5, 3), (3, 5), (4, 5)]:
        for _ in range(10):
            position = Position.start(width, height)
            for _ in range(rng.randrange(2, width * height // 2)):
                moves = position.legal_moves()
                if not moves:
                    break
                position.push(rng.choice(moves))
            if position.is_over():
                continue
            value = konane.value(position)
            for side, winner in (
                (Color.BLACK, value.winner_black_to_move),
                (Color.WHITE, value.winner_white_to_move),
            ):
                wins = negamax_wins(with_side(position.fen(), side))
                assert winner == (side if wins else side.opponent), position.fen()
            checked += 1
    assert checked >= 20


def test_bad_positions_are_refused() -> None:
    with pytest.raises(ValueError, match="opening removals"):
        konane.value(Position.start(6, 6))
    big = Position.start(6, 6).play("f1").play("e1")
    with pytest.raises(ValueError, match="more than 50 regions"):
        konane.value(big, budget=50)
    with pytest.raises(ValueError, match="budget must be a whole number from 0"):
        konane.value(big, budget=-1)


def test_ctrl_c_stops_a_long_value(ctrl_c_after: Callable[[float], None]) -> None:
    position = Position.start(8, 8).play("d5").play("d4")
    ctrl_c_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        konane.value(position, budget=10**12)
    assert time.monotonic() - started < 10
