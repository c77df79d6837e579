"""Off turn, the hand screen is redrawn at most every ``OFF_TURN_REDRAW`` seconds (issue 19).

While three CPUs play in turn, the human's chest would otherwise be rewritten after every play (the
field, the turn marker, the buttons) although nobody may be looking at it: the chest shows the latest
state at the latest one watch look after the wait, at once when the player's turn comes, and at once
when the watch sees them open a chest.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen.manager import OFF_TURN_REDRAW
from dfg_bridge.host.handscreen.screen import ChestSurface
from tests.host.rig import make_rig, settings, table, with_durations


class Writes:
    """Counts the item writes into one chest (both halves) at the RCON client."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.spots: tuple[str, ...] = ()
        self.count = 0

    def run(self, command: str) -> str:
        if self.spots and "item replace block" in command and any(s in command for s in self.spots):
            self.count += 1
        reply: str = self.inner.run(command)
        return reply


def test_a_waiting_players_screen_is_redrawn_at_most_every_two_seconds(
    sim_factory: Any, tmp_path: Path
) -> None:
    base = with_durations(table(rounds=1), turn=30.0, cpu_min=0.25, cpu_max=0.3)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base), seed=5)
    writes: dict[str, Writes] = {}
    host = rig.start_daemon(wrap=lambda c: writes.setdefault("w", Writes(c)))
    w = writes["w"]
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    tbl = rig.table()
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: tbl.hands.screen_of("Steve") is not None)
    screen = tbl.hands.screen_of("Steve")
    assert screen is not None and isinstance(screen.surface, ChestSurface)
    w.spots = tuple(f"block {x} {y} {z} " for x, y, z in (screen.surface.top, screen.surface.bottom))

    bursts: list[float] = []
    waiting_turns = 0
    handle = host.handle

    def measured(event: object) -> None:
        nonlocal waiting_turns
        acting_before = screen.acting or tbl.hands.may_act(screen)
        before, step = w.count, tbl.flow.step
        handle(event)
        if tbl.run is None or tbl.hands.screen_of("Steve") is not screen:
            return
        if not acting_before and not tbl.hands.may_act(screen):
            waiting_turns += tbl.flow.step != step  # a CPU played or passed while Steve waited
            if w.count > before:
                bursts.append(time.monotonic())

    host.handle = measured  # type: ignore[method-assign]
    rig.play_out("t1", ["Steve"], timeout=90)
    gaps = [b - a for a, b in itertools.pairwise(bursts)] or [OFF_TURN_REDRAW]
    # Without the wait, nearly every CPU turn rewrote the field and the turn marker in Steve's chest.
    assert waiting_turns >= 20 and len(bursts) <= waiting_turns // 3, (waiting_turns, len(bursts))
    # Each burst is one event's handling; the watch's look that draws a waiting screen comes at most
    # one look (0.8 s off turn) after the wait is over, never before it.
    assert min(gaps) >= OFF_TURN_REDRAW - 0.05, gaps
    assert rig.invalid() == []


def test_the_screen_shows_the_field_when_the_players_turn_comes(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=1), turn=30.0, cpu_min=0.25, cpu_max=0.3)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base), seed=5)
    rig.start_daemon()
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    tbl = rig.table()
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: tbl.hands.screen_of("Steve") is not None)
    checked = 0
    end = time.monotonic() + 60
    last_step = -1
    while tbl.run is not None and checked < 4 and time.monotonic() < end:
        screen = tbl.hands.screen_of("Steve")
        if screen is not None and tbl.hands.may_act(screen) and tbl.flow.step != last_step:
            last_step = tbl.flow.step
            _, want = tbl.hands.desired(screen)
            shown = {slot: cell.spec for slot, cell in (screen.drawn or {}).items()}
            assert shown == {slot: cell.spec for slot, cell in want.items()}
            checked += 1
            words = rig.move_for("t1", "Steve")
            if words is not None:
                rig.dfg("Steve", words)
        rig.host.step(0.05)
    assert checked >= 2
