"""Shared config texts: the bundled example and a second, non-overlapping table."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "dfg_bridge" / "data" / "dfg.example.yml"

# A second table 20 blocks east of the example's t1, in block-style YAML.
TABLE_T2 = """\
  - id: t2
    centre: [20, 64, 0]
    seats:
      - at: [20, 64, -3]
        facing: south
        hand_box: {blocks: [[20, 64, -2], [19, 64, -2]]}
      - at: [23, 64, 0]
        facing: west
        hand_box: {blocks: [[22, 64, 0], [22, 64, -1]]}
      - at: [20, 64, 3]
        facing: north
        hand_box: {blocks: [[20, 64, 2], [21, 64, 2]]}
"""


@pytest.fixture
def example_text() -> str:
    """The packaged example config."""
    return EXAMPLE.read_text(encoding="utf-8")
