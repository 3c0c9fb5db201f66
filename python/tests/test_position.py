"""Positions and moves: the rules' known facts, play/push/pop, equality and hashing,
copies, pickling, the NumPy board and the symmetries."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import konane
from konane import Color, Move, Position, Symmetry

START_8X8 = "bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb/bwbwbwbw/wbwbwbwb b"


def names(moves: list[Move]) -> list[str]:
    return sorted(str(move) for move in moves)


def test_the_start_is_the_protocols() -> None:
    position = Position.start()
    assert position.fen() == START_8X8
    assert Position() == position == Position(START_8X8) == Position.from_fen(START_8X8)
    assert (position.width, position.height) == (8, 8)
    assert position.side_to_move == Color.BLACK
    assert repr(position) == f"Position('{START_8X8}')"


def test_opening_removals_follow_the_rules() -> None:
    assert names(Position.start(8, 8).legal_moves()) == ["a8", "d5", "e4", "h1"]
    assert names(Position.start(5, 5).legal_moves()) == ["a1", "a5", "c3", "e1", "e5"]
    assert names(Position.start(6, 6).legal_moves()) == ["a6", "c4", "d3", "f1"]
    after_d5 = Position().play("d5")
    assert names(after_d5.legal_moves()) == ["c5", "d4", "d6", "e5"]
    assert names(after_d5.play("d4").legal_moves()) == ["b5d5", "d7d5", "f5d5"]


@pytest.mark.parametrize(
    ("width", "height", "counts"),
    [
        (8, 8, [4, 12, 28, 172, 892, 7124, 52044, 508088]),
        (6, 6, [4, 12, 28, 156, 668, 4192, 22676, 162288, 1030412]),
    ],
)
def test_perft_gives_the_known_counts(width: int, height: int, counts: list[int]) -> None:
    start = Position.start(width, height)
    assert [konane.perft(start, depth) for depth in range(1, len(counts) + 1)] == counts
    assert konane.perft(start, len(counts), threads=1) == counts[-1]
    assert konane.perft(start, 0) == 1


def test_play_returns_a_new_position_and_push_pop_work_in_place() -> None:
    start = Position()
    after = start.play("d5")
    assert start == Position() and after != start
    assert after.history == [Move("d5")]
    position = start.copy()
    position.push(Move("d5"))
    position.push("D4")
    assert position.side_to_move == Color.BLACK
    assert position.history == [Move("d5"), Move("d4")]
    assert position.pop() == Move("d4")
    assert position.pop() == Move("d5")
    assert position == start
    with pytest.raises(IndexError):
        position.pop()


def test_moves_read_and_write_the_protocols_notation() -> None:
    jump = Move("d3-d5")
    assert str(jump) == "d3d5" and repr(jump) == "Move('d3d5')"
    assert jump == Move("D3D5") and hash(jump) == hash(Move("d3d5"))
    assert (jump.from_square, jump.to_square, jump.is_removal) == ("d3", "d5", False)
    assert (jump.from_coords, jump.to_coords) == ((3, 2), (3, 4))
    removal = Move("a8")
    assert (removal.is_removal, removal.from_square, removal.to_square) == (True, "a8", "a8")
    assert Move("b5d5") in Position().play("d5").play("d4").legal_moves()


def test_a_jump_may_go_on_in_a_line() -> None:
    position = Position("bw1w1 b")
    assert names(position.legal_moves()) == ["a1c1", "a1e1"]
    assert position.play("a1c1").fen() == "2bw1 w"
    double = position.play("a1e1")
    assert double.fen() == "4b w"
    assert double.winner() == Color.BLACK


def test_the_end_of_the_game() -> None:
    lone = Position("b1 w")  # White has no piece: White, to move, has lost.
    assert lone.is_over() and lone.winner() == Color.BLACK and lone.legal_moves() == []
    tiny = Position.start(1, 1)
    assert not tiny.is_over() and tiny.winner() is None
    tiny.push("a1")
    assert tiny.is_over() and tiny.winner() == Color.BLACK


def test_equal_positions_hash_alike_whatever_their_history() -> None:
    via_moves = Position().play("d5").play("d4")
    via_fen = Position(via_moves.fen())
    assert via_moves == via_fen and hash(via_moves) == hash(via_fen)
    assert via_fen.history == []
    assert {via_moves: "seen"}[via_fen] == "seen"
    assert via_moves != Position(via_moves.fen().replace(" b", " w"))
    assert via_moves != "not a position"


def test_copies_and_pickles() -> None:
    position = Position().play("e4")
    for clone in (copy.copy(position), copy.deepcopy(position), position.copy()):
        assert clone == position and clone.history == position.history
        clone.push("e5")
        assert clone != position
    assert pickle.loads(pickle.dumps(position)) == position
    assert pickle.loads(pickle.dumps(Move("d3d5"))) == Move("d3d5")
    assert pickle.loads(pickle.dumps(Color.WHITE)) == Color.WHITE
    assert pickle.loads(pickle.dumps(Symmetry.ROTATE_90)) == Symmetry.ROTATE_90


def test_the_board_as_a_numpy_array() -> None:
    position = Position.start(3, 2).play("a2")
    board = position.board()
    assert board.dtype == np.int8 and board.shape == (2, 3)
    # Row 0 is the top rank: a2 (now empty) b2 c2, then a1 b1 c1.
    assert board.tolist() == [[0, -1, 1], [-1, 1, -1]]
    board[0, 0] = 1  # The array is the caller's copy.
    assert position.board()[0, 0] == 0
    assert position.piece_at("b2") == Color.WHITE
    assert position.piece_at("a2") is None
    assert position.piece_at("C2") == Color.BLACK


def test_str_draws_the_board_with_the_last_move() -> None:
    position = Position.start(3, 2).play("a2")
    assert str(position) == "    a  b  c\n 2 [.] w  b  2\n 1  w  b  w  1\n    a  b  c"


def test_colors() -> None:
    assert Color.BLACK.opponent == Color.WHITE and Color.WHITE.opponent == Color.BLACK
    assert (str(Color.BLACK), int(Color.WHITE)) == ("black", 1)
    assert len({Color.BLACK, Color.BLACK, Color.WHITE}) == 2


def random_positions(width: int, height: int, count: int) -> list[Position]:
    import random

    rng = random.Random(width * 10 + height)
    found = []
    for _ in range(count):
        position = Position.start(width, height)
        for _ in range(rng.randrange(0, width * height)):
            moves = position.legal_moves()
            if not moves:
                break
            position.push(rng.choice(moves))
        found.append(position)
    return found


@pytest.mark.parametrize(
    ("width", "height", "colour_preserving"), [(6, 6, 4), (6, 4, 2), (5, 5, 8), (1, 3, 4)]
)
def test_symmetries_map_legal_moves_to_legal_moves(
    width: int, height: int, colour_preserving: int
) -> None:
    start = Position.start(width, height)
    symmetries = start.symmetries()
    assert symmetries[0] == Symmetry.IDENTITY and len(symmetries) == colour_preserving
    fitting = [s for s in Symmetry.ALL if width == height or not s.swaps_axes]
    for symmetry in fitting:
        assert (start.transform(symmetry) == start) == (symmetry in symmetries)
    for position in random_positions(width, height, 20):
        for symmetry in fitting:
            image = position.transform(symmetry)
            assert image.transform(symmetry.inverse()) == position
            assert image.side_to_move == position.side_to_move
            mapped = names([position.transform_move(symmetry, m) for m in position.legal_moves()])
            assert mapped == names(image.legal_moves())


def test_symmetries_that_swap_axes_need_a_square_board() -> None:
    assert len(Symmetry.ALL) == 8
    assert Symmetry.ROTATE_90.swaps_axes and not Symmetry.FLIP_FILES.swaps_axes
    assert Symmetry.ROTATE_90.inverse() == Symmetry.ROTATE_270
    wide = Position.start(6, 4)
    with pytest.raises(ValueError, match="square board"):
        wide.transform(Symmetry.ROTATE_90)
    with pytest.raises(ValueError, match="off the 6x4 board"):
        wide.transform_move(Symmetry.FLIP_FILES, "h8")
    assert wide.transform_move(Symmetry.FLIP_FILES, "a1c1") == Move("f1d1")
