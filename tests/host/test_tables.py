"""Several tables at once (issue 9): joining by name, by nearest table and by first with room;
isolation of lobbies, matches and dropouts; each player sees only their own table's bossbar and sidebar."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.host.rig import make_rig, settings, table


def test_three_tables_at_once(sim_factory: Any, tmp_path: Path) -> None:
    tables = [table(f"t{i + 1}", origin=(100 + 40 * i, 64, 0), rounds=1, cpu_total=4) for i in range(3)]
    rig = make_rig(sim_factory, tmp_path, version="1.20.5", flavor="paper", host_settings=settings(*tables))
    rig.start_daemon()
    humans = ["Ann", "Bob", "Cid", "Near", "Far"]
    rig.join(*humans)
    for name in ("Ann", "Bob", "Cid"):
        rig.dfg(name, "join t1")  # by name
    rig.sim.run_command("tp Near 141 64 2")
    rig.settle(0.1)
    rig.dfg("Near", "join")  # nearest: t2
    assert rig.until(lambda: len(rig.table("t1").lobby) == 3 and "Near" in rig.table("t2").lobby)
    rig.dfg("Ann", "start normal")
    rig.dfg("Near", "start cpu")
    assert rig.until(lambda: rig.table("t1").run is not None and rig.table("t2").run is not None)
    rig.dfg("Far", "join")  # at spawn, far from every table: the first table with room (t3)
    assert rig.until(lambda: "Far" in rig.table("t3").lobby)
    rig.dfg("Far", "start cpu")
    assert rig.until(lambda: rig.table("t3").run is not None)
    rig.dfg("Far", "join t1")
    rig.settle(0.2)
    assert "Far" not in rig.table("t1").lobby  # one table at a time

    seen = {name: rig.ctl.player(name) for name in humans}
    owner = {"Ann": "t1", "Bob": "t1", "Cid": "t1", "Near": "t2", "Far": "t3"}
    for name, player in seen.items():
        bars = [b["name"] for b in player["bossbars"]]
        assert len(bars) == 1, (name, bars)
        assert player["sidebar"] is not None and f"卓{owner[name]}" in player["sidebar"]["title"], name
    # A dropout at t1 leaves t2 and t3 alone.
    steps = {tid: rig.table(tid).flow.step for tid in ("t2", "t3")}
    rig.dfg("Cid", "leave")
    assert rig.until(lambda: "Cid" not in rig.table("t1").lobby)
    assert rig.table("t2").run is not None and rig.table("t3").run is not None
    assert all(rig.table(tid).flow.step >= steps[tid] for tid in steps)
    assert not any("Cid が脱落" in line for line in rig.chat("Near") + rig.chat("Far"))
    assert any("Cid が脱落" in line for line in rig.chat("Ann"))

    def all_over() -> bool:
        return all(rig.table(t).run is None for t in ("t1", "t2", "t3"))

    while not all_over():
        for name, tid in owner.items():
            words = rig.move_for(tid, name)
            if words is not None:
                rig.dfg(name, words)
        rig.until(all_over, 0.15)
    assert rig.host.ledger.all() == [] or {r.player for r in rig.host.ledger.all()} <= {"Cid"}
    assert rig.invalid() == []
