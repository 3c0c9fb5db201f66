"""The OpenSpiel game: OpenSpiel's own checks, its alpha-beta against the package's
solver, and its MCTS bot against the built-in players."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts, minimax

import konane
from konane.openspiel_game import EngineBot, PlayerBot


def load(columns: int, rows: int) -> pyspiel.Game:
    return pyspiel.load_game("python_konane", {"columns": columns, "rows": rows})


def test_the_game_is_registered_with_its_sizes() -> None:
    game = load(6, 6)
    assert game.num_distinct_actions() == konane.ActionEncoding(6, 6).size
    assert game.max_game_length() == 36 and game.num_players() == 2
    assert load(8, 8).num_distinct_actions() == 832
    state = game.new_initial_state()
    assert state.current_player() == 0
    assert [state.action_to_string(0, a) for a in state.legal_actions()] == sorted(
        [str(m) for m in konane.Position.start(6, 6).legal_moves()],
        key=lambda m: konane.ActionEncoding(6, 6).action(konane.Move(m)),
    )
    assert str(state) == str(konane.Position.start(6, 6))
    with pytest.raises(Exception):
        load(17, 17)


@pytest.mark.parametrize(
    "columns, rows, sims", [(5, 5, 20), (10, 10, 5), (16, 3, 5), (3, 16, 5), (16, 16, 2)]
)
def test_openspiels_random_simulation_test(columns: int, rows: int, sims: int) -> None:
    pyspiel.random_sim_test(load(columns, rows), num_sims=sims, serialize=True, verbose=False)


def test_a_serialised_state_keeps_its_moves() -> None:
    game = load(6, 6)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[3])
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)


def test_openspiels_alpha_beta_agrees_with_the_solver() -> None:
    for columns, rows in [(4, 3), (3, 4), (4, 4)]:
        game = load(columns, rows)
        value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
        solution = konane.solve(konane.Position.start(columns, rows))
        assert value == (1.0 if solution.winner == konane.Color.BLACK else -1.0)


def test_observation_tensor() -> None:
    game = load(4, 3)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    tensor = np.array(state.observation_tensor(0)).reshape(3, 3, 4)
    board = state.position.board()
    assert (tensor[0] == (board == 0)).all() and (tensor[1] == (board == 1)).all()
    assert (tensor[2] == (board == -1)).all()
    assert state.observation_string(1) == str(state.position)


def play(game: pyspiel.Game, bots: list) -> list[float]:
    return evaluate_bots.evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))


def test_mcts_against_the_builtin_players() -> None:
    game = load(5, 5)
    rng = np.random.RandomState(42)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=2, random_state=rng)
    mcts_bot = mcts.MCTSBot(game, uct_c=2, max_simulations=200, evaluator=evaluator, random_state=rng)
    against_random = 0
    for game_number in range(6):
        opponent = PlayerBot("random", seed=game_number)
        if game_number % 2:
            returns = play(game, [opponent, mcts_bot])
            against_random += returns[1] > 0
        else:
            returns = play(game, [mcts_bot, opponent])
            against_random += returns[0] > 0
        assert sorted(returns) == [-1.0, 1.0]
    assert against_random >= 5
    for kind in ("greedy", "alphabeta2"):
        returns = play(game, [mcts_bot, PlayerBot(kind)])
        assert sorted(returns) == [-1.0, 1.0]


def test_the_engine_as_a_bot_beats_random() -> None:
    game = load(6, 6)
    for seed in range(2):
        returns = play(game, [EngineBot(depth=4), PlayerBot("random", seed)])
        assert returns == [1.0, -1.0]
    with pytest.raises(ValueError, match="needs a limit"):
        EngineBot()
