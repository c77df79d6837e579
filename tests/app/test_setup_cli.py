"""``dfg-bridge setup --config FILE``: places everything once, finds it all the second time."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.setup import main
from tests.app.helpers import write_config


@pytest.mark.parametrize(("version", "flavor"), [("1.21.6", "paper"), ("1.20.5", "vanilla")])
def test_setup_is_idempotent(sim_factory: Any, tmp_path: Path, capsys: Any, version: str,
                             flavor: str) -> None:  # fmt: skip
    sim = sim_factory(version=version, flavor=flavor)
    config = write_config(tmp_path, sim)
    assert main(["--config", str(config)]) == 0
    first = capsys.readouterr().out
    assert "placed" in first and "failed" not in first
    assert main(["--config", str(config)]) == 0
    second = capsys.readouterr().out
    assert "placed" not in second and second.rstrip().endswith("found")
    world = sim.run_command("execute if entity @e[tag=dfg_t1_seat3]")
    assert "passed" in world.lower() or world == ""  # the seat is there
    stats = sim.stats()
    assert stats["commands_invalid"] == 0
    assert stats["entities"] == 10  # 4 seats, 4 seat texts, the centre text, the leaderboard


def test_bad_config_exits_2(tmp_path: Path, capsys: Any) -> None:
    bad = tmp_path / "bad.yml"
    bad.write_text("tables: []\n", encoding="utf-8")
    assert main(["--config", str(bad)]) == 2
    assert "bad.yml" in capsys.readouterr().err


def test_setup_replace_rewrites_signs_and_chests_that_exist(sim_factory: Any, tmp_path: Path,
                                                            capsys: Any) -> None:  # fmt: skip
    from dfg_bridge.sim.control import ControlClient

    sim = sim_factory(version="1.21.6", flavor="paper")
    config = write_config(tmp_path, sim)
    assert main(["--config", str(config)]) == 0
    capsys.readouterr()
    sim.run_command("item replace block 0 64 -2 container.0 with diamond 1")  # a stray item in a hand chest
    config.write_text(config.read_text(encoding="utf-8").replace("name: 卓1", "name: 卓9"), encoding="utf-8")
    assert main(["--config", str(config), "--replace"]) == 0
    out = capsys.readouterr().out
    assert "failed" not in out and "sign join t1" in out
    world = ControlClient(sim.control_port).world()
    # An identical block with new NBT would be "Could not set the block": setup sets air first.
    assert {sign["lines"][1] for sign in world["signs"]} == {"卓9"}
    chests = {tuple(c["pos"]): c for c in world["containers"]}
    assert chests[(0, 64, -2)]["items"] == {}
    assert sim.stats()["commands_invalid"] == 0
