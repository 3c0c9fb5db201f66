"""The built-in players: legal, repeatable with a seed, and of the expected strength."""

from __future__ import annotations

import pytest

import konane
from konane import Color, Position


@pytest.mark.parametrize("kind", ["random", "greedy", "alphabeta", "alphabeta2"])
def test_players_play_legal_repeatable_games(kind: str) -> None:
    def game(seed: int) -> list[str]:
        player = konane.Player(kind, seed=seed)
        assert player.name.startswith(kind.rstrip("0123456789"))
        position = Position.start(6, 6)
        while not position.is_over():
            position.push(player.choose(position))
        return [str(move) for move in position.history]

    assert game(3) == game(3)
    assert repr(konane.Player(kind)).startswith("Player('")


def test_alphabeta_beats_random() -> None:
    wins = 0
    for seed in range(10):
        players = {Color.BLACK: konane.Player("alphabeta2", seed), Color.WHITE: konane.Player("random", seed)}
        if seed % 2:
            players = {Color.BLACK: players[Color.WHITE], Color.WHITE: players[Color.BLACK]}
        position = Position.start(6, 6)
        while not position.is_over():
            position.push(players[position.side_to_move].choose(position))
        wins += players[position.winner()].name == "alphabeta2"
    assert wins >= 8
