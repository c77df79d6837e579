"""``dfg-bridge demo`` (``make demo``): a whole 大富豪 match on the embedded simulated server.

It starts the simulated server (Paper flavour) and the daemon in this process. A scripted player,
Steve, joins, types ``/dfg join`` and ``/dfg start cpu`` and plays against three CPUs to the end
through the hand screen (and once through the clickable chat hand), using only player inputs of the
sim's control API and deciding only from what he sees. On a terminal one screen is redrawn in place:
his chest's hand screen, the bossbar, the sidebar, the texts over the seats and the chat
(:mod:`~dfg_bridge.app.demo.screen`). ``--plain``, or a stdout that is not a terminal, prints a
line-by-line log instead. At the end it prints the final standings and exits 0.

Parts: :mod:`.seen` (what Steve sees), :mod:`.tactics` and :mod:`.steve` (how he plays),
:mod:`.screen` and :mod:`.term` (the live screen), :mod:`.plain` (the log and the recorder),
:mod:`.world` (the demo's table and the daemon).
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from dfg_bridge.app.demo.plain import PlainLog, Recorder
from dfg_bridge.app.demo.screen import frame
from dfg_bridge.app.demo.seen import SteveView, seen
from dfg_bridge.app.demo.steve import Labels, Steve
from dfg_bridge.app.demo.term import LiveTerminal
from dfg_bridge.app.demo.world import STEVE, DemoWorld, demo_settings

POLL = 0.1
"""Seconds between looks at Steve's view."""
WORLD_EVERY = 3
"""Read ``GET /world`` (the floating texts) every this many polls (every poll when recording)."""

__all__ = ["STEVE", "Show", "demo_settings", "main", "play"]


def _arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="dfg-bridge demo", description="A match on the simulated server.")
    parser.add_argument("--version", default="1.21.6", help="Minecraft version the sim imitates")
    parser.add_argument("--rounds", type=int, default=2, help="rounds in the match")
    parser.add_argument("--cpu-delay", type=float, default=0.35, help="seconds a CPU thinks")
    parser.add_argument("--seed", type=int, default=None, help="random seed (deals, CPUs, Steve)")
    parser.add_argument("--timeout", type=float, default=600.0, help="give up after this many seconds")
    parser.add_argument("--plain", action="store_true", help="a line-by-line log, not the live screen")
    parser.add_argument("--record", type=Path, default=None, help="write what Steve saw as JSON lines")
    parser.add_argument("--web-port", type=int, default=None,
                        help="also serve the spectator page on 127.0.0.1:PORT (0: any port)")  # fmt: skip
    return parser.parse_args(list(argv))


def main(argv: Sequence[str]) -> int:
    """Run the demo; exit 0 once the match is over and the standings are printed."""
    args = _arguments(argv)
    out = sys.stdout
    live = not args.plain and out.isatty()
    with DemoWorld(args.version, args.rounds, args.cpu_delay, args.seed, web_port=args.web_port) as world:
        if world.web is not None:
            print(f"観戦ページ: {world.web.url}", file=sys.stderr)
        show = Show(out, live=live, record=args.record)
        try:
            return play(world, show, rng=random.Random(args.seed), timeout=args.timeout)
        finally:
            show.close()


class Show:
    """Where the demo shows what Steve sees: the live screen or the plain log, plus the recorder."""

    def __init__(self, out: TextIO, *, live: bool, record: Path | None) -> None:
        self.out = out
        self.terminal = LiveTerminal(out) if live else None
        self.log = None if live else PlainLog(out)
        self.recorder = Recorder(record) if record is not None else None
        self.said: list[str] = []
        self.start = time.monotonic()
        self._drawn: tuple[object, ...] = ()
        if self.terminal is not None:
            self.terminal.open()

    def at(self) -> float:
        """Seconds since the demo began."""
        return time.monotonic() - self.start

    def say(self, text: str) -> None:
        """What Steve does, for the screen's footer or the log."""
        self.said = [*self.said[-9:], text]
        if self.log is not None:
            self.log.line(self.at(), "steve", text)

    def update(self, view: SteveView) -> None:
        """Show ``view``: redraw the screen (only when it changed), or log what is new."""
        if self.log is not None:
            self.log.update(view, self.at())
            return
        assert self.terminal is not None
        cols, rows = shutil.get_terminal_size((120, 40))
        elapsed = int(self.at())
        drawn = frame(view, cols, rows, said=self.said, clock=f"{elapsed // 60}:{elapsed % 60:02d}")
        key = (cols, rows, repr(drawn))
        if key != self._drawn:  # unchanged frames are not written again
            self._drawn = key
            self.terminal.draw(drawn, cols, rows)

    def close(self) -> None:
        """Leave the live screen; close the recording."""
        if self.terminal is not None:
            self.terminal.close()
        if self.recorder is not None:
            self.recorder.close()


def _standings(view: SteveView) -> list[str] | None:
    for message in reversed(view.chat):
        if message.text.startswith("試合終了"):
            return message.text.split("\n")
    return None


def play(world: DemoWorld, show: Show, *, rng: random.Random, timeout: float) -> int:
    """Steve joins, starts a cpu match and plays it to the end; 0 once the standings are shown."""
    control = world.control
    steve = Steve(control, Labels.load(world.messages, "ja"), show.say, rng=rng)
    control.join(STEVE)
    time.sleep(0.5)
    for typed in ("/dfg join", "/dfg start cpu"):
        show.say(f"{STEVE} が入力: {typed}")
        control.command(STEVE, typed)
        time.sleep(0.5)
    end = time.monotonic() + timeout
    polls = 0
    world_view: dict[str, Any] = {}
    while time.monotonic() < end:
        player = control.player(STEVE)
        if polls % WORLD_EVERY == 0 or show.recorder is not None:
            world_view = control.world()
        polls += 1
        if show.recorder is not None:
            again = control.player(STEVE)
            show.recorder.add(show.at(), again, world_view, steady=again.get("open") == player.get("open"),
                              said=show.said[-1] if show.said else "")  # fmt: skip
        view = seen(player, world_view)
        show.update(view)
        standings = _standings(view)
        if standings is not None:
            show.close()
            show.out.write("\n".join(standings) + "\n")
            show.out.write(f"({STEVE}: 画面で{steve.plays}回出し・{steve.passes}回パス、"
                           f"ボタンが断った選択 {steve.refused}回)\n")  # fmt: skip
            show.out.flush()
            return 0
        steve.step(view, time.monotonic())
        time.sleep(POLL)
    show.close()
    show.out.write("demo: the match did not end in time\n")
    return 1
