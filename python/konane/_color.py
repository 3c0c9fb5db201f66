"""``konane.Color``, the two players: a Python ``IntEnum``, so that it has ``name`` and
``value``, lists its members (``list(Color)``) and compares, hashes and sorts as its
numbers. The native module hands out and takes these members (``src/color.rs``)."""

import enum


class Color(enum.IntEnum):
    """A player: ``Color.BLACK`` moves first (OpenSpiel's player 0, UGI's ``p1``),
    ``Color.WHITE`` second. ``str(color)`` is ``"black"`` or ``"white"``,
    ``int(color)`` 0 or 1, and colours are ordered as their numbers (``BLACK <
    WHITE``)."""

    BLACK = 0
    WHITE = 1

    @property
    def opponent(self) -> "Color":
        """The other player."""
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    def __str__(self) -> str:
        return self.name.lower()

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


# Found (and pickled) as konane.Color.
Color.__module__ = "konane"
