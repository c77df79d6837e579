"""The ender-chest surface (config ``hand.surface: enderchest``): 3 rows, paged, private by nature."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from dfg_bridge.engine import Give, Pass, Play
from dfg_bridge.host.handscreen import Button, ender_layout
from tests.host.handscreen.handrig import held_cards, world_cards
from tests.host.rig import Rig, make_rig, settings, table, with_durations

BUTTONS = ender_layout(0, 2).buttons


def _view(rig: Rig) -> dict[int, Any]:
    opened = rig.ctl.player("Steve")["open"]
    assert opened is not None and opened["kind"] == "ender_chest"
    return {int(k): v for k, v in opened["slots"].items()}


def _settle(rig: Rig, clicks: int) -> None:
    """Run the daemon until a click was seen and a later look of the watch found nothing more to do."""
    screen = rig.table().hands.screen_of("Steve")
    assert screen is not None
    watch = rig.table().hands.watch
    end = time.monotonic() + 5
    seen_at: int | None = None
    while time.monotonic() < end:
        rig.host.step(0.02)
        if seen_at is None and screen.clicks > clicks:
            seen_at = watch.clear_looks
        if seen_at is not None and watch.clear_looks > seen_at:
            return
        tbl = rig.table()
        if seen_at is not None and (tbl.run is None or tbl.run.seat_of("Steve") not in tbl.awaiting()):
            return  # the click ended the turn: nothing is read any more
    raise AssertionError("no click seen")


def test_match_on_the_ender_chest_screen(sim_factory: Any, tmp_path: Path) -> None:
    t = with_durations(table(seats=4, rounds=1), turn=60.0, exchange=60.0)
    host_settings = settings(t, hand_surface="enderchest", custody_ender_chest=True, hand_poll_interval=0.02)
    rig = make_rig(sim_factory, tmp_path, version="1.21.6", host_settings=host_settings)
    rig.start_daemon()
    rig.join("Steve")
    rig.give("Steve", "minecraft:diamond")
    rig.sim.run_command("item replace entity Steve enderchest.5 with minecraft:emerald 3")
    before = rig.inventory("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.dfg("Steve", "start cpu")
    tbl = rig.table()
    assert rig.until(lambda: tbl.run is not None and tbl.run.round is not None)
    assert rig.ctl.open("Steve", enderchest=True)["opened"]
    pages_seen: set[str] = set()
    steve = lambda: tbl.run.seat_of("Steve") if tbl.run is not None else None  # noqa: E731
    assert rig.until(lambda: steve() in tbl.awaiting(), 30)
    first = tbl.hands.screen_of("Steve")
    assert first is not None
    assert rig.until(lambda: not first.fresh, 5)
    # The table page: the field's info item, the players and the status items; then back to the hand.
    clicks = first.clicks
    rig.ctl.click("Steve", BUTTONS[Button.PAGE], "pickup")
    _settle(rig, clicks)
    view = _view(rig)
    assert view[0]["id"] == "minecraft:paper" and view[9]["id"] == "minecraft:player_head"
    assert view[BUTTONS[Button.PAGE]]["name"] == "次のページへ（2/2）"
    clicks = first.clicks
    rig.ctl.click("Steve", BUTTONS[Button.PAGE], "pickup")
    _settle(rig, clicks)
    assert _view(rig)[0]["id"] != "minecraft:paper"
    end = time.monotonic() + 60
    while tbl.run is not None and time.monotonic() < end:
        seat = tbl.run.seat_of("Steve")
        if tbl.run.round is None or seat not in tbl.awaiting():
            rig.host.step(0.05)
            continue
        screen = tbl.hands.screen_of("Steve")
        assert screen is not None
        rig.until(lambda s=screen: not s.fresh, 5)  # type: ignore[misc]
        legal = list(tbl.run.round.legal_actions(seat))
        action = next((a for a in legal if isinstance(a, Play | Give)), legal[0])
        step = tbl.flow.step
        if isinstance(action, Pass):
            clicks = screen.clicks
            rig.ctl.click("Steve", BUTTONS[Button.PASS], "pickup")
            _settle(rig, clicks)
        else:
            cards = action.meld.cards if isinstance(action, Play) else action.cards  # type: ignore[union-attr]
            for card in cards:
                for _ in range(4):
                    view = _view(rig)
                    pages_seen.add("table" if 0 in view and view[0]["id"] == "minecraft:paper" else "hand")
                    names = {v["name"].lstrip("✔"): s for s, v in view.items() if s < 18}
                    slot = names.get(str(card))
                    clicks = screen.clicks
                    if slot is not None:
                        rig.ctl.click("Steve", slot, "quick_move")
                        _settle(rig, clicks)
                        break
                    rig.ctl.click("Steve", BUTTONS[Button.PAGE], "pickup")  # next page
                    _settle(rig, clicks)
                else:
                    raise AssertionError(f"{card} not found on any page")
            clicks = screen.clicks
            rig.ctl.click("Steve", BUTTONS[Button.PLAY], "pickup")
            _settle(rig, clicks)
        assert rig.until(lambda s=step: tbl.flow.step != s or tbl.run is None, 5)  # type: ignore[misc]
    assert tbl.run is None
    rig.settle(0.3)
    assert held_cards(rig, "Steve") == 0 and world_cards(rig) == 0
    assert rig.inventory("Steve") == before  # the ender chest's own contents came back
    assert rig.invalid() == []
    assert "hand" in pages_seen
