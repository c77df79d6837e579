"""Run every scenario file through the replay CLI and check its own ``expect:`` list.

``expect`` is either a list aligned with ``actions`` (``null`` = no check) or a mapping from the
1-based step number to a check. A check may hold:

* ``ok`` / ``error`` — compared exactly;
* ``events`` — the exact list of event types;
* ``events_include`` — partial event objects, each matching some event of the step;
* ``state`` — a partial state: mappings match key by key, lists and scalars exactly.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))
ROOT = HERE.parent.parent


def _replay(path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "dfg_bridge.engine", "replay", str(path)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=60,
    )


def _match(want: Any, got: Any, where: str) -> list[str]:
    if isinstance(want, dict):
        if not isinstance(got, dict):
            return [f"{where}: want a mapping, got {got!r}"]
        out = []
        for key, value in want.items():
            if key not in got:
                out.append(f"{where}.{key}: missing (have {sorted(got)})")
            else:
                out += _match(value, got[key], f"{where}.{key}")
        return out
    if isinstance(want, list):
        if not isinstance(got, list) or len(want) != len(got):
            return [f"{where}: want {want!r}, got {got!r}"]
        out = []
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            out += _match(w, g, f"{where}[{i}]")
        return out
    return [] if want == got else [f"{where}: want {want!r}, got {got!r}"]


def _check_step(check: dict[str, Any], line: dict[str, Any]) -> list[str]:
    where = f"step {line['step']} ({line['seat']})"
    problems = []
    for key in ("ok", "error"):
        if key in check and check[key] != line[key]:
            problems.append(f"{where}: {key} want {check[key]!r}, got {line[key]!r}")
    if "events" in check:
        types = [e["type"] for e in line["events"]]
        if types != check["events"]:
            problems.append(f"{where}: events want {check['events']}, got {types}")
    for want in check.get("events_include", []):
        if not any(not _match(want, e, "") for e in line["events"]):
            problems.append(f"{where}: no event matches {want}; events: {line['events']}")
    if "state" in check:
        problems += _match(check["state"], line["state"], f"{where} state")
    return problems


def test_there_are_scenarios() -> None:
    assert len(FILES) >= 30


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "# 00" in text or "# UECda" in text, "each scenario cites its seed file (or the UECda rule)"
    doc = yaml.safe_load(text)
    proc = _replay(path)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == len(doc.get("actions") or [])
    expect = doc.get("expect")
    assert expect, "each scenario checks its own output"
    if isinstance(expect, dict):
        checks = {int(k): v for k, v in expect.items()}
    else:
        checks = dict(enumerate(expect, start=1))
    problems: list[str] = []
    for step, check in checks.items():
        if check:
            problems += _check_step(check, lines[step - 1])
    assert not problems, "\n".join(problems)
