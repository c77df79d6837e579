"""Privacy: a seat's chest opens only for the seated player holding the seat's 「手札を開く」 key.

Every way the sim models opening is tried by another player: empty hand, in reach or not, holding a
book renamed like a key, holding their own seat's key, holding a copy of the key's name. The lock
syntax differs: 1.20.5–1.21.1 ``Lock:"<name>"`` (the held item's name), 1.21.2+ ``lock:{…}`` (an item
predicate on the key's ``custom_data``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host.handscreen.screen import ChestSurface
from tests.host.handscreen.handrig import hand_rig
from tests.host.rig import Rig


def _book(rig: Rig, player: str, name: str) -> None:
    quoted = name.replace('"', '\\"')
    if rig.version >= "1.21.5":
        item = f'minecraft:book[custom_name="{quoted}"]'
    else:
        item = f"minecraft:book[custom_name='\"{quoted}\"']"
    assert rig.sim.run_command(f"item replace entity {player} hotbar.0 with {item}").startswith("Replaced")


def _tries(rig: Rig, player: str, pos: list[int], **kw: Any) -> dict[str, Any]:
    result: dict[str, Any] = rig.ctl.open(player, pos, slot=kw.pop("slot", 0), **kw)
    if result.get("opened"):
        rig.ctl.close(player)
    return result


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_only_the_seated_player_with_the_key_opens_the_chest(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = hand_rig(sim_factory, tmp_path, version=version, flavor="paper", turn=600.0)
    rig.start_daemon()
    rig.join("Steve", "Alex", "Eve")
    for name in ("Steve", "Alex"):
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == 2)
    rig.dfg("Steve", "start cpu")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None)
    rig.settle(0.3)
    screens = {name: tbl.hands.screen_of(name) for name in ("Steve", "Alex")}
    steve, alex = screens["Steve"], screens["Alex"]
    assert steve is not None and alex is not None
    assert isinstance(steve.surface, ChestSurface) and isinstance(alex.surface, ChestSurface)
    steve_chest, alex_chest = list(steve.surface.top), list(alex.surface.top)
    key_name = tbl.hands.key_name(steve.seat)

    # The seated player: with the key in hand it opens, with another hotbar slot selected it does not.
    assert _tries(rig, "Steve", steve_chest)["opened"]
    denied = _tries(rig, "Steve", steve_chest, slot=4)
    assert denied["reason"] == "locked" and "手札" in denied["message"]

    # Eve (not at the table) stands right next to Steve's chest.
    x, y, z = steve_chest
    rig.sim.run_command(f"tp Eve {x + 1.5} {y} {z + 0.5}")
    for attempt in ({}, {"force": True}):
        assert _tries(rig, "Eve", steve_chest, **attempt)["reason"] == "locked"
    _book(rig, "Eve", "手札を開く")  # the key's visible name, renamed on an anvil
    assert _tries(rig, "Eve", steve_chest)["reason"] == "locked"
    _book(rig, "Eve", f"手札を開く {tbl.id}-1")  # the name the setup locks chests with before a match
    assert _tries(rig, "Eve", steve_chest)["reason"] == "locked"
    _book(rig, "Eve", key_name)  # the exact name of this match's key (with its secret)
    forged = _tries(rig, "Eve", steve_chest)
    if version >= "1.21.2":
        assert forged["reason"] == "locked"  # the lock is the key's custom_data, which no anvil writes
    else:
        # 1.20.5-1.21.1 locks are names: whoever learns the key's name can open. The per-match secret in
        # the name is what keeps it unguessable (documented in the README).
        assert forged["opened"] is True

    # Alex, seated at the same table, holds his own key: it opens his chest, not Steve's.
    rig.sim.run_command(f"tp Alex {x + 1.5} {y} {z + 0.5}")
    assert _tries(rig, "Alex", steve_chest, force=True)["reason"] == "locked"
    assert _tries(rig, "Alex", alex_chest, force=True)["opened"]
    # Another player's key never works, whatever slot it is in.
    for slot in range(9):
        assert _tries(rig, "Alex", steve_chest, force=True, slot=slot)["reason"] == "locked"

    # After the match the keys are gone and the chests are empty and still locked.
    rig.dfg("Steve", "leave")
    rig.dfg("Alex", "leave")
    assert rig.until(lambda: tbl.run is None, 10)
    rig.settle(0.3)
    assert _tries(rig, "Steve", steve_chest, force=True)["reason"] == "locked"
    world = {tuple(c["pos"]): c for c in rig.ctl.world()["containers"]}
    assert world[tuple(steve_chest)]["items"] == {} and world[tuple(alex_chest)]["items"] == {}
    assert rig.invalid() == []
