"""``setblock``/``fill`` answer like vanilla for an unchanged block (``SetBlockCommand``, ``FillCommand``).

``BlockInput.place`` returns false when ``Level.setBlock`` sees the same state, before it loads any
NBT; both commands first empty a container (``Clearable.tryClear``) in every mode but ``keep``/``destroy``.
"""

from __future__ import annotations

from dfg_bridge.sim import SimServer

SIGN = 'oak_sign{front_text:{messages:[{text:"%s"},"","",""]}}'


def test_setblock_with_the_same_block_cannot_set_it(sim: SimServer) -> None:
    run = sim.run_command
    assert run("setblock 0 64 0 stone") == "Changed the block at 0, 64, 0"
    assert run("setblock 0 64 0 stone") == "Could not set the block"
    assert run("setblock 0 64 0 stone replace") == "Could not set the block"
    assert run("setblock 0 64 0 chest[facing=south]") == "Changed the block at 0, 64, 0"
    assert run("setblock 0 64 0 chest[facing=north]") == "Changed the block at 0, 64, 0"  # a new state


def test_the_same_block_with_new_nbt_is_not_set_and_keeps_its_data(sim: SimServer) -> None:
    run = sim.run_command
    assert run("setblock 1 64 0 " + SIGN % "old").startswith("Changed the block")
    assert run("setblock 1 64 0 " + SIGN % "new") == "Could not set the block"
    assert '"old"' in run("data get block 1 64 0 front_text.messages[0]")
    # Air first, as the daemon's rekey does, and the new data lands.
    assert run("setblock 1 64 0 air").startswith("Changed the block")
    assert run("setblock 1 64 0 " + SIGN % "new").startswith("Changed the block")
    assert '"new"' in run("data get block 1 64 0 front_text.messages[0]")


def test_an_unchanged_setblock_is_a_failure_for_execute_store(sim: SimServer) -> None:
    run = sim.run_command
    run("scoreboard objectives add probe dummy")
    run("setblock 2 64 0 stone")
    run("execute store success score #ok probe run setblock 2 64 0 stone")
    assert run("scoreboard players get #ok probe") == "#ok has 0 [probe]"
    run("execute store success score #ok probe run setblock 2 64 0 dirt")
    assert run("scoreboard players get #ok probe") == "#ok has 1 [probe]"


def test_replace_empties_a_container_even_when_the_block_stays(sim: SimServer) -> None:
    run = sim.run_command
    run("setblock 3 64 0 chest")
    run("item replace block 3 64 0 container.0 with diamond 5")
    assert run("setblock 3 64 0 chest keep") == "Could not set the block"
    assert "diamond" in run("data get block 3 64 0 Items")  # keep never touches it
    assert run("setblock 3 64 0 chest") == "Could not set the block"
    assert run("data get block 3 64 0 Items") == "3, 64, 0 has the following block data: []"


def test_fill_with_the_same_blocks_fills_nothing(sim: SimServer) -> None:
    run = sim.run_command
    assert run("fill 0 70 0 1 70 1 barrel") == "Successfully filled 4 block(s)"
    assert run("fill 0 70 0 1 70 1 barrel") == "No blocks were filled"
    assert run("fill 0 70 0 1 70 1 barrel keep") == "No blocks were filled"
    assert run("fill 0 70 0 2 70 1 barrel keep") == "Successfully filled 2 block(s)"
    run("item replace block 0 70 0 container.0 with diamond 5")
    assert run("fill 0 70 0 0 70 0 barrel") == "No blocks were filled"
    assert run("data get block 0 70 0 Items") == "0, 70, 0 has the following block data: []"
    run("scoreboard objectives add probe dummy")
    run("execute store success score #ok probe run fill 0 70 0 1 70 1 barrel")
    assert run("scoreboard players get #ok probe") == "#ok has 0 [probe]"
