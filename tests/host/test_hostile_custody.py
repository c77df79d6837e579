"""Hostile and unlucky players against custody (issue 12 items 1, 2, 3, 7, 8, 9), staged with the sim's races.

Every case runs on 1.20.5, 1.21.1, 1.21.4 and 1.21.6 (add a version to ``VERSIONS`` and it runs there
too). A race performs the player's action on the server thread just before the daemon's next command
matching a pattern, so "throws the stack between the copy and the clear" happens exactly there, every
time. Each test checks that no item was lost or duplicated anywhere in the world (``census``), that
a completed custody cycle gives back every slot exactly, and that "Your items have been returned" is
said only when it is true.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host import CustodyState
from dfg_bridge.rcon.errors import RconError, RconErrorCode
from tests.host.audit import census, difference, slots
from tests.host.rig import Rig, make_rig

VERSIONS = ["1.20.5", "1.21.1", "1.21.4", "1.21.6"]
RETURNED = "預かっていた持ち物を返しました"

CLEAR = r"run clear Steve( \*)?$"
"""The atomic custody clear (not the ``clear Steve * 0`` count)."""
FIRST_READ = r"^data get entity Steve Inventory$"


def _rig(sim_factory: Any, tmp_path: Path, version: str, **kw: Any) -> Rig:
    rig = make_rig(sim_factory, tmp_path, version=version, flavor="paper", **kw)
    rig.start_daemon()
    return rig


def _equip(rig: Rig, name: str = "Steve") -> None:
    rig.join(name)
    for item, count in (("diamond", 64), ("dirt", 32), ("golden_apple", 7), ("torch", 20)):
        rig.give(name, item, count)


def _said(rig: Rig, text: str, name: str = "Steve") -> int:
    return sum(text in line for line in rig.chat(name))


def _equipped(sim_factory: Any, tmp_path: Path, version: str) -> tuple[Rig, Any, dict[str, str]]:
    """A daemon, Steve with items, the world's census and Steve's slots before anything happens."""
    rig = _rig(sim_factory, tmp_path, version)
    _equip(rig)
    return rig, census(rig.sim), slots(rig.sim, "Steve")


def _no_loss_no_dupe(before: Any, rig: Rig) -> None:
    assert difference(before, census(rig.sim)) == (0, 0)


@pytest.mark.parametrize("version", VERSIONS)
def test_item1_throw_between_copy_and_clear_duplicates_nothing(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig, world, mine = _equipped(sim_factory, tmp_path, version)
    rig.ctl.race(CLEAR, "Steve", {"kind": "drop", "slot": 0, "all": True})  # Ctrl+Q just before the clear
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.ctl.races()["races"] == [] and "Steve" in rig.table().lobby)
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.host.ledger.all() == [] and _said(rig, RETURNED) == 1)
    _no_loss_no_dupe(world, rig)
    assert slots(rig.sim, "Steve") == mine  # the throw changed nothing: the player was frozen
    assert rig.ctl.player("Steve")["game_mode"] == "survival"
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_item2_throw_during_give_back_is_never_copied_again(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig, world, mine = _equipped(sim_factory, tmp_path, version)
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    # Slot 0 is copied back first; the player throws it just before slot 1 is copied.
    throw = {"kind": "drop", "slot": 0, "all": True}
    rig.ctl.race(r"item replace entity Steve container\.1 from block", "Steve", throw)
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.ctl.races()["races"] == [])
    rig.settle(0.5)
    rig.ctl.act("Steve", {"kind": "relog"})  # a relog used to re-copy every stack not held: +64
    rig.until(lambda: rig.host.ledger.all() == [])
    rig.settle(0.5)
    _no_loss_no_dupe(world, rig)
    assert rig.host.ledger.all() == []
    assert slots(rig.sim, "Steve") == mine
    assert _said(rig, RETURNED) == 1


@pytest.mark.parametrize("version", VERSIONS)
def test_item3_disconnect_during_join_does_not_kill_the_daemon(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig, world, mine = _equipped(sim_factory, tmp_path, version)
    rig.ctl.race(CLEAR, "Steve", {"kind": "disconnect"})
    rig.dfg("Steve", "join")  # CustodyError(player=...) used to raise TypeError out of the loop
    assert rig.until(lambda: "Steve" not in rig.host.ctx.online)
    rig.settle(0.3)
    assert not rig.host.stopped and "Steve" not in rig.table().lobby
    rig.join("Alex")  # the loop goes on
    rig.dfg("Alex", "join")
    assert rig.until(lambda: "Alex" in rig.table().lobby)
    rig.ctl.act("Steve", {"kind": "rejoin"})
    thawed = lambda: rig.host.ledger.frozen() == {} and rig.ctl.player("Steve")["game_mode"] == "survival"  # noqa: E731
    assert rig.until(thawed)
    rig.settle(0.3)
    _no_loss_no_dupe(world, rig)
    assert slots(rig.sim, "Steve") == mine
    assert _said(rig, RETURNED) == 0  # nothing was taken, so nothing is "returned"


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("where", ["cursor", "crafting"])
def test_item7_item_on_cursor_or_in_crafting_grid_is_not_lost(
    sim_factory: Any, tmp_path: Path, version: str, where: str
) -> None:
    rig = _rig(sim_factory, tmp_path, version)
    _equip(rig)
    world = census(rig.sim)
    action = {"kind": "hold", "slot": 0} if where == "cursor" else {"kind": "craft", "slot": 0, "grid": 1}
    rig.ctl.race(FIRST_READ, "Steve", action)  # the item is off the inventory list when it is read
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.ctl.races()["races"] == [])
    rig.settle(0.3)
    _no_loss_no_dupe(world, rig)
    seen = rig.ctl.player("Steve")
    held = seen["cursor"] if where == "cursor" else seen["crafting"].get("1")
    if "Steve" in rig.table().lobby:  # a take that claims success must hold the stack
        rig.dfg("Steve", "leave")
        assert rig.until(lambda: rig.host.ledger.all() == [])
        rig.settle(0.2)
        _no_loss_no_dupe(world, rig)
    else:
        assert held is not None and held["id"] == "minecraft:diamond" and held["count"] == 64
        assert any("インベントリを閉じて" in line for line in rig.chat("Steve"))
        rig.ctl.act("Steve", {"kind": "close"})  # puts it back; now joining works
        mine = slots(rig.sim, "Steve")
        rig.dfg("Steve", "join")
        assert rig.until(lambda: "Steve" in rig.table().lobby)
        rig.dfg("Steve", "leave")
        assert rig.until(lambda: rig.host.ledger.all() == [] and _said(rig, RETURNED) == 1)
        assert slots(rig.sim, "Steve") == mine
    _no_loss_no_dupe(world, rig)


@pytest.mark.parametrize("version", VERSIONS)
def test_item8_no_room_then_an_identical_stack_skips_nothing(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = _rig(sim_factory, tmp_path, version)
    rig.join("Steve")
    rig.give("Steve", "cobblestone", 128)  # two stacks in custody
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    rig.give("Steve", "dirt", 64 * 36)  # in the lobby the inventory fills up
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: "Steve" not in rig.table().lobby)
    rig.settle(0.3)
    assert _said(rig, RETURNED) == 0 and rig.host.ledger.get("Steve") is not None
    assert rig.sim.run_command("clear Steve dirt").startswith("Removed")
    rig.give("Steve", "cobblestone", 128)  # the player now holds stacks identical to the custody ones
    rig.ctl.act("Steve", {"kind": "relog"})
    assert rig.until(lambda: rig.host.ledger.all() == [], 15)
    rig.settle(0.3)
    cobble = sum(v for k, v in census(rig.sim).items() if "cobblestone" in k)
    assert cobble == 256  # 128 of their own + 128 given back (today: 128, the locker wiped)
    assert _said(rig, RETURNED) == 1


class _Gate:
    """The RCON link as the host sees it: ``down`` makes every command fail as a dropped link does."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.down = inner, False

    def run(self, command: str) -> str:
        if self.down:
            raise RconError(RconErrorCode.DISCONNECTED, "RCON is down (test gate)")
        reply: str = self.inner.run(command)
        return reply


