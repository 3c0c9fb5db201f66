"""The engine from Python: results, progress, limits, options, stopping from another
thread, Ctrl-C, and the GIL released while it searches."""

from __future__ import annotations

import threading
import time
from typing import Callable

import pytest

import konane
from konane import Engine, EngineBusyError, Move, Position, Score

# A 6x6 position a few moves into the game.
MIDGAME = Position.start(6, 6).play("c4").play("c3").play("a4c4").play("c1c3")


def assert_legal_line(position: Position, line: list[Move]) -> None:
    for move in line:
        assert position.is_legal(move), (position, move)
        position = position.play(move)


def test_a_search_answers_with_a_legal_move_and_its_line() -> None:
    engine = Engine(hash=8)
    result = engine.search(MIDGAME, depth=6)
    assert result.best_move in MIDGAME.legal_moves()
    assert result.depth == 6 and result.nodes > 0 and result.time >= 0
    assert result.pv[0] == result.best_move and len(result.pv) >= 2
    assert_legal_line(MIDGAME, result.pv)
    assert isinstance(result.score, Score)
    assert result.score.is_mate == (result.score.cp is None)
    assert str(result.score) in (f"cp {result.score.cp}", f"mate {result.score.mate}")
    assert "SearchResult(best_move=Move(" in repr(result)


def test_limits_nodes_movetime_and_root_moves() -> None:
    engine = Engine()
    start = Position()
    assert engine.search(start, nodes=2_000).nodes <= 2_000 + 200
    began = time.monotonic()
    engine.search(start, movetime=0.2)
    assert time.monotonic() - began < 5
    only = engine.search(start, depth=4, moves=["h1", Move("a8")])
    assert str(only.best_move) in ("h1", "a8")


def test_a_won_endgame_is_scored_as_a_mate() -> None:
    # 4x4 from the start is a White win: Black is mated whatever it does.
    result = Engine().search(Position.start(4, 4), depth=20)
    assert result.score.is_mate and result.score.mate is not None and result.score.mate < 0
    # Scores compare by value.
    assert result.score == Engine().search(Position.start(4, 4), depth=20).score


def test_a_finished_game_has_no_best_move() -> None:
    result = Engine().search(Position("b1 w"), depth=3)
    assert result.best_move is None and result.pv == []
    assert (result.score.mate, result.score.cp) == (0, None)


def test_analyse_yields_each_depth_then_the_result() -> None:
    engine = Engine(multipv=2)
    analysis = engine.analyse(MIDGAME, depth=5)
    assert analysis.result is None
    infos = list(analysis)
    depths = [info.depth for info in infos if info.multipv == 1]
    assert depths == [1, 2, 3, 4, 5]
    assert {info.multipv for info in infos} == {1, 2}
    for info in infos:
        assert_legal_line(MIDGAME, info.pv)
    assert analysis.result is not None and analysis.result.depth == 5
    assert analysis.result.pv == [i for i in infos if i.multipv == 1][-1].pv
    assert list(analysis) == []


def test_stop_from_another_thread_ends_an_endless_search() -> None:
    engine = Engine()
    threading.Timer(0.3, engine.stop).start()
    began = time.monotonic()
    result = engine.search(Position())  # No limit: runs until stopped.
    assert time.monotonic() - began < 5
    assert result.best_move in Position().legal_moves()


def test_an_analysis_stops_in_the_loop_and_frees_the_engine() -> None:
    engine = Engine()
    with engine.analyse(Position()) as analysis:
        for info in analysis:
            if info.depth >= 3:
                analysis.stop()
        assert analysis.result is not None
    # An analysis left unfinished is stopped when its block ends.
    with engine.analyse(Position()) as analysis:
        next(analysis)
        with pytest.raises(EngineBusyError):
            engine.search(Position(), depth=1)
    assert engine.search(Position(), depth=2).depth == 2


def test_the_gil_is_released_while_searching() -> None:
    counted = 0
    running = True

    def count() -> None:
        nonlocal counted
        while running:
            counted += 1
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    Engine().search(Position(), movetime=0.5)
    running = False
    counter.join()
    assert counted > 50


def test_ctrl_c_stops_a_search_and_the_engine_goes_on(ctrl_c_after: Callable[[float], None]) -> None:
    engine = Engine()
    ctrl_c_after(0.3)
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        engine.search(Position())
    assert time.monotonic() - began < 5
    assert engine.search(Position(), depth=2).best_move is not None


def test_ctrl_c_stops_perft(ctrl_c_after: Callable[[float], None]) -> None:
    ctrl_c_after(0.3)
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        konane.perft(Position(), 30)
    assert time.monotonic() - began < 5


def test_a_builtin_level_keeps_to_movetime_and_ctrl_c_stops_it(ctrl_c_after: Callable[[float], None]) -> None:
    # A 16-ply alpha-beta without a table takes minutes on the start position.
    engine = Engine(player="alphabeta16")
    began = time.monotonic()
    result = engine.search(Position(), movetime=0.2)
    assert time.monotonic() - began < 5
    assert result.best_move in Position().legal_moves() and 1 <= result.depth < 16
    ctrl_c_after(0.3)
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        engine.search(Position())
    assert time.monotonic() - began < 5
    assert engine.search(Position(), depth=2).depth == 2


def test_ctrl_c_stops_a_builtin_player(ctrl_c_after: Callable[[float], None]) -> None:
    player = konane.Player("alphabeta16")
    ctrl_c_after(0.3)
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        player.choose(Position())
    assert time.monotonic() - began < 5
    assert konane.Player("alphabeta2").choose(Position()) in Position().legal_moves()


def test_options_by_protocol_name_in_any_spelling() -> None:
    engine = Engine(Hash=8, move_overhead=10, endgame_solver=False, MULTIPV=2)
    options = engine.options
    assert options["Hash"] == 8 and options["MoveOverhead"] == 10
    assert options["EndgameSolver"] is False and options["MultiPV"] == 2
    engine.set_option("threads", 2)
    engine.set_option("Clear Hash")
    engine.set_option("clear_hash", None)
    assert engine.options["Threads"] == 2
    assert "Clear Hash" not in engine.options


def test_a_builtin_player_can_answer_for_the_engine() -> None:
    engine = Engine(player="greedy")
    result = engine.search(MIDGAME, depth=10)
    assert result.best_move in MIDGAME.legal_moves()
    assert (result.depth, result.nodes) == (0, 0)  # Answered without a search.
    assert engine.options["Player"] == "greedy"


def test_evaluate_and_new_game() -> None:
    engine = Engine()
    assert isinstance(engine.evaluate(MIDGAME), int)
    # From the side to move's view: Black can jump, White cannot.
    assert engine.evaluate(Position("bw1 b")) > 0
    assert engine.evaluate(Position("bw1 w")) < 0
    # The view does not depend on the side's colour: the same position with the colours
    # swapped scores the same. (Not the negation with the other side to move: the tuned
    # evaluation has terms, such as pieces under threat, that depend on who moves.)
    assert engine.evaluate(Position("wb1 w")) == engine.evaluate(Position("bw1 b"))
    assert engine.evaluate(Position("wb1 b")) == engine.evaluate(Position("bw1 w"))
    engine.search(MIDGAME, depth=4)
    engine.new_game()
    assert engine.search(MIDGAME, depth=4).best_move in MIDGAME.legal_moves()
