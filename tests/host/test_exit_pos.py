"""``/dfg leave`` mid-match sends the player where it promises (issue 13 §8): the table's ``exit_pos``,
by default the world spawn (an RCON command's ``~`` is relative to the world spawn, ARCHITECTURE §9)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.config import ConfigError, parse_config
from dfg_bridge.host.fromconfig import host_settings
from tests.config.conftest import EXAMPLE
from tests.host.rig import Rig, make_rig, settings, table

ENV = {"RCON_PASSWORD": "pw"}
SPAWN = (0.5, 64.0, 0.5)
"""The sim's world spawn block (0, 64, 0), centred."""


def _leave_mid_match(rig: Rig) -> tuple[float, ...]:
    rig.start_daemon()
    people = ["Ann", "Bob", "Cid"]
    rig.join(*people)
    tbl = rig.start_match(people)
    assert rig.until(lambda: rig.ctl.player("Ann")["vehicle"] is not None)
    rig.dfg("Bob", "leave")
    assert rig.until(lambda: "Bob" not in tbl.lobby)
    rig.settle(0.2)
    return tuple(rig.ctl.player("Bob")["position"])


def test_leave_mid_match_goes_to_the_world_spawn_by_default(sim_factory: Any, tmp_path: Path) -> None:
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1)))
    assert _leave_mid_match(rig) == pytest.approx(SPAWN)
    assert any("初期地点" in line for line in rig.chat("Bob"))
    assert rig.invalid() == []


def test_leave_mid_match_goes_to_the_configured_exit(sim_factory: Any, tmp_path: Path) -> None:
    exit_pos = (20.5, 70.0, -4.5)
    rig = make_rig(sim_factory, tmp_path, host_settings=settings(table(rounds=1, exit_pos=exit_pos)))
    assert _leave_mid_match(rig) == pytest.approx(exit_pos)
    assert any("退出地点" in line for line in rig.chat("Bob"))
    assert rig.invalid() == []


def test_exit_pos_is_a_table_key() -> None:
    example_text = EXAMPLE.read_text(encoding="utf-8")
    text = example_text.replace("    exit_pos: null", "    exit_pos: [20, 70, -5]")
    loaded = parse_config(text, file="dfg.yml", env=ENV)
    assert host_settings(loaded.config).tables[0].exit_pos == (20.5, 70.0, -4.5)
    default = host_settings(parse_config(example_text, file="dfg.yml", env=ENV).config)
    assert default.tables[0].exit_pos is None  # the world spawn


def test_exit_pos_may_not_be_in_the_lockers() -> None:
    example_text = EXAMPLE.read_text(encoding="utf-8")
    loaded = parse_config(example_text, file="dfg.yml", env=ENV)
    inside = list(loaded.config.custody.locker.corner1)  # a block of the locker box, wherever it is
    text = example_text.replace("    exit_pos: null", f"    exit_pos: {inside}")
    where = re.escape(f"tables[0].exit_pos: block {inside} lies inside custody.locker")
    with pytest.raises(ConfigError, match=where):
        parse_config(text, file="dfg.yml", env=ENV)
