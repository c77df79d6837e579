"""RCON commands counted by table and purpose (issue 19): the counter, and the metrics endpoint's view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dfg_bridge.app.metrics import DaemonMetrics
from dfg_bridge.host.purposes import NO_TABLE, Purpose, PurposeCounter
from tests.host.handscreen.hostile import open_own, slow_rig, start_cpu_match, wait


class _Echo:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def run(self, command: str) -> str:
        self.sent.append(command)
        return ""


def test_counter_scopes_sinks_and_rates() -> None:
    now = [100.0]
    counter = PurposeCounter(lambda: now[0])
    inner = _Echo()
    general, display = counter.sink(inner), counter.sink(inner, purpose=Purpose.DISPLAY)
    general.run("tellraw @a {}")  # chat by its shape, no table
    with counter.scope(table="t1"):
        display.run("bossbar set dfg:t1 value 3")
        general.run("team join dfg_t1 Steve")
        with counter.scope(purpose=Purpose.POLL):
            general.run("execute if block 0 64 0 minecraft:chest")
            display.run("item replace block 0 64 0 container.0 with air")  # the sink's own purpose wins
    assert counter.totals() == {
        (NO_TABLE, "chat"): 1,
        ("t1", "display"): 2,
        ("t1", "other"): 1,
        ("t1", "poll"): 1,
    }
    assert counter.rates()[("t1", "display")] == 2 / 60
    now[0] += 61
    assert counter.rates() == {}
    assert counter.by_purpose() == {"chat": 1, "display": 2, "other": 1, "poll": 1}
    assert len(inner.sent) == 5


def test_a_match_is_counted_per_table_and_purpose(sim_factory: Any, tmp_path: Path) -> None:
    rig = slow_rig(sim_factory, tmp_path, "1.21.6")
    host = rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve")
    open_own(rig, tbl, "Steve")
    wait(rig, 2.0)
    totals = host.purposes.totals()
    for purpose in ("poll", "display", "chat", "keys"):
        assert totals.get(("t1", purpose), 0) > 0, (purpose, totals)
    assert totals.get((NO_TABLE, "custody"), 0) > 0  # taken at /dfg join, before any table
    metrics = DaemonMetrics(commands=host.purposes)
    text = metrics.exposition()
    assert 'dfg_rcon_commands_total{table="t1",purpose="poll"}' in text
    assert 'dfg_rcon_commands_per_second{table="t1",purpose="display"}' in text
