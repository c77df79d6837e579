"""RCON commands per second of a 4-player table with one human, over whole matches (issue 19; bench).

The sim runs as its own process at ``--service-ms 0.5`` (as a server would), the daemon's loop on its
own thread. One human plays against three CPUs (the config's default CPU delay, 0.6–1.4 s) only by
clicking their hand chest, as a person does: at their turn they think 0.8–2 s, open the chest if it is
closed, click the cards of a random legal play (85 %; else the timeout's choice) 0.2–0.6 s apart,
then 出す (or パス); afterwards they close the chest half of the time. Every command the daemon sends
is counted at the RCON client and put in one of four purposes by :func:`purpose_of` (the command's
shape, so the figure means the same before and after a change of the daemon); the daemon's own
per-purpose counters are printed too. ``DFG_BENCH_LOG=<file>`` appends every counted command to a file.

Targets (issue 19): ≤ 10 commands/s on average, of which polls ≤ 50 %. Run with ``make bench`` or
``pytest -m bench -s tests/host/handscreen/test_bench_commands.py``; ``DFG_BENCH_ROUNDS`` (default 3)
sets the match length, ``DFG_BENCH_VERSION`` the version (default 1.21.6), ``DFG_BENCH_THINK`` the
human's thinking time (default ``0.8,2.0`` seconds, a quick player).
"""

from __future__ import annotations

import os
import random
import re
import threading
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from dfg_bridge.engine import Give, Play
from dfg_bridge.host.handscreen import CHEST, Button
from dfg_bridge.host.handscreen.screen import ChestSurface
from dfg_bridge.sim.control import ControlClient
from tests.host.handscreen.test_bench_latency import _start_sim
from tests.host.rig import Rig, settings, table, with_durations

THINK = tuple(float(v) for v in os.environ.get("DFG_BENCH_THINK", "0.8,2.0").split(","))
"""Seconds the human thinks at the start of a turn (uniform between the two)."""

_POLL = re.compile(
    r"^(data get block |data get entity \S+ EnderItems|clear \S+ \S+ 0$"
    r"|execute as @a\[scores=\{\S+=1\.\.\}\] run scoreboard players (get|set) "
    r"|scoreboard players set @a\[[^\]]*scores=)"
)
"""Reads and tests that look for input: screen reads, trigger polls, opening counts reset after a look."""
_CHAT = re.compile(r"^(tellraw|title|playsound|dialog) ")


def purpose_of(command: str, *, lockers: tuple[int, int, int, int, int, int]) -> str:
    """``poll`` (reads and tests that look for input), ``chat``, ``custody`` (lockers) or ``display``.

    A pure test (``execute if|unless …`` without ``run``) is a poll, and so is one that runs the reset
    of the opening counts; a conditional write (``execute unless items … run item replace …``, or a
    display write carrying a question) is what it writes.
    """
    if _POLL.match(command) or (command.startswith("execute ") and " run " not in command):
        return "poll"
    if command.startswith("execute ") and _POLL.match(command.rsplit(" run ", 1)[1]):
        return "poll"  # a question whose run resets the opening counts
    if _CHAT.match(command):
        return "chat"
    x0, y0, z0, x1, y1, z1 = lockers
    for x, y, z in re.findall(r"block (-?\d+) (-?\d+) (-?\d+)", command):
        if x0 <= int(x) <= x1 and y0 <= int(y) <= y1 and z0 <= int(z) <= z1:
            return "custody"
    return "display"


class _Count:
    """Wraps the RCON client: counts every command by purpose while ``on``."""

    def __init__(self, inner: Any, lockers: tuple[int, int, int, int, int, int]) -> None:
        self.inner = inner
        self.lockers = lockers
        self.on = False
        self.by: Counter[str] = Counter()

    def run(self, command: str) -> str:
        if self.on:
            self.by[purpose_of(command, lockers=self.lockers)] += 1
            if os.environ.get("DFG_BENCH_LOG"):
                with open(os.environ["DFG_BENCH_LOG"], "a") as f:
                    f.write(f"{time.monotonic():.3f} " + command.replace("\n", " ") + "\n")
        reply: str = self.inner.run(command)
        return reply

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _key_slot(ctl: ControlClient, name: str) -> int:
    """The hotbar slot holding the player's key book (the player selects it to open the chest)."""
    for slot, stack in ctl.player(name)["inventory"].items():
        data = (stack or {}).get("custom_data") or {}
        if str(data.get("dfg", {}).get("id", "")).startswith("key_") and int(slot) < 9:
            return int(slot)
    raise AssertionError(f"{name} holds no key in the hotbar")


