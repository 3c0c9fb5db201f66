"""Speed of the package from Python against the pure-Python reference of the rules
(tests/reference.py): legal-move generation, playing moves, perft, and the cost of one
call into the native module. Prints a Markdown table; each figure is the best of
several runs (the machine may be busy).

Usage: python python/bench/bench.py [--quick]
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import timeit
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import konane  # noqa: E402
from reference import RefPosition, perft as reference_perft  # noqa: E402


def sample_positions(count: int, seed: int = 1) -> list[str]:
    """FENs of positions from random 8x8 games, all phases."""
    rng = random.Random(seed)
    fens: list[str] = []
    while len(fens) < count:
        position = konane.Position()
        while not position.is_over() and len(fens) < count:
            fens.append(position.fen())
            position.push(rng.choice(position.legal_moves()))
    return fens


def best_time(work: Callable[[], object], repeat: int, number: int = 1) -> float:
    """Seconds per call of `work`, the best of `repeat` runs of `number` calls."""
    return min(timeit.repeat(work, repeat=repeat, number=number)) / number


def python_perft(position: konane.Position, depth: int) -> int:
    """Perft written in Python against the package's API (push and pop)."""
    if depth == 0:
        return 1
    total = 0
    for move in position.legal_moves():
        position.push(move)
        total += python_perft(position, depth - 1)
        position.pop()
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions and runs")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    fens = sample_positions(100 if args.quick else 400)
    natives = [konane.Position(fen) for fen in fens]
    references = [RefPosition.from_fen(fen) for fen in fens]
    native_moves = [p.legal_moves() for p in natives]
    reference_moves = [r.legal_moves() for r in references]
    moves_count = sum(len(m) for m in native_moves)

    rows = []

    def row(what: str, unit: str, count: int, native: float, reference: float) -> None:
        rows.append((what, unit, native / count, reference / count, reference / native))

    row(
        "legal moves of a position",
        "position",
        len(fens),
        best_time(lambda: [p.legal_moves() for p in natives], repeat),
        best_time(lambda: [r.legal_moves() for r in references], repeat),
    )
    row(
        "play a move (new position)",
        "move",
        moves_count,
        best_time(lambda: [p.play(m) for p, ms in zip(natives, native_moves) for m in ms], repeat),
        best_time(
            lambda: [r.play(m) for r, ms in zip(references, reference_moves) for m in ms], repeat
        ),
    )

    def push_pop() -> None:
        for p, ms in zip(natives, native_moves):
            for m in ms:
                p.push(m)
                p.pop()

    rows.append(("push + pop a move", "move", best_time(push_pop, repeat) / moves_count, None, None))

    perft_position = konane.Position().play("d5").play("d4")
    perft_reference = RefPosition.from_fen(perft_position.fen())
    depth = 4 if args.quick else 5
    leaves = konane.perft(perft_position, depth)
    reference_seconds = best_time(lambda: reference_perft(perft_reference, depth), 1 if args.quick else 3)
    row(
        f"perft {depth} after d5 d4 ({leaves:,} leaves), konane.perft, 1 thread",
        "leaf",
        leaves,
        best_time(lambda: konane.perft(perft_position, depth, threads=1), repeat),
        reference_seconds,
    )
    row(
        f"perft {depth} after d5 d4, written in Python on konane.Position",
        "leaf",
        leaves,
        best_time(lambda: python_perft(perft_position.copy(), depth), 1 if args.quick else 3),
        reference_seconds,
    )

    start = konane.Position()
    move = konane.Move("d5")

    class Plain:
        def method(self) -> None:
            pass

    plain = Plain()
    calls = [
        ("an empty Python method (for scale)", plain.method),
        ("position.side_to_move", lambda: start.side_to_move),
        ("position.is_over()", start.is_over),
        ("position.legal_moves() at the start (4 moves)", start.legal_moves),
        ("position.play(Move)", lambda: start.play(move)),
        ('position.play("d5")', lambda: start.play("d5")),
        ("konane.perft(position, 1)", lambda: konane.perft(start, 1)),
    ]
    overhead = [(what, best_time(call, repeat, 20_000)) for what, call in calls]

    print(f"Python {platform.python_version()} on {platform.machine()}, konane {konane.__version__}\n")
    print("| what | per | konane | pure-Python reference | reference / konane |")
    print("|---|---|---|---|---|")
    for what, unit, native, reference, ratio in rows:
        reference_text = "" if reference is None else f"{reference * 1e6:,.2f} µs"
        ratio_text = "" if ratio is None else f"{ratio:,.0f}x"
        print(f"| {what} | {unit} | {native * 1e6:,.3f} µs | {reference_text} | {ratio_text} |")
    print("\n| one call | time |")
    print("|---|---|")
    for what, seconds in overhead:
        print(f"| {what} | {seconds * 1e9:,.0f} ns |")


if __name__ == "__main__":
    main()
