"""Whose input, and how old (issue 12 items 11 and 12).

* A ``/trigger`` pressed (or a card taken) while the daemon was down was acted on after its restart.
  Input older than the daemon's start is now discarded: the trigger poll's first read resets what it
  finds without reporting it, and a screen found changed after a restart is only redrawn.
* An operator's team prefix ``.`` on the Java player ``Name`` made his chat and ``/trigger`` act for
  the Bedrock player ``.Name``: both show as ``.Name``. Such a line is now nobody's (the server is
  asked each candidate's display name, and two match), and the trigger poll reads scores by account.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host.intents import TriggerCode
from tests.host.handscreen.hostile import (
    VERSIONS,
    card_slots,
    cards_held,
    drawn,
    may_act,
    open_own,
    shown,
    slow_rig,
    start_cpu_match,
    wait,
)


def _press(rig: Any, player: str, value: int) -> bool:
    """The player runs ``/trigger dfg set <value>``; ``True`` if it triggered (not still locked)."""
    feedback = rig.ctl.command(player, f"trigger dfg set {int(value)}")["feedback"]
    return any(line.startswith("Triggered [dfg]") for line in feedback)


def _pressed(rig: Any, player: str, value: int, timeout: float = 5.0) -> bool:
    """Press until it triggers, as a player clicks again, letting the daemon run between tries."""
    for _ in range(int(timeout / 0.1)):
        if _press(rig, player, value):
            return True
        wait(rig, 0.1)
    return False


@pytest.mark.parametrize("version", VERSIONS)
def test_a_press_made_while_the_daemon_was_down_is_discarded(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version, flavor="vanilla")
    rig.start_daemon(trigger_poll=0.05)
    rig.join("Steve")
    assert _pressed(rig, "Steve", TriggerCode.STATUS)  # unlocked by the poll
    wait(rig, 0.3)
    rig.kill_daemon()
    assert _press(rig, "Steve", TriggerCode.JOIN), "the trigger was locked"
    host = rig.start_daemon(trigger_poll=0.05)
    wait(rig, 1.0)
    assert "Steve" not in host.tables["t1"].lobby, "a press from before the restart was acted on"
    assert _pressed(rig, "Steve", TriggerCode.JOIN)
    assert rig.until(lambda: "Steve" in host.tables["t1"].lobby, 5), "a fresh press was lost"
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_a_click_made_while_the_daemon_was_down_is_undone(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve")
    assert rig.until(lambda: may_act(tbl, "Steve"), 30)
    open_own(rig, tbl, "Steve")
    card = card_slots(tbl, "Steve")[0]
    rig.kill_daemon()
    rig.ctl.click("Steve", card, "pickup")
    host = rig.start_daemon()
    tbl = host.tables["t1"]
    assert rig.until(lambda: tbl.run is not None and tbl.paused_until is None and may_act(tbl, "Steve"), 10)

    def closed_or_redrawn() -> bool:
        if rig.ctl.player("Steve")["open"] is None:  # re-keying the chest closed it
            return cards_held(rig, "Steve") == 0
        return shown(rig, "Steve") == drawn(tbl, "Steve")

    assert rig.until(closed_or_redrawn, 5)
    wait(rig, 0.3)
    assert not tbl.selection.get("Steve"), "a click from before the restart selected a card"
    assert cards_held(rig, "Steve") == 0
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_a_team_prefix_does_not_make_one_player_another(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version, flavor="vanilla")
    host = rig.start_daemon()
    rig.join("Name", ".Name")  # a Java player, and a Bedrock player (Floodgate prefix ".")
    for command in ("team add vip", 'team modify vip prefix "."', "team join vip Name"):
        rig.sim.run_command(command)
    lobby = host.tables["t1"].lobby
    rig.ctl.chat("Name", "!dfg join")  # logged as "<.Name> !dfg join"
    assert _pressed(rig, "Name", TriggerCode.JOIN)  # "[.Name: Triggered [dfg] …]"
    wait(rig, 1.0)
    assert ".Name" not in lobby, "the Java player acted for the Bedrock player"
    assert "Name" not in lobby  # both show as ".Name": the lines are nobody's
    assert host.attribution.refused >= 2
    # Without the look-alike prefix each is themselves again.
    rig.sim.run_command("team leave Name")
    rig.ctl.chat(".Name", "!dfg join")
    assert rig.until(lambda: ".Name" in lobby, 5) and "Name" not in lobby
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_the_trigger_poll_attributes_by_account(sim_factory: Any, tmp_path: Path, version: str) -> None:
    rig = slow_rig(sim_factory, tmp_path, version, flavor="vanilla")
    host = rig.start_daemon(trigger_poll=0.05)
    rig.join("Name", ".Name")
    for command in ("team add vip", 'team modify vip prefix "."', "team join vip Name"):
        rig.sim.run_command(command)
    lobby = host.tables["t1"].lobby
    assert _pressed(rig, "Name", TriggerCode.JOIN)  # polled as ".Name has 1 [dfg]"
    assert rig.until(lambda: "Name" in lobby, 5)
    wait(rig, 0.5)
    assert ".Name" not in lobby
    # Name's own score was reset (he can press again), not .Name's.
    assert _pressed(rig, "Name", TriggerCode.STATUS)
    assert rig.invalid() == []
