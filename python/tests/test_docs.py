"""The examples of docs/python.md run as written (the quick start with a scripted
player typing the first legal move), and the package's docstring examples give what
they show."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import konane

DOCS = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_the_documentations_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOCS.read_text(), flags=re.S)
    assert len(blocks) >= 5
    namespace: dict = {}

    def first_legal_move(prompt: str = "") -> str:
        return str(namespace["position"].legal_moves()[0])

    namespace["input"] = first_legal_move
    for block in blocks:
        exec(compile(block, str(DOCS), "exec"), namespace)
    assert isinstance(namespace["position"], konane.Position)


def test_the_docstring_examples_hold() -> None:
    failed, attempted = doctest.testmod(konane)
    assert attempted > 0 and failed == 0
