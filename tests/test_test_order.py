"""``make test`` starts the longest test files first (``tests/conftest.py``): the list names real files,
and the collected tests are reordered by it without breaking any file apart."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tests.conftest import LONGEST_FILES, pytest_collection_modifyitems

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Collected:
    nodeid: str


def test_every_listed_file_exists_once() -> None:
    assert len(set(LONGEST_FILES)) == len(LONGEST_FILES)
    assert [f for f in LONGEST_FILES if not (ROOT / f).is_file()] == []


def test_the_longest_files_come_first_and_the_rest_keep_their_order() -> None:
    first, second = LONGEST_FILES[0], LONGEST_FILES[1]
    ids = ["tests/a.py::t1", f"{second}::x", "tests/a.py::t2", f"{first}::y[1]", "dfg_bridge/m.py::m.f",
           f"{first}::y[2]", "tests/b.py::t"]  # fmt: skip
    items: list[Any] = [Collected(i) for i in ids]
    pytest_collection_modifyitems(items)
    want = [f"{first}::y[1]", f"{first}::y[2]", f"{second}::x", "tests/a.py::t1", "tests/a.py::t2",
            "dfg_bridge/m.py::m.f", "tests/b.py::t"]  # fmt: skip
    assert [i.nodeid for i in items] == want
