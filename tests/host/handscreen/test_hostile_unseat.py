"""Vacated seats (issue 13 items 11 and 13): no button or card stays with a player, every vacated
screen is wiped — also when its player disconnected — and nothing is redrawn into it afterwards.

The old unseat cleared the player *before* wiping the chest, so a click in between kept the button on
the cursor; a disconnected player's chest was never wiped, and at match end even got a partial redraw.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.host.handscreen import CHEST, Button
from tests.host.handscreen.hostile import (
    VERSIONS,
    card_slots,
    cards_held,
    chest_of,
    container_items,
    dropped_ours,
    keys,
    open_own,
    slow_rig,
    start_cpu_match,
    wait,
)


@pytest.mark.parametrize("version", VERSIONS)
@pytest.mark.parametrize("how", ["leave", "match_end"])
def test_a_click_during_the_unseat_keeps_no_button(
    sim_factory: Any, tmp_path: Path, version: str, how: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve")
    top, bottom = chest_of(tbl, "Steve").top, chest_of(tbl, "Steve").bottom
    open_own(rig, tbl, "Steve")
    # Just before the daemon empties the chest, Steve takes the 出す button onto his cursor (the race
    # runs before that command is executed). The old unseat had already cleared him by then.
    x, y, z = bottom
    wipe = rf"^data merge block ({x} {y} {z}|{top[0]} {top[1]} {top[2]}) \{{Items:\[\]\}}$"
    race = {"kind": "click", "menu_slot": CHEST.buttons[Button.PLAY], "mode": "pickup"}
    rig.ctl.race(wipe, "Steve", race)
    if how == "leave":
        rig.dfg("Steve", "leave")
    else:
        rig.dfg("Steve", "admin stop")
    assert rig.until(lambda: tbl.run is None, 10)
    wait(rig, 0.3)
    fired = rig.ctl.races()["fired"]
    assert fired and fired[0]["result"]["done"], f"the race did not take the button: {fired}"
    player = rig.ctl.player("Steve")
    assert player["cursor"] is None or "dfg" not in str(player["cursor"].get("custom_data")), "button kept"
    assert cards_held(rig, "Steve") == 0 and keys(rig, "Steve") == {} and dropped_ours(rig) == 0
    assert container_items(rig, top) == {} and container_items(rig, bottom) == {}
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_a_disconnected_players_screen_is_wiped(sim_factory: Any, tmp_path: Path, version: str) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve", "Alex")
    alex = chest_of(tbl, "Alex")
    assert container_items(rig, alex.top) != {}
    rig.ctl.disconnect("Alex")
    assert rig.until(
        lambda: container_items(rig, alex.top) == {} and container_items(rig, alex.bottom) == {}, 5
    )
    assert tbl.hands.screen_of("Alex") is None
    # The match goes on without him and ends; nothing is drawn into the vacated chest again.
    wait(rig, 3.0)
    assert container_items(rig, alex.top) == {} and container_items(rig, alex.bottom) == {}
    rig.dfg("Steve", "admin stop")
    assert rig.until(lambda: tbl.run is None, 10)
    wait(rig, 0.3)
    assert container_items(rig, alex.top) == {} and container_items(rig, alex.bottom) == {}
    assert rig.invalid() == []


@pytest.mark.parametrize("version", VERSIONS)
def test_whatever_a_player_took_away_is_taken_back_when_they_return(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    rig = slow_rig(sim_factory, tmp_path, version)
    rig.start_daemon()
    tbl = start_cpu_match(rig, "Steve", "Alex")
    open_own(rig, tbl, "Alex")
    rig.ctl.click("Alex", card_slots(tbl, "Alex")[0], "quick_move")  # a card into his inventory
    rig.ctl.disconnect("Alex")  # before any look: he leaves with the card and his key
    rig.dfg("Steve", "admin stop")
    assert rig.until(lambda: tbl.run is None, 10)
    rig.join("Alex")
    assert rig.until(lambda: cards_held(rig, "Alex") == 0 and keys(rig, "Alex") == {}, 5)
    assert rig.invalid() == []
