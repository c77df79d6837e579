"""docs/OPERATORS.md tells the truth about other RCON clients (issue 13 §5) and names what is counted."""

from __future__ import annotations

from pathlib import Path

from dfg_bridge.app.metrics import DaemonMetrics

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "OPERATORS.md"


def test_the_guide_no_longer_says_other_rcon_tools_are_fine() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert "other RCON tools are fine" not in text
    assert "Other RCON clients share the console's output" in text
    assert "dfg_rcon_mixed_replies_total" in text and "dfg_server_error_replies_total" in text


def test_every_documented_metric_exists() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    names = {family.name for family in DaemonMetrics().families()}
    for name in ("dfg_rcon_mixed_replies_total", "dfg_server_error_replies_total"):
        assert name in names and f"`{name}{{" in text
