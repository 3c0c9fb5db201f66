"""`konane value --batch` against an independent implementation: on random late
positions of small boards, the game value built by pycgt (an MIT-licensed CGT library,
a test dependency) from the moves of the reference rules (reference.py) must equal the
canonical form konane prints, and pycgt's mean, temperature and stops must equal
konane's. pycgt needs Python 3.11 or newer; on older Pythons this module is skipped."""

from __future__ import annotations

import json
import random
import subprocess
from fractions import Fraction

import pytest
from reference import BLACK, WHITE, RefPosition
from test_errors import konane_binary

pycgt = pytest.importorskip("pycgt")
from pycgt.game import Game, game
from pycgt.notation import parse
from pycgt.stops import left_stop, right_stop
from pycgt.thermal import mean, temperature

# (width, height) of the boards the positions are drawn on, and how many of each.
BOARDS = [(4, 4), (5, 4), (4, 5), (5, 5), (6, 3), (6, 4)]
PER_BOARD = 40
# Positions with more pieces than this are played on: pycgt is plain Python.
MOST_PIECES = 12


def reference_value(position: RefPosition, memo: dict) -> Game:
    """The game value by the definition: {Black's jumps | White's jumps}, whoever is
    to move."""
    occupied = sorted((sq, cell) for sq, cell in position.cells.items() if cell is not None)
    key = (position.width, position.height, tuple(occupied))
    if key not in memo:
        options = {}
        for side in (BLACK, WHITE):
            turned = RefPosition(position.width, position.height, position.cells, side)
            options[side] = [reference_value(turned.play(m), memo) for m in turned.legal_moves()]
        memo[key] = game(options[BLACK], options[WHITE])
    return memo[key]


def random_late_positions(rng: random.Random) -> list[RefPosition]:
    """PER_BOARD positions of each board: random games stopped past the removals, with
    at most MOST_PIECES pieces, at a random point or when the side to move is stuck."""
    positions = []
    for width, height in BOARDS:
        count = 0
        while count < PER_BOARD:
            position, ply = RefPosition.start(width, height), 0
            while True:
                pieces = sum(cell is not None for cell in position.cells.values())
                if ply >= 2 and pieces <= MOST_PIECES and rng.random() < 0.3:
                    break
                moves = position.legal_moves()
                if not moves:
                    break
                position, ply = position.play(rng.choice(moves)), ply + 1
            if ply >= 2:
                positions.append(position)
                count += 1
    return positions


def batch(fens: list[str]) -> list[dict]:
    result = subprocess.run(
        [str(konane_binary()), "value", "--batch", "-", "--threads", "2"],
        input="\n".join(fens) + "\n",
        capture_output=True,
        text=True,
        timeout=50,
    )
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_means_and_temperatures_agree_with_pycgt() -> None:
    positions = random_late_positions(random.Random(52))
    assert len(positions) >= 200
    reports = batch([p.fen() for p in positions])
    assert [r["line"] for r in reports] == list(range(1, len(positions) + 1))
    memo: dict = {}
    hot = 0
    for position, report in zip(positions, reports):
        assert "error" not in report, report
        expected = reference_value(position, memo)
        fen = position.fen()
        assert parse(report["canonical"]) == expected, fen
        assert Fraction(report["mean"]) == mean(expected), fen
        assert Fraction(report["temperature"]) == temperature(expected), fen
        assert Fraction(report["left_stop"]) == left_stop(expected), fen
        assert Fraction(report["right_stop"]) == right_stop(expected), fen
        hot += temperature(expected) > 0
    # The check means something only if many of the positions are hot.
    assert hot >= 20, hot
