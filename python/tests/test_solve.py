"""The solver from Python against known results and a plain negamax, and its lines."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import konane
from konane import Color, Position


@lru_cache(maxsize=None)
def negamax_wins(fen: str) -> bool:
    """Whether the side to move wins, by plain exhaustive search."""
    position = Position(fen)
    return any(not negamax_wins(position.play(move).fen()) for move in position.legal_moves())


@lru_cache(maxsize=None)
def plies_to_end(fen: str) -> int:
    """The moves left with perfect play: the winner ends the game as soon as it can, the
    loser as late as it can (plain exhaustive search)."""
    position = Position(fen)
    children = [position.play(move).fen() for move in position.legal_moves()]
    if not children:
        return 0
    winning = [child for child in children if not negamax_wins(child)]
    if winning:
        return 1 + min(plies_to_end(child) for child in winning)
    return 1 + max(plies_to_end(child) for child in children)


def assert_line_ends_the_game(position: Position, line: list[konane.Move], winner: Color) -> None:
    for move in line:
        position = position.play(move)
    assert position.is_over() and position.winner() == winner


def test_known_boards() -> None:
    four = konane.solve(Position.start(4, 4))
    assert (four.winner, four.winning_moves, four.complete) == (Color.WHITE, [], True)
    assert len(four.losing_moves) == len(Position.start(4, 4).legal_moves())
    five = konane.solve(Position.start(5, 5), threads=1)
    assert five.winner == Color.BLACK
    assert sorted(map(str, five.winning_moves)) == ["a1", "a5", "c3", "e1", "e5"]
    for solution, start in ((four, Position.start(4, 4)), (five, Position.start(5, 5))):
        assert solution.line is not None and len(solution.line) == solution.distance
        assert_line_ends_the_game(start, solution.line, solution.winner)
        assert solution.nodes > 0
    assert "Solution(winner=Color.BLACK" in repr(five)
    quick = konane.solve(Position.start(4, 4), distance=False)
    assert (quick.winner, quick.distance, quick.line) == (Color.WHITE, None, None)


def test_random_small_positions_agree_with_negamax() -> None:
    rng = random.Random(11)
    for width, height in [(3, 4), (4, 3), (4, 4), (2, 5), (5, 2)]:
        for _ in range(25):
            position = Position.start(width, height)
            for _ in range(rng.randrange(0, width * height // 2)):
                moves = position.legal_moves()
                if not moves:
                    break
                position.push(rng.choice(moves))
            solution = konane.solve(position)
            to_move = position.side_to_move
            wins = negamax_wins(position.fen())
            assert solution.winner == (to_move if wins else to_move.opponent)
            expected = sorted(
                str(m) for m in position.legal_moves() if not negamax_wins(position.play(m).fen())
            )
            assert sorted(map(str, solution.winning_moves)) == expected
            assert solution.distance == plies_to_end(position.fen())
            assert solution.line is not None
            assert_line_ends_the_game(position, solution.line, solution.winner)


def test_a_finished_game_is_solved_at_once() -> None:
    solution = konane.solve(Position("b1 w"))
    assert (solution.winner, solution.distance, solution.line) == (Color.BLACK, 0, [])


@pytest.mark.parametrize("limit", [0, 1, 10, 1_000, 20_000])
def test_a_node_limit_stops_the_proof(limit: int) -> None:
    # On one thread within two positions of the limit (before, the limit was looked at
    # every 1,024 positions only: 1,026 positions for any limit up to 1,000).
    solution = konane.solve(Position.start(6, 6), node_limit=limit, threads=1)
    assert not solution.complete
    assert limit < solution.nodes <= limit + 2
    assert (solution.winner, solution.distance, solution.line) == (None, None, None)
    # On two threads, each may hold up to 1,024 positions the other does not see yet.
    solution = konane.solve(Position.start(6, 6), node_limit=limit, threads=2)
    assert limit < solution.nodes <= limit + 1024 + 2
