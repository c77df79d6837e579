"""docs/RULES.md lists every option, with the same defaults as the code."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from dfg_bridge.engine import PRESETS, Rules

DOC = Path(__file__).resolve().parents[2] / "docs" / "RULES.md"


def _rows() -> dict[str, list[str]]:
    rows = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[2:6]
    return rows


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)


def test_every_option_has_a_row_with_the_code_defaults() -> None:
    rows = _rows()
    names = [f.name for f in dataclasses.fields(Rules) if f.name != "name"]
    assert sorted(rows) == sorted(names)
    for name in names:
        for cell, preset in zip(rows[name], ("minecraft", "dqx", "niconico", "uecda"), strict=True):
            value = getattr(PRESETS[preset], name)
            if isinstance(value, frozenset) or cell in ("same", "(n/a)"):
                continue
            assert cell == _text(value), (name, preset, cell, value)
