"""Staged races and chaos (``/races``, ``/chaos``, ``/players/{name}/act``) and the item facts they rest on.

Each Minecraft fact is pinned with its source: the decompiled 1.21.1 server
(``ServerGamePacketListenerImpl``, ``AbstractContainerMenu``, ``Player``, ``ServerPlayer``) and
ARCHITECTURE §9 (what a real 1.21.8 server showed).
"""

from __future__ import annotations

from typing import Any

import pytest

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient, ControlError

VERSIONS = ["1.20.5", "1.21.1", "1.21.4", "1.21.6"]


def _setup(sim_factory: Any, version: str = "1.21.6") -> tuple[SimServer, ControlClient]:
    sim = sim_factory(version=version)
    ctl = ControlClient(sim.control_port)
    ctl.join("Steve")
    for item, n in (("diamond", 64), ("dirt", 10), ("torch", 5)):
        assert sim.run_command(f"give Steve {item} {n}").startswith("Gave")
    return sim, ctl


def _inv(ctl: ControlClient, name: str = "Steve") -> dict[str, tuple[str, int]]:
    return {k: (v["id"], v["count"]) for k, v in ctl.player(name)["inventory"].items()}


def _ground(ctl: ControlClient) -> list[tuple[str, int]]:
    items = [e["nbt"]["Item"] for e in ctl.world()["entities"] if e["type"] == "minecraft:item"]
    return sorted((i["id"], i["count"]) for i in items)


@pytest.mark.parametrize("version", VERSIONS)
def test_clear_empties_cursor_and_crafting_grid(sim_factory: Any, version: str) -> None:
    # ARCHITECTURE §9 (real 1.21.8): `clear <player> *` also empties the cursor and the 2x2 crafting grid
    # (Inventory.clearOrCountMatchingItems(predicate, max, inventoryMenu.getCraftSlots()) + carried).
    sim, ctl = _setup(sim_factory, version)
    ctl.act("Steve", {"kind": "craft", "slot": 1, "grid": 2})
    ctl.act("Steve", {"kind": "hold", "slot": 2})
    seen = ctl.player("Steve")
    assert seen["crafting"]["2"]["id"] == "minecraft:dirt" and seen["cursor"]["id"] == "minecraft:torch"
    assert sim.run_command("clear Steve * 0") == "Found 79 matching item(s) on player Steve"
    assert sim.run_command("clear Steve") == "Removed 79 item(s) from player Steve"
    seen = ctl.player("Steve")
    assert seen["inventory"] == {} and seen["crafting"] == {} and seen["cursor"] is None


@pytest.mark.parametrize("version", VERSIONS)
def test_cursor_and_crafting_slots_are_addressable(sim_factory: Any, version: str) -> None:
    # `player.cursor` and `player.crafting.0-3` are item slots since 1.20.5 (SlotRanges).
    sim, ctl = _setup(sim_factory, version)
    ctl.act("Steve", {"kind": "craft", "slot": 0, "grid": 3})
    test = "execute if items entity Steve player.crafting.* minecraft:diamond"
    assert sim.run_command(test) == "Test passed, count: 64"
    assert sim.run_command("execute unless items entity Steve player.crafting.2 *") == "Test passed"
    sim.run_command("setblock 5 60 5 minecraft:barrel")
    copy = "item replace block 5 60 5 container.0 from entity Steve player.crafting.3"
    assert sim.run_command(copy).startswith("Replaced")
    barrel = next(c for c in ctl.world()["containers"] if c["pos"] == [5, 60, 5])
    assert barrel["items"]["0"]["count"] == 64
    sim.run_command("item replace entity Steve player.crafting.3 with air")
    assert ctl.player("Steve")["crafting"] == {}


