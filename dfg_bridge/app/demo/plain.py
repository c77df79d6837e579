"""The demo's line-by-line log (``--plain``, or any stdout that is not a terminal, e.g. CI) and its
match recorder (``--record FILE``).

The log prints what changed, once: new chat lines, the bossbar when its words change (not every
second of the countdown), the hand screen when its cards or its 出す button change, and what Steve
does. A recording is JSON lines of what Steve saw (:func:`~dfg_bridge.app.demo.seen.trim_player`,
:func:`~dfg_bridge.app.demo.seen.trim_world`), for tests that replay a match into the screen.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, TextIO

from dfg_bridge.app.demo.seen import SteveView, trim_player, trim_world

_SECONDS = re.compile(r"\d+秒|\d+s\b")


class PlainLog:
    """Writes changes of :class:`SteveView` as timestamped lines."""

    def __init__(self, out: TextIO) -> None:
        self.out = out
        self._chat = -1
        self._bar = ""
        self._screen: tuple[object, ...] = ()

    def line(self, at: float, kind: str, text: str) -> None:
        """One log line: ``  12.3s  kind  text``."""
        self.out.write(f"{at:7.1f}s  {kind:<6} {text}\n")
        self.out.flush()

    def update(self, seen: SteveView, at: float) -> None:
        """Log what is new in ``seen``."""
        for message in seen.chat:
            if message.index > self._chat:
                self._chat = message.index
                self.line(at, "chat", message.text.replace("\n", " | "))
        bar = " / ".join(b.name for b in seen.bossbars)
        if _SECONDS.sub("", bar) != _SECONDS.sub("", self._bar):
            self.line(at, "boss", bar or "-")
        self._bar = bar
        if seen.screen_open:
            cards = tuple(s.name for i, s in sorted(seen.slots.items()) if 18 <= i < 45)
            play = seen.slots.get(45)
            key = (cards, play.name if play else None, play.item if play else None)
            if key != self._screen:
                self._screen = key
                shown = " ".join(cards) or "-"
                self.line(at, "screen", f"手札 {shown} | {play.name if play else '-'}")
        elif self._screen:
            self._screen = ()
            self.line(at, "screen", "(閉じた)")


class Recorder:
    """Appends one JSON line per moment: time, what Steve saw, and whether the screen held still."""

    def __init__(self, path: Path) -> None:
        self.file = path.open("w", encoding="utf-8")
        self._last = ""

    def add(self, at: float, player: dict[str, Any], world: dict[str, Any], *, steady: bool,
            said: str = "") -> None:  # fmt: skip
        """Record a moment (skipped when nothing changed); ``steady``: the screen did not change while
        the world was read, so its chest and the screen must agree slot by slot."""
        frame = {"player": trim_player(player), "world": trim_world(world), "said": said}
        body = json.dumps(frame, ensure_ascii=False, sort_keys=True)
        if body == self._last:
            return
        self._last = body
        moment = {"t": round(at, 3), "steady": steady, "frame": frame}
        self.file.write(json.dumps(moment, ensure_ascii=False) + "\n")

    def close(self) -> None:
        """Flush and close the file."""
        self.file.close()


def read_recording(path: Path) -> list[dict[str, Any]]:
    """The moments of a recording, in order."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


__all__ = ["PlainLog", "Recorder", "read_recording"]
