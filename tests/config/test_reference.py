"""The generated configuration reference and the ``python -m dfg_bridge.config`` tool."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dfg_bridge.config.__main__ import main
from dfg_bridge.config.reference import reference
from tests.config.conftest import EXAMPLE, ROOT


def test_docs_config_md_matches_the_schema() -> None:
    # Regenerate with: python -m dfg_bridge.config reference > docs/CONFIG.md
    assert (ROOT / "docs" / "CONFIG.md").read_text(encoding="utf-8") == reference()


def test_reference_lists_every_key_once() -> None:
    text = reference()
    for key in ("rcon.port", "tables[].seats[].hand_box.blocks", "game.cpu.fill_total", "crash_policy"):
        assert text.count(f"| `{key}` |") == 1
    assert "| `rcon.port` | integer, 1–65535 | `25575` |" in text


def test_module_prints_the_reference() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "dfg_bridge.config", "reference"],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    assert out.stdout == reference()


def test_check_subcommand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RCON_PASSWORD", raising=False)
    monkeypatch.delenv("RCON_PASSWORD_FILE", raising=False)
    good = tmp_path / "dfg.yml"
    good.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["check", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: ok (1 table(s))\n"
    bad = tmp_path / "bad.yml"
    bad.write_text("rcon:\n  port: x\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 2
    assert f"{bad}:2: rcon.port: must be an integer (got 'x')" in capsys.readouterr().err
    assert main(["bogus"]) == 2
