"""What a Python user expects of the package (issues 24 and 52): numbers out of range
are ValueErrors, colours and moves compare and hash as their int and text, an analysis
stopped is over, pickling keeps the moves and copies equal the original, the game's
outcome and both sides' move counts, players that draw their own seeds, root moves
given as one move, messages that say the whole range, and a namespace without the
package's own imports."""

from __future__ import annotations

import enum
import pickle

import pytest

import konane
from konane import Color, Engine, Move, Outcome, Player, Position


@pytest.mark.parametrize(
    "call",
    [
        lambda: Position.start(-1, 3),
        lambda: Position.start(3, 10**30),
        lambda: konane.perft(Position(), -1),
        lambda: Engine().search(Position(), depth=-1),
        lambda: Engine().search(Position(), nodes=2**70),
        lambda: Player("random", seed=-1),
        lambda: Player("random", seed=2**64),
        lambda: konane.perft(Position(), 1, threads=-1),
        lambda: konane.perft(Position(), 1, threads=2**64),
        lambda: konane.perft(Position(), 1, threads=0),
        lambda: konane.solve(Position.start(4), -1),
        lambda: konane.solve(Position.start(4), 2**64),
        lambda: konane.solve(Position.start(4), threads=-1),
        lambda: konane.values([], threads=2**64),
        lambda: konane.Score(cp=2**40),
        lambda: konane.Score(mate=-(2**40)),
    ],
)
def test_numbers_out_of_range_are_value_errors(call) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="must be a whole number from"):
        call()


def test_huge_numbers_are_shortened_in_messages() -> None:
    with pytest.raises(ValueError) as error:
        Engine().search(Position(), movetime=1e300)
    assert len(str(error.value)) < 100, str(error.value)
    with pytest.raises(ValueError) as error:
        Engine().search(Position(), depth=10**300)
    assert len(str(error.value)) < 120, str(error.value)


def test_a_colour_is_found_as_its_number_in_a_dict() -> None:
    assert Color.BLACK == 0 and Color.WHITE == 1
    assert {0: "x"}.get(Color.BLACK) == "x" and {1: "y"}[Color.WHITE] == "y"
    assert hash(Color.BLACK) == hash(0) and len({Color.BLACK, 0, Color.WHITE, 1}) == 2


def test_a_colour_is_an_enum_member() -> None:
    assert list(Color) == [Color.BLACK, Color.WHITE] and len(Color) == 2
    assert (Color.BLACK.name, Color.WHITE.value) == ("BLACK", 1)
    assert isinstance(Color.BLACK, enum.IntEnum) and Color(1) is Color["WHITE"] is Color.WHITE
    assert Position().side_to_move is Color.BLACK and Color.BLACK.opponent is Color.WHITE
    assert (str(Color.WHITE), f"{Color.BLACK}", repr(Color.BLACK)) == ("white", "black", "Color.BLACK")
    assert pickle.loads(pickle.dumps(Color.WHITE)) is Color.WHITE
    assert sorted([Color.WHITE, Color.BLACK]) == [Color.BLACK, Color.WHITE]
    with pytest.raises(TypeError, match="expected a Color"):
        Position().count_moves(1)  # type: ignore[arg-type]


def test_moves_equal_their_text() -> None:
    assert "c4" not in Position().legal_moves() and "d5" in Position().legal_moves()
    assert Move("d3d5") == "d3d5" and Move("D3-D5") == "d3d5" and Move("d5") != "d4"
    assert hash(Move("d3d5")) == hash("d3d5") and {"d5": 1}[Move("d5")] == 1
    assert Move("d5") != 5 and Move("d5") == Move("d5")
    # Any text push() reads: "C4" is in the legal moves, as push("C4") plays it.
    start = Position.start(6)
    assert "C4" in start.legal_moves() and Move("d3d5") == "D3-d5" and Move("c4") != "zz"
    start.push("C4")


def test_root_moves_are_one_move_or_several() -> None:
    engine, position = Engine(), Position.start(6)
    for moves in ("c4", Move("c4"), ["c4"], iter([Move("c4")]), ("C4",)):
        assert engine.search(position, depth=2, moves=moves).best_move == "c4"
    with pytest.raises(TypeError, match="moves must be a move"):
        engine.search(position, depth=2, moves=5)  # type: ignore[arg-type]
    with pytest.raises(konane.IllegalMoveError):
        engine.search(position, depth=2, moves="b6")


