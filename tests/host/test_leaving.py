"""Every way of leaving (seed 001 「途中で抜けたとき」, issue 5 §7): items always come back."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from dfg_bridge.host import DropoutPolicy
from dfg_bridge.host.match import EndReason
from tests.host.rig import Rig, make_rig, settings, table, with_durations


def _lobby(rig: Rig, *names: str, table_id: str = "t1") -> None:
    for name in names:
        rig.dfg(name, "join")
    assert rig.until(lambda: all(n in rig.table(table_id).lobby for n in names))


def _play_until(rig: Rig, humans: list[str], done: Any, timeout: float = 20.0) -> None:
    end = time.monotonic() + timeout
    tbl = rig.table()
    sent: dict[str, int] = {}
    while not done() and time.monotonic() < end:
        for name in humans:
            words = rig.move_for("t1", name)
            if words is not None and sent.get(name) != tbl.flow.step:
                sent[name] = tbl.flow.step
                rig.dfg(name, words)
        rig.host.step(0.02)
    assert done()


def test_leave_before_the_start(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path)
    rig.start_daemon()
    rig.join("Steve")
    rig.give("Steve", "dirt", 64)
    _lobby(rig, "Steve")
    assert rig.ctl.player("Steve")["team_prefix"] == "【大富豪】"
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: "Steve" not in rig.table().lobby and rig.host.ledger.all() == [])
    rig.settle(0.1)
    steve = rig.ctl.player("Steve")
    assert steve["team_prefix"] == "" and len(steve["inventory"]) == 1
    rig.dfg("Steve", "leave")  # not joined any more: a clear message, no traceback
    rig.settle(0.2)
    assert any("参加していません" in line for line in rig.chat("Steve"))
    assert rig.invalid() == []


def test_mid_round_leave_after_finishing_and_too_few(sim_factory: Any, tmp_path: Path) -> None:
    """4 players: one finishes and leaves (keeps the place), one leaves mid-round (lowest open place).

    Two remain, so the match ends when the round does (fewer than 3 at the next round's start).
    """
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=3)))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid", "Dee"]
    rig.join(*people)
    _lobby(rig, *people)
    rig.dfg("Ann", "start normal")
    assert rig.until(lambda: rig.table().run is not None)
    tbl = rig.table()

    def someone_won() -> bool:
        run = tbl.run
        return run is not None and run.round is not None and any(f.place == 1 for f in run.round.finished)

    _play_until(rig, people, someone_won)
    assert tbl.run is not None and tbl.run.round is not None
    first = next(f.seat for f in tbl.run.round.finished if f.place == 1)
    finisher = tbl.run.participants[first].name
    rig.dfg(finisher, "leave")
    assert rig.until(lambda: finisher not in tbl.lobby)
    done = {f.seat for f in tbl.run.round.finished}
    quitter = next(p for p in people if p != finisher and tbl.run.seat_of(p) not in done)
    lowest_open = max(set(range(1, 5)) - {f.place for f in tbl.run.round.finished})
    rig.dfg(quitter, "leave")
    assert rig.until(lambda: quitter not in tbl.lobby)
    rest = [p for p in people if p not in (finisher, quitter)]
    rig.play_out("t1", rest, timeout=30)
    rig.settle(0.2)
    chat = "\n".join(rig.chat(rest[0]))
    assert f"{quitter} が脱落しました" in chat
    assert "第1ラウンド終了" in chat and "第2ラウンド開始" not in chat
    ranking = [line for line in chat.splitlines() if line[:1].isdigit() and "合計" in line]
    assert ranking[0].startswith(f"1位 {finisher}")  # left after finishing: keeps first place
    assert any(line.startswith(f"{lowest_open}位 {quitter}") for line in ranking)  # the lowest open place
    assert "出場者が足りない" in chat
    assert rig.host.ledger.all() == []
    assert rig.invalid() == []


def test_disconnect_is_a_dropout_and_items_return_on_the_next_join(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid", "Dee"]
    rig.join(*people)
    rig.give("Dee", "golden_apple", 3)
    before = rig.inventory("Dee")
    _lobby(rig, *people)
    rig.dfg("Ann", "start")
    assert rig.until(lambda: rig.table().run is not None)
    rig.ctl.disconnect("Dee")
    assert rig.until(lambda: "Dee" not in rig.table().lobby)
    assert rig.host.custody.state("Dee") is not None  # offline: kept until they come back
    rig.play_out("t1", ["Ann", "Bob", "Cid"], timeout=30)
    rig.ctl.join("Dee")
    assert rig.until(lambda: rig.host.custody.state("Dee") is None)
    rig.settle(0.1)
    assert rig.inventory("Dee") == before
    assert rig.invalid() == []


def test_last_human_leaving_a_cpu_match_ends_it(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, version="1.20.5", flavor="vanilla")
    rig.start_daemon()
    rig.join("Steve")
    _lobby(rig, "Steve")
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: rig.table().run is not None)
    ended: list[EndReason] = []
    original = rig.table().flow.end_match

    def spy(reason: EndReason) -> None:
        ended.append(reason)
        original(reason)

    rig.table().flow.end_match = spy  # type: ignore[method-assign]
    rig.dfg("Steve", "leave")
    assert rig.until(lambda: rig.table().run is None)
    assert ended == [EndReason.NO_HUMANS]
    assert rig.host.ledger.all() == [] and rig.ctl.player("Steve")["vehicle"] is None
    assert rig.invalid() == []


def test_grace_keeps_the_seat_with_auto_play_and_resumes(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=1, dropout=DropoutPolicy.GRACE), grace=30.0)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    _lobby(rig, *people)
    rig.dfg("Ann", "start")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None)
    rig.ctl.disconnect("Cid")
    assert rig.until(lambda: "Cid" in tbl.away)
    step = tbl.flow.step
    _play_until(rig, ["Ann", "Bob"], lambda: tbl.flow.step > step + 6 or tbl.run is None)
    assert tbl.run is None or "Cid" in tbl.lobby  # the seat was kept and played for
    if tbl.run is not None:
        rig.ctl.join("Cid")
        assert rig.until(lambda: "Cid" not in tbl.away)
        assert rig.ctl.player("Cid")["vehicle"] is not None  # back in the seat
        rig.play_out("t1", people, timeout=30)
    chat = "\n".join(rig.chat("Ann"))
    assert "Cid の接続が切れました" in chat and "Cid が脱落しました" not in chat
    assert rig.invalid() == []


def test_grace_expiry_is_a_dropout(sim_factory: Any, tmp_path: Path) -> None:
    base = with_durations(table(rounds=1, dropout=DropoutPolicy.GRACE), grace=0.5, turn=30.0)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(base))
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid", "Dee"]
    rig.join(*people)
    _lobby(rig, *people)
    rig.dfg("Ann", "start")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None)
    rig.ctl.disconnect("Dee")
    assert rig.until(lambda: "Dee" not in tbl.lobby, 5)
    assert any("Dee が脱落しました" in line for line in rig.chat("Ann"))
    rig.play_out("t1", people[:3], timeout=30)
    assert rig.invalid() == []
