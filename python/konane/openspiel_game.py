"""Konane as an OpenSpiel game (needs ``pip install konane[openspiel]``).

Importing this module registers the game ``"python_konane"`` with OpenSpiel, so that
its algorithms (MCTS, alpha-beta, CFR, evaluation bots, ...) run on it::

    import pyspiel
    import konane.openspiel_game

    game = pyspiel.load_game("python_konane", {"columns": 6, "rows": 6})
    state = game.new_initial_state()

Parameters: ``columns`` and ``rows``, 1 to 16 each (default 8). Player 0 is Black, who
moves first; the actions are those of ``konane.ActionEncoding`` for the board size; the
returns are +1 for the winner and -1 for the loser. ``state.position`` is the
``konane.Position``. ``PlayerBot`` and ``EngineBot`` make the built-in players and the
engine OpenSpiel bots.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ._konane import Color, Engine, Player, Position
from .actions import ActionEncoding

SHORT_NAME = "python_konane"

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Konane (Hawaiian checkers)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"columns": 8, "rows": 8},
)


class KonaneGame(pyspiel.Game):
    """Konane on a ``columns`` x ``rows`` board."""

    def __init__(self, params: Optional[dict[str, Any]] = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        encoding = ActionEncoding(int(params["columns"]), int(params["rows"]))
        area = encoding.width * encoding.height
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.size,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            # Every move takes a piece off the board.
            max_game_length=area,
        )
        super().__init__(GAME_TYPE, info, params)
        self.encoding = encoding

    def new_initial_state(self) -> "KonaneState":
        return KonaneState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return BoardObserver(self.encoding, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class KonaneState(pyspiel.State):
    """A game in progress; ``position`` is its ``konane.Position``."""

    def __init__(self, game: KonaneGame) -> None:
        super().__init__(game)
        self.encoding = game.encoding
        self.position = Position.start(self.encoding.width, self.encoding.height)

    def current_player(self) -> int:
        if self.position.is_over():
            return pyspiel.PlayerId.TERMINAL
        return int(self.position.side_to_move)

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self.encoding.actions(self.position.legal_moves()))

    def _apply_action(self, action: int) -> None:
        self.position.push(self.encoding.move(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.encoding.move(action))

    def is_terminal(self) -> bool:
        return self.position.is_over()

    def returns(self) -> list[float]:
        winner = self.position.winner()
        if winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if winner == Color.BLACK else [-1.0, 1.0]

    def __str__(self) -> str:
        return str(self.position)


class BoardObserver:
    """The board as three planes (empty, Black, White) of ``rows`` x ``columns``, row 0
    the top rank; the same for both players (the game has no hidden information)."""

    def __init__(self, encoding: ActionEncoding, params: Optional[dict[str, Any]]) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        shape = (3, encoding.height, encoding.width)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state: KonaneState, player: int) -> None:
        board = state.position.board()
        observation = self.dict["observation"]
        observation[0] = board == 0
        observation[1] = board == 1
        observation[2] = board == -1

    def string_from(self, state: KonaneState, player: int) -> str:
        return str(state.position)


class PlayerBot(pyspiel.Bot):
    """A built-in ``konane.Player`` (``"random"``, ``"greedy"``, ``"alphabetaN"``) as an
    OpenSpiel bot for ``python_konane``."""

    def __init__(self, kind: str, seed: Optional[int] = 0) -> None:
        pyspiel.Bot.__init__(self)
        self.player = Player(kind, seed)

    def step(self, state: KonaneState) -> int:
        return state.encoding.action(self.player.choose(state.position))

    def restart_at(self, state: KonaneState) -> None:
        pass

    def inform_action(self, state: KonaneState, player_id: int, action: int) -> None:
        pass


class EngineBot(pyspiel.Bot):
    """The engine as an OpenSpiel bot for ``python_konane``: each move is a search
    within the limits given as for ``Engine.search`` (``depth``, ``nodes``,
    ``movetime``)."""

    def __init__(self, engine: Optional[Engine] = None, **limits: Any) -> None:
        pyspiel.Bot.__init__(self)
        if not limits:
            raise ValueError("EngineBot needs a limit: depth, nodes or movetime")
        self.engine = engine if engine is not None else Engine()
        self.limits = limits

    def step(self, state: KonaneState) -> int:
        best = self.engine.search(state.position, **self.limits).best_move
        if best is None:
            raise ValueError("the game is over: there is no move to choose")
        return state.encoding.action(best)

    def restart_at(self, state: KonaneState) -> None:
        pass

    def inform_action(self, state: KonaneState, player_id: int, action: int) -> None:
        pass


pyspiel.register_game(GAME_TYPE, KonaneGame)
