"""A server restart is one WARNING when RCON goes and one INFO when it is back (issue 13 §6).

A real 33 s restart wrote 648 ERROR tracebacks into the daemon's log: every event that arrived while
RCON was down failed at its first command. Now such events wait for the link and are handled once
it is back (the sim's ``POST /server/restart`` drops RCON, rotates the log and brings players back).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.rcon import Backoff
from tests.host.rig import make_rig, settings, table


def _outage_records(caplog: pytest.LogCaptureFixture, since: int) -> list[logging.LogRecord]:
    return [r for r in caplog.records[since:] if r.name.startswith("dfg_bridge")]


def test_a_restart_mid_match_logs_one_warning_and_one_info(
    sim_factory: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="dfg_bridge")
    rig = make_rig(sim_factory, tmp_path, version="1.21.4", flavor="vanilla",
                   host_settings=settings(table(rounds=1)))  # fmt: skip
    # A slow reconnect makes sure the rejoins and Ann's command arrive while RCON is still down.
    rig.start_daemon(backoff=Backoff(initial=1.5, cap=1.5), trigger_poll=0.1)
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    tbl = rig.start_match(people)
    rig.play_out("t1", people, stop=lambda: tbl.flow.step >= 4, timeout=20)
    rig.settle(0.3)
    before = len(caplog.records)
    rig.ctl.restart(downtime_s=0.5, rejoin=True)
    rig.dfg("Ann", "status")  # typed while the daemon has no RCON yet
    assert rig.until(lambda: tbl.paused_until is not None, 5), "the restart paused the match"
    assert rig.until(lambda: tbl.paused_until is None, 15), "the players are back: it resumed"
    status = "ロビー（3人）"
    assert rig.until(lambda: any(status in line for line in rig.chat("Ann")), 5), "the held command was lost"
    records = _outage_records(caplog, before)
    problems = [r for r in records if r.levelno >= logging.WARNING]
    assert [r.getMessage()[:60] for r in problems] == [problems[0].getMessage()[:60]], problems
    assert "lost" in problems[0].getMessage() and problems[0].name == "dfg_bridge.rcon.client"
    backs = [r for r in records if r.levelno == logging.INFO and "back after" in r.getMessage()]
    assert len(backs) == 1
    assert not any(r.exc_info for r in records)
    assert rig.host.gate.held == []
    rig.play_out("t1", people, timeout=40)
    assert rig.host.ledger.all() == [] and rig.invalid() == []
    assert not [r for r in _outage_records(caplog, before) if r.levelno >= logging.ERROR]
