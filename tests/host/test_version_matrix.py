"""Whole matches on every supported release × server flavour × rule preset, 0 invalid commands (issue 13).

Two players type their moves (``/dfg`` on Paper, ``!dfg`` on vanilla) while CPUs fill the preset's table;
every command the daemon sends is checked against the version's command tree and registries. Issue 13
saw 265–541 invalid commands per match on 1.21.11 (``chain`` is ``iron_chain`` there, game rules are
snake_case). The default suite plays 10 of the 120 combinations (see ``DEFAULT``); ``-m slow`` plays the
rest (``make soak``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.engine import Rules
from dfg_bridge.host import Mode
from dfg_bridge.render.version import RELEASES
from tests.host.rig import make_rig, settings, table

PRESETS = ("minecraft", "dqx", "niconico", "uecda")
FLAVOURS = ("vanilla", "paper")
HUMANS = ("Steve", "Alex")
# The default suite: every preset on the newest release, the boundaries of the last renames (1.21.9 iron
# chain, 1.21.11 snake_case game rules) and one match on each older text/lock family; both flavours.
DEFAULT = [
    ("26.1", "vanilla", "minecraft"),
    ("26.1", "paper", "dqx"),
    ("26.1", "vanilla", "niconico"),
    ("26.1", "paper", "uecda"),
    ("1.21.11", "vanilla", "dqx"),
    ("1.21.11", "paper", "minecraft"),
    ("1.21.9", "paper", "niconico"),
    ("1.21.6", "vanilla", "uecda"),
    ("1.21.4", "paper", "minecraft"),
    ("1.20.5", "vanilla", "dqx"),
]
FULL = [(str(v), f, p) for v in RELEASES for f in FLAVOURS for p in PRESETS if (str(v), f, p) not in DEFAULT]


def _match(sim_factory: Any, tmp_path: Path, version: str, flavor: str, preset: str) -> None:
    rules = Rules.preset(preset).replace(rounds=2)
    players = rules.players or 4
    host_settings = settings(
        table(seats=max(4, players), rules=rules, rounds=2, cpu_total=players, default_mode=Mode.CPU)
    )
    rig = make_rig(sim_factory, tmp_path, version=version, flavor=flavor, host_settings=host_settings)
    rig.start_daemon()
    rig.join(*HUMANS)
    for name in HUMANS:
        rig.dfg(name, "join")
    assert rig.until(lambda: len(rig.table().lobby) == len(HUMANS))
    rig.dfg("Steve", "start cpu")
    assert rig.until(lambda: rig.table().run is not None)
    rig.play_out("t1", HUMANS, timeout=90)
    rig.settle(0.3)
    assert rig.host.ledger.all() == []
    invalid = rig.invalid()
    rig.stop_daemon()
    assert invalid == [], f"{version} {flavor} {preset}: {len(invalid)} invalid, first {invalid[:3]}"


@pytest.mark.parametrize(("version", "flavor", "preset"), DEFAULT)
def test_match_sends_only_valid_commands(sim_factory: Any, tmp_path: Path, version: str, flavor: str,
                                         preset: str) -> None:  # fmt: skip
    _match(sim_factory, tmp_path, version, flavor, preset)


@pytest.mark.slow
@pytest.mark.parametrize(("version", "flavor", "preset"), FULL)
def test_full_matrix(sim_factory: Any, tmp_path: Path, version: str, flavor: str, preset: str) -> None:
    _match(sim_factory, tmp_path, version, flavor, preset)
