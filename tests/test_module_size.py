"""A module does one thing and stays small: past about 400 lines it is split by meaning."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "dfg_bridge"
LIMIT = 420
"""Lines per module (the brief's ~400, with room for a docstring grown by a line or two)."""


def test_every_module_stays_under_the_line_limit() -> None:
    long = {
        path.relative_to(PACKAGE).as_posix(): n
        for path in sorted(PACKAGE.rglob("*.py"))
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert not long, f"modules over {LIMIT} lines: {long}"
