"""Crash safety (issue 5 §9): a daemon restart or a server restart mid-match resumes the match; with
``crash: end`` a restarted daemon ends it and gives everyone their items back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from dfg_bridge.host import CrashPolicy, CustodyState
from tests.host.rig import Rig, make_rig, settings, table


def _start_match(rig: Rig, people: list[str], steps: int = 6) -> None:
    for name in people:
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == len(people))
    rig.dfg(people[0], "start")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None)
    rig.play_out("t1", people, stop=lambda: tbl.flow.step >= steps, timeout=20)


def _state(rig: Rig) -> tuple[Any, ...]:
    run = rig.table().run
    assert run is not None and run.round is not None
    return (run.round_no, run.round.hand_counts(), run.round.field, sorted(run.round.awaiting()))


def test_daemon_killed_mid_match_resumes(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=2)))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    rig.give("Ann", "emerald", 5)
    before = rig.inventory("Ann")
    _start_match(rig, people)
    state = _state(rig)
    rig.kill_daemon()  # no cleanup at all: what kill -9 leaves
    host = rig.start_daemon()
    assert _state(rig) == state  # replayed from the journal
    assert host.custody.state("Ann") is CustodyState.HELD
    assert rig.ctl.player("Ann")["vehicle"] is not None  # re-seated
    rig.play_out("t1", people, timeout=40)
    rig.settle(0.2)
    assert "試合終了" in "\n".join(rig.chat("Bob"))
    assert rig.inventory("Ann") == before and rig.host.ledger.all() == []
    assert rig.invalid() == []


def test_server_restart_mid_match_resumes(sim_factory: Any, tmp_path: Path) -> None:
    one = settings(table(rounds=1))
    rig = make_rig(sim_factory, tmp_path, version="1.20.5", flavor="vanilla", host_settings=one)
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    _start_match(rig, people)
    state = _state(rig)
    rig.ctl.restart(downtime_s=0.3, rejoin=True)
    tbl = rig.table()
    assert rig.until(lambda: tbl.paused_until is not None, 5)
    assert rig.until(lambda: tbl.paused_until is None and all(p in rig.host.ctx.online for p in people), 15)
    assert _state(rig)[:3] == state[:3]
    rig.play_out("t1", people, timeout=40)
    assert "再起動したため、試合を再開します" in "\n".join(rig.chat("Ann"))
    assert rig.host.ledger.all() == []
    assert rig.invalid() == []


def test_server_restart_without_the_players_ends_after_the_wait(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    _start_match(rig, people)
    rig.ctl.restart(downtime_s=0.2, rejoin=False)
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is None, 15)  # nobody came back within rejoin_wait: all dropped out
    assert all(rig.host.custody.state(p) is CustodyState.HELD for p in people)  # given back on their join
    rig.join(*people)
    assert rig.until(lambda: rig.host.ledger.all() == [], 5)
    assert rig.invalid() == []


def test_crash_policy_end_ends_and_gives_back(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=2)))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    rig.give("Bob", "emerald", 5)
    before = rig.inventory("Bob")
    _start_match(rig, people)
    rig.kill_daemon()
    rig.settings = replace(rig.settings, crash=CrashPolicy.END)
    rig.start_daemon()
    assert rig.table().run is None and not rig.table().lobby.members
    rig.settle(0.2)
    assert rig.inventory("Bob") == before and rig.host.ledger.all() == []
    assert any("再起動したため試合を終了しました" in c for c in rig.chat("Ann"))
    assert rig.invalid() == []
