"""``konane.Value``: game values compared, added and negated by value, with their
outcome, mean, temperature and thermograph as exact fractions, pickled, and valued in
batches by ``konane.values``; checked against textbook values, against the theorems
that tie them together, and against pycgt (an independent CGT library)."""

from __future__ import annotations

import pickle
import random
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from typing import Callable

import pytest

import konane
from konane import Color, Position, Thermograph, Value

# Small late positions (at most MOST_PIECES pieces) of 4x4 to 5x5 boards, valued once
# for the module.
SIZES = [(4, 4), (5, 4), (4, 5), (5, 5)]
MOST_PIECES = 12


def late_positions(seed: int, count: int) -> list[Position]:
    rng = random.Random(seed)
    positions: list[Position] = []
    while len(positions) < count:
        position = Position.start(*rng.choice(SIZES))
        while (position.board() != 0).sum() > MOST_PIECES or rng.random() < 0.5:
            moves = position.legal_moves()
            if not moves:
                break
            position.push(rng.choice(moves))
        if len(position.history) >= 2:
            positions.append(position)
    return positions


@pytest.fixture(scope="module")
def valued() -> list[tuple[Position, Value]]:
    positions = late_positions(7, 60)
    return list(zip(positions, konane.values(positions, threads=2)))


def test_textbook_values() -> None:
    assert Value("{1|-1}").human == "±1"
    assert Value("{0,*|0}").human == "↑*"
    assert Value("{0|1}").canonical == "1/2"  # read in any form, kept canonical
    assert Value("{1|-1}").mean == 0 and Value("{1|-1}").temperature == 1
    assert (Value("3").temperature, Value("-3/4").temperature) == (-1, Fraction(-1, 4))
    assert (Value("*").mean, Value("*").temperature) == (0, 0)
    assert Value("{2|1}").stops == (2, 1)
    assert all(isinstance(x, Fraction) for x in (Value("1/2").mean, Value("*").temperature))
    assert Value("{1|-1}").cool(1) == Value("*")
    assert Value("{3|1}").cool(5) == 2  # past the temperature, the mean
    assert str(Value("{0|*}")) == "↑"
    with pytest.raises(ValueError, match="strict form"):
        Value("{1|")
    with pytest.raises(ValueError, match="at least 0"):
        Value("*").cool(-1)


def test_comparisons_are_by_game_value() -> None:
    up, star, zero = Value("{0|*}"), Value("*"), Value("0")
    assert up > zero and zero < up and up >= zero and not up <= zero
    assert star != zero and not star < zero and not star > zero and star.confused_with(zero)
    assert up.confused_with(star) and (up + star).confused_with(zero)
    assert Value("{1|-1}").confused_with(0) and not Value("1/2").confused_with(0)
    # Numbers mix in: ints and dyadic Fractions.
    assert Value("1/2") == Fraction(1, 2) and 0 < Value("1/2") < 1
    assert up < Fraction(1, 1024) and up > 0
    assert Value("1/2") != Fraction(1, 3)
    with pytest.raises(ValueError, match="no game value"):
        Value("1/2") < Fraction(1, 3)
    with pytest.raises(TypeError):
        Value("1/2") < "1/2"  # type: ignore[operator]
    with pytest.raises(TypeError):
        up.confused_with("0")  # type: ignore[arg-type]
    # Equal values from different positions: equal, one text, one hash.
    one = konane.value(Position("bw2 b"))
    other = konane.value(Position("4/4/2wb b").transform(konane.Symmetry.ALL[0]))
    assert one == other == 1 and hash(one) == hash(other) == hash(1)
    assert one.canonical == other.canonical == "1"
    assert len({Value("{0|*}"), Value("{0|*}"), Value("{0,*|0}")}) == 2


def test_arithmetic_and_the_theorems(valued: list[tuple[Position, Value]]) -> None:
    values = [v for _, v in valued]
    for g, h in zip(values, values[1:]):
        # G <= H exactly when Left wins H - G moving second.
        assert (g <= h) == ((h - g).outcome in ("L", "P"))
        assert (g == h) == (h - g == 0) and (g.confused_with(h)) == ((g - h).outcome == "N")
        assert (g + h).mean == g.mean + h.mean  # the mean is additive
        assert g + h == h + g and g - h == -(h - g) and -(-g) == g
    for position, v in valued:
        assert sum((r.value for r in v.regions), Value("0")) == v, position.fen()
        assert sum(r.value for r in v.regions) == v  # from 0, an int
        assert v - v == 0 and (v + -v).outcome == "P"
        flipped = {"L": "R", "R": "L", "N": "N", "P": "P"}
        assert (-v).outcome == flipped[v.outcome]
        assert v.regions and all(r.canonical == r.value.canonical for r in v.regions)
        assert (v.winner_black_to_move, v.winner_white_to_move) == {
            "L": (Color.BLACK, Color.BLACK),
            "R": (Color.WHITE, Color.WHITE),
            "N": (Color.BLACK, Color.WHITE),
            "P": (Color.WHITE, Color.BLACK),
        }[v.outcome]
        assert (v + 1).mean == v.mean + 1 and (1 - v) == -(v - 1)
        assert v.temperature >= 0 or v.temperature in (-1, Fraction(-1, 2), Fraction(-1, 4))


