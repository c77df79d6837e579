"""Lobby order, late joiners, more than 6 players, the turn timer and the exchange timer (issue 5 §2, §6)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from dfg_bridge.engine import Phase
from tests.host.rig import make_rig, settings, table, with_durations


def _join_all(rig: Any, *names: str) -> None:
    for name in names:
        rig.dfg(name, "join")
        rig.settle(0.03)  # join order matters
    assert rig.until(lambda: all(n in rig.table().lobby for n in names))


def test_more_than_six_and_late_joiners(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(seats=6, rounds=1)))
    rig.start_daemon()
    people = [f"P{i}xx" for i in range(7)]
    rig.join(*people, "Late")
    _join_all(rig, *people)
    assert any("最大6人" in line for line in rig.chat("P6xx"))  # told to wait for the next match
    rig.dfg("P0xx", "start normal")
    assert rig.until(lambda: rig.table().run is not None)
    run = rig.table().run
    assert [p.name for p in run.participants] == people[:6]  # the first six, in join order
    rig.dfg("Late", "join")
    assert rig.until(lambda: "Late" in rig.table().lobby)
    assert any("次の試合から" in line for line in rig.chat("Late"))
    rig.dfg("Late", "play S3")
    rig.settle(0.1)
    assert any("出場していません" in line for line in rig.chat("Late"))
    rig.play_out("t1", people[:6], timeout=40)
    assert rig.table().lobby.members == ["P6xx", "Late"]  # the players of the match were given back
    rig.dfg("Late", "start cpu")  # the waiting players play the next match
    assert rig.until(lambda: rig.table().run is not None)
    assert {p.name for p in rig.table().run.participants if not p.cpu} == {"P6xx", "Late"}
    rig.play_out("t1", ["P6xx", "Late"], timeout=40)
    assert rig.host.ledger.all() == [] or all(r.player not in people[:6] for r in rig.host.ledger.all())
    assert rig.invalid() == []


def test_turn_timer_passes_or_plays_the_weakest_single(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=5), turn=0.15)
    rig = make_rig(sim_factory, tmp_path, version="1.20.5", flavor="vanilla", host_settings=settings(base))
    rig.start_daemon()
    rig.join("Idle")
    _join_all(rig, "Idle")
    rig.dfg("Idle", "start cpu")
    assert rig.until(lambda: rig.table().run is not None)

    def both_seen() -> bool:
        chat = rig.chat("Idle")
        passed = any("時間切れのためパス" in c for c in chat)
        return passed and any("時間切れのため" in c and "出しました" in c for c in chat)

    end = time.monotonic() + 60
    countdown = False
    while rig.table().run is not None and not both_seen() and time.monotonic() < end:
        rig.until(lambda: False, 0.3)
        bars = rig.ctl.player("Idle")["bossbars"]
        countdown = countdown or any("残り" in (b.get("name") or "") for b in bars)
    assert both_seen() and countdown
    rig.dfg("Idle", "leave")
    assert rig.until(lambda: rig.table().run is None)
    assert rig.invalid() == []


def test_exchange_by_command_and_by_timeout(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=2), exchange=0.3)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    _join_all(rig, *people)
    rig.dfg("Ann", "start")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None)
    rig.play_out("t1", people, stop=lambda: tbl.run is not None and tbl.run.round_no == 2, timeout=30)
    assert rig.until(lambda: tbl.run.round is not None and tbl.run.round.phase is Phase.EXCHANGE, 5)
    givers = [tbl.run.participants[s].name for s in tbl.run.round.awaiting()]
    assert givers  # 3 players: only the 大富豪 chooses (2 cards); the 大貧民's go automatically
    assert rig.until(lambda: tbl.run.round.phase is Phase.PLAY, 5)  # nobody chose: the timer gave
    chats = {name: "\n".join(rig.chat(name)) for name in people}
    assert "時間切れのため、一番弱いカードを自動で渡しました" in chats[givers[0]]
    assert any("一番強いカード2枚が自動で渡りました" in text for text in chats.values())
    assert sum("から受け取りました" in text for text in chats.values()) == 2
    rig.play_out("t1", people, timeout=30)
    assert rig.invalid() == []
