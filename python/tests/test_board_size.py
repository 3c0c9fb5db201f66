"""One spelling of a board size everywhere: an int N for N x N (NumPy integers too), a
(width, height) pair or a "WxH" string, in ``Position.start``, ``konane.env``,
``Engine(board_size=...)`` and ``konane.board_size``; a bool or another type raises
TypeError, a malformed or off-board size ValueError."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import konane
from konane import Engine, Position


SIX_BY_SIX = [6, np.int64(6), np.uint8(6), (6, 6), [6, 6], (np.int32(6), 6), "6x6", "6X6", " 6x6 "]
SIX_BY_FOUR = [(6, 4), [6, 4], "6x4", (np.int16(6), np.int64(4))]


@pytest.mark.parametrize("size", SIX_BY_SIX)
def test_every_form_of_a_square_size_means_the_same_board(size: Any) -> None:
    assert konane.board_size(size) == (6, 6)
    start = Position.start(size)
    assert (start.width, start.height) == (6, 6)
    assert start == Position.start(6, 6)
    env = konane.env(board_size=size)
    env.reset()
    assert env.unwrapped.position == start
    assert Engine(board_size=size).options["BoardSize"] == "6x6"


@pytest.mark.parametrize("size", SIX_BY_FOUR)
def test_every_form_of_a_rectangle_means_the_same_board(size: Any) -> None:
    assert konane.board_size(size) == (6, 4)
    assert Position.start(size) == Position.start(6, 4)
    env = konane.env(board_size=size)
    env.reset()
    assert (env.unwrapped.width, env.unwrapped.height) == (6, 4)
    engine = Engine()
    engine.set_option("BoardSize", size)
    assert engine.options["BoardSize"] == "6x4"


def test_one_int_is_a_square_board_in_position_start_as_in_env() -> None:
    # Position.start(6) used to be 6x8 while konane.env(board_size=6) was 6x6.
    assert (Position.start(6).width, Position.start(6).height) == (6, 6)
    assert Position.start() == Position.start(8) == Position.start("8x8") == Position()
    # Two ints are still width and height.
    assert (Position.start(6, 4).width, Position.start(6, 4).height) == (6, 4)
    assert Position.start(3, np.int64(2)) == Position.start((3, 2))


@pytest.mark.parametrize("size", [True, False, (True, 6), (6, False), np.bool_(True)])
def test_a_bool_is_no_board_size(size: Any) -> None:
    # True used to be a 1x1 board in konane.env.
    for make in (konane.board_size, Position.start, lambda s: konane.env(board_size=s)):
        with pytest.raises(TypeError, match="bool|board_size|size"):
            make(size)
    with pytest.raises(TypeError):
        Engine(board_size=size)


@pytest.mark.parametrize("size", ["66", "big", "6x", "x6", "6x6x6", "6*6", "", "-6x6", "6.0x6"])
def test_a_malformed_string_raises_value_error(size: str) -> None:
    # "66" used to be read as the pair ("6", "6").
    for make in (konane.board_size, Position.start, lambda s: konane.env(board_size=s)):
        with pytest.raises(ValueError, match="WxH"):
            make(size)
    with pytest.raises(ValueError, match="WxH"):
        Engine(board_size=size)


@pytest.mark.parametrize("size", [0, 17, -1, 10**30, (0, 6), (6, 17), "17x4", "0x0", (6,), (6, 6, 6), []])
def test_a_size_off_the_board_raises_value_error(size: Any) -> None:
    for make in (konane.board_size, Position.start, lambda s: konane.env(board_size=s)):
        with pytest.raises(ValueError):
            make(size)
    with pytest.raises(ValueError):
        Engine(board_size=size)


@pytest.mark.parametrize("size", [6.0, None, {"columns": 6}, b"6x6", object()])
def test_another_type_raises_type_error(size: Any) -> None:
    with pytest.raises(TypeError):
        konane.board_size(size)
    if size is not None:  # Position.start(None) is the default 8x8.
        with pytest.raises(TypeError):
            Position.start(size)


def test_the_action_encoding_checks_its_size_the_same_way() -> None:
    assert konane.ActionEncoding(np.int64(6), 6).size == konane.ActionEncoding(6, 6).size
    with pytest.raises(ValueError):
        konane.ActionEncoding(17, 6)
    with pytest.raises(TypeError):
        konane.ActionEncoding(True, 6)  # type: ignore[arg-type]
