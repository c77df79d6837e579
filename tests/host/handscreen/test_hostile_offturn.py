"""Cards taken out of the hand chest at any time come back within about a second and never count as a
selection (issue 12 item 10), wherever the player puts them: hands, ender chest, a world chest.

Off turn the old daemon did not look at the chest at all: cards survived in the player's inventory,
ender chest or any world chest, and were counted as *selected* when the turn came.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.host.handscreen.hostile import (
    VERSIONS,
    card_slots,
    cards_held,
    chest_of,
    container_items,
    drawn,
    dropped_ours,
    keys,
    may_act,
    menu_index_of_inventory,
    open_own,
    shown,
    slow_rig,
    start_cpu_match,
    until,
    wait,
)


def _off_turn(rig: Any, tbl: Any, name: str) -> None:
    """Play the player's turn (typed), then return as a CPU's turn begins (the CPUs think 1 s)."""
    assert rig.until(lambda: may_act(tbl, name) or tbl.run is None, 60)
    words = rig.move_for("t1", name)
    assert words is not None
    rig.dfg(name, words)
    assert rig.until(lambda: not may_act(tbl, name), 10)
    assert tbl.run is not None


@pytest.mark.parametrize("version", VERSIONS)
def test_cards_taken_off_turn_come_back_and_never_select(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve")
    _off_turn(rig, tbl, "Steve")
    open_own(rig, tbl, "Steve")
    first, second = card_slots(tbl, "Steve")[:2]
    rig.ctl.click("Steve", first, "pickup")  # onto the cursor
    rig.ctl.click("Steve", second, "quick_move")  # into the inventory
    assert cards_held(rig, "Steve") == 2
    took = until(
        rig, lambda: cards_held(rig, "Steve") == 0 and shown(rig, "Steve") == drawn(tbl, "Steve"), 2.0
    )
    assert took <= 1.2 and not may_act(tbl, "Steve"), "reclaimed while it was not Steve's turn"
    assert rig.until(lambda: may_act(tbl, "Steve"), 30)
    wait(rig, 0.3)
    assert not tbl.selection.get("Steve"), "a card taken off turn was counted as selected"
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_cards_and_key_carried_to_the_ender_chest_come_back(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve")
    _off_turn(rig, tbl, "Steve")
    old_key = next(iter(keys(rig, "Steve").values()))
    open_own(rig, tbl, "Steve")
    card = card_slots(tbl, "Steve")[0]
    rig.ctl.click("Steve", card, "pickup")
    rig.ctl.close("Steve")  # the card goes from the cursor into the inventory
    inventory = rig.ctl.player("Steve")["inventory"]
    card_at = next(int(k) for k, v in inventory.items() if (v.get("custom_data") or {}).get("dfg") and
                   not str(v["custom_data"]["dfg"].get("id", "")).startswith("key_"))  # fmt: skip
    key_at = next(int(k) for k, v in inventory.items() if str((v.get("custom_data") or {}).get("dfg", {})
                  .get("id", "")).startswith("key_"))  # fmt: skip
    assert rig.ctl.open("Steve", enderchest=True)["opened"]
    rig.ctl.click("Steve", menu_index_of_inventory(card_at, 27), "quick_move")
    rig.ctl.click("Steve", menu_index_of_inventory(key_at, 27), "quick_move")
    ender = rig.ctl.player("Steve")["ender_chest"]
    assert any("dfg" in str(v.get("custom_data")) for v in ender.values()), "nothing was carried there"
    until(
        rig,
        lambda: (
            not any(
                "dfg" in str(v.get("custom_data")) for v in rig.ctl.player("Steve")["ender_chest"].values()
            )
        ),
        2.0,
    )
    # The key is back in the inventory — a new one: the chest is re-keyed, the carried copy is dead.
    assert rig.until(lambda: [k for k in keys(rig, "Steve") if k.startswith("inv.")] != [], 3)
    new_key = next(iter(keys(rig, "Steve").values()))
    assert new_key["custom_data"] != old_key["custom_data"]
    assert cards_held(rig, "Steve") == 0 and dropped_ours(rig) == 0
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_a_card_never_reaches_a_world_chest(sim_factory: Any, tmp_path: Path, version: str) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve")
    top = chest_of(tbl, "Steve").top
    world_chest = (top[0] + 2, top[1], top[2])  # a chest anyone may open, next to the seat
    rig.sim.run_command(f"setblock {world_chest[0]} {world_chest[1]} {world_chest[2]} minecraft:barrel")
    _off_turn(rig, tbl, "Steve")
    open_own(rig, tbl, "Steve")
    rig.ctl.click("Steve", card_slots(tbl, "Steve")[0], "pickup")
    # A quick player: closes the screen, turns to the barrel and opens it, then shift-clicks the card.
    wait(rig, 0.5)
    rig.ctl.close("Steve")
    wait(rig, 0.2)
    assert rig.ctl.open("Steve", list(world_chest), force=True)["opened"]
    wait(rig, 0.3)
    inventory = rig.ctl.player("Steve")["inventory"]
    for slot, stack in inventory.items():
        if "dfg" in str(stack.get("custom_data")) and "key_" not in str(stack.get("custom_data")):
            rig.ctl.click("Steve", menu_index_of_inventory(int(slot), 27), "quick_move")
    assert container_items(rig, world_chest) == {}, "a card reached the barrel"
    assert cards_held(rig, "Steve") == 0
    assert rig.invalid() == []
