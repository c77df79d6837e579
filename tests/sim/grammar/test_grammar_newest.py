"""The newest releases' command trees (issue 13 items 2–3): the sim rejects what each real server rejects.

1.21.11 renamed the game rules to snake_case ids (issue 13: on 1.21.11 the daemon's camelCase rules were
unknown, and players saw "Triggered [dfg]" ~300 times a match); 1.21.9 renamed ``chain`` to
``iron_chain``. minecraft-data ships 26.1's tree; 1.21.9 and 1.21.11 are derived from 1.21.6's and 26.1's
(see ``dfg_bridge/sim/grammar/data/README.md``).
"""

from __future__ import annotations

import pytest

from dfg_bridge.model.items import ItemSpec
from dfg_bridge.render import GameRule, dialect_for
from dfg_bridge.render.version import RELEASES
from dfg_bridge.sim.grammar import CommandGrammar, CommandSyntaxError

OLD_RULES = ("1.20.5", "1.21.4", "1.21.6", "1.21.8", "1.21.9", "1.21.10")
SNAKE_RULES = ("1.21.11", "26.1", "26.1.1")


def _parses(version: str, command: str) -> bool:
    try:
        CommandGrammar.for_version(version).parse(command)
    except CommandSyntaxError:
        return False
    return True


@pytest.mark.parametrize("version", OLD_RULES)
def test_camel_case_game_rules_before_1_21_11(version: str) -> None:
    assert _parses(version, "gamerule sendCommandFeedback false")
    assert _parses(version, "gamerule logAdminCommands")
    assert not _parses(version, "gamerule send_command_feedback false")
    assert not _parses(version, "gamerule minecraft:log_admin_commands")


@pytest.mark.parametrize("version", SNAKE_RULES)
def test_snake_case_game_rules_from_1_21_11(version: str) -> None:
    assert _parses(version, "gamerule send_command_feedback false")
    assert _parses(version, "gamerule minecraft:log_admin_commands")
    assert _parses(version, "gamerule command_block_output false")
    assert not _parses(version, "gamerule sendCommandFeedback false")
    assert not _parses(version, "gamerule logAdminCommands")


@pytest.mark.parametrize("version", [str(v) for v in RELEASES])
def test_the_dialect_writes_rules_the_version_knows(version: str) -> None:
    d = dialect_for(version)
    for rule in GameRule:
        assert _parses(version, d.gamerule(rule)), (version, rule)
        assert _parses(version, d.gamerule(rule, False)), (version, rule)


def test_commands_added_in_the_newest_releases() -> None:
    fetch = "fetchprofile name Steve"
    assert not _parses("1.21.8", fetch) and _parses("1.21.9", fetch) and _parses("26.1", fetch)
    assert not _parses("1.21.11", "fetchprofile entity @p") and _parses("26.1", "fetchprofile entity @p")
    watch = "stopwatch create dfg:turn"
    assert not _parses("1.21.10", watch) and _parses("1.21.11", watch) and _parses("26.1", watch)
    test = "execute if stopwatch dfg:turn 1.5.. run say late"
    assert not _parses("1.21.10", test) and _parses("1.21.11", test)
    assert _parses("26.1", "swing @a") and not _parses("1.21.11", "swing @a")


@pytest.mark.parametrize("version", ["1.21.9", "1.21.11", "26.1"])
def test_the_tree_the_daemon_relies_on_is_unchanged(version: str) -> None:
    d = dialect_for(version)
    for command in (
        "scoreboard objectives add dfg trigger",
        'execute as @a[tag=dfg] at @s run tellraw @s {text:"hi"}',
        "data get block 0 64 0 Items",
        "forceload add -9 -9 8 8",
        "fill -9 -64 -9 8 -61 8 minecraft:bedrock outline",
        "execute if blocks -9 -64 -9 7 -64 8 -8 -64 -9 all",
        d.item_to_block((0, 64, 0), "container.0", ItemSpec("chain", 1, tag="x")),
    ):
        assert _parses(version, command), command
