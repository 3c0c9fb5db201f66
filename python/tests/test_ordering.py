"""Colours, moves and scores have a total order that makes sense: colours as their
numbers, moves by origin then landing square (python-chess's square order), scores by
how good they are for the side to move, every mate beyond every plain score."""

from __future__ import annotations

import random

import pytest

from konane import Color, Move, Position, Score


def test_colours_are_ordered_as_their_numbers() -> None:
    assert Color.BLACK < Color.WHITE and Color.WHITE > Color.BLACK
    assert Color.BLACK <= Color.BLACK and not Color.WHITE < Color.BLACK
    assert sorted([Color.WHITE, Color.BLACK, Color.WHITE]) == [Color.BLACK, Color.WHITE, Color.WHITE]


def test_moves_are_ordered_by_origin_then_landing_square() -> None:
    ordered = [Move(text) for text in ["a1", "a1c1", "a1a3", "b1", "p1", "a2", "d3d5", "d3d7", "d4", "a16"]]
    shuffled = ordered[:]
    random.Random(1).shuffle(shuffled)
    assert sorted(shuffled) == ordered
    assert Move("a1") < Move("b1") < Move("a2") and Move("h8") > Move("a8")
    assert Move("d3d5") <= Move("d3d5") >= Move("d3d5")
    # The key is the documented one, so a sort of the legal moves is reproducible.
    position = Position.start(6, 6).play("c4").play("c3")
    key = lambda m: (m.from_coords[1], m.from_coords[0], not m.is_removal, m.to_coords[1], m.to_coords[0])
    assert sorted(position.legal_moves()) == sorted(position.legal_moves(), key=key)


def test_moves_do_not_order_against_other_types() -> None:
    with pytest.raises(TypeError):
        Move("a1") < "b1"  # noqa: B015
    with pytest.raises(TypeError):
        Move("a1") < 3  # type: ignore[operator]  # noqa: B015


def test_scores_are_ordered_by_goodness_with_mates_beyond_every_plain_score() -> None:
    ordered = [
        Score(mate=0),  # No move now: lost.
        Score(mate=-1),
        Score(mate=-5),
        Score(cp=-20000),
        Score(cp=0),
        Score(cp=20000),
        Score(mate=6),
        Score(mate=2),
        Score(mate=1),
    ]
    shuffled = ordered[:]
    random.Random(2).shuffle(shuffled)
    assert sorted(shuffled) == ordered
    assert max(shuffled) == Score(mate=1) and min(shuffled) == Score(mate=0)
    assert Score(cp=5) > Score(cp=-5) and Score(cp=5) >= Score(cp=5)
    with pytest.raises(TypeError):
        Score(cp=5) < 5  # type: ignore[operator]  # noqa: B015
