"""Opening statistics as scoreboard criteria (``minecraft.custom:minecraft.open_chest`` …), per version.

Source of the facts (decompiled ``net.minecraft.world.level.block``, 1.20.5–1.21.11, and Paper's patch
of ``ChestBlock.useWithoutItem``): a chest awards ``open_chest`` whenever its lid is free — also when
its lock refuses the player (vanilla; Paper counts only a menu that opened); a blocked lid awards
nothing; a trapped chest awards ``trigger_trapped_chest``, an ender chest ``open_enderchest``, a
barrel ``open_barrel``; a spectator opens menus without the block's use, so without a statistic.
Every count lands in each objective whose criterion names the statistic, for all players at once.
"""

from __future__ import annotations

from typing import Any

import pytest

from dfg_bridge.sim.control import ControlClient

VERSIONS = ("1.20.5", "1.21.1", "1.21.4", "1.21.6")


def _scores(sim: Any, objective: str) -> str:
    reply: str = sim.run_command(f"execute as @a run scoreboard players get @s {objective}")
    return reply


@pytest.mark.parametrize("flavor", ["vanilla", "paper"])
@pytest.mark.parametrize("version", VERSIONS)
def test_open_statistics(sim_factory: Any, version: str, flavor: str) -> None:
    sim = sim_factory(version=version, flavor=flavor)
    ctl = ControlClient(sim.control_port)
    ctl.join("Steve")
    ctl.join("Alex")
    for name, stat in (("dfg_oc", "open_chest"), ("dfg_tc", "trigger_trapped_chest"),
                       ("dfg_oe", "open_enderchest"), ("dfg_ob", "open_barrel")):  # fmt: skip
        reply = sim.run_command(f"scoreboard objectives add {name} minecraft.custom:minecraft.{stat}")
        assert reply.startswith("Created new objective"), reply
    sim.run_command("tp Steve 0.5 64 1.5")
    sim.run_command("tp Alex 0.5 64 1.5")
    sim.run_command("setblock 0 64 0 chest")
    sim.run_command("setblock 2 64 0 trapped_chest")
    sim.run_command("setblock 1 64 2 barrel")
    assert ctl.open("Steve", [0, 64, 0])["opened"]
    assert ctl.open("Steve", [0, 64, 0])["opened"]
    assert ctl.open("Steve", [2, 64, 0])["opened"]
    assert ctl.open("Steve", [1, 64, 2])["opened"]
    assert ctl.open("Steve", enderchest=True)["opened"]
    # One read for every player: only Steve opened anything.
    reply = sim.run_command("execute as @a[scores={dfg_oc=1..}] run scoreboard players get @s dfg_oc")
    assert reply == "Steve has 2 [dfg_oc]"
    assert sim.run_command("execute if entity @a[scores={dfg_oc=1..}]") == "Test passed, count: 1"
    assert "Steve has 1 [dfg_tc]" in _scores(sim, "dfg_tc")
    assert "Steve has 1 [dfg_oe]" in _scores(sim, "dfg_oe")
    assert "Steve has 1 [dfg_ob]" in _scores(sim, "dfg_ob")

    # A locked chest counts on vanilla (the stat is awarded after openMenu, which the lock refused).
    lock = 'lock:{items:"minecraft:stick"}' if version >= "1.21.2" else 'Lock:"secret"'
    sim.run_command(f"data merge block 0 64 0 {{{lock}}}")
    refused = ctl.open("Alex", [0, 64, 0])
    assert refused["reason"] == "locked"
    alex = sim.run_command("scoreboard players get Alex dfg_oc")
    assert alex == (
        "Alex has 1 [dfg_oc]" if flavor == "vanilla" else "Can't get value of dfg_oc for Alex; none is set"
    )

    # A blocked lid opens nothing and counts nothing.
    sim.run_command("data merge block 0 64 0 {" + ("lock:{}" if version >= "1.21.2" else 'Lock:""') + "}")
    sim.run_command("setblock 0 65 0 stone")
    assert ctl.open("Steve", [0, 64, 0])["reason"] == "blocked"
    assert sim.run_command("scoreboard players get Steve dfg_oc") == "Steve has 2 [dfg_oc]"

    # A spectator opens without a statistic.
    sim.run_command("gamemode spectator Steve")
    assert ctl.open("Steve", [2, 64, 0])["opened"]
    assert sim.run_command("scoreboard players get Steve dfg_tc") == "Steve has 1 [dfg_tc]"

    # Reset in one command: the reply names each player whose count was reset.
    reset = sim.run_command("execute as @a[scores={dfg_oc=1..}] run scoreboard players set @s dfg_oc 0")
    expected = "Set [dfg_oc] for Steve to 0" + ("Set [dfg_oc] for Alex to 0" if flavor == "vanilla" else "")
    assert reset == expected
    assert sim.run_command("execute if entity @a[scores={dfg_oc=1..}]") == "Test failed"