def test_spectators_cannot_drop_move_or_click(sim_factory: Any) -> None:
    # 1.21.1 ServerGamePacketListenerImpl: handleContainerClick answers a spectator with
    # sendAllDataToRemote(); DROP_ITEM, DROP_ALL_ITEMS and SWAP_ITEM_WITH_OFFHAND skip spectators.
    sim, ctl = _setup(sim_factory)
    before = _inv(ctl)
    assert sim.run_command("gamemode spectator Steve") == "Set Steve's game mode to Spectator Mode"
    for action in (
        {"kind": "drop", "slot": 0, "all": True},
        {"kind": "move", "from": 0, "to": 20},
        {"kind": "swap_hotbar", "slot": 1, "hotbar": 8},
        {"kind": "hold", "slot": 2},
        {"kind": "craft", "slot": 0, "grid": 0},
        {"kind": "offhand"},
        {"kind": "die"},
    ):
        result = ctl.act("Steve", action)
        assert result["done"] is False and result["changed"] == [], action
    assert ctl.click("Steve", 36, "throw", 1)["ignored"] is True
    assert _inv(ctl) == before and _ground(ctl) == []


def test_closing_a_screen_puts_cursor_and_grid_back_even_for_a_spectator(sim_factory: Any) -> None:
    # handleContainerClose has no spectator check: doCloseContainer -> removed() ->
    # placeItemBackInInventory for the carried stack and clearContainer(craftSlots) for the grid.
    sim, ctl = _setup(sim_factory)
    ctl.act("Steve", {"kind": "craft", "slot": 1, "grid": 0})
    ctl.act("Steve", {"kind": "hold", "slot": 2})
    sim.run_command("gamemode spectator Steve")
    assert ctl.act("Steve", {"kind": "close"})["changed"]
    seen = ctl.player("Steve")
    assert seen["cursor"] is None and seen["crafting"] == {}
    expected = [("minecraft:diamond", 64), ("minecraft:dirt", 10), ("minecraft:torch", 5)]
    assert sorted(_inv(ctl).values()) == expected


def test_disconnecting_drops_cursor_and_grid(sim_factory: Any) -> None:
    # Player.remove -> inventoryMenu.removed / doCloseContainer after PlayerList.remove saved the player;
    # with hasDisconnected() the carried stack and the crafting grid are dropped (AbstractContainerMenu
    # .removed, clearContainer), not put back.
    _sim, ctl = _setup(sim_factory)
    ctl.act("Steve", {"kind": "craft", "slot": 1, "grid": 0})
    ctl.act("Steve", {"kind": "hold", "slot": 2})
    ctl.act("Steve", {"kind": "disconnect"})
    assert _ground(ctl) == [("minecraft:dirt", 10), ("minecraft:torch", 5)]
    ctl.act("Steve", {"kind": "rejoin"})
    assert _inv(ctl) == {"0": ("minecraft:diamond", 64)}


def test_spectator_mode_dismounts(sim_factory: Any) -> None:
    # ServerPlayer.setGameMode(SPECTATOR): removeEntitiesOnShoulder(); stopRiding().
    sim, ctl = _setup(sim_factory)
    sim.run_command('summon armor_stand 0 64 0 {Tags:["seat"]}')
    sim.run_command("ride Steve mount @e[tag=seat,limit=1]")
    assert ctl.player("Steve")["vehicle"] is not None
    sim.run_command("gamemode spectator Steve")
    assert ctl.player("Steve")["vehicle"] is None


def test_die_drops_everything(sim_factory: Any) -> None:
    _sim, ctl = _setup(sim_factory)
    ctl.act("Steve", {"kind": "hold", "slot": 1})
    assert ctl.act("Steve", {"kind": "die"})["died"] is True
    assert ctl.player("Steve")["inventory"] == {} and ctl.player("Steve")["cursor"] is None
    assert _ground(ctl) == [("minecraft:diamond", 64), ("minecraft:dirt", 10), ("minecraft:torch", 5)]


