"""The fixed action numbering of each board size."""

from __future__ import annotations

import random

import numpy as np
import pytest

from konane import ActionEncoding, Move, Position


def test_a_size_in_any_form_and_a_move_as_text() -> None:
    for size in (8, "8x8", (8, 8), [8, 8], np.int64(8)):
        assert ActionEncoding(size).size == ActionEncoding(8, 8).size  # type: ignore[arg-type]
    assert (ActionEncoding("6x4").width, ActionEncoding("6x4").height) == (6, 4)
    assert ActionEncoding((6, 4)).size == ActionEncoding(6, 4).size
    encoding = ActionEncoding(8)
    assert encoding.action("d5") == encoding.action(Move("d5")) == encoding.action("D5")
    assert encoding.actions(["d3d5", Move("d5")]) == [encoding.action("d3-d5"), encoding.action("d5")]
    with pytest.raises(TypeError):
        encoding.action(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        ActionEncoding("6x6", 6)  # type: ignore[arg-type]


def test_an_action_is_a_whole_number() -> None:
    encoding = ActionEncoding(8)
    assert encoding.move(np.int64(0)) == encoding.move(0) == Move("a1")
    for action in (1.7, 2.0, "3", True, np.bool_(True)):
        with pytest.raises(TypeError):
            encoding.move(action)  # type: ignore[arg-type]


def test_sizes() -> None:
    assert ActionEncoding(8, 8).size == 64 * 13
    assert ActionEncoding(6, 6).size == 36 * 9
    assert ActionEncoding(2, 2).size == 4  # Only removals: no jump fits.
    assert ActionEncoding(5, 1).size == 5 * 9


@pytest.mark.parametrize(("width", "height"), [(8, 8), (6, 6), (7, 3), (1, 5), (2, 2)])
def test_every_action_names_a_distinct_move_and_back(width: int, height: int) -> None:
    encoding = ActionEncoding(width, height)
    seen = set()
    for action in range(encoding.size):
        try:
            move = encoding.move(action)
        except ValueError as error:
            assert "jumps off the" in str(error)
            continue
        assert encoding.action(move) == action
        seen.add(move)
    assert len(seen) <= encoding.size


def test_legal_moves_of_random_games_round_trip_and_fill_the_mask() -> None:
    rng = random.Random(5)
    for width, height in [(8, 8), (6, 5), (4, 7)]:
        encoding = ActionEncoding(width, height)
        position = Position.start(width, height)
        while not position.is_over():
            moves = position.legal_moves()
            actions = encoding.actions(moves)
            assert len(set(actions)) == len(moves)
            assert [encoding.move(a) for a in actions] == moves
            mask = encoding.mask(position)
            assert mask.dtype == np.int8 and mask.sum() == len(moves)
            assert set(np.flatnonzero(mask)) == set(actions)
            position.push(rng.choice(moves))


def test_bad_actions_and_sizes() -> None:
    encoding = ActionEncoding(4, 4)
    for action in (-1, encoding.size):
        with pytest.raises(ValueError, match="out of range"):
            encoding.move(action)
    with pytest.raises(ValueError, match="off the 4x4 board"):
        encoding.action(Move("h8"))
    with pytest.raises(ValueError, match="6x6 board"):
        encoding.mask(Position.start(6, 6))
    with pytest.raises(ValueError, match="from 1 to 16, not 17"):
        ActionEncoding(17, 1)
