"""The daemon never acts on a reply that belongs to another RCON client (issue 13 §5).

An admin panel or a backup script on the same server shares vanilla's console buffer (ARCHITECTURE §9):
the sim stages the three shapes seen on a real server on the very reads custody depends on. The
join must still take the items, the leave must give back exactly what was taken, and the mix-ups
are counted. Before the guard, an empty inventory read refused the join and a mixed read at the
give-back left the items in the lockers until the next login.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host import CustodyState
from tests.host.rig import make_rig, settings, table


def test_custody_survives_mixups_with_another_rcon_client(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    rig.start_daemon()
    rig.join("Ann")
    rig.give("Ann", "diamond", 5)
    rig.give("Ann", "oak_log", 20)
    before = rig.inventory("Ann")
    ctl = rig.ctl
    ctl.stage_mixup(r"^data get entity Ann Inventory", "empty", command="list")
    ctl.stage_mixup(r"^data get block -8 5 -8", "swap", command="scoreboard objectives list", times=2)
    ctl.stage_mixup(r"^scoreboard players get Ann", "append", command="list")
    rig.dfg("Ann", "join")
    assert rig.until(lambda: "Ann" in rig.table().lobby, 5), "the join was refused"
    assert rig.host.custody.state("Ann") is CustodyState.HELD
    assert [i for i in rig.inventory("Ann").values() if "diamond" in str(i)] == []
    ctl.stage_mixup(r"^data get entity Ann Inventory", "swap", command="list", times=2)
    rig.dfg("Ann", "leave")
    assert rig.until(lambda: rig.host.ledger.all() == [], 5), "the items were not given back"
    rig.settle(0.2)
    assert rig.inventory("Ann") == before
    assert ctl.mixups()["staged"] == [], "every staged mix-up happened"
    guard = rig.daemon.guard if rig.daemon is not None else None
    assert guard is not None and guard.stats.snapshot().mixed_reads >= 5
    assert rig.invalid() == []


@pytest.mark.parametrize(("version", "flavor"), [("1.20.5", "paper"), ("1.21.6", "vanilla")])
def test_without_another_client_no_reply_is_taken_for_a_mixup(
    sim_factory: Any, tmp_path: Path, version: str, flavor: str
) -> None:
    """Every reply of a whole match (chat hand, dialog, custody, displays) fits its command."""
    rig = make_rig(sim_factory, tmp_path, version=version, flavor=flavor,
                   host_settings=settings(table(rounds=1)))  # fmt: skip
    rig.start_daemon(trigger_poll=0.1)
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    rig.give("Bob", "shield", 1)
    rig.start_match(people)
    for name in people:
        rig.dfg(name, "hand")  # the chat hand and the 1.21.6 dialog
    rig.play_out("t1", people, timeout=40)
    rig.settle(0.3)
    guard = rig.daemon.guard if rig.daemon is not None else None
    assert guard is not None
    snap = guard.stats.snapshot()
    assert (snap.mixed_reads, snap.mixed_writes, snap.server_errors) == (0, 0, ())
