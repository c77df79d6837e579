"""Replies checked against their command (issue 13 §5, §16).

A reply that does not fit its command (another RCON client shares vanilla's console, ARCHITECTURE §9) is
asked again when the command only reads, and never handed on when it writes; the server refusing a
command as malformed is logged once per shape, with the command's shape, and counted.
"""

from __future__ import annotations

import logging

import pytest

from dfg_bridge.app.metrics import DaemonMetrics
from dfg_bridge.rcon import RconClient, RconError, ReplyGuard
from dfg_bridge.rcon.replies import Fit, command_shape, is_read, judge, server_error
from dfg_bridge.sim import SimServer
from dfg_bridge.sim.control import ControlClient
from tests.app.promtext import parse

LIST0 = "There are 0 of a max of 20 players online: "
POLL = "execute as @a[scores={dfg=1..}] run scoreboard players get @s dfg"
BLOCK = '1, 64, 2 has the following block data: [{count: 1, Slot: 0b, id: "minecraft:red_dye"}]'


@pytest.mark.parametrize(
    ("command", "reply", "fit"),
    [
        ("data get block 1 64 2 Items", BLOCK, True),
        ("data get block 1 64 2 Items", "", False),
        ("data get block 1 64 2 Items", LIST0, False),
        ("data get block 1 64 2 Items", BLOCK + LIST0, False),
        ("data get block 1 64 2 Items", BLOCK.replace("1, 64, 2", "1, 64, 3"), False),
        ("data get block 1 64 2 Items", "Found no elements matching Items", True),
        ("data get block 1 64 2 Items", "The target block is not a block entity", True),
        ("data get entity Ann Inventory", "【大富豪】Ann has the following entity data: []", True),
        ("data get entity Ann Inventory", "Bob has the following entity data: []", False),
        ("data get entity Ann Inventory", "JoAnn has the following entity data: []", False),
        ("data get entity Ann Pos", "Ann has the following entity data: [0.5d, 64.0d, 0.5d]", True),
        ("data get entity Ann equipment", "Found no elements matching equipment", True),
        ("data get entity Ann equipment", "Found no elements matching Inventory", False),
        ("data get entity @e[tag=x,limit=1] text", 'Text Display has the following entity data: "a"', True),
        ("list uuids", "There are 2 of a max of 20 players online: Ann (a-1), Bob (b-2)", True),
        ("list uuids", "There are 2 of a max of 20 players online: Ann (a-1)", False),
        ("list uuids", LIST0 + "There are no objectives", False),
        ("list", LIST0, True),
        ("scoreboard players get Ann dfg_cust", "【大富豪】Ann has 3 [dfg_cust]", True),
        ("scoreboard players get Ann dfg_cust", "Can't get value of dfg_cust for Ann; none is set", True),
        ("scoreboard players get Ann dfg_cust", "Bob has 3 [dfg_cust]", False),
        ("scoreboard players get Ann dfg_cust", "", False),
        (POLL, "", True),
        (POLL, "Ann has 105 [dfg]Bob has 2 [dfg]", True),
        (POLL, LIST0, False),
        ("clear Ann *[custom_data~{dfg:{}}] 0", "Found 3 matching item(s) on player Ann", True),
        ("clear Ann *[custom_data~{dfg:{}}] 0", "Removed 3 item(s) from player Ann", False),
        ('tellraw Ann {text:"x"}', "", True),
        ('tellraw Ann {text:"x"}', "No player was found", True),
        ('tellraw Ann {text:"x"}', LIST0, False),
        ("clear Ann *[custom_data~{dfg:{}}]", "Removed 3 item(s) from player Ann", True),
        ("clear Ann *[custom_data~{dfg:{}}]", "", False),
        ("clear Ann *[custom_data~{dfg:{}}]", BLOCK, False),
        ("item replace block 1 64 2 container.0 with air", "", False),
        ("execute unless entity @e[tag=x,limit=1] run summon minecraft:armor_stand", "", True),
        # The hand-screen watch's questions: a chain that stops early says nothing; one test must answer.
        ("execute unless entity @a[tag=t] unless entity @e[type=item]", "", True),
        ("execute unless entity @a[tag=t] unless entity @e[type=item]", "Test failed", True),
        ("execute unless entity @a[tag=t]", "", False),
        ("execute unless entity @a[tag=t] unless entity @e[type=item]", LIST0, False),
        ("give Ann chain 1", "Unknown item 'minecraft:chain'give Ann chain 1<--[HERE]", True),
        ("give Ann chain 1", "Unknown or incomplete command, see below for errorfrobnicate<--[HERE]", False),
    ],
)
def test_judge(command: str, reply: str, fit: bool) -> None:
    assert (judge(command, reply) is Fit.FIT) is fit


def test_what_counts_as_a_read() -> None:
    assert is_read("data get block 1 2 3 Items") and is_read("list uuids")
    assert is_read("execute if entity @a")
    assert not is_read("data merge block 1 2 3 {Items:[]}")
    assert not is_read("execute store result score Ann dfg_cust run clear Ann *")
    assert not is_read("execute as @a run scoreboard players enable @s dfg")


