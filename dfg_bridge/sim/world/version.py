"""Minecraft version numbers as comparable tuples (バージョン)."""

from __future__ import annotations

import re

from dfg_bridge.sim.errors import SimError

__all__ = ["SUPPORTED_RANGE", "parse_version"]

SUPPORTED_RANGE = ((1, 20, 5), ((1, 20), (1, 21), (26, 1)))
"""The versions the sim imitates: the oldest, and the release lines (1.20.5 through any 26.1 hotfix)."""

_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?")


def parse_version(text: str) -> tuple[int, int, int]:
    """``"1.21.6"`` → ``(1, 21, 6)``; rejects versions outside :data:`SUPPORTED_RANGE`.

    >>> parse_version("1.21")
    (1, 21, 0)
    """
    match = _VERSION.fullmatch(text.strip())
    if match is None:
        raise SimError(f"not a Minecraft version: {text!r}", code="bad_version")
    version = (int(match[1]), int(match[2]), int(match[3] or 0))
    low, lines = SUPPORTED_RANGE
    if not (version >= low and version[:2] in lines):
        raise SimError(f"version {text} is outside 1.20.5-26.1.x", code="bad_version")
    return version
