"""Every long call (perft, solve, a built-in player's move, a search) releases the GIL:
another Python thread keeps running in the middle of the call, which it could not do if
the call held the GIL. And an analysis stops when another thread asks it to."""

from __future__ import annotations

import threading
import time
from typing import Callable

import pytest

import konane
from konane import Engine, Position

# A 6x6 position a few moves into the game.
MIDGAME = Position.start(6, 6).play("c4").play("c3").play("a4c4").play("c1c3")


def ticks_inside(call: Callable[[], object]) -> tuple[int, float]:
    """Runs `call` while another thread ticks every millisecond; returns how many ticks
    fell in the middle half of the call, and how long the call took."""
    ticks: list[float] = []
    running = True

    def tick() -> None:
        while running:
            ticks.append(time.monotonic())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.02)  # The ticker runs.
    began = time.monotonic()
    call()
    ended = time.monotonic()
    running = False
    ticker.join()
    quarter = (ended - began) / 4
    inside = [t for t in ticks if began + quarter < t < ended - quarter]
    return len(inside), ended - began


# Each call takes between about 0.2 s and 2 s on the 2-core test machines (perft
# counts the last plies in bulk: depth 10, 51.9 M leaves, took 0.01 s on a quiet one,
# too short to be sure of five ticks; depth 12, 6.86 G leaves, 0.9 s).
LONG_CALLS = {
    "perft": lambda: konane.perft(Position(), 12, threads=1),
    "solve": lambda: konane.solve(MIDGAME, node_limit=300_000, distance=False, threads=1),
    "player": lambda: konane.Player("alphabeta10").choose(Position().play("d5").play("d4")),
    "search": lambda: Engine(threads=1).search(Position(), movetime=0.3),
}


@pytest.mark.parametrize("name", LONG_CALLS)
def test_a_long_call_lets_other_threads_run(name: str) -> None:
    inside, took = ticks_inside(LONG_CALLS[name])
    # Held, the GIL would let no tick in until the call returned.
    assert inside >= 5, f"{name}: {inside} ticks in the middle of a {took:.3f} s call"


def test_an_analysis_stops_when_another_thread_asks() -> None:
    engine = Engine(threads=1)
    reports = []
    with engine.analyse(Position()) as analysis:  # No limit: runs until stopped.
        threading.Timer(0.3, analysis.stop).start()
        began = time.monotonic()
        reports = list(analysis)
        assert time.monotonic() - began < 5
        result = analysis.result
    assert reports and reports[-1].depth >= 1 and result is not None
    assert result.best_move in Position().legal_moves()
    # The engine is free again.
    assert engine.search(Position(), depth=2).depth == 2
