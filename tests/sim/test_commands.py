"""Command feedback and errors with vanilla's texts, and the version differences (ARCHITECTURE §6.2)."""

from __future__ import annotations

import pytest

from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient


@pytest.fixture
def steve(sim: SimServer) -> SimServer:
    ControlClient(sim.control_port).join("Steve")
    return sim


def test_give_feedback_overflow_and_limits(steve: SimServer) -> None:
    run = steve.run_command
    assert run("give Steve written_book 3") == "Gave 3 [Written Book] to Steve"
    assert run("give Steve stone 6401") == "Can't give more than 6400 of [Stone]"
    assert run("give Steve stone 2304") == "Gave 2304 [Stone] to Steve"  # 35 free slots of 64: one stack over
    assert run("give Steve dirt 5") == "Gave 5 [Dirt] to Steve"  # full inventory: dropped at the feet
    view = ControlClient(steve.control_port).player("Steve")
    assert [(d["id"], d["count"]) for d in view["dropped"]] == [
        ("minecraft:stone", 64),
        ("minecraft:dirt", 5),
    ]
    assert run("give @a[name=Nobody] stone") == "No player was found"


def test_item_replace_errors(steve: SimServer) -> None:
    run = steve.run_command
    assert (
        run("item replace block 0 64 0 container.0 with stone")
        == "Target position 0, 64, 0 is not a container"
    )
    run("setblock 0 64 0 chest")
    assert run("item replace block 0 64 0 container.27 with stone") == "The target does not have slot 27"
    assert run("item replace block 0 64 0 container.0 with written_book 17") == (
        "minecraft:written_book can only stack up to 16"
    )
    assert run("item replace block 0 64 0 container.0 from block 9 9 9 container.0") == (
        "Source position 9, 9, 9 is not a container"
    )
    assert run("item replace entity @e[type=marker] container.0 with stone") == "No entity was found"
    run("summon marker 0 64 0")
    assert run("item replace entity @e[type=marker] container.0 with stone") == (
        "No targets accepted item [Stone] into slot 0"
    )
    assert run("item replace entity Steve armor.head with carved_pumpkin") == (
        "Replaced a slot on Steve with [Carved Pumpkin]"
    )


def test_clear_counts_and_errors(steve: SimServer) -> None:
    run = steve.run_command
    assert run("clear Steve") == "No items were found on player Steve"
    run('give Steve red_dye[custom_data={dfg:{c:"H3"}}] 3')
    run("give Steve stone 10")
    assert run("clear Steve *[custom_data~{dfg:{}}] 0") == "Found 3 matching item(s) on player Steve"
    assert run("clear Steve stone 4") == "Removed 4 item(s) from player Steve"
    assert run("clear Steve") == "Removed 9 item(s) from player Steve"


def test_data_get_texts_and_errors(steve: SimServer) -> None:
    run = steve.run_command
    assert run("data get block 0 64 0") == "The target block is not a block entity"
    run("setblock 0 64 0 chest")
    assert run("data get block 0 64 0 Items[0]") == "Found no elements matching Items[0]"
    run("item replace block 0 64 0 container.5 with stone 7")
    assert run("data get block 0 64 0 Items[0].count") == "0, 64, 0 has the following block data: 7"
    assert run("data get block 0 64 0 Items[0].count 2") == (
        "Items[0].count on block 0, 64, 0 after scale factor of 2.00 is 14"
    )
    assert run("data get entity Steve SelectedItemSlot") == "Steve has the following entity data: 0"