@pytest.mark.parametrize("version", VERSIONS)
def test_item9_rejoin_while_rcon_reconnects_gets_items_back(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    from dfg_bridge.host import LinkDown, LinkUp

    gates: list[_Gate] = []

    def wrap(inner: Any) -> _Gate:
        gates.append(_Gate(inner))
        return gates[-1]

    rig = make_rig(sim_factory, tmp_path, version=version, flavor="paper")
    rig.start_daemon(wrap=wrap)
    _equip(rig)
    mine = slots(rig.sim, "Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    gates[0].down = True  # the server restarts: the link is down for a while
    rig.host.post(LinkDown())
    rig.ctl.act("Steve", {"kind": "relog"})  # their leave and rejoin arrive while the link is down
    rig.settle(0.5)
    # Events that need RCON wait for the link (issue 13 item 6): nothing has been given back yet.
    assert rig.host.ledger.get("Steve") is not None
    gates[0].down = False
    rig.host.post(LinkUp())  # resync: the held leave is dropped (Steve is online again), the join kept
    rig.settle(0.5)
    # Nothing is stuck: Steve is still a lobby member whose items are held, and `/dfg leave` (which
    # used to answer "not in the lobby") gives everything back.
    assert "Steve" in rig.table().lobby and rig.host.custody.state("Steve") is CustodyState.HELD
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.host.ledger.all() == [], 5)
    rig.settle(0.2)
    assert slots(rig.sim, "Steve") == mine and _said(rig, RETURNED) == 1


@pytest.mark.parametrize("version", ["1.21.6"])
def test_item9_a_record_without_a_table_is_released_on_reconnect(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    """What startup does, the reconnect does too: an online player with a record and no table gets
    their items back (here the record is left by a leave handled just before the link dropped)."""
    from dfg_bridge.host import LinkDown, LinkUp

    gates: list[_Gate] = []

    def wrap(inner: Any) -> _Gate:
        gates.append(_Gate(inner))
        return gates[-1]

    rig = make_rig(sim_factory, tmp_path, version=version, flavor="paper")
    rig.start_daemon(wrap=wrap)
    _equip(rig)
    mine = slots(rig.sim, "Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    gates[0].down = True
    rig.host.post(LinkDown())
    rig.settle(0.3)
    rig.table().lobby.remove("Steve")  # as if their leave was handled but the give-back never ran
    gates[0].down = False
    rig.host.post(LinkUp())
    assert rig.until(lambda: rig.host.ledger.all() == [], 5)
    rig.settle(0.2)
    assert slots(rig.sim, "Steve") == mine and _said(rig, RETURNED) == 1


@pytest.mark.parametrize("version", ["1.21.6"])
def test_item9_real_server_restart_with_rejoin(sim_factory: Any, tmp_path: Path, version: str) -> None:
    rig = _rig(sim_factory, tmp_path, version)
    _equip(rig)
    mine = slots(rig.sim, "Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    rig.ctl.restart(downtime_s=2.5, rejoin=True)
    rig.settle(4.0)
    # Steve came back within the restart: still in the lobby, items held; leaving gives them back.
    assert "Steve" in rig.table().lobby
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.host.ledger.all() == [], 20)
    rig.settle(0.3)
    assert slots(rig.sim, "Steve") == mine and rig.ctl.player("Steve")["game_mode"] == "survival"


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("moment", ["gamemode spectator", "run clear", "gamemode survival"])
def test_a_frozen_player_opens_no_locked_container(
    sim_factory: Any, tmp_path: Path, version: str, moment: str
) -> None:
    # Spectators open locked containers and the menu outlives the mode: frozen players wait above
    # the build height, out of reach of every hand chest and locker, and are made spectators there.
    rig = _rig(sim_factory, tmp_path, version)
    _equip(rig)
    lock = '{Lock:"secret"}' if version < "1.21.2" else '{lock:{items:"minecraft:nether_star"}}'
    assert rig.sim.run_command(f"setblock 1 64 1 minecraft:chest{lock}").startswith("Changed")
    rig.sim.run_command("tp Steve 0.5 64 0.5 90 0")
    mine = slots(rig.sim, "Steve")
    rig.ctl.race(rf"{moment} Steve( \*)?$", "Steve", {"kind": "open", "pos": [1, 64, 1]})
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby and rig.host.ledger.frozen() == {})
    [fired] = rig.ctl.races()["fired"]
    assert fired.get("error", {}).get("code") == "out_of_reach", fired  # up in the sky
    seen = rig.ctl.player("Steve")
    assert seen["open"] is None and seen["game_mode"] == "survival"
    assert seen["position"] == [0.5, 64.0, 0.5] and seen["rotation"] == [90.0, 0.0]  # put back exactly
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.host.ledger.all() == [])
    rig.settle(0.2)
    assert slots(rig.sim, "Steve") == mine


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_give_back_waits_for_an_item_on_the_cursor_then_returns_everything(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = _rig(sim_factory, tmp_path, version)
    _equip(rig)
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    rig.give("Steve", "sand", 5)  # picked up in the lobby
    world = census(rig.sim)
    rig.ctl.act("Steve", {"kind": "hold", "slot": 0})  # and held on the cursor while leaving
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: any("インベントリを閉じる" in line for line in rig.chat("Steve")))
    assert _said(rig, RETURNED) == 0 and rig.ctl.player("Steve")["cursor"]["id"] == "minecraft:sand"
    rig.ctl.act("Steve", {"kind": "close"})  # the sand goes back into slot 0
    assert rig.until(lambda: rig.host.ledger.all() == [], 12)  # retried from the tick
    rig.settle(0.2)
    _no_loss_no_dupe(world, rig)
    assert _said(rig, RETURNED) == 1 and rig.ctl.player("Steve")["game_mode"] == "survival"


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_no_room_returns_what_fits_and_the_rest_once_there_is_room(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = _rig(sim_factory, tmp_path, version)
    rig.join("Steve")
    rig.give("Steve", "diamond", 64)
    rig.give("Steve", "emerald", 64)
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    rig.give("Steve", "dirt", 64 * 35)  # one free slot left
    world = census(rig.sim)
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: any("空きを作ると" in line for line in rig.chat("Steve")))
    record = rig.host.ledger.get("Steve")
    assert record is not None and len(record.delivered) == 1 and len(record.pending) == 1
    _no_loss_no_dupe(world, rig)
    assert rig.sim.run_command("clear Steve dirt 64").startswith("Removed")
    world = census(rig.sim)
    assert rig.until(lambda: rig.host.ledger.all() == [], 12)  # no relog needed
    rig.settle(0.2)
    _no_loss_no_dupe(world, rig)
    assert _said(rig, RETURNED) == 1
    held = {v["id"] for v in rig.ctl.player("Steve")["inventory"].values()}
    assert {"minecraft:diamond", "minecraft:emerald"} <= held


class _CutAfterCopy:
    """Passes commands through until the first copy-back into Steve has run; then the link is "gone"."""

    def __init__(self, inner: Any) -> None:
        self.inner, self.armed, self.cut = inner, False, False

    def run(self, command: str) -> str:
        if self.cut:
            raise RconError(RconErrorCode.DISCONNECTED, "killed (test)")
        reply: str = self.inner.run(command)
        if self.armed and "item replace entity Steve " in command and " from block " in command:
            self.cut = True
        return reply


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_a_give_back_finished_by_the_next_daemon_is_told(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    """The daemon dies half-way through a give-back; the next one finishes it at startup and says so once."""
    cuts: list[_CutAfterCopy] = []
    rig = make_rig(sim_factory, tmp_path, version=version, flavor="paper")
    rig.start_daemon(wrap=lambda inner: cuts.append(_CutAfterCopy(inner)) or cuts[-1])
    _equip(rig)
    before, mine = census(rig.sim), slots(rig.sim, "Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: rig.host.custody.state("Steve") is CustodyState.HELD)
    cuts[0].armed = True
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: cuts[0].cut, 5)
    rig.settle(0.3)
    assert rig.host.custody.state("Steve") is CustodyState.RESTORING
    rig.kill_daemon()
    rig.start_daemon()
    assert rig.until(lambda: rig.host.ledger.all() == [], 10)
    rig.settle(0.3)
    assert slots(rig.sim, "Steve") == mine and _said(rig, RETURNED) == 1
    _no_loss_no_dupe(before, rig)