def test_server_error_shapes_leave_out_the_echoed_command() -> None:
    long = 'item replace block 3 64 1 container.15 with chain[custom_name={text:"縛り"}] 1'
    reply = "Unknown item 'minecraft:chain'...er.15 with chain[custom_name={text:\"縛り\"}] 1<--[HERE]"
    assert server_error(long, reply) == "Unknown item 'minecraft:chain'"
    refused = "Incorrect argument for command...rs set Ann<--[HERE]"
    assert server_error("scoreboard players set Ann", refused) == "Incorrect argument for command"
    assert server_error("tellraw Ann {}", "No player was found") is None
    assert server_error("kill @e", "An unexpected error occurred trying to execute that command") is not None
    assert command_shape(long) == "item replace block N N N container.15 with chain[…] N"


class _Script:
    """A fake client answering from a list, recording what it was asked."""

    def __init__(self, *replies: str) -> None:
        self.replies = list(replies)
        self.asked: list[str] = []

    def run(self, command: str) -> str:
        self.asked.append(command)
        return self.replies.pop(0)


def test_a_misfit_read_is_asked_again_and_a_misfit_write_is_dropped() -> None:
    client = _Script("", LIST0, BLOCK, LIST0)
    guard = ReplyGuard(client)
    assert guard.run("data get block 1 64 2 Items") == BLOCK
    assert client.asked == ["data get block 1 64 2 Items"] * 3
    assert guard.run('tellraw Ann {text:"x"}') == ""  # the other client's list, never handed on
    snap = guard.stats.snapshot()
    assert (snap.mixed_reads, snap.mixed_writes, snap.unresolved) == (2, 1, 0)


def test_a_read_that_never_fits_raises_instead_of_answering() -> None:
    guard = ReplyGuard(_Script(*[LIST0] * 4), retries=3)
    with pytest.raises(RconError) as err:
        guard.run("data get entity Ann Inventory")
    assert err.value.code == "mixed_reply" and not err.value.link_lost
    assert guard.stats.snapshot().unresolved == 1


def test_mixups_with_another_client_on_the_sim_are_survived(sim: SimServer) -> None:
    """The daemon's client with its guard, against the sim staging each real-server shape."""
    ctl = ControlClient(sim.control_port)
    sim.run_command("setblock 1 64 2 chest")
    sim.run_command("item replace block 1 64 2 container.0 with red_dye")
    expected = sim.run_command("data get block 1 64 2 Items")
    with RconClient("127.0.0.1", sim.rcon_port, "dfg-sim") as client:
        guard = ReplyGuard(client)
        for shape in ("empty", "swap", "append"):
            ctl.stage_mixup(r"^data get block 1 64 2", shape, command="scoreboard objectives list")
            assert guard.run("data get block 1 64 2 Items") == expected
        ctl.stage_mixup(r"^item replace", "swap", command="list")
        assert guard.run("item replace block 1 64 2 container.1 with blue_dye") == ""
    assert len(ctl.mixups()["happened"]) == 4
    snap = guard.stats.snapshot()
    assert (snap.mixed_reads, snap.mixed_writes) == (3, 1)
    family = parse(DaemonMetrics(replies=guard).exposition())["dfg_rcon_mixed_replies_total"]
    assert family.value("dfg_rcon_mixed_replies_total", kind="read") == 3
    assert family.value("dfg_rcon_mixed_replies_total", kind="write") == 1


def test_server_errors_are_logged_once_per_shape_and_counted(
    sim_factory: object, caplog: pytest.LogCaptureFixture
) -> None:
    sim: SimServer = sim_factory(version="1.21.11")  # type: ignore[operator]
    caplog.set_level(logging.WARNING, logger="dfg_bridge.rcon.replies")
    sim.run_command("setblock 1 64 2 chest")
    with RconClient("127.0.0.1", sim.rcon_port, "dfg-sim") as client:
        guard = ReplyGuard(client)
        for slot in range(5):
            guard.run(f'item replace block 1 64 2 container.{slot} with chain[custom_name={{text:"{slot}"}}]')
        guard.run("setblock 5 64 5 minecraft:chain")
        guard.run('tellraw NoSuchPlayer {text:"x"}')  # a game-state refusal: not a server error
    warnings = [r.getMessage() for r in caplog.records]
    assert len(warnings) == 2, warnings
    assert "Unknown item 'minecraft:chain'" in warnings[0]
    assert "(command: item replace block N N N container.0 with chain[…])" in warnings[0]
    assert "Unknown block type 'minecraft:chain'" in warnings[1]
    errors = parse(DaemonMetrics(replies=guard).exposition())["dfg_server_error_replies_total"]
    assert errors.value("dfg_server_error_replies_total", shape="Unknown item 'minecraft:chain'") == 5
    assert errors.value("dfg_server_error_replies_total", shape="Unknown block type 'minecraft:chain'") == 1
