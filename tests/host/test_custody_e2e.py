"""Custody (預かり) end to end: exact copies of enchanted and named items, admin stop, shutdown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host import CustodyState
from tests.host.rig import Rig, make_rig, settings, table

ITEMS = {
    "1.21.6": [
        ('diamond_sword[enchantments={sharpness:5,looting:3},custom_name="Excalibur",lore=["old"]]', 1),
        ('shield[custom_name={text:"盾",color:"gold"}]', 1),
        ("dirt", 64),
        ("golden_apple", 7),
    ],
    "1.20.5": [
        (
            "diamond_sword[enchantments={levels:{sharpness:5,looting:3}},"
            "custom_name='\"Excalibur\"',lore=['\"old\"']]",
            1,
        ),
        ('shield[custom_name=\'{"text":"盾","color":"gold"}\']', 1),
        ("dirt", 64),
        ("golden_apple", 7),
    ],
}


def _equip(rig: Rig, name: str) -> dict[str, Any]:
    for item, count in ITEMS[rig.version]:
        rig.give(name, item, count)
    helmet = (
        "iron_helmet[enchantments={protection:4}]"
        if rig.version != "1.20.5"
        else ("iron_helmet[enchantments={levels:{protection:4}}]")
    )
    for slot, item in (("armor.head", helmet), ("weapon.offhand", "torch 16"), ("container.20", "arrow 33")):
        assert rig.sim.run_command(f"item replace entity {name} {slot} with {item}").startswith("Replaced")
    return _everything(rig, name)


def _everything(rig: Rig, name: str) -> dict[str, Any]:
    """Every slot (the sim lists armour as 36–39 and the off hand as 40), the ender chest and the cursor."""
    out = dict(rig.inventory(name))
    out["cursor"] = rig.ctl.player(name)["cursor"]
    return out


@pytest.mark.parametrize("version", ["1.21.6", "1.20.5"])
def test_custody_copies_exactly_and_gives_back(sim_factory: Any, tmp_path: Path, version: str) -> None:
    rig = make_rig(sim_factory, tmp_path, version=version, flavor="paper")
    rig.start_daemon()
    rig.join("Steve")
    before = _equip(rig, "Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    held = rig.ctl.player("Steve")
    assert held["inventory"] == {} and _everything(rig, "Steve") != before
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.host.custody.state("Steve") is None)
    rig.settle(0.1)
    assert _everything(rig, "Steve") == before
    steps = [step for _, step, _ in rig.host.ledger.log("Steve")]
    assert steps == [
        *("begin", "frozen", "copied", "held", "thawed"),  # taken while frozen
        *("frozen", "restoring", "delivered", "thawed", "restored", "closed"),  # given back while frozen
    ]
    assert rig.ctl.player("Steve")["game_mode"] == "survival"
    lockers = [c for c in rig.ctl.world()["containers"] if c.get("items")]
    assert lockers == []  # nothing left behind
    assert rig.invalid() == []


def test_admin_stop_gives_everyone_back(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=3), admins={"Admin"}))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid", "Dee"]
    rig.join(*people, "Admin")
    before = {name: _equip(rig, name) for name in people}
    for name in people[:3]:
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == 3)
    rig.dfg("Ann", "start")
    assert rig.until(lambda: rig.table().run is not None)
    rig.dfg("Dee", "join")  # waits in the lobby
    assert rig.until(lambda: "Dee" in rig.table().lobby)
    rig.dfg("Ann", "admin stop")  # not an admin
    rig.settle(0.2)
    assert rig.table().run is not None and any("管理者専用" in c for c in rig.chat("Ann"))
    rig.dfg("Admin", "admin stop")
    assert rig.until(lambda: rig.table().run is None and not rig.table().lobby.members)
    rig.settle(0.2)
    for name in people:
        assert _everything(rig, name) == before[name], name
        assert rig.ctl.player(name)["vehicle"] is None
    assert rig.host.ledger.all() == []
    assert rig.invalid() == []


def test_shutdown_gives_back_and_offline_players_get_theirs_on_join(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path)
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    before = {name: _equip(rig, name) for name in people}
    for name in people:
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == 3)
    rig.dfg("Ann", "start")
    assert rig.until(lambda: rig.table().run is not None)
    rig.ctl.disconnect("Cid")
    assert rig.until(lambda: "Cid" not in rig.host.ctx.online)
    rig.stop_daemon(restore=True)  # what SIGTERM does
    for name in ("Ann", "Bob"):
        assert _everything(rig, name) == before[name]
    rig.start_daemon()  # a new daemon; Cid's items are still in custody
    assert rig.host.custody.state("Cid") is CustodyState.HELD
    rig.ctl.join("Cid")
    assert rig.until(lambda: rig.host.custody.state("Cid") is None)
    rig.settle(0.1)
    assert _everything(rig, "Cid") == before["Cid"]
    assert rig.invalid() == []


def test_no_free_locker_refuses_the_join_and_keeps_everything(sim_factory: Any, tmp_path: Path) -> None:
    tiny = replace(settings(), lockers=replace(settings().lockers, size=(1, 1, 1)))  # one locker: too few
    rig = make_rig(sim_factory, tmp_path, host_settings=tiny)
    rig.start_daemon()
    rig.join("Steve")
    before = _equip(rig, "Steve")
    rig.dfg("Steve", "join")
    rig.settle(0.3)
    assert "Steve" not in rig.table().lobby
    assert _everything(rig, "Steve") == before
    assert any("保管箱が足りません" in c for c in rig.chat("Steve"))