class Human:
    """Plays the seat by clicking its chest with a person's pace (runs on the test thread)."""

    def __init__(self, rig: Rig, name: str, rng: random.Random) -> None:
        self.rig, self.name, self.rng = rig, name, rng
        self.is_open = False
        self.turns = 0
        self.clicks = 0

    def _pause(self, low: float, high: float) -> None:
        time.sleep(self.rng.uniform(low, high))

    def play_turn(self, tbl: Any) -> None:
        run = tbl.run
        seat = run.seat_of(self.name) if run is not None else None
        if run is None or run.round is None or seat is None:
            return
        self._pause(*THINK)
        screen = tbl.hands.screen_of(self.name)
        if screen is None or not isinstance(screen.surface, ChestSurface):
            return
        ctl = self.rig.ctl
        if not self.is_open:
            ctl.open(self.name, list(screen.surface.top), slot=_key_slot(ctl, self.name))
            self.is_open = True
            self._pause(0.2, 0.5)
        rnd = run.round
        if rnd is None or rnd.over or seat not in rnd.awaiting():
            return
        # A person plays something most of the time: a random legal play (or the exchange's give).
        legal = [a for a in rnd.legal_actions(seat) if isinstance(a, Play | Give)]
        action = self.rng.choice(legal) if legal and self.rng.random() < 0.85 else rnd.timeout_action(seat)
        cards = (
            action.meld.cards
            if isinstance(action, Play)
            else action.cards
            if isinstance(action, Give)
            else ()
        )
        opened = ctl.player(self.name)["open"]
        slots = {v["name"].lstrip("✔"): int(s) for s, v in (opened or {}).get("slots", {}).items()
                 if int(s) in CHEST.hand_slots}  # fmt: skip
        for card in cards:
            slot = slots.get(str(card))
            if slot is not None:
                ctl.click(self.name, slot, "pickup", 0)
                self.clicks += 1
                self._pause(0.2, 0.6)
        button = Button.PLAY if cards else Button.PASS
        ctl.click(self.name, CHEST.buttons[button], "pickup", 0)
        self.clicks += 1
        self.turns += 1
        if self.rng.random() < 0.5:
            self._pause(0.2, 0.5)
            ctl.close(self.name)
            self.is_open = False


@pytest.mark.bench
def test_commands_per_second_one_human(tmp_path: Path) -> None:
    rounds = int(os.environ.get("DFG_BENCH_ROUNDS", "3"))
    version = os.environ.get("DFG_BENCH_VERSION", "1.21.6")
    proc, sim = _start_sim(tmp_path, version)
    runner: threading.Thread | None = None
    stop = threading.Event()
    try:
        base = with_durations(table(seats=4, rounds=rounds, cpu_total=4), cpu_min=0.6, cpu_max=1.4,
                              turn=60.0, exchange=30.0, round_pause=4.0)  # fmt: skip
        host_settings = settings(base)
        lk = host_settings.lockers
        (x0, y0, z0), (sx, sy, sz) = lk.origin, lk.size
        box = (x0, y0, z0, x0 + sx, y0 + sy, z0 + sz)
        rig = Rig(sim, ControlClient(sim.control_port), tmp_path / "data", host_settings, version)  # type: ignore[arg-type]
        counted: dict[str, _Count] = {}
        host = rig.start_daemon(wrap=lambda c: counted.setdefault("c", _Count(c, box)), log_poll=0.1)
        count = counted["c"]
        rig.join("Steve")
        rig.dfg("Steve", "join")
        assert rig.until(lambda: "Steve" in rig.table().lobby)
        tbl = rig.table()
        daemon_before = dict(getattr(host, "purposes", SimpleNamespace(by_purpose=dict)).by_purpose())
        count.on = True
        started = time.monotonic()
        rig.dfg("Steve", "start cpu")
        runner = threading.Thread(
            target=lambda: [host.step(0.05) for _ in iter(stop.is_set, True)], daemon=True
        )
        runner.start()
        human = Human(rig, "Steve", random.Random(7))
        deadline = started + 200 * rounds + 120
        seen_run = False
        last_step = -1
        while time.monotonic() < deadline:
            run = tbl.run
            if run is None:
                if seen_run:
                    break
                time.sleep(0.05)
                continue
            seen_run = True
            seat = run.seat_of("Steve")
            rnd = run.round
            step = tbl.flow.step
            if (rnd is not None and not rnd.over and seat in tbl.awaiting() and tbl.paused_until is None
                    and step != last_step):  # fmt: skip
                last_step = step
                human.play_turn(tbl)
            time.sleep(0.05)
        wall = time.monotonic() - started
        count.on = False
        assert tbl.run is None, "the match did not end in time"
        daemon_after = dict(getattr(host, "purposes", SimpleNamespace(by_purpose=dict)).by_purpose())
    finally:
        stop.set()
        if runner is not None:
            runner.join(5)
        proc.terminate()
        proc.wait(10)
    total = sum(count.by.values())
    shares = ", ".join(f"{k} {v / wall:.2f}/s ({100 * v / total:.0f} %)" for k, v in sorted(count.by.items()))
    print(f"\n4 seats (1 human thinking {THINK[0]}-{THINK[1]} s, 3 CPUs), {rounds} rounds, {version}, "
          f"sim --service-ms 0.5: {wall:.0f} s, {human.turns} human turns, {human.clicks} clicks; "
          f"{total} commands = {total / wall:.2f}/s: {shares}")  # fmt: skip
    daemon = {k: daemon_after.get(k, 0) - daemon_before.get(k, 0) for k in daemon_after}
    if daemon:
        print("daemon's own count by purpose: " + ", ".join(
            f"{k} {v / wall:.2f}/s" for k, v in sorted(daemon.items()) if v))  # fmt: skip
    assert total / wall <= 10.0
    assert count.by["poll"] <= 0.5 * total
