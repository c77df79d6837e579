"""Containers through the control API: locks, every click mode's effect on the cursor, custody copies."""

from __future__ import annotations

from typing import Any

import pytest

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient, ControlError

CHEST = (2, 64, 2)
CARD = 'red_dye[custom_name={text:"Q♥",italic:false},custom_data={dfg:{c:"HQ"}}]'


def _setup(sim: SimServer, name: str = "Steve") -> ControlClient:
    c = ControlClient(sim.control_port)
    c.join(name)
    sim.run_command(f"tp {name} 2 64 4")
    sim.run_command(f"setblock {CHEST[0]} {CHEST[1]} {CHEST[2]} chest[facing=south]")
    return c


def _slot(view: dict[str, Any], index: int) -> tuple[str, int] | None:
    item = view["open"]["slots"].get(str(index))
    return None if item is None else (item["id"], item["count"])


def _chest_items(sim: SimServer) -> str:
    return sim.run_command(f"data get block {CHEST[0]} {CHEST[1]} {CHEST[2]} Items")


# -- opening and locks --------------------------------------------------------------------------------------


def test_open_needs_reach_unless_forced(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    sim.run_command("setblock 40 64 40 chest")
    with pytest.raises(ControlError) as err:
        c.open("Steve", (40, 64, 40))
    assert err.value.code == "out_of_reach"
    assert c.open("Steve", (40, 64, 40), force=True)["opened"] is True


def test_chest_under_a_solid_block_does_not_open(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command("setblock 2 65 2 stone")
    assert c.open("Steve", CHEST) == {"ok": True, "opened": False, "reason": "blocked"}


def test_lock_item_predicate_1_21_6(sim: SimServer) -> None:
    c = _setup(sim)
    reply = sim.run_command(
        'data merge block 2 64 2 {lock:{components:{"minecraft:custom_name":"手札を開く"}}}'
    )
    assert reply == "Modified block data of 2, 64, 2"
    refused = c.open("Steve", CHEST)
    assert refused["opened"] is False and refused["message"] == "Chest is locked!"
    assert c.player("Steve")["actionbar"] == "Chest is locked!"
    # A book named differently does not open it; the right name in the main hand does.
    sim.run_command('item replace entity Steve hotbar.0 with book[custom_name="鍵"]')
    assert c.open("Steve", CHEST, slot=0)["opened"] is False
    sim.run_command('item replace entity Steve hotbar.3 with book[custom_name="手札を開く"]')
    assert c.open("Steve", CHEST, slot=0)["opened"] is False  # held item is hotbar 0
    assert c.open("Steve", CHEST, slot=3)["opened"] is True


def test_lock_predicate_with_custom_data(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command(
        "data merge block 2 64 2 "
        '{lock:{items:"minecraft:book",predicates:{"minecraft:custom_data":{dfg:{key:1b}}}}}'
    )
    sim.run_command("item replace entity Steve hotbar.0 with book[custom_data={dfg:{key:1b,seat:2}}]")
    sim.run_command("item replace entity Steve hotbar.1 with paper[custom_data={dfg:{key:1b}}]")
    assert c.open("Steve", CHEST, slot=1)["opened"] is False
    assert c.open("Steve", CHEST, slot=0)["opened"] is True


def test_lock_name_before_1_21_2(sim_factory) -> None:  # type: ignore[no-untyped-def]
    sim = sim_factory(version="1.21.1")
    c = _setup(sim)
    assert sim.run_command('data merge block 2 64 2 {Lock:"Key"}') == "Modified block data of 2, 64, 2"
    # The 1.21.2+ form means nothing here (kept as inert data, the chest stays locked by name).
    assert c.open("Steve", CHEST)["opened"] is False
    sim.run_command("""item replace entity Steve hotbar.0 with book[custom_name='{"text":"Key"}']""")
    assert c.open("Steve", CHEST, slot=0)["opened"] is True
    assert 'Lock: "Key"' in sim.run_command("data get block 2 64 2")


def test_lock_compound_is_inert_before_1_21_2(sim_factory) -> None:  # type: ignore[no-untyped-def]
    sim = sim_factory(version="1.20.5")
    c = _setup(sim)
    sim.run_command('data merge block 2 64 2 {lock:{components:{"minecraft:custom_name":"\\"Key\\""}}}')
    assert c.open("Steve", CHEST)["opened"] is True


def test_spectators_open_locked_containers(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command('data merge block 2 64 2 {lock:{items:"minecraft:stick"}}')
    sim.run_command("gamemode spectator Steve")
    assert c.open("Steve", CHEST)["opened"] is True


def test_double_chest_has_54_slots_right_half_on_top(sim: SimServer) -> None:
    c = _setup(sim)
    # Facing south, the left half's partner is to the west... (clockwise of south is west).
    sim.run_command("setblock 2 64 2 chest[facing=south,type=left]")
    sim.run_command("setblock 1 64 2 chest[facing=south,type=right]")
    sim.run_command("item replace block 1 64 2 container.0 with stone")
    sim.run_command("item replace block 2 64 2 container.0 with dirt")
    opened = c.open("Steve", CHEST)
    assert opened["size"] == 54 and opened["title"] == "Large Chest"
    view = c.player("Steve")
    assert _slot(view, 0) == ("minecraft:stone", 1)
    assert _slot(view, 27) == ("minecraft:dirt", 1)


def test_ender_chest_is_private_per_player(sim: SimServer) -> None:
    c = _setup(sim)
    c.join("Alex")
    sim.run_command("item replace entity Steve enderchest.4 with emerald 3")
    assert c.open("Steve", enderchest=True)["title"] == "Ender Chest"
    assert _slot(c.player("Steve"), 4) == ("minecraft:emerald", 3)
    c.open("Alex", enderchest=True)
    assert c.player("Alex")["open"]["slots"] == {}


# -- clicks and the cursor -----------------------------------------------------------------------------------


def test_pickup_left_takes_the_stack_and_right_takes_half(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command(f"item replace block 2 64 2 container.0 with {CARD} 12")
    sim.run_command("item replace block 2 64 2 container.1 with stone 7")
    c.open("Steve", CHEST)
    out = c.click("Steve", 0, "pickup", 0)
    assert out["cursor"]["count"] == 12 and out["cursor"]["name"] == "Q♥"
    assert "0" not in out["open"]["slots"]
    assert "HQ" not in _chest_items(sim)
    # Left click on a different item swaps cursor and slot.
    out = c.click("Steve", 1, "pickup", 0)
    assert out["cursor"]["id"] == "minecraft:stone" and out["open"]["slots"]["1"]["count"] == 12
    # Right click on an empty slot places one.
    out = c.click("Steve", 5, "pickup", 1)
    assert out["cursor"]["count"] == 6 and out["open"]["slots"]["5"]["count"] == 1
    # Right click with an empty cursor takes half, rounded up.
    c.click("Steve", 6, "pickup", 0)  # put the 6 stone down
    out = c.click("Steve", 1, "pickup", 1)
    assert out["cursor"]["count"] == 6 and out["open"]["slots"]["1"]["count"] == 6


def test_pickup_outside_drops_the_cursor(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command("item replace block 2 64 2 container.0 with stone 5")
    c.open("Steve", CHEST)
    c.click("Steve", 0, "pickup", 0)
    out = c.click("Steve", -999, "pickup", 1)
    assert out["cursor"]["count"] == 4
    out = c.click("Steve", -999, "pickup", 0)
    assert out["cursor"] is None
    assert [d["count"] for d in c.player("Steve")["dropped"]] == [1, 4]


def test_quick_move_sends_the_stack_to_the_player_inventory(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command(f"item replace block 2 64 2 container.3 with {CARD} 12")
    c.open("Steve", CHEST)
    out = c.click("Steve", 3, "quick_move", 0)
    assert out["cursor"] is None and "3" not in out["open"]["slots"]
    # ChestMenu moves into the player part from the end: the last hotbar slot first.
    assert out["inventory"]["8"]["count"] == 12
    # And back: shift-click from the hotbar (menu slot 27 + 27 + 8 = 62) fills the first chest slot.
    out = c.click("Steve", 62, "quick_move", 0)
    assert out["open"]["slots"]["0"]["count"] == 12 and "8" not in out["inventory"]


def test_swap_with_a_hotbar_key(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command(f"item replace block 2 64 2 container.0 with {CARD} 12")
    sim.run_command("item replace entity Steve hotbar.2 with stone 3")
    c.open("Steve", CHEST)
    out = c.click("Steve", 0, "swap", 2)
    assert out["cursor"] is None
    assert out["open"]["slots"]["0"]["id"] == "minecraft:stone"
    assert out["inventory"]["2"]["name"] == "Q♥"
    # Button 40 is the offhand.
    out = c.click("Steve", 0, "swap", 40)
    assert out["inventory"]["40"]["id"] == "minecraft:stone" and "0" not in out["open"]["slots"]


def test_throw_drops_one_or_the_stack_only_with_an_empty_cursor(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command("item replace block 2 64 2 container.0 with stone 5")
    sim.run_command("item replace block 2 64 2 container.1 with dirt 2")
    c.open("Steve", CHEST)
    out = c.click("Steve", 0, "throw", 0)
    assert out["open"]["slots"]["0"]["count"] == 4
    out = c.click("Steve", 0, "throw", 1)
    assert "0" not in out["open"]["slots"]
    c.click("Steve", 1, "pickup", 0)
    sim.run_command("item replace block 2 64 2 container.2 with dirt 9")
    out = c.click("Steve", 2, "throw", 0)  # ignored: the cursor holds something
    assert out["open"]["slots"]["2"]["count"] == 9 and out["cursor"]["count"] == 2


def test_drag_splits_the_cursor_evenly(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command("item replace block 2 64 2 container.0 with stone 10")
    c.open("Steve", CHEST)
    c.click("Steve", 0, "pickup", 0)
    out = c.click("Steve", mode="drag", button=0, slots=[1, 2, 3])
    assert [out["open"]["slots"][str(i)]["count"] for i in (1, 2, 3)] == [3, 3, 3]
    assert out["cursor"]["count"] == 1
    # A right drag puts one in each slot.
    sim.run_command("item replace block 2 64 2 container.9 with stone 20")
    c.click("Steve", 0, "pickup", 0)  # cursor 1 stone onto the empty slot 0
    c.click("Steve", 9, "pickup", 0)
    out = c.click("Steve", mode="drag", button=1, slots=[10, 11])
    assert out["cursor"]["count"] == 18 and out["open"]["slots"]["10"]["count"] == 1


def test_double_click_collects_matching_items(sim: SimServer) -> None:
    c = _setup(sim)
    for slot, count in ((0, 5), (4, 7), (8, 64)):
        sim.run_command(f"item replace block 2 64 2 container.{slot} with stone {count}")
    sim.run_command("item replace block 2 64 2 container.5 with dirt 3")
    c.open("Steve", CHEST)
    c.click("Steve", 0, "pickup", 0)
    out = c.click("Steve", 0, "pickup_all", 0)
    # The full stack of 64 is only taken in the second sweep, up to the cursor's limit.
    assert out["cursor"]["count"] == 64
    assert "4" not in out["open"]["slots"] and out["open"]["slots"]["8"]["count"] == 12
    assert out["open"]["slots"]["5"]["id"] == "minecraft:dirt"


def test_close_returns_the_cursor_to_the_inventory(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command(f"item replace block 2 64 2 container.0 with {CARD} 12")
    c.open("Steve", CHEST)
    c.click("Steve", 0, "pickup", 0)
    assert "player.cursor" not in sim.run_command("data get entity Steve Inventory")
    assert (
        sim.run_command("clear Steve *[custom_data~{dfg:{}}] 0")
        == "Found 12 matching item(s) on player Steve"
    )
    c.close("Steve")
    view = c.player("Steve")
    assert view["cursor"] is None and view["open"] is None and view["inventory"]["0"]["count"] == 12


def test_clear_takes_the_cursor_too(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command(f"item replace block 2 64 2 container.0 with {CARD} 12")
    c.open("Steve", CHEST)
    c.click("Steve", 0, "pickup", 0)
    assert sim.run_command("clear Steve *[custom_data~{dfg:{}}]") == "Removed 12 item(s) from player Steve"
    assert c.player("Steve")["cursor"] is None


def test_item_replace_writes_the_cursor_and_refreshes_the_open_menu(sim: SimServer) -> None:
    c = _setup(sim)
    c.open("Steve", CHEST)
    sim.run_command(f"item replace entity Steve player.cursor with {CARD} 2")
    sim.run_command(f"item replace block 2 64 2 container.7 with {CARD} 3")
    view = c.player("Steve")
    assert view["cursor"]["count"] == 2 and view["open"]["slots"]["7"]["count"] == 3


def test_data_merge_items_refreshes_the_open_menu(sim: SimServer) -> None:
    # Vanilla: a menu slot reads through its container (Slot#getItem -> Container#getItem on the chest's
    # block entity) and the menu is re-sent every tick, so `data merge block … {Items:[]}` empties the
    # screen a player has open at once; it never keeps showing the old stacks.
    c = _setup(sim)
    sim.run_command(f"item replace block {CHEST[0]} {CHEST[1]} {CHEST[2]} container.4 with {CARD} 12")
    c.open("Steve", CHEST)
    assert _slot(c.player("Steve"), 4) == ("minecraft:red_dye", 12)
    sim.run_command(f"data merge block {CHEST[0]} {CHEST[1]} {CHEST[2]} {{Items:[]}}")
    assert c.player("Steve")["open"]["slots"] == {}
    sim.run_command(f"item replace block {CHEST[0]} {CHEST[1]} {CHEST[2]} container.5 with {CARD} 3")
    assert _slot(c.player("Steve"), 5) == ("minecraft:red_dye", 3)


def test_own_inventory_clicks_without_an_open_container(sim: SimServer) -> None:
    c = _setup(sim)
    sim.run_command("item replace entity Steve inventory.0 with stone 4")  # inventory slot 9 = menu slot 9
    out = c.click("Steve", 9, "pickup", 0)
    assert out["cursor"]["count"] == 4 and out["open"] is None
    out = c.click("Steve", 36, "pickup", 0)  # menu 36 = hotbar 0
    assert out["inventory"]["0"]["count"] == 4


def test_bad_clicks_are_refused(sim: SimServer) -> None:
    c = _setup(sim)
    c.open("Steve", CHEST)
    for body in (
        {"slot": 999, "mode": "pickup"},
        {"slot": 0, "mode": "juggle"},
        {"slot": "x", "mode": "pickup"},
    ):
        with pytest.raises(ControlError) as err:
            c.request("POST", "/players/Steve/click", body)
        assert err.value.status == 400


# -- custody ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_custody_copy_round_trip_keeps_an_enchanted_named_item_equal(sim_factory, version: str) -> None:  # type: ignore[no-untyped-def]
    sim = sim_factory(version=version)
    c = ControlClient(sim.control_port)
    c.join("Steve")
    sim.run_command("setblock 100 -60 100 barrel")
    sim.run_command("forceload add 100 100")
    if version == "1.20.5":
        sword = (
            'diamond_sword[custom_name=\'{"text":"Excalibur","color":"gold"}\','
            "enchantments={levels:{sharpness:5,unbreaking:3}},damage=12,lore=['\"old\"']]"
        )
    else:
        sword = (
            'diamond_sword[custom_name={text:"Excalibur",color:"gold"},'
            "enchantments={sharpness:5,unbreaking:3},damage=12,lore=['old']]"
        )
    assert sim.run_command(f"item replace entity Steve hotbar.4 with {sword}").startswith(
        "Replaced a slot on Steve"
    )
    before = sim.run_command("data get entity Steve Inventory[0]")
    reply = sim.run_command("item replace block 100 -60 100 container.0 from entity Steve hotbar.4")
    assert reply == "Replaced a slot at 100, -60, 100 with [Excalibur]"
    assert sim.run_command("clear Steve diamond_sword") == "Removed 1 item(s) from player Steve"
    assert sim.run_command(
        "item replace entity Steve hotbar.4 from block 100 -60 100 container.0"
    ).startswith("Replaced a slot on Steve")
    after = sim.run_command("data get entity Steve Inventory[0]")
    assert after == before
    assert c.player("Steve")["inventory"]["4"]["snbt"] == c.world()["containers"][0]["items"]["0"]["snbt"]
