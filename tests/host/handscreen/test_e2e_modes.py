"""Every click mode on every slot of the chest screen: the click is acted on, the slot redrawn, and no
card item stays in the player's hands (cursor and inventory) or in the world."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen import CHEST, Button
from tests.host.handscreen.handrig import CLICK_MODES, BUTTON_SLOTS, Clicker, hand_rig, held_cards, world_cards
from tests.host.rig import Rig, settings, table, with_durations


def _shown(clicker: Clicker) -> dict[int, tuple[str, int]]:
    return {slot: (item["name"], item["count"]) for slot, item in clicker.view().items()}


def _drawn(clicker: Clicker) -> dict[int, tuple[str, int]]:
    """What the daemon believes the screen shows (it must be what the player sees)."""
    drawn = clicker.screen.drawn or {}
    return {slot: (c.spec.name.plain() if c.spec.name else "", c.spec.count) for slot, c in drawn.items()}


def _check(rig: Rig, clicker: Clicker, what: str) -> None:
    assert held_cards(rig, "Steve") == 0, what
    assert world_cards(rig) == 0, what
    keys = [s for s in rig.ctl.player("Steve")["inventory"].values() if (s.get("custom_data") or {}).get("dfg")]
    assert [k["name"].startswith("手札を開く") for k in keys] == [True], what
    if clicker.may_act():
        assert _shown(clicker) == _drawn(clicker), what


def _wait_turn(rig: Rig, clicker: Clicker) -> None:
    assert rig.until(lambda: clicker.may_act() or rig.table().run is None, 30)
    assert rig.table().run is not None
    if rig.ctl.player("Steve")["open"] is None:
        clicker.open()
    clicker.ready()


def test_every_mode_on_every_slot(sim_factory: Any, tmp_path: Path) -> None:
    t = with_durations(table(seats=4, rounds=3), turn=600.0, exchange=600.0)
    rig = hand_rig(sim_factory, tmp_path, version="1.21.6")
    rig.settings = settings(t, hand_poll_interval=0.02)
    rig.start_daemon()
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.dfg("Steve", "start cpu")
    clicker = Clicker(rig, "Steve")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None)
    tried: set[tuple[str, int, int]] = set()
    for mode, button in CLICK_MODES:
        for row in range(5):
            _wait_turn(rig, clicker)
            for slot in range(row * 9, row * 9 + 9):
                clicker.click(slot, mode, button)
                tried.add((mode, button, slot))
            clicker.settle()
            _check(rig, clicker, f"{mode}/{button} row {row + 1}")
        for slot in range(45, 54):
            _wait_turn(rig, clicker)
            if slot == BUTTON_SLOTS[Button.PLAY]:
                # Nothing selected: 出す is refused (and says why); it must not play by accident.
                tbl.selection.pop("Steve", None)
                tbl.hands.refresh("Steve")
            step = tbl._step
            clicker.click(slot, mode, button)
            tried.add((mode, button, slot))
            clicker.settle()
            _check(rig, clicker, f"{mode}/{button} slot {slot}")
            if slot == BUTTON_SLOTS[Button.PLAY]:
                assert tbl._step == step, "出す with nothing selected played"
    assert len(tried) == len(CLICK_MODES) * CHEST.size
    assert rig.invalid() == []
