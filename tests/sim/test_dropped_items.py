"""Thrown items are item entities (vanilla ``Player.drop``): selectors find them and ``kill`` removes them."""

from __future__ import annotations

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient


def test_a_thrown_stack_is_an_item_entity_that_kill_removes(sim: SimServer) -> None:
    c = ControlClient(sim.control_port)
    c.join("Steve")
    sim.run_command("setblock 0 64 0 minecraft:chest")
    dye = 'minecraft:red_dye[custom_data={dfg:{id:"h3"}}]'
    sim.run_command(f"item replace block 0 64 0 container.3 with {dye} 12")
    sim.run_command("item replace block 0 64 0 container.4 with minecraft:stone 5")
    assert c.open("Steve", [0, 64, 0], force=True)["opened"]
    c.click("Steve", 3, "throw", 1)  # Ctrl+Q: the whole stack
    c.click("Steve", 4, "throw", 0)  # Q: one item
    items = [e for e in c.world()["entities"] if e["type"] == "minecraft:item"]
    assert sorted((e["nbt"]["Item"]["id"], e["nbt"]["Item"]["count"]) for e in items) == [
        ("minecraft:red_dye", 12),
        ("minecraft:stone", 1),
    ]
    ours = '@e[type=minecraft:item,nbt={Item:{components:{"minecraft:custom_data":{dfg:{}}}}}]'
    assert sim.run_command(f"kill {ours}").startswith("Killed")
    left = [e["nbt"]["Item"]["id"] for e in c.world()["entities"] if e["type"] == "minecraft:item"]
    assert left == ["minecraft:stone"]
    assert sim.run_command(f"kill {ours}") == "No entity was found"
