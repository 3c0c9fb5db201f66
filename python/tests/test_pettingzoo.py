"""The PettingZoo environment passes PettingZoo's own API test and plays real games."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test

import konane
from konane import Color, Position


# api_test warns about every dict observation (observation and action mask, the format
# of PettingZoo's classic games) unless the game is on its own list of classic games.
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("board_size", [8, 6, (5, 4), (2, 3), 10, (3, 16), (16, 4), 16])
def test_pettingzoos_api_test_passes(board_size) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(konane.env(board_size=board_size), num_cycles=200)
    assert {str(w.message) for w in caught} - DICT_OBSERVATION_WARNINGS == set()


def play(env, rng: np.random.Generator) -> dict[str, float]:
    """A random game; returns each agent's total reward."""
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        totals[agent] += reward
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(observation["action_mask"])
            action = int(rng.choice(legal))
        env.step(action)
    return totals


def test_games_end_with_one_winner_and_rewards_of_one() -> None:
    env = konane.env(board_size=6)
    rng = np.random.default_rng(0)
    for _ in range(20):
        env.reset(seed=1)
        totals = play(env, rng)
        assert sorted(totals.values()) == [-1.0, 1.0]
        winner = env.unwrapped.position.winner()
        assert totals["black_0" if winner == Color.BLACK else "white_0"] == 1.0
    env.close()


def test_observations_follow_the_position() -> None:
    env = konane.env(board_size=(5, 4))
    env.reset()
    env.step(env.unwrapped.encoding.action(konane.Move("a4")))
    position = env.unwrapped.position
    assert position == Position.start(5, 4).play("a4")
    board = position.board()
    observation = env.observe("white_0")
    assert observation["observation"].shape == (4, 5, 2)
    assert (observation["observation"][:, :, 0] == (board == -1)).all()
    assert (observation["observation"][:, :, 1] == (board == 1)).all()
    legal = {env.unwrapped.encoding.action(m) for m in position.legal_moves()}
    assert set(np.flatnonzero(observation["action_mask"])) == legal
    assert not env.observe("black_0")["action_mask"].any()


def test_an_illegal_action_loses() -> None:
    env = konane.env(board_size=6)
    env.reset()
    illegal = env.unwrapped.encoding.action(konane.Move("b6"))  # Not a corner or centre.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # The wrapper warns about the illegal move.
        env.step(illegal)
    assert env.terminations["black_0"] and env.rewards["black_0"] == -1
    # The game ended: terminated, not truncated (PettingZoo's wrapper set both).
    assert env.terminations == {"black_0": True, "white_0": True}
    assert env.truncations == {"black_0": False, "white_0": False}


def test_render_as_text() -> None:
    env = konane.env(board_size=4, render_mode="ansi")
    env.reset()
    text = env.render()
    assert text.startswith("    a  b  c  d") and text.endswith("black to move")
    with pytest.raises(ValueError, match="render_mode"):
        konane.env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="board_size"):
        konane.env(board_size="big")


def test_rewards_are_floats_after_every_step_and_after_an_illegal_action() -> None:
    # PettingZoo expects float rewards; they used to be int, but -1.0 after an illegal
    # action (and then an int 0 for the other agent).
    env = konane.env(board_size=4)
    env.reset(seed=0)
    rng = np.random.default_rng(3)
    while env.agents:
        for agent in env.agents:
            assert type(env.rewards[agent]) is float
            assert type(env._cumulative_rewards[agent]) is float
        observation, reward, termination, truncation, info = env.last()
        assert type(reward) is float
        action = None
        if not (termination or truncation):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    env.reset()
    illegal = env.unwrapped.encoding.action(konane.Move("b4"))  # Not a corner or centre.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # The wrapper warns about the illegal move.
        env.step(illegal)
    assert env.rewards == {"black_0": -1.0, "white_0": 0.0}
    for agent in ["black_0", "white_0"]:
        assert type(env.rewards[agent]) is float, agent
        assert type(env._cumulative_rewards[agent]) is float, agent
    assert type(env.last()[1]) is float
