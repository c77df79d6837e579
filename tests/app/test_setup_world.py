"""What ``dfg-bridge setup`` leaves in the world (issue 13 items 9 and 10).

Lockers: the old default was 768 unlocked barrels floating at y 5–7 over spawn, which a survival player
could pillar up to and open. Now they are sealed in bedrock at the bottom of the world and locked so no
held item opens them. Signs: they were wall signs with air behind them, which drop as items at the next
block update there; now each gets a block to hang on.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path
from typing import Any

import pytest

from dfg_bridge.app.lockers import LockerBox, open_faces
from dfg_bridge.app.setup import main
from dfg_bridge.model.text import Text
from dfg_bridge.render import dialect_for
from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient
from dfg_bridge.sim.world.blocks import sign_support, sturdy
from tests.app.helpers import write_config

BOX = LockerBox.spanning((-8, -63, -8), (7, -62, 7))
VERSIONS = ["1.20.5", "1.21.6", "1.21.11", "26.1"]


def _config(tmp_path: Path, sim: SimServer) -> Path:
    path = write_config(tmp_path, sim)
    text = path.read_text(encoding="utf-8")
    text = text.replace("corner1: [-8, 5, -8]", "corner1: [-8, -63, -8]")
    path.write_text(text.replace("corner2: [7, 6, 7]", "corner2: [7, -62, 7]"), encoding="utf-8")
    return path


def _setup(config: Path) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["--config", str(config)]) == 0, out.getvalue()
    return out.getvalue()


class _Sink:
    def __init__(self, sim: SimServer) -> None:
        self.sim = sim

    def run(self, command: str) -> str:
        return self.sim.run_command(command)


@pytest.mark.parametrize("version", VERSIONS)
def test_lockers_are_sealed_in_bedrock_and_no_held_item_opens_them(sim_factory: Any, tmp_path: Path,
                                                                   version: str) -> None:  # fmt: skip
    sim = sim_factory(version=version, flavor="vanilla")
    report = _setup(_config(tmp_path, sim))
    assert re.search(r"^lockers +-8 -63 -8 \.\. 7 -62 7 +placed \(512 blocks\)$", report, re.M), report
    assert "locker shell" in report and "failed" not in report
    d = dialect_for(version)
    assert open_faces(_Sink(sim), d, BOX) == []
    world = sim.world
    assert all(world.block_id(pos) == "minecraft:barrel" for pos in BOX.positions())
    shell = [(x, y, z) for x in range(-9, 9) for y in range(-64, -60) for z in range(-9, 9)
             if not (-8 <= x <= 7 and -63 <= y <= -62 and -8 <= z <= 7)]  # fmt: skip
    assert {world.block_id(pos) for pos in shell} == {"minecraft:bedrock"}
    assert {(x, z) for x in (-1, 0) for z in (-1, 0)} <= world.forced_chunks
    # Whatever a player holds, a locker stays shut (reach aside: `force` skips the reach test).
    control = ControlClient(sim.control_port)
    control.join("Steve")
    name = "dfg-bridge locker " + "0" * 48  # even the lock name's shape, renamed (1.20.5–1.21.1 locks)
    renamed = f"paper[custom_name={d.nbt_text(Text(name))}]"
    for item in ("diamond 64", "writable_book 1", renamed + " 1"):
        sim.run_command(f"item replace entity Steve hotbar.0 with {item}")
        opened = control.open("Steve", [-8, -63, -8], force=True)
        assert opened["opened"] is False and opened["reason"] == "locked", (item, opened)
    sim.run_command("item replace entity Steve hotbar.0 with air")
    assert control.open("Steve", [-8, -63, -8], force=True)["reason"] == "locked"
    assert sim.stats()["commands_invalid"] == 0


def test_setup_again_keeps_what_the_lockers_hold(sim_factory: Any, tmp_path: Path) -> None:
    sim = sim_factory(version="1.21.6", flavor="paper")
    config = _config(tmp_path, sim)
    _setup(config)
    sim.run_command("item replace block 3 -62 3 container.5 with diamond 17")  # a player's items in custody
    second = _setup(config)
    assert "placed" not in second, second
    assert "17" in sim.run_command("data get block 3 -62 3 Items")


@pytest.mark.parametrize("version", ["1.20.5", "1.21.6"])
def test_unlocked_lockers_of_an_older_setup_get_locked(sim_factory: Any, tmp_path: Path,
                                                       version: str) -> None:  # fmt: skip
    sim = sim_factory(version=version, flavor="vanilla")
    config = _config(tmp_path, sim)
    sim.run_command("fill -8 -63 -8 7 -62 7 minecraft:barrel")  # what an older dfg-bridge placed
    sim.run_command("item replace block 0 -63 0 container.0 with diamond 5")
    report = _setup(config)
    assert "locker locks" in report and "placed (512 blocks)" in report, report
    assert "5" in sim.run_command("data get block 0 -63 0 Items")
    control = ControlClient(sim.control_port)
    control.join("Steve")
    assert control.open("Steve", [0, -63, 0], force=True)["reason"] == "locked"


@pytest.mark.parametrize("version", ["1.20.5", "1.21.11"])
def test_every_sign_has_a_block_to_hang_on(sim_factory: Any, tmp_path: Path, version: str) -> None:
    sim = sim_factory(version=version, flavor="vanilla")
    report = _setup(_config(tmp_path, sim))
    assert "sign support join t1" in report
    signs = [(pos, b) for pos, b in sim.world.blocks.items() if b.id.endswith("_sign")]
    assert len(signs) == 3
    for pos, block in signs:
        support = sign_support(block, pos)
        assert support is not None and sturdy(sim.world.block_id(support)), (pos, block)
        # A block update there (someone swaps the block) no longer drops the sign.
        sim.run_command(f"setblock {support[0]} {support[1]} {support[2]} minecraft:stone")
        assert sim.world.block_id(pos) == block.id
    assert sim.world.dropped == []


def test_a_sign_without_support_drops_at_the_next_update_there(sim: SimServer) -> None:
    """The sim, as vanilla: ``setblock`` leaves a floating sign, a shape update from its support breaks it."""
    sim.run_command("setblock 0 64 5 minecraft:oak_wall_sign[facing=south]")
    assert sim.world.block_id((0, 64, 5)) == "minecraft:oak_wall_sign"
    sim.run_command("setblock 0 64 3 minecraft:stone")  # not its support: nothing happens
    assert sim.world.block_id((0, 64, 5)) == "minecraft:oak_wall_sign"
    sim.run_command("setblock 0 64 4 minecraft:stone")  # its support: it may stay now …
    sim.run_command("setblock 0 64 4 minecraft:air")  # … and goes when that block goes
    assert sim.world.block_id((0, 64, 5)) == "minecraft:air"
    assert [stack.id for _, stack in sim.world.dropped] == ["minecraft:oak_sign"]
    items = [e for e in ControlClient(sim.control_port).world()["entities"] if e["type"] == "minecraft:item"]
    assert [e["nbt"]["Item"]["id"] for e in items] == ["minecraft:oak_sign"]


def test_setup_waits_for_force_loaded_chunks_before_filling() -> None:
    """``forceload add`` only requests chunks; vanilla refuses a ``fill`` there until they have loaded."""
    from dfg_bridge.app.placer import Placer
    from dfg_bridge.host.custody import LockerLayout

    sent: list[str] = []
    pending = {"loads": 2}

    class Slow:
        def run(self, command: str) -> str:
            sent.append(command)
            if command.startswith("execute if loaded"):
                pending["loads"] -= 1
                return "Test passed" if pending["loads"] < 0 else "Test failed"
            if command.startswith("fill"):
                assert pending["loads"] < 0, "filled before the chunks loaded"
                return "Successfully filled 512 block(s)"
            if command.startswith("execute if block"):
                return "Test passed"
            if command.startswith("data get"):
                return "-8, -63, -8 has the following block data: {count: {min: 100}}"
            return "Marked 4 chunks in minecraft:overworld from [-1, -1] to [0, 0] to be force loaded"

    placer = Placer(Slow(), dialect_for("1.21.6"))
    placer.lockers(LockerLayout((-8, -63, -8), (16, 2, 16)))
    assert [c for c in sent if c.startswith("execute if loaded")][:3] == ["execute if loaded -9 -64 -9"] * 3
    assert placer.report.failed == []
