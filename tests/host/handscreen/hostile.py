"""Helpers for the hostile-player tests of the hand screen (issues 12 and 13).

``VERSIONS`` lists the releases every such test runs on; newer vendored releases slot in here.
Slots of the player in ``GET /players/{name}`` are inventory indices (0–8 hotbar, 9–35 main); in an
open chest screen the player's own slots follow the container's: main rows first, then the hotbar.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from dfg_bridge.host.handscreen import CHEST
from dfg_bridge.host.handscreen.screen import ChestSurface, HandScreen
from dfg_bridge.host.table import Table
from tests.host.rig import Rig, make_rig, settings, table, with_durations

VERSIONS = ("1.20.5", "1.21.1", "1.21.4", "1.21.6")
"""Releases the hostile-player tests run on (1.20.5–1.21.1 name locks, 1.21.2+ predicate locks)."""


def slow_rig(sim_factory: Any, tmp_path: Path, version: str, *, cpu: float = 1.0, flavor: str = "paper",
             **kw: Any) -> Rig:  # fmt: skip
    """One 4-seat table whose CPUs think ``cpu`` seconds (long off-turn windows), long turns."""
    t = with_durations(table(seats=4, rounds=2), turn=120.0, exchange=120.0, cpu_min=cpu, cpu_max=cpu)
    return make_rig(sim_factory, tmp_path, version=version, flavor=flavor, host_settings=settings(t, **kw))


def start_cpu_match(rig: Rig, *humans: str) -> Table:
    """The humans join and the first starts a CPU match; returns the table once round 1 is dealt."""
    rig.join(*humans)
    for name in humans:
        rig.dfg(name, "join")
    assert rig.until(lambda: all(n in rig.table().lobby for n in humans))
    rig.dfg(humans[0], "start cpu")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None, 10)
    assert rig.until(lambda: all(_drawn(tbl, n) for n in humans), 10)
    return tbl


def _drawn(tbl: Table, name: str) -> bool:
    screen = tbl.hands.screen_of(name)
    return screen is not None and bool(screen.drawn)


def screen(tbl: Table, name: str) -> HandScreen:
    found = tbl.hands.screen_of(name)
    assert found is not None, f"{name} is not seated"
    return found


def chest_of(tbl: Table, name: str) -> ChestSurface:
    surface = screen(tbl, name).surface
    assert isinstance(surface, ChestSurface)
    return surface


def may_act(tbl: Table, name: str) -> bool:
    run = tbl.run
    seat = run.seat_of(name) if run is not None else None
    return bool(run is not None and run.round is not None and not run.round.over and seat in tbl.awaiting())


def ours(stack: dict[str, Any] | None) -> bool:
    data = (stack or {}).get("custom_data") or {}
    return isinstance(data, dict) and "dfg" in data


def is_key(stack: dict[str, Any] | None) -> bool:
    data = (stack or {}).get("custom_data") or {}
    return isinstance(data, dict) and str((data.get("dfg") or {}).get("id", "")).startswith("key_")


def keys(rig: Rig, name: str) -> dict[str, dict[str, Any]]:
    """Every key book of ours the player has: ``{"inv.N" | "ender.N" | "cursor": stack}``."""
    player = rig.ctl.player(name)
    found = {f"inv.{k}": v for k, v in player["inventory"].items() if is_key(v)}
    found.update({f"ender.{k}": v for k, v in player["ender_chest"].items() if is_key(v)})
    if is_key(player["cursor"]):
        found["cursor"] = player["cursor"]
    return found


def key_slot(rig: Rig, name: str) -> int:
    """The inventory slot of the player's key (for ``open(..., slot=…)`` it must be in the hotbar)."""
    found = [int(k.split(".")[1]) for k in keys(rig, name) if k.startswith("inv.")]
    assert len(found) == 1, f"{name} holds {len(found)} keys"
    return found[0]


def cards_held(rig: Rig, name: str) -> int:
    """Stacks of ours other than keys on the player: inventory, cursor, crafting grid, ender chest."""
    player = rig.ctl.player(name)
    stacks = [*player["inventory"].values(), *player["ender_chest"].values(), player["cursor"]]
    stacks += (
        list((player.get("crafting") or {}).values()) if isinstance(player.get("crafting"), dict) else []
    )
    return sum(1 for s in stacks if ours(s) and not is_key(s))


def dropped_ours(rig: Rig) -> int:
    return sum(
        1 for e in rig.ctl.world()["entities"] if e["type"] == "minecraft:item" and "dfg" in str(e["nbt"])
    )


def container_items(rig: Rig, pos: tuple[int, int, int] | list[int]) -> dict[str, Any]:
    world = {tuple(c["pos"]): c for c in rig.ctl.world()["containers"]}
    found: dict[str, Any] = world.get(tuple(pos), {}).get("items", {})
    return found


def open_own(rig: Rig, tbl: Table, name: str) -> None:
    """Open the seat's chest holding the key (selecting its hotbar slot)."""
    result = rig.ctl.open(name, list(chest_of(tbl, name).top), slot=key_slot(rig, name))
    assert result.get("opened"), result


def shown(rig: Rig, name: str) -> dict[int, tuple[str, int]]:
    """What the player sees in the open screen: ``{slot: (item, count)}`` (container slots only)."""
    opened = rig.ctl.player(name)["open"]
    assert opened is not None
    return {int(k): (v["id"], v["count"]) for k, v in opened["slots"].items() if int(k) < CHEST.size}


def drawn(tbl: Table, name: str) -> dict[int, tuple[str, int]]:
    """What the daemon believes the screen shows."""
    cells = screen(tbl, name).drawn or {}
    return {slot: ("minecraft:" + c.spec.item, c.spec.count) for slot, c in cells.items()}


def card_slots(tbl: Table, name: str) -> list[int]:
    """Screen slots showing a card of the player's hand."""
    return sorted(s for s, c in (screen(tbl, name).drawn or {}).items() if isinstance(c.target, int))


def menu_index_of_inventory(slot: int, container: int = CHEST.size) -> int:
    """The open screen's index of inventory ``slot`` (main rows after the container, then the hotbar)."""
    return container + (slot - 9) if slot >= 9 else container + 27 + slot


def wait(rig: Rig, seconds: float) -> None:
    """Let the daemon run for ``seconds`` (as time passes for a player between two clicks)."""
    rig.until(lambda: False, seconds)


def until(rig: Rig, done: Any, timeout: float) -> float:
    """Run the daemon until ``done()``; returns the seconds it took (asserts it happened)."""
    start = time.monotonic()
    assert rig.until(done, timeout), "did not happen in time"
    return time.monotonic() - start
