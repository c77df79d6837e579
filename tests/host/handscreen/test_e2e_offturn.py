"""Clicks made while the player may not act: the screen is not read then (polling only while the player
may act); the first read of their turn finds them. Card clicks still select; button clicks are ignored
(the button said the player could not act), so a stale 出す never plays by surprise."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen import Button
from tests.host.handscreen.handrig import BUTTON_SLOTS, Clicker, held_cards
from tests.host.rig import make_rig, settings, table, with_durations


def test_clicks_between_turns(sim_factory: Any, tmp_path: Path) -> None:
    t = with_durations(table(seats=4, rounds=1), turn=60.0, cpu_min=0.6, cpu_max=0.6)
    rig = make_rig(sim_factory, tmp_path, version="1.21.6", host_settings=settings(t))
    rig.start_daemon()
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.dfg("Steve", "start cpu")
    tbl = rig.table()
    clicker = Clicker(rig, "Steve")
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None and not clicker.may_act(), 30)
    assert rig.until(lambda: clicker.hands.screen_of("Steve") is not None and bool(clicker.screen.drawn), 5)
    clicker.open()
    reads = clicker.screen.reads
    rig.until(lambda: False, 0.2)
    assert not clicker.may_act() and clicker.screen.reads == reads, "read while the player could not act"
    card_slot = min(s for s, c in (clicker.screen.drawn or {}).items() if isinstance(c.target, int))
    card = clicker.screen.drawn[card_slot].target  # type: ignore[index]
    rig.ctl.click("Steve", card_slot, "pickup")
    rig.ctl.click("Steve", BUTTON_SLOTS[Button.PLAY], "quick_move")
    assert held_cards(rig, "Steve") > 0  # not cleaned yet: nobody reads the screen
    assert rig.until(clicker.may_act, 30)
    clicker.ready()
    clicker.settle()
    assert tbl.selection.get("Steve") == {card}
    assert clicker.may_act(), "the stale 出す played"
    assert held_cards(rig, "Steve") == 0
    assert rig.invalid() == []