@pytest.mark.parametrize(
    ("version", "name_arg", "stored"),
    [
        (
            "1.20.5",
            """custom_name='{"text":"Q♥","italic":false}'""",
            """"minecraft:custom_name": '{"text":"Q♥","italic":false}'""",
        ),
        (
            "1.21.4",
            """custom_name='{"text":"Q♥","italic":false}'""",
            """"minecraft:custom_name": '{"text":"Q♥","italic":false}'""",
        ),
        (
            "1.21.5",
            'custom_name={text:"Q♥",italic:false}',
            '"minecraft:custom_name": {text: "Q♥", italic: 0b}',
        ),
        (
            "1.21.6",
            'custom_name={text:"Q♥",italic:false}',
            '"minecraft:custom_name": {text: "Q♥", italic: 0b}',
        ),
    ],
)
def test_item_components_are_stored_per_version(
    sim_factory, version: str, name_arg: str, stored: str
) -> None:  # type: ignore[no-untyped-def]
    sim = sim_factory(version=version)
    sim.run_command("setblock 0 64 0 chest")
    reply = sim.run_command(f"item replace block 0 64 0 container.0 with red_dye[{name_arg}] 12")
    assert reply == "Replaced a slot at 0, 64, 0 with [Q♥]"
    assert stored in sim.run_command("data get block 0 64 0 Items[0]")


def test_player_equipment_nbt_per_version(sim_factory) -> None:  # type: ignore[no-untyped-def]
    old = sim_factory(version="1.21.4")
    new = sim_factory(version="1.21.5")
    for server in (old, new):
        ControlClient(server.control_port).join("Steve")
        server.run_command("item replace entity Steve weapon.offhand with shield")
    assert "Slot: -106b" in old.run_command("data get entity Steve Inventory")
    assert "offhand" in new.run_command("data get entity Steve equipment")
    assert new.run_command("data get entity Steve Inventory") == "Steve has the following entity data: []"


def test_text_component_forms_are_checked_per_version(sim_factory) -> None:  # type: ignore[no-untyped-def]
    old = sim_factory(version="1.21.4")
    new = sim_factory(version="1.21.6")
    json_text = 'tellraw @a {"text":"x","clickEvent":{"action":"run_command","value":"/trigger dfg"}}'
    snbt_text = 'tellraw @a {text:"x",click_event:{action:"run_command",command:"/trigger dfg"}}'
    assert old.run_command(json_text) == "No player was found"  # parsed fine, no one to tell
    assert new.run_command(snbt_text) == "No player was found"
    assert new.run_command("dialog clear @a") == "No player was found"
    assert old.run_command("dialog clear @a").startswith("Unknown or incomplete command")


def test_scoreboard_texts(steve: SimServer) -> None:
    run = steve.run_command
    assert run("scoreboard players set Steve dfg 1") == "Unknown scoreboard objective 'dfg'"
    assert run("scoreboard objectives add dfg dummy") == "Created new objective [dfg]"
    assert run("scoreboard objectives add dfg dummy") == "An objective already exists by that name"
    assert run("scoreboard players set @a dfg 4") == "Set [dfg] for Steve to 4"
    assert run("scoreboard players set #a dfg 1") == "Set [dfg] for #a to 1"
    assert run("scoreboard players add Steve dfg 3") == "Added 3 to [dfg] for Steve (now 7)"
    assert run("scoreboard players operation Steve dfg += #a dfg") == "Set [dfg] for Steve to 8"
    assert run("scoreboard players get Nobody dfg") == "Can't get value of dfg for Nobody; none is set"
    assert run("scoreboard players list") == "There are 2 tracked entity/entities: Steve, #a"
    assert run("scoreboard players enable Steve dfg") == "Enable only works on trigger-objectives"
    assert (
        run("scoreboard objectives setdisplay sidebar dfg")
        == "Set display slot sidebar to show objective [dfg]"
    )
    assert run("scoreboard objectives setdisplay sidebar dfg") == (
        "Nothing changed. That display slot is already showing that objective"
    )
    assert run("scoreboard players reset Steve dfg") == "Reset [dfg] for Steve"
    assert run("scoreboard objectives list") == "There are 1 objective(s): [dfg]"


