"""Whole matches against the simulated server, driven only by player inputs (issue 5 "Done when").

A 3-player ``normal`` match on 1.21.6 (Paper: typed ``/dfg``) and a ``cpu`` match on 1.20.5 (vanilla:
signs and clickable chat through ``/trigger``). Both have two rounds, so the exchange runs too.
Every command the daemon sent must pass the sim's grammar for its version.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from dfg_bridge.engine import Give, Pass, Play
from dfg_bridge.host import TriggerCode
from tests.host.rig import Rig, make_rig, settings, table

SWORD_1216 = 'diamond_sword[enchantments={sharpness:5},custom_name="Excalibur"]'
SWORD_1205 = "diamond_sword[enchantments={levels:{sharpness:5}},custom_name='\"Excalibur\"']"


def _texts(rig: Rig, name: str) -> str:
    return "\n".join(rig.chat(name))


def test_normal_match_three_players(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, version="1.21.6", flavor="paper")
    rig.start_daemon()
    rig.join("Steve", "Alex", "Kai", "Watcher")
    rig.give("Steve", SWORD_1216)
    before = rig.inventory("Steve")
    for name in ("Steve", "Alex", "Kai"):
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == 3)
    assert rig.ctl.player("Steve")["inventory"] == {}  # in custody
    rig.dfg("Steve", "start")  # the configured default: normal
    assert rig.until(lambda: rig.table().run is not None)

    seen: dict[str, Any] = {}

    def look() -> bool:
        if "during" not in seen and rig.table().run is not None and rig.table().run.round_no >= 1:
            seen["during"] = rig.ctl.player("Alex")
            seen["world"] = rig.ctl.world()
        return False

    rig.until(lambda: look() or (rig.table().run is not None and rig.table().flow.step > 3), 5)
    rig.play_out("t1", ["Steve", "Alex", "Kai"], timeout=60)
    rig.settle(0.3)

    during = seen["during"]
    assert during["team_prefix"] == "【大富豪】" and during["vehicle"] is not None
    assert during["bossbars"] and "第1ラウンド" in during["bossbars"][0]["name"]
    assert during["sidebar"] is not None and "卓t1" in during["sidebar"]["title"]
    entities = seen["world"]["entities"]
    texts = [e.get("text") or "" for e in entities if "text_display" in str(e.get("type", ""))]
    assert any("場" in t for t in texts) and any("枚" in t for t in texts)

    alex = _texts(rig, "Alex")
    for needle in ("第1ラウンド開始", "第2ラウンド開始", "カード交換", "試合終了", "優勝"):
        assert needle in alex, needle
    assert "試合終了" in _texts(rig, "Watcher")  # final standings go to the whole server
    after = rig.ctl.player("Steve")
    assert after["vehicle"] is None and after["team_prefix"] == "" and after["bossbars"] == []
    assert rig.inventory("Steve") == before
    assert rig.host.ledger.all() == []
    assert rig.invalid() == []
    rig.stop_daemon()


def _click(rig: Rig, name: str, command: str) -> bool:
    chat = rig.ctl.player(name)["chat"]
    for message in reversed(chat):
        for part in message["parts"]:
            event = part.get("click_event")
            if event and event.get("command") == command:
                return bool(rig.ctl.click_text(name, message["index"], part["part"]).get("ran"))
    return False


def test_cpu_match_by_signs_and_clickable_chat(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, version="1.20.5", flavor="vanilla",
                   host_settings=settings(table(cpu_total=4)))  # fmt: skip
    rig.start_daemon(trigger_poll=0.05)  # sign clicks are not logged: poll the trigger scores
    rig.join("Steve")
    rig.give("Steve", SWORD_1205)
    before = rig.inventory("Steve")
    spots = rig.settings.tables[0]
    assert spots.join_sign is not None
    rig.sim.run_command("tp Steve 0.5 64 4.5")  # within reach of the signs
    rig.settle(0.2)  # the poll enables the trigger for players who just joined
    rig.ctl.use_sign("Steve", list(spots.join_sign.pos))
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    cpu_sign = next(s for s, mode in spots.start_signs if mode is not None and mode.value == "cpu")
    rig.ctl.use_sign("Steve", list(cpu_sign.pos))
    assert rig.until(lambda: rig.table().run is not None)
    assert len(rig.table().run.participants) == 4

    tbl, clicks, done_step = rig.table(), 0, -1
    while tbl.run is not None:
        run = tbl.run
        seat = run.seat_of("Steve")
        if run.round is not None and seat in run.round.awaiting() and tbl.flow.step != done_step:
            rig.settle(0.05)  # the hand line arrives with the turn
            if tbl.run is None or seat not in tbl.run.round.awaiting():
                continue
            done_step = tbl.flow.step
            action = tbl.run.round.timeout_action(seat)
            if isinstance(action, Pass):
                assert _click(rig, "Steve", f"/trigger dfg set {int(TriggerCode.PASS)}")
            else:
                cards = action.meld.cards if isinstance(action, Play) else ()
                cards = action.cards if isinstance(action, Give) else cards
                for card in cards:
                    assert _click(rig, "Steve", f"/trigger dfg set {int(TriggerCode.CARD_BASE) + card.index}")
                    rig.settle(0.05)
                assert _click(rig, "Steve", f"/trigger dfg set {int(TriggerCode.PLAY)}")
            clicks += 1
        rig.host.step(0.05)
    rig.settle(0.3)
    assert clicks > 3
    steve = _texts(rig, "Steve")
    assert "試合終了" in steve and "CPU1" in steve
    assert rig.inventory("Steve") == before
    assert rig.invalid() == []
    rig.stop_daemon()
