"""Whole matches played only by clicking the hand screen, against the simulated server."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.engine import Action, Play
from dfg_bridge.host.table import Table
from tests.host.handscreen.handrig import hand_rig, held_cards, play_by_clicks, world_cards


def _biggest(tbl: Table, seat: int) -> Action:
    """The play with the most cards (a quick round), else the first legal action (a give, a pass)."""
    assert tbl.run is not None and tbl.run.round is not None
    legal = list(tbl.run.round.legal_actions(seat))
    plays = [a for a in legal if isinstance(a, Play)]
    return max(plays, key=lambda a: len(a.meld.cards)) if plays else legal[0]


def _random_legal(seed: int) -> Any:
    rng = random.Random(seed)

    def choose(tbl: Table, seat: int) -> Action:
        assert tbl.run is not None and tbl.run.round is not None
        legal = list(tbl.run.round.legal_actions(seat))
        return rng.choice(legal)

    return choose


@pytest.mark.parametrize("version", ["1.21.6", "1.20.5"])
def test_cpu_match_by_clicks_only(sim_factory: Any, tmp_path: Path, version: str) -> None:
    rig = hand_rig(
        sim_factory, tmp_path, version=version, flavor="paper" if version == "1.21.6" else "vanilla"
    )
    rig.start_daemon()
    rig.join("Steve")
    rig.dfg("Steve", "join")
    assert rig.until(lambda: "Steve" in rig.table().lobby)
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: rig.table().run is not None and rig.table().run.round is not None)
    clickers = play_by_clicks(rig, ["Steve"], _random_legal(7))
    rig.settle(0.3)
    print(f"\n{version}: gave {clickers['Steve'].gave} times in the exchange")
    assert held_cards(rig, "Steve") == 0 and world_cards(rig) == 0
    assert rig.ctl.player("Steve")["inventory"] == {}  # the key went back too
    assert rig.invalid() == []


@pytest.mark.parametrize("version", ["1.21.6", "1.20.5"])
def test_normal_match_by_clicks_only_with_the_exchange(
    sim_factory: Any, tmp_path: Path, version: str
) -> None:
    players = ["Steve", "Alex", "Kai"]
    flavor = "paper" if version == "1.21.6" else "vanilla"
    rig = hand_rig(sim_factory, tmp_path, version=version, flavor=flavor, seats=3, rounds=2)
    rig.start_daemon()
    rig.join(*players)
    for name in players:
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == 3)
    rig.dfg("Steve", "start normal")
    assert rig.until(lambda: rig.table().run is not None and rig.table().run.round is not None)
    clickers = play_by_clicks(rig, players, _biggest)
    rig.settle(0.3)
    # Round 2 opens with the exchange: the 大富豪 chose 2 cards and pressed 渡す, on the screen.
    assert sum(c.gave for c in clickers.values()) >= 1
    for name in players:
        assert held_cards(rig, name) == 0 and rig.ctl.player(name)["inventory"] == {}
    assert world_cards(rig) == 0
    assert rig.invalid() == []
