"""Bad input raises the right exception with the protocol's message, and nothing a
caller passes crashes the interpreter."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path

import pytest

import konane
from konane import Engine, IllegalMoveError, Move, Player, Position

REPOSITORY = Path(__file__).resolve().parents[2]


def konane_binary() -> Path:
    """The engine binary: $KONANE_BINARY (scripts/test-python.sh builds it and sets it),
    else the one that `cargo test` or `cargo build` left in the repository."""
    if "KONANE_BINARY" in os.environ:
        binary = Path(os.environ["KONANE_BINARY"])
        assert binary.exists(), f"KONANE_BINARY={binary} does not exist"
        return binary
    for profile in ("release", "debug"):
        binary = REPOSITORY / "target" / profile / "konane"
        if binary.exists():
            return binary
    pytest.skip("no konane binary: build it with cargo build first")


def protocol_errors(*lines: str) -> list[str]:
    """The error messages the protocol prints for `lines`."""
    output = subprocess.run(
        [str(konane_binary())],
        input="\n".join(lines) + "\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout
    prefix = "info string error: "
    return [line[len(prefix) :] for line in output.splitlines() if line.startswith(prefix)]


BAD_FENS = ["", "bwb/ww b", "bwb x", "bwbw", "b16b b", "bxb b", "b/0 b", "b" * 17 + " b", "b b extra"]


@pytest.mark.parametrize("fen", BAD_FENS)
def test_a_bad_fen_is_a_value_error(fen: str) -> None:
    with pytest.raises(ValueError) as error:
        Position.from_fen(fen)
    assert not isinstance(error.value, IllegalMoveError)
    assert str(error.value)


def test_the_messages_are_the_protocols() -> None:
    fen = "bwb/ww b"
    start = Position.start(8, 8)
    messages = {}
    for text in ["zz", "i9", "a1b2", "a1", ""]:
        with pytest.raises(ValueError) as error:
            start.play(text)
        messages[text] = str(error.value)
    with pytest.raises(ValueError) as fen_error:
        Position.from_fen(fen)
    printed = protocol_errors(
        f"position fen {fen}",
        *(f"position startpos moves {text}" for text in ["zz", "i9", "a1b2", "a1"]),
    )
    assert printed == [
        f"bad FEN: {fen_error.value}",
        *(f"position: move 1: {messages[text]}" for text in ["zz", "i9", "a1b2", "a1"]),
    ]
    assert messages["a1"] == "illegal move 'a1': legal moves are a8 d5 e4 h1"
    assert messages[""] == "empty move"


def test_an_illegal_move_is_an_illegal_move_error() -> None:
    position = Position().play("d5").play("d4")
    for move in ["b5d5", "d7-d5"]:
        assert position.is_legal(move)
    for move in ["h1", "a1a3", Move("b3d3")]:
        assert not position.is_legal(move)
        with pytest.raises(IllegalMoveError, match="legal moves are b5d5 d7d5 f5d5"):
            position.play(move)
        with pytest.raises(ValueError):
            position.push(move)
    assert position == Position().play("d5").play("d4")
    over = Position("b1 w")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        over.play("a1")


def test_off_the_board_and_wrong_types() -> None:
    small = Position.start(4, 4)
    with pytest.raises(ValueError, match="off the 4x4 board") as error:
        small.play(Move("h8"))
    assert not isinstance(error.value, IllegalMoveError)
    assert not small.is_legal("e1") and not small.is_legal("zz")
    with pytest.raises(TypeError):
        small.is_legal(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a Move or a str"):
        small.play(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a square"):
        small.piece_at("zz")
    for width in (17, 0, -1):
        with pytest.raises(ValueError, match=f"width must be a whole number from 1 to 16, not {width}"):
            Position.start(width, 3)
    with pytest.raises(ValueError):
        Move("d3d4")  # not an even number of squares


def test_bad_options_and_limits() -> None:
    with pytest.raises(ValueError, match="option Hash value 0 is out of range 1 to 4096"):
        Engine(hash=0)
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        Engine(colour="blue")
    engine = Engine()
    with pytest.raises(ValueError, match="needs true or false"):
        engine.set_option("EndgameSolver", "maybe")
    with pytest.raises(ValueError, match="expected engine, random"):
        engine.set_option("player", "nobody")
    position = Position()
    for limits in [{"depth": 0}, {"nodes": 0}, {"mate": 0}, {"movetime": -1.0}, {"movetime": float("nan")}]:
        with pytest.raises(ValueError):
            engine.search(position, **limits)
    with pytest.raises(IllegalMoveError):
        engine.search(position, depth=2, moves=["a1"])
    with pytest.raises(ValueError):
        konane.perft(position, 5, threads=0)
    with pytest.raises(ValueError):
        konane.solve(position, threads=0)
    with pytest.raises(ValueError, match="unknown player 'nobody'"):
        Player("nobody")
    with pytest.raises(ValueError, match="the game is over"):
        Player("random").choose(Position("b1 w"))


def test_random_text_only_ever_raises_value_errors() -> None:
    """Fuzzing: random strings as FENs and moves give ValueError or a result."""
    rng = random.Random(1)
    alphabet = "bw12345678/ -x\tKé\x00abcdefghBW90"
    position = Position().play("d5").play("d4")
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 30)))
        for attempt in (Position.from_fen, Move, position.play, position.is_legal):
            try:
                attempt(text)
            except ValueError:
                pass