def test_team_and_bossbar_texts(steve: SimServer) -> None:
    run = steve.run_command
    assert run("team join dfg Steve") == "Unknown team 'dfg'"
    assert run("team add dfg") == "Created team [dfg]"
    assert run("team add dfg") == "A team already exists by that name"
    assert run("team modify dfg color gold") == "Updated the color for team [dfg] to gold"
    assert run("team modify dfg color gold") == "Nothing changed. That team already has that color"
    assert run("team join dfg Steve") == "Added Steve to team [dfg]"
    assert run("team leave Steve") == "Removed Steve from any team"
    assert run("bossbar set dfg:x value 1") == "No bossbar exists with the ID 'dfg:x'"
    assert run('bossbar add dfg:x {text:"X"}') == "Created custom bossbar [X]"
    assert (
        run("bossbar set dfg:x players")
        == "Nothing changed. Those players are already on the bossbar with nobody to add or remove"
    )
    assert run("bossbar remove dfg:x") == "Removed custom bossbar [X]"


def test_entity_and_world_texts(steve: SimServer) -> None:
    run = steve.run_command
    assert run("tp Steve 1 64 2") == "Teleported Steve to 1.500000, 64.000000, 2.500000"
    # "~" is relative to the command source (the console at spawn), not to the target.
    assert run("tp Steve ~1 ~ ~") == "Teleported Steve to 1.000000, 64.000000, 0.000000"
    assert (
        run("execute as Steve at @s run tp @s ~1 ~ ~") == "Teleported Steve to 2.000000, 64.000000, 0.000000"
    )
    assert run("tp 1 2 3") == "An entity is required to run this command here"
    assert run("summon marker 5 64 5") == "Summoned new Marker"
    assert run("tp Steve @e[type=marker,limit=1]") == "Teleported Steve to Marker"
    assert run("ride Steve mount Steve") == "Players can't be ridden"
    assert run("ride Steve dismount") == "Steve is not riding any vehicle"
    assert run("forceload add 0 0") == "Marked chunk [0, 0] in minecraft:overworld to be force loaded"
    assert run("forceload add 0 0") == "No chunks were marked for force loading"
    assert run("forceload add 0 0 31 15") == "Marked chunk [1, 0] in minecraft:overworld to be force loaded"
    assert run("forceload add 0 16 31 31") == (
        "Marked 2 chunks in minecraft:overworld from [0, 1] to [1, 1] to be force loaded"
    )
    assert run("forceload query 16 0") == "Chunk at [1, 0] in minecraft:overworld is marked for force loading"
    assert (
        run("forceload query 99 99")
        == "Chunk at [6, 6] in minecraft:overworld is not marked for force loading"
    )
    assert run("gamerule keepInventory") == "Gamerule keepInventory is currently set to: false"
    assert run("gamerule keepInventory true") == "Gamerule keepInventory is now set to: true"
    assert run("setblock 0 70 0 stone") == "Changed the block at 0, 70, 0"
    assert run("setblock 0 70 0 stone") == "Could not set the block"
    assert run("setblock 0 70 0 dirt keep") == "Could not set the block"
    # The hollow inside was air already: an unchanged block is not counted.
    assert run("fill 0 70 0 2 72 2 glass hollow") == "Successfully filled 26 block(s)"
    assert (
        run("fill 0 0 0 40 40 40 stone")
        == "Too many blocks in the specified area (maximum 32768, specified 68921)"
    )
    assert run("kill @e[type=marker]") == "Killed Marker"
    assert run("list") == "There are 1 of a max of 20 players online: Steve"


def test_execute_forks_tests_and_store(steve: SimServer) -> None:
    run = steve.run_command
    ControlClient(steve.control_port).join("Alex")
    run("scoreboard objectives add dfg dummy")
    assert run("execute if entity @a") == "Test passed, count: 2"
    assert run("execute if entity @e[type=marker]") == "Test failed"
    assert (
        run("execute as @a run scoreboard players add @s dfg 1")
        == "Added 1 to [dfg] for Steve (now 1)Added 1 to [dfg] for Alex (now 1)"
    )
    assert run("execute if score Steve dfg matches 1 run say yes") == ""
    assert run("execute if score Steve dfg matches 5.. run say no") == ""
    assert run("execute if score Steve dfg matches 5..") == "Test failed"
    assert run("execute unless score Steve dfg matches 5..") == "Test passed"
    run("give Steve stone 12")
    assert (
        run("execute store result score Steve dfg run clear Steve stone 0")
        == "Found 12 matching item(s) on player Steve"
    )
    assert run("scoreboard players get Steve dfg") == "Steve has 12 [dfg]"
    assert run('execute at @p run tellraw @a "hi"') == ""
    assert run("execute as @e[type=marker] run say hi") == ""


