"""Konane (Hawaiian checkers) for Python: the exact rules at native speed, a strong
engine, an exact solver and baseline players, with PettingZoo and OpenSpiel bindings.

    >>> import konane
    >>> position = konane.Position.start(6, 6)
    >>> position.legal_moves()
    [Move('f1'), Move('d3'), Move('c4'), Move('a6')]
    >>> position = position.play("c4").play("c3")
    >>> position.legal_moves()
    [Move('c6c4'), Move('a4c4'), Move('e4c4')]
    >>> konane.perft(position, 3)
    91

The classes and functions come from the native module ``konane._konane`` (written in
Rust); ``konane.env()`` is the PettingZoo environment (``konane.pettingzoo_env``) and
``import konane.openspiel_game`` registers the OpenSpiel game ``python_konane``.
"""

import typing as _typing
from importlib.metadata import PackageNotFoundError as _PackageNotFoundError
from importlib.metadata import version as _version

from . import _konane
from ._konane import *  # noqa: F403 (every class and function of the native module)
from .actions import ActionEncoding, BoardSize

if _typing.TYPE_CHECKING:
    from pettingzoo import AECEnv

try:
    __version__ = _version("konane")
except _PackageNotFoundError:  # Imported from a source tree that was never installed.
    __version__ = "unknown"

__all__ = ["ActionEncoding", "BoardSize", "env"]
__all__ += _konane.__all__


def env(board_size: BoardSize = 8, render_mode: _typing.Optional[str] = None) -> "AECEnv":
    """The PettingZoo AEC environment of Konane on a ``board_size`` board (an int ``N``
    for ``N`` x ``N``, a ``(width, height)`` pair or a ``"WxH"`` string, as everywhere
    in the package: see ``konane.board_size``), wrapped like PettingZoo's classic games; see
    ``konane.pettingzoo_env``. Needs ``pip install konane[pettingzoo]``."""
    from .pettingzoo_env import env as make_env

    return make_env(board_size=board_size, render_mode=render_mode)
