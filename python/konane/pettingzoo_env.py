"""Konane as a PettingZoo AEC environment, in the style of PettingZoo's classic board
games (``konane.env()``; needs ``pip install konane[pettingzoo]``).

=================== ====================================================
Agents              ``["black_0", "white_0"]`` (Black moves first)
Actions             ``Discrete(n)``, ``n`` from ``ActionEncoding`` (832 on 8x8)
Observation         ``{"observation": (height, width, 2) int8, "action_mask": (n,) int8}``
Rewards             +1 for the winner, -1 for the loser, at the end; 0 before
Render modes        ``"human"`` (prints the board), ``"ansi"`` (returns it)
=================== ====================================================

The observation's plane 0 holds the observing agent's pieces, plane 1 the opponent's;
row 0 is the top rank, column 0 file ``a``. The action mask marks the legal moves of
the agent to move (all zeros for the other). A player with no legal move on their turn
loses; there are no draws. As in PettingZoo's classic games, an illegal action ends the
game with -1 for the agent that took it (``TerminateIllegalWrapper``).

    import konane
    env = konane.env(board_size=6)
    env.reset(seed=42)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        if termination or truncation:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    env.close()
"""

from __future__ import annotations

from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.agent_selector import AgentSelector

from ._konane import Color, Position
from ._konane import board_size as konane_board_size
from .actions import ActionEncoding, BoardSize


AGENTS = ["black_0", "white_0"]


class FloatTerminateIllegalWrapper(wrappers.TerminateIllegalWrapper):
    """PettingZoo's ``TerminateIllegalWrapper`` whose rewards stay floats (it gives
    ``float(illegal_reward)`` to the agent that played the illegal action but an int
    ``0`` to the others, and Konane's rewards are floats everywhere) and whose illegal
    action terminates the game without truncating it (it sets both)."""

    def step(self, action: Any) -> None:
        was_over = self._terminated
        super().step(action)
        env = self.env.unwrapped
        if self._terminated and not was_over:
            # An illegal action ends the game: a termination, not a truncation (which
            # PettingZoo's wrapper sets too).
            env.truncations = dict.fromkeys(env.truncations, False)
        env.rewards = {agent: float(reward) for agent, reward in env.rewards.items()}
        env._cumulative_rewards = {
            agent: float(reward) for agent, reward in env._cumulative_rewards.items()
        }


def env(board_size: BoardSize = 8, render_mode: Optional[str] = None) -> AECEnv:
    """The Konane environment with PettingZoo's classic wrappers: an illegal action
    ends the game with -1 for its agent, actions are checked against the action space,
    and the calls must come in order."""
    environment = raw_env(board_size=board_size, render_mode=render_mode)
    environment = FloatTerminateIllegalWrapper(environment, illegal_reward=-1.0)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv):
    """Konane without wrappers (see the module documentation)."""

    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "konane_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(self, board_size: BoardSize = 8, render_mode: Optional[str] = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}"
            )
        self.width, self.height = konane_board_size(board_size)
        self.encoding = ActionEncoding(self.width, self.height)
        self.render_mode = render_mode
        self.possible_agents = AGENTS[:]
        self.agents = AGENTS[:]
        self.action_spaces = {agent: spaces.Discrete(self.encoding.size) for agent in AGENTS}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0, high=1, shape=(self.height, self.width, 2), dtype=np.int8
                    ),
                    "action_mask": spaces.Box(
                        low=0, high=1, shape=(self.encoding.size,), dtype=np.int8
                    ),
                }
            )
            for agent in AGENTS
        }
        self.position = Position.start(self.width, self.height)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _color(self, agent: str) -> Color:
        return Color.BLACK if agent == AGENTS[0] else Color.WHITE

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        board = self.position.board()
        own = 1 if self._color(agent) == Color.BLACK else -1
        observation = np.stack([board == own, board == -own], axis=2).astype(np.int8)
        if agent == self.agent_selection and not self.position.is_over():
            action_mask = self.encoding.mask(self.position)
        else:
            action_mask = np.zeros(self.encoding.size, dtype=np.int8)
        return {"observation": observation, "action_mask": action_mask}

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        self.position = Position.start(self.width, self.height)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self._agent_selector.reset()

    def step(self, action: Optional[int]) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError("the agent to move must take an action, not None")
        mover = self.agent_selection
        self._cumulative_rewards[mover] = 0.0
        self.position.push(self.encoding.move(action))
        next_agent = self._agent_selector.next()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.position.is_over():
            # The player to move has no legal move: the one who just moved wins.
            self.rewards[mover] = 1.0
            self.rewards[next_agent] = -1.0
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = next_agent
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode."
            )
            return None
        text = f"{self.position}\n{self.position.side_to_move} to move"
        if self.position.is_over():
            text = f"{self.position}\n{self.position.winner()} wins"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