def test_execute_as_player_echo_uses_the_players_name(steve: SimServer) -> None:
    steve.run_command("scoreboard objectives add dfg trigger")
    steve.run_command("scoreboard players enable Steve dfg")
    assert steve.run_command("execute as Steve run trigger dfg set 3") == "Triggered [dfg] (set value to 3)"
    assert "[Steve: Triggered [dfg] (set value to 3)]" in steve.log_path.read_text("utf-8")


def test_dialog_show_on_1_21_6(steve: SimServer) -> None:
    reply = steve.run_command(
        'dialog show Steve {type:"minecraft:notice",title:"手札",'
        'body:{type:"minecraft:plain_message",contents:"x"}}'
    )
    assert reply == "Displayed dialog to Steve"
    assert ControlClient(steve.control_port).player("Steve")["dialog"]["type"] == "minecraft:notice"
    assert steve.run_command("dialog clear @a") == "Cleared dialog for Steve"


def test_tag_effect_and_playsound(steve: SimServer) -> None:
    run = steve.run_command
    run("summon armor_stand 3 64 3")
    assert run("tag @e[type=armor_stand] add dfg") == "Added tag 'dfg' to Armor Stand"
    assert run("tag @e[type=armor_stand] add dfg") == "Target either already has the tag or has too many tags"
    assert run("tag @e[type=armor_stand] list") == "Armor Stand has 1 tags: dfg"
    assert (
        run("effect give @e[tag=dfg] invisibility infinite 0 true")
        == "Applied effect Invisibility to Armor Stand"
    )
    assert "active_effects" in run("data get entity @e[tag=dfg,limit=1]")
    assert run("effect clear @e[tag=dfg]") == "Removed every effect from Armor Stand"
    assert run("tag @e[type=armor_stand] remove dfg") == "Removed tag 'dfg' from Armor Stand"
    # From the console the sound plays at spawn: a player 100 blocks away does not hear it.
    run("tp Steve 100 64 100")
    assert (
        run("playsound minecraft:block.note_block.pling master Steve")
        == "The sound is too far away to be heard"
    )
    assert run("execute at Steve run playsound minecraft:block.note_block.pling master Steve") == (
        "Played sound minecraft:block.note_block.pling to Steve"
    )


def test_bossbar_color_and_style_texts(steve: SimServer) -> None:
    run = steve.run_command
    assert run('bossbar add dfg:t1 "x"') == "Created custom bossbar [x]"
    for prop, value in (("color", "red"), ("style", "notched_10")):
        assert run(f"bossbar set dfg:t1 {prop} {value}") == f"Custom bossbar [x] has changed {prop}"
        assert run(f"bossbar set dfg:t1 {prop} {value}") == (
            f"Nothing changed. That's already the {prop} of this bossbar"
        )


@pytest.mark.parametrize("flavor", ["vanilla", "paper"])
def test_rcon_say_is_logged_not_secure(sim_factory, flavor: str) -> None:  # type: ignore[no-untyped-def]
    """Vanilla 1.19.1+ (and Paper) tag an unsigned `say` in the log; chat shows it untagged (issue 13 #4)."""
    server = sim_factory(flavor=flavor)
    control = ControlClient(server.control_port)
    control.join("Steve", op=True)
    server.run_command("say check 1")
    control.command("Steve", "/say from Steve")  # typed by the player: a signed chat message
    server.run_command("execute as Steve run say as Steve")  # RCON's message: unsigned
    log = server.log_path.read_text("utf-8")
    assert "]: [Not Secure] [Rcon] check 1\n" in log
    assert "]: [Steve] from Steve\n" in log and "[Not Secure] [Steve] from Steve" not in log
    assert "]: [Not Secure] [Steve] as Steve\n" in log
    assert "[Rcon] check 1" in [m["text"] for m in control.player("Steve")["chat"]]
