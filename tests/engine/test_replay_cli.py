"""The replay and bench command lines: exit statuses and output shape."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dfg_bridge.engine", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("rules: minecraft\nseats: [A, B, C]\nhands: {A: [S3]}\nactions:\n  - Z: pass\n", "unknown seat"),
        ("rules: nope\nseats: [A, B, C]\nhands: {A: [S3]}\n", "unknown rules preset"),
        ("rules: minecraft\nseats: [A, B, C]\nhands: {A: [S3, X9]}\n", "not a card"),
        ("rules: minecraft\nseats: [A, B, C]\nhands: {A: [S3], B: [S3]}\n", "dealt twice"),
        ("rules: minecraft\nset: {bogus: 1}\nseats: [A, B, C]\nhands: {A: [S3]}\n", "unknown rule option"),
        ("[: not yaml", "not YAML"),
    ],
)
def test_malformed_files_exit_2_with_one_line(tmp_path: Path, text: str, needle: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    proc = _run("replay", str(f))
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and needle in proc.stderr


def test_missing_file_exits_2(tmp_path: Path) -> None:
    proc = _run("replay", str(tmp_path / "none.yaml"))
    assert proc.returncode == 2


def test_illegal_actions_still_exit_0(tmp_path: Path) -> None:
    f = tmp_path / "s.yaml"
    f.write_text(
        "rules: minecraft\nseats: [A, B, C]\nhands: {A: [D3], B: [S4], C: [S5]}\n"
        "actions:\n  - B: [S4]\n  - A: [D3]\n",
        encoding="utf-8",
    )
    proc = _run("replay", str(f))
    assert proc.returncode == 0
    lines = [json.loads(x) for x in proc.stdout.splitlines()]
    assert [x["ok"] for x in lines] == [False, True]
    assert set(lines[0]) >= {"step", "seat", "ok", "error", "events", "state"}
    state = lines[0]["state"]
    for key in ("turn", "field", "revolution", "eleven_back", "lock", "number_lock", "direction", "passed",
                "hands", "finished", "round_over"):  # fmt: skip
        assert key in state


def test_bench_prints_one_json_line() -> None:
    args = ["--players", "4", "--rules", "minecraft", "--rounds", "20", "--seed", "1", "--policy", "random"]
    proc = _run("bench", *args)
    assert proc.returncode == 0
    (line,) = proc.stdout.splitlines()
    data = json.loads(line)
    assert data["rounds"] == 20 and data["diamond3_leader_first_rate"] == 1.0
    for key in ("seconds", "rounds_per_second", "mean_turns"):
        assert key in data
    proc = _run("bench", "--policy", "greedy", "--rounds", "5", "--rules", "dqx")
    assert proc.returncode == 0 and json.loads(proc.stdout)["policy"] == "greedy"