def test_player_actions_move_items_like_a_client(sim_factory: Any) -> None:
    _sim, ctl = _setup(sim_factory)
    ctl.act("Steve", {"kind": "move", "from": 0, "to": 20})
    assert _inv(ctl)["20"] == ("minecraft:diamond", 64) and "0" not in _inv(ctl)
    ctl.act("Steve", {"kind": "move", "from": 20, "to": 1})  # a swap
    assert _inv(ctl)["1"] == ("minecraft:diamond", 64) and _inv(ctl)["20"] == ("minecraft:dirt", 10)
    ctl.act("Steve", {"kind": "swap_hotbar", "slot": 20, "hotbar": 8})
    assert _inv(ctl)["8"] == ("minecraft:dirt", 10)
    ctl.act("Steve", {"kind": "drop", "slot": 8})
    assert _inv(ctl)["8"] == ("minecraft:dirt", 9) and _ground(ctl) == [("minecraft:dirt", 1)]
    ctl.act("Steve", {"kind": "drop", "slot": 8, "all": True})
    assert "8" not in _inv(ctl)
    shot = ctl.act("Steve", {"kind": "snapshot"})
    assert set(shot["slots"]) == {"inv.1", "inv.2"} and shot["slots"]["inv.1"].startswith("{")
    with pytest.raises(ControlError) as bad:
        ctl.act("Steve", {"kind": "juggle"})
    assert bad.value.status == 400


@pytest.mark.parametrize("version", VERSIONS)
def test_a_race_runs_its_action_just_before_the_matching_command(sim_factory: Any, version: str) -> None:
    sim, ctl = _setup(sim_factory, version)
    race = ctl.race(r"^clear Steve$", "Steve", {"kind": "drop", "slot": 0, "all": True})
    assert race["id"] >= 1 and ctl.races()["races"][0]["match"] == "^clear Steve$"
    assert sim.run_command("say hello") == ""  # not matching: nothing happens
    assert _inv(ctl)["0"] == ("minecraft:diamond", 64)
    # The 64 diamonds were thrown just before the clear.
    assert sim.run_command("clear Steve") == "Removed 15 item(s) from player Steve"
    assert _ground(ctl) == [("minecraft:diamond", 64)]
    state = ctl.races()
    assert state["races"] == []  # count 1: disarmed after firing
    [fired] = state["fired"]
    assert fired["before"] == "clear Steve" and fired["result"]["changed"] == ["inv.0"]


def test_race_count_delete_and_errors(sim_factory: Any) -> None:
    sim, ctl = _setup(sim_factory)
    race = ctl.race("^say", "Steve", {"kind": "drop", "slot": 1}, count=3)
    for _ in range(4):
        sim.run_command("say x")
    assert _inv(ctl)["1"] == ("minecraft:dirt", 7)
    ctl.race("^say", "Nobody", {"kind": "drop", "slot": 1})
    sim.run_command("say y")  # the action fails (no such player); the command still runs
    assert ctl.races()["fired"][-1]["error"]["code"] == "not_online"
    second = ctl.race("^say", "Steve", {"kind": "drop", "slot": 1})
    assert ctl.clear_races(second["id"])["removed"] == 1 and ctl.clear_races(race["id"])["removed"] == 0
    assert ctl.clear_races()["removed"] == 0 and ctl.races()["fired"] == []
    for body in (
        {"match": "(", "player": "Steve", "action": {"kind": "drop"}},
        {"match": "x", "player": "Steve", "action": "drop"},
        {"match": "x", "player": "Steve", "action": {"kind": "drop"}, "count": 0},
    ):
        with pytest.raises(ControlError) as bad:
            ctl.request("POST", "/races", body)
        assert bad.value.status == 400


