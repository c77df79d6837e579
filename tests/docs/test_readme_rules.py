"""The README names every rule option (the replay contract says option names are documented there)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from dfg_bridge.engine import Rules

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_names_every_rules_option() -> None:
    text = README.read_text(encoding="utf-8")
    missing = [f.name for f in dataclasses.fields(Rules) if f.name != "name" and f"`{f.name}`" not in text]
    assert not missing, f"README.md does not document these options: {missing}"


def test_readme_starts_with_the_two_newcomer_commands() -> None:
    head = README.read_text(encoding="utf-8")[:600]
    assert "make demo" in head and "make test" in head
