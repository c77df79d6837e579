"""Every click mode on every slot of the chest screen: the click is acted on, the slot redrawn, and no
card item stays in the player's hands (cursor and inventory) or in the world."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen import CHEST, Button
from tests.host.handscreen.handrig import (
    BUTTON_SLOTS,
    CLICK_MODES,
    Clicker,
    hand_rig,
    held_cards,
    world_cards,
)
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
    keys = [
        s for s in rig.ctl.player("Steve")["inventory"].values() if (s.get("custom_data") or {}).get("dfg")
    ]
    assert [k["name"].startswith("手札を開く") for k in keys] == [True], what
    if clicker.may_act():
        if rig.ctl.player("Steve")["open"] is None:
            # A number-key swap with hotbar 0 puts the key into the chest: the key is renewed and the
            # chest re-locked, which closes it (as on a server). Open it again to compare.
            clicker.open()
            clicker.settle()
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
    refused: list[tuple[str, str]] = []
    rig.host.on_rejected = lambda player, code: refused.append((player, code))
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.dfg("Steve", "start cpu")
    clicker = Clicker(rig, "Steve")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None)
    tried: set[tuple[str, int, int]] = set()
    play, pass_ = BUTTON_SLOTS[Button.PLAY], BUTTON_SLOTS[Button.PASS]
    # Per mode: rows 1-5 in one go (as if clicked within one poll), then the buttons but 出す and パス,
    # then パス (it may pass the turn), then 出す with nothing selected (refused: it must not play).
    batches = [list(range(45)), [s for s in range(45, 54) if s not in (play, pass_)], [pass_], [play]]
    for mode, button in CLICK_MODES:
        for batch in batches:
            _wait_turn(rig, clicker)
            step = tbl.flow.step
            if batch == [play]:
                assert not tbl.selection.get("Steve"), "選択を外す did not clear the selection"
            for slot in batch:
                clicker.click(slot, mode, button)
                tried.add((mode, button, slot))
            clicker.settle()
            _check(rig, clicker, f"{mode}/{button} slots {batch[0]}-{batch[-1]}")
            if batch == [play]:
                assert tbl.flow.step == step, "出す with nothing selected played"
    assert len(tried) == len(CLICK_MODES) * CHEST.size
    # Refused clicks on the screen are reported like refused commands (metrics count them).
    assert ("Steve", "nothing_selected") in refused
    assert rig.invalid() == []
