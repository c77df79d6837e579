"""Operator docs: sign clicks arrive only through the trigger poll, which ``run`` turns on by itself."""

from __future__ import annotations

import re
from pathlib import Path

from dfg_bridge.app.run import _needs_poll
from dfg_bridge.config import parse_config

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "OPERATORS.md", ROOT / "README.md")
EXAMPLE = ROOT / "config" / "dfg.example.yml"


def _paragraphs(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [" ".join(p.split()) for p in re.split(r"\n\s*\n|\n(?=- )", text)]


def test_each_operator_doc_says_sign_clicks_come_only_from_the_automatic_trigger_poll() -> None:
    for path in DOCS:
        said = [
            p for p in _paragraphs(path)
            if "sign" in p.lower() and "never logged" in p and "trigger poll" in p and "automatically" in p
        ]  # fmt: skip
        assert said, f"{path.name} does not explain how sign clicks reach the daemon"


def test_no_doc_claims_sign_clicks_are_read_from_the_log() -> None:
    wrong = re.compile(r"(?:clicks and signs|signs?(?: clicks?)?) (?:are|is) read from the log|"
                       r"Clicks \(chat hand, signs", re.IGNORECASE)  # fmt: skip
    for path in DOCS:
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert not wrong.search(text), f"{path.name}: {wrong.search(text)}"


def test_run_polls_triggers_whenever_signs_are_configured() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    assert "  trigger_poll: false\n" in text
    config = parse_config(text, env={"RCON_PASSWORD": "pw"}).config
    assert any(t.signs.join or t.signs.start or t.signs.start_cpu or t.signs.leave for t in config.tables)
    assert _needs_poll(config)
    no_signs = re.sub(r"\n    signs:\n(?:      .*\n)+", "\n", text)
    assert no_signs != text
    assert not _needs_poll(parse_config(no_signs, env={"RCON_PASSWORD": "pw"}).config)
