"""The systemd unit: restart policy, the password through LoadCredential=, and `systemd-analyze verify`."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from dfg_bridge.cli import SUBCOMMANDS

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "deploy" / "systemd" / "dfg-bridge.service"


def _sections(text: str) -> dict[str, list[tuple[str, str]]]:
    """``[Section]`` → ordered ``(key, value)`` pairs (unit files may repeat keys, so no dict)."""
    out: dict[str, list[tuple[str, str]]] = {}
    current: list[tuple[str, str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = out.setdefault(line[1:-1], [])
            continue
        assert current is not None, f"key outside a section: {line}"
        key, sep, value = line.partition("=")
        assert sep, f"not key=value: {line}"
        current.append((key.strip(), value.strip()))
    return out


def _get(pairs: list[tuple[str, str]], key: str) -> list[str]:
    return [v for k, v in pairs if k == key]


def test_unit_restarts_on_failure_and_stops_with_sigterm() -> None:
    service = _sections(UNIT.read_text(encoding="utf-8"))["Service"]
    assert _get(service, "Restart") == ["on-failure"]
    assert _get(service, "KillSignal") == ["SIGTERM"]
    assert _get(service, "DynamicUser") == ["yes"]
    assert _get(service, "StateDirectory") == ["dfg-bridge"]


def test_unit_passes_the_password_as_a_credential() -> None:
    service = _sections(UNIT.read_text(encoding="utf-8"))["Service"]
    (credential,) = _get(service, "LoadCredential")
    name, _, source = credential.partition(":")
    assert source.startswith("/etc/dfg-bridge/")
    # %d is the service's credentials directory: the env var wins over the config file's password.
    assert f"RCON_PASSWORD_FILE=%d/{name}" in _get(service, "Environment")


def test_unit_runs_the_daemon_subcommand() -> None:
    service = _sections(UNIT.read_text(encoding="utf-8"))["Service"]
    (exec_start,) = _get(service, "ExecStart")
    program, sub, *rest = exec_start.split()
    assert program.endswith("/bin/dfg-bridge") and sub == "run" and sub in SUBCOMMANDS
    assert rest == ["--config", "/etc/dfg-bridge/dfg.yml"]
    install = _sections(UNIT.read_text(encoding="utf-8"))["Install"]
    assert _get(install, "WantedBy") == ["multi-user.target"]


def test_systemd_analyze_verify_accepts_the_unit(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    assert analyze is not None, "systemd-analyze is part of this machine kind"
    binary = Path(sys.executable).with_name("dfg-bridge")
    assert binary.exists()
    text = UNIT.read_text(encoding="utf-8").replace("/opt/dfg-bridge/bin/dfg-bridge", str(binary))
    unit = tmp_path / "dfg-bridge.service"
    unit.write_text(text, encoding="utf-8")
    out = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )
    assert out.returncode == 0 and out.stderr.strip() == "", out.stderr


def test_systemd_analyze_verify_would_notice_a_mistake(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    assert analyze is not None
    binary = Path(sys.executable).with_name("dfg-bridge")
    text = UNIT.read_text(encoding="utf-8").replace("/opt/dfg-bridge/bin/dfg-bridge", str(binary))
    unit = tmp_path / "dfg-bridge.service"
    unit.write_text(text.replace("Restart=on-failure", "Restart=sometimes"), encoding="utf-8")
    out = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60, check=False
    )
    assert "restart specifier" in out.stderr and "sometimes" in out.stderr
