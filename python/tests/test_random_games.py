"""The package's rules against the pure-Python reference (tests/reference.py): 10,000
random games, a third on the standard 8x8 board and the rest over every board size from
1x1 to 8x8, games on larger boards up to 16x16, and random positions."""

from __future__ import annotations

import random

import konane
from reference import RefPosition

GAMES = 10_000
SIZES = [(w, h) for w in range(1, 9) for h in range(1, 9)]


def assert_same(position: konane.Position, reference: RefPosition) -> list[str]:
    """Checks that both sides agree on the position; returns the legal moves."""
    assert position.fen() == reference.fen()
    moves = sorted(str(move) for move in position.legal_moves())
    assert moves == sorted(reference.legal_moves()), position.fen()
    assert position.is_over() == (not moves)
    return moves


def play_random_game(
    rng: random.Random, width: int, height: int
) -> tuple[konane.Position, RefPosition]:
    """A random game from the start to its end, both implementations checked at every
    ply; the final positions."""
    position = konane.Position.start(width, height)
    reference = RefPosition.start(width, height)
    while True:
        moves = assert_same(position, reference)
        if not moves:
            return position, reference
        move = rng.choice(moves)
        position.push(move)
        reference = reference.play(move)


def test_ten_thousand_random_games_follow_the_reference() -> None:
    rng = random.Random(2024)
    plies = 0
    for game in range(GAMES):
        width, height = (8, 8) if game % 3 == 0 else SIZES[game % len(SIZES)]
        position, reference = play_random_game(rng, width, height)
        plies += len(position.history)
        winner = position.winner()
        assert winner is not None and str(winner)[0] == reference.winner()
        # Taking every move back returns to the start.
        for _ in range(len(position.history)):
            position.pop()
        assert position == konane.Position.start(width, height)
    assert plies > 15 * GAMES


def test_random_games_on_larger_boards_follow_the_reference() -> None:
    rng = random.Random(2026)
    for width, height in [(10, 10), (16, 16), (3, 16), (16, 4), (12, 9), (1, 16)]:
        for _ in range(3):
            play_random_game(rng, width, height)


def random_fen(rng: random.Random) -> str:
    width, height = rng.randint(1, 8), rng.randint(1, 8)
    fill = rng.random()
    ranks = []
    for _ in range(height):
        cells = [rng.choice("bw") if rng.random() < fill else "." for _ in range(width)]
        rank, run = "", 0
        for cell in cells:
            if cell == ".":
                run += 1
                continue
            rank += (str(run) if run else "") + cell
            run = 0
        ranks.append(rank + (str(run) if run else ""))
    return "/".join(ranks) + " " + rng.choice("bw")


def test_random_positions_follow_the_reference() -> None:
    """Positions that no game reaches too: pieces anywhere, either side to move."""
    rng = random.Random(7)
    for _ in range(3_000):
        fen = random_fen(rng)
        position = konane.Position.from_fen(fen)
        reference = RefPosition.from_fen(fen)
        for move in assert_same(position, reference):
            assert position.play(move).fen() == reference.play(move).fen()
