"""Every operator error is one ``file:line: key: message`` line and exit status 2, never a traceback
(issue 13 §18): a ``data_dir`` that is a file, ``--metrics-port 99999``, ``log_prefix_regex: ".*"`` in
``check``, ``tables: []``, a missing ``messages_dir``, a ``log_path`` that is a folder (``run`` refuses
to start, as ``check`` FAILs)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.app.helpers import SEATS

_ONE_LINE = re.compile(r"[^\n]+:\d+: [\w.\[\]]+: [^\n]+")


def _config(directory: Path, *, top: str = "", server: str = "", tables: str | None = None) -> Path:
    table_text = (
        tables
        if tables is not None
        else f"""
  - id: t1
    centre: [0, 64, 0]
    seats:{SEATS}
"""
    )
    text = f"""rcon:
  host: 127.0.0.1
  port: 1
  password: "pw"
source:
  kind: log
  log_path: {directory / "latest.log"}
server:
  flavour: vanilla
  version: "1.21.6"
{server}custody:
  locker:
    corner1: [-8, 5, -8]
    corner2: [7, 6, 7]
{top}tables:{table_text}"""
    path = directory / "dfg.yml"
    path.write_text(text, encoding="utf-8")
    return path


def _dfg(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dfg_bridge", *args], capture_output=True, text=True, timeout=60, cwd=cwd,
        check=False,
    )  # fmt: skip


def _problem_lines(stderr: str) -> list[str]:
    # Missing keys are warned about on their own lines (WARNING …); the error is the rest.
    return [line for line in stderr.splitlines() if line and not line.startswith("WARNING ")]


def _assert_one_error(proc: subprocess.CompletedProcess[str], key: str, words: str) -> str:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = _problem_lines(proc.stderr)
    assert len(lines) == 1, lines
    assert _ONE_LINE.fullmatch(lines[0]), lines[0]
    assert f": {key}: " in lines[0] and words in lines[0], lines[0]
    return lines[0]


def test_data_dir_that_is_a_file(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("not a folder", encoding="utf-8")
    config = _config(tmp_path, top=f"data_dir: {tmp_path / 'state'}\n")
    line = _assert_one_error(_dfg("run", "--config", str(config), cwd=tmp_path), "data_dir", "is a file")
    assert line.startswith(f"{config}:")


def test_tables_must_not_be_empty(tmp_path: Path) -> None:
    config = _config(tmp_path, tables=" []\n")
    _assert_one_error(_dfg("run", "--config", str(config), cwd=tmp_path), "tables", "at least one table")


def test_messages_dir_must_exist(tmp_path: Path) -> None:
    config = _config(tmp_path, top="messages_dir: no-such-folder\n")
    _assert_one_error(_dfg("run", "--config", str(config), cwd=tmp_path), "messages_dir", "does not exist")


def test_log_path_that_is_a_folder_keeps_run_from_starting(tmp_path: Path) -> None:
    config = _config(tmp_path)
    (tmp_path / "latest.log").mkdir()
    _assert_one_error(_dfg("run", "--config", str(config), cwd=tmp_path), "source.log_path", "is a folder")


@pytest.mark.parametrize("command", ["run", "check"])
def test_a_prefix_regex_matching_empty_lines(tmp_path: Path, command: str) -> None:
    config = _config(tmp_path, server='  log_prefix_regex: ".*"\n')
    proc = _dfg(command, "--config", str(config), cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    errors = [line for line in _problem_lines(proc.stderr) if _ONE_LINE.fullmatch(line)]
    assert len(errors) == 1 and "server.log_prefix_regex: must not match an empty line" in errors[0]


def test_metrics_port_out_of_range(tmp_path: Path) -> None:
    proc = _dfg("run", "--config", str(_config(tmp_path)), "--metrics-port", "99999", cwd=tmp_path)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr.strip() == "dfg-bridge run: --metrics-port: must be a port number 1-65535 (got 99999)"


def test_a_floodgate_prefix_of_name_characters(tmp_path: Path) -> None:
    config = _config(tmp_path, server='  floodgate_prefix: "BE"\n')
    _assert_one_error(_dfg("run", "--config", str(config), cwd=tmp_path), "server.floodgate_prefix",
                      "not a letter")  # fmt: skip
