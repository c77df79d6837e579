"""Which Minecraft version the server runs (バージョン判定): one algorithm for ``run``, ``setup``, ``check``.

With ``server.version: auto`` the version is the last ``Starting minecraft server version X`` line of
the server log; the log is read from its end backwards, so a big log costs little. No such line:
:data:`DEFAULT_VERSION`.
"""

from __future__ import annotations

import re
from pathlib import Path

DEFAULT_VERSION = "1.21.6"
"""Used when the version is ``auto`` and the log does not say."""

_VERSION_LINE = re.compile(rb"Starting minecraft server version (\S+)")
_CHUNK = 1 << 20
_OVERLAP = 256  # longer than the line, so a match split between two chunks is still found


def detect_version(log_path: Path) -> str | None:
    """The version in the last ``Starting minecraft server version X`` line of ``log_path``, if any."""
    try:
        with log_path.open("rb") as f:
            size = end = f.seek(0, 2)
            while end > 0:
                start = max(0, end - _CHUNK)
                f.seek(start)
                found = _VERSION_LINE.findall(f.read(min(size, end + _OVERLAP) - start))
                if found:
                    last: bytes = found[-1]
                    return last.decode("utf-8", "replace")
                end = start
    except OSError:
        return None
    return None


def server_version(configured: str, log_path: Path) -> str:
    """``configured`` unless it is ``auto``; then what the log says, else :data:`DEFAULT_VERSION`."""
    if configured != "auto":
        return configured
    return detect_version(log_path) or DEFAULT_VERSION


__all__ = ["DEFAULT_VERSION", "detect_version", "server_version"]