def test_thermographs() -> None:
    graph = Value("{3|{1|-1}}").thermograph()
    assert isinstance(graph, Thermograph)
    # Left wall: 3 - t. Right wall: the Left wall of {1|-1} (1 - t, then 0 from t = 1)
    # plus t, so 1, then rising from t = 1. They meet at t = 3/2, at 3/2.
    half = Fraction(3, 2)
    assert graph.left == [(0, 3), (half, half)]
    assert graph.right == [(0, 1), (1, 1), (half, half)]
    assert (graph.mean, graph.temperature) == (half, half)
    assert all(isinstance(x, Fraction) for point in graph.left for x in point)
    assert Value("1/2").thermograph().left == [(0, Fraction(1, 2))]
    # G and G + * have one thermograph.
    assert Value("{1|0}").thermograph() == (Value("{1|0}") + Value("*")).thermograph()
    assert pickle.loads(pickle.dumps(graph)) == graph
    assert repr(graph).endswith("mean=3/2, temperature=3/2)")


def test_values_pickle_and_come_back_from_worker_processes(
    valued: list[tuple[Position, Value]],
) -> None:
    v = max((v for _, v in valued), key=lambda v: len(v.regions))
    copy = pickle.loads(pickle.dumps(v))
    assert copy == v and copy.canonical == v.canonical and copy.regions == v.regions
    assert [r.value for r in copy.regions] == [r.value for r in v.regions]
    assert pickle.loads(pickle.dumps(Value("{1|-1}"))) == Value("{1|-1}")
    fens = [p.fen() for p, _ in valued[:4]]
    with ProcessPoolExecutor(max_workers=2) as pool:
        back = list(pool.map(value_of_fen, fens, timeout=30))
    assert back == [v for _, v in valued[:4]]
    assert [len(b.regions) for b in back] == [len(v.regions) for _, v in valued[:4]]


def value_of_fen(fen: str) -> Value:
    return konane.value(Position(fen))


def test_values_in_a_batch(valued: list[tuple[Position, Value]]) -> None:
    positions = [p for p, _ in valued[:20]]
    one_by_one = [konane.value(p) for p in positions]
    for threads in (1, 2, None):
        batch = konane.values(positions, threads=threads)
        assert [v.canonical for v in batch] == [v.canonical for v in one_by_one]
    assert konane.values(iter(positions[:3])) == one_by_one[:3]  # any iterable
    assert konane.values([]) == []
    with pytest.raises(ValueError, match="position 1: the position is in the opening removals"):
        konane.values([positions[0], Position.start(6)])
    with pytest.raises(ValueError, match="more than 0 regions"):
        konane.values(positions[:2], budget=0)
    with pytest.raises(ValueError, match="threads must be a whole number from 1"):
        konane.values(positions, threads=0)
    with pytest.raises(TypeError):
        konane.values(["bw2 b"])  # type: ignore[list-item]


def test_ctrl_c_stops_a_batch(ctrl_c_after: Callable[[float], None]) -> None:
    big = Position.start(8, 8).play("d5").play("d4")
    ctrl_c_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        konane.values([big, big], budget=10**12, threads=2)
    assert time.monotonic() - started < 10


def test_values_agree_with_pycgt() -> None:
    pytest.importorskip("pycgt")
    from pycgt.notation import parse
    from pycgt.thermal import mean, temperature
    from test_thermography import random_late_positions, reference_value

    positions = random_late_positions(random.Random(53))[::2]
    values = konane.values([Position(p.fen()) for p in positions], threads=2)
    memo: dict = {}
    games = [reference_value(p, memo) for p in positions]
    for g, h, vg, vh in zip(games, games[1:], values, values[1:]):
        assert parse(vg.canonical) == g
        assert (vg <= vh) == (g <= h) and (vg >= vh) == (g >= h)
        assert vg.confused_with(vh) == (not g <= h and not g >= h)
        assert parse((vg + vh).canonical) == g + h
        assert parse((vg - vh).canonical) == g - h
        assert (vg.mean, vg.temperature) == (mean(g), temperature(g))
