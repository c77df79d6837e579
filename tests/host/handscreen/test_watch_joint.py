"""While a player may act, the table question rides on their screen question (issue 19).

The watch asks the table question (our items on seated players, openings, book use, keys) every
``TABLE_ON_TURN`` seconds; during a turn the acting player's screen question is asked at every look
anyway, so the two go out as one ``execute`` chain: a quiet turn sends no table question of its own.
"""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen import CHEST
from dfg_bridge.host.handscreen.watch import (
    AFTER_OPENING,
    HOT_AFTER_OPENING,
    QUIET_AFTER,
    SLOW_IDLE,
    TABLE_ON_TURN,
)
from tests.host.handscreen.handrig import Clicker, Sent, hand_rig, start_cpu_match

TABLE_ALONE = "execute unless items entity @a["
"""How the table question starts when asked on its own (the screen question starts with a block test)."""


def test_a_quiet_turn_asks_both_questions_in_one_command(sim_factory: Any, tmp_path: Path) -> None:
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1, turn=60.0, poll=0.05)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    clicker.open()
    clicker.ready()
    rig.settle(0.5)  # the opening's fast looks are over
    commands = sent["s"].commands
    mark = len(commands)
    end = time.monotonic() + 3 * TABLE_ON_TURN + 0.2
    while time.monotonic() < end:
        rig.host.step(0.02)
    assert clicker.may_act()
    quiet = commands[mark:]
    joint = [c for c in quiet if c.startswith("execute if block ") and "@a[tag=" in c]
    assert len(joint) >= 2, quiet
    assert not [c for c in quiet if c.startswith(TABLE_ALONE)], quiet
    # The joint chain still asks what the table question asks (our items on the seated players).
    assert any("player.cursor" in c for c in quiet)


def test_the_table_question_waits_for_the_next_look_during_a_turn(sim_factory: Any, tmp_path: Path) -> None:
    """While a player may act, the table question rides on the next look at the idle cadence: no look
    of its own in between (before, one look in four came between two idle looks)."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1, turn=60.0, poll=0.05)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    clicker.open()
    clicker.ready()
    rig.settle(1.5)  # the opening's fast looks are over
    s = sent["s"]
    mark = len(s.commands)
    end = time.monotonic() + 4 * TABLE_ON_TURN + 0.2
    while time.monotonic() < end:
        rig.host.step(0.02)
    assert clicker.may_act()
    looks = [
        t for c, t in zip(s.commands[mark:], s.times[mark:], strict=True) if c.startswith("execute if block ")
    ]
    gaps = [b - a for a, b in itertools.pairwise(looks)]
    assert len(gaps) >= 8 and min(gaps) >= 0.8 * rig.table().hands.watch.times.idle, gaps
    joint = [c for c in s.commands[mark:] if c.startswith("execute if block ") and "@a[tag=" in c]
    assert len(joint) >= 3  # the table question is still asked about every TABLE_ON_TURN seconds


def test_a_click_seen_by_the_table_question_costs_no_sweep(sim_factory: Any, tmp_path: Path) -> None:
    """A card clicked onto the cursor fails the table question too; once the screen's read took it back,
    one more table question shows all is well, and the sweep (ender chest, thrown items, keys) is left
    out."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1, turn=60.0, poll=0.05)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    clicker.open()
    clicker.ready()
    clicker.settle()
    card = next(v["name"] for s, v in sorted(clicker.view().items()) if s in CHEST.hand_slots)
    commands = sent["s"].commands
    mark = len(commands)
    clicker.hands.watch._table_due = 0.0  # the next look asks the table question too
    clicker.click(clicker.slot_of_card(card), "pickup", 0)
    clicker.settle()
    assert card in clicker.selected()
    assert not rig.ctl.player("Steve").get("cursor")
    after = commands[mark:]
    assert any(c.startswith(TABLE_ALONE) for c in after), after  # the table question did see it
    assert not [c for c in after if "EnderItems" in c or c.startswith("kill ")], after


def test_after_an_opening_the_watch_looks_every_tenth_of_a_second(sim_factory: Any, tmp_path: Path) -> None:
    """An opening makes the watch quicker until the first click, at :data:`AFTER_OPENING` (a person's
    first click comes tenths of a second later), not at the 50 ms kept for the time after a click."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1, turn=60.0, poll=0.05)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    clicker.ready()
    rig.settle(0.5)
    s = sent["s"]
    clicker.open()
    mark = len(s.commands)
    end = time.monotonic() + HOT_AFTER_OPENING * 0.9
    while time.monotonic() < end:
        rig.host.step(0.01)
    assert clicker.may_act()
    looks = [
        t for c, t in zip(s.commands[mark:], s.times[mark:], strict=True) if c.startswith("execute if block ")
    ]
    gaps = [b - a for a, b in itertools.pairwise(looks)]
    quick = [g for g in gaps if g < 0.9 * rig.table().hands.watch.times.idle]
    assert len(quick) >= 4, gaps  # quicker than idle after the opening
    assert min(quick) >= 0.8 * AFTER_OPENING, gaps


def test_a_long_think_is_looked_at_less_often(sim_factory: Any, tmp_path: Path) -> None:
    """After QUIET_AFTER seconds without a click the watch backs off to SLOW_IDLE; a click makes it
    quick again."""
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6", rounds=1, turn=60.0, poll=0.05)
    sent: dict[str, Sent] = {}
    rig.start_daemon(wrap=lambda c: sent.setdefault("s", Sent(c)))
    start_cpu_match(rig)
    clicker = Clicker(rig, "Steve")
    assert rig.until(clicker.may_act, 30)
    clicker.open()
    clicker.ready()
    clicker.settle()
    s = sent["s"]
    mark = len(s.commands)
    start = time.monotonic()
    while time.monotonic() < start + QUIET_AFTER + 3.5:
        rig.host.step(0.02)
    assert clicker.may_act()
    looks = [
        t for c, t in zip(s.commands[mark:], s.times[mark:], strict=True) if c.startswith("execute if block ")
    ]
    early = [b - a for a, b in itertools.pairwise(looks) if b < start + QUIET_AFTER - 1.0]
    late = [b - a for a, b in itertools.pairwise(looks)][-3:]
    idle = rig.table().hands.watch.times.idle
    assert early and max(early) < 0.8 * SLOW_IDLE, early
    assert min(late) >= 0.9 * SLOW_IDLE and min(late) > 1.2 * idle, late
    card = next(v["name"] for slot, v in sorted(clicker.view().items()) if slot in CHEST.hand_slots)
    clicker.click(clicker.slot_of_card(card), "pickup", 0)
    clicker.settle()
    assert card in clicker.selected()
    mark = len(s.commands)
    again = time.monotonic()
    while time.monotonic() < again + 1.0:
        rig.host.step(0.02)
    looks = [
        t for c, t in zip(s.commands[mark:], s.times[mark:], strict=True) if c.startswith("execute if block ")
    ]
    assert max(b - a for a, b in itertools.pairwise(looks)) < 0.8 * SLOW_IDLE  # quick again
