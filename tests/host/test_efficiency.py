"""Efficiency (issue 5 "Done when"): an ordinary turn at a 4-player table sends no more commands than
display elements changed, and a whole match sends far fewer commands than redrawing every display
element at every update would.

Per ordinary turn (a CPU's play or pass) the commands sent while handling it are split into: world
displays from the one differ (over-seat and centre texts, sidebar lines, bossbar fields — one command
per changed element), chat lines (each announcement is one changed chat element), and hand-screen
slot writes (the hand screen rewrites only changed slots). The figures are printed with ``-s``.
"""

from __future__ import annotations

import statistics
from pathlib import Path
from typing import Any

from dfg_bridge.host.events import TimerFired
from tests.host.rig import make_rig, settings, table, with_durations


class Tally:
    def __init__(self, inner: Any) -> None:
        self.inner, self.total, self.tellraw = inner, 0, 0

    def run(self, command: str) -> str:
        self.total += 1
        self.tellraw += command.startswith(("tellraw", "dialog show"))  # the turn's dialog is a message too
        reply: str = self.inner.run(command)
        return reply


def test_ordinary_turns_and_a_whole_match(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=2, cpu_total=4), turn=30.0)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base), seed=3)
    tally: dict[str, Tally] = {}
    host = rig.start_daemon(wrap=lambda c: tally.setdefault("t", Tally(c)))
    t = tally["t"]
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    tbl = rig.table()
    turns: list[tuple[int, int, int, int]] = []
    handle = host.handle

    def measured(event: object) -> None:
        before = (t.total, host.differ.sent, t.tellraw, tbl.hands.counts["draw"], tbl.flow.step)
        handle(event)
        after = (t.total, host.differ.sent, t.tellraw, tbl.hands.counts["draw"], tbl.flow.step)
        ordinary = isinstance(event, TimerFired) and after[4] == before[4] + 1 and tbl.run is not None
        if ordinary and tbl.run is not None and tbl.run.round is not None and not tbl.run.round.over:
            sent, display, chat, hand = (a - b for a, b in zip(after[:4], before[:4], strict=True))
            turns.append((sent, display, chat, hand))

    host.handle = measured  # type: ignore[method-assign]
    start = (t.total, host.differ.sent, host.differ.full_equivalent)
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: tbl.run is not None)
    rig.play_out("t1", ["Steve"], timeout=60)
    total = t.total - start[0]
    differ_sent = host.differ.sent - start[1]
    full = total - differ_sent + (host.differ.full_equivalent - start[2])
    assert len(turns) > 20
    for sent, display, chat, hand in turns:
        assert sent <= display + chat + hand, (sent, display, chat, hand)
    median = [statistics.median(column) for column in zip(*turns, strict=True)]
    print(
        f"\nordinary 4-player turns: {len(turns)}; commands per turn median {median[0]} "
        f"(max {max(s for s, *_ in turns)}): world displays {median[1]}, chat {median[2]}, "
        f"hand-screen slots {median[3]}; commands <= changed elements on every turn"
        f"\nwhole match (2 rounds): {total} commands sent; redrawn in full at every update: {full}"
    )
    assert total < full
    assert rig.invalid() == []
