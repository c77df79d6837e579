"""``execute if block <pos> <block>[<properties>]{<nbt>}`` tests properties and block-entity NBT.

Source: ``BlockPredicateArgument.BlockPredicate.test`` (1.20.5–1.21.11): the block must be the given
one, every given property must have the given value, and the NBT must match the block entity's full
data partially (``NbtUtils.compareNbt(nbt, blockEntity.saveWithFullMetadata(…), true)``: every given
list element must match some element). The hand screen's watch relies on this to test a chest's whole
content in one command.
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("version", ["1.20.5", "1.21.1", "1.21.4", "1.21.6"])
def test_block_predicate_properties_and_nbt(sim_factory: Any, version: str) -> None:
    sim = sim_factory(version=version)
    sim.run_command("setblock 0 64 0 chest[facing=east]")
    sim.run_command("item replace block 0 64 0 container.0 with red_dye 3")
    sim.run_command("item replace block 0 64 0 container.5 with paper 1")
    passes = {
        "chest": True,
        "chest[facing=east]": True,
        "chest[facing=west]": False,
        "barrel": False,
        "chest{Items:[{Slot:0b,count:3}]}": True,
        "chest{Items:[{Slot:0b,count:4}]}": False,
        "chest{Items:[{Slot:0b,count:3b}]}": False,  # count is an int since 1.20.5: types must match
        "chest{Items:[{Slot:5b,count:1},{Slot:0b,count:3}]}": True,
        'chest{Items:[{Slot:0b,id:"minecraft:red_dye"}]}': True,
        'chest{Items:[{Slot:0b,id:"minecraft:blue_dye"}]}': False,
    }
    for predicate, expected in passes.items():
        reply = sim.run_command(f"execute if block 0 64 0 {predicate}")
        assert reply == ("Test passed" if expected else "Test failed"), predicate
    # With the list's length, the whole content in one command.
    exact = (
        "execute if block 0 64 0 chest{Items:[{Slot:0b,count:3},{Slot:5b,count:1}]} "
        "unless data block 0 64 0 Items[2]"
    )
    assert sim.run_command(exact) == "Test passed"
    sim.run_command("item replace block 0 64 0 container.9 with stone 1")
    assert sim.run_command(exact) == "Test failed"
