"""What every ``dfg-bridge check`` probe shares (プローブの共通部品): verdicts, report lines, the state.

The probes live by what they look at: :mod:`.probes_link` (RCON and the log), :mod:`.probes_server`
(version, game rules, ``server.properties``) and :mod:`.probes_world` (the custody lockers);
:mod:`.check` runs them in order and prints the report.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path

from dfg_bridge.config import Config
from dfg_bridge.rcon import RconClient
from dfg_bridge.render import Dialect, Version, dialect_for


class Status(enum.Enum):
    """A probe's verdict."""

    PASS = "PASS"
    """All good."""
    WARN = "WARN"
    """Works, but a setting is not what we recommend."""
    FAIL = "FAIL"
    """The daemon cannot work like this."""
    SKIP = "SKIP"
    """Not checked (it depends on a failed probe, or does not apply)."""


@dataclass(frozen=True, slots=True)
class Probe:
    """One line of the report: what was checked, the verdict, what was seen, and how to fix it."""

    name: str
    status: Status
    detail: str
    fix: str = ""


@dataclass
class CheckState:
    """What the probes learn as they go: the RCON client, whether it and the log work, the version."""

    config: Config
    client: RconClient | None = None
    rcon_up: bool = False
    log_ok: bool = False
    version: Version | None = None

    @property
    def dialect(self) -> Dialect | None:
        """The server version's dialect, once the version is known."""
        return dialect_for(self.version) if self.version is not None else None


def read_properties(path: Path) -> dict[str, str] | None:
    """``server.properties`` as a mapping (Java properties: ``key=value``, ``#`` comments), or None."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    props: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        key, sep, value = line.partition("=")
        if sep:
            props[key.strip()] = value.strip()
    return props


__all__ = ["CheckState", "Probe", "Status", "read_properties"]