def _chaos_run(sim_factory: Any, seed: int) -> list[tuple[str, Any]]:
    sim, ctl = _setup(sim_factory)
    ctl.join("Alex")
    sim.run_command("give Alex cobblestone 64")
    ctl.chaos(seed, ["Steve", "Alex"], probability=0.5, match="^say", limit=30)
    for i in range(80):
        sim.run_command(f"say {i}")
        sim.run_command("list")  # not matching: never preceded by chaos
    state = ctl.chaos_state()
    assert state["chaos"]["performed"] == 30
    assert all(e["before"].startswith("say") for e in state["performed"])
    ctl.stop_chaos()
    assert ctl.chaos_state()["chaos"] is None
    return [(e["player"], e["action"]) for e in state["performed"]]


def test_chaos_is_deterministic_for_a_seed(sim_factory: Any) -> None:
    first = _chaos_run(sim_factory, 7)
    assert first == _chaos_run(sim_factory, 7)
    assert first != _chaos_run(sim_factory, 8)
    kinds = {a["kind"] for _, a in first}
    assert len(kinds) >= 5


def test_chaos_rejects_bad_settings(sim_factory: Any) -> None:
    _sim, ctl = _setup(sim_factory)
    for body in (
        {"seed": "x", "players": ["Steve"]},
        {"seed": 1, "players": []},
        {"seed": 1, "players": ["Steve"], "probability": 2},
        {"seed": 1, "players": ["Steve"], "actions": ["fly"]},
    ):
        with pytest.raises(ControlError) as bad:
            ctl.request("POST", "/chaos", body)
        assert bad.value.status == 400


def _locked_chest(sim: SimServer, version: str, pos: tuple[int, int, int]) -> None:
    lock = '{Lock:"secret"}' if version < "1.21.2" else '{lock:{items:"minecraft:nether_star"}}'
    x, y, z = pos
    assert sim.run_command(f"setblock {x} {y} {z} minecraft:chest{lock}").startswith("Changed")
    fill = f"item replace block {x} {y} {z} container.0 with emerald 9"
    assert sim.run_command(fill).startswith("Replaced")


@pytest.mark.parametrize("version", VERSIONS)
def test_a_spectator_opens_a_locked_chest_and_keeps_it_open_after_the_mode_is_back(
    sim_factory: Any, version: str
) -> None:
    # BaseContainerBlockEntity.canUnlock: player.isSpectator() || lock.unlocksWith(held item); the lock
    # is only checked when the menu opens, so the menu stays usable once the mode is survival again.
    sim, ctl = _setup(sim_factory, version)
    _locked_chest(sim, version, (1, 64, 1))
    sim.run_command("tp Steve 0.5 64 0.5")
    assert ctl.act("Steve", {"kind": "open", "pos": [1, 64, 1]})["opened"] is False  # locked
    sim.run_command("gamemode spectator Steve")
    assert ctl.act("Steve", {"kind": "open", "pos": [1, 64, 1]})["opened"] is True
    sim.run_command("gamemode survival Steve")
    ctl.click("Steve", 0, "quick_move")
    assert ("minecraft:emerald", 9) in _inv(ctl).values()  # taken out of a chest they cannot open


def test_teleporting_out_of_range_closes_an_open_chest(sim_factory: Any) -> None:
    # ServerPlayer.tick closes the menu once containerMenu.stillValid fails (canInteractWithBlock(pos, 4.0)).
    sim, ctl = _setup(sim_factory)
    sim.run_command("setblock 1 64 1 minecraft:chest")
    sim.run_command("tp Steve 0.5 64 0.5")
    assert ctl.act("Steve", {"kind": "open", "pos": [1, 64, 1]})["opened"] is True
    sim.run_command("tp Steve 3.5 64 3.5")  # still in range
    assert ctl.player("Steve")["open"] is not None
    sim.run_command("execute at Steve run tp Steve 0.5 400 0.5")
    assert ctl.player("Steve")["open"] is None
    with pytest.raises(ControlError) as far:
        ctl.act("Steve", {"kind": "open", "pos": [1, 64, 1]})
    assert far.value.code == "out_of_reach"
