"""Shared test fixtures: a time limit on every test, so that a hang fails the suite
instead of stopping it, and Ctrl-C simulated with a SIGINT handler the test sets itself
(a process started in the background ignores SIGINT, and then `interrupt_main` would do
nothing)."""

from __future__ import annotations

import _thread
import faulthandler
import signal
import threading
from collections.abc import Iterator
from typing import Callable

import pytest

# The longest a test may take before the suite is ended with every thread's traceback.
TEST_TIME_LIMIT = 60


@pytest.fixture(autouse=True)
def time_limit() -> Iterator[None]:
    faulthandler.dump_traceback_later(TEST_TIME_LIMIT, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


@pytest.fixture
def ctrl_c_after() -> Iterator[Callable[[float], None]]:
    """`ctrl_c_after(seconds)` presses Ctrl-C (SIGINT to the main thread) that much
    later, under Python's own SIGINT handler, whatever the handler was before."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timers: list[threading.Timer] = []

    def press(seconds: float) -> None:
        timer = threading.Timer(seconds, _thread.interrupt_main)
        timers.append(timer)
        timer.start()

    yield press
    for timer in timers:
        timer.cancel()
        timer.join()
    signal.signal(signal.SIGINT, previous)
