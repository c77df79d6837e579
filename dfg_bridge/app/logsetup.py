"""Logging for the daemon and its tools (ログ設定): stderr, one clear format, secrets redacted.

``setup_logging(level, secrets=[password])`` installs one handler on the root logger:

* On a terminal: ``12:34:56 INFO  dfg_bridge.rcon: message``, the level coloured (unless ``NO_COLOR``).
* Otherwise (journald, Docker, a file): ``INFO dfg_bridge.rcon: message`` without ANSI codes and
  without a timestamp, because journald and Docker stamp every line themselves.

Every formatted line, exception tracebacks included, passes through :class:`Redactor`, so a
registered secret (the RCON password) never reaches the output, even inside a ``repr``.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from collections.abc import Iterable
from typing import TextIO

LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
"""Accepted ``--log-level`` names (case-insensitive)."""

MASK = "***"
_ANSI = {
    "DEBUG": "\x1b[2m",
    "INFO": "\x1b[32m",
    "WARNING": "\x1b[33m",
    "ERROR": "\x1b[31m",
    "CRITICAL": "\x1b[1;31m",
}
_RESET = "\x1b[0m"


def parse_level(value: str) -> int:
    """A ``--log-level`` value as a :mod:`logging` level; raises ``ValueError`` on anything else.

    >>> parse_level("debug"), parse_level("WARNING")
    (10, 30)
    """
    name = value.strip().upper()
    if name == "WARN":
        name = "WARNING"
    if name not in LEVELS:
        raise ValueError(f"log level must be one of {', '.join(LEVELS)} (got {value!r})")
    return int(logging.getLevelName(name))


class Redactor:
    """Replaces registered secrets, and their ``repr``/JSON-escaped spellings, with ``***``.

    >>> r = Redactor(["hunter2"])
    >>> r.redact("login with hunter2 failed: 'hunter2'")
    'login with *** failed: ***'
    """

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        self._lock = threading.Lock()
        self._needles: tuple[str, ...] = ()
        for secret in secrets:
            self.add(secret)

    def add(self, secret: str) -> None:
        """Register a secret (empty strings are ignored)."""
        if not secret:
            return
        variants = {secret, repr(secret), repr(secret)[1:-1], json.dumps(secret)[1:-1], json.dumps(secret)}
        with self._lock:
            # Longest first, so a quoted spelling is masked whole before its inner text.
            self._needles = tuple(sorted(set(self._needles) | variants, key=len, reverse=True))

    def redact(self, text: str) -> str:
        """``text`` with every registered secret masked."""
        for needle in self._needles:
            if needle in text:
                text = text.replace(needle, MASK)
        return text


class RedactingFormatter(logging.Formatter):
    """A formatter whose whole output (message, arguments, traceback) goes through a :class:`Redactor`."""

    def __init__(
        self, fmt: str, redactor: Redactor, *, color: bool = False, datefmt: str | None = None
    ) -> None:
        super().__init__(fmt, datefmt=datefmt)
        self.redactor = redactor
        self.color = color

    def format(self, record: logging.LogRecord) -> str:
        """Format, then mask secrets (and colour the level name on a terminal)."""
        text = self.redactor.redact(super().format(record))
        if self.color and record.levelname in _ANSI:
            text = text.replace(record.levelname, _ANSI[record.levelname] + record.levelname + _RESET, 1)
        return text


def wants_color(stream: TextIO) -> bool:
    """Colour only on a terminal, and never with ``NO_COLOR`` set or ``TERM=dumb``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


_HANDLER_MARK = "_dfg_bridge_handler"


def setup_logging(
    level: int | str = logging.INFO,
    *,
    secrets: Iterable[str] = (),
    stream: TextIO | None = None,
    color: bool | None = None,
) -> Redactor:
    """Send all logging to ``stream`` (stderr) at ``level``; return the redactor to add secrets later.

    Calling it again replaces the handler it installed before (and nothing else).
    """
    out = sys.stderr if stream is None else stream
    numeric = parse_level(level) if isinstance(level, str) else level
    tty = wants_color(out) if color is None else color
    redactor = Redactor(secrets)
    if tty:
        formatter = RedactingFormatter(
            "%(asctime)s %(levelname)-5s %(name)s: %(message)s", redactor, color=True, datefmt="%H:%M:%S"
        )
    else:
        formatter = RedactingFormatter("%(levelname)s %(name)s: %(message)s", redactor)
    handler = logging.StreamHandler(out)
    handler.setFormatter(formatter)
    setattr(handler, _HANDLER_MARK, True)
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, _HANDLER_MARK, False)]:
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(numeric)
    return redactor
