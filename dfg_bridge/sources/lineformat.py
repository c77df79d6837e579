"""Log line prefixes (ログ行の形式): split a raw server line into thread, level and message.

Every pattern is anchored at the start and built from character classes that cannot run past the
prefix (``[^\\]]``, ``[^)]``), so the message — the only part a player influences — can never be
mistaken for, or extend, the prefix. A line without a recognised prefix is not a server message at
all (a stack-trace continuation, a wrapper's own output) and yields nothing.

Known shapes, from the servers' default log4j patterns:

- vanilla file and console, Paper/Spigot ``latest.log``: ``[12:34:56] [Server thread/INFO]: msg``
- Paper/Spigot console: ``[12:34:56 INFO]: msg``
- Fabric (loader's own log4j config): ``[12:34:56] [Server thread/INFO] (Minecraft) msg``
- Forge/NeoForge: ``[12:34:56] [Server thread/INFO] [minecraft/DedicatedServer]: msg``
  (NeoForge's date form ``[26Apr2024 12:34:56.789]`` too)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

__all__ = ["LineFormat", "LogLine", "compile_custom_prefix", "split_line", "strip_ansi"]


class LineFormat(enum.Enum):
    """Which prefix shape a line had."""

    VANILLA = "vanilla"
    """``[hh:mm:ss] [thread/LEVEL]: `` — vanilla, and Paper's ``latest.log``."""
    PAPER_CONSOLE = "paper_console"
    """``[hh:mm:ss LEVEL]: `` — Paper/Spigot console (no thread)."""
    FABRIC = "fabric"
    """``[hh:mm:ss] [thread/LEVEL] (logger) ``."""
    FORGE = "forge"
    """``[hh:mm:ss] [thread/LEVEL] [logger]: ``."""
    CUSTOM = "custom"
    """The operator's configured prefix regex."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One log line split at its prefix."""

    format: LineFormat
    """The prefix shape that matched."""
    level: str | None
    """``INFO``, ``WARN``, … or None when the shape has no level."""
    thread: str | None
    """Logging thread (``Server thread``), or None when the shape has none."""
    message: str
    """Everything after the prefix."""


_LEVEL = r"(?P<level>TRACE|DEBUG|INFO|WARN|ERROR|FATAL)"
_STAMP = r"\[[^\]\[]{1,40}\]"
_THREAD = r"\[(?P<thread>[^\]\[]*)/" + _LEVEL + r"\]"

_KNOWN: tuple[tuple[LineFormat, re.Pattern[str]], ...] = (
    (LineFormat.VANILLA, re.compile(_STAMP + " " + _THREAD + ": ")),
    (LineFormat.PAPER_CONSOLE, re.compile(r"\[\d{1,2}:\d{2}:\d{2} " + _LEVEL + r"\]: ")),
    (LineFormat.FABRIC, re.compile(_STAMP + " " + _THREAD + r" \([^()\[\]]{1,100}\) ")),
    (LineFormat.FORGE, re.compile(_STAMP + " " + _THREAD + r" \[[^\]\[]{1,200}\]: ")),
)

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def strip_ansi(text: str) -> str:
    """Remove ANSI colour sequences (Paper colours its console when it thinks it is a terminal).

    >>> strip_ansi("\\x1b[32m[12:00:00 INFO]: hi\\x1b[0m")
    '[12:00:00 INFO]: hi'
    """
    return _ANSI.sub("", text) if "\x1b" in text else text


def compile_custom_prefix(pattern: str) -> re.Pattern[str]:
    """Compile an operator's prefix regex: it must match only the prefix, at the start of the line.

    An optional named group ``level`` lets the parser ignore non-INFO lines. Patterns that match an
    empty string are refused: they would let a message pose as a whole line.

    >>> compile_custom_prefix(r"\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d (?P<level>[A-Z]+) ").pattern[:5]
    '\\\\d{4}'
    >>> compile_custom_prefix(r".*")
    Traceback (most recent call last):
    ...
    ValueError: log prefix regex must not match an empty line
    """
    try:
        compiled = re.compile(pattern)
    except re.error as exc:
        raise ValueError(f"log prefix regex does not compile: {exc}") from None
    if compiled.match(""):
        raise ValueError("log prefix regex must not match an empty line")
    return compiled


def split_line(line: str, custom: re.Pattern[str] | None = None) -> LogLine | None:
    """Split one raw line (trailing newline allowed) into its prefix parts and message.

    >>> line = split_line("[12:34:56] [Server thread/INFO]: Steve joined the game")
    >>> line.format.value, line.level, line.thread, line.message
    ('vanilla', 'INFO', 'Server thread', 'Steve joined the game')
    >>> split_line("[12:34:56 INFO]: <Steve> hi").message
    '<Steve> hi'
    >>> split_line("\\tat java.lang.Thread.run(Thread.java:833)") is None
    True
    """
    line = strip_ansi(line.rstrip("\r\n"))
    if custom is not None:
        m = custom.match(line)
        if m is None or "<" in m.group(0):
            # a prefix containing "<" has swallowed a chat line's "<name>": never trust it
            return None
        groups = m.groupdict()
        return LogLine(LineFormat.CUSTOM, groups.get("level"), groups.get("thread"), line[m.end() :])
    for fmt, pattern in _KNOWN:
        m = pattern.match(line)
        if m is not None:
            groups = m.groupdict()
            return LogLine(fmt, groups["level"], groups.get("thread"), line[m.end() :])
    return None