def test_pickled_records_equal_the_original() -> None:
    result = Engine().search(Position.start(6), depth=3)
    assert pickle.loads(pickle.dumps(result)) == result
    info = next(iter(Engine().analyse(Position.start(6), depth=2)))
    assert pickle.loads(pickle.dumps(info)) == info and info != result
    solution = konane.solve(Position.start(4))
    assert pickle.loads(pickle.dumps(solution)) == solution


def test_messages_give_the_whole_range() -> None:
    for call in (lambda: Position.start(-1, 3), lambda: Position.start(0), lambda: Position.start(3, 17)):
        with pytest.raises(ValueError, match="must be a whole number from 1 to 16"):
            call()
    with pytest.raises(ValueError) as error:
        konane.value(Position.start(6))
    assert str(error.value).endswith("values start with the jumps, once both removals are played")


def test_the_namespace_holds_only_the_package() -> None:
    submodules = {"actions", "pettingzoo_env", "openspiel_game"}
    public = {name for name in dir(konane) if not name.startswith("_")}
    assert public - submodules == set(konane.__all__), public - set(konane.__all__)


def test_a_stopped_analysis_is_over_and_the_engine_free() -> None:
    engine = Engine(hash=8)
    position = Position()
    for _ in range(20):
        analysis = engine.analyse(position)
        analysis.stop()
        assert analysis.result is not None and analysis.result.best_move is not None
        assert list(analysis) == []
        assert engine.search(position, depth=2).depth == 2


def test_pickling_keeps_the_moves_and_transform_maps_them() -> None:
    position = Position.start(6, 6).play("c4").play("c3").play("a4c4")
    again = pickle.loads(pickle.dumps(position))
    assert again == position and again.history == position.history
    assert str(again) == str(position)
    assert again.pop() == "a4c4" and again.pop() == "c3"
    symmetry = position.symmetries()[1]
    image = position.transform(symmetry)
    assert image.history == [position.transform_move(symmetry, m) for m in position.history]
    assert image.pop() == position.transform_move(symmetry, "a4c4")


def test_the_outcome_and_both_sides_move_counts() -> None:
    assert Position().outcome() is None
    over = Position("b1w/3/w1b b")
    outcome = over.outcome()
    assert outcome == Outcome(Color.WHITE, "black has no legal move")
    assert outcome is not None and outcome.winner == over.winner() == Color.WHITE
    assert pickle.loads(pickle.dumps(outcome)) == outcome
    midgame = Position.start(6, 6).play("c4").play("c3")
    mover = midgame.side_to_move
    assert midgame.count_moves() == midgame.count_moves(mover) == len(midgame.legal_moves())
    other = Position(midgame.fen().replace(" b", " w") if mover == Color.BLACK else midgame.fen().replace(" w", " b"))
    assert midgame.count_moves(mover.opponent) == len(other.legal_moves())


def test_players_without_a_seed_draw_their_own() -> None:
    def game(player: Player) -> list[str]:
        position = Position.start(6, 6)
        while not position.is_over():
            position.push(player.choose(position))
        return [str(move) for move in position.history]

    games = {tuple(game(Player("random"))) for _ in range(5)}
    assert len(games) > 1
    assert game(Player("random", seed=None)) is not None
    assert game(Player("random", seed=3)) == game(Player("random", seed=3))


def test_results_pickle_for_worker_processes() -> None:
    engine = Engine(hash=8)
    result = engine.search(Position.start(6, 6), depth=3)
    infos = list(engine.analyse(Position.start(6, 6), depth=2))
    solution = konane.solve(Position.start(4, 4))
    for value in [result, result.score, infos[-1], solution, konane.Score(mate=3), konane.Score(cp=-20)]:
        again = pickle.loads(pickle.dumps(value))
        assert repr(again) == repr(value), (again, value)
    again = pickle.loads(pickle.dumps(result))
    assert (again.best_move, again.pv, again.nodes, again.time) == (result.best_move, result.pv, result.nodes, result.time)
    assert again.score == result.score
    copied = pickle.loads(pickle.dumps(solution))
    assert (copied.winner, copied.winning_moves, copied.line) == (solution.winner, solution.winning_moves, solution.line)
    with pytest.raises(ValueError):
        konane.Score(cp=1, mate=2)
