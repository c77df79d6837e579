"""The operator's game log (ゲームログ): one INFO line per game event, ``key=value`` pairs.

Logged through the ``dfg_bridge.game`` logger, so an operator can keep or drop them by name. Each
line starts with the event and is parseable as logfmt: values with spaces, quotes or ``=`` are
double-quoted with backslash escapes, and control characters never reach the log (a table name is
the operator's text; player names are ``[A-Za-z0-9_]`` plus a Floodgate prefix).

Events: ``join``/``leave`` (lobby), ``match_start``, ``match_end`` (with ``standings``),
``dropout``, ``custody_taken``/``custody_returned`` (with ``items`` and ``stacks``), ``admin``.

>>> format_event("join", player="Ann", table="t1", items=12)
'join player=Ann table=t1 items=12'
>>> format_event("match_end", table="卓 1", standings="1:Ann:12 2:Bob:8")
'match_end table="卓 1" standings="1:Ann:12 2:Bob:8"'
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence

__all__ = ["format_event", "game_event", "standings_field"]

log = logging.getLogger("dfg_bridge.game")

_BARE = re.compile(r"[^\s\"'=\\]+")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _value(value: object) -> str:
    text = _CONTROL.sub(" ", str(value))
    if _BARE.fullmatch(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def format_event(event: str, /, **fields: object) -> str:
    """``event key=value …`` (``None`` values are left out)."""
    parts = [event]
    parts += [f"{key}={_value(value)}" for key, value in fields.items() if value is not None]
    return " ".join(parts)


def game_event(event: str, /, **fields: object) -> None:
    """Log one game event at INFO."""
    if log.isEnabledFor(logging.INFO):
        log.info("%s", format_event(event, **fields))


def standings_field(standings: Sequence[tuple[int, str, int]]) -> str:
    """Final standings as ``place:name:points`` separated by spaces.

    >>> standings_field([(1, "Ann", 12), (2, "Bob", 8)])
    '1:Ann:12 2:Bob:8'
    """
    return " ".join(f"{place}:{name}:{points}" for place, name, points in standings)
